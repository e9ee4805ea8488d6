// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/rsqrt.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_RSQRT
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_RSQRT

#include "api/compute/eltwise_unary/rsqrt.h"

#endif
