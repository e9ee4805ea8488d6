// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <tt-metalium/buffer_types.hpp>

namespace tt::tt_metal {
enum class HalProgrammableCoreType { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2 };
enum class CoreType { WORKER = 0, DRAM = 1, ETH = 2 };
enum class HalMemType : uint8_t { L1 = 0, DRAM = 1, HOST = 2, COUNT = 3 };
} // namespace tt::tt_metal
