/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Compute kernel API, tt-metal names in C (docs/kernel-api.md,
 * docs/tile-engine.md).  The host builds a compute kernel three
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
 * TT_CB_DATA_FORMATS (tt-metal generates chlkc_descriptors.h instead).
 * As on silicon, the engine's unpackers (SrcA, SrcB) and packer hold one
 * configured format each: the full inits (compute_kernel_hw_startup,
 * binary_op_init_common, unary_op_init_common, mm_init, mm_block_init,
 * reduce_init, transpose_wh_init, init_bcast, tilize_init, untilize_init,
 * pack_untilize_init) set them from their CBs, the *_short inits do not,
 * and reconfig_data_format* / pack_reconfig_data_format switch them.  An
 * unpack or pack of a CB whose format differs from the configured one
 * stops the kernel with a guest error that names the missing call.
 * Matmul reads in1 through SrcA and in0 through SrcB (as the LLK), so
 * mixed-format matmuls reconfigure with reconfig_data_format(in1, in0).
 *
 * C has no templates: reduce_tile() takes its PoolType and ReduceDim from
 * the REDUCE_OP and REDUCE_DIM defines at the call, as tt-metal's reduce
 * kernels are built (the host passes e.g. REDUCE_OP=POOL_SUM,
 * REDUCE_DIM=REDUCE_ROW); tt_reduce_tile() takes them as arguments.  The
 * broadcast ops exist under their specific names (add_tiles_bcast_rows,
 * ...).  Overloads become argument-count dispatch (compute_kernel_hw_startup,
 * mm_init, reconfig_data_format*, untilize_init, pack_untilize_*); C++
 * kernels get real overloads and templates instead, from
 * api/compute/compute_kernel_api.h.
 *
 * Not yet implemented: dest reuse, the math (ALU) format as state of its
 * own (reconfig_data_format switches the unpackers only), partial faces.
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
#define UNPACK(x) x
#define MATH(x)
#define PACK(x)
#elif defined(TRISC_MATH)
#define UNPACK(x)
#define MATH(x) x
#define PACK(x)
#elif defined(TRISC_PACK)
#define UNPACK(x)
#define MATH(x)
#define PACK(x) x
#else
#error "build compute kernels with tt_compute_kernel_create (TRISC_UNPACK/MATH/PACK)"
#endif

/* Engine commands -------------------------------------------------------- */

#define TT_TILE_REG(reg) (*(volatile uint32_t *)(TT_MMIO_TILE_BASE + TT_A_TILE_##reg))

static FORCE_INLINE uint32_t tt_tile_issue(uint32_t cmd)
{
	TT_TILE_REG(CMD) = cmd;
	return TT_TILE_REG(STATUS);
}

/*
 * Run @cmd; sleep and re-issue it while the engine says it would stall.
 * A stalled command has already taken this hart's wake and described its
 * wait (hal/tt_tile_regs.h), so the loop is the issue and wfi alone.
 * A rejected command has been reported by the engine (a guest error that
 * says what and why): the kernel stops there, naming the API call that
 * issued it (not inlined, so that is where it returns to).
 */
static __attribute__((noinline)) void tt_tile_cmd(uint32_t cmd, uint32_t a0, uint32_t a1,
						  uint32_t a2, uint32_t a3)
{
	uint32_t status;

	TT_TILE_REG(ARG0) = a0;
	TT_TILE_REG(ARG1) = a1;
	TT_TILE_REG(ARG2) = a2;
	TT_TILE_REG(ARG3) = a3;
	while ((status = tt_tile_issue(cmd)) == TT_TILE_STATUS_BLOCKED)
		tt_wfi();
	if (status == TT_TILE_STATUS_EINVAL)
		tt_kernel_stop_at(TT_CALL_SITE());
}

/* The FMT argument of CB @cb: its data format, and its index for reports. */
static FORCE_INLINE uint32_t tt_cb_fmt(uint32_t cb)
{
	return TT_FIELD_VAL(TILE, FMT, DF, tt_get_dataformat(cb)) | TT_FIELD_VAL(TILE, FMT, CB, cb);
}

/* Bytes of one element of CB @cb's format in row-major data. */
static FORCE_INLINE uint32_t tt_cb_elem_bytes(uint32_t cb)
{
	return tt_get_dataformat(cb) == TT_DF_FLOAT32 ? 4 : 2;
}

/* fp32_dest_acc_en of this launch (the engine's CONFIG). */
static FORCE_INLINE bool tt_fp32_dest(void)
{
	return TT_FIELD_GET(TILE, CONFIG, FP32_DEST, TT_TILE_REG(CONFIG));
}

/*
 * Unpack to Dst for CB @cb: Float32 with a 32-bit Dst skips Src (and its
 * TF32 truncation), as tt-metal's copy_tile and tilize do.
 */
static FORCE_INLINE uint32_t tt_to_dst_flag(uint32_t cb)
{
	return tt_get_dataformat(cb) == TT_DF_FLOAT32 && tt_fp32_dest()
		       ? TT_FIELD_VAL(TILE, UNPACK, TO_DST, 1)
		       : 0;
}

/* UNPACK: L1 @addr of CB @cb into Src @src (0 A, 1 B), UNPACK fields @flags. */
static FORCE_INLINE void tt_unpack_l1(uint32_t src, uint32_t cb, uint32_t addr, uint32_t flags)
{
	tt_tile_cmd(TT_TILE_CMD_UNPACK, src, addr, tt_cb_fmt(cb), flags);
}

/* L1 address of tile @tile from the front of CB @cb. */
static FORCE_INLINE uint32_t tt_cb_front_tile(uint32_t cb, uint32_t tile)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);

	return ifc->fifo_rd_ptr + tile * ifc->fifo_page_size;
}

/*
 * UNPACK: tile @tile of the front of CB @cb into Src @src (0 A, 1 B),
 * transposed when @transpose.
 */
static inline void tt_unpack_tile_t(uint32_t src, uint32_t cb, uint32_t tile, uint32_t transpose)
{
	tt_unpack_l1(src, cb, tt_cb_front_tile(cb, tile),
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

/*
 * PACK: tiles packed in order into each CB since its last cb_push_back
 * (tt-metal's fifo_wr_tile_ptr): pack_tile(idst, ocb) writes the next one.
 */
static uint16_t tt_pack_tile_ptr[TT_NUM_CBS] __attribute__((unused));

static FORCE_INLINE void cb_push_back(uint32_t cb, uint32_t num_pages)
{
	(void)cb, (void)num_pages;
	PACK((tt_cb_push_back(cb, num_pages), tt_pack_tile_ptr[cb] = 0));
}

/* Dst ownership (tt-metal reg_api.h) ------------------------------------- */

static FORCE_INLINE void tile_regs_acquire(void)
{
	MATH((tt_tile_cmd(TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0)));
}

/* Before Dst goes to the packer: a rejected sfpi instruction stops here. */
static FORCE_INLINE void tt_sfpi_check(void)
{
	tt_sfpi_stop_unless_ok(TT_TILE_REG(SFPI_STATUS));
}

static FORCE_INLINE void tile_regs_commit(void)
{
	MATH((tt_sfpi_check(), tt_tile_cmd(TT_TILE_CMD_COMMIT, 0, 0, 0, 0)));
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

/* Data formats (tt-metal compute_kernel_hw_startup.h, reconfig_data_format.h) */

/* UNPACK: unpacker @src (0 A, 1 B) unpacks CB @cb's format from now on. */
static FORCE_INLINE void tt_unpack_config(uint32_t src, uint32_t cb)
{
	(void)src, (void)cb;
	UNPACK((tt_tile_cmd(TT_TILE_CMD_UNPACK_CONFIG, src, tt_cb_fmt(cb), 0, 0)));
}

/* PACK: the packer packs to CB @cb's format from now on. */
static FORCE_INLINE void tt_pack_config(uint32_t cb)
{
	(void)cb;
	PACK((tt_tile_cmd(TT_TILE_CMD_PACK_CONFIG, tt_cb_fmt(cb), 0, 0, 0)));
}

/* The full configuration of a *_init: SrcA, SrcB and pack formats. */
static FORCE_INLINE void tt_hw_configure(uint32_t srca_cb, uint32_t srcb_cb, uint32_t ocb)
{
	tt_unpack_config(0, srca_cb);
	tt_unpack_config(1, srcb_cb);
	tt_pack_config(ocb);
}

/* compute_kernel_hw_startup(icb0, icb1, ocb) or (icb, ocb). */
static FORCE_INLINE void tt_hw_startup_3(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
	tt_hw_configure(icb0, icb1, ocb);
}

static FORCE_INLINE void tt_hw_startup_2(uint32_t icb, uint32_t ocb)
{
	tt_hw_configure(icb, icb, ocb);
}

#define TT_PICK_3(_1, _2, _3, name, ...)     name
#define TT_PICK_4(_1, _2, _3, _4, name, ...) name
#ifndef __cplusplus
#define compute_kernel_hw_startup(...) \
	TT_PICK_3(__VA_ARGS__, tt_hw_startup_3, tt_hw_startup_2, )(__VA_ARGS__)
#endif

static FORCE_INLINE void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
	tt_hw_configure(icb0, icb1, ocb);
}

static FORCE_INLINE void unary_op_init_common(uint32_t icb, uint32_t ocb)
{
	tt_hw_configure(icb, icb, ocb);
}

/*
 * reconfig_data_format(srca_new, srcb_new) or (srca_old, srca_new,
 * srcb_old, srcb_new): the unpackers take the formats of the new CBs; the
 * old/new form skips a switch between CBs of the same format, as
 * tt-metal's does.  _srca / _srcb take (new) or (old, new).
 * unpack_reconfig_data_format* are the same calls.
 */
static FORCE_INLINE void tt_reconfig_src(uint32_t src, uint32_t old_cb, uint32_t new_cb)
{
	(void)old_cb;
	if (tt_get_dataformat(old_cb) != tt_get_dataformat(new_cb))
		tt_unpack_config(src, new_cb);
}

static FORCE_INLINE void tt_reconfig_srca_1(uint32_t srca_new)
{
	tt_unpack_config(0, srca_new);
}

static FORCE_INLINE void tt_reconfig_srca_2(uint32_t srca_old, uint32_t srca_new)
{
	tt_reconfig_src(0, srca_old, srca_new);
}

static FORCE_INLINE void tt_reconfig_srcb_1(uint32_t srcb_new)
{
	tt_unpack_config(1, srcb_new);
}

static FORCE_INLINE void tt_reconfig_srcb_2(uint32_t srcb_old, uint32_t srcb_new)
{
	tt_reconfig_src(1, srcb_old, srcb_new);
}

static FORCE_INLINE void tt_reconfig_2(uint32_t srca_new, uint32_t srcb_new)
{
	tt_unpack_config(0, srca_new);
	tt_unpack_config(1, srcb_new);
}

static FORCE_INLINE void tt_reconfig_4(uint32_t srca_old, uint32_t srca_new, uint32_t srcb_old,
				       uint32_t srcb_new)
{
	tt_reconfig_src(0, srca_old, srca_new);
	tt_reconfig_src(1, srcb_old, srcb_new);
}

#ifndef __cplusplus
#define reconfig_data_format(...) \
	TT_PICK_4(__VA_ARGS__, tt_reconfig_4, , tt_reconfig_2, )(__VA_ARGS__)
#define reconfig_data_format_srca(...) \
	TT_PICK_3(__VA_ARGS__, , tt_reconfig_srca_2, tt_reconfig_srca_1, )(__VA_ARGS__)
#define reconfig_data_format_srcb(...) \
	TT_PICK_3(__VA_ARGS__, , tt_reconfig_srcb_2, tt_reconfig_srcb_1, )(__VA_ARGS__)
#define unpack_reconfig_data_format	 reconfig_data_format
#define unpack_reconfig_data_format_srca reconfig_data_format_srca
#define unpack_reconfig_data_format_srcb reconfig_data_format_srcb
#endif

/* pack_reconfig_data_format(new_ocb) or (old_ocb, new_ocb). */
static FORCE_INLINE void tt_pack_reconfig_1(uint32_t new_ocb)
{
	tt_pack_config(new_ocb);
}

static FORCE_INLINE void tt_pack_reconfig_2(uint32_t old_ocb, uint32_t new_ocb)
{
	(void)old_ocb;
	if (tt_get_dataformat(old_ocb) != tt_get_dataformat(new_ocb))
		tt_pack_config(new_ocb);
}

#ifndef __cplusplus
#define pack_reconfig_data_format(...) \
	TT_PICK_3(__VA_ARGS__, , tt_pack_reconfig_2, tt_pack_reconfig_1, )(__VA_ARGS__)
#endif

/* Short inits: the op only, formats as configured ------------------------ */

/*
 * Whether add_tiles and sub_tiles add their result to what Dst holds
 * (tt-metal's acc_to_dest, an argument of the math init): set by the
 * inits that take it (tt_add_tiles_init_acc), cleared by the others.
 * Only the math thread reads it.
 */
static uint32_t tt_eltwise_acc_to_dest;

static FORCE_INLINE void add_tiles_init(uint32_t icb0, uint32_t icb1)
{
	(void)icb0, (void)icb1;
	tt_eltwise_acc_to_dest = 0;
}

static FORCE_INLINE void sub_tiles_init(uint32_t icb0, uint32_t icb1)
{
	(void)icb0, (void)icb1;
	tt_eltwise_acc_to_dest = 0;
}

/* add_tiles_init / sub_tiles_init with tt-metal's acc_to_dest. */
static FORCE_INLINE void tt_eltwise_init_acc(uint32_t icb0, uint32_t icb1, uint32_t acc_to_dest)
{
	(void)icb0, (void)icb1;
	tt_eltwise_acc_to_dest = acc_to_dest ? 1 : 0;
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

/* copy_tile_to_dst_init_short with SrcA switched from @old_icb's format. */
static FORCE_INLINE void copy_tile_to_dst_init_short_with_dt(uint32_t old_icb, uint32_t new_icb)
{
	tt_reconfig_src(0, old_icb, new_icb);
}

/* Element-wise binary ops (tt-metal eltwise_binary.h) -------------------- */

/*
 * in0 -> SrcA, in1 -> SrcB (broadcast from SrcB: a row broadcast repeats
 * in1's row @row), then the FPU op.
 */
static FORCE_INLINE void tt_binary_bcast_tiles(uint32_t op, uint32_t bcast, uint32_t icb0,
					       uint32_t icb1, uint32_t itile0, uint32_t itile1,
					       uint32_t idst, uint32_t row)
{
	(void)op, (void)bcast, (void)icb0, (void)icb1, (void)itile0, (void)itile1;
	(void)idst, (void)row;
	UNPACK((tt_unpack_tile(0, icb0, itile0), tt_unpack_tile(1, icb1, itile1)));
	MATH((tt_tile_cmd(TT_TILE_CMD_ELTWISE, op, bcast | row << TT_TILE_BCAST_ROW_SHIFT, 0,
			  idst)));
}

/* Add and sub accumulate into Dst after an acc_to_dest init; mul always does. */
static FORCE_INLINE void tt_binary_tiles(uint32_t op, uint32_t icb0, uint32_t icb1, uint32_t itile0,
					 uint32_t itile1, uint32_t idst)
{
	(void)op, (void)icb0, (void)icb1, (void)itile0, (void)itile1, (void)idst;
	UNPACK((tt_unpack_tile(0, icb0, itile0), tt_unpack_tile(1, icb1, itile1)));
	MATH((tt_tile_cmd(TT_TILE_CMD_ELTWISE, op, TT_TILE_BCAST_NONE,
			  op == TT_TILE_ELTWISE_MUL ? 0 : tt_eltwise_acc_to_dest, idst)));
}

/* Dst[@idst] = in0[@itile0] + in1[@itile1], tiles counted from each CB's front. */
static FORCE_INLINE void add_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
				   uint32_t idst)
{
	tt_binary_tiles(TT_TILE_ELTWISE_ADD, icb0, icb1, itile0, itile1, idst);
}

static FORCE_INLINE void sub_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
				   uint32_t idst)
{
	tt_binary_tiles(TT_TILE_ELTWISE_SUB, icb0, icb1, itile0, itile1, idst);
}

/* Dst[@idst] += in0 * in1 (Dst is zero after every tile_regs_release). */
static FORCE_INLINE void mul_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
				   uint32_t idst)
{
	tt_binary_tiles(TT_TILE_ELTWISE_MUL, icb0, icb1, itile0, itile1, idst);
}

/* Broadcast binary ops (tt-metal bcast.h) -------------------------------- */

/*
 * <op>_tiles_bcast_<dim>(icb0, icb1, itile0, itile1, idst): in1 broadcast
 * over in0: rows (in1 row 0 down every row), cols (in1 column 0 across
 * every column) or scalar (in1[0][0]).  mul accumulates as mul_tiles.
 */
#define TT_BCAST_OP(op, dim, OP, DIM)                                                          \
	static FORCE_INLINE void op##_tiles_bcast_##dim(                                       \
		uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) \
	{                                                                                      \
		tt_binary_bcast_tiles(TT_TILE_ELTWISE_##OP, TT_TILE_BCAST_##DIM, icb0, icb1,   \
				      itile0, itile1, idst, 0);                                \
	}                                                                                      \
	static FORCE_INLINE void op##_bcast_##dim##_init_short(uint32_t icb0, uint32_t icb1)   \
	{                                                                                      \
		(void)icb0, (void)icb1;                                                        \
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

#ifdef __cplusplus
/* C++: tt-metal's row broadcasts may name the row of in1 they repeat. */
#define TT_BCAST_ROW_IDX_OP(op, OP)                                                                \
	static FORCE_INLINE void op##_tiles_bcast_rows(uint32_t icb0, uint32_t icb1,               \
						       uint32_t itile0, uint32_t itile1,           \
						       uint32_t idst, uint32_t bcast_row_idx)      \
	{                                                                                          \
		tt_binary_bcast_tiles(TT_TILE_ELTWISE_##OP, TT_TILE_BCAST_ROW, icb0, icb1, itile0, \
				      itile1, idst, bcast_row_idx);                                \
	}
TT_BCAST_ROW_IDX_OP(add, ADD)
TT_BCAST_ROW_IDX_OP(sub, SUB)
TT_BCAST_ROW_IDX_OP(mul, MUL)
#undef TT_BCAST_ROW_IDX_OP
#endif

/* init_bcast<op, dim>(icb0, icb1, ocb) and tt-metal's other init spellings. */
static FORCE_INLINE void init_bcast(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
	tt_hw_configure(icb0, icb1, ocb);
}

#define add_tiles_bcast_scalar_init_short add_bcast_scalar_init_short
#define sub_tiles_bcast_scalar_init_short sub_bcast_scalar_init_short
#define mul_tiles_bcast_scalar_init_short mul_bcast_scalar_init_short

/* Matmul (tt-metal matmul.h) --------------------------------------------- */

/* mm_init(in0, in1, out[, transpose]): in1 goes to SrcA, in0 to SrcB. */
static FORCE_INLINE void tt_mm_init(uint32_t in0_cb, uint32_t in1_cb, uint32_t out_cb,
				    uint32_t transpose)
{
	(void)transpose;
	tt_hw_configure(in1_cb, in0_cb, out_cb);
}

#ifndef __cplusplus
#define TT_MM_INIT_3(in0, in1, out) tt_mm_init(in0, in1, out, 0)
#define mm_init(...)		    TT_PICK_4(__VA_ARGS__, tt_mm_init, TT_MM_INIT_3, , )(__VA_ARGS__)
#endif

static FORCE_INLINE void tt_mm_init_short(uint32_t in0_cb, uint32_t in1_cb, uint32_t transpose)
{
	(void)in0_cb, (void)in1_cb, (void)transpose;
}

#ifndef __cplusplus
#define TT_MM_INIT_SHORT_2(in0, in1) tt_mm_init_short(in0, in1, 0)
#define mm_init_short(...) \
	TT_PICK_3(__VA_ARGS__, tt_mm_init_short, TT_MM_INIT_SHORT_2, )(__VA_ARGS__)
#endif

/* mm_init_short with SrcA switched from @old_srca_cb's format to in1's. */
static FORCE_INLINE void mm_init_short_with_dt(uint32_t in0_cb, uint32_t in1_cb,
					       uint32_t old_srca_cb, uint32_t transpose)
{
	(void)in0_cb, (void)transpose;
	tt_reconfig_src(0, old_srca_cb, in1_cb);
}

/*
 * Dst[@idst] += in0[@in0_tile] @ in1[@in1_tile], in1 transposed first when
 * @transpose.  in0 goes to SrcB and in1 to SrcA, as in the LLK.
 */
static FORCE_INLINE void matmul_tiles(uint32_t in0_cb, uint32_t in1_cb, uint32_t in0_tile,
				      uint32_t in1_tile, uint32_t idst, uint32_t transpose)
{
	(void)in0_cb, (void)in1_cb, (void)in0_tile, (void)in1_tile, (void)idst;
	(void)transpose;
	UNPACK((tt_unpack_tile(1, in0_cb, in0_tile),
		tt_unpack_tile_t(0, in1_cb, in1_tile, transpose)));
	MATH((tt_tile_cmd(TT_TILE_CMD_MATMUL, idst, 0, 0, 0)));
}

/* Block matmul (tt-metal matmul.h: mm_block_init, matmul_block) ---------- */

static FORCE_INLINE void mm_block_init(uint32_t in0_cb, uint32_t in1_cb, uint32_t out_cb,
				       uint32_t transpose, uint32_t ct_dim, uint32_t rt_dim,
				       uint32_t kt_dim)
{
	(void)ct_dim, (void)rt_dim, (void)kt_dim;
	tt_mm_init(in0_cb, in1_cb, out_cb, transpose);
}

static FORCE_INLINE void mm_block_init_short(uint32_t in0_cb, uint32_t in1_cb, uint32_t transpose,
					     uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim)
{
	(void)in0_cb, (void)in1_cb, (void)transpose, (void)ct_dim, (void)rt_dim;
	(void)kt_dim;
}

/* mm_block_init_short with SrcA switched from @old_in1_cb's format. */
static FORCE_INLINE void mm_block_init_short_with_dt(uint32_t in0_cb, uint32_t in1_cb,
						     uint32_t old_in1_cb, uint32_t transpose,
						     uint32_t ct_dim, uint32_t rt_dim,
						     uint32_t kt_dim)
{
	(void)in0_cb, (void)transpose, (void)ct_dim, (void)rt_dim, (void)kt_dim;
	tt_reconfig_src(0, old_in1_cb, in1_cb);
}

/*
 * One k step of a block: for r < @rt_dim, c < @ct_dim
 *   Dst[@idst + r * ct_dim + c] += in0[@in0_tile + r * kt_dim] @ in1[@in1_tile + c]
 * (tiles counted from each CB's front; in0 holds rt_dim rows of kt_dim
 * tiles, in1 a row of at least ct_dim tiles for this k), each in1 tile
 * transposed when @transpose.  One engine command per thread for the
 * whole block: the unpacker hands rt_dim + ct_dim tiles over at once.
 */
static FORCE_INLINE void matmul_block(uint32_t in0_cb, uint32_t in1_cb, uint32_t in0_tile,
				      uint32_t in1_tile, uint32_t idst, uint32_t transpose,
				      uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim)
{
	uint32_t block =
		TT_FIELD_VAL(TILE, BLOCK, CT, ct_dim) | TT_FIELD_VAL(TILE, BLOCK, RT, rt_dim);

	(void)in0_cb, (void)in1_cb, (void)in0_tile, (void)in1_tile, (void)idst;
	(void)transpose, (void)kt_dim, (void)block;
	UNPACK((TT_TILE_REG(ARG4) = kt_dim * get_tile_size(in0_cb),
		TT_TILE_REG(ARG5) = get_tile_size(in1_cb),
		TT_TILE_REG(ARG6) = block | TT_FIELD_VAL(TILE, BLOCK, TRANSPOSE, transpose != 0),
		tt_tile_cmd(TT_TILE_CMD_UNPACK_MATMUL_BLOCK, tt_cb_front_tile(in0_cb, in0_tile),
			    tt_cb_front_tile(in1_cb, in1_tile), tt_cb_fmt(in0_cb),
			    tt_cb_fmt(in1_cb))));
	MATH((tt_tile_cmd(TT_TILE_CMD_MATMUL_BLOCK, idst, block, 0, 0)));
}

/* Reduce (tt-metal reduce.h) --------------------------------------------- */

/* PoolType and ReduceDim (REDUCE_ROW: result in column 0, COL: row 0). */
enum { POOL_SUM = TT_TILE_POOL_SUM, POOL_AVG = TT_TILE_POOL_AVG, POOL_MAX = TT_TILE_POOL_MAX };
enum {
	REDUCE_ROW = TT_TILE_REDUCE_ROW,
	REDUCE_COL = TT_TILE_REDUCE_COL,
	REDUCE_SCALAR = TT_TILE_REDUCE_SCALAR
};

static FORCE_INLINE void reduce_init(uint32_t icb, uint32_t scaler_cb, uint32_t ocb)
{
	tt_hw_configure(icb, scaler_cb, ocb);
}

static FORCE_INLINE void reduce_uninit(void)
{}

/*
 * Dst[@idst] (op)= reduce of in[@itile], scaled by the scaler tile
 * @stile of @scaler_cb (tt-metal's convention: SUM/MAX take 1s, AVG 1/N).
 */
static FORCE_INLINE void tt_reduce_tile(uint32_t pool, uint32_t dim, uint32_t icb,
					uint32_t scaler_cb, uint32_t itile, uint32_t stile,
					uint32_t idst)
{
	(void)pool, (void)dim, (void)icb, (void)scaler_cb, (void)itile, (void)stile;
	(void)idst;
	UNPACK((tt_unpack_tile(0, icb, itile), tt_unpack_tile(1, scaler_cb, stile)));
	MATH((tt_tile_cmd(TT_TILE_CMD_REDUCE, pool, dim, idst, 0)));
}

#ifndef __cplusplus
#define reduce_tile(icb, scaler_cb, itile, stile, idst) \
	tt_reduce_tile(REDUCE_OP, REDUCE_DIM, icb, scaler_cb, itile, stile, idst)
#endif

/* Transpose (tt-metal transpose_wh.h) ------------------------------------ */

static FORCE_INLINE void transpose_wh_init(uint32_t icb, uint32_t ocb)
{
	tt_hw_configure(icb, icb, ocb);
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

/*
 * Dst[@idst] = tile @itile of CB @icb: through SrcA, or unpacked to Dst
 * bit for bit for Float32 with fp32_dest_acc_en.
 */
static FORCE_INLINE void copy_tile(uint32_t icb, uint32_t itile, uint32_t idst)
{
	(void)icb, (void)itile, (void)idst;
	UNPACK((tt_unpack_l1(0, icb, tt_cb_front_tile(icb, itile), tt_to_dst_flag(icb)),
		tt_tile_cmd(TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0)));
	MATH((tt_tile_cmd(TT_TILE_CMD_DATACOPY, 0, idst, 0, 0)));
}

/*
 * pack_reconfig_l1_acc(1): from now on the packer adds each tile it packs
 * to the one already in L1 (tt-metal's L1 accumulation); 0 overwrites
 * again.  Kept for the pack thread, sent with every PACK.
 */
static uint32_t tt_pack_l1_acc;

static FORCE_INLINE void pack_reconfig_l1_acc(uint32_t l1_acc_en)
{
	tt_pack_l1_acc = l1_acc_en ? 1 : 0;
}

/* tt-metal's pack_init(ocb): the packer's formats stay as configured. */
static FORCE_INLINE void pack_init(uint32_t ocb)
{
	(void)ocb;
}

/* PACK: Dst[@idst] to L1 @addr of CB @ocb, PACK fields @flags. */
static FORCE_INLINE void tt_pack_l1(uint32_t idst, uint32_t ocb, uint32_t addr, uint32_t flags)
{
	tt_tile_cmd(TT_TILE_CMD_PACK, idst, addr, tt_cb_fmt(ocb),
		    flags | TT_FIELD_VAL(TILE, PACK, ADD_TO_L1, tt_pack_l1_acc));
}

/* Pack Dst[@idst] into tile @otile of the reserved back of CB @ocb. */
static FORCE_INLINE void tt_pack_tile(uint32_t idst, uint32_t ocb, uint32_t otile)
{
	(void)idst, (void)ocb, (void)otile;
	PACK((tt_pack_l1(idst, ocb, get_write_ptr(ocb) + otile * get_tile_size(ocb), 0)));
}

/* Pack Dst[@idst] into the next tile of CB @ocb's reserved back. */
static FORCE_INLINE void tt_pack_tile_next(uint32_t idst, uint32_t ocb)
{
	(void)idst, (void)ocb;
	PACK((tt_pack_tile(idst, ocb, tt_pack_tile_ptr[ocb]++)));
}

/*
 * pack_rows (tt-metal pack.h): only the first @num_rows rows of 16 datums
 * of a Dst tile, in face order (1 to 64), to the start of a tile slot of
 * the reserved back.  pack_rows_init sets the count for the pack thread,
 * pack_rows_uninit goes back to whole tiles.
 */
static uint32_t tt_pack_rows_count;

static FORCE_INLINE void pack_rows_init(uint32_t num_rows)
{
	tt_pack_rows_count = num_rows;
}

static FORCE_INLINE void pack_rows_uninit(void)
{
	tt_pack_rows_count = 0;
}

static FORCE_INLINE void tt_pack_rows(uint32_t idst, uint32_t ocb, uint32_t otile)
{
	(void)idst, (void)ocb, (void)otile;
	PACK((tt_pack_l1(idst, ocb, get_write_ptr(ocb) + otile * get_tile_size(ocb),
			 TT_FIELD_VAL(TILE, PACK, ROWS, tt_pack_rows_count))));
}

#ifndef __cplusplus
#define TT_PACK_ROWS_2(idst, ocb)	 tt_pack_rows(idst, ocb, 0)
#define TT_PACK_ROWS_3(idst, ocb, otile) tt_pack_rows(idst, ocb, otile)
#define pack_rows(...)			 TT_PACK_TILE_PICK(__VA_ARGS__, TT_PACK_ROWS_3, TT_PACK_ROWS_2, )(__VA_ARGS__)
#endif

/*
 * pack_tile(idst, ocb): to the next tile of the reserved back, in order
 * since the last cb_push_back, as tt-metal's pack_tile; pack_tile(idst,
 * ocb, output_tile_index): to that tile (tt-metal's pack_tile<true>,
 * out of order; the in-order position does not move).
 */
#ifndef __cplusplus
#define TT_PACK_TILE_2(idst, ocb)		 tt_pack_tile_next(idst, ocb)
#define TT_PACK_TILE_3(idst, ocb, otile)	 tt_pack_tile(idst, ocb, otile)
#define TT_PACK_TILE_PICK(_1, _2, _3, name, ...) name
#define pack_tile(...)				 TT_PACK_TILE_PICK(__VA_ARGS__, TT_PACK_TILE_3, TT_PACK_TILE_2, )(__VA_ARGS__)
#endif

/* SFPU unary ops on Dst (tt-metal eltwise_unary headers) ---------------- */

#define TT_SFPU_UNARY(name, op)                                              \
	static FORCE_INLINE void name##_tile_init(void)                      \
	{}                                                                   \
	static FORCE_INLINE void name##_tile(uint32_t idst)                  \
	{                                                                    \
		(void)idst;                                                  \
		MATH((tt_tile_cmd(TT_TILE_CMD_SFPU_UNARY, op, idst, 0, 0))); \
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
TT_SFPU_UNARY(silu, TT_TILE_SFPU_SILU)
TT_SFPU_UNARY(sign, TT_TILE_SFPU_SIGN)

/*
 * <op>_unary_tile(idst, scalar): Dst[idst] = Dst[idst] op scalar, the
 * scalar an FP32 value's bits (tt-metal's binop_with_scalar.h).  As
 * there, div_unary_tile multiplies: pass the divisor's reciprocal.
 */
static FORCE_INLINE void binop_with_scalar_tile_init(void)
{}

#define TT_SFPU_SCALAR(name, op)                                                   \
	static FORCE_INLINE void name##_unary_tile(uint32_t idst, uint32_t scalar) \
	{                                                                          \
		(void)idst, (void)scalar;                                          \
		MATH((tt_tile_cmd(TT_TILE_CMD_SFPU_UNARY, op, idst, scalar, 0)));  \
	}

TT_SFPU_SCALAR(add, TT_TILE_SFPU_ADD_SCALAR)
TT_SFPU_SCALAR(sub, TT_TILE_SFPU_SUB_SCALAR)
TT_SFPU_SCALAR(mul, TT_TILE_SFPU_MUL_SCALAR)
TT_SFPU_SCALAR(div, TT_TILE_SFPU_DIV_SCALAR)
TT_SFPU_SCALAR(rsub, TT_TILE_SFPU_RSUB_SCALAR)

/* SFPU binary ops on Dst (tt-metal eltwise_binary_sfpu.h) -------------- */

/* <op>_binary_tile(idst0, idst1): Dst[idst0] = Dst[idst0] op Dst[idst1]. */
#define TT_SFPU_BINARY(name, op)                                                    \
	static FORCE_INLINE void name##_binary_tile_init(void)                      \
	{}                                                                          \
	static FORCE_INLINE void name##_binary_tile(uint32_t idst0, uint32_t idst1) \
	{                                                                           \
		(void)idst0, (void)idst1;                                           \
		MATH((tt_tile_cmd(TT_TILE_CMD_SFPU_BINARY, op, idst0, idst1, 0)));  \
	}

TT_SFPU_BINARY(add, TT_TILE_SFPU_BINARY_ADD)
TT_SFPU_BINARY(sub, TT_TILE_SFPU_BINARY_SUB)
TT_SFPU_BINARY(mul, TT_TILE_SFPU_BINARY_MUL)

/* Tilize / untilize (tt-metal tilize.h, untilize.h, pack_untilize.h) ---- */

/*
 * One tile through Dst tile 0 in its own acquire/release: UNPACK
 * whatever @unpack_addr/@unpack_flags say into SrcA (and a dummy SrcB),
 * MATH copies it to Dst, PACK writes it with @pack_flags.  Float32 with
 * fp32_dest_acc_en is unpacked to Dst, so the trip is bit exact.
 */
static FORCE_INLINE void tt_layout_tile(uint32_t icb, uint32_t unpack_addr, uint32_t unpack_flags,
					uint32_t ocb, uint32_t pack_addr, uint32_t pack_flags)
{
	(void)icb, (void)unpack_addr, (void)unpack_flags, (void)ocb, (void)pack_addr;
	(void)pack_flags;
	UNPACK((tt_unpack_l1(0, icb, unpack_addr, unpack_flags | tt_to_dst_flag(icb)),
		tt_tile_cmd(TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0)));
	MATH((tt_tile_cmd(TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0),
	      tt_tile_cmd(TT_TILE_CMD_DATACOPY, 0, 0, 0, 0),
	      tt_tile_cmd(TT_TILE_CMD_COMMIT, 0, 0, 0, 0)));
	PACK((tt_tile_cmd(TT_TILE_CMD_WAIT, 0, 0, 0, 0), tt_pack_l1(0, ocb, pack_addr, pack_flags),
	      tt_tile_cmd(TT_TILE_CMD_RELEASE, 0, 0, 0, 0)));
}

static FORCE_INLINE void tilize_init(uint32_t icb, uint32_t block, uint32_t ocb)
{
	(void)block;
	tt_hw_configure(icb, icb, ocb);
}

static FORCE_INLINE void tilize_init_short(uint32_t icb, uint32_t block, uint32_t ocb)
{
	(void)icb, (void)block, (void)ocb;
}

/* tilize_init_short with SrcA switched from @old_icb's format. */
static FORCE_INLINE void tilize_init_short_with_dt(uint32_t old_icb, uint32_t new_icb,
						   uint32_t block, uint32_t ocb)
{
	(void)block, (void)ocb;
	tt_reconfig_src(0, old_icb, new_icb);
}

static FORCE_INLINE void tilize_uninit(uint32_t icb, uint32_t ocb)
{
	(void)icb, (void)ocb;
}

/* tilize_uninit, then SrcA back from @old_icb's format to @new_icb's. */
static FORCE_INLINE void tilize_uninit_with_dt(uint32_t old_icb, uint32_t new_icb, uint32_t ocb)
{
	(void)ocb;
	tt_reconfig_src(0, old_icb, new_icb);
}

/*
 * The front of CB @icb holds 32 rows of @block * 32 row-major elements
 * (@block pages); write @block tiles, face order, to the reserved back
 * of CB @ocb.  The kernel waits for / pops @icb and reserves / pushes
 * @ocb around the call, as with tt-metal's.
 */
static inline void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb)
{
	uint32_t es = tt_cb_elem_bytes(icb);
	uint32_t stride = TT_FIELD_VAL(TILE, UNPACK, ROW_STRIDE, block * TT_TILE_DIM * es);

	for (uint32_t t = 0; t < block; t++)
		tt_layout_tile(
			icb, tt_cb_front_tile(icb, 0) + t * TT_TILE_DIM * es, stride, ocb,
			get_write_ptr(ocb) + (tt_pack_tile_ptr[ocb] + t) * get_tile_size(ocb), 0);
	PACK((tt_pack_tile_ptr[ocb] += block));
}

/* untilize_init(icb) or (icb, ocb): also configures the packer with @ocb. */
static FORCE_INLINE void tt_untilize_init_1(uint32_t icb)
{
	tt_unpack_config(0, icb);
	tt_unpack_config(1, icb);
}

static FORCE_INLINE void tt_untilize_init_2(uint32_t icb, uint32_t ocb)
{
	tt_hw_configure(icb, icb, ocb);
}

#ifndef __cplusplus
#define untilize_init(...) \
	TT_PICK_3(__VA_ARGS__, , tt_untilize_init_2, tt_untilize_init_1, )(__VA_ARGS__)
#endif

static FORCE_INLINE void untilize_init_short(uint32_t icb)
{
	(void)icb;
}

static FORCE_INLINE void untilize_uninit(uint32_t icb)
{
	(void)icb;
}

/*
 * The reverse of tilize_block: @block tiles from the front of CB @icb to
 * 32 rows of @block * 32 row-major elements at the reserved back of CB
 * @ocb.
 */
static inline void untilize_block(uint32_t icb, uint32_t block, uint32_t ocb)
{
	uint32_t es = tt_cb_elem_bytes(ocb);
	uint32_t stride = TT_FIELD_VAL(TILE, PACK, ROW_STRIDE, block * TT_TILE_DIM * es);

	for (uint32_t t = 0; t < block; t++)
		tt_layout_tile(icb, tt_cb_front_tile(icb, t), 0, ocb,
			       get_write_ptr(ocb) + t * TT_TILE_DIM * es, stride);
	PACK((tt_pack_tile_ptr[ocb] += block));
}

/*
 * pack_untilize: the packer writes Dst tiles as row-major rows.  C has no
 * templates: tt-metal's block_ct_dim and full_ct_dim are arguments of the
 * tt_ forms, and the tt-metal spellings take them from the defines
 * PACK_UNTILIZE_BLOCK_CT_DIM (default 8) and PACK_UNTILIZE_FULL_CT_DIM
 * (default: the block's).
 */
#ifndef PACK_UNTILIZE_BLOCK_CT_DIM
#define PACK_UNTILIZE_BLOCK_CT_DIM 8
#endif
#ifndef PACK_UNTILIZE_FULL_CT_DIM
#define PACK_UNTILIZE_FULL_CT_DIM PACK_UNTILIZE_BLOCK_CT_DIM
#endif

static FORCE_INLINE void pack_untilize_init(uint32_t icb, uint32_t ocb)
{
	tt_hw_configure(icb, icb, ocb);
}

static FORCE_INLINE void pack_untilize_dest_init(uint32_t ocb)
{
	tt_pack_config(ocb);
}

static FORCE_INLINE void pack_untilize_uninit(uint32_t ocb)
{
	(void)ocb;
}

/*
 * PACK: Dst tiles r * @block_ct + c (r < @block_rt, c < @block_ct) into
 * the reserved back of CB @ocb as rows of @full_ct * 32 elements, tile
 * column @block_c_index * block_ct + c, tile row r.
 */
static inline void tt_pack_untilize_dest(uint32_t block_ct, uint32_t full_ct, uint32_t ocb,
					 uint32_t block_rt, uint32_t block_c_index)
{
	uint32_t es = tt_cb_elem_bytes(ocb), row = full_ct * TT_TILE_DIM * es;

	(void)es, (void)row, (void)block_c_index;
	for (uint32_t r = 0; r < block_rt; r++)
		for (uint32_t c = 0; c < block_ct; c++)
			PACK((tt_pack_l1(r * block_ct + c, ocb,
					 get_write_ptr(ocb) + r * TT_TILE_DIM * row +
						 (block_c_index * block_ct + c) * TT_TILE_DIM * es,
					 TT_FIELD_VAL(TILE, PACK, ROW_STRIDE, row))));
}

/*
 * For each of @block_rt tile rows: tiles r * @block_ct + c of CB @icb's
 * front into Dst tiles c, then packed as rows (tt_pack_untilize_dest).
 */
static inline void tt_pack_untilize_block(uint32_t block_ct, uint32_t full_ct, uint32_t icb,
					  uint32_t block_rt, uint32_t ocb, uint32_t block_c_index)
{
	uint32_t es = tt_cb_elem_bytes(ocb), row = full_ct * TT_TILE_DIM * es;

	(void)es, (void)row;
	for (uint32_t r = 0; r < block_rt; r++) {
		MATH((tt_tile_cmd(TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0)));
		for (uint32_t c = 0; c < block_ct; c++) {
			UNPACK((tt_unpack_l1(0, icb, tt_cb_front_tile(icb, r * block_ct + c),
					     tt_to_dst_flag(icb)),
				tt_tile_cmd(TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0)));
			MATH((tt_tile_cmd(TT_TILE_CMD_DATACOPY, 0, c, 0, 0)));
		}
		MATH((tt_tile_cmd(TT_TILE_CMD_COMMIT, 0, 0, 0, 0)));
		PACK((tt_tile_cmd(TT_TILE_CMD_WAIT, 0, 0, 0, 0)));
		for (uint32_t c = 0; c < block_ct; c++)
			PACK((tt_pack_l1(c, ocb,
					 get_write_ptr(ocb) + r * TT_TILE_DIM * row +
						 (block_c_index * block_ct + c) * TT_TILE_DIM * es,
					 TT_FIELD_VAL(TILE, PACK, ROW_STRIDE, row))));
		PACK((tt_tile_cmd(TT_TILE_CMD_RELEASE, 0, 0, 0, 0)));
	}
}

#ifndef __cplusplus
#define TT_PU_BLOCK_3(icb, rt, ocb) TT_PU_BLOCK_4(icb, rt, ocb, 0)
#define TT_PU_BLOCK_4(icb, rt, ocb, ci)                                                        \
	tt_pack_untilize_block(PACK_UNTILIZE_BLOCK_CT_DIM, PACK_UNTILIZE_FULL_CT_DIM, icb, rt, \
			       ocb, ci)
#define pack_untilize_block(...) \
	TT_PICK_4(__VA_ARGS__, TT_PU_BLOCK_4, TT_PU_BLOCK_3, , )(__VA_ARGS__)

#define TT_PU_DEST_1(ocb)     TT_PU_DEST_3(ocb, 1, 0)
#define TT_PU_DEST_2(ocb, rt) TT_PU_DEST_3(ocb, rt, 0)
#define TT_PU_DEST_3(ocb, rt, ci) \
	tt_pack_untilize_dest(PACK_UNTILIZE_BLOCK_CT_DIM, PACK_UNTILIZE_FULL_CT_DIM, ocb, rt, ci)
#define pack_untilize_dest(...) \
	TT_PICK_3(__VA_ARGS__, TT_PU_DEST_3, TT_PU_DEST_2, TT_PU_DEST_1, )(__VA_ARGS__)
#endif

/* A C++ kernel that includes this header gets tt-metal's C++ API too. */
#ifdef __cplusplus
#include "api/compute/compute_kernel_api.h"
#endif

#endif /* TT_COMPUTE_KERNEL_API_H */
