/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The initializer of a struct tt_arch from the hal/ files of one
 * architecture.  Each arch_<name>.c includes its hal/<arch>/tt_arch.h and
 * then this, so every number comes from hal/ and a new architecture is a
 * hal/ directory plus a three-line file here.  Include nothing from hal/
 * besides that one tt_arch.h: the arch's macros have the same names as
 * every other arch's.
 */
#ifndef TT_HOST_ARCH_DESC_H
#define TT_HOST_ARCH_DESC_H

#include <tt/arch.h>

#define TT_ARCH_DESC(arch_id, dram_x, dram_y, worker_x, worker_y)                                 \
	{                                                                                         \
		.id = (arch_id), .name = TT_ARCH_NAME, .grid_x_default = TT_GRID_X_DEFAULT,       \
		.grid_y_default = TT_GRID_Y_DEFAULT, .grid_x_max = TT_GRID_X_MAX,                 \
		.grid_y_max = TT_GRID_Y_MAX, .noc_size_x = TT_NOC_SIZE_X,                         \
		.noc_size_y = TT_NOC_SIZE_Y, .virtual_worker_x0 = TT_NOC_VIRTUAL_WORKER_X0,       \
		.virtual_worker_y0 = TT_NOC_VIRTUAL_WORKER_Y0, .worker_noc_x = (worker_x),        \
		.worker_noc_y = (worker_y), .l1_size = TT_MEM_L1_SIZE,                            \
		.l1_unreserved_base = TT_MEM_L1_UNRESERVED_BASE,                                  \
		.l1_alignment = TT_NOC_L1_ALIGNMENT, .dram_banks = TT_DRAM_BANKS,                 \
		.dram_bank_size = TT_DRAM_BANK_SIZE,                                              \
		.dram_unreserved_base = TT_DRAM_UNRESERVED_BASE,                                  \
		.dram_alignment = TT_NOC_DRAM_ALIGNMENT, .dram_noc_x = (dram_x),                  \
		.dram_noc_y = (dram_y), .dram_noc_mirrored = TT_NOC_DRAM_MIRRORED,                \
		.noc_max_burst = TT_NOC_MAX_BURST_SIZE, .num_cbs = TT_NUM_CBS,                    \
		.eth_cores = TT_ETH_CORES, .eth_per_row = TT_ETH_PER_ROW,                         \
		.virtual_eth_x0 = TT_NOC_VIRTUAL_ETH_X0, .virtual_eth_y0 = TT_NOC_VIRTUAL_ETH_Y0, \
		.eth_l1_size = TT_MEM_ETH_L1_SIZE,                                                \
	}

/* The descriptors, one per arch_<name>.c. */
extern const struct tt_arch tt_arch_wormhole_b0;
extern const struct tt_arch tt_arch_blackhole;

#endif /* TT_HOST_ARCH_DESC_H */
