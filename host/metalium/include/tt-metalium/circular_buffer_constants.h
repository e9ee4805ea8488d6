// SPDX-License-Identifier: Apache-2.0
// Circular-buffer indices per core (Wormhole B0).
#pragma once

#include <cstdint>

constexpr static std::uint32_t NUM_CIRCULAR_BUFFERS = 32;
