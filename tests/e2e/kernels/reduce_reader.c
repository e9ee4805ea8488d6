// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of the reduce test: the scaler tile (tile 0 of its DRAM buffer)
 * into CB 2 once, then the input tiles in order into CB 0.  Every buffer
 * holds bf16 tiles.  Args: in address, scaler address, tiles.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGenFast in = {
		.bank_base_address = get_arg_val(0),
		.page_size = TT_TILE_BYTES_FLOAT16_B,
		.data_format = TT_DF_FLOAT16_B,
		.is_dram = true,
	};
	InterleavedAddrGenFast scaler = in;
	uint32_t n = get_arg_val(2);

	scaler.bank_base_address = get_arg_val(1);
	cb_reserve_back(2, 1);
	noc_async_read_tile(0, &scaler, get_write_ptr(2));
	noc_async_read_barrier();
	cb_push_back(2, 1);
	for (uint32_t i = 0; i < n; i++) {
		cb_reserve_back(0, 1);
		noc_async_read_tile(i, &in, get_write_ptr(0));
		noc_async_read_barrier();
		cb_push_back(0, 1);
	}
}
