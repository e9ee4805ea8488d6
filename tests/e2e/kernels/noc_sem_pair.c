// SPDX-License-Identifier: Apache-2.0
/*
 * A tile from a sender to a receiver, handshaking with semaphores:
 * semaphore 0 ("ready") lives on the sender, semaphore 1 ("data") on the
 * receiver.  The receiver says it is ready with an atomic increment on
 * the sender, the sender waits for it, writes the tile, then sets the
 * receiver's data semaphore; the receiver waits for that.
 * Args: role (0 sender, 1 receiver), peer NoC x, peer NoC y, tile L1
 * address (same on both cores), tile size.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t role = get_arg_val(0), px = get_arg_val(1), py = get_arg_val(2);
	uint32_t tile = get_arg_val(3), size = get_arg_val(4);
	volatile uint32_t *ready = (volatile uint32_t *)get_semaphore(0);
	volatile uint32_t *data = (volatile uint32_t *)get_semaphore(1);

	if (role == 0) {
		noc_semaphore_wait(ready, 1);
		noc_async_write(tile, get_noc_addr(px, py, tile), size);
		noc_async_write_barrier();
		noc_semaphore_set(data, 1);
		noc_semaphore_set_remote((uint32_t)data, get_noc_addr(px, py, (uint32_t)data));
		noc_async_write_barrier();
	} else {
		noc_semaphore_inc(get_noc_addr(px, py, (uint32_t)ready), 1);
		noc_async_atomic_barrier();
		noc_semaphore_wait(data, 1);
		/* Proof the receiver saw the data after its semaphore. */
		*(volatile uint32_t *)(tile + size) = *(volatile uint32_t *)tile;
	}
}
