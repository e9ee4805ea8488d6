// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of the reduce/broadcast probe: the two input tiles into CB 0,
 * then the operand tiles the compute kernel needs, made with ttnn's
 * helpers: reduce scalers of 1.0 (CB 2) and 1/32 (CB 3, applied twice by
 * REDUCE_SCALAR: an average over 1024), a scalar 2.0 (CB 4), a row of
 * 1.0 (CB 5), a column of 0.5 (CB 6) and a matmul row-sum tile (CB 7).
 *
 * Compile-time args: TensorAccessorArgs of the input.
 * Runtime args: input address, then the packed bfloat16 pairs of
 * 1.0, 1/32, 2.0, 0.5.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "ttnn/kernel/dataflow/generate_bcast_scalar.hpp"
#include "ttnn/kernel/dataflow/generate_mm_scaler.hpp"
#include "ttnn/deprecated/tt_dnn/kernels/dataflow/generate_reduce_scaler.hpp"

void kernel_main()
{
	uint32_t src = get_arg_val<uint32_t>(0);
	uint32_t one = get_arg_val<uint32_t>(1), inv32 = get_arg_val<uint32_t>(2);
	uint32_t two = get_arg_val<uint32_t>(3), half = get_arg_val<uint32_t>(4);
	constexpr auto args = TensorAccessorArgs<0>();
	const auto in = TensorAccessor(args, src, get_tile_size(tt::CBIndex::c_0));

	cb_reserve_back(tt::CBIndex::c_0, 2);
	for (uint32_t t = 0; t < 2; t++)
		noc_async_read_tile(t, in, get_write_ptr(tt::CBIndex::c_0) + t * get_tile_size(0));
	noc_async_read_barrier();
	cb_push_back(tt::CBIndex::c_0, 2);

	generate_reduce_scaler(tt::CBIndex::c_2, one);
	wh_generate_reduce_scaler<true>(tt::CBIndex::c_3, inv32);
	generate_bcast_unary_scalar(tt::CBIndex::c_4, two);
	generate_bcast_row_scalar(tt::CBIndex::c_5, one);
	generate_bcast_col_scalar(tt::CBIndex::c_6, half);
	generate_mm_scaler(tt::CBIndex::c_7, one);
}
