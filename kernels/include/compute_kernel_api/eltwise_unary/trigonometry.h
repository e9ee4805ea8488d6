// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/trigonometry.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_TRIGONOMETRY
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_TRIGONOMETRY

#include "api/compute/eltwise_unary/trigonometry.h"

#endif
