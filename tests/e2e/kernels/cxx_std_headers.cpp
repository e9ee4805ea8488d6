// SPDX-License-Identifier: Apache-2.0
/*
 * The freestanding standard headers C++ kernels get (kernels/include/c++):
 * compile-time checks of the traits and limits, and run-time results the
 * host checks (runtime arg 0: where to write them in L1).
 */
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <type_traits>
#include <utility>

namespace {

enum class E : uint8_t { a = 3 };

static_assert(std::is_same_v<std::uint32_t, uint32_t> && sizeof(std::size_t) == 4);
static_assert(std::numeric_limits<uint32_t>::max() == 0xffffffffu);
static_assert(std::numeric_limits<int8_t>::min() == -128);
static_assert(std::numeric_limits<int>::digits == 31 && std::numeric_limits<int>::is_signed);
static_assert(std::numeric_limits<float>::digits == 24);
static_assert(std::is_unsigned_v<uint16_t> && std::is_signed_v<int> && !std::is_signed_v<bool>);
static_assert(std::is_integral_v<const long> && !std::is_integral_v<float>);
static_assert(std::is_floating_point_v<double> && std::is_arithmetic_v<char>);
static_assert(std::is_convertible_v<int, long> && !std::is_convertible_v<int *, long>);
static_assert(std::is_same_v<std::decay_t<const int (&)[3]>, const int *>);
static_assert(std::is_same_v<std::remove_cvref_t<const volatile int &>, int>);
static_assert(std::is_same_v<std::underlying_type_t<E>, uint8_t> && std::is_enum_v<E>);
static_assert(std::is_same_v<std::conditional_t<true, int, char>, int>);
static_assert(std::is_same_v<std::common_type_t<int, long>, long>);
static_assert(
	std::is_same_v<std::make_integer_sequence<int, 3>, std::integer_sequence<int, 0, 1, 2>>);
static_assert(std::is_trivially_copyable_v<std::array<int, 2>>);

constexpr std::array<uint32_t, 4> k_table = { 4, 1, 3, 2 };
static_assert(k_table.size() == 4 && k_table[2] == 3 && std::get<3>(k_table) == 2);
static_assert(std::min(3, 4) == 3 && std::max(3, 4) == 4 && std::clamp(9, 1, 5) == 5);
static_assert(std::max({ 3, 9, 2 }) == 9 && std::min({ 3, 9, 2 }) == 2);

constexpr int list_sum(std::initializer_list<int> il)
{
	int s = 0;

	for (int v : il)
		s += v;
	return s + (int)il.size();
}
static_assert(list_sum({ 1, 2, 3 }) == 9 && list_sum({}) == 0);

constexpr std::pair<int, char> k_pair = std::make_pair(1, 'c');
static_assert(k_pair.first == 1 && k_pair.second == 'c');

template <std::size_t... I>
constexpr uint32_t sum(std::index_sequence<I...>)
{
	return (0u + ... + k_table[I]);
}
static_assert(sum(std::make_index_sequence<4>()) == 10);

} // namespace

void kernel_main()
{
	volatile uint32_t *out = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(0));
	float x = get_arg_val<float>(1);
	std::array<uint32_t, 4> a = k_table;
	char text[16];
	uint32_t b = 7, c = 9;

	std::swap(b, c);
	std::fill(a.begin(), a.begin() + 2, 8u);
	std::memset(text, 0, sizeof(text));
	std::strcpy(text, "kernel");
	out[0] = a[0] + a[1] + a[2] + a[3];	     /* 8 + 8 + 3 + 2 */
	out[1] = b * 10 + c;			     /* 97 */
	out[2] = (uint32_t)std::strlen(text);	     /* 6 */
	out[3] = (uint32_t)(std::sqrt(x) * 1000.0f); /* sqrt(2.25) = 1.5 */
	out[4] = (uint32_t)std::abs(-12);
	out[5] = std::isnan(std::numeric_limits<float>::quiet_NaN()) ? 1 : 0;
	out[6] = (uint32_t)((int32_t)std::floor(-x) + 100); /* floor(-2.25) = -3 */
}
