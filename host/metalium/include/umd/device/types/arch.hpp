// SPDX-License-Identifier: Apache-2.0
// tt::ARCH: the chip generations tt-metal knows; tensix-emu emulates WORMHOLE_B0.
#pragma once

namespace tt {
enum class ARCH {
	GRAYSKULL = 1,
	WORMHOLE_B0 = 2,
	BLACKHOLE = 3,
	QUASAR = 4,
	Invalid = 0xFF,
};
}
