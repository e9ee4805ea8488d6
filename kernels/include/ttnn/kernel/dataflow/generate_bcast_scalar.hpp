// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's broadcast operand tiles (ttnn/kernel/dataflow/generate_bcast_scalar.hpp),
 * for bfloat16 tiles; @scalar is a bfloat16 packed twice into a word.
 * Each call reserves, fills and pushes one tile of @cb_id, writing only
 * what the broadcast reads (the rest of the tile keeps what it held):
 *
 *  - generate_bcast_col_scalar: column 0 (BroadcastType::COL, *_bcast_cols);
 *  - generate_bcast_row_scalar: row 0 (BroadcastType::ROW, *_bcast_rows);
 *  - generate_bcast_unary_scalar: element [0][0] (BroadcastType::SCALAR).
 */
#ifndef TT_TTNN_KERNEL_DATAFLOW_GENERATE_BCAST_SCALAR_HPP
#define TT_TTNN_KERNEL_DATAFLOW_GENERATE_BCAST_SCALAR_HPP

#include <cstdint>

#include "api/dataflow/dataflow_api.h"

/* Column 0 of faces 0 and 2 (the tile's left column) := @scalar's bfloat16. */
FORCE_INLINE void generate_bcast_col_scalar(const uint32_t cb_id, const uint32_t scalar)
{
	const uint16_t v = scalar >> 16;

	cb_reserve_back(cb_id, 1);
	volatile uint16_t *p = reinterpret_cast<volatile uint16_t *>(get_write_ptr(cb_id));
	for (uint32_t face = 0; face < 4; face += 2)
		for (uint32_t row = 0; row < 16; row++)
			p[face * 256 + row * 16] = v;
	cb_push_back(cb_id, 1);
}

/* Row 0 of faces 0 and 1 (the tile's top row) := @scalar. */
FORCE_INLINE void generate_bcast_row_scalar(const uint32_t cb_id, const uint32_t scalar)
{
	cb_reserve_back(cb_id, 1);
	volatile uint32_t *p = reinterpret_cast<volatile uint32_t *>(get_write_ptr(cb_id));
	for (uint32_t face = 0; face < 2; face++)
		for (uint32_t j = 0; j < 8; j++)
			p[face * 128 + j] = scalar;
	cb_push_back(cb_id, 1);
}

/* Element [0][0] := @scalar's bfloat16 (the word's other half is zeroed). */
FORCE_INLINE void generate_bcast_unary_scalar(const uint32_t cb_id, const uint32_t scalar)
{
	cb_reserve_back(cb_id, 1);
	volatile uint32_t *p = reinterpret_cast<volatile uint32_t *>(get_write_ptr(cb_id));
	p[0] = scalar >> 16;
	cb_push_back(cb_id, 1);
}

#endif
