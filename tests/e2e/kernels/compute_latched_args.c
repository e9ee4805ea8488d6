// SPDX-License-Identifier: Apache-2.0
/*
 * Math and pack hand Dst back and forth (runtime arg 0) times; math
 * counts, around the loop, the plain register writes the emulator stored
 * itself (EMU IO_LATCHED) and leaves the count and the loop's length at
 * the L1 address in runtime arg 1.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(1);
	uint32_t latched = TT_EMU_REG(IO_LATCHED);

	for (uint32_t i = 0; i < n; i++) {
		tile_regs_acquire();
		tile_regs_commit();
		tile_regs_wait();
		tile_regs_release();
	}
	MATH((out[0] = TT_EMU_REG(IO_LATCHED) - latched, out[1] = n));
	(void)out, (void)latched;
}
