// SPDX-License-Identifier: Apache-2.0
//
// fmt formatters tt-metal programs rely on: enums print as their
// underlying value (tt-metal prints enumerator names through a reflection
// library this package does not ship), filesystem paths as strings.
#pragma once

#include <filesystem>
#include <string>
#include <type_traits>

#include <fmt/format.h>
#include <fmt/ranges.h>

template <typename T>
requires std::is_enum_v<T>
struct fmt::formatter<T> : fmt::formatter<std::underlying_type_t<T>> {
	template <typename Ctx>
	auto format(const T &v, Ctx &ctx) const
	{
		return fmt::formatter<std::underlying_type_t<T>>::format(
			static_cast<std::underlying_type_t<T>>(v), ctx);
	}
};

template <>
struct fmt::formatter<std::filesystem::path> : fmt::formatter<std::string> {
	template <typename Ctx>
	auto format(const std::filesystem::path &p, Ctx &ctx) const
	{
		return fmt::formatter<std::string>::format(p.string(), ctx);
	}
};
