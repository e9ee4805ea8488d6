// SPDX-License-Identifier: Apache-2.0
/*
 * Multicast a block of L1 to a rectangle of workers.
 * Args: src L1, dst L1, size, start x, start y, end x, end y (NoC),
 * number of destinations, loopback (0/1).
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t src = get_arg_val(0), dst = get_arg_val(1), size = get_arg_val(2);
	uint64_t mc = get_noc_multicast_addr(get_arg_val(3), get_arg_val(4), get_arg_val(5),
					     get_arg_val(6), dst);
	uint32_t n = get_arg_val(7);

	if (get_arg_val(8))
		noc_async_write_multicast_loopback_src(src, mc, size, n);
	else
		noc_async_write_multicast(src, mc, size, n);
	noc_async_write_barrier();
}
