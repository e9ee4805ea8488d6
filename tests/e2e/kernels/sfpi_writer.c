// SPDX-License-Identifier: Apache-2.0
/*
 * Writer of the sfpi tests: Float32 tiles of CB 16 to a DRAM buffer, in
 * order.  Args: out bank address, tiles.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGenFast out = {
		.bank_base_address = get_arg_val(0),
		.page_size = TT_TILE_BYTES_FLOAT32,
		.data_format = TT_DF_FLOAT32,
		.is_dram = true,
	};
	uint32_t n = get_arg_val(1);

	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(16, 1);
		noc_async_write_tile(i, &out, get_read_ptr(16));
		noc_async_write_barrier();
		cb_pop_front(16, 1);
	}
}
