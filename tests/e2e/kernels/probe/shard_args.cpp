// SPDX-License-Identifier: Apache-2.0
/*
 * Kernel of the sharding/args probe, on each core of a height-sharded
 * tensor.  CBs 0 and 1 share one globally allocated address, this core's
 * shard (two pages): page 0 is read through CB 0, page 1 through CB 1.
 * Each page plus (common arg 0) + (shard index) per word goes out to
 * pages 2i, 2i+1 of the first output; page 1 of the next core's shard,
 * read through the sharded TensorAccessor, goes to page i of the second.
 * CB 2 is a staging page.
 *
 * Compile-time args: TensorAccessorArgs of the shards, of output 1, of
 * output 2.
 * Runtime args: output 1, output 2, shard index i, number of shards.
 * Common runtime args: the value to add, the shards' address.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

constexpr uint32_t page = 2048;

void kernel_main()
{
	constexpr auto sa = TensorAccessorArgs<0>();
	constexpr auto oa = TensorAccessorArgs<sa.next_compile_time_args_offset()>();
	constexpr auto na = TensorAccessorArgs<oa.next_compile_time_args_offset()>();
	uint32_t i = get_arg_val<uint32_t>(2), shards = get_arg_val<uint32_t>(3);
	uint32_t add = get_common_arg_val<uint32_t>(0) + i;
	const auto shard = TensorAccessor(sa, get_common_arg_val<uint32_t>(1), page);
	const auto out = TensorAccessor(oa, get_arg_val<uint32_t>(0), page);
	const auto next = TensorAccessor(na, get_arg_val<uint32_t>(1), page);
	constexpr uint32_t stage = tt::CBIndex::c_2;

	cb_reserve_back(stage, 1);
	uint32_t buf = get_write_ptr(stage);
	volatile uint32_t *w = reinterpret_cast<volatile uint32_t *>(buf);
	for (uint32_t p = 0; p < 2; p++) {
		uint32_t from = p == 0 ? get_read_ptr(tt::CBIndex::c_0)
				       : get_read_ptr(tt::CBIndex::c_1) + page;
		volatile uint32_t *r = reinterpret_cast<volatile uint32_t *>(from);

		for (uint32_t k = 0; k < page / 4; k++)
			w[k] = r[k] + add;
		noc_async_write_page(2 * i + p, out, buf);
		noc_async_write_barrier();
	}
	noc_async_read_page(((i + 1) % shards) * 2 + 1, shard, buf);
	noc_async_read_barrier();
	noc_async_write_page(i, next, buf);
	noc_async_write_barrier();
}
