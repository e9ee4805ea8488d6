// SPDX-License-Identifier: Apache-2.0
/*
 * Writer of eltwise_binary and the sfpi tests: tiles of CB 16 to a DRAM
 * buffer, in order.
 * Args: out bank address, tiles.
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
	InterleavedAddrGenFast out = {
		.bank_base_address = get_arg_val(0),
		.page_size = TILE_BYTES,
		.data_format = TILE_DF,
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
