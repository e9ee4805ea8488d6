/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream (NoC overlay) registers of one Tensix core, as far as circular
 * buffers use them: stream s's registers sit at TT_MMIO_STREAM_BASE +
 * s * TT_STREAM_STRIDE, and CB i uses stream i (tt-metal's newest WH
 * OPERAND_START_STREAM = 0).  Two registers per CB hold the counters the
 * CB API compares:
 *
 *   TILES_RECEIVED  pages pushed by the producer (cb_push_back adds);
 *   TILES_ACKED     pages popped by the consumer (cb_pop_front adds).
 *
 * Both are shared by the core's five harts and wrap at 16 bits: compare
 * them as (uint16_t)(received - acked).  WH B0 register indices:
 * STREAM_REMOTE_DEST_BUF_SIZE (10) holds received and
 * STREAM_REMOTE_DEST_BUF_START (8) holds acked.  Offsets are relative to
 * a stream's base.
 */
#ifndef TT_HAL_STREAM_REGS_H
#define TT_HAL_STREAM_REGS_H

#include "tt_regfields.h"

#define TT_STREAM_STRIDE		0x1000

TT_REG32(STREAM, TILES_ACKED, 0x20)	/* STREAM_REMOTE_DEST_BUF_START */
TT_REG32(STREAM, TILES_RECEIVED, 0x28)	/* STREAM_REMOTE_DEST_BUF_SIZE */
TT_FIELD(STREAM, COUNTER, PAGES, 0, 16)	/* both counters: 16-bit wrap */

#endif /* TT_HAL_STREAM_REGS_H */
