// SPDX-License-Identifier: Apache-2.0
// tt::align(addr, alignment): addr rounded up to a multiple of a power of two.
#pragma once

#include <cstdint>
#include <type_traits>

namespace tt {
template <typename A, typename B>
constexpr std::common_type_t<A, B> align(A addr, B alignment)
{
	static_assert(std::is_integral_v<A> && std::is_integral_v<B>, "align() takes integers");
	using T = std::common_type_t<A, B>;
	return ((static_cast<T>(addr) - 1) | (static_cast<T>(alignment) - 1)) + 1;
}
} // namespace tt
