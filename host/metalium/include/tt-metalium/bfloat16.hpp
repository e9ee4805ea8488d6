// SPDX-License-Identifier: Apache-2.0
//
// bfloat16: the top 16 bits of an IEEE float.  From float it rounds to
// nearest, ties to even, and every NaN becomes the quiet NaN 0x7FC0, as
// tt-metal does; to float it is exact.  == and <=> compare the float
// values.  The helpers below make, pack and unpack vectors of them.
#pragma once

#include <bit>
#include <compare>
#include <cstdint>
#include <functional>
#include <ostream>
#include <type_traits>
#include <utility>
#include <vector>

class bfloat16 {
public:
	constexpr bfloat16() = default;

	template <class T>
	requires std::is_arithmetic_v<T>
	constexpr bfloat16(T v) noexcept : bits_(from_float(static_cast<float>(v))) {}

	// The top half of @f, without rounding.
	static bfloat16 truncate(float f);

	constexpr operator float() const
	{
		return std::bit_cast<float>(static_cast<uint32_t>(bits_) << 16);
	}

	constexpr bool operator==(bfloat16 rhs) const
	{
		return static_cast<float>(*this) == static_cast<float>(rhs);
	}
	constexpr std::partial_ordering operator<=>(bfloat16 rhs) const noexcept
	{
		return static_cast<float>(*this) <=> static_cast<float>(rhs);
	}

	bfloat16 &operator+=(bfloat16 rhs) noexcept { return *this = *this + rhs; }
	bfloat16 &operator-=(bfloat16 rhs) noexcept { return *this = *this - rhs; }
	bfloat16 &operator*=(bfloat16 rhs) noexcept { return *this = *this * rhs; }
	bfloat16 &operator/=(bfloat16 rhs) noexcept { return *this = *this / rhs; }
	bfloat16 operator+(bfloat16 rhs) const { return bfloat16(float(*this) + float(rhs)); }
	bfloat16 operator-(bfloat16 rhs) const { return bfloat16(float(*this) - float(rhs)); }
	bfloat16 operator*(bfloat16 rhs) const { return bfloat16(float(*this) * float(rhs)); }
	bfloat16 operator/(bfloat16 rhs) const { return bfloat16(float(*this) / float(rhs)); }

	static constexpr uint16_t from_float(float f)
	{
		uint32_t u = std::bit_cast<uint32_t>(f);
		if ((u & 0x7F800000u) == 0x7F800000u && (u & 0x007FFFFFu) != 0)
			return 0x7FC0;
		return static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
	}

private:
	uint16_t bits_ = 0;
};

static_assert(sizeof(bfloat16) == 2, "bfloat16 is two bytes, as on the device");

// Prints the raw 16 bits, as tt-metal does.
std::ostream &operator<<(std::ostream &os, const bfloat16 &v);
// Bitwise equality of two vectors.
bool operator==(const std::vector<bfloat16> &lhs, const std::vector<bfloat16> &rhs);

// first in the low half, second in the high half (little-endian order in memory).
uint32_t pack_two_bfloat16_into_uint32(std::pair<bfloat16, bfloat16> two);
std::pair<bfloat16, bfloat16> unpack_two_bfloat16_from_uint32(uint32_t packed);

// num_bytes / 2 values uniform in [offset, rand_max_float + offset) from mt19937(seed).
std::vector<bfloat16> create_random_vector_of_bfloat16_native(size_t num_bytes,
							      float rand_max_float, int seed,
							      float offset = 0.0f);
// The same, packed two per uint32_t (num_bytes / 4 words).
std::vector<uint32_t> create_random_vector_of_bfloat16(size_t num_bytes, int rand_max_float,
						       int seed, float offset = 0.0f);
std::vector<uint32_t> create_constant_vector_of_bfloat16(size_t num_bytes, float value);
// rows x cols zeros with ones on the first num_ones diagonal positions.
std::vector<bfloat16> create_identity_matrix(int rows, int cols, int num_ones);
std::vector<uint32_t> pack_bfloat16_vec_into_uint32_vec(const std::vector<bfloat16> &data);
bfloat16 bfloat16_identity_transform(const bfloat16 &input);
std::vector<bfloat16> unpack_uint32_vec_into_bfloat16_vec(
	const std::vector<uint32_t> &data,
	const std::function<bfloat16(const bfloat16 &)> &transform = bfloat16_identity_transform);
bool equal_within_n_sig_figs(float a, float b, int n);
bool is_close(float a, float b, float rtol = 0.01f, float atol = 0.001f);
