// SPDX-License-Identifier: Apache-2.0
// Test support (README.md): included by that path from tt-metal's tree.
#pragma once

#include "impl/data_format/bfloat16_utils.hpp"
