// SPDX-License-Identifier: Apache-2.0
//
// ttsl::aligned_allocator: a std::allocator whose memory starts at a
// multiple of Alignment bytes (vector_aligned, host buffers that a
// device's DMA reads).
#pragma once

#include <cstddef>
#include <limits>
#include <new>

#include <tt_stl/span.hpp> // namespace tt::stl, which names ttsl's types too

namespace ttsl {

template <typename T, std::size_t Alignment = alignof(T)>
class aligned_allocator {
public:
	static_assert(Alignment >= alignof(T), "Alignment is at least T's own");
	static constexpr std::align_val_t alignment{ Alignment };

	using value_type = T;
	using size_type = std::size_t;
	using difference_type = std::ptrdiff_t;

	template <typename U>
	struct rebind {
		using other = aligned_allocator<U, Alignment>;
	};

	constexpr aligned_allocator() noexcept = default;
	template <typename U>
	constexpr aligned_allocator(const aligned_allocator<U, Alignment> &) noexcept
	{}

	[[nodiscard]] T *allocate(std::size_t n) const
	{
		if (n > max_size())
			throw std::bad_array_new_length();
		if (n == 0)
			return nullptr;
		return static_cast<T *>(::operator new[](n * sizeof(T), alignment));
	}
	void deallocate(T *p, std::size_t n) const noexcept
	{
		::operator delete[](p, n * sizeof(T), alignment);
	}
	[[nodiscard]] size_type max_size() const noexcept
	{
		return std::numeric_limits<size_type>::max() / sizeof(T);
	}
};

template <typename T, typename U, std::size_t A>
constexpr bool operator==(const aligned_allocator<T, A> &, const aligned_allocator<U, A> &) noexcept
{
	return true;
}

} // namespace ttsl
