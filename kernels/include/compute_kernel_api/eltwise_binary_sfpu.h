// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_binary_sfpu.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_BINARY_SFPU
#define TT_COMPUTE_KERNEL_API_ELTWISE_BINARY_SFPU

#include "api/compute/eltwise_binary_sfpu.h"

#endif
