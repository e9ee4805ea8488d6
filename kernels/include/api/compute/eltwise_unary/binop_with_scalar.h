// SPDX-License-Identifier: Apache-2.0
// tt-metal's api/compute/eltwise_unary/binop_with_scalar.h: the whole compute
// API is one header here (SFPU ops: docs/kernel-api.md).
#ifndef TT_API_COMPUTE_ELTWISE_UNARY_BINOP_WITH_SCALAR_H
#define TT_API_COMPUTE_ELTWISE_UNARY_BINOP_WITH_SCALAR_H

#include "api/compute/compute_kernel_api.h"

#endif
