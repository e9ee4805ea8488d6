// SPDX-License-Identifier: Apache-2.0
/*
 * A tile from a writer core to a reader core, synchronised only by a
 * semaphore on the reader: the writer writes the tile, then increments
 * the reader's semaphore 0; the reader waits for it and copies the tile
 * with plain loads.  Without the write barrier between the write and the
 * increment the reader may copy bytes still in flight: a race.
 * Args: role (0 writer, 1 reader), peer NoC x, peer NoC y, tile L1
 * address (same on both cores), tile size, barrier (writer).
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t role = get_arg_val(0), px = get_arg_val(1), py = get_arg_val(2);
	uint32_t tile = get_arg_val(3), size = get_arg_val(4);
	volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);

	if (role == 0) {
		noc_async_write(tile, get_noc_addr(px, py, tile), size); /* race: write */
		if (get_arg_val(5))
			noc_async_write_barrier();
		noc_semaphore_inc(get_noc_addr(px, py, (uint32_t)sem), 1); /* race: signal */
		noc_async_write_barrier();
		noc_async_atomic_barrier();
	} else {
		noc_semaphore_wait(sem, 1);
		for (uint32_t i = 0; i < size / 4; i++)
			((volatile uint32_t *)(tile + size))[i] = ((volatile uint32_t *)tile)[i];
	}
}
