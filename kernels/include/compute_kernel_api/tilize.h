// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/tilize.h.
#ifndef TT_COMPUTE_KERNEL_API_TILIZE
#define TT_COMPUTE_KERNEL_API_TILIZE

#include "api/compute/tilize.h"

#endif
