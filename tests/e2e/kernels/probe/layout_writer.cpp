// SPDX-License-Identifier: Apache-2.0
/*
 * Writer of the layout probe: the WT tiles of CB 16 to the tile output,
 * then the 32 rows of CB 17 and of CB 18 to the two row outputs (one page
 * per row).
 *
 * Compile-time args: TensorAccessorArgs of the tile output, of the two
 * row outputs; the tiles per row.
 * Runtime args: the three output addresses.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

template <typename Acc>
void write_rows(uint32_t cb, const Acc &out, uint32_t pages, uint32_t row_bytes)
{
	cb_wait_front(cb, pages);
	for (uint32_t r = 0; r < 32; r++)
		noc_async_write_page(r, out, get_read_ptr(cb) + r * row_bytes);
	noc_async_write_barrier();
	cb_pop_front(cb, pages);
}

void kernel_main()
{
	constexpr auto ta = TensorAccessorArgs<0>();
	constexpr auto ra = TensorAccessorArgs<ta.next_compile_time_args_offset()>();
	constexpr auto pa = TensorAccessorArgs<ra.next_compile_time_args_offset()>();
	constexpr uint32_t wt = get_compile_time_arg_val(pa.next_compile_time_args_offset());
	const auto tiles = TensorAccessor(ta, get_arg_val<uint32_t>(0), 2048);
	const auto rows1 = TensorAccessor(ra, get_arg_val<uint32_t>(1), wt * 64);
	const auto rows2 = TensorAccessor(pa, get_arg_val<uint32_t>(2), wt * 64);

	cb_wait_front(tt::CBIndex::c_16, wt);
	for (uint32_t t = 0; t < wt; t++)
		noc_async_write_tile(t, tiles, get_read_ptr(tt::CBIndex::c_16) + t * 2048);
	noc_async_write_barrier();
	cb_pop_front(tt::CBIndex::c_16, wt);
	write_rows(tt::CBIndex::c_17, rows1, wt, wt * 64);
	write_rows(tt::CBIndex::c_18, rows2, wt, wt * 64);
}
