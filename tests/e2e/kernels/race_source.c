// SPDX-License-Identifier: Apache-2.0
/*
 * Reusing the source buffer of a NoC write: the kernel writes @size
 * bytes from @buf to a peer, then reuses @buf, by plain stores (mode 0)
 * or as the destination of a NoC read (mode 1).  The write may still be
 * reading @buf until noc_async_writes_flushed (or the write barrier):
 * without it (barrier 0) that is a race.
 * Args: peer NoC x, peer NoC y, buf, peer destination, size, mode,
 * barrier.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t px = get_arg_val(0), py = get_arg_val(1), buf = get_arg_val(2);
	uint32_t dst = get_arg_val(3), size = get_arg_val(4);
	uint32_t mode = get_arg_val(5), barrier = get_arg_val(6);

	noc_async_write(buf, get_noc_addr(px, py, dst), size); /* race: write */
	if (barrier)
		noc_async_writes_flushed();
	if (mode == 0) {
		for (uint32_t i = 0; i < size / 4; i++)
			((volatile uint32_t *)buf)[i] = i;
	} else {
		noc_async_read(get_noc_addr(px, py, dst + size), buf, size); /* race: read */
		noc_async_read_barrier();
	}
	noc_async_write_barrier(); /* race: barrier */
}
