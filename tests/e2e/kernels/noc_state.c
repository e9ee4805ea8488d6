// SPDX-License-Identifier: Apache-2.0
/*
 * The _set_state / _with_state forms.  Args: peer NoC x, peer NoC y, L1
 * address (the same at the peer and here), page size, pages.
 *  1. one-packet reads of every page from the peer (one set_state);
 *  2. one read of all pages at once with read_set_state/_with_state into
 *     the region after them (several bursts when over 8 KiB);
 *  3. one-packet writes of every page from region 1 back to the peer,
 *     after its copy of the pages (one set_state).
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t x = get_arg_val(0), y = get_arg_val(1), addr = get_arg_val(2);
	uint32_t page = get_arg_val(3), n = get_arg_val(4);
	uint32_t total = page * n;

	noc_async_read_one_packet_set_state(get_noc_addr(x, y, addr), page);
	for (uint32_t i = 0; i < n; i++)
		noc_async_read_one_packet_with_state(addr + i * page, addr + i * page);
	noc_async_read_barrier();

	noc_async_read_set_state(get_noc_addr(x, y, addr));
	noc_async_read_with_state(addr, addr + total, total);
	noc_async_read_barrier();

	noc_async_write_one_packet_set_state(get_noc_addr(x, y, addr + total), page);
	for (uint32_t i = 0; i < n; i++)
		noc_async_write_one_packet_with_state(addr + i * page, addr + total + i * page);
	noc_async_write_barrier();
}
