// SPDX-License-Identifier: Apache-2.0
/*
 * Store the emulator's statistics register at EMU offset arg 1 (EMU_TBS,
 * EMU_TLB_FLUSHES, ...) at the L1 address in arg 0.
 */
#include "dataflow_api.h"
#include "tt_emu_regs.h"

void kernel_main(void)
{
	*(volatile uint32_t *)get_arg_val(0) =
		*(volatile uint32_t *)(TT_MMIO_EMU_BASE + get_arg_val(1));
}
