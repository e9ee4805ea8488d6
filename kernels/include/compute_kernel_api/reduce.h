// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/reduce.h.
#ifndef TT_COMPUTE_KERNEL_API_REDUCE
#define TT_COMPUTE_KERNEL_API_REDUCE

#include "api/compute/reduce.h"

#endif
