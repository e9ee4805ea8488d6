// SPDX-License-Identifier: Apache-2.0
/*
 * Interleaved buffer -> L1 -> interleaved buffer, one tile at a time
 * through address generators.  Args: src bank address, dst bank address,
 * L1 staging address, number of tiles, tile size, src is DRAM (else L1),
 * dst is DRAM.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGenFast src = {
		.bank_base_address = get_arg_val(0),
		.page_size = get_arg_val(4),
		.is_dram = get_arg_val(5),
	};
	InterleavedAddrGenFast dst = {
		.bank_base_address = get_arg_val(1),
		.page_size = get_arg_val(4),
		.is_dram = get_arg_val(6),
	};
	uint32_t l1 = get_arg_val(2), n = get_arg_val(3);

	for (uint32_t i = 0; i < n; i++) {
		noc_async_read_tile(i, &src, l1);
		noc_async_read_barrier();
		noc_async_write_tile(i, &dst, l1);
		noc_async_write_barrier();
	}
}
