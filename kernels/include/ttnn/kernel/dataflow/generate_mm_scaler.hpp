// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's matmul reduce operand (ttnn/kernel/dataflow/generate_mm_scaler.hpp):
 * a bfloat16 tile that is zero except column 0 of faces 0 and 2, which hold
 * the low half of @scaler, so matmul_tiles(in, scaler_tile) sums each row
 * of `in` (times the scaler) into column 0: REDUCE_ROW done as a matmul.
 * Reserves, fills and pushes one tile of @cb_id.
 */
#ifndef TT_TTNN_KERNEL_DATAFLOW_GENERATE_MM_SCALER_HPP
#define TT_TTNN_KERNEL_DATAFLOW_GENERATE_MM_SCALER_HPP

#include <cstdint>

#include "api/dataflow/dataflow_api.h"

FORCE_INLINE void generate_mm_scaler(const uint32_t cb_id, const uint32_t scaler)
{
	cb_reserve_back(cb_id, 1);
	uint32_t addr = get_write_ptr(cb_id);
	volatile uint32_t *p = reinterpret_cast<volatile uint32_t *>(addr);

	noc_async_zero_l1(addr, 2048);
	noc_async_read_barrier();
	/* Word 8 * r of a face holds elements (r, 0) and (r, 1): set (r, 0). */
	for (uint32_t face = 0; face < 4; face += 2)
		for (uint32_t row = 0; row < 16; row++)
			p[face * 128 + row * 8] = scaler & 0xFFFF;
	cb_push_back(cb_id, 1);
}

#endif
