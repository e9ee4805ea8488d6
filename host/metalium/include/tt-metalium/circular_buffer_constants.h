// SPDX-License-Identifier: Apache-2.0
// Circular-buffer indices per core (Wormhole B0).
#pragma once

#include <cstdint>

constexpr static std::uint32_t NUM_CIRCULAR_BUFFERS = 32;
// Words of one CB's config in a launch's kernel-config blob: address,
// size, number of pages, page size (hal/tt_cb.h).
constexpr static std::uint32_t UINT32_WORDS_PER_LOCAL_CIRCULAR_BUFFER_CONFIG = 4;
