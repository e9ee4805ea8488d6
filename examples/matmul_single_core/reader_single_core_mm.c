// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of matmul_single_core (NCRISC): for every output tile (m, n) in
 * row-major order, the Kt tile pairs in0[m][k] -> CB 0 and in1[k][n] ->
 * CB 1, one pair at a time.  Both inputs are bf16 tiles interleaved in
 * DRAM, row-major by tile.  Args: in0 address, in1 address, Mt, Kt, Nt.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGenFast in0 = {
		.bank_base_address = get_arg_val(0),
		.page_size = TT_TILE_BYTES_FLOAT16_B,
		.data_format = TT_DF_FLOAT16_B,
		.is_dram = true,
	};
	InterleavedAddrGenFast in1 = in0;
	uint32_t mt = get_arg_val(2), kt = get_arg_val(3), nt = get_arg_val(4);

	in1.bank_base_address = get_arg_val(1);
	for (uint32_t m = 0; m < mt; m++) {
		for (uint32_t n = 0; n < nt; n++) {
			for (uint32_t k = 0; k < kt; k++) {
				cb_reserve_back(0, 1);
				cb_reserve_back(1, 1);
				noc_async_read_tile(m * kt + k, &in0, get_write_ptr(0));
				noc_async_read_tile(k * nt + n, &in1, get_write_ptr(1));
				noc_async_read_barrier();
				cb_push_back(0, 1);
				cb_push_back(1, 1);
			}
		}
	}
}
