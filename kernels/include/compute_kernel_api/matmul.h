// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/matmul.h.
#ifndef TT_COMPUTE_KERNEL_API_MATMUL
#define TT_COMPUTE_KERNEL_API_MATMUL

#include "api/compute/matmul.h"

#endif
