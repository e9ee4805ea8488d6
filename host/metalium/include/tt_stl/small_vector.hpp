// SPDX-License-Identifier: Apache-2.0
//
// ttsl::SmallVector (tt::stl::SmallVector): tt-metal's vector that keeps
// its first few elements inline.  Here it is a std::vector under that
// name, the inline capacity a template argument kept for source
// compatibility only: the emulator does not feel the allocation, and
// std::vector's contiguous iterators let a SmallVector convert to
// ttsl::Span as tt-metal's does (boost's small_vector would not).  The
// namespace tt::stl (tt_stl/span.hpp) names it too.
// Unlike tt-metal's, SmallVector<bool> is std::vector<bool>: no data().
#pragma once

#include <cstddef>
#include <vector>

#include <tt_stl/span.hpp>

namespace ttsl {

inline constexpr std::size_t SMALL_VECTOR_SIZE = 8;

template <typename T, std::size_t PREALLOCATED_SIZE = SMALL_VECTOR_SIZE>
struct SmallVector : public std::vector<T> {
	using std::vector<T>::vector;
};

} // namespace ttsl
