// SPDX-License-Identifier: Apache-2.0
/*
 * Many cores increment one core's semaphore 0; that core sleeps until it
 * reaches the count, then records what it saw.
 * Args: target NoC x, target NoC y, expected count, result L1 address.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t tx = get_common_arg_val(0), ty = get_common_arg_val(1);
	uint32_t n = get_common_arg_val(2);
	volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);

	if (my_x == tx && my_y == ty) {
		noc_semaphore_wait(sem, n);
		*(volatile uint32_t *)get_common_arg_val(3) = *sem;
	} else {
		noc_semaphore_inc(get_noc_addr(tx, ty, (uint32_t)sem), 1);
		noc_async_atomic_barrier();
	}
}
