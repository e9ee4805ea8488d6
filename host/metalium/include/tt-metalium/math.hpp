// SPDX-License-Identifier: Apache-2.0
// Integer helpers: ceiling division and rounding to multiples.
#pragma once

#include <cassert>
#include <type_traits>

namespace tt {

template <typename A, typename B>
constexpr auto div_up(A a, B b) noexcept -> std::common_type_t<A, B>
{
	using T = std::common_type_t<A, B>;
	assert(b != 0 && "div_up by zero");
	return static_cast<T>((static_cast<T>(a) + static_cast<T>(b) - 1) / static_cast<T>(b));
}

template <typename A, typename B>
constexpr auto round_up(A a, B b)
{
	using T = std::common_type_t<A, B>;
	return static_cast<T>(b) * div_up(static_cast<T>(a), static_cast<T>(b));
}

template <typename A, typename B>
constexpr auto round_down(A a, B b)
{
	using T = std::common_type_t<A, B>;
	return static_cast<T>(b) * (static_cast<T>(a) / static_cast<T>(b));
}

} // namespace tt
