// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): UMD's cluster descriptor, as the tests read
// it: which chips there are and their architecture.
#pragma once

#include <memory>
#include <unordered_set>

#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <umd/device/types/arch.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

namespace tt::umd {

class ClusterDescriptor {
public:
	std::unordered_set<ChipId> get_all_chips() const
	{
		std::unordered_set<ChipId> s;
		for (size_t i = 0; i < tt::tt_metal::GetNumAvailableDevices(); i++)
			s.insert(static_cast<ChipId>(i));
		return s;
	}
	tt::ARCH get_arch(ChipId) const { return tt::tt_metal::hal::get_arch(); }
};

class Cluster {
public:
	static std::unique_ptr<ClusterDescriptor> create_cluster_descriptor()
	{
		return std::make_unique<ClusterDescriptor>();
	}
};

} // namespace tt::umd
