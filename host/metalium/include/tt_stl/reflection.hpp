// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's reflection header: tt-metal formats and hashes its types
// through it.  Here it brings in fmt's ostream and range formatting, which
// is what programs that include it for printing rely on, and its object
// hashing (ttsl::hash): integers and enums by value, then std::hash, a
// to_hash() member, attribute_values() (a tuple), and the standard
// containers, tuples, pairs, optionals and variants element by element.
// The generic attribute reflection of tt-metal's version (names, to
// string) is not offered.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

namespace ttsl::hash {

using hash_t = std::uint64_t;
inline constexpr hash_t DEFAULT_SEED = 1234;

namespace detail {

template <typename T, template <typename...> class Tmpl>
inline constexpr bool is_specialization_v = false;
template <template <typename...> class Tmpl, typename... Args>
inline constexpr bool is_specialization_v<Tmpl<Args...>, Tmpl> = true;

template <typename T>
inline constexpr bool is_std_array_v = false;
template <typename T, std::size_t N>
inline constexpr bool is_std_array_v<std::array<T, N>> = true;

template <typename T>
inline constexpr bool is_std_span_v = false;
template <typename T, std::size_t N>
inline constexpr bool is_std_span_v<std::span<T, N>> = true;

template <typename T>
concept std_hashable = requires(const T &t)
{
	{
		std::hash<T>{}(t)
		} -> std::convertible_to<std::size_t>;
};
template <typename T>
concept has_to_hash = requires(const T &t)
{
	{
		t.to_hash()
		} -> std::convertible_to<std::size_t>;
};
template <typename T>
concept has_attribute_values = requires(const T &t)
{
	t.attribute_values();
};

template <typename... Types>
hash_t hash_objects(hash_t seed, const Types &...args) noexcept;

template <typename T>
hash_t hash_object(const T &object) noexcept
{
	if constexpr (std::is_integral_v<T>) {
		return static_cast<hash_t>(object);
	} else if constexpr (std::is_enum_v<T>) {
		return static_cast<hash_t>(static_cast<std::underlying_type_t<T>>(object));
	} else if constexpr (has_to_hash<T>) {
		return object.to_hash();
	} else if constexpr (std_hashable<T>) {
		return std::hash<T>{}(object);
	} else if constexpr (has_attribute_values<T>) {
		return hash_object(object.attribute_values());
	} else if constexpr (is_specialization_v<T, std::tuple> ||
			     is_specialization_v<T, std::pair> || is_std_array_v<T>) {
		return std::apply([](const auto &...e) { return hash_objects(0, e...); }, object);
	} else if constexpr (is_specialization_v<T, std::optional>) {
		return object ? hash_object(*object) : 0;
	} else if constexpr (is_specialization_v<T, std::variant>) {
		return std::visit([&](const auto &v) { return hash_objects(object.index(), v); },
				  object);
	} else if constexpr (is_specialization_v<T, std::reference_wrapper>) {
		return hash_object(object.get());
	} else if constexpr (is_specialization_v<T, std::map>) {
		hash_t h = 0;
		for (const auto &[k, v] : object)
			h = hash_objects(h, k, v);
		return h;
	} else if constexpr (requires {
				     object.begin();
				     object.end();
			     }) {
		hash_t h = 0;
		for (const auto &e : object)
			h = hash_objects(h, e);
		return h;
	} else {
		static_assert(
			sizeof(T) == 0,
			"ttsl::hash: no way to hash this type: give it std::hash, to_hash() or "
			"attribute_values()");
		return 0;
	}
}

// Folds each argument's hash into @seed (boost's hash_combine).
template <typename... Types>
hash_t hash_objects(hash_t seed, const Types &...args) noexcept
{
	((seed ^= hash_object(args) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)), ...);
	return seed;
}

} // namespace detail

template <typename... Types>
hash_t hash_objects_with_default_seed(const Types &...args) noexcept
{
	return detail::hash_objects(DEFAULT_SEED, args...);
}

template <typename... Types>
hash_t hash_objects(hash_t seed, const Types &...args) noexcept
{
	return detail::hash_objects(seed, args...);
}

} // namespace ttsl::hash
