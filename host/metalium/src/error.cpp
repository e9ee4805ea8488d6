// SPDX-License-Identifier: Apache-2.0
//
// Errors: TT_THROW / TT_FATAL / TT_ASSERT, and libtt failures turned into
// exceptions.  Also the logger behind log_info and friends.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include <tt-logger/tt-logger.hpp>
#include <tt_stl/assert.hpp>

#include "internal.hpp"

namespace tt::assert {

void throw_error(const char *file, int line, const char *cond, const std::string &msg)
{
	std::string what = "TT_THROW";
	if (cond)
		what = fmt::format("TT_FATAL @ {}:{}: {}", file, line, cond);
	else
		what = fmt::format("TT_THROW @ {}:{}", file, line);
	if (!msg.empty())
		what += "\ninfo:\n" + msg;
	throw std::runtime_error(what);
}

} // namespace tt::assert

namespace tt::logger {

static level threshold()
{
	static const level lvl = [] {
		const char *v = std::getenv("TT_LOGGER_LEVEL");
		if (!v)
			return level::info;
		std::string s(v);
		for (auto &c : s)
			c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
		if (s == "trace")
			return level::trace;
		if (s == "debug")
			return level::debug;
		if (s == "warning" || s == "warn")
			return level::warning;
		if (s == "error")
			return level::error;
		if (s == "fatal" || s == "critical" || s == "off")
			return level::fatal;
		return level::info;
	}();
	return lvl;
}

bool enabled(level lvl)
{
	return lvl >= threshold();
}

void emit(level lvl, LogType, const std::string &text)
{
	static const char *const names[] = {
		"trace", "debug", "info", "warning", "error", "fatal"
	};
	std::fprintf(stderr, "%-8s| %s\n", names[static_cast<int>(lvl)], text.c_str());
}

} // namespace tt::logger

namespace tt::tt_metal::detail {

void throw_tt(const std::string &what, int rc, const std::string &detail)
{
	std::string msg = what + ": " + tt_strerror(rc);
	if (!detail.empty())
		msg += "\n" + detail;
	throw std::runtime_error(msg);
}

void throw_run(const std::string &what, int rc, const struct tt_run_report &)
{
	std::string msg = what + ": " + tt_strerror(rc);
	if (tt_last_error()[0])
		msg += "\n" + std::string(tt_last_error());
	throw std::runtime_error(msg);
}

} // namespace tt::tt_metal::detail
