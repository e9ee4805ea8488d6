// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/activations.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_ACTIVATIONS
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_ACTIVATIONS

#include "api/compute/eltwise_unary/activations.h"

#endif
