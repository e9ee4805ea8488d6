// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/gelu.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_GELU
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_GELU

#include "api/compute/eltwise_unary/gelu.h"

#endif
