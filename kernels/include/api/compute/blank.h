// SPDX-License-Identifier: Apache-2.0
// tt-metal's api/compute/blank.h, for compute kernels that do nothing: the
// whole compute API is one header here.
#ifndef TT_API_COMPUTE_BLANK_H
#define TT_API_COMPUTE_BLANK_H

#include "api/compute/compute_kernel_api.h"

#endif
