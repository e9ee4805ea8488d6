// SPDX-License-Identifier: Apache-2.0
// tt::ARCH: the chip generations tt-metal knows; tensix-emu emulates WORMHOLE_B0.
#pragma once

#include <cctype>
#include <ostream>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace tt {
enum class ARCH {
	GRAYSKULL = 1,
	WORMHOLE_B0 = 2,
	BLACKHOLE = 3,
	QUASAR = 4,
	Invalid = 0xFF,
};

// UMD's spellings: "grayskull", "wormhole_b0" (also "wormhole"),
// "blackhole", "quasar"; anything else is Invalid.  Case-insensitive.
inline tt::ARCH get_arch_from_string(const std::string &name)
{
	std::string n;
	for (char c : name)
		n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
	if (n == "grayskull")
		return ARCH::GRAYSKULL;
	if (n == "wormhole_b0" || n == "wormhole")
		return ARCH::WORMHOLE_B0;
	if (n == "blackhole")
		return ARCH::BLACKHOLE;
	if (n == "quasar")
		return ARCH::QUASAR;
	return ARCH::Invalid;
}

inline std::string arch_to_str(tt::ARCH arch)
{
	switch (arch) {
	case ARCH::GRAYSKULL:
		return "grayskull";
	case ARCH::WORMHOLE_B0:
		return "wormhole_b0";
	case ARCH::BLACKHOLE:
		return "blackhole";
	case ARCH::QUASAR:
		return "quasar";
	default:
		return "Invalid";
	}
}
} // namespace tt

// tt::ARCH prints as UMD spells it ("wormhole_b0"), with << and fmt.
inline std::ostream &operator<<(std::ostream &os, tt::ARCH arch)
{
	return os << tt::arch_to_str(arch);
}

template <>
struct fmt::formatter<tt::ARCH> : fmt::formatter<std::string_view> {
	auto format(tt::ARCH arch, fmt::format_context &ctx) const
	{
		std::string s = tt::arch_to_str(arch);
		return fmt::formatter<std::string_view>::format(s, ctx);
	}
};
