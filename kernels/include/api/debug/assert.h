// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's kernel ASSERT(condition) (api/debug/assert.h).  As upstream,
 * it checks only when the host asks for it: TT_METAL_WATCHER or
 * TT_METAL_LIGHTWEIGHT_KERNEL_ASSERTS=1 in the host's environment build
 * kernels with WATCHER_ENABLED or LIGHTWEIGHT_KERNEL_ASSERTS.  A failed
 * check stops the kernel with a report that names the line (the run
 * fails with it, as the watcher's "assert tripped" does); otherwise the
 * condition is not evaluated.
 */
#ifndef TT_API_DEBUG_ASSERT_H
#define TT_API_DEBUG_ASSERT_H

#include "circular_buffer.h"

#if defined(WATCHER_ENABLED) || defined(LIGHTWEIGHT_KERNEL_ASSERTS)

/*
 * Report and stop right here, inlined: the trap's pc is then in the
 * kernel's own code, so the report's source location is the ASSERT's.
 */
[[noreturn]] inline __attribute__((always_inline)) void tt_assert_trip(uint32_t line)
{
	TT_EMU_REG(FAULT_KIND) = TT_FAULT_ASSERT;
	TT_EMU_REG(FAULT_ID) = line;
	TT_EMU_REG(FAULT_REPORT) = 1;
	for (;;)
		__asm__ volatile("ebreak");
}

#define ASSERT(condition, ...) ((void)(!(condition) ? (tt_assert_trip(__LINE__), 0) : 0))
#define ASSERT_ENABLED 1

#else

#define ASSERT(condition, ...) ((void)sizeof(!(condition)))
#define ASSERT_ENABLED 0

#endif

#endif
