// SPDX-License-Identifier: Apache-2.0
//
// fmt 11 split its core API into <fmt/base.h>; Debian 12 ships fmt 9,
// where the same API is <fmt/core.h>.  tt-metal's sources include the
// former: this makes it the latter.
#pragma once

#include <fmt/core.h>
