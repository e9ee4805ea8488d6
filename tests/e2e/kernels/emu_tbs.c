// SPDX-License-Identifier: Apache-2.0
/*
 * Store the emulator's translation block count (EMU_TBS) at the L1
 * address in arg 0.
 */
#include "dataflow_api.h"
#include "tt_emu_regs.h"

void kernel_main(void)
{
	*(volatile uint32_t *)get_arg_val(0) =
		*(volatile uint32_t *)(TT_MMIO_EMU_BASE + TT_A_EMU_TBS);
}
