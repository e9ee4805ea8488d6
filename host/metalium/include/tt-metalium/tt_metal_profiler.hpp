// SPDX-License-Identifier: Apache-2.0
//
// The device profiler's host side.  tensix-emu records kernel profiler
// zones (DeviceZoneScopedN and friends) in its timeline trace
// (TT_EMU_TRACE=<file>, docs/trace.md) as the kernels run.  The read calls
// wait for the device's queue, so the trace holds every zone of the work
// before them; with TT_METAL_DEVICE_PROFILER=1 they also append the
// markers set since the last read to tt-metal's profile_log_device.csv
// (closing the device writes the rest), as tt-metal does.
#pragma once

#include <optional>
#include <string>

#include <tt-metalium/profiler_optional_metadata.hpp>
#include <tt-metalium/profiler_types.hpp>

namespace tt::tt_metal {

class IDevice;
namespace distributed {
class MeshDevice;
}

void ReadMeshDeviceProfilerResults(distributed::MeshDevice &mesh_device,
				   ProfilerReadState state = ProfilerReadState::NORMAL,
				   const std::optional<ProfilerOptionalMetadata> &metadata = {});

namespace detail {
void ReadDeviceProfilerResults(IDevice *device, ProfilerReadState state = ProfilerReadState::NORMAL,
			       const std::optional<ProfilerOptionalMetadata> &metadata = {});
} // namespace detail

} // namespace tt::tt_metal
