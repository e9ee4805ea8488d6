// SPDX-License-Identifier: Apache-2.0
/*
 * Copy a sharded buffer into another one with a different shard spec,
 * page by page, reading and writing through two sharded address
 * generators and CB 0.
 * Args: source address, destination address, pages, offset of the
 * destination's generator words, then the source's words, then the
 * destination's.
 */
#include "sharded_addr_gen.h"

void kernel_main(void)
{
	ShardedAddrGen src, dst;
	uint32_t pages = get_arg_val(2), words = get_arg_val(3), buf;

	sharded_addr_gen_init(&src, get_arg_val(0), (const volatile uint32_t *)get_arg_addr(4));
	sharded_addr_gen_init(&dst, get_arg_val(1),
			      (const volatile uint32_t *)get_arg_addr(4 + words));
	cb_reserve_back(0, 1);
	buf = get_write_ptr(0);
	for (uint32_t id = 0; id < pages; id++) {
		noc_async_read_sharded_page(id, &src, buf);
		noc_async_read_barrier();
		noc_async_write_sharded_page(id, &dst, buf);
		noc_async_write_barrier();
	}
}
