// SPDX-License-Identifier: Apache-2.0
//
// float8_e4m3 (Fp8_e4m3): sign, 4 exponent bits (bias 7), 3 mantissa bits,
// as the Tensix packer and unpacker use it: no infinities (overflow and
// infinities give the largest finite value, 0x77 with its sign), exponent
// 15 is NaN (0x7F from a float NaN), and no subnormals (values below the
// smallest normal flush to a signed zero, in both directions).  From
// float it rounds to nearest, ties to even.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

class float8_e4m3 {
public:
	constexpr float8_e4m3() = default;
	float8_e4m3(float v) noexcept : bits_(from_float(v)) {}

	operator float() const;
	uint8_t to_bits() const { return bits_; }
	static float8_e4m3 from_bits(uint8_t bits)
	{
		float8_e4m3 f;
		f.bits_ = bits;
		return f;
	}

private:
	static uint8_t from_float(float v);
	uint8_t bits_ = 0;
};

// a in the low byte, d in the high one (little-endian order in memory).
uint32_t pack_four_float8_e4m3_into_uint32(float8_e4m3 a, float8_e4m3 b, float8_e4m3 c,
					   float8_e4m3 d);
std::vector<float8_e4m3> unpack_uint32_vec_into_float8_e4m3_vec(const std::vector<uint32_t> &data);
// num_bytes values uniform in [offset, rand_max_float + offset) from
// mt19937(seed), packed four per word.
std::vector<uint32_t> create_random_vector_of_float8_e4m3(size_t num_bytes, int rand_max_float,
							  int seed, float offset = 0.0f);
