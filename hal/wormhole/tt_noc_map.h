/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Wormhole B0 worker grid, NoC geography and DRAM: grid sizes, the
 * virtual coordinates of workers, the NoC endpoints of the DRAM banks,
 * burst size and alignments.  Preprocessor only, selected by the include
 * path like tt_mem_map.h.
 *
 * Worker grid: a Wormhole B0 has 8x10 Tensix cores (80); a device opens
 * with 8x8 unless asked otherwise, tt-metal's usual compute grid.
 *
 * Virtual coordinates: workers start at (18, 18) in virtual space and are
 * contiguous, on both NoCs.
 *
 * DRAM banks: WH has 6 channels with 3 NoC endpoints each (columns x = 0
 * and x = 5 of the 10x12 NoC) and the allocator sees 12 banks.  We give
 * each bank its own 1 GiB and its own endpoint: bank 2c and 2c + 1 are
 * the first two endpoints of channel c, so bank_to_dram_offset is 0 for
 * every bank.  DRAM is not virtualized on WH: on NoC1 its coordinates are
 * mirrored (x -> size_x - 1 - x, y -> size_y - 1 - y).
 */
#ifndef TT_HAL_WORMHOLE_NOC_MAP_H
#define TT_HAL_WORMHOLE_NOC_MAP_H

#define TT_GRID_X_MAX			8	/* worker columns */
#define TT_GRID_Y_MAX			10	/* worker rows */
#define TT_GRID_X_DEFAULT		8
#define TT_GRID_Y_DEFAULT		8

#define TT_NOC_SIZE_X			10
#define TT_NOC_SIZE_Y			12
#define TT_NOC_VIRTUAL_WORKER_X0	18	/* worker (x, y) -> (18 + x, 18 + y) */
#define TT_NOC_VIRTUAL_WORKER_Y0	18

/*
 * Where the workers physically sit on NoC0 (an unharvested chip): worker
 * column x is NoC column TT_NOC_WORKER_X_INIT[x], row y is NoC row
 * TT_NOC_WORKER_Y_INIT[y].  Columns 0 and 5 hold DRAM, rows 0 and 6
 * ethernet.  Hop counts between cores and the worker beside each DRAM
 * bank follow from these, not from the virtual coordinates.
 */
#define TT_NOC_WORKER_X_INIT		{ 1, 2, 3, 4, 6, 7, 8, 9 }
#define TT_NOC_WORKER_Y_INIT		{ 1, 2, 3, 4, 5, 7, 8, 9, 10, 11 }

#define TT_NOC_WORD_BYTES		32
#define TT_NOC_MAX_BURST_SIZE		8192
#define TT_NOC_L1_ALIGNMENT		16	/* source and destination agree mod 16 */
#define TT_NOC_DRAM_ALIGNMENT		32	/* page rounding of DRAM buffers */

/* DRAM, reached only through the NoC. */
#define TT_DRAM_BANKS			12
#define TT_DRAM_BANK_SIZE		(1024ULL * 1024 * 1024)
#define TT_DRAM_UNRESERVED_BASE		64	/* reserved bytes at the start of a bank */

/*
 * NoC0 endpoint of DRAM bank i: element i of each list.  NoC1 sees them
 * mirrored (not virtualized).
 */
#define TT_NOC_DRAM_MIRRORED		1
#define TT_NOC_DRAM_X_INIT		{ 0, 0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5 }
#define TT_NOC_DRAM_Y_INIT		{ 0, 1, 5, 6, 0, 1, 2, 9, 3, 4, 5, 6 }

/*
 * Ethernet cores: 16, one RISC each (tt-metal's active or idle ERISC),
 * listed in channel order.  Channel c sits on NoC0 at
 * (TT_NOC_ETH_X_INIT[c], TT_NOC_ETH_Y_INIT[c]) (tt-metal's soc descriptor)
 * and is virtualized like the workers: its translated coordinates are
 * (TT_NOC_VIRTUAL_ETH_X0 + c % TT_ETH_PER_ROW,
 *  TT_NOC_VIRTUAL_ETH_Y0 + c / TT_ETH_PER_ROW); tt-metal's logical
 * ethernet core of channel c is (0, c).  An ethernet core's L1 is
 * TT_MEM_ETH_L1_SIZE (tt_mem_map.h).
 */
#define TT_ETH_CORES			16
#define TT_ETH_PER_ROW			8
#define TT_NOC_ETH_X_INIT		{ 9, 1, 8, 2, 7, 3, 6, 4, 9, 1, 8, 2, 7, 3, 6, 4 }
#define TT_NOC_ETH_Y_INIT		{ 0, 0, 0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 6, 6 }
#define TT_NOC_VIRTUAL_ETH_X0		18
#define TT_NOC_VIRTUAL_ETH_Y0		16

#endif /* TT_HAL_WORMHOLE_NOC_MAP_H */
