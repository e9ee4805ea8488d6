// SPDX-License-Identifier: Apache-2.0
/*
 * Read 64 bytes from a peer, then copy them to another L1 area with
 * plain loads: with arg 5 set there is a read barrier in between, as
 * there must be; without it the copy may see what was there before.
 * Args: peer NoC x, peer NoC y, L1 source (at the peer) and destination
 * (here), L1 copy, barrier.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t x = get_arg_val(0), y = get_arg_val(1), addr = get_arg_val(2);
	volatile uint32_t *copy = (volatile uint32_t *)get_arg_val(3);
	volatile uint32_t *dst = (volatile uint32_t *)addr;

	noc_async_read(get_noc_addr(x, y, addr), addr, 64);
	if (get_arg_val(4))
		noc_async_read_barrier();
	for (uint32_t i = 0; i < 16; i++)
		copy[i] = dst[i];
}
