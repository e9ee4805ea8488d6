// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's risc_common.h, as far as kernels call it: the L1 data-cache
 * and L2 cache-line invalidations a kernel makes before it reads memory
 * another core or the host wrote.  A Wormhole RISC has no such caches and
 * neither has an emulated hart (every load reads L1), so both do nothing.
 */
#ifndef TT_RISC_COMMON_H
#define TT_RISC_COMMON_H

#include <stdint.h>

static inline __attribute__((always_inline)) void invalidate_l1_cache(void)
{}

static inline __attribute__((always_inline)) void invalidate_l2_cache_line(uint32_t addr)
{
	(void)addr;
}

#endif
