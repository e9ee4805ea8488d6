// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the gdb tests: copies @n tiles from CB 0 to CB 16.  On each
 * TRISC only its part of copy_tile and pack_tile has code (UNPACK, MATH,
 * PACK); docs/gdb.md shows what stepping over the others does.  Args: n.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	compute_kernel_hw_startup(0, 0, 16);
	copy_tile_to_dst_init_short(0);
	for (uint32_t t = 0; t < n; t++) {
		cb_wait_front(0, 1); /* gdb: compute waited */
		cb_reserve_back(16, 1);
		tile_regs_acquire();
		copy_tile(0, 0, 0); /* gdb: compute copies */
		tile_regs_commit();
		tile_regs_wait();
		pack_tile(0, 16);
		tile_regs_release();
		cb_pop_front(0, 1);
		cb_push_back(16, 1);
	}
}
