/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Wormhole B0 NoC geography and limits (reference/ttmetal-facts.md §3.2,
 * §3.3, §3.5, §7): grid size, the virtual coordinates of workers, the
 * NoC endpoints of the DRAM banks, burst size and alignments.
 * Preprocessor only, selected by the include path like tt_mem_map.h.
 *
 * DRAM banks: WH has 6 channels with 3 endpoints each and the allocator
 * sees 12 banks.  We give each bank its own 1 GiB (TT_DRAM_BANK_SIZE) and
 * its own endpoint: bank 2c and 2c + 1 are the first two endpoints of
 * channel c, so bank_to_dram_offset is 0 for every bank.  DRAM is not
 * virtualized on WH: on NoC1 its coordinates are mirrored
 * (x -> size_x - 1 - x, y -> size_y - 1 - y); workers keep their virtual
 * coordinates on both NoCs.
 */
#ifndef TT_HAL_WORMHOLE_NOC_MAP_H
#define TT_HAL_WORMHOLE_NOC_MAP_H

#define TT_NOC_SIZE_X			10
#define TT_NOC_SIZE_Y			12
#define TT_NOC_VIRTUAL_WORKER_X0	18	/* worker (x, y) -> (18 + x, 18 + y) */
#define TT_NOC_VIRTUAL_WORKER_Y0	18

#define TT_NOC_WORD_BYTES		32
#define TT_NOC_MAX_BURST_SIZE		8192
#define TT_NOC_L1_ALIGNMENT		16	/* source and destination agree mod 16 */
#define TT_NOC_DRAM_ALIGNMENT		32	/* page rounding of DRAM buffers */

/* NoC0 endpoint of DRAM bank i: (TT_NOC_DRAM_X[i], TT_NOC_DRAM_Y[i]). */
#define TT_NOC_DRAM_BANKS		12
#define TT_NOC_DRAM_X_INIT		{ 0, 0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5 }
#define TT_NOC_DRAM_Y_INIT		{ 0, 1, 5, 6, 0, 1, 2, 9, 3, 4, 5, 6 }

#endif /* TT_HAL_WORMHOLE_NOC_MAP_H */
