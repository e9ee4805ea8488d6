// SPDX-License-Identifier: Apache-2.0
//
// UMD's names for chips and boards, as tt-metal programs and tests use
// them.  ChipId is global, as UMD has it, and tt::ChipId too.
#pragma once

#include <cstdint>

using ChipId = int;

namespace tt {

using ::ChipId;

// The boards tt-metal knows; the emulated chips are Wormhole N150/N300
// boards (a T3000 is four N300s, a Galaxy its own board).
enum class BoardType : uint32_t {
	E75,
	E150,
	E300,
	N150,
	N300,
	P100,
	P150,
	P300,
	GALAXY,
	UBB,
	UBB_WORMHOLE,
	UBB_BLACKHOLE,
	QUASAR,
	UNKNOWN,
};

} // namespace tt

using tt::BoardType;
