// SPDX-License-Identifier: Apache-2.0
/*
 * The reader of docs/debugging.md's "wrong answer" walk: tile i of two
 * DRAM buffers into CBs 0 and 1 for eltwise_binary.c, with the walk's
 * bug (every tile of in1 comes from tile 0) unless FIX_IN1_TILE is defined.
 * SHOW_TILES prints row 0 of each in1 tile, every 8th column, as it
 * lands (the slice ends the line).  Args: in0 bank address, in1 bank address, tiles.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

#ifdef FIX_IN1_TILE
#define IN1_TILE(i) (i)
#else
#define IN1_TILE(i) 0
#endif

void kernel_main()
{
	constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1;
	const InterleavedAddrGenFast<true> in0 = { .bank_base_address = get_arg_val<uint32_t>(0),
						   .page_size = get_tile_size(cb_a),
						   .data_format = get_dataformat(cb_a) };
	const InterleavedAddrGenFast<true> in1 = { .bank_base_address = get_arg_val<uint32_t>(1),
						   .page_size = get_tile_size(cb_b),
						   .data_format = get_dataformat(cb_b) };
	uint32_t n = get_arg_val<uint32_t>(2);

	for (uint32_t i = 0; i < n; i++) {
		cb_reserve_back(cb_a, 1);
		cb_reserve_back(cb_b, 1);
		noc_async_read_tile(i, in0, get_write_ptr(cb_a));
		noc_async_read_tile(IN1_TILE(i), in1, get_write_ptr(cb_b));
		noc_async_read_barrier();
#ifdef SHOW_TILES
		DPRINT << "in1 tile " << i << ": "
		       << TileSlice(cb_b, 0, SliceRange{ 0, 1, 1, 0, 32, 8 }, TSLICE_OUTPUT_CB,
				    TSLICE_WR_PTR);
#endif
		cb_push_back(cb_a, 1);
		cb_push_back(cb_b, 1);
	}
}
