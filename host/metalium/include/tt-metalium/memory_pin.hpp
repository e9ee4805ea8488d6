// SPDX-License-Identifier: Apache-2.0
//
// MemoryPin: keeps memory someone else owns alive while a HostBuffer
// (host_buffer.hpp) borrows it.  Each pin holds one reference: making or
// copying a pin calls the owner's increment, dropping one its decrement;
// a pin made from a shared_ptr holds a copy of it.  Callbacks added with
// add_final_release_callback run once, when the last of a pin and its
// copies lets go, just before that last decrement.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace tt::tt_metal {

class MemoryPin {
public:
	MemoryPin() = default;
	MemoryPin(std::function<void()> increment_ref_count,
		  std::function<void()> decrement_ref_count);
	MemoryPin(std::shared_ptr<void> resource);
	~MemoryPin();

	MemoryPin(const MemoryPin &other);
	MemoryPin &operator=(const MemoryPin &other);
	MemoryPin(MemoryPin &&other) noexcept;
	MemoryPin &operator=(MemoryPin &&other) noexcept;

	void add_final_release_callback(std::function<void()> callback);

	// An empty pin (default-made or moved from) compares equal to nullptr.
	friend bool operator==(const MemoryPin &pin, std::nullptr_t) noexcept;
	friend bool operator==(std::nullptr_t, const MemoryPin &pin) noexcept;
	friend bool operator!=(const MemoryPin &pin, std::nullptr_t) noexcept;
	friend bool operator!=(std::nullptr_t, const MemoryPin &pin) noexcept;

private:
	// What a pin and its copies share: the callbacks for the last release.
	struct Shared {
		std::vector<std::function<void()>> on_final_release;
	};

	void take();
	void release();

	std::function<void()> inc_;
	std::function<void()> dec_;
	std::shared_ptr<Shared> shared_;
};

} // namespace tt::tt_metal
