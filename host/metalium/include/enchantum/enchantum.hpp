// SPDX-License-Identifier: Apache-2.0
//
// The part of the enchantum enum-reflection library tt-metal's programs
// use: to_underlying, to_string (an enumerator's name, "" for a value
// without one, NUL-terminated as enchantum's are) and cast (a name back to
// its enumerator).  Names come from the compiler's spelling of a template
// instantiated on each value, so only values in [-128, 255] (unsigned
// enums: [0, 255]) are found.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

namespace enchantum {

template <class E>
requires std::is_enum_v<E>
constexpr std::underlying_type_t<E> to_underlying(E e) noexcept
{
	return static_cast<std::underlying_type_t<E>>(e);
}

namespace detail {

// GCC and Clang spell V as "ns::Enum::Name" for a named value and as
// "(ns::Enum)3" for one without a name.
template <auto V>
constexpr std::string_view value_name()
{
	constexpr std::string_view f = __PRETTY_FUNCTION__;
	constexpr std::size_t at = f.find("V = ");
	if constexpr (at == std::string_view::npos) {
		return {};
	} else {
		std::string_view s = f.substr(at + 4);
		s = s.substr(0, s.find_first_of(";]"));
		if (s.empty() || s.front() == '(' || (s.front() >= '0' && s.front() <= '9') ||
		    s.front() == '-')
			return {};
		const std::size_t colon = s.rfind("::");
		return colon == std::string_view::npos ? s : s.substr(colon + 2);
	}
}

// The name of V, NUL-terminated (callers may use .data() as a C string).
template <auto V>
struct name_storage {
	static constexpr std::string_view name = value_name<V>();
	static constexpr auto chars = [] {
		std::array<char, name.size() + 1> a{};
		for (std::size_t i = 0; i < name.size(); i++)
			a[i] = name[i];
		return a;
	}();
	static constexpr std::string_view value{ chars.data(), name.size() };
};

template <class E>
constexpr int first_value = std::is_signed_v<std::underlying_type_t<E>> ? -128 : 0;
template <class E>
constexpr std::size_t value_count = first_value<E> < 0 ? 384 : 256;

template <class E, std::size_t... I>
constexpr std::array<std::string_view, sizeof...(I)> names_of(std::index_sequence<I...>)
{
	return { name_storage<static_cast<E>(first_value<E> + static_cast<int>(I))>::value... };
}

template <class E>
inline constexpr auto names = names_of<E>(std::make_index_sequence<value_count<E>>{});

} // namespace detail

template <class E>
requires std::is_enum_v<E>
constexpr std::string_view to_string(E e) noexcept
{
	const long long i = static_cast<long long>(to_underlying(e)) - detail::first_value<E>;
	if (i < 0 || i >= static_cast<long long>(detail::value_count<E>))
		return {};
	return detail::names<E>[static_cast<std::size_t>(i)];
}

template <class E, class Eq = std::equal_to<>>
requires std::is_enum_v<E>
constexpr std::optional<E> cast(std::string_view name, Eq eq = {}) noexcept
{
	for (std::size_t i = 0; i < detail::value_count<E>; i++) {
		const std::string_view n = detail::names<E>[i];
		if (!n.empty() && eq(n, name))
			return static_cast<E>(detail::first_value<E> + static_cast<int>(i));
	}
	return std::nullopt;
}

} // namespace enchantum
