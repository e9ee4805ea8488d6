// SPDX-License-Identifier: Apache-2.0
/*
 * Copy every page of a sharded buffer, wherever its shard lives (other
 * cores' L1 or DRAM banks), into an interleaved DRAM buffer through the
 * sharded address generator, one page at a time through CB 0.
 * Args: sharded buffer address, DRAM buffer address, pages, then the
 * words of tt_buffer_sharded_args() -- or, with SHARD_ARGS_COMPILE_TIME
 * defined, those words are the compile-time args.
 */
#include "sharded_addr_gen.h"

#ifdef SHARD_ARGS_COMPILE_TIME
static const uint32_t shard_args[] = { KERNEL_COMPILE_TIME_ARGS };
#define SHARD_ARGS shard_args
#else
#define SHARD_ARGS ((const volatile uint32_t *)get_arg_addr(3))
#endif

void kernel_main(void)
{
	ShardedAddrGen src;
	InterleavedAddrGen dst;
	uint32_t pages = get_arg_val(2), buf;

	sharded_addr_gen_init(&src, get_arg_val(0), SHARD_ARGS);
	dst.bank_base_address = get_arg_val(1);
	dst.page_size = src.page_size;
	dst.is_dram = true;
	cb_reserve_back(0, 1);
	buf = get_write_ptr(0);
	for (uint32_t id = 0; id < pages; id++) {
		noc_async_read_sharded_page(id, &src, buf);
		noc_async_read_barrier();
		noc_async_write_page(id, &dst, buf);
		noc_async_write_barrier();
	}
}
