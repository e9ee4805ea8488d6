// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt::parse_env<T>(name, default): the value of
// an environment variable read as bool (an integer, 0 false), string,
// int, uint32_t or uint64_t (numbers in C's bases: 0x.., 0..), or the
// default when it is unset.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace tt {

template <typename T>
T parse_env(const char *name, const T &default_value)
{
	const char *v = std::getenv(name);
	if (!v)
		return default_value;
	if constexpr (std::is_same_v<T, bool>)
		return std::stoi(v, nullptr, 0) != 0;
	else if constexpr (std::is_same_v<T, std::string>)
		return std::string(v);
	else if constexpr (std::is_same_v<T, int>)
		return std::stoi(v, nullptr, 0);
	else if constexpr (std::is_same_v<T, std::uint32_t>)
		return static_cast<std::uint32_t>(std::stoul(v, nullptr, 0));
	else if constexpr (std::is_same_v<T, std::uint64_t>)
		return std::stoull(v, nullptr, 0);
	else
		static_assert(!sizeof(T *), "parse_env: bool, string, int, uint32_t or uint64_t");
}

} // namespace tt
