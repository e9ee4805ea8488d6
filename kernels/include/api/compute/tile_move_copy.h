// SPDX-License-Identifier: Apache-2.0
// tt-metal's api/compute/tile_move_copy.h: the whole compute API is one header here.
#ifndef TT_API_COMPUTE_TILE_MOVE_COPY_H
#define TT_API_COMPUTE_TILE_MOVE_COPY_H

#include "api/compute/compute_kernel_api.h"

#endif
