/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Register and field definitions in one form for every layer.
 *
 *   TT_REG32(NOC, CMD_CTRL, 0x28)            -> TT_A_NOC_CMD_CTRL (offset)
 *   TT_FIELD(NOC, CMD_CTRL, SEND_REQ, 0, 1)  -> TT_R_NOC_CMD_CTRL_SEND_REQ_{SHIFT,WIDTH,MASK}
 *
 * Offsets are relative to the block's base, so firmware writes
 * base + TT_A_x and the device model switches on TT_A_x: both compile
 * against the same numbers.  Safe in C, assembly and linker scripts (the
 * accessor macros are C only).  Same idea as QEMU's registerfields.h; our
 * own code.
 */
#ifndef TT_HAL_REGFIELDS_H
#define TT_HAL_REGFIELDS_H

#ifdef __ASSEMBLER__
/* Register tables are C enums; assembly uses the few plain macros it needs. */
#define TT_REG32(blk, reg, off)
#define TT_FIELD(blk, reg, fld, shift, width)
#else
#include <stdint.h>

#define TT_REG32(blk, reg, off)	enum { TT_A_##blk##_##reg = (off) };

#define TT_FIELD(blk, reg, fld, shift, width)					\
	enum {									\
		TT_R_##blk##_##reg##_##fld##_SHIFT = (shift),			\
		TT_R_##blk##_##reg##_##fld##_WIDTH = (width),			\
		TT_R_##blk##_##reg##_##fld##_MASK =				\
			(int)((0xffffffffu >> (32 - (width))) << (shift)),	\
	};

/* Extract field @fld of register @reg in block @blk from @v. */
#define TT_FIELD_GET(blk, reg, fld, v)						\
	(((uint32_t)(v) & (uint32_t)TT_R_##blk##_##reg##_##fld##_MASK) >>	\
	 TT_R_##blk##_##reg##_##fld##_SHIFT)

/* Return @v with field @fld replaced by @x. */
#define TT_FIELD_SET(blk, reg, fld, v, x)					\
	(((uint32_t)(v) & ~(uint32_t)TT_R_##blk##_##reg##_##fld##_MASK) |	\
	 (((uint32_t)(x) << TT_R_##blk##_##reg##_##fld##_SHIFT) &		\
	  (uint32_t)TT_R_##blk##_##reg##_##fld##_MASK))

/* A register value with only field @fld set to @x. */
#define TT_FIELD_VAL(blk, reg, fld, x) TT_FIELD_SET(blk, reg, fld, 0, x)
#endif

#endif /* TT_HAL_REGFIELDS_H */
