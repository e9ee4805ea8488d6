// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of eltwise_binary and the sfpi tests: tile i of two DRAM buffers into CBs 0
 * and 1.  Args: in0 bank address, in1 bank address, tiles.
 */
#include "dataflow_api.h"

/* bf16 tiles unless the test defines ELTWISE_FLOAT32 (the sfpi tests). */
#ifdef ELTWISE_FLOAT32
#define TILE_BYTES TT_TILE_BYTES_FLOAT32
#define TILE_DF	   TT_DF_FLOAT32
#else
#define TILE_BYTES TT_TILE_BYTES_FLOAT16_B
#define TILE_DF	   TT_DF_FLOAT16_B
#endif

void kernel_main(void)
{
	InterleavedAddrGenFast in0 = {
		.bank_base_address = get_arg_val(0),
		.page_size = TILE_BYTES,
		.data_format = TILE_DF,
		.is_dram = true,
	};
	InterleavedAddrGenFast in1 = in0;
	uint32_t n = get_arg_val(2);

	in1.bank_base_address = get_arg_val(1);
	for (uint32_t i = 0; i < n; i++) {
		cb_reserve_back(0, 1);
		cb_reserve_back(1, 1);
		noc_async_read_tile(i, &in0, get_write_ptr(0));
		noc_async_read_tile(i, &in1, get_write_ptr(1));
		noc_async_read_barrier();
		cb_push_back(0, 1);
		cb_push_back(1, 1);
	}
}
