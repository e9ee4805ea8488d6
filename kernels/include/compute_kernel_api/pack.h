// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/pack.h.
#ifndef TT_COMPUTE_KERNEL_API_PACK
#define TT_COMPUTE_KERNEL_API_PACK

#include "api/compute/pack.h"

#endif
