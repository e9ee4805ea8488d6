/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bank-to-NoC tables, written by the host into every core's L1 at
 * TT_MEM_BANK_TO_NOC_BASE when the device opens and read by the kernel
 * API's address generators:
 *
 *   page id -> bank = id % num_banks, row = id / num_banks
 *   address  = row * aligned_page_size + bank_base + bank_to_*_offset[bank]
 *   NoC xy   = *_bank_to_noc_xy[noc][bank]
 *
 * A noc_xy entry is the coordinate part of the MID word of a NoC address
 * (hal/tt_noc_regs.h ADDR_MID X/Y fields), so the 64-bit address is
 * ((uint64_t)noc_xy << TT_NOC_ADDR_COORD_SHIFT) | address.
 */
#ifndef TT_HAL_BANK_TABLE_H
#define TT_HAL_BANK_TABLE_H

#include "tt_mem_map.h"
#include "tt_noc_map.h"

#define TT_BANK_TABLE_MAX_DRAM		16
#define TT_BANK_TABLE_MAX_L1		128
#define TT_BANK_TABLE_MAGIC		0xba4c7ab1u

#ifndef __ASSEMBLER__
#include <assert.h>
#include <stddef.h>
#include <stdint.h>

struct tt_bank_table {
	uint32_t magic;			/* TT_BANK_TABLE_MAGIC once written */
	uint32_t num_dram_banks;
	uint32_t num_l1_banks;
	uint32_t pad;
	uint16_t dram_bank_to_noc_xy[2][TT_BANK_TABLE_MAX_DRAM];
	int32_t bank_to_dram_offset[TT_BANK_TABLE_MAX_DRAM];
	uint16_t l1_bank_to_noc_xy[2][TT_BANK_TABLE_MAX_L1];
	int32_t bank_to_l1_offset[TT_BANK_TABLE_MAX_L1];
};

static_assert(sizeof(struct tt_bank_table) <= TT_MEM_BANK_TO_NOC_SIZE,
	       "bank tables must fit TT_MEM_BANK_TO_NOC_SIZE");
static_assert(offsetof(struct tt_bank_table, num_dram_banks) == 4 &&
	       offsetof(struct tt_bank_table, num_l1_banks) == 8 &&
	       offsetof(struct tt_bank_table, dram_bank_to_noc_xy) == 16 &&
	       offsetof(struct tt_bank_table, bank_to_dram_offset) ==
	       16 + 2 * 2 * TT_BANK_TABLE_MAX_DRAM &&
	       offsetof(struct tt_bank_table, l1_bank_to_noc_xy) ==
	       16 + 2 * 2 * TT_BANK_TABLE_MAX_DRAM + 4 * TT_BANK_TABLE_MAX_DRAM &&
	       offsetof(struct tt_bank_table, bank_to_l1_offset) ==
	       16 + 8 * TT_BANK_TABLE_MAX_DRAM + 2 * 2 * TT_BANK_TABLE_MAX_L1,
	       "bank table layout");
static_assert(TT_DRAM_BANKS <= TT_BANK_TABLE_MAX_DRAM,
	       "the bank table must hold every DRAM bank");
#endif /* __ASSEMBLER__ */

#endif /* TT_HAL_BANK_TABLE_H */
