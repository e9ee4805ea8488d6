// SPDX-License-Identifier: Apache-2.0
/*
 * Copy every page of a sharded buffer into an interleaved one through two
 * TensorAccessors: the first described by compile-time args from 0 (and,
 * when its config says so, common runtime args from 0), the second right
 * after it.  Runtime args: source, destination, L1 scratch page, pages.
 */
#include <cstdint>

void kernel_main()
{
	uint32_t src = get_arg_val<uint32_t>(0), dst = get_arg_val<uint32_t>(1);
	uint32_t l1 = get_arg_val<uint32_t>(2), pages = get_arg_val<uint32_t>(3);
	constexpr auto in_args = TensorAccessorArgs<0, 0>();
	const auto in = TensorAccessor(in_args, src);
	constexpr auto out_args = TensorAccessorArgs<in_args.next_compile_time_args_offset()>();
	const auto out = TensorAccessor(out_args, dst);

	static_assert(in_args.is_sharded && !out_args.is_sharded, "sharded in, interleaved out");
	for (uint32_t i = 0; i < pages; i++) {
		noc_async_read_page(i, in, l1);
		noc_async_read_barrier();
		noc_async_write_page(i, out, l1);
		noc_async_write_barrier();
	}
}
