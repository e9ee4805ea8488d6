// SPDX-License-Identifier: Apache-2.0
/*
 * Every core of a ring, for each of @rounds rounds: add 1 to the next
 * core's semaphore 0, then sleep until its own semaphore reaches the round.
 * All cores run at once, so in parallel mode the increments from other
 * host threads land while this one sleeps or tests.  Records the final
 * semaphore and what EMU_IO_LOCKED read during the run.
 * Args: next core's NoC x, next core's NoC y, rounds, result L1 address.
 */
#include "dataflow_api.h"
#include "tt_emu_regs.h"

void kernel_main(void)
{
	uint32_t nx = get_arg_val(0), ny = get_arg_val(1), rounds = get_arg_val(2);
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(3);
	volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);
	uint64_t next = get_noc_addr(nx, ny, (uint32_t)sem);

	for (uint32_t r = 1; r <= rounds; r++) {
		noc_semaphore_inc(next, 1);
		noc_async_atomic_barrier();
		noc_semaphore_wait_min(sem, r);
	}
	out[0] = *sem;
	out[1] = *(volatile uint32_t *)(TT_MMIO_EMU_BASE + TT_A_EMU_IO_LOCKED);
}
