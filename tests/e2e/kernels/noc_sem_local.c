// SPDX-License-Identifier: Apache-2.0
/*
 * Semaphore 0 between the two data-movement RISCs of one core: NCRISC
 * sets it with a plain store (noc_semaphore_set notifies its siblings),
 * BRISC sleeps until it sees the value and records it.
 * Args: value, result L1 address.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);
	uint32_t v = get_arg_val(0);

	if (tt_my_risc() == TT_RISC_NCRISC) {
		noc_semaphore_set(sem, v);
	} else {
		noc_semaphore_wait(sem, v);
		*(volatile uint32_t *)get_arg_val(1) = *sem;
	}
}
