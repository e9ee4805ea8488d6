// SPDX-License-Identifier: Apache-2.0
/*
 * NoC register bursts in a loop, bracketed by reads of the emulator's I/O
 * counters.  Args: L1 source, L1 destination, bytes per read, reads, L1
 * address of the four result words (rewinds during the loop, reads done,
 * direct MMIO accesses and plain register writes stored by the emulator
 * during the loop).
 */
#include "dataflow_api.h"
#include "tt_emu_regs.h"

static uint32_t emu_reg(uint32_t off)
{
	return *(volatile uint32_t *)(TT_MMIO_EMU_BASE + off);
}

void kernel_main(void)
{
	uint32_t src = get_arg_val(0), dst = get_arg_val(1), len = get_arg_val(2);
	uint32_t n = get_arg_val(3);
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(4);
	uint32_t rewinds = emu_reg(TT_A_EMU_IO_REWINDS);
	uint32_t direct = emu_reg(TT_A_EMU_IO_DIRECT), i;
	uint32_t latched = emu_reg(TT_A_EMU_IO_LATCHED);

	for (i = 0; i < n; i++) {
		noc_async_read(get_noc_addr_local(src), dst, len);
		noc_async_read_barrier();
	}
	out[0] = emu_reg(TT_A_EMU_IO_REWINDS) - rewinds;
	out[2] = emu_reg(TT_A_EMU_IO_DIRECT) - direct;
	out[3] = emu_reg(TT_A_EMU_IO_LATCHED) - latched;
	out[1] = i;
}
