// SPDX-License-Identifier: Apache-2.0
/*
 * CB pages handed over before the NoC command moving them is finished.
 * Mode 0 (a reader): reserve a page of CB 0, read @size bytes into it
 * from @src of this core's L1, push it; without the read barrier before
 * cb_push_back the consumer may see the page before the data.  Mode 1 (a
 * writer): wait for that page, write it to @dst of this core's L1 and pop
 * it; without noc_async_writes_flushed (or the write barrier) before cb_pop_front the
 * producer may refill the page while the write still reads it.
 * Args: mode, src, dst, size, barrier.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t mode = get_arg_val(0), src = get_arg_val(1), dst = get_arg_val(2);
	uint32_t size = get_arg_val(3), barrier = get_arg_val(4);

	cb_reserve_back(0, 1);
	noc_async_read(get_noc_addr_local(src), get_write_ptr(0), size); /* race: read */
	if (barrier || mode == 1)
		noc_async_read_barrier();
	cb_push_back(0, 1); /* race: push */
	noc_async_read_barrier();
	cb_wait_front(0, 1);
	noc_async_write(get_read_ptr(0), get_noc_addr_local(dst), size); /* race: write */
	if (barrier || mode == 0)
		noc_async_writes_flushed();
	cb_pop_front(0, 1); /* race: pop */
	noc_async_write_barrier();
}
