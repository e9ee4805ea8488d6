// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/exp.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_EXP
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_EXP

#include "api/compute/eltwise_unary/exp.h"

#endif
