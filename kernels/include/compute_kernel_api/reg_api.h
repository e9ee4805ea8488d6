// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/reg_api.h.
#ifndef TT_COMPUTE_KERNEL_API_REG_API
#define TT_COMPUTE_KERNEL_API_REG_API

#include "api/compute/reg_api.h"

#endif
