/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Blackhole worker grid, NoC geography and DRAM, as tt_noc_map.h of
 * Wormhole: 14x10 Tensix cores (140) on a 17x12 NoC whose workers start
 * at virtual (1, 2); 8 GDDR6 DRAM banks of 4177920 KiB; 64-byte NoC words,
 * 16 KiB bursts and 64-byte DRAM alignment.
 *
 * Not yet described: the NoC endpoints of the DRAM banks (DRAM is
 * virtualized on Blackhole), which emulation would add here.
 */
#ifndef TT_HAL_BLACKHOLE_NOC_MAP_H
#define TT_HAL_BLACKHOLE_NOC_MAP_H

#define TT_GRID_X_MAX			14	/* worker columns */
#define TT_GRID_Y_MAX			10	/* worker rows */
#define TT_GRID_X_DEFAULT		14
#define TT_GRID_Y_DEFAULT		10

#define TT_NOC_SIZE_X			17
#define TT_NOC_SIZE_Y			12
#define TT_NOC_VIRTUAL_WORKER_X0	1	/* worker (x, y) -> (1 + x, 2 + y) */
#define TT_NOC_VIRTUAL_WORKER_Y0	2

#define TT_NOC_WORD_BYTES		64
#define TT_NOC_MAX_BURST_SIZE		16384
#define TT_NOC_L1_ALIGNMENT		16
#define TT_NOC_DRAM_ALIGNMENT		64

/* DRAM, reached only through the NoC. */
#define TT_DRAM_BANKS			8
#define TT_DRAM_BANK_SIZE		(4177920ULL * 1024)
#define TT_DRAM_UNRESERVED_BASE		64
#define TT_NOC_DRAM_MIRRORED		0	/* virtualized: same on both NoCs */

/* Ethernet cores are not described yet (see hal/wormhole/tt_noc_map.h). */
#define TT_ETH_CORES			0
#define TT_ETH_PER_ROW			1
#define TT_NOC_VIRTUAL_ETH_X0		0
#define TT_NOC_VIRTUAL_ETH_Y0		0

#endif /* TT_HAL_BLACKHOLE_NOC_MAP_H */
