// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/untilize.h.
#ifndef TT_COMPUTE_KERNEL_API_UNTILIZE
#define TT_COMPUTE_KERNEL_API_UNTILIZE

#include "api/compute/untilize.h"

#endif
