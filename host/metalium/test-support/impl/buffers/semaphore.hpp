// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's semaphore header, as far as its
// tests use it: CreateSemaphore (host_api.hpp) and the number of
// semaphores a core has.
#pragma once

#include <cstdint>

#include <tt-metalium/host_api.hpp>

extern "C" {
#include <tt_kernel_config.h>
}

namespace tt::tt_metal {
constexpr std::uint32_t NUM_SEMAPHORES = TT_MAX_SEMAPHORES;
} // namespace tt::tt_metal
