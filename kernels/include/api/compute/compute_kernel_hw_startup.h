// SPDX-License-Identifier: Apache-2.0
// tt-metal's api/compute/compute_kernel_hw_startup.h: the whole compute API is one header here.
#ifndef TT_API_COMPUTE_COMPUTE_KERNEL_HW_STARTUP_H
#define TT_API_COMPUTE_COMPUTE_KERNEL_HW_STARTUP_H

#include "api/compute/compute_kernel_api.h"

#endif
