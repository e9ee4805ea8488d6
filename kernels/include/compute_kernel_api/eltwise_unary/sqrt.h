// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/sqrt.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_SQRT
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_SQRT

#include "api/compute/eltwise_unary/sqrt.h"

#endif
