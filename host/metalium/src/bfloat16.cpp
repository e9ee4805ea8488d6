// SPDX-License-Identifier: Apache-2.0
// bfloat16 helpers: vectors of random, constant and identity values, packing.
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>

#include <tt-metalium/bfloat16.hpp>
#include <tt_stl/assert.hpp>

bfloat16 bfloat16::truncate(float f)
{
	return std::bit_cast<bfloat16>(static_cast<uint16_t>(std::bit_cast<uint32_t>(f) >> 16));
}

std::ostream &operator<<(std::ostream &os, const bfloat16 &v)
{
	return os << std::bit_cast<uint16_t>(v);
}

bool operator==(const std::vector<bfloat16> &lhs, const std::vector<bfloat16> &rhs)
{
	if (lhs.size() != rhs.size())
		return false;
	return lhs.empty() ||
	       std::memcmp(lhs.data(), rhs.data(), lhs.size() * sizeof(bfloat16)) == 0;
}

uint32_t pack_two_bfloat16_into_uint32(std::pair<bfloat16, bfloat16> two)
{
	return static_cast<uint32_t>(std::bit_cast<uint16_t>(two.first)) |
	       (static_cast<uint32_t>(std::bit_cast<uint16_t>(two.second)) << 16);
}

std::pair<bfloat16, bfloat16> unpack_two_bfloat16_from_uint32(uint32_t packed)
{
	return { std::bit_cast<bfloat16>(static_cast<uint16_t>(packed & 0xFFFF)),
		 std::bit_cast<bfloat16>(static_cast<uint16_t>(packed >> 16)) };
}

std::vector<bfloat16> create_random_vector_of_bfloat16_native(size_t num_bytes,
							      float rand_max_float, int seed,
							      float offset)
{
	std::mt19937 gen(seed);
	std::uniform_real_distribution<float> dist(0, rand_max_float);
	std::vector<bfloat16> v(num_bytes / sizeof(bfloat16));
	for (auto &e : v)
		e = bfloat16(dist(gen) + offset);
	return v;
}

std::vector<uint32_t> create_random_vector_of_bfloat16(size_t num_bytes, int rand_max_float,
						       int seed, float offset)
{
	std::mt19937 gen(seed);
	std::uniform_real_distribution<float> dist(0, static_cast<float>(rand_max_float));
	std::vector<uint32_t> v(num_bytes / sizeof(uint32_t));
	for (auto &e : v) {
		bfloat16 a(dist(gen) + offset);
		bfloat16 b(dist(gen) + offset);
		e = pack_two_bfloat16_into_uint32({ a, b });
	}
	return v;
}

std::vector<uint32_t> create_constant_vector_of_bfloat16(size_t num_bytes, float value)
{
	const size_t n = std::max<size_t>(1, num_bytes / sizeof(uint32_t));
	std::vector<uint32_t> v(n);
	for (auto &e : v)
		e = pack_two_bfloat16_into_uint32(
			{ bfloat16(value), n == 1 ? bfloat16(0.0f) : bfloat16(value) });
	return v;
}

std::vector<bfloat16> create_identity_matrix(int rows, int cols, int num_ones)
{
	std::vector<bfloat16> v(static_cast<size_t>(rows) * cols, bfloat16(0.0f));
	for (int i = 0; i < num_ones; i++)
		v.at(static_cast<size_t>(i) * cols + i) = bfloat16(1.0f);
	return v;
}

std::vector<uint32_t> pack_bfloat16_vec_into_uint32_vec(const std::vector<bfloat16> &data)
{
	TT_FATAL(data.size() % 2 == 0, "packing an odd number ({}) of bfloat16 values",
		 data.size());
	std::vector<uint32_t> out(data.size() / 2);
	std::memcpy(out.data(), data.data(), out.size() * sizeof(uint32_t));
	return out;
}

bfloat16 bfloat16_identity_transform(const bfloat16 &input)
{
	return input;
}

std::vector<bfloat16>
unpack_uint32_vec_into_bfloat16_vec(const std::vector<uint32_t> &data,
				    const std::function<bfloat16(const bfloat16 &)> &transform)
{
	std::vector<bfloat16> out;
	out.reserve(data.size() * 2);
	for (uint32_t w : data) {
		auto [a, b] = unpack_two_bfloat16_from_uint32(w);
		out.push_back(transform(a));
		out.push_back(transform(b));
	}
	return out;
}

bool equal_within_n_sig_figs(float a, float b, int n)
{
	if (a == b)
		return true;
	if (a == 0 || b == 0 || !std::isfinite(a) || !std::isfinite(b))
		return false;
	// Compare after scaling both to n significant digits of the larger.
	int e = static_cast<int>(std::floor(std::log10(std::max(std::fabs(a), std::fabs(b)))));
	double scale = std::pow(10.0, n - 1 - e);
	return std::llround(a * scale) == std::llround(b * scale);
}

bool is_close(float a, float b, float rtol, float atol)
{
	return std::fabs(a - b) <= atol + rtol * std::fabs(b);
}
