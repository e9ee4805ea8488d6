// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): UMD's core coordinate types, as far as
// tt-metal's tests name them: tt::CoreType (the package's core kinds,
// hal_types.hpp) and the coordinate systems a core can be named in.
#pragma once

#include <tt-metalium/hal_types.hpp>
#include <umd/device/types/xy_pair.hpp>

namespace tt {

using tt_metal::CoreType;

// The ways of naming a core: its place in the logical grid, its NoC 0 or
// NoC 1 coordinates, or the translated (virtual) coordinates.
enum class CoordSystem {
	LOGICAL,
	NOC0,
	TRANSLATED,
	NOC1,
};

} // namespace tt
