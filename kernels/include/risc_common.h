// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's risc_common.h, as far as kernels call it: the L1 data-cache
 * and L2 cache-line invalidations (invalidate_l1_cache,
 * invalidate_l2_cache_line), which api/tt_cxx_common.h gives every C++
 * kernel.
 */
#ifndef TT_RISC_COMMON_H
#define TT_RISC_COMMON_H

#include "api/tt_cxx_common.h"

#endif
