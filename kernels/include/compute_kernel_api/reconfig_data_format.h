// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/reconfig_data_format.h.
#ifndef TT_COMPUTE_KERNEL_API_RECONFIG_DATA_FORMAT
#define TT_COMPUTE_KERNEL_API_RECONFIG_DATA_FORMAT

#include "api/compute/reconfig_data_format.h"

#endif
