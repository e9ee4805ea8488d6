// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/cb_api.h.
#ifndef TT_COMPUTE_KERNEL_API_CB_API
#define TT_COMPUTE_KERNEL_API_CB_API

#include "api/compute/cb_api.h"

#endif
