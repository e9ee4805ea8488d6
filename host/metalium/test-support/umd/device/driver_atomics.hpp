// SPDX-License-Identifier: Apache-2.0
// Test support (README.md): UMD's memory barriers; host memory of the
// emulated chips needs none beyond the compiler's.
#pragma once

#include <atomic>

namespace tt::umd {
inline void sfence()
{
	std::atomic_thread_fence(std::memory_order_release);
}
inline void lfence()
{
	std::atomic_thread_fence(std::memory_order_acquire);
}
inline void mfence()
{
	std::atomic_thread_fence(std::memory_order_seq_cst);
}
} // namespace tt::umd
