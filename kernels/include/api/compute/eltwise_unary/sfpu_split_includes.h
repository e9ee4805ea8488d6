// SPDX-License-Identifier: Apache-2.0
// tt-metal's api/compute/eltwise_unary/sfpu_split_includes.h, which includes
// the SFPU op headers its SFPU_OP_*_INCLUDE defines ask for: the whole
// compute API is one header here, so every op it has is declared whatever
// the defines say (SFPU ops: docs/kernel-api.md).
#ifndef TT_API_COMPUTE_ELTWISE_UNARY_SFPU_SPLIT_INCLUDES_H
#define TT_API_COMPUTE_ELTWISE_UNARY_SFPU_SPLIT_INCLUDES_H

#include "api/compute/compute_kernel_api.h"

#endif
