// SPDX-License-Identifier: Apache-2.0
// tt-metal's "detail" entry points that act on one device.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
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
// Check @program's runtime args (counts, cores) and hand them to the
// device's next launch of it: on tensix-emu a launch writes them into L1
// with the rest of the kernel-config blob (docs/decisions.md, "Runtime arg
// counts sit before the args"), so there is no separate write.  Waits for
// the program in flight first, as a slow-dispatch write would.
void WriteRuntimeArgsToDevice(IDevice *device, Program &program, bool force_slow_dispatch = false);

// Raw DRAM access: @dram_channel is a DRAM bank (one channel per bank on
// the emulated chips, num_dram_channels()), @address an offset in it.
// False, with nothing copied, for a channel or span the chip does not have.
bool WriteToDeviceDRAMChannel(IDevice *device, int dram_channel, uint32_t address,
			      std::span<const uint8_t> host_buffer);
bool WriteToDeviceDRAMChannel(IDevice *device, int dram_channel, uint32_t address,
			      const std::vector<uint32_t> &host_buffer);
bool ReadFromDeviceDRAMChannel(IDevice *device, int dram_channel, uint32_t address,
			       std::span<uint8_t> host_buffer);
// Reads @size bytes; @host_buffer is resized to hold them.
bool ReadFromDeviceDRAMChannel(IDevice *device, int dram_channel, uint32_t address, uint32_t size,
			       std::vector<uint32_t> &host_buffer);

// Raw L1 access on a worker (CoreType::WORKER) or an ethernet core
// (CoreType::ETH, logical (0, channel)); false for a span outside its L1.
bool WriteToDeviceL1(IDevice *device, const CoreCoord &logical_core, uint32_t address,
		     std::span<const uint8_t> host_buffer, CoreType core_type = CoreType::WORKER);
bool WriteToDeviceL1(IDevice *device, const CoreCoord &logical_core, uint32_t address,
		     const std::vector<uint32_t> &host_buffer,
		     CoreType core_type = CoreType::WORKER);
bool ReadFromDeviceL1(IDevice *device, const CoreCoord &logical_core, uint32_t address,
		      std::span<uint8_t> host_buffer, CoreType core_type = CoreType::WORKER);
// Reads @size bytes; @host_buffer is resized to hold them.
bool ReadFromDeviceL1(IDevice *device, const CoreCoord &logical_core, uint32_t address,
		      uint32_t size, std::vector<uint32_t> &host_buffer,
		      CoreType core_type = CoreType::WORKER);

} // namespace tt::tt_metal::detail
