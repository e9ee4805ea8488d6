// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's core descriptor header
// (llrt/core_descriptor.hpp).  The tests that include it name nothing of
// it but its includes; the product names per architecture and harvesting
// are given as tt-metal has them.  The core descriptor configs (dispatch
// and fabric cores read from YAML) are not offered: tensix-emu has no
// dispatch cores to reserve.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt_stl/assert.hpp>
#include <umd/device/types/arch.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

namespace tt {

// The product a chip of @arch with @num_harvested_on_axis harvested rows
// (or columns) is.
inline const std::string &get_product_name(tt::ARCH arch, uint32_t num_harvested_on_axis)
{
	static const std::map<tt::ARCH, std::map<uint32_t, std::string>> names = {
		{ tt::ARCH::WORMHOLE_B0,
		  { { 0, "galaxy" }, { 1, "nebula_x1" }, { 2, "nebula_x2" } } },
		{ tt::ARCH::BLACKHOLE,
		  { { 0, "unharvested" }, { 1, "1xharvested" }, { 2, "2xharvested" } } },
	};
	auto a = names.find(arch);
	TT_FATAL(a != names.end(), "get_product_name: no products known for architecture {}",
		 static_cast<int>(arch));
	auto n = a->second.find(num_harvested_on_axis);
	TT_FATAL(n != a->second.end(), "get_product_name: no product has {} harvested row(s)",
		 num_harvested_on_axis);
	return n->second;
}

} // namespace tt
