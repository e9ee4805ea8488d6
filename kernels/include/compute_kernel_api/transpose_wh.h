// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/transpose_wh.h.
#ifndef TT_COMPUTE_KERNEL_API_TRANSPOSE_WH
#define TT_COMPUTE_KERNEL_API_TRANSPOSE_WH

#include "api/compute/transpose_wh.h"

#endif
