// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_unary/binop_with_scalar.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_BINOP_WITH_SCALAR
#define TT_COMPUTE_KERNEL_API_ELTWISE_UNARY_BINOP_WITH_SCALAR

#include "api/compute/eltwise_unary/binop_with_scalar.h"

#endif
