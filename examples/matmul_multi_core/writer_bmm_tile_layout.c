// SPDX-License-Identifier: Apache-2.0
/*
 * Writer of matmul_multi_core (BRISC, NoC 0): this core's output block
 * arrives in CB 16 one out sub-block at a time (sub_h x sub_w tiles,
 * row-major), sub-blocks in row-major order; each tile goes to its place
 * in the bf16 DRAM output, row-major by tile.
 * Args: out address, first tile of the block, Nt (tiles per output row),
 * sub_w, sub_h, sub-blocks across, sub-blocks down.
 */
#include "dataflow_api.h"

#define CB_OUT 16

void kernel_main(void)
{
	InterleavedAddrGenFast out = {
		.bank_base_address = get_arg_val(0),
		.page_size = TT_TILE_BYTES_FLOAT16_B,
		.data_format = TT_DF_FLOAT16_B,
		.is_dram = true,
	};
	uint32_t start = get_arg_val(1), nt = get_arg_val(2);
	uint32_t sub_w = get_arg_val(3), sub_h = get_arg_val(4);
	uint32_t num_sub_w = get_arg_val(5), num_sub_h = get_arg_val(6);

	for (uint32_t sh = 0; sh < num_sub_h; sh++) {
		for (uint32_t sw = 0; sw < num_sub_w; sw++) {
			uint32_t row = start + sh * sub_h * nt + sw * sub_w;
			uint32_t l1;

			cb_wait_front(CB_OUT, sub_h * sub_w);
			l1 = get_read_ptr(CB_OUT);
			for (uint32_t h = 0; h < sub_h; h++, row += nt) {
				for (uint32_t w = 0; w < sub_w; w++) {
					noc_async_write_tile(row + w, &out, l1);
					l1 += TT_TILE_BYTES_FLOAT16_B;
				}
			}
			noc_async_write_barrier();
			cb_pop_front(CB_OUT, sub_h * sub_w);
		}
	}
}
