// SPDX-License-Identifier: Apache-2.0
/*
 * NoC register bursts in a loop, bracketed by reads of the emulator's I/O
 * rewind counter.  Args: L1 source, L1 destination, bytes per read,
 * reads, L1 address of the two result words (rewinds during the loop,
 * then reads done).
 */
#include "dataflow_api.h"
#include "tt_emu_regs.h"

static uint32_t io_rewinds(void)
{
	return *(volatile uint32_t *)(TT_MMIO_EMU_BASE + TT_A_EMU_IO_REWINDS);
}

void kernel_main(void)
{
	uint32_t src = get_arg_val(0), dst = get_arg_val(1), len = get_arg_val(2);
	uint32_t n = get_arg_val(3);
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(4);
	uint32_t before = io_rewinds(), i;

	for (i = 0; i < n; i++) {
		noc_async_read(get_noc_addr_local(src), dst, len);
		noc_async_read_barrier();
	}
	out[0] = io_rewinds() - before;
	out[1] = i;
}
