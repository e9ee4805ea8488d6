// SPDX-License-Identifier: Apache-2.0
// tt-metal's "detail" entry points that act on one device.
#pragma once

#include <memory>
#include <vector>

#include <tt-metalium/host_api.hpp>

namespace tt::tt_metal::detail {

// Run @program on @device now and wait for it (slow dispatch).
void LaunchProgram(IDevice *device, Program &program, bool wait_until_cores_done = true,
		   bool force_slow_dispatch = false);
void LaunchProgram(IDevice *device, const std::shared_ptr<Program> &program,
		   bool wait_until_cores_done = true, bool force_slow_dispatch = false);
void WaitProgramDone(IDevice *device, Program &program, bool read_device_profiler_results = true);
// Build every kernel of @program for @device.
void CompileProgram(IDevice *device, Program &program, bool force_slow_dispatch = false);
void WriteToBuffer(Buffer &buffer, ttsl::Span<const uint8_t> host_buffer);
void ReadFromBuffer(Buffer &buffer, uint8_t *host_buffer);
template <typename T>
void WriteToBuffer(Buffer &buffer, const std::vector<T> &host_buffer)
{
	WriteToBuffer(buffer, ttsl::Span<const uint8_t>(
				      reinterpret_cast<const uint8_t *>(host_buffer.data()),
				      host_buffer.size() * sizeof(T)));
}
template <typename T>
void ReadFromBuffer(Buffer &buffer, std::vector<T> &host_buffer)
{
	host_buffer.resize(buffer.size() / sizeof(T));
	ReadFromBuffer(buffer, reinterpret_cast<uint8_t *>(host_buffer.data()));
}
template <typename T>
void WriteToBuffer(const std::shared_ptr<Buffer> &buffer, const std::vector<T> &host_buffer)
{
	WriteToBuffer(*buffer, host_buffer);
}
template <typename T>
void ReadFromBuffer(const std::shared_ptr<Buffer> &buffer, std::vector<T> &host_buffer)
{
	ReadFromBuffer(*buffer, host_buffer);
}
bool WriteToDeviceL1(IDevice *device, const CoreCoord &logical_core, uint32_t address,
		     const std::vector<uint32_t> &host_buffer);
bool ReadFromDeviceL1(IDevice *device, const CoreCoord &logical_core, uint32_t address,
		      uint32_t size, std::vector<uint32_t> &host_buffer);

} // namespace tt::tt_metal::detail
