// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/compute_kernel_hw_startup.h.
#ifndef TT_COMPUTE_KERNEL_API_COMPUTE_KERNEL_HW_STARTUP
#define TT_COMPUTE_KERNEL_API_COMPUTE_KERNEL_HW_STARTUP

#include "api/compute/compute_kernel_hw_startup.h"

#endif
