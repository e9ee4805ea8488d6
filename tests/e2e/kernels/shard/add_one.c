// SPDX-License-Identifier: Apache-2.0
/*
 * Add 1 to every word of this core's shard.  CB 0 is globally allocated
 * on the input sharded buffer and CB 16 on the output one, so the shard
 * is already in CB 0: push it to make it visible at the front, as
 * tt-metal's sharded readers do.  Padding pages get +1 too.
 * Args: pages in a shard, 32-bit words in a page.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t pages = get_arg_val(0), words = get_arg_val(1);
	const volatile uint32_t *src;
	volatile uint32_t *dst;

	cb_reserve_back(0, pages);
	cb_push_back(0, pages);
	cb_wait_front(0, pages);
	cb_reserve_back(16, pages);
	src = (const volatile uint32_t *)get_read_ptr(0);
	dst = (volatile uint32_t *)get_write_ptr(16);
	for (uint32_t i = 0; i < pages * words; i++)
		dst[i] = src[i] + 1;
	cb_push_back(16, pages);
	cb_pop_front(0, pages);
}
