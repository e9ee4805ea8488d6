// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/pack_untilize.h.
#ifndef TT_COMPUTE_KERNEL_API_PACK_UNTILIZE
#define TT_COMPUTE_KERNEL_API_PACK_UNTILIZE

#include "api/compute/pack_untilize.h"

#endif
