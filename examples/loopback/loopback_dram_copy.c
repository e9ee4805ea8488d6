// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's loopback example: copy a DRAM buffer to another DRAM buffer
 * through an L1 staging buffer, one tile at a time.
 * Args: source bank address, destination bank address, L1 buffer address,
 *       number of tiles, tile size in bytes.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGenFast src = {
		.bank_base_address = get_arg_val(0),
		.page_size = get_arg_val(4),
		.is_dram = true,
	};
	InterleavedAddrGenFast dst = {
		.bank_base_address = get_arg_val(1),
		.page_size = get_arg_val(4),
		.is_dram = true,
	};
	uint32_t l1_buffer = get_arg_val(2), num_tiles = get_arg_val(3);

	for (uint32_t i = 0; i < num_tiles; i++) {
		noc_async_read_tile(i, &src, l1_buffer);
		noc_async_read_barrier();
		noc_async_write_tile(i, &dst, l1_buffer);
		noc_async_write_barrier();
	}
}
