// SPDX-License-Identifier: Apache-2.0
// Test support (README.md): tt-metal's context ids.
#pragma once

#include <cstdint>

namespace tt::tt_metal {
using ContextId = int;
inline constexpr ContextId DEFAULT_CONTEXT_ID = 0;
} // namespace tt::tt_metal
