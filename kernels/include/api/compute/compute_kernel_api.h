// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's compute kernel API for C++ kernels (the headers of api/compute/): real
 * overloads and templates where the C API of compute_kernel_api.h uses
 * argument-count macros or defines, each a thin inline over a tt_ C
 * function, so the engine commands and their checks are the C path's.
 * The per-topic headers of api/compute/ (common.h, matmul.h, reduce.h,
 * eltwise_unary/exp.h, ...) all include this one.
 *
 * Templates follow tt-metal's parameters; those that choose among LLK
 * implementations on silicon (approximation modes, vector modes, tile
 * dimensions, int8 conversions) are accepted and do not change the result:
 * the tile engine computes each op one way (docs/tile-engine.md).
 *
 * SFPU code written with sfpi (vFloat, dst_reg, v_if, ...) and run by
 * _llk_math_eltwise_{unary,binary}_sfpu_params_ comes with this header,
 * as with tt-metal's: sfpi.h and llk_math_eltwise_sfpu_common.h, and the
 * namespaces sfpi and ckernel are used.
 *
 * Not yet implemented: the 3-argument SFPU binary ops with an output tile
 * other than one of the inputs (the kernel stops with a trap at the call),
 * dest reuse.
 */
#ifndef TT_API_COMPUTE_COMPUTE_KERNEL_API_H
#define TT_API_COMPUTE_COMPUTE_KERNEL_API_H

#include <compute_kernel_api.h>

#include "api/tt_cxx_common.h"
#include "llk_math_eltwise_sfpu_common.h"
#include "sfpi.h"

/* tt-metal's MathFidelity, for the MATH_FIDELITY constant below. */
namespace ckernel {
enum class MathFidelity : uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4, Invalid = 0xff };
} // namespace ckernel

/*
 * tt-metal's compute API lives in namespace ckernel, and its SFPU headers
 * use namespace sfpi: kernels name vFloat, dst_reg and VectorMode bare.
 */
using namespace ckernel;
using namespace sfpi;

/*
 * The kernel's ComputeConfig as tt-metal's generated constants: libtt
 * builds compute kernels with TT_COMPUTE_FP32_DEST, _APPROX and _FIDELITY.
 * tt-metal emits its kernel defines after these constants, so a kernel
 * define of the same name (tests pass DST_ACCUM_MODE=1) is the macro the
 * kernel's own code sees; here defines come first, so the constant
 * steps aside for it.
 */
#ifdef TT_COMPUTE_FP32_DEST
#ifndef DST_ACCUM_MODE
constexpr bool DST_ACCUM_MODE = TT_COMPUTE_FP32_DEST;
#endif
#ifndef APPROX
constexpr bool APPROX = TT_COMPUTE_APPROX;
#endif
constexpr ckernel::MathFidelity MATH_FIDELITY =
	static_cast<ckernel::MathFidelity>(TT_COMPUTE_FIDELITY);
#endif

/* Start-up and format reconfiguration ------------------------------------- */

ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
	tt_hw_startup_3(icb0, icb1, ocb);
}

ALWI void compute_kernel_hw_startup(uint32_t icb, uint32_t ocb)
{
	tt_hw_startup_2(icb, ocb);
}

/* tt-metal's init_sfpu: unpack from @icb, pack to @ocb. */
ALWI void init_sfpu(uint32_t icb, uint32_t ocb)
{
	unary_op_init_common(icb, ocb);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format(uint32_t srca_new, uint32_t srcb_new)
{
	tt_reconfig_2(srca_new, srcb_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format(uint32_t srca_old, uint32_t srca_new, uint32_t srcb_old,
			       uint32_t srcb_new)
{
	tt_reconfig_4(srca_old, srca_new, srcb_old, srcb_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format_srca(uint32_t srca_new)
{
	tt_reconfig_srca_1(srca_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format_srca(uint32_t srca_old, uint32_t srca_new)
{
	tt_reconfig_srca_2(srca_old, srca_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format_srcb(uint32_t srcb_new)
{
	tt_reconfig_srcb_1(srcb_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void reconfig_data_format_srcb(uint32_t srcb_old, uint32_t srcb_new)
{
	tt_reconfig_srcb_2(srcb_old, srcb_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void unpack_reconfig_data_format(uint32_t srca_new, uint32_t srcb_new)
{
	tt_reconfig_2(srca_new, srcb_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void unpack_reconfig_data_format(uint32_t srca_old, uint32_t srca_new, uint32_t srcb_old,
				      uint32_t srcb_new)
{
	tt_reconfig_4(srca_old, srca_new, srcb_old, srcb_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void unpack_reconfig_data_format_srca(uint32_t srca_new)
{
	tt_reconfig_srca_1(srca_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void unpack_reconfig_data_format_srca(uint32_t srca_old, uint32_t srca_new)
{
	tt_reconfig_srca_2(srca_old, srca_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void unpack_reconfig_data_format_srcb(uint32_t srcb_new)
{
	tt_reconfig_srcb_1(srcb_new);
}

template <bool to_from_int8 = false, bool is_tile_dim_reconfig_en = false>
ALWI void unpack_reconfig_data_format_srcb(uint32_t srcb_old, uint32_t srcb_new)
{
	tt_reconfig_srcb_2(srcb_old, srcb_new);
}

template <bool is_tile_dim_reconfig_en = false>
ALWI void pack_reconfig_data_format(uint32_t new_ocb)
{
	tt_pack_reconfig_1(new_ocb);
}

template <bool is_tile_dim_reconfig_en = false>
ALWI void pack_reconfig_data_format(uint32_t old_ocb, uint32_t new_ocb)
{
	tt_pack_reconfig_2(old_ocb, new_ocb);
}

/* Pack ------------------------------------------------------------------- */

/*
 * Dst[@idst] to the next tile of @ocb's reserved back (in order since the
 * last cb_push_back); pack_tile<true> writes tile @output_tile_index
 * instead and leaves the in-order position where it is.
 */
template <bool out_of_order_output = false>
ALWI void pack_tile(uint32_t idst, uint32_t ocb, uint32_t output_tile_index = 0)
{
	if constexpr (out_of_order_output)
		tt_pack_tile(idst, ocb, output_tile_index);
	else
		tt_pack_tile_next(idst, ocb);
}

ALWI void pack_rows(uint32_t idst, uint32_t ocb, uint32_t output_index = 0)
{
	tt_pack_rows(idst, ocb, output_index);
}

/* Element-wise binary ----------------------------------------------------- */

ALWI void add_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest)
{
	tt_eltwise_init_acc(icb0, icb1, acc_to_dest);
}

ALWI void sub_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest)
{
	tt_eltwise_init_acc(icb0, icb1, acc_to_dest);
}

ALWI void copy_tile_to_dst_init_short(uint32_t icb, uint32_t transpose)
{
	(void)transpose;
	copy_tile_to_dst_init_short(icb);
}

enum class EltwiseBinaryType { ELWMUL, ELWDIV, ELWADD, ELWSUB, ELWLESS };
enum class BroadcastType { NONE, COL, ROW, SCALAR };

namespace tt_compute {

constexpr uint32_t eltwise_op(EltwiseBinaryType t)
{
	return t == EltwiseBinaryType::ELWADD	? TT_TILE_ELTWISE_ADD
	       : t == EltwiseBinaryType::ELWSUB ? TT_TILE_ELTWISE_SUB
						: TT_TILE_ELTWISE_MUL;
}

constexpr uint32_t bcast_dim(BroadcastType b)
{
	return b == BroadcastType::ROW	    ? TT_TILE_BCAST_ROW
	       : b == BroadcastType::COL    ? TT_TILE_BCAST_COL
	       : b == BroadcastType::SCALAR ? TT_TILE_BCAST_SCALAR
					    : TT_TILE_BCAST_NONE;
}

} // namespace tt_compute

/*
 * binary_dest_reuse_tiles<op, DEST_TO_SRCA>(cb, itile, idst):
 * Dst[idst] = Dst[idst] op cb[itile] (DEST_TO_SRCB: cb[itile] op Dst[idst]);
 * the Dst tile moves into that Src (MOVD2A / MOVD2B), the CB's tile is
 * unpacked into the other.
 */
enum class EltwiseBinaryReuseDestType { NONE, DEST_TO_SRCA, DEST_TO_SRCB };

template <EltwiseBinaryType op = EltwiseBinaryType::ELWADD,
	  EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles_init(uint32_t icb)
{
	(void)icb;
}

template <EltwiseBinaryType op = EltwiseBinaryType::ELWADD,
	  EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles(uint32_t icb, uint32_t itile, uint32_t idst)
{
	static_assert(reuse != EltwiseBinaryReuseDestType::NONE,
		      "binary_dest_reuse_tiles: reuse Dst into SrcA or SrcB");
	static_assert(op == EltwiseBinaryType::ELWADD || op == EltwiseBinaryType::ELWSUB ||
			      op == EltwiseBinaryType::ELWMUL,
		      "binary_dest_reuse_tiles: add, sub and mul only");
	constexpr uint32_t to_a = reuse == EltwiseBinaryReuseDestType::DEST_TO_SRCA;
	(void)icb, (void)itile, (void)idst;
	/* The CB's tile into the other Src; the reused one is handed over empty. */
	UNPACK((tt_unpack_tile(to_a, icb, itile),
		tt_tile_cmd(TT_TILE_CMD_SRC_DVALID, to_a ? 0 : 1, 0, 0, 0)));
	MATH((tt_tile_cmd(TT_TILE_CMD_ELTWISE, tt_compute::eltwise_op(op),
			  TT_TILE_BCAST_NONE |
				  (to_a ? TT_TILE_REUSE_DST_TO_SRCA : TT_TILE_REUSE_DST_TO_SRCB)
					  << TT_TILE_REUSE_SHIFT,
			  0, idst)));
}

template <EltwiseBinaryType op, BroadcastType dim>
ALWI void init_bcast(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
	static_assert(op == EltwiseBinaryType::ELWADD || op == EltwiseBinaryType::ELWSUB ||
			      op == EltwiseBinaryType::ELWMUL,
		      "broadcast add, sub and mul only");
	init_bcast(icb0, icb1, ocb);
}

/* A row broadcast repeats in1's row @bcast_row_idx (0: the first). */
template <EltwiseBinaryType op, BroadcastType dim>
ALWI void any_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
			  uint32_t idst, uint32_t bcast_row_idx = 0)
{
	tt_binary_bcast_tiles(tt_compute::eltwise_op(op), tt_compute::bcast_dim(dim), icb0, icb1,
			      itile0, itile1, idst, bcast_row_idx);
}

template <BroadcastType dim>
ALWI void add_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
			  uint32_t idst, uint32_t bcast_row_idx = 0)
{
	any_tiles_bcast<EltwiseBinaryType::ELWADD, dim>(icb0, icb1, itile0, itile1, idst,
							bcast_row_idx);
}

template <BroadcastType dim>
ALWI void sub_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
			  uint32_t idst, uint32_t bcast_row_idx = 0)
{
	any_tiles_bcast<EltwiseBinaryType::ELWSUB, dim>(icb0, icb1, itile0, itile1, idst,
							bcast_row_idx);
}

template <BroadcastType dim>
ALWI void mul_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
			  uint32_t idst, uint32_t bcast_row_idx = 0)
{
	any_tiles_bcast<EltwiseBinaryType::ELWMUL, dim>(icb0, icb1, itile0, itile1, idst,
							bcast_row_idx);
}

/* Matmul ------------------------------------------------------------------ */

ALWI void mm_init(uint32_t in0_cb, uint32_t in1_cb, uint32_t out_cb, uint32_t transpose = 0)
{
	tt_mm_init(in0_cb, in1_cb, out_cb, transpose);
}

ALWI void mm_init_short(uint32_t in0_cb, uint32_t in1_cb, uint32_t transpose = 0)
{
	tt_mm_init_short(in0_cb, in1_cb, transpose);
}

/* Dst[@idst] += in0[@in0_tile] @ in1[@in1_tile] (tt-metal's 5-argument form). */
ALWI void matmul_tiles(uint32_t in0_cb, uint32_t in1_cb, uint32_t in0_tile, uint32_t in1_tile,
		       uint32_t idst)
{
	matmul_tiles(in0_cb, in1_cb, in0_tile, in1_tile, idst, 0);
}

ALWI void mm_block_init(uint32_t in0_cb, uint32_t in1_cb, uint32_t out_cb, uint32_t transpose = 0,
			uint32_t ct_dim = 1, uint32_t rt_dim = 1)
{
	mm_block_init(in0_cb, in1_cb, out_cb, transpose, ct_dim, rt_dim, 1);
}

/* Reduce ------------------------------------------------------------------ */

enum class PoolType { SUM, AVG, MAX };
enum class ReduceDim { REDUCE_ROW, REDUCE_COL, REDUCE_SCALAR };

namespace tt_compute {

constexpr uint32_t pool(PoolType p)
{
	return p == PoolType::SUM   ? TT_TILE_POOL_SUM
	       : p == PoolType::AVG ? TT_TILE_POOL_AVG
				    : TT_TILE_POOL_MAX;
}

constexpr uint32_t reduce_dim(ReduceDim d)
{
	return d == ReduceDim::REDUCE_ROW   ? TT_TILE_REDUCE_ROW
	       : d == ReduceDim::REDUCE_COL ? TT_TILE_REDUCE_COL
					    : TT_TILE_REDUCE_SCALAR;
}

} // namespace tt_compute

/* The host's REDUCE_OP / REDUCE_DIM defines, as tt-metal's reduce kernels use. */
#ifdef REDUCE_OP
#define TT_REDUCE_OP_DEFAULT = REDUCE_OP
#else
#define TT_REDUCE_OP_DEFAULT
#endif
#ifdef REDUCE_DIM
#define TT_REDUCE_DIM_DEFAULT = REDUCE_DIM
#else
#define TT_REDUCE_DIM_DEFAULT
#endif

template <PoolType reduce_type TT_REDUCE_OP_DEFAULT, ReduceDim reduce_dim TT_REDUCE_DIM_DEFAULT,
	  bool enforce_fp32_accumulation = false>
ALWI void reduce_init(uint32_t icb, uint32_t scaler_cb, uint32_t ocb)
{
	reduce_init(icb, scaler_cb, ocb);
}

template <PoolType reduce_type TT_REDUCE_OP_DEFAULT, ReduceDim reduce_dim TT_REDUCE_DIM_DEFAULT,
	  bool enforce_fp32_accumulation = false>
ALWI void reduce_tile(uint32_t icb, uint32_t scaler_cb, uint32_t itile, uint32_t stile,
		      uint32_t idst)
{
	tt_reduce_tile(tt_compute::pool(reduce_type), tt_compute::reduce_dim(reduce_dim), icb,
		       scaler_cb, itile, stile, idst);
}

template <bool enforce_fp32_accumulation = false>
ALWI void reduce_uninit(uint32_t icb = 0)
{
	(void)icb;
	reduce_uninit();
}

/* Tilize, untilize, pack_untilize ----------------------------------------- */

ALWI void untilize_init(uint32_t icb)
{
	tt_untilize_init_1(icb);
}

ALWI void untilize_init(uint32_t icb, uint32_t ocb)
{
	tt_untilize_init_2(icb, ocb);
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init(uint32_t icb, uint32_t ocb)
{
	pack_untilize_init(icb, ocb);
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_dest_init(uint32_t ocb)
{
	pack_untilize_dest_init(ocb);
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_block(uint32_t icb, uint32_t block_rt_dim, uint32_t ocb,
			      uint32_t block_c_index = 0)
{
	tt_pack_untilize_block(block_ct_dim, full_ct_dim, icb, block_rt_dim, ocb, block_c_index);
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_dest(uint32_t ocb, uint32_t block_rt_dim = 1, uint32_t block_c_index = 0)
{
	tt_pack_untilize_dest(block_ct_dim, full_ct_dim, ocb, block_rt_dim, block_c_index);
}

/* untilize_block<block_ct_dim>(icb, full_ct_dim, ocb): full_ct_dim tiles. */
template <auto tt_p0, auto... tt_rest>
ALWI void untilize_block(uint32_t icb, uint32_t full_ct_dim, uint32_t ocb)
{
	untilize_block(icb, full_ct_dim, ocb);
}

/*
 * tilize_block with tt-metal's tile indices: tiles input_tile_index..
 * of the row-major rows at the front of @icb go to tiles
 * output_tile_index.. of @ocb's reserved back (out of order: the
 * packer's in-order position does not move).
 */
ALWI void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb, uint32_t input_tile_index,
		       uint32_t output_tile_index = 0)
{
	uint32_t es = tt_cb_elem_bytes(icb);
	uint32_t stride = TT_FIELD_VAL(TILE, UNPACK, ROW_STRIDE, block * TT_TILE_DIM * es);

	for (uint32_t t = 0; t < block; t++)
		tt_layout_tile(
			icb, tt_cb_front_tile(icb, 0) + (input_tile_index + t) * TT_TILE_DIM * es,
			stride, ocb,
			get_write_ptr(ocb) + (output_tile_index + t) * get_tile_size(ocb), 0);
}

/*
 * fast_tilize: the same tiles as tilize (the engine has one path; silicon's
 * fast form differs only in speed).  @full_dim is the row's width in tiles.
 */
ALWI void fast_tilize_init(uint32_t icb, uint32_t full_dim, uint32_t ocb)
{
	tilize_init(icb, full_dim, ocb);
}

ALWI void fast_tilize_init_skip_remap(uint32_t icb, uint32_t full_dim, uint32_t ocb)
{
	tilize_init(icb, full_dim, ocb);
}

ALWI void fast_tilize_init_with_dt(uint32_t icb, uint32_t full_dim, uint32_t ocb)
{
	reconfig_data_format(icb, icb);
	tilize_init(icb, full_dim, ocb);
}

ALWI void fast_tilize_init_with_dt_skip_remap(uint32_t icb, uint32_t full_dim, uint32_t ocb)
{
	fast_tilize_init_with_dt(icb, full_dim, ocb);
}

ALWI void fast_tilize_block(uint32_t icb, uint32_t block, uint32_t ocb,
			    uint32_t input_tile_index = 0, uint32_t output_tile_index = 0)
{
	tilize_block(icb, block, ocb, input_tile_index, output_tile_index);
}

ALWI void fast_tilize_uninit(uint32_t icb, uint32_t ocb, uint32_t full_dim)
{
	(void)full_dim;
	tilize_uninit(icb, ocb);
}

/* Block forms --------------------------------------------------------------- */

/* binary_tiles_init<full_init, op>(icb0, icb1): the short init of op. */
template <bool full_init, EltwiseBinaryType op>
ALWI void binary_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false)
{
	static_assert(op == EltwiseBinaryType::ELWADD || op == EltwiseBinaryType::ELWSUB ||
			      op == EltwiseBinaryType::ELWMUL,
		      "eltwise add, sub and mul only");
	if constexpr (op == EltwiseBinaryType::ELWMUL)
		mul_tiles_init(icb0, icb1);
	else
		tt_eltwise_init_acc(icb0, icb1, acc_to_dest);
}

/* Tiles start_in.. of @icb's front into Dst start_dst.. (matmul partials). */
ALWI void copy_block_matmul_partials(uint32_t icb, uint32_t start_in_tile_index,
				     uint32_t start_dst_tile_index, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		copy_tile(icb, start_in_tile_index + i, start_dst_tile_index + i);
}

/* Dst tiles ifrom_dst.. to the next @ntiles tiles of @icb's back, in order. */
ALWI void pack_tile_block(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		pack_tile(ifrom_dst + i, icb);
}

ALWI void mm_init_short_with_dt(uint32_t in0_cb, uint32_t in1_cb, uint32_t old_srca_cb)
{
	mm_init_short_with_dt(in0_cb, in1_cb, old_srca_cb, 0);
}

/* mm_block_init_short with both unpackers switched from the old CBs' formats. */
ALWI void mm_block_init_short_with_both_dt(uint32_t in0_cb, uint32_t in1_cb, uint32_t old_in0_cb,
					   uint32_t old_in1_cb, const uint32_t transpose = 0,
					   uint32_t ct_dim = 1, uint32_t rt_dim = 1,
					   uint32_t kt_dim = 1)
{
	reconfig_data_format(old_in1_cb, in1_cb, old_in0_cb, in0_cb);
	mm_block_init_short(in0_cb, in1_cb, transpose, ct_dim, rt_dim, kt_dim);
}

/* SFPU -------------------------------------------------------------------- */

/*
 * tt-metal spells the SFPU calls with template parameters (approximation
 * and vector modes); <op>_tile_init<...>() and <op>_tile<...>(idst, ...)
 * accept any and run the engine's op.
 */
#define TT_SFPU_CXX(name)                                        \
	template <auto tt_p0, auto... tt_rest>                   \
	ALWI void name##_tile_init()                             \
	{                                                        \
		name##_tile_init();                              \
	}                                                        \
	template <auto tt_p0, auto... tt_rest, class... tt_args> \
	ALWI void name##_tile(uint32_t idst, tt_args... args)    \
	{                                                        \
		((void)args, ...);                               \
		name##_tile(idst);                               \
	}

TT_SFPU_CXX(exp)
TT_SFPU_CXX(recip)
TT_SFPU_CXX(sqrt)
TT_SFPU_CXX(rsqrt)
TT_SFPU_CXX(log)
TT_SFPU_CXX(relu)
TT_SFPU_CXX(gelu)
TT_SFPU_CXX(sigmoid)
TT_SFPU_CXX(tanh)
TT_SFPU_CXX(abs)
TT_SFPU_CXX(square)
TT_SFPU_CXX(negative)

#undef TT_SFPU_CXX

/* odst = idst0 op idst1: the engine writes the result over an input. */
#define TT_SFPU_BINARY_CXX(name, commutative)                                       \
	ALWI void name##_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) \
	{                                                                           \
		if (odst == idst0) {                                                \
			name##_binary_tile(idst0, idst1);                           \
		} else if ((commutative) && odst == idst1) {                        \
			name##_binary_tile(idst1, idst0);                           \
		} else {                                                            \
			MATH((__builtin_trap()));                                   \
		}                                                                   \
	}

TT_SFPU_BINARY_CXX(add, true)
TT_SFPU_BINARY_CXX(sub, false)
TT_SFPU_BINARY_CXX(mul, true)

#undef TT_SFPU_BINARY_CXX

#endif
