// SPDX-License-Identifier: Apache-2.0
/*
 * A token goes once round a ring of cores: each core sleeps on its
 * semaphore 0 until the token arrives, prints, and passes it on by
 * incrementing the next core's semaphore 0.  The first core starts the
 * token and finishes when it comes back.
 * Args: next core's NoC x, next core's NoC y, 1 on the first core.
 */
#include <stdio.h>

#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t nx = get_arg_val(0), ny = get_arg_val(1), first = get_arg_val(2);
	volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);

	if (!first)
		noc_semaphore_wait(sem, 1);
	printf("token at (%u,%u)\n", (unsigned)my_x, (unsigned)my_y);
	noc_semaphore_inc(get_noc_addr(nx, ny, (uint32_t)sem), 1);
	noc_async_atomic_barrier();
	if (first)
		noc_semaphore_wait(sem, 1);
}
