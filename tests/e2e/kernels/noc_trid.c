// SPDX-License-Identifier: Apache-2.0
/*
 * Reads on two transaction ids, a barrier on each, then a write on a
 * third.  Args: peer NoC x, peer NoC y, L1 address A (2 KiB at the peer
 * and here), L1 address B (likewise), L1 result words.
 * Results: [0] first word of A and [1] of B after the id 1 barrier, [2] of
 * B after the id 2 barrier, [3..5] the outstanding counts of ids 1, 2, 3
 * after the write barrier, [6] the outgoing count of id 3 after the
 * flush.  Then A goes back to the peer at B + 2 KiB with id 3.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t x = get_arg_val(0), y = get_arg_val(1), a = get_arg_val(2);
	uint32_t b = get_arg_val(3);
	volatile uint32_t *res = (volatile uint32_t *)get_arg_val(4);

	noc_async_read_set_trid(1);
	noc_async_read(get_noc_addr(x, y, a), a, 2048);
	noc_async_read_set_trid(2);
	noc_async_read(get_noc_addr(x, y, b), b, 2048);
	noc_async_read_barrier_with_trid(1);
	res[0] = *(volatile uint32_t *)a;
	res[1] = *(volatile uint32_t *)b;
	noc_async_read_barrier_with_trid(2);
	res[2] = *(volatile uint32_t *)b;
	noc_async_read_set_trid(0);

	noc_async_write_one_packet_with_trid(a, get_noc_addr(x, y, b + 2048), 2048, 3);
	noc_async_write_flushed_with_trid(3);
	res[6] = noc_status_reg(noc_index, TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(3));
	noc_async_write_barrier_with_trid(3);
	for (uint32_t id = 1; id <= 3; id++)
		res[2 + id] = noc_status_reg(noc_index, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(id));
	noc_async_write_barrier();
}
