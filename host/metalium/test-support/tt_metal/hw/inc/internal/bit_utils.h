// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's dense bit-array helpers
// (tt_metal/hw/inc/internal/bit_utils.h).  A packed array stores elements
// of @bits bits (1 to 31) back to back in 32-bit words, the first element
// in the least significant bits of the first word; an element may straddle
// two words.  Neither function checks the arrays' lengths: the caller
// gives arrays large enough (ceil(count * bits / 32) packed words).
#pragma once

#include <cstdint>

// Unpack @num_dest_elements elements of @src_element_bits bits from
// @src_array into one uint32_t each of @dest_array.
inline void extract_bit_array(const uint32_t *src_array, int src_element_bits, uint32_t *dest_array,
			      int num_dest_elements)
{
	const uint64_t mask = (uint64_t{ 1 } << src_element_bits) - 1;
	for (int i = 0; i < num_dest_elements; i++) {
		const uint64_t bit = static_cast<uint64_t>(i) * src_element_bits;
		const uint64_t word = bit / 32;
		const unsigned shift = bit % 32;
		uint64_t window = src_array[word];
		if (shift + src_element_bits > 32)
			window |= static_cast<uint64_t>(src_array[word + 1]) << 32;
		dest_array[i] = static_cast<uint32_t>((window >> shift) & mask);
	}
}

// Pack the low @src_element_bits bits of each of @num_src_elements
// elements of @src_array densely into @dest_array; every word written is
// cleared first.
inline void pack_bit_array(const uint32_t *src_array, int src_element_bits, uint32_t *dest_array,
			   int num_src_elements)
{
	const uint64_t total_bits = static_cast<uint64_t>(num_src_elements) * src_element_bits;
	for (uint64_t w = 0; w < (total_bits + 31) / 32; w++)
		dest_array[w] = 0;
	const uint64_t mask = (uint64_t{ 1 } << src_element_bits) - 1;
	for (int i = 0; i < num_src_elements; i++) {
		const uint64_t bit = static_cast<uint64_t>(i) * src_element_bits;
		const uint64_t word = bit / 32;
		const unsigned shift = bit % 32;
		const uint64_t v = (src_array[i] & mask) << shift;
		dest_array[word] |= static_cast<uint32_t>(v);
		if (shift + src_element_bits > 32)
			dest_array[word + 1] |= static_cast<uint32_t>(v >> 32);
	}
}
