// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's reflection header: tt-metal formats and hashes its types
// through it.  Here it brings in fmt's ostream and range formatting, which
// is what programs that include it for printing rely on; the generic
// attribute reflection of tt-metal's version is not offered.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>
