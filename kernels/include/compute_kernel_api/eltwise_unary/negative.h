// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/negative.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_NEGATIVE
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_NEGATIVE

#include "api/compute/eltwise_unary/negative.h"

#endif
