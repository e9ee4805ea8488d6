// SPDX-License-Identifier: Apache-2.0
/*
 * A compute kernel in tt-metal's older spelling (namespace NAMESPACE,
 * void MAIN): copy n tiles from CB 0 to CB 16 through Dst, then square
 * them with the SFPU template spelling square_tile<false>; DPRINT on each
 * TRISC, and a TileSlice of the first input tile.
 */
#include <cstdint>

#include "compute_kernel_api/common.h"
#include "debug/dprint.h"

namespace NAMESPACE {
void MAIN
{
	uint32_t n = get_arg_val<uint32_t>(0);

	DPRINT_UNPACK("unpack {}\n", n);
	DPRINT_MATH(DPRINT << "math " << n << ENDL());
	DPRINT_PACK("pack\n");
	init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
	square_tile_init<false>();
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(tt::CBIndex::c_0, 1);
		if (i == 0)
			DPRINT_UNPACK("{}", TileSlice(tt::CBIndex::c_0, 0, SliceRange::hw0_32_16(),
						      TSLICE_INPUT_CB, TSLICE_RD_PTR, true, true));
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 0);
		square_tile<false>(0);
		tile_regs_commit();
		cb_pop_front(tt::CBIndex::c_0, 1);
		cb_reserve_back(tt::CBIndex::c_16, 1);
		tile_regs_wait();
		pack_tile(0, tt::CBIndex::c_16);
		tile_regs_release();
		cb_push_back(tt::CBIndex::c_16, 1);
	}
}
} // namespace NAMESPACE
