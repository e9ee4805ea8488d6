// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of the layout probe: 32 row-major rows (sticks, one page each)
 * of a tensor into the pages of CB 0, back to back, so its front holds
 * the 32 rows tilize_block wants.
 *
 * Compile-time args: TensorAccessorArgs of the input; the tiles per row.
 * Runtime args: input address.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t src = get_arg_val<uint32_t>(0);
	constexpr auto args = TensorAccessorArgs<0>();
	constexpr uint32_t wt = get_compile_time_arg_val(args.next_compile_time_args_offset());
	constexpr uint32_t row_bytes = wt * 32 * 2;
	const auto in = TensorAccessor(args, src, row_bytes);

	cb_reserve_back(tt::CBIndex::c_0, wt);
	uint32_t l1 = get_write_ptr(tt::CBIndex::c_0);
	for (uint32_t r = 0; r < 32; r++)
		noc_async_read_page(r, in, l1 + r * row_bytes);
	noc_async_read_barrier();
	cb_push_back(tt::CBIndex::c_0, wt);
}
