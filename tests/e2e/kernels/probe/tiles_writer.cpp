// SPDX-License-Identifier: Apache-2.0
/*
 * Writes @n tiles from CB 16 to pages 0.. of a tensor, one at a time.
 * Compile-time args: TensorAccessorArgs of the output.
 * Runtime args: output address, n.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t dst = get_arg_val<uint32_t>(0), n = get_arg_val<uint32_t>(1);
	constexpr uint32_t cb = tt::CBIndex::c_16;
	constexpr auto args = TensorAccessorArgs<0>();
	const auto out = TensorAccessor(args, dst, get_tile_size(cb));

	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(cb, 1);
		noc_async_write_tile(i, out, get_read_ptr(cb));
		noc_async_write_barrier();
		cb_pop_front(cb, 1);
	}
}
