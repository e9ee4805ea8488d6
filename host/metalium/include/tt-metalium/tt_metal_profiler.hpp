// SPDX-License-Identifier: Apache-2.0
//
// The device profiler's host side.  tensix-emu records kernel profiler
// zones (DeviceZoneScopedN and friends) in its timeline trace
// (TT_EMU_TRACE=<file>, docs/trace.md) as the kernels run; there is no
// device buffer to read back and no CSV.  The read calls wait for the
// device's queue, so the trace holds every zone of the work before them.
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
