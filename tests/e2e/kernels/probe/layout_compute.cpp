// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the layout probe: tilize the 32 rows of CB 0 into CB 1
 * (WT tiles), then from those tiles make three outputs: the tiles
 * themselves (copied through Dst to CB 16), the rows again with
 * untilize_block (CB 17) and with pack_untilize_block (CB 18).  The
 * unpack thread prints a TileSlice of the first tile.
 */
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"
#include "api/debug/dprint.h"

constexpr uint32_t wt = get_compile_time_arg_val(0);
constexpr uint32_t rows = tt::CBIndex::c_0, tiles = tt::CBIndex::c_1;

void kernel_main()
{
	compute_kernel_hw_startup(rows, tiles);
	tilize_init(rows, wt, tiles);
	cb_wait_front(rows, wt);
	cb_reserve_back(tiles, wt);
	tilize_block(rows, wt, tiles);
	cb_push_back(tiles, wt);
	cb_pop_front(rows, wt);
	tilize_uninit(rows, tiles);

	cb_wait_front(tiles, wt);
	DPRINT_UNPACK(DPRINT << TileSlice(tiles, 0, SliceRange::hw0_32_8(), TSLICE_INPUT_CB,
					  TSLICE_RD_PTR, true, true));

	copy_tile_to_dst_init_short(tiles);
	pack_reconfig_data_format(tt::CBIndex::c_16);
	cb_reserve_back(tt::CBIndex::c_16, wt);
	for (uint32_t t = 0; t < wt; t++) {
		tile_regs_acquire();
		copy_tile(tiles, t, 0);
		tile_regs_commit();
		tile_regs_wait();
		pack_tile(0, tt::CBIndex::c_16);
		tile_regs_release();
	}
	cb_push_back(tt::CBIndex::c_16, wt);

	untilize_init(tiles, tt::CBIndex::c_17);
	cb_reserve_back(tt::CBIndex::c_17, wt);
	untilize_block(tiles, wt, tt::CBIndex::c_17);
	cb_push_back(tt::CBIndex::c_17, wt);
	untilize_uninit(tiles);

	pack_untilize_init<wt>(tiles, tt::CBIndex::c_18);
	cb_reserve_back(tt::CBIndex::c_18, wt);
	pack_untilize_block<wt>(tiles, 1, tt::CBIndex::c_18);
	cb_push_back(tt::CBIndex::c_18, wt);
	pack_untilize_uninit(tt::CBIndex::c_18);
	cb_pop_front(tiles, wt);
}
