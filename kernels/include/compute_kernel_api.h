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
 * Not yet implemented: matmul_tiles/mm_init, reduce_tile, broadcast ops,
 * transpose_wh_tile, tilize/untilize, binary SFPU ops, unpack to Dst
 * (copy_tile of Float32 with fp32 Dst goes through SrcA as TF32).
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

/* UNPACK: tile @tile of the front of CB @cb into Src @src (0 A, 1 B). */
static inline void tt_unpack_tile(uint32_t src, uint32_t cb, uint32_t tile)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);

	tt_tile_cmd(TT_TILE_CMD_UNPACK, src,
		    ifc->fifo_rd_ptr + tile * ifc->fifo_page_size,
		    get_dataformat(cb), 0);
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

static FORCE_INLINE void tt_binary_tiles(uint32_t op, uint32_t icb0, uint32_t icb1,
					 uint32_t itile0, uint32_t itile1,
					 uint32_t idst)
{
	(void)op, (void)icb0, (void)icb1, (void)itile0, (void)itile1, (void)idst;
	UNPACK((tt_unpack_tile(0, icb0, itile0), tt_unpack_tile(1, icb1, itile1)));
	MATH((tt_tile_cmd(TT_TILE_CMD_ELTWISE, op, TT_TILE_BCAST_NONE, 0, idst)));
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

#endif /* TT_COMPUTE_KERNEL_API_H */
