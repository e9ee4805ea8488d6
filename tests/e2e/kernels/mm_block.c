// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the matmul_block test: one rt x ct block of Dst tiles
 * accumulates kt k steps of matmul_block, in0 (rt x kt tiles, row-major
 * by tile) in CB 0, in1 (kt x ct tiles) in CB 1; the rt * ct result
 * tiles go to CB 16 row-major by tile, packed in order.  Args: rt, ct,
 * kt.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t rt = get_arg_val(0), ct = get_arg_val(1), kt = get_arg_val(2);

	mm_block_init(0, 1, 16, false, ct, rt, kt);
	cb_wait_front(0, rt * kt);
	cb_wait_front(1, kt * ct);
	tile_regs_acquire();
	for (uint32_t k = 0; k < kt; k++)
		matmul_block(0, 1, k, k * ct, 0, false, ct, rt, kt);
	tile_regs_commit();
	cb_pop_front(0, rt * kt);
	cb_pop_front(1, kt * ct);

	cb_reserve_back(16, rt * ct);
	tile_regs_wait();
	for (uint32_t i = 0; i < rt * ct; i++)
		pack_tile(i, 16); /* in order, as tt-metal's */
	tile_regs_release();
	cb_push_back(16, rt * ct);
}
