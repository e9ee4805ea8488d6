// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path compute_kernel_api/tile_move_copy.h.
#ifndef TT_COMPUTE_KERNEL_API_TILE_MOVE_COPY
#define TT_COMPUTE_KERNEL_API_TILE_MOVE_COPY

#include "api/compute/tile_move_copy.h"

#endif
