// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/recip.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_RECIP
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_RECIP

#include "api/compute/eltwise_unary/recip.h"

#endif
