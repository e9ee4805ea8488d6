// SPDX-License-Identifier: Apache-2.0
/*
 * The token ring of sem_ring.c with a bug planted: the core whose fourth
 * argument is 1 takes the token and finishes without passing it on, so
 * every core after it waits forever.
 * Args: next core's NoC x, next core's NoC y, 1 on the first core, 1 on
 * the core that drops the token.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t nx = get_arg_val(0), ny = get_arg_val(1), first = get_arg_val(2);
	uint32_t drop = get_arg_val(3);
	volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);

	if (!first)
		noc_semaphore_wait(sem, 1);
	if (drop)
		return;
	noc_semaphore_inc(get_noc_addr(nx, ny, (uint32_t)sem), 1);
	noc_async_atomic_barrier();
	if (first)
		noc_semaphore_wait(sem, 1);
}
