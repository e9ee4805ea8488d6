// SPDX-License-Identifier: Apache-2.0
/*
 * Dst used without owning it: compile-time arg 0 = 0 does math without
 * tile_regs_acquire, 1 packs without tile_regs_wait (into CB 16).
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	if (get_compile_time_arg_val(0) == 0) {
		exp_tile(0);
		tile_regs_commit();
		return;
	}
	tile_regs_acquire();
	exp_tile(0);
	tile_regs_commit();
	pack_tile(0, 16);
	tile_regs_release();
}
