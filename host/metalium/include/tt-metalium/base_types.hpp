// SPDX-License-Identifier: Apache-2.0
// MathFidelity and UnpackToDestMode, as in tt-metal.
#pragma once

#include <cstdint>
#include <ostream>

#include <fmt/ostream.h>

namespace tt::tt_metal {

enum class MathFidelity : uint8_t {
	LoFi = 0,
	HiFi2 = 2,
	HiFi3 = 3,
	HiFi4 = 4,
	Invalid = 0xff,
};

std::ostream &operator<<(std::ostream &os, const MathFidelity &fidelity);

enum class UnpackToDestMode : uint8_t { UnpackToDestFp32, Default };

} // namespace tt::tt_metal

// Formatted as its operator<< prints it ("Unsupported MathFidelity={}").
template <>
struct fmt::formatter<tt::tt_metal::MathFidelity> : fmt::ostream_formatter {};

using MathFidelity = tt::tt_metal::MathFidelity;
using UnpackToDestMode = tt::tt_metal::UnpackToDestMode;
