/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Architecture descriptors.  Every difference between Wormhole B0 and
 * Blackhole that the host library cares about is a field here; code asks
 * the descriptor instead of testing the architecture (no #ifdef ARCH).
 * Every number comes from the architecture's files in hal/ (hal/<arch>/
 * tt_mem_map.h and tt_noc_map.h).  Only Wormhole B0 devices can be
 * opened; Blackhole is described for the allocator, layouts and shards.
 */
#ifndef TT_ARCH_H
#define TT_ARCH_H

#include <stdbool.h>
#include <stdint.h>

enum tt_arch_id {
	TT_ARCH_WORMHOLE_B0 = 0,
	TT_ARCH_BLACKHOLE = 1,
};

struct tt_arch {
	enum tt_arch_id id;
	const char *name; /* "wormhole_b0", as on the command line */

	/* Worker grid (logical) and its NoC (virtual) placement. */
	uint32_t grid_x_default; /* logical columns of workers */
	uint32_t grid_y_default; /* logical rows of workers */
	uint32_t grid_x_max;
	uint32_t grid_y_max;
	uint32_t noc_size_x; /* NoC grid, including non-workers */
	uint32_t noc_size_y;
	uint32_t virtual_worker_x0; /* worker (x,y) -> (x0+x, y0+y) */
	uint32_t virtual_worker_y0;
	/*
	 * Physical NoC 0 column of each worker column (grid_x_max entries)
	 * and row of each worker row (grid_y_max entries) on an unharvested
	 * chip, or NULL where hal/ does not describe them.
	 */
	const uint8_t *worker_noc_x;
	const uint8_t *worker_noc_y;

	/* L1 per worker core. */
	uint32_t l1_size;	     /* bytes */
	uint32_t l1_unreserved_base; /* first byte the allocator may use */
	uint32_t l1_alignment;	     /* bytes */

	/* DRAM. */
	uint32_t dram_banks;
	uint64_t dram_bank_size;       /* bytes per bank */
	uint32_t dram_unreserved_base; /* reserved bytes at the start of each bank */
	uint32_t dram_alignment;       /* bytes */
	/*
	 * NoC 0 endpoint of each DRAM bank (dram_banks entries), or NULL
	 * where hal/ does not describe them; NoC 1 sees them mirrored
	 * (x -> noc_size_x - 1 - x, y likewise) when dram_noc_mirrored.
	 */
	const uint8_t *dram_noc_x;
	const uint8_t *dram_noc_y;
	bool dram_noc_mirrored;

	/* NoC and CBs. */
	uint32_t noc_max_burst; /* bytes per NoC packet */
	uint32_t num_cbs;	/* circular buffers per core */

	/*
	 * Ethernet cores, one RISC each: channel c is tt-metal's logical
	 * ethernet core (0, c), at virtual NoC (virtual_eth_x0 + c %
	 * eth_per_row, virtual_eth_y0 + c / eth_per_row).  Their L1 is
	 * eth_l1_size bytes, free from l1_unreserved_base on, as a worker's.
	 */
	uint32_t eth_cores;
	uint32_t eth_per_row;
	uint32_t virtual_eth_x0;
	uint32_t virtual_eth_y0;
	uint32_t eth_l1_size;
};

/* Descriptor of @id, or NULL if unknown. */
const struct tt_arch *tt_arch_get(enum tt_arch_id id);

/* Descriptor named @name ("wormhole_b0", "blackhole", in any case), or NULL. */
const struct tt_arch *tt_arch_by_name(const char *name);

#endif /* TT_ARCH_H */
