// SPDX-License-Identifier: Apache-2.0
//
// One-byte formats on the host: float8_e4m3 conversions (float8.hpp) and
// packing and random vectors of Fp8_e4m3, Int8 and UInt8 values.
#include <bit>
#include <cmath>
#include <random>

#include <tt-metalium/float8.hpp>
#include <tt-metalium/int8.hpp>
#include <tt-metalium/uint8.hpp>
#include <tt_stl/assert.hpp>

namespace {

constexpr int FP8_BIAS = 7;
constexpr int FP8_MAX_EXP = 14; // 15 is NaN
constexpr uint8_t FP8_MAX_FINITE = 0x77;
constexpr uint8_t FP8_NAN = 0x7F;

uint32_t pack_four_bytes(uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
	return uint32_t{ a } | uint32_t{ b } << 8 | uint32_t{ c } << 16 | uint32_t{ d } << 24;
}

} // namespace

uint8_t float8_e4m3::from_float(float v)
{
	if (std::isnan(v))
		return FP8_NAN;
	const uint32_t u = std::bit_cast<uint32_t>(v);
	const auto sign = static_cast<uint8_t>((u >> 31) << 7);
	if (std::isinf(v))
		return sign | FP8_MAX_FINITE;
	const int exp8 = static_cast<int>((u >> 23) & 0xFF);
	if (exp8 == 0)
		return sign; // zero or a float denormal
	int exp = exp8 - 127 + FP8_BIAS;
	if (exp > FP8_MAX_EXP)
		return sign | FP8_MAX_FINITE;
	if (exp <= 0)
		return sign; // below the smallest normal: no subnormals
	const uint32_t frac = u & 0x7FFFFF;
	uint32_t man = frac >> 20;
	const uint32_t rest = frac & 0xFFFFF; // the 20 bits dropped
	if (rest > 0x80000 || (rest == 0x80000 && (man & 1))) {
		if (++man == 8) {
			man = 0;
			if (++exp > FP8_MAX_EXP)
				return sign | FP8_MAX_FINITE;
		}
	}
	return static_cast<uint8_t>(sign | exp << 3 | man);
}

float8_e4m3::operator float() const
{
	const uint32_t sign = uint32_t{ bits_ } >> 7;
	const uint32_t exp = (bits_ >> 3) & 0xF;
	const uint32_t man = bits_ & 0x7;
	if (exp == 15)
		return std::nanf("");
	if (exp == 0)
		return sign ? -0.0f : 0.0f; // subnormals flush
	return std::bit_cast<float>(sign << 31 | (exp - FP8_BIAS + 127) << 23 | man << 20);
}

uint32_t pack_four_float8_e4m3_into_uint32(float8_e4m3 a, float8_e4m3 b, float8_e4m3 c,
					   float8_e4m3 d)
{
	return pack_four_bytes(a.to_bits(), b.to_bits(), c.to_bits(), d.to_bits());
}

std::vector<float8_e4m3> unpack_uint32_vec_into_float8_e4m3_vec(const std::vector<uint32_t> &data)
{
	std::vector<float8_e4m3> out;
	out.reserve(data.size() * 4);
	for (uint32_t w : data)
		for (int i = 0; i < 4; i++)
			out.push_back(float8_e4m3::from_bits(static_cast<uint8_t>(w >> (8 * i))));
	return out;
}

std::vector<uint32_t> create_random_vector_of_float8_e4m3(size_t num_bytes, int rand_max_float,
							  int seed, float offset)
{
	TT_FATAL(num_bytes % 4 == 0,
		 "create_random_vector_of_float8_e4m3: {} bytes are not whole words", num_bytes);
	std::mt19937 gen(seed);
	std::uniform_real_distribution<float> dist(0, static_cast<float>(rand_max_float));
	std::vector<uint32_t> out(num_bytes / 4);
	for (auto &w : out) {
		// One statement per value: the order the generator is drawn in.
		float8_e4m3 a(dist(gen) + offset);
		float8_e4m3 b(dist(gen) + offset);
		float8_e4m3 c(dist(gen) + offset);
		float8_e4m3 d(dist(gen) + offset);
		w = pack_four_float8_e4m3_into_uint32(a, b, c, d);
	}
	return out;
}

uint32_t pack_four_int8_into_uint32(int8_t a, int8_t b, int8_t c, int8_t d)
{
	return pack_four_bytes(static_cast<uint8_t>(a), static_cast<uint8_t>(b),
			       static_cast<uint8_t>(c), static_cast<uint8_t>(d));
}

std::vector<uint32_t> create_random_vector_of_int8(size_t num_bytes, int seed)
{
	TT_FATAL(num_bytes % 4 == 0, "create_random_vector_of_int8: {} bytes are not whole words",
		 num_bytes);
	std::mt19937 gen(seed);
	std::uniform_int_distribution<int> dist(-127, 127);
	std::vector<uint32_t> out(num_bytes / 4);
	for (auto &w : out) {
		auto a = static_cast<int8_t>(dist(gen));
		auto b = static_cast<int8_t>(dist(gen));
		auto c = static_cast<int8_t>(dist(gen));
		auto d = static_cast<int8_t>(dist(gen));
		w = pack_four_int8_into_uint32(a, b, c, d);
	}
	return out;
}

uint32_t pack_four_uint8_into_uint32(uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
	return pack_four_bytes(a, b, c, d);
}

std::vector<uint32_t> create_random_vector_of_uint8(size_t num_bytes, int seed)
{
	TT_FATAL(num_bytes % 4 == 0, "create_random_vector_of_uint8: {} bytes are not whole words",
		 num_bytes);
	std::mt19937 gen(seed);
	std::uniform_int_distribution<uint32_t> dist(0, 0xFFFFFFFFu);
	std::vector<uint32_t> out(num_bytes / 4);
	for (auto &w : out)
		w = dist(gen);
	return out;
}
