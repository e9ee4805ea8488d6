// SPDX-License-Identifier: Apache-2.0
/*
 * The architecture descriptor table (one entry per arch, no #ifdef).
 * Wormhole B0 values come from hal/wormhole/tt_mem_map.h and
 * reference/ttmetal-facts.md §2-§3; Blackhole's from the same sections.
 */
#include <string.h>

#include <tt/arch.h>

#include "tt_mem_map.h"

static const struct tt_arch arches[] = {
	{
		.id = TT_ARCH_WORMHOLE_B0,
		.name = "wormhole_b0",
		.grid_x_default = 8,
		.grid_y_default = 8,
		.grid_x_max = 8,
		.grid_y_max = 10,
		.noc_size_x = 10,
		.noc_size_y = 12,
		.virtual_worker_x0 = 18,
		.virtual_worker_y0 = 18,
		.l1_size = TT_MEM_L1_SIZE,
		.l1_unreserved_base = TT_MEM_L1_UNRESERVED_BASE,
		.l1_alignment = 16,
		.dram_banks = TT_DRAM_BANKS,
		.dram_bank_size = TT_DRAM_BANK_SIZE,
		.dram_unreserved_base = 64,
		.dram_alignment = 32,
		.noc_max_burst = 8192,
		.num_cbs = 32,
	},
	{
		/* Descriptor only: the emulated machine is Wormhole B0 for now. */
		.id = TT_ARCH_BLACKHOLE,
		.name = "blackhole",
		.grid_x_default = 14,
		.grid_y_default = 10,
		.grid_x_max = 14,
		.grid_y_max = 10,
		.noc_size_x = 17,
		.noc_size_y = 12,
		.virtual_worker_x0 = 1,
		.virtual_worker_y0 = 2,
		.l1_size = 1536 * 1024,
		.l1_unreserved_base = TT_MEM_L1_UNRESERVED_BASE,
		.l1_alignment = 16,
		.dram_banks = 8,
		.dram_bank_size = 4177920ULL * 1024,
		.dram_unreserved_base = 64,
		.dram_alignment = 64,
		.noc_max_burst = 16384,
		.num_cbs = 64,
	},
};

const struct tt_arch *tt_arch_get(enum tt_arch_id id)
{
	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
		if (arches[i].id == id)
			return &arches[i];
	return NULL;
}

const struct tt_arch *tt_arch_by_name(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
		if (!strcmp(arches[i].name, name))
			return &arches[i];
	return NULL;
}
