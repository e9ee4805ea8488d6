// SPDX-License-Identifier: Apache-2.0
/*
 * A compute kernel in tt-metal's older spelling (namespace NAMESPACE,
 * void MAIN): copy n tiles from CB 0 to CB 16 through Dst, then square
 * them with the SFPU template spelling square_tile<false>.
 */
#include <cstdint>

#include "compute_kernel_api/common.h"

namespace NAMESPACE {
void MAIN
{
	uint32_t n = get_arg_val<uint32_t>(0);

	init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
	square_tile_init<false>();
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(tt::CBIndex::c_0, 1);
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
