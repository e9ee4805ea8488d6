// SPDX-License-Identifier: Apache-2.0
// tt-metal's ckernel.h, for SFPU code written the LLK way: the compute API with sfpi.
#ifndef TT_CKERNEL_H
#define TT_CKERNEL_H

#include "api/compute/compute_kernel_api.h"

#endif
