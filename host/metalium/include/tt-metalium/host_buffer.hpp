// SPDX-License-Identifier: Apache-2.0
//
// HostBuffer: host memory holding elements of one type, either owned (a
// std::vector the buffer keeps alive) or borrowed (a span kept alive by a
// MemoryPin, memory_pin.hpp).  Copies share the memory.  view_as<T>()
// reads it as T and throws for any other type than it was made with.
//
// experimental::PinnedMemory::Create attaches the pin it makes to the
// buffer (and its copies made afterwards); transfers of the buffer then
// may go through the pinned memory (experimental/pinned_memory.hpp).
#pragma once

#include <cstddef>
#include <memory>
#include <typeinfo>
#include <utility>
#include <vector>

#include <tt-metalium/memory_pin.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class HostBuffer;
namespace experimental {
class PinnedMemory;
std::shared_ptr<PinnedMemory> HostBufferGetPinnedMemory(HostBuffer &host_buffer);
void HostBufferSetPinnedMemory(HostBuffer &host_buffer,
			       std::shared_ptr<PinnedMemory> pinned_memory);
} // namespace experimental

class HostBuffer {
public:
	HostBuffer() = default;
	~HostBuffer() = default;

	// Owned: the buffer keeps @data.
	template <typename T>
	explicit HostBuffer(const std::shared_ptr<std::vector<T>> &data)
	    : pin_(data),
	      view_(reinterpret_cast<std::byte *>(data->data()), data->size() * sizeof(T)),
	      type_(&typeid(T))
	{}
	template <typename T>
	explicit HostBuffer(std::vector<T> &&data)
	    : HostBuffer(std::make_shared<std::vector<T>>(std::move(data)))
	{}
	template <typename T>
	explicit HostBuffer(const std::vector<T> &data)
	    : HostBuffer(std::make_shared<std::vector<T>>(data))
	{}

	// Borrowed: @pin keeps @borrowed_data alive.
	template <typename T>
	HostBuffer(ttsl::Span<T> borrowed_data, MemoryPin pin)
	    : pin_(std::move(pin)), view_(reinterpret_cast<std::byte *>(borrowed_data.data()),
					  borrowed_data.size_bytes()),
	      type_(&typeid(T))
	{}

	HostBuffer(const HostBuffer &other) = default;
	HostBuffer &operator=(const HostBuffer &other);
	HostBuffer(HostBuffer &&other) noexcept;
	HostBuffer &operator=(HostBuffer &&other) noexcept;
	void swap(HostBuffer &other) noexcept;

	ttsl::Span<std::byte> view_bytes() &noexcept { return view_; }
	ttsl::Span<const std::byte> view_bytes() const &noexcept { return view_; }
	// A view of a temporary would outlive its memory.
	ttsl::Span<std::byte> view_bytes() &&noexcept = delete;
	ttsl::Span<const std::byte> view_bytes() const &&noexcept = delete;

	template <typename T>
	ttsl::Span<T> view_as() &
	{
		check_type(typeid(T));
		return ttsl::Span<T>(reinterpret_cast<T *>(view_.data()), view_.size() / sizeof(T));
	}
	template <typename T>
	ttsl::Span<const T> view_as() const &
	{
		check_type(typeid(T));
		return ttsl::Span<const T>(reinterpret_cast<const T *>(view_.data()),
					   view_.size() / sizeof(T));
	}
	template <typename T>
	ttsl::Span<T> view_as() && = delete;
	template <typename T>
	ttsl::Span<const T> view_as() const && = delete;

	MemoryPin pin() const { return pin_; }

private:
	// A default-made buffer has no type and reads as any.
	void check_type(const std::type_info &t) const
	{
		TT_FATAL(!type_ || *type_ == t,
			 "HostBuffer holds {}, read as {}: view it as the type it was made with",
			 type_->name(), t.name());
	}

	friend std::shared_ptr<experimental::PinnedMemory>
	experimental::HostBufferGetPinnedMemory(HostBuffer &host_buffer);
	friend void experimental::HostBufferSetPinnedMemory(
		HostBuffer &host_buffer, std::shared_ptr<experimental::PinnedMemory> pinned_memory);

	MemoryPin pin_;
	ttsl::Span<std::byte> view_;
	const std::type_info *type_ = nullptr;
	std::shared_ptr<experimental::PinnedMemory> pinned_memory_;
};

// Equal when they hold the same bytes.
bool operator==(const HostBuffer &a, const HostBuffer &b) noexcept;
bool operator!=(const HostBuffer &a, const HostBuffer &b) noexcept;

void swap(HostBuffer &a, HostBuffer &b) noexcept;

} // namespace tt::tt_metal
