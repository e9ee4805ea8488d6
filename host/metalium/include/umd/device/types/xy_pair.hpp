// SPDX-License-Identifier: Apache-2.0
//
// tt_xy_pair: the (x, y) pair tt-metal's CoreCoord is an alias of.  x is
// the column, y the row; ordering is by x, then y, as in tt-metal.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include <fmt/format.h>

struct tt_xy_pair {
	std::size_t x = 0;
	std::size_t y = 0;

	constexpr tt_xy_pair() = default;
	constexpr tt_xy_pair(std::size_t x_, std::size_t y_) : x(x_), y(y_) {}

	std::string str() const { return fmt::format("(x={},y={})", x, y); }
};

constexpr bool operator==(const tt_xy_pair &a, const tt_xy_pair &b)
{
	return a.x == b.x && a.y == b.y;
}
constexpr bool operator!=(const tt_xy_pair &a, const tt_xy_pair &b)
{
	return !(a == b);
}
constexpr bool operator<(const tt_xy_pair &a, const tt_xy_pair &b)
{
	return a.x < b.x || (a.x == b.x && a.y < b.y);
}

namespace tt {
using xy_pair = tt_xy_pair;
}

template <>
struct std::hash<tt_xy_pair> {
	std::size_t operator()(const tt_xy_pair &p) const noexcept
	{
		return std::hash<std::size_t>()(p.x) * 31u ^ std::hash<std::size_t>()(p.y);
	}
};

template <>
struct fmt::formatter<tt_xy_pair> : fmt::formatter<std::string> {
	template <typename Ctx>
	auto format(const tt_xy_pair &p, Ctx &ctx) const
	{
		return fmt::formatter<std::string>::format(p.str(), ctx);
	}
};
