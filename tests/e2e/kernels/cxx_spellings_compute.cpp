// SPDX-License-Identifier: Apache-2.0
/*
 * Build-only: tt-metal compute spellings beyond the corpus, so that a
 * change that drops one fails a test.  Never run.
 */
#include <cstdint>

#include "api/compute/bcast.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/matmul.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/reduce.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"
#include "api/debug/dprint.h"

using namespace ckernel;

void kernel_main()
{
	constexpr auto in0 = tt::CBIndex::c_0, in1 = tt::CBIndex::c_1, out = tt::CBIndex::c_16;

	compute_kernel_hw_startup(in0, in1, out);
	reconfig_data_format<false, true>(in0, in1);
	reconfig_data_format_srca(in1, in0);
	pack_reconfig_data_format(out);
	init_bcast<EltwiseBinaryType::ELWADD, BroadcastType::ROW>(in0, in1, out);
	tile_regs_acquire();
	add_tiles_bcast<BroadcastType::ROW>(in0, in1, 0, 0, 0);
	mul_tiles_bcast_scalar(in0, in1, 0, 0, 1);
	any_tiles_bcast<EltwiseBinaryType::ELWSUB, BroadcastType::COL>(in0, in1, 0, 0, 2);
	reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(in0, in1, out);
	reduce_tile<PoolType::MAX, ReduceDim::REDUCE_SCALAR>(in0, in1, 0, 0, 3);
	reduce_uninit();
	mm_init(in0, in1, out);
	matmul_tiles(in0, in1, 0, 0, 4);
	exp_tile_init<true>();
	exp_tile<true>(0);
	recip_tile_init();
	recip_tile(1);
	gelu_tile<true>(2);
	add_binary_tile_init();
	add_binary_tile(0, 1, 0);
	mul_binary_tile(0, 1, 1);
	copy_tile_to_dst_init_short(in0, 0);
	tile_regs_commit();
	tile_regs_wait();
	pack_tile<true>(0, out, 1);
	pack_tile(1, out);
	tile_regs_release();
	tilize_init(in0, 4, out);
	tilize_block(in0, 4, out);
	untilize_init(in0, out);
	untilize_block<4>(in0, 4, out);
	pack_untilize_init<4, 8>(in0, out);
	pack_untilize_block<4, 8>(in0, 1, out, 1);
	pack_untilize_dest<4>(out);
	pack_untilize_uninit(out);
	DPRINT_PACK("pack {}\n", 1);
	DPRINT_MATH(DPRINT << "math" << ENDL());
}
