// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace tt::tt_metal {
// (height, width)
class Shape2D {
public:
	Shape2D(std::size_t h, std::size_t w) : h_(h), w_(w) {}
	Shape2D(const std::pair<std::size_t, std::size_t> &s) : h_(s.first), w_(s.second) {}
	Shape2D(const std::array<std::size_t, 2> &s) : h_(s[0]), w_(s[1]) {}
	Shape2D(const std::array<std::uint32_t, 2> &s) : h_(s[0]), w_(s[1]) {}
	operator std::pair<std::size_t, std::size_t>() const { return { h_, w_ }; }
	operator std::array<std::size_t, 2>() const { return { h_, w_ }; }
	operator std::array<std::uint32_t, 2>() const
	{
		return { static_cast<std::uint32_t>(h_), static_cast<std::uint32_t>(w_) };
	}
	std::size_t height() const { return h_; }
	std::size_t width() const { return w_; }
	bool operator==(const Shape2D &o) const { return h_ == o.h_ && w_ == o.w_; }

private:
	std::size_t h_, w_;
};
} // namespace tt::tt_metal
