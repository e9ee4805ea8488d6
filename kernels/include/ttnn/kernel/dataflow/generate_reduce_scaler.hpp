// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's reduce scaler tiles (ttnn/kernel/dataflow/generate_reduce_scaler.hpp):
 * reduce_tile multiplies face f of its input by row 0 of face f of the
 * scaler tile, so a scaler tile holds the scaler in the first row of each
 * face (16 values) and zeros everywhere else.  @scaler is a bfloat16 value
 * packed twice into a word (0x3f803f80 for 1.0, the host's
 * pack_two_bfloat16_into_uint32); the CB holds bfloat16 tiles.  Each call
 * reserves, fills and pushes one tile of @cb_id.
 */
#ifndef TT_TTNN_KERNEL_DATAFLOW_GENERATE_REDUCE_SCALER_HPP
#define TT_TTNN_KERNEL_DATAFLOW_GENERATE_REDUCE_SCALER_HPP

#include <cstdint>

#include "api/dataflow/dataflow_api.h"

namespace tt_scaler {

/* Words of one face (16 x 16 bfloat16) and of one face row. */
constexpr uint32_t face_words = 16 * 16 / 2;
constexpr uint32_t row_words = 16 / 2;

/* Row 0 of each of the first @faces faces of the tile at @addr := @scaler. */
inline void fill_face_rows(uint32_t addr, uint32_t faces, uint32_t scaler)
{
	volatile uint32_t *p = reinterpret_cast<volatile uint32_t *>(addr);

	for (uint32_t f = 0; f < faces; f++)
		for (uint32_t j = 0; j < row_words; j++)
			p[f * face_words + j] = scaler;
}

} // namespace tt_scaler

/*
 * Zero the tile (half_tile: its first two faces, a 16 x 32 tile), then put
 * @scaler in row 0 of each face, unless it is zero.
 */
template <bool half_tile = false>
FORCE_INLINE void generate_reduce_scaler(const uint32_t cb_id, const uint32_t scaler)
{
	constexpr uint32_t faces = half_tile ? 2 : 4;

	cb_reserve_back(cb_id, 1);
	uint32_t addr = get_write_ptr(cb_id);

	noc_async_zero_l1(addr, faces * tt_scaler::face_words * 4);
	noc_async_read_barrier();
	if (scaler != 0)
		tt_scaler::fill_face_rows(addr, faces, scaler);
	cb_push_back(cb_id, 1);
}

/*
 * The same full tile; needs_zeroing = false leaves the other rows as they
 * are (the CB page was zeroed before) and always writes the scaler rows.
 */
template <bool needs_zeroing = true>
FORCE_INLINE void wh_generate_reduce_scaler(const uint32_t cb_id, const uint32_t scaler)
{
	cb_reserve_back(cb_id, 1);
	uint32_t addr = get_write_ptr(cb_id);

	if constexpr (needs_zeroing) {
		noc_async_zero_l1(addr, 4 * tt_scaler::face_words * 4);
		noc_async_read_barrier();
	}
	if (scaler != 0 || !needs_zeroing)
		tt_scaler::fill_face_rows(addr, 4, scaler);
	cb_push_back(cb_id, 1);
}

#endif
