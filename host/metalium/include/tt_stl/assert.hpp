// SPDX-License-Identifier: Apache-2.0
//
// TT_THROW, TT_FATAL and TT_ASSERT as tt-metal has them: the message is a
// fmt format string with its arguments, and the exception is a
// std::runtime_error whose what() names the file, line and condition.
// TT_ASSERT is checked only in debug builds (NDEBUG unset), as upstream.
#pragma once

#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace tt::assert {

inline std::string message()
{
	return {};
}
inline std::string message(const char *s)
{
	return s;
}
inline std::string message(const std::string &s)
{
	return s;
}
template <typename... Args>
std::string message(fmt::format_string<Args...> f, Args &&...args)
{
	return fmt::format(f, std::forward<Args>(args)...);
}

[[noreturn]] void throw_error(const char *file, int line, const char *cond, const std::string &msg);

} // namespace tt::assert

#define TT_THROW(...) \
	::tt::assert::throw_error(__FILE__, __LINE__, nullptr, ::tt::assert::message(__VA_ARGS__))

#define TT_FATAL(cond, ...)                                                            \
	do {                                                                           \
		if (!(cond)) [[unlikely]]                                              \
			::tt::assert::throw_error(__FILE__, __LINE__, #cond,           \
						  ::tt::assert::message(__VA_ARGS__)); \
	} while (0)

#ifndef NDEBUG
#define TT_ASSERT(cond, ...)                                                           \
	do {                                                                           \
		if (!(cond)) [[unlikely]]                                              \
			::tt::assert::throw_error(__FILE__, __LINE__, #cond,           \
						  ::tt::assert::message(__VA_ARGS__)); \
	} while (0)
#else
#define TT_ASSERT(cond, ...) ((void)sizeof((cond) ? 1 : 0))
#endif
