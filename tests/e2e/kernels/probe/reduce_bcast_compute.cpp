// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the reduce/broadcast probe; writes seven tiles to CB 16:
 *  0  SUM over rows of both input tiles (column 0: sums of 64)
 *  1  MAX over columns of input tile 0 (row 0)
 *  2  AVG of output tile 1 as a scalar ([0][0])
 *  3  input tile 0 times the scalar tile (2.0)
 *  4  input tile 0 plus the row tile (1.0)
 *  5  input tile 0 minus the column tile (0.5)
 *  6  input tile 0 @ the matmul scaler tile (column 0: row sums)
 */
#include <cstdint>

#include "api/compute/bcast.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/matmul.h"
#include "api/compute/reduce.h"
#include "api/compute/tile_move_copy.h"

using namespace ckernel;

namespace {

constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16, mid = tt::CBIndex::c_24;

/* Pack Dst tile 0 to @cb and release it. */
void pack_one(uint32_t cb)
{
	tile_regs_commit();
	cb_reserve_back(cb, 1);
	tile_regs_wait();
	pack_tile(0, cb);
	tile_regs_release();
	cb_push_back(cb, 1);
}

} // namespace

void kernel_main()
{
	compute_kernel_hw_startup(in, tt::CBIndex::c_2, out);
	cb_wait_front(in, 2);
	for (uint32_t cb = tt::CBIndex::c_2; cb <= tt::CBIndex::c_7; cb++)
		cb_wait_front(cb, 1);

	reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, tt::CBIndex::c_2, out);
	tile_regs_acquire();
	for (uint32_t t = 0; t < 2; t++)
		reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, tt::CBIndex::c_2, t, 0, 0);
	pack_one(out);

	/* The column maxima go out and, through CB 24, into the average. */
	reduce_init<PoolType::MAX, ReduceDim::REDUCE_COL>(in, tt::CBIndex::c_2, out);
	for (uint32_t cb : { out, mid }) {
		tile_regs_acquire();
		reduce_tile<PoolType::MAX, ReduceDim::REDUCE_COL>(in, tt::CBIndex::c_2, 0, 0, 0);
		pack_one(cb);
	}
	reduce_uninit();

	cb_wait_front(mid, 1);
	reduce_init<PoolType::AVG, ReduceDim::REDUCE_SCALAR>(mid, tt::CBIndex::c_3, out);
	tile_regs_acquire();
	reduce_tile<PoolType::AVG, ReduceDim::REDUCE_SCALAR>(mid, tt::CBIndex::c_3, 0, 0, 0);
	pack_one(out);
	reduce_uninit();
	cb_pop_front(mid, 1);

	init_bcast<EltwiseBinaryType::ELWMUL, BroadcastType::SCALAR>(in, tt::CBIndex::c_4, out);
	tile_regs_acquire();
	mul_tiles_bcast<BroadcastType::SCALAR>(in, tt::CBIndex::c_4, 0, 0, 0);
	pack_one(out);

	add_bcast_rows_init_short(in, tt::CBIndex::c_5);
	tile_regs_acquire();
	add_tiles_bcast_rows(in, tt::CBIndex::c_5, 0, 0, 0);
	pack_one(out);

	sub_bcast_cols_init_short(in, tt::CBIndex::c_6);
	tile_regs_acquire();
	sub_tiles_bcast_cols(in, tt::CBIndex::c_6, 0, 0, 0);
	pack_one(out);

	mm_init_short(in, tt::CBIndex::c_7);
	tile_regs_acquire();
	matmul_tiles(in, tt::CBIndex::c_7, 0, 0, 0);
	pack_one(out);

	cb_pop_front(in, 2);
	for (uint32_t cb = tt::CBIndex::c_2; cb <= tt::CBIndex::c_7; cb++)
		cb_pop_front(cb, 1);
}
