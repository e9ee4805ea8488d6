// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/eltwise_binary.h.
#ifndef TT_COMPUTE_KERNEL_API_ELTWISE_BINARY
#define TT_COMPUTE_KERNEL_API_ELTWISE_BINARY

#include "api/compute/eltwise_binary.h"

#endif
