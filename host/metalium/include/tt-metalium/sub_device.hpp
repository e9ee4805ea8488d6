// SPDX-License-Identifier: Apache-2.0
//
// SubDevice: a set of cores per programmable core type.  tensix-emu keeps
// sub-device configurations (MeshDevice::create_sub_device_manager and
// friends) and answers worker_cores() per sub-device, but runs every
// program in queue order on the whole device: sub-devices do not run
// concurrently here.
#pragma once

#include <array>
#include <cstdint>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class SubDevice {
public:
	// cores[i] for HalProgrammableCoreType i (TENSIX first); missing types are empty.
	explicit SubDevice(ttsl::Span<const CoreRangeSet> cores);
	const CoreRangeSet &cores(HalProgrammableCoreType core_type) const;

private:
	std::array<CoreRangeSet, 3> cores_;
};

} // namespace tt::tt_metal
