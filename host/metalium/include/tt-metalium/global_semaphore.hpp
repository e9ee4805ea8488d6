// SPDX-License-Identifier: Apache-2.0
//
// GlobalSemaphore (tt-metalium/global_semaphore.hpp): a semaphore at one L1
// address on each of a set of cores, owned by the host rather than by a
// program, so it outlives programs and several programs can share it.
// Kernels get its address() as an argument and use the semaphore calls on
// it.  Here it is an L1 buffer of one aligned word: the allocator gives it
// the same address on every core.
#pragma once

#include <cstdint>
#include <memory>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {

class IDevice;

class GlobalSemaphore {
public:
	GlobalSemaphore(IDevice *device, const CoreRangeSet &cores, uint32_t initial_value,
			BufferType buffer_type = BufferType::L1);

	IDevice *device() const { return device_; }
	DeviceAddr address() const;
	const CoreRangeSet &cores() const { return cores_; }

	// Set the semaphore on every one of its cores to @value, after what
	// the device's command queue has in flight.
	void reset_semaphore_value(uint32_t value) const;

private:
	std::shared_ptr<Buffer> buffer_;
	IDevice *device_;
	CoreRangeSet cores_;
};

GlobalSemaphore CreateGlobalSemaphore(IDevice *device, const CoreRangeSet &cores,
				      uint32_t initial_value,
				      BufferType buffer_type = BufferType::L1);

} // namespace tt::tt_metal
