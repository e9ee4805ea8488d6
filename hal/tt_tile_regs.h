/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tile-engine command block (ours, no silicon counterpart): how the
 * TRISCs drive the core's tile engine.  On a Wormhole the TRISCs push
 * Tensix instructions (UNPACR, ELWADD, PACR, SEMWAIT, ...) into the
 * instruction buffers; the emulator offers one command per engine step
 * instead, at TT_MMIO_TILE_BASE (hal/wormhole/tt_mem_map.h):
 *
 *   write ARG0..ARG3, then CMD = enum tt_tile_cmd; read STATUS.
 *
 * A command runs to completion inside the CMD write.  STATUS is
 * TT_TILE_STATUS_OK, TT_TILE_STATUS_BLOCKED where the hardware would
 * stall (the Src bank is still the other thread's, Dst half not free or
 * not yet committed) or TT_TILE_STATUS_EINVAL (reported as a guest error).
 * A stalled command changes nothing but the hart's wait: the engine has
 * done the sleep protocol's first half for it (hal/tt_wait.h: the wake
 * acknowledged as of before the command, the wait described as
 * TT_WAIT_TILE_ENGINE with the command as id), so the hart executes wfi
 * and issues the command again; its next command that does not stall
 * ends the wait.  Every command that changes engine state wakes the
 * core's other TRISCs whose last command stalled.
 * L1 addresses are byte addresses of whole tiles in this core's L1, or
 * with a ROW_STRIDE of the tile's row 0, column 0 in row-major data.
 *
 * Data formats are configured, as on silicon: the unpackers of SrcA and
 * SrcB and the packer each hold one (UNPACK_CONFIG, PACK_CONFIG, issued
 * by the compute API's *_init and reconfig calls).  Every unpack and pack
 * still names the format of the CB it reads or writes (FMT fields); one
 * that differs from the configured format, or finds none configured, is
 * rejected with a guest error naming the CB, both formats and the call
 * that fixes it.
 */
#ifndef TT_HAL_TILE_REGS_H
#define TT_HAL_TILE_REGS_H

#include "tt_regfields.h"

TT_REG32(TILE, ARG0, 0x00)
TT_REG32(TILE, ARG1, 0x04)
TT_REG32(TILE, ARG2, 0x08)
TT_REG32(TILE, ARG3, 0x0C)
TT_REG32(TILE, CMD, 0x10)		/* wo: enum tt_tile_cmd, runs it */
TT_REG32(TILE, STATUS, 0x14)		/* ro: TT_TILE_STATUS_* of the last command */
TT_REG32(TILE, CONFIG, 0x18)		/* ro: the engine's CONFIG fields */
TT_REG32(TILE, ARG4, 0x20)		/* extra arguments (UNPACK_MATMUL_BLOCK) */
TT_REG32(TILE, ARG5, 0x24)
TT_REG32(TILE, ARG6, 0x28)

/*
 * SFPI vector unit (tt-metal's sfpi: vFloat, dst_reg, v_if): one write of
 * SFPI_INSN runs one vector instruction on the core's SFPU, a file of
 * TT_SFPI_SLOTS vector registers ("slots") of TT_SFPI_LANES 32-bit lanes
 * with SFPU predication (lane flags and their stack).  An instruction that
 * needs a 32-bit operand takes it from SFPI_IMM, written first.  There is
 * no per-instruction status: a rejected instruction is reported as a guest
 * error, changes nothing and sets SFPI_STATUS to EINVAL until the next
 * CONFIG; the kernel API checks it where the SFPU's work ends
 * (the sfpu params loops, tile_regs_commit) and stops there.
 */
TT_REG32(TILE, SFPI_IMM, 0x40)		/* rw: immediate of the next instruction */
TT_REG32(TILE, SFPI_INSN, 0x44)		/* wo: SFPI fields below, runs it */
TT_REG32(TILE, SFPI_RESULT, 0x48)	/* ro: lane mask of the last CMP (bit = lane) */
TT_REG32(TILE, SFPI_STATUS, 0x4C)	/* ro: TT_TILE_STATUS_OK or _EINVAL, sticky */

/* An SFPI_INSN word: enum tt_sfpi_op and slot numbers. */
TT_FIELD(TILE, SFPI, OP, 0, 8)
TT_FIELD(TILE, SFPI, VD, 8, 6)		/* destination (STORE: the source) */
TT_FIELD(TILE, SFPI, VA, 14, 6)
TT_FIELD(TILE, SFPI, VB, 20, 6)
TT_FIELD(TILE, SFPI, VC, 26, 6)		/* MAD's addend */
TT_FIELD(TILE, SFPI, MOD, 26, 6)	/* the same bits: modifier of other ops */
TT_FIELD(TILE, SFPI, ADDR, 14, 12)	/* LOAD/STORE: Dst address, VA and VB */

/* ARG0 of TT_TILE_CMD_CONFIG (also launch_msg.kernel_config.compute_cfg). */
TT_FIELD(TILE, CONFIG, FIDELITY, 0, 3)	/* MathFidelity: 0 LoFi, 2..4 HiFi2..4 */
TT_FIELD(TILE, CONFIG, FP32_DEST, 3, 1)	/* fp32_dest_acc_en */
TT_FIELD(TILE, CONFIG, APPROX, 4, 1)	/* math_approx_mode */
TT_FIELD(TILE, CONFIG, FULL_SYNC, 5, 1)	/* DstSync::SyncFull */

/*
 * A data format argument (FMT): the CB's TT_DF_* value and, for the
 * error report only, the CB index it belongs to.
 */
TT_FIELD(TILE, FMT, DF, 0, 8)
TT_FIELD(TILE, FMT, CB, 8, 8)

/* ARG3 of TT_TILE_CMD_UNPACK: unpacker flags; other bits must be 0. */
TT_FIELD(TILE, UNPACK, TRANSPOSE, 0, 1)	/* transpose the 32x32 tile (WH) */
TT_FIELD(TILE, UNPACK, TO_DST, 1, 1)	/* unpack to Dst: bit exact, lands in Dst
					 * at the math thread's DATACOPY */
TT_FIELD(TILE, UNPACK, ROW_STRIDE, 8, 24)	/* tilize: bytes from one row of
						 * row-major data to the next;
						 * 0: the tile is in face order */

/* ARG3 of TT_TILE_CMD_PACK: other bits must be 0. */
TT_FIELD(TILE, PACK, ROWS, 0, 7)	/* pack_rows: only the first this many
					 * Dst rows of 16 datums (1..64), in
					 * face order; 0: the whole tile */
TT_FIELD(TILE, PACK, ADD_TO_L1, 7, 1)	/* add to the tile already in L1
					 * (pack_reconfig_l1_acc) */
TT_FIELD(TILE, PACK, ROW_STRIDE, 8, 24)	/* untilize: write row-major rows this
					 * many bytes apart; 0: face order */

/* ARG6 of UNPACK_MATMUL_BLOCK, ARG1 of MATMUL_BLOCK (tt-metal matmul_block). */
TT_FIELD(TILE, BLOCK, CT, 0, 8)		/* ct_dim: in1 tiles, Dst tiles per row */
TT_FIELD(TILE, BLOCK, RT, 8, 8)		/* rt_dim: in0 tiles, Dst rows */
TT_FIELD(TILE, BLOCK, TRANSPOSE, 16, 1)	/* transpose each in1 tile */

/* Largest ct_dim and rt_dim of one block (Dst holds at most 16 tiles). */
#define TT_TILE_BLOCK_MAX		16

#define TT_TILE_STATUS_OK		0
#define TT_TILE_STATUS_BLOCKED		1
#define TT_TILE_STATUS_EINVAL		2

#ifndef __ASSEMBLER__
#include <assert.h>
#include <stdint.h>

/* Commands; the thread that issues each in tt-metal's compute API. */
enum tt_tile_cmd {
	TT_TILE_CMD_CONFIG = 0x7e0,	/* firmware: ARG0 = CONFIG fields; resets the engine */
	TT_TILE_CMD_UNPACK,		/* UNPACK: ARG0 = src (0 A, 1 B), ARG1 = L1, ARG2 = FMT,
					 * ARG3 = UNPACK fields */
	TT_TILE_CMD_SRC_DVALID,		/* UNPACK: ARG0 = src, handed over without data */
	TT_TILE_CMD_UNPACK_TO_DST,	/* UNPACK: ARG0 = L1, ARG1 = FMT, ARG2 = Dst tile of
					 * the math half, written at once (no handshake) */
	TT_TILE_CMD_ELTWISE,		/* MATH: ARG0 = op, ARG1 = bcast | row << 8 (the row of
					 * in1 a row broadcast repeats) | reuse << 16,
					 * ARG2 = accumulate, ARG3 = Dst */
	TT_TILE_CMD_DATACOPY,		/* MATH: ARG0 = src, ARG1 = Dst tile */
	TT_TILE_CMD_SFPU_UNARY,		/* MATH: ARG0 = op, ARG1 = Dst tile, ARG2 = the
					 * scalar of a *_SCALAR op (FP32 bits) */
	TT_TILE_CMD_ACQUIRE,		/* MATH: tile_regs_acquire */
	TT_TILE_CMD_COMMIT,		/* MATH: tile_regs_commit */
	TT_TILE_CMD_WAIT,		/* PACK: tile_regs_wait */
	TT_TILE_CMD_RELEASE,		/* PACK: tile_regs_release */
	TT_TILE_CMD_PACK,		/* PACK: ARG0 = Dst tile, ARG1 = L1, ARG2 = FMT,
					 * ARG3 = PACK fields */
	TT_TILE_CMD_MATMUL,		/* MATH: ARG0 = Dst tile; Dst += SrcB @ SrcA */
	TT_TILE_CMD_REDUCE,		/* MATH: ARG0 = pool, ARG1 = dim, ARG2 = Dst tile;
					 * data in SrcA, scaler tile in SrcB */
	TT_TILE_CMD_SFPU_BINARY,	/* MATH: ARG0 = op, ARG1 = Dst tile 0 (result),
					 * ARG2 = Dst tile 1 */
	TT_TILE_CMD_UNPACK_CONFIG,	/* UNPACK: ARG0 = src, ARG1 = FMT it unpacks from now */
	TT_TILE_CMD_PACK_CONFIG,	/* PACK: ARG0 = FMT it packs to from now */
	TT_TILE_CMD_UNPACK_MATMUL_BLOCK, /* UNPACK: rt in0 tiles -> SrcB, ct in1 tiles
					 * -> SrcA, as one bank each.  ARG0 = L1 of
					 * in0's first tile, ARG1 = L1 of in1's first,
					 * ARG2 = in0 FMT, ARG3 = in1 FMT, ARG4 = bytes
					 * from one in0 tile to the next one down (kt_dim
					 * pages), ARG5 = bytes from one in1 tile to the
					 * next (a page), ARG6 = BLOCK fields */
	TT_TILE_CMD_MATMUL_BLOCK,	/* MATH: ARG0 = Dst tile, ARG1 = BLOCK CT/RT:
					 * Dst[ARG0 + r * ct + c] += in0[r] @ in1[c] */
};

/* ARG0 of ELTWISE (tt-metal EltwiseBinaryType) and ARG1 (BroadcastType). */
#define TT_TILE_ELTWISE_ADD		0
#define TT_TILE_ELTWISE_SUB		1
#define TT_TILE_ELTWISE_MUL		2
#define TT_TILE_BCAST_NONE		0
#define TT_TILE_BCAST_ROW		1
#define TT_TILE_BCAST_COL		2
#define TT_TILE_BCAST_SCALAR		3
#define TT_TILE_BCAST_ROW_SHIFT		8 /* ELTWISE ARG1: the broadcast row */
#define TT_TILE_BCAST_KIND_MASK		((1u << TT_TILE_BCAST_ROW_SHIFT) - 1)
#define TT_TILE_BCAST_ROW_MASK		0xffu
/*
 * ELTWISE ARG1: the Dst tile goes into a Src first (MOVD2A / MOVD2B, then
 * the tile is cleared), the other Src holding the unpacked operand:
 * tt-metal's binary_dest_reuse_tiles.
 */
#define TT_TILE_REUSE_SHIFT		16
#define TT_TILE_REUSE_NONE		0
#define TT_TILE_REUSE_DST_TO_SRCA	1
#define TT_TILE_REUSE_DST_TO_SRCB	2

/* ARG0 (tt-metal PoolType) and ARG1 (ReduceDim) of REDUCE. */
#define TT_TILE_POOL_SUM		0
#define TT_TILE_POOL_AVG		1
#define TT_TILE_POOL_MAX		2
#define TT_TILE_REDUCE_ROW		0	/* result in column 0 */
#define TT_TILE_REDUCE_COL		1	/* result in row 0 */
#define TT_TILE_REDUCE_SCALAR		2	/* result at [0][0] */

/* ARG0 of SFPU_BINARY. */
#define TT_TILE_SFPU_BINARY_ADD		0
#define TT_TILE_SFPU_BINARY_SUB		1
#define TT_TILE_SFPU_BINARY_MUL		2

/* ARG0 of SFPU_UNARY. */
#define TT_TILE_SFPU_EXP		0
#define TT_TILE_SFPU_RECIP		1
#define TT_TILE_SFPU_SQRT		2
#define TT_TILE_SFPU_RSQRT		3
#define TT_TILE_SFPU_LOG		4
#define TT_TILE_SFPU_RELU		5
#define TT_TILE_SFPU_GELU		6
#define TT_TILE_SFPU_SIGMOID		7
#define TT_TILE_SFPU_TANH		8
#define TT_TILE_SFPU_ABS		9
#define TT_TILE_SFPU_SQUARE		10
#define TT_TILE_SFPU_NEGATIVE		11
#define TT_TILE_SFPU_SILU		12	/* x * sigmoid(x) */
#define TT_TILE_SFPU_SIGN		13	/* 1, -1 or 0 */
/* x op s, s the scalar in ARG2 (tt-metal's binop_with_scalar). */
#define TT_TILE_SFPU_ADD_SCALAR		14
#define TT_TILE_SFPU_SUB_SCALAR		15
#define TT_TILE_SFPU_MUL_SCALAR		16
#define TT_TILE_SFPU_DIV_SCALAR		17	/* x * s: s is the divisor's reciprocal */
#define TT_TILE_SFPU_RSUB_SCALAR	18	/* s - x */

/*
 * SFPI slots.  0..7 are LReg0..7 (sfpi's l_reg); the kernel API keeps
 * 8..TT_SFPI_TEMP_END-1 for vector variables.  The constant registers of
 * the SFPU, LReg8..15, are slots TT_SFPI_CREG(8)..TT_SFPI_CREG(15):
 * 0.8373, 0.0, 1.0, four written only by CONFIG (LReg11 holds -1.0 for
 * sfpi's vConstNeg1) and the lane index times two.  TT_SFPI_NEG_ONE is a
 * read-only -1.0 of our own, for subtraction.
 */
#define TT_SFPI_SLOTS			64
#define TT_SFPI_LANES			32
#define TT_SFPI_LREGS			8
#define TT_SFPI_TEMP_END		55
#define TT_SFPI_NEG_ONE			55
#define TT_SFPI_CREG(n)			(48 + (n))	/* LReg n, 8 <= n <= 15 */

/* Dst address of sfpi's dst_reg[i]: i * TT_SFPI_DST_STRIDE (rows of 16). */
#define TT_SFPI_DST_STRIDE		2
/* Dst rows of one 32x32 tile: dst_reg[i] of tile t is t * 32 + i. */
#define TT_SFPI_TILE_ROWS		64

/*
 * LOAD and STORE formats (MOD): the SFPLOAD/SFPSTORE MOD0 values of the
 * Wormhole ISA, which sfpi's SFPLOAD_MOD0_FMT_* name.  DEFAULT follows
 * the Dst tile (FP32, BF16 or FP16).
 */
#define TT_SFPI_FMT_DEFAULT		0
#define TT_SFPI_FMT_FP16		1
#define TT_SFPI_FMT_BF16		2
#define TT_SFPI_FMT_FP32		3
#define TT_SFPI_FMT_INT32		4
#define TT_SFPI_FMT_UINT16		6
#define TT_SFPI_FMT_HI16		7
#define TT_SFPI_FMT_INT16		8
#define TT_SFPI_FMT_LO16		9
#define TT_SFPI_FMT_SM32		12	/* sign-magnitude in Dst */

/* CMP modifier: a condition, the operand kind, IMM instead of VB. */
#define TT_SFPI_CMP_LT			1
#define TT_SFPI_CMP_EQ			2
#define TT_SFPI_CMP_GTE			3
#define TT_SFPI_CMP_NE			4
#define TT_SFPI_CMP_LTE			5
#define TT_SFPI_CMP_GT			6
#define TT_SFPI_CMP_COND_MASK		7
#define TT_SFPI_CMP_INT			8	/* integers (wrapping a - b) */
#define TT_SFPI_CMP_IMM			16	/* compare VA with SFPI_IMM */

/* SWAP modifier (SFPSWAP). */
#define TT_SFPI_SWAP_SWAP		0
#define TT_SFPI_SWAP_MIN_MAX		1	/* VD = min, VA = max */
#define TT_SFPI_SWAP_MAX_MIN		9	/* VD = max, VA = min */

/* STOCHRND modifier (SFPSTOCHRND MOD1), ORed with TT_SFPI_RND_STOCH. */
#define TT_SFPI_RND_FP16A		0
#define TT_SFPI_RND_FP16B		1
#define TT_SFPI_RND_UINT8		2
#define TT_SFPI_RND_INT8		3
#define TT_SFPI_RND_UINT16		6
#define TT_SFPI_RND_INT16		7
#define TT_SFPI_RND_STOCH		8	/* stochastic (modelled as nearest) */

/*
 * Vector instructions.  Every write of a slot or of Dst happens only in
 * enabled lanes (SFPU predication), except CMP, which writes no slot.
 * The names in brackets are the Wormhole instructions they model.
 */
enum tt_sfpi_op {
	TT_SFPI_NOP = 0,
	TT_SFPI_LOAD,		/* VD = Dst[ADDR], MOD format [SFPLOAD] */
	TT_SFPI_STORE,		/* Dst[ADDR] = VD, MOD format [SFPSTORE] */
	TT_SFPI_LOADI,		/* VD = IMM [SFPLOADI] */
	TT_SFPI_MOV,		/* VD = VA; MOD 1: sign bit flipped [SFPMOV] */
	TT_SFPI_MAD,		/* VD = VA * VB + VC, FP32 [SFPMAD] */
	TT_SFPI_ABS,		/* VD = |VA|; MOD 1: float, 0: int [SFPABS] */
	TT_SFPI_IADD,		/* VD = VA + VB [SFPIADD] */
	TT_SFPI_ISUB,		/* VD = VA - VB [SFPIADD] */
	TT_SFPI_IADDI,		/* VD = VA + IMM [SFPIADD] */
	TT_SFPI_AND,		/* VD = VA & VB [SFPAND] */
	TT_SFPI_OR,		/* VD = VA | VB [SFPOR] */
	TT_SFPI_XOR,		/* VD = VA ^ VB [SFPXOR] */
	TT_SFPI_NOT,		/* VD = ~VA [SFPNOT] */
	TT_SFPI_SHFT,		/* VD = VA << VB, >> -VB if VB < 0 [SFPSHFT] */
	TT_SFPI_SHFTI,		/* VD = VA << IMM, >> -IMM if IMM < 0 [SFPSHFT] */
	TT_SFPI_EXEXP,		/* VD = exponent of VA - 127; MOD 1: biased [SFPEXEXP] */
	TT_SFPI_EXMAN,		/* VD = mantissa of VA with the hidden one;
				 * MOD 1: without [SFPEXMAN] */
	TT_SFPI_SETEXP,		/* VD = VA, exponent from MOD 0: IMM, 1: VB's low
				 * 8 bits, 2: VB's exponent [SFPSETEXP] */
	TT_SFPI_SETMAN,		/* VD = VA, mantissa from MOD 0: IMM, 1: VB [SFPSETMAN] */
	TT_SFPI_SETSGN,		/* VD = VA, sign from MOD 0: IMM, 1: VB [SFPSETSGN] */
	TT_SFPI_DIVP2,		/* VD = VA, exponent MOD 0: = IMM, 1: += IMM [SFPDIVP2] */
	TT_SFPI_LZ,		/* VD = leading zeros of VA; MOD 1: of its
				 * magnitude [SFPLZ] */
	TT_SFPI_CAST,		/* VD = sign-magnitude VA as FP32 [SFPCAST] */
	TT_SFPI_STOCHRND,	/* VD = VA rounded, MOD TT_SFPI_RND_* [SFPSTOCHRND] */
	TT_SFPI_SWAP,		/* VD, VA swapped or sorted, MOD TT_SFPI_SWAP_* [SFPSWAP] */
	TT_SFPI_CMP,		/* SFPI_RESULT = lanes where VA cond VB (or IMM),
				 * MOD TT_SFPI_CMP_* */
	TT_SFPI_ENCC,		/* lane flags on (IMM bit 0) and all set (bit 1) [SFPENCC] */
	TT_SFPI_SETCC,		/* in enabled lanes, flag = bit of the IMM mask [SFPSETCC] */
	TT_SFPI_PUSHC,		/* push the lane flags [SFPPUSHC] */
	TT_SFPI_POPC,		/* pop them [SFPPOPC] */
	TT_SFPI_COMPC,		/* else: flags = top of stack && !flags [SFPCOMPC] */
	TT_SFPI_CONFIG,		/* VD (LReg11..14) = VA's lanes 0..7, repeated [SFPCONFIG] */
	TT_SFPI_DST_SET,	/* dst_reg[0] at Dst row IMM of the math half,
				 * both counters 0 (the params loop's start) */
	TT_SFPI_DST_INC,	/* counter += IMM (dst_reg++) [INCRWC] */
	TT_SFPI_DST_NEXT,	/* counter = its carriage return + IMM, and the
				 * carriage return = counter (next face) [SETRWC] */
	TT_SFPI_OP_COUNT,
};

/* What a hart sleeping on command @cmd waits for (hang reports, traces). */
static inline const char *tt_tile_cmd_wait_name(uint32_t cmd)
{
	static const char *const names[] = {
		"configuration", "an unpack (Src bank still the FPU's)",
		"a Src hand-over", "an unpack to Dst",
		"an element-wise op (Src not yet unpacked)",
		"a data copy (Src not yet unpacked)", "an SFPU op",
		"tile_regs_acquire (no free Dst half)", "tile_regs_commit",
		"tile_regs_wait (nothing committed)", "tile_regs_release",
		"a pack", "a matmul (Src not yet unpacked)",
		"a reduce (Src not yet unpacked)", "a binary SFPU op",
		"an unpack format configuration", "a pack format configuration",
		"a matmul block unpack (Src bank still the FPU's)",
		"a matmul block (Src not yet unpacked)",
	};
	uint32_t i = cmd - TT_TILE_CMD_CONFIG;

	static_assert(sizeof(names) / sizeof(names[0]) ==
		       TT_TILE_CMD_MATMUL_BLOCK - TT_TILE_CMD_CONFIG + 1,
		       "a name for every tile command");
	return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}
#endif /* __ASSEMBLER__ */

#endif /* TT_HAL_TILE_REGS_H */
