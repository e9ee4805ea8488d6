// SPDX-License-Identifier: Apache-2.0
/*
 * As stream.c, with the state-based reads: the pages of one DRAM bank
 * after another, one noc_async_read_one_packet_set_state per bank, then
 * three register writes per page.  Args: bank address, page size (at
 * most NOC_MAX_BURST_SIZE), pages, L1 ring, passes over the buffer.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t base = get_arg_val(0), page = get_arg_val(1), n = get_arg_val(2);
	uint32_t ring = get_arg_val(3), passes = get_arg_val(4);
	uint32_t banks = TT_BANK_TABLE->num_dram_banks;
	uint32_t stride = (page + DRAM_ALIGNMENT - 1) & ~(DRAM_ALIGNMENT - 1);
	uint32_t done = 0;

	for (uint32_t p = 0; p < passes; p++) {
		for (uint32_t b = 0; b < banks; b++) {
			uint64_t bank = get_noc_addr_from_bank_id(true, b, 0);
			uint32_t src = (uint32_t)bank + base;

			noc_async_read_one_packet_set_state(bank, page);
			for (uint32_t i = b; i < n; i += banks, src += stride) {
				noc_async_read_one_packet_with_state(src, ring + (done % 8) * page);
				if (++done % 8 == 0)
					noc_async_read_barrier();
			}
		}
	}
	noc_async_read_barrier();
}
