/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Compute kernel API, tt-metal names in C (reference/ttmetal-facts.md
 * §5.2, compute-engine.md §7).  The host builds a compute kernel three
 * times, with TRISC_UNPACK (TRISC0), TRISC_MATH (TRISC1) and TRISC_PACK
 * (TRISC2); UNPACK((...)), MATH((...)) and PACK((...)) keep each step on
 * its thread, so every call below is a bundle of up to three steps.  The
 * steps are commands of the core's tile engine (hal/tt_tile_regs.h);
 * where the hardware would stall (Src bank not yet handed over, Dst half
 * not free or not committed) the thread sleeps until the engine changes.
 *
 *   cb_wait_front / cb_pop_front      UNPACK
 *   cb_reserve_back / cb_push_back    PACK
 *   tile_regs_acquire / _commit       MATH
 *   tile_regs_wait / _release         PACK
 *
 * Data formats come from the program's CBs: the host passes them as
 * TT_CB_DATA_FORMATS (tt-metal generates chlkc_descriptors.h instead);
 * every unpack and pack names its format, so the *_init calls and format
 * reconfiguration have nothing to do here.
 *
 * C has no templates: reduce_tile() takes its PoolType and ReduceDim from
 * the REDUCE_OP and REDUCE_DIM defines at the call, as tt-metal's reduce
 * kernels are built (the host passes e.g. REDUCE_OP=POOL_SUM,
 * REDUCE_DIM=REDUCE_ROW); tt_reduce_tile() takes them as arguments.  The
 * broadcast ops exist under their specific names (add_tiles_bcast_rows,
 * ...); every *_init is a no-op.
 *
 * Not yet implemented: tilize/untilize, matmul_block, dest reuse, unpack
 * to Dst (copy_tile of Float32 with fp32 Dst goes through SrcA as TF32).
 */
#ifndef TT_COMPUTE_KERNEL_API_H
#define TT_COMPUTE_KERNEL_API_H

#define TT_COMPUTE_KERNEL 1

#include <stdbool.h>
#include <stdint.h>

#include "circular_buffer.h"
#include "tt_data_format.h"
#include "tt_kernel.h"
#include "tt_tile_regs.h"
#include "tt_wait.h"

#if defined(TRISC_UNPACK)
#define UNPACK(x)	x
#define MATH(x)
#define PACK(x)
#elif defined(TRISC_MATH)
#define UNPACK(x)
#define MATH(x)		x
#define PACK(x)
#elif defined(TRISC_PACK)
#define UNPACK(x)
#define MATH(x)
#define PACK(x)		x
#else
#error "build compute kernels with tt_compute_kernel_create (TRISC_UNPACK/MATH/PACK)"
#endif

/* Data format of each CB index (TT_DF_*), from the host. */
#ifndef TT_CB_DATA_FORMATS
#define TT_CB_DATA_FORMATS { 0 }
#endif
static const uint8_t tt_cb_data_format[TT_NUM_CBS] = TT_CB_DATA_FORMATS;

static FORCE_INLINE uint32_t get_dataformat(uint32_t cb)
{
	return tt_cb_data_format[cb];
}

static FORCE_INLINE uint32_t get_tile_size(uint32_t cb)
{
	return get_local_cb_interface(cb)->fifo_page_size;
}

/* Engine commands -------------------------------------------------------- */

#define TT_TILE_REG(reg) \
	(*(volatile uint32_t *)(TT_MMIO_TILE_BASE + TT_A_TILE_##reg))

static FORCE_INLINE uint32_t tt_tile_issue(uint32_t cmd)
{
	TT_TILE_REG(CMD) = cmd;
	return TT_TILE_REG(STATUS);
}

/* Run @cmd; sleep and re-issue it while the engine says it would stall. */
static inline void tt_tile_cmd(uint32_t cmd, uint32_t a0, uint32_t a1,
			       uint32_t a2, uint32_t a3)
{
	TT_TILE_REG(ARG0) = a0;
	TT_TILE_REG(ARG1) = a1;
	TT_TILE_REG(ARG2) = a2;
	TT_TILE_REG(ARG3) = a3;
	TT_WAIT_UNTIL(tt_tile_issue(cmd) != TT_TILE_STATUS_BLOCKED,
		      TT_WAIT_TILE_ENGINE, cmd, 0, 0);
}

/*
 * UNPACK: tile @tile of the front of CB @cb into Src @src (0 A, 1 B),
 * transposed when @transpose.
 */
static inline void tt_unpack_tile_t(uint32_t src, uint32_t cb, uint32_t tile,
				    uint32_t transpose)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);

	tt_tile_cmd(TT_TILE_CMD_UNPACK, src,
		    ifc->fifo_rd_ptr + tile * ifc->fifo_page_size,
		    get_dataformat(cb),
		    TT_FIELD_VAL(TILE, UNPACK, TRANSPOSE, transpose != 0));
}

static FORCE_INLINE void tt_unpack_tile(uint32_t src, uint32_t cb, uint32_t tile)
{
	tt_unpack_tile_t(src, cb, tile, 0);
}

/* CBs (tt-metal cb_api.h) ------------------------------------------------ */

static FORCE_INLINE void cb_wait_front(uint32_t cb, uint32_t num_pages)
{
	(void)cb, (void)num_pages;
	UNPACK((tt_cb_wait_front(cb, num_pages)));
}

static FORCE_INLINE void cb_pop_front(uint32_t cb, uint32_t num_pages)
{
	(void)cb, (void)num_pages;
	UNPACK((tt_cb_pop_front(cb, num_pages)));
}

static FORCE_INLINE void cb_reserve_back(uint32_t cb, uint32_t num_pages)
{
	(void)cb, (void)num_pages;
	PACK((tt_cb_reserve_back(cb, num_pages)));
}

static FORCE_INLINE void cb_push_back(uint32_t cb, uint32_t num_pages)
{
	(void)cb, (void)num_pages;
	PACK((tt_cb_push_back(cb, num_pages)));
}

/* Dst ownership (tt-metal reg_api.h) ------------------------------------- */

static FORCE_INLINE void tile_regs_acquire(void)
{
	MATH((tt_tile_cmd(TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0)));
}

static FORCE_INLINE void tile_regs_commit(void)
{
	MATH((tt_tile_cmd(TT_TILE_CMD_COMMIT, 0, 0, 0, 0)));
}

static FORCE_INLINE void tile_regs_wait(void)
{
	PACK((tt_tile_cmd(TT_TILE_CMD_WAIT, 0, 0, 0, 0)));
}

static FORCE_INLINE void tile_regs_release(void)
{
	PACK((tt_tile_cmd(TT_TILE_CMD_RELEASE, 0, 0, 0, 0)));
}

/* Old API: acquire + wait, commit + release. */
static FORCE_INLINE void acquire_dst(void)
{
	tile_regs_acquire();
	tile_regs_wait();
}

static FORCE_INLINE void release_dst(void)
{
	tile_regs_commit();
	tile_regs_release();
}

/* Init (formats travel with every command: nothing to configure) --------- */

static FORCE_INLINE void binary_op_init_common(uint32_t icb0, uint32_t icb1,
					       uint32_t ocb)
{
	(void)icb0, (void)icb1, (void)ocb;
}

static FORCE_INLINE void unary_op_init_common(uint32_t icb, uint32_t ocb)
{
	(void)icb, (void)ocb;
}

static FORCE_INLINE void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1,
						   uint32_t ocb)
{
	(void)icb0, (void)icb1, (void)ocb;
}

static FORCE_INLINE void add_tiles_init(uint32_t icb0, uint32_t icb1)
{
	(void)icb0, (void)icb1;
}

static FORCE_INLINE void sub_tiles_init(uint32_t icb0, uint32_t icb1)
{
	(void)icb0, (void)icb1;
}

static FORCE_INLINE void mul_tiles_init(uint32_t icb0, uint32_t icb1)
{
	(void)icb0, (void)icb1;
}

static FORCE_INLINE void copy_tile_init(uint32_t icb)
{
	(void)icb;
}

static FORCE_INLINE void copy_tile_to_dst_init_short(uint32_t icb)
{
	(void)icb;
}

/* Element-wise binary ops (tt-metal eltwise_binary.h) -------------------- */

/* in0 -> SrcA, in1 -> SrcB (broadcast from SrcB), then the FPU op. */
static FORCE_INLINE void tt_binary_bcast_tiles(uint32_t op, uint32_t bcast,
					       uint32_t icb0, uint32_t icb1,
					       uint32_t itile0, uint32_t itile1,
					       uint32_t idst)
{
	(void)op, (void)bcast, (void)icb0, (void)icb1, (void)itile0, (void)itile1;
	(void)idst;
	UNPACK((tt_unpack_tile(0, icb0, itile0), tt_unpack_tile(1, icb1, itile1)));
	MATH((tt_tile_cmd(TT_TILE_CMD_ELTWISE, op, bcast, 0, idst)));
}

static FORCE_INLINE void tt_binary_tiles(uint32_t op, uint32_t icb0, uint32_t icb1,
					 uint32_t itile0, uint32_t itile1,
					 uint32_t idst)
{
	tt_binary_bcast_tiles(op, TT_TILE_BCAST_NONE, icb0, icb1, itile0, itile1, idst);
}

/* Dst[@idst] = in0[@itile0] + in1[@itile1], tiles counted from each CB's front. */
static FORCE_INLINE void add_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
				   uint32_t itile1, uint32_t idst)
{
	tt_binary_tiles(TT_TILE_ELTWISE_ADD, icb0, icb1, itile0, itile1, idst);
}

static FORCE_INLINE void sub_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
				   uint32_t itile1, uint32_t idst)
{
	tt_binary_tiles(TT_TILE_ELTWISE_SUB, icb0, icb1, itile0, itile1, idst);
}

/* Dst[@idst] += in0 * in1 (Dst is zero after every tile_regs_release). */
static FORCE_INLINE void mul_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
				   uint32_t itile1, uint32_t idst)
{
	tt_binary_tiles(TT_TILE_ELTWISE_MUL, icb0, icb1, itile0, itile1, idst);
}

/* Broadcast binary ops (tt-metal bcast.h) -------------------------------- */

/*
 * <op>_tiles_bcast_<dim>(icb0, icb1, itile0, itile1, idst): in1 broadcast
 * over in0: rows (in1 row 0 down every row), cols (in1 column 0 across
 * every column) or scalar (in1[0][0]).  mul accumulates as mul_tiles.
 */
#define TT_BCAST_OP(op, dim, OP, DIM)						\
	static FORCE_INLINE void op##_tiles_bcast_##dim(uint32_t icb0, uint32_t icb1,	\
							uint32_t itile0, uint32_t itile1, \
							uint32_t idst)		\
	{									\
		tt_binary_bcast_tiles(TT_TILE_ELTWISE_##OP, TT_TILE_BCAST_##DIM,	\
				      icb0, icb1, itile0, itile1, idst);	\
	}									\
	static FORCE_INLINE void op##_bcast_##dim##_init_short(uint32_t icb0,	\
							       uint32_t icb1)	\
	{									\
		(void)icb0, (void)icb1;						\
	}

TT_BCAST_OP(add, rows, ADD, ROW)
TT_BCAST_OP(add, cols, ADD, COL)
TT_BCAST_OP(add, scalar, ADD, SCALAR)
TT_BCAST_OP(sub, rows, SUB, ROW)
TT_BCAST_OP(sub, cols, SUB, COL)
TT_BCAST_OP(sub, scalar, SUB, SCALAR)
TT_BCAST_OP(mul, rows, MUL, ROW)
TT_BCAST_OP(mul, cols, MUL, COL)
TT_BCAST_OP(mul, scalar, MUL, SCALAR)

/* init_bcast<op, dim>(icb0, icb1, ocb) and tt-metal's other init spellings. */
static FORCE_INLINE void init_bcast(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
	(void)icb0, (void)icb1, (void)ocb;
}

#define add_tiles_bcast_scalar_init_short	add_bcast_scalar_init_short
#define sub_tiles_bcast_scalar_init_short	sub_bcast_scalar_init_short
#define mul_tiles_bcast_scalar_init_short	mul_bcast_scalar_init_short

/* Matmul (tt-metal matmul.h) --------------------------------------------- */

static FORCE_INLINE void mm_init(uint32_t in0_cb, uint32_t in1_cb, uint32_t out_cb)
{
	(void)in0_cb, (void)in1_cb, (void)out_cb;
}

static FORCE_INLINE void mm_init_short(uint32_t in0_cb, uint32_t in1_cb)
{
	(void)in0_cb, (void)in1_cb;
}

/*
 * Dst[@idst] += in0[@in0_tile] @ in1[@in1_tile], in1 transposed first when
 * @transpose.  in0 goes to SrcB and in1 to SrcA, as in the LLK.
 */
static FORCE_INLINE void matmul_tiles(uint32_t in0_cb, uint32_t in1_cb,
				      uint32_t in0_tile, uint32_t in1_tile,
				      uint32_t idst, uint32_t transpose)
{
	(void)in0_cb, (void)in1_cb, (void)in0_tile, (void)in1_tile, (void)idst;
	(void)transpose;
	UNPACK((tt_unpack_tile(1, in0_cb, in0_tile),
		tt_unpack_tile_t(0, in1_cb, in1_tile, transpose)));
	MATH((tt_tile_cmd(TT_TILE_CMD_MATMUL, idst, 0, 0, 0)));
}

/* Reduce (tt-metal reduce.h) --------------------------------------------- */

/* PoolType and ReduceDim (REDUCE_ROW: result in column 0, COL: row 0). */
enum { POOL_SUM = TT_TILE_POOL_SUM, POOL_AVG = TT_TILE_POOL_AVG,
       POOL_MAX = TT_TILE_POOL_MAX };
enum { REDUCE_ROW = TT_TILE_REDUCE_ROW, REDUCE_COL = TT_TILE_REDUCE_COL,
       REDUCE_SCALAR = TT_TILE_REDUCE_SCALAR };

static FORCE_INLINE void reduce_init(uint32_t icb, uint32_t scaler_cb, uint32_t ocb)
{
	(void)icb, (void)scaler_cb, (void)ocb;
}

static FORCE_INLINE void reduce_uninit(void)
{
}

/*
 * Dst[@idst] (op)= reduce of in[@itile], scaled by the scaler tile
 * @stile of @scaler_cb (tt-metal's convention: SUM/MAX take 1s, AVG 1/N).
 */
static FORCE_INLINE void tt_reduce_tile(uint32_t pool, uint32_t dim, uint32_t icb,
					uint32_t scaler_cb, uint32_t itile,
					uint32_t stile, uint32_t idst)
{
	(void)pool, (void)dim, (void)icb, (void)scaler_cb, (void)itile, (void)stile;
	(void)idst;
	UNPACK((tt_unpack_tile(0, icb, itile), tt_unpack_tile(1, scaler_cb, stile)));
	MATH((tt_tile_cmd(TT_TILE_CMD_REDUCE, pool, dim, idst, 0)));
}

#define reduce_tile(icb, scaler_cb, itile, stile, idst) \
	tt_reduce_tile(REDUCE_OP, REDUCE_DIM, icb, scaler_cb, itile, stile, idst)

/* Transpose (tt-metal transpose_wh.h) ------------------------------------ */

static FORCE_INLINE void transpose_wh_init(uint32_t icb, uint32_t ocb)
{
	(void)icb, (void)ocb;
}

static FORCE_INLINE void transpose_wh_init_short(uint32_t icb)
{
	(void)icb;
}

/* Dst[@idst] = tile @itile of CB @icb transposed (unpacker, then MOVA2D). */
static FORCE_INLINE void transpose_wh_tile(uint32_t icb, uint32_t itile, uint32_t idst)
{
	(void)icb, (void)itile, (void)idst;
	UNPACK((tt_unpack_tile_t(0, icb, itile, 1),
		tt_tile_cmd(TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0)));
	MATH((tt_tile_cmd(TT_TILE_CMD_DATACOPY, 0, idst, 0, 0)));
}

/* Copy and pack (tt-metal tile_move_copy.h, pack.h) ---------------------- */

/* Dst[@idst] = tile @itile of CB @icb (through SrcA). */
static FORCE_INLINE void copy_tile(uint32_t icb, uint32_t itile, uint32_t idst)
{
	(void)icb, (void)itile, (void)idst;
	UNPACK((tt_unpack_tile(0, icb, itile),
		tt_tile_cmd(TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0)));
	MATH((tt_tile_cmd(TT_TILE_CMD_DATACOPY, 0, idst, 0, 0)));
}

/* Pack Dst[@idst] into tile @otile of the reserved back of CB @ocb. */
static FORCE_INLINE void tt_pack_tile(uint32_t idst, uint32_t ocb, uint32_t otile)
{
	(void)idst, (void)ocb, (void)otile;
	PACK((tt_tile_cmd(TT_TILE_CMD_PACK, idst,
			  get_write_ptr(ocb) + otile * get_tile_size(ocb),
			  get_dataformat(ocb), 0)));
}

/* pack_tile(idst, ocb) or pack_tile(idst, ocb, output_tile_index). */
#define TT_PACK_TILE_2(idst, ocb)		tt_pack_tile(idst, ocb, 0)
#define TT_PACK_TILE_3(idst, ocb, otile)	tt_pack_tile(idst, ocb, otile)
#define TT_PACK_TILE_PICK(_1, _2, _3, name, ...)	name
#define pack_tile(...) \
	TT_PACK_TILE_PICK(__VA_ARGS__, TT_PACK_TILE_3, TT_PACK_TILE_2, )(__VA_ARGS__)

/* SFPU unary ops on Dst (tt-metal eltwise_unary headers) ---------------- */

#define TT_SFPU_UNARY(name, op)							\
	static FORCE_INLINE void name##_tile_init(void) {}			\
	static FORCE_INLINE void name##_tile(uint32_t idst)			\
	{									\
		(void)idst;							\
		MATH((tt_tile_cmd(TT_TILE_CMD_SFPU_UNARY, op, idst, 0, 0)));	\
	}

TT_SFPU_UNARY(exp, TT_TILE_SFPU_EXP)
TT_SFPU_UNARY(recip, TT_TILE_SFPU_RECIP)
TT_SFPU_UNARY(sqrt, TT_TILE_SFPU_SQRT)
TT_SFPU_UNARY(rsqrt, TT_TILE_SFPU_RSQRT)
TT_SFPU_UNARY(log, TT_TILE_SFPU_LOG)
TT_SFPU_UNARY(relu, TT_TILE_SFPU_RELU)
TT_SFPU_UNARY(gelu, TT_TILE_SFPU_GELU)
TT_SFPU_UNARY(sigmoid, TT_TILE_SFPU_SIGMOID)
TT_SFPU_UNARY(tanh, TT_TILE_SFPU_TANH)
TT_SFPU_UNARY(abs, TT_TILE_SFPU_ABS)
TT_SFPU_UNARY(square, TT_TILE_SFPU_SQUARE)
TT_SFPU_UNARY(negative, TT_TILE_SFPU_NEGATIVE)

/* SFPU binary ops on Dst (tt-metal eltwise_binary_sfpu.h) -------------- */

/* <op>_binary_tile(idst0, idst1): Dst[idst0] = Dst[idst0] op Dst[idst1]. */
#define TT_SFPU_BINARY(name, op)						\
	static FORCE_INLINE void name##_binary_tile_init(void) {}		\
	static FORCE_INLINE void name##_binary_tile(uint32_t idst0, uint32_t idst1) \
	{									\
		(void)idst0, (void)idst1;					\
		MATH((tt_tile_cmd(TT_TILE_CMD_SFPU_BINARY, op, idst0, idst1, 0))); \
	}

TT_SFPU_BINARY(add, TT_TILE_SFPU_BINARY_ADD)
TT_SFPU_BINARY(sub, TT_TILE_SFPU_BINARY_SUB)
TT_SFPU_BINARY(mul, TT_TILE_SFPU_BINARY_MUL)

#endif /* TT_COMPUTE_KERNEL_API_H */
