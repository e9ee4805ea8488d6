// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/bcast.h.
#ifndef TT_COMPUTE_KERNEL_API_BCAST
#define TT_COMPUTE_KERNEL_API_BCAST

#include "api/compute/bcast.h"

#endif
