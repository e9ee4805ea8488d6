// SPDX-License-Identifier: Apache-2.0
// tt-metal's api/compute/cb_api.h: the whole compute API is one header here.
#ifndef TT_API_COMPUTE_CB_API_H
#define TT_API_COMPUTE_CB_API_H

#include "api/compute/compute_kernel_api.h"

#endif
