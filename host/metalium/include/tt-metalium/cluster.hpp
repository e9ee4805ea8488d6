// SPDX-License-Identifier: Apache-2.0
//
// The kinds of machine tt-metal tells apart.  The numbers are tt-metal's
// (they are serialised there); GetClusterType() answers for the emulated
// system (TT_EMU_SYSTEM, docs/multi-device.md).
#pragma once

#include <cstdint>

namespace tt::tt_metal {

enum class ClusterType : std::uint8_t {
	INVALID = 0,
	N150 = 1,
	N300 = 2,
	T3K = 3,
	GALAXY = 4,
	TG = 5,
	P100 = 6,
	P150 = 7,
	P150_X2 = 8,
	P150_X4 = 9,
	SIMULATOR_WORMHOLE_B0 = 10,
	SIMULATOR_BLACKHOLE = 11,
	N300_2x2 = 12,
	P150_X8 = 13,
	P300 = 14,
	SIMULATOR_QUASAR = 15,
	BLACKHOLE_GALAXY = 16,
	P300_X2 = 17,
	CUSTOM = 18,
};

// N150, N300, T3K or GALAXY for those systems; CUSTOM for any other mesh.
ClusterType GetClusterType();

} // namespace tt::tt_metal
