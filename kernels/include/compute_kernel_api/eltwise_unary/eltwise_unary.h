// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/eltwise_unary.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_ELTWISE_UNARY
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_ELTWISE_UNARY

#include "api/compute/eltwise_unary/eltwise_unary.h"

#endif
