// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/relu.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_RELU
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_RELU

#include "api/compute/eltwise_unary/relu.h"

#endif
