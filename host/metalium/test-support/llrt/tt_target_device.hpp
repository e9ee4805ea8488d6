// SPDX-License-Identifier: Apache-2.0
// Test support (README.md): what a cluster is made of.
#pragma once

#include <cstdint>

namespace tt {
enum class TargetDevice : std::uint8_t {
	Silicon = 0,
	Simulator = 1,
	Mock = 2,
	Emule = 3,
	Invalid = 0xFF,
};
} // namespace tt
