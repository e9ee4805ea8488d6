// SPDX-License-Identifier: Apache-2.0
// Test support (README.md): tt-metal's bfloat16 test helpers
// (impl/data_format/bfloat16_utils.hpp), over the package's bfloat16.
// Words hold two bfloat16s, the first in the low half.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt_stl/assert.hpp>

// 0, 1, 2, ... as bfloat16s, num_bytes / 4 words; @print lists them.
inline std::vector<uint32_t> create_arange_vector_of_bfloat16(size_t num_bytes, bool print = true)
{
	std::vector<uint32_t> out(num_bytes / sizeof(uint32_t));
	for (size_t i = 0; i < out.size(); i++) {
		const bfloat16 lo(static_cast<float>(2 * i)), hi(static_cast<float>(2 * i + 1));
		if (print)
			std::cout << 2 * i << " -> " << static_cast<float>(lo) << ", " << 2 * i + 1
				  << " -> " << static_cast<float>(hi) << "\n";
		out[i] = pack_two_bfloat16_into_uint32({ lo, hi });
	}
	return out;
}

inline std::vector<uint16_t> u16_from_u32_vector(const std::vector<uint32_t> &in)
{
	std::vector<uint16_t> out;
	out.reserve(in.size() * 2);
	for (uint32_t w : in) {
		out.push_back(static_cast<uint16_t>(w & 0xFFFF));
		out.push_back(static_cast<uint16_t>(w >> 16));
	}
	return out;
}

inline std::vector<uint32_t> u32_from_u16_vector(const std::vector<uint16_t> &in)
{
	TT_ASSERT(in.size() % 2 == 0);
	std::vector<uint32_t> out;
	out.reserve(in.size() / 2);
	for (size_t i = 0; i + 1 < in.size(); i += 2)
		out.push_back(uint32_t{ in[i] } | uint32_t{ in[i + 1] } << 16);
	return out;
}

// Tile by tile (@tile_print_offset numbers the first), 32 rows of 32 values.
inline void print_vec_of_bfloat16(const std::vector<bfloat16> &vec, int num_tiles,
				  const std::string &name = "", int tile_print_offset = 0)
{
	size_t k = 0;
	for (int t = 0; t < num_tiles; t++) {
		std::cout << name << " tile " << t + tile_print_offset << "\n";
		for (int r = 0; r < 32; r++) {
			for (int c = 0; c < 32; c++)
				std::cout << static_cast<float>(vec.at(k++)) << ", ";
			std::cout << "\n";
		}
		std::cout << "\n";
	}
}

inline void print_vec_of_uint32_as_packed_bfloat16(const std::vector<uint32_t> &vec, int num_tiles,
						   const std::string &name = "",
						   int tile_print_offset = 0)
{
	std::vector<bfloat16> v;
	v.reserve(vec.size() * 2);
	for (size_t i = 0; i < vec.size() && i < static_cast<size_t>(num_tiles) * 512; i++) {
		auto [lo, hi] = unpack_two_bfloat16_from_uint32(vec[i]);
		v.push_back(lo);
		v.push_back(hi);
	}
	print_vec_of_bfloat16(v, num_tiles, name, tile_print_offset);
}

// Every pair of bfloat16s compared as floats; @argfail gets the first
// failing word's index.
inline bool packed_uint32_t_vector_comparison(
	const std::vector<uint32_t> &vec_a, const std::vector<uint32_t> &vec_b,
	const std::function<bool(float, float)> &comparison_function, int *argfail = nullptr)
{
	if (vec_a.size() != vec_b.size()) {
		std::cout << "Sizes don't match, returning false\n";
		return false;
	}
	for (size_t i = 0; i < vec_a.size(); i++) {
		auto [a1, a2] = unpack_two_bfloat16_from_uint32(vec_a[i]);
		auto [b1, b2] = unpack_two_bfloat16_from_uint32(vec_b[i]);
		if (!comparison_function(static_cast<float>(a1), static_cast<float>(b1)) ||
		    !comparison_function(static_cast<float>(a2), static_cast<float>(b2))) {
			if (argfail) {
				*argfail = static_cast<int>(i);
				std::cout << "word " << i << ": " << static_cast<float>(a1) << ", "
					  << static_cast<float>(a2) << " vs "
					  << static_cast<float>(b1) << ", "
					  << static_cast<float>(b2) << "\n";
			}
			return false;
		}
	}
	return true;
}
