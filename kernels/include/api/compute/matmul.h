// SPDX-License-Identifier: Apache-2.0
// tt-metal's api/compute/matmul.h: the whole compute API is one header here.
#ifndef TT_API_COMPUTE_MATMUL_H
#define TT_API_COMPUTE_MATMUL_H

#include "api/compute/compute_kernel_api.h"

#endif
