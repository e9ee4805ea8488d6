// SPDX-License-Identifier: Apache-2.0
// Profiler read and sync states (tt-metal's names).
#pragma once

#include <cstdint>

namespace tt::tt_metal {

enum class ProfilerReadState { NORMAL, ONLY_DISPATCH_CORES, LAST_FD_READ };
enum class ProfilerSyncState { INIT, CLOSE_DEVICE };

} // namespace tt::tt_metal
