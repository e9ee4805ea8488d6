// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/common.h.
#ifndef TT_COMPUTE_KERNEL_API_COMMON
#define TT_COMPUTE_KERNEL_API_COMMON

#include "api/compute/common.h"

#endif
