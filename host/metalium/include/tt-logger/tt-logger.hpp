// SPDX-License-Identifier: Apache-2.0
//
// log_trace .. log_fatal as tt-metal's logger offers them: an optional
// tt::LogType first, then a fmt format string.  Lines go to stderr with a
// level prefix; TT_LOGGER_LEVEL (trace, debug, info, warning, error,
// fatal; default info) filters them.
#pragma once

#include <string>

#include <fmt/format.h>

namespace tt {

enum LogType {
	LogAlways,
	LogTest,
	LogTimer,
	LogDevice,
	LogModel,
	LogLLRuntime,
	LogLoader,
	LogOp,
	LogMetal,
	LogMetalTrace,
	LogVerif,
	LogBuildKernels,
	LogDispatch,
	LogFabric,
	LogDistributed,
};

namespace logger {
enum class level { trace, debug, info, warning, error, fatal };
bool enabled(level lvl);
void emit(level lvl, LogType type, const std::string &text);

template <typename... Args>
void log(level lvl, LogType type, fmt::format_string<Args...> f, Args &&...args)
{
	if (enabled(lvl))
		emit(lvl, type, fmt::format(f, std::forward<Args>(args)...));
}
} // namespace logger

#define TT_LOGGER_DEFINE_LEVEL(name, lvl)                                                   \
	template <typename... Args>                                                         \
	void name(LogType type, fmt::format_string<Args...> f, Args &&...args)              \
	{                                                                                   \
		logger::log(logger::level::lvl, type, f, std::forward<Args>(args)...);      \
	}                                                                                   \
	template <typename... Args>                                                         \
	void name(fmt::format_string<Args...> f, Args &&...args)                            \
	{                                                                                   \
		logger::log(logger::level::lvl, LogAlways, f, std::forward<Args>(args)...); \
	}

TT_LOGGER_DEFINE_LEVEL(log_trace, trace)
TT_LOGGER_DEFINE_LEVEL(log_debug, debug)
TT_LOGGER_DEFINE_LEVEL(log_info, info)
TT_LOGGER_DEFINE_LEVEL(log_warning, warning)
TT_LOGGER_DEFINE_LEVEL(log_error, error)
TT_LOGGER_DEFINE_LEVEL(log_critical, fatal)
TT_LOGGER_DEFINE_LEVEL(log_fatal, fatal)
#undef TT_LOGGER_DEFINE_LEVEL

} // namespace tt

using tt::log_critical;
using tt::log_debug;
using tt::log_error;
using tt::log_fatal;
using tt::log_info;
using tt::log_trace;
using tt::log_warning;
