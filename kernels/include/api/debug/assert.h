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

/* A failed check is reported and stops the kernel at the ASSERT's own line. */
#define ASSERT(condition, ...) \
	((void)(!(condition) ? (tt_kernel_fault(TT_FAULT_ASSERT, __LINE__, 0, 0), 0) : 0))
#define ASSERT_ENABLED 1

#else

#define ASSERT(condition, ...) ((void)sizeof(!(condition)))
#define ASSERT_ENABLED	       0

#endif

#endif
