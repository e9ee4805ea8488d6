// SPDX-License-Identifier: Apache-2.0
/* Wormhole B0's descriptor: its numbers are hal/wormhole/'s. */
#include <stdint.h>

#include "wormhole/tt_arch.h"

#include "arch_desc.h"

static const uint8_t dram_x[TT_DRAM_BANKS] = TT_NOC_DRAM_X_INIT;
static const uint8_t dram_y[TT_DRAM_BANKS] = TT_NOC_DRAM_Y_INIT;
static const uint8_t worker_x[TT_GRID_X_MAX] = TT_NOC_WORKER_X_INIT;
static const uint8_t worker_y[TT_GRID_Y_MAX] = TT_NOC_WORKER_Y_INIT;

const struct tt_arch tt_arch_wormhole_b0 =
	TT_ARCH_DESC(TT_ARCH_WORMHOLE_B0, dram_x, dram_y, worker_x, worker_y);
