// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's SFPU face loops for sfpi kernels (the LLK's
 * _llk_math_eltwise_{unary,binary}_sfpu_params_): the function runs once
 * per face the VectorMode selects, with dst_reg[0] at the first row of
 * that face.  A tile is four 16-row faces, 64 Dst rows, so dst_reg[0..7]
 * cover one face and dst_reg[0..31] a tile.  The unary loop starts at Dst
 * tile @dst_index; the binary loop starts at tile 0 and passes the three
 * tile indices on, so the function reaches tile t as dst_reg[t * 32 + i].
 * After each face dst_reg[0] goes to the next face, 16 rows past the start
 * of this one however far dst_reg++ moved it.  At the end the unit's
 * sticky status is checked: a rejected SFPU instruction (reported by the
 * engine) stops the kernel here.
 */
#ifndef TT_LLK_MATH_ELTWISE_SFPU_COMMON_H
#define TT_LLK_MATH_ELTWISE_SFPU_COMMON_H

#include <stdint.h>

#include <utility>

#include "sfpi.h"

namespace ckernel {

enum class VectorMode : uint8_t {
	None = 0,
	R = 1,	       /* faces 0 and 1: the first 16 rows */
	C = 2,	       /* faces 0 and 2: the first 16 columns */
	RC = 4,	       /* all four faces */
	RC_custom = 6, /* one call; the function walks the tile itself */
	Invalid = 0xff,
};

namespace sfpu {} // namespace sfpu

} // namespace ckernel

/* Dst rows of one face, and of a tile: dst_reg[0] moves by these. */
#define TT_SFPU_FACE_ROWS 16

inline void _llk_math_eltwise_sfpu_start_(uint32_t dst_index)
{
	sfpi::impl_::op_imm(TT_SFPI_DST_SET, dst_index * TT_SFPI_TILE_ROWS, 0);
}

/* The next face: 16 rows past this face's start, whatever dst_reg++ did. */
inline void _llk_math_eltwise_sfpu_inc_dst_face_addr_()
{
	sfpi::impl_::op_imm(TT_SFPI_DST_NEXT, TT_SFPU_FACE_ROWS, 0);
}

inline void _llk_math_eltwise_sfpu_done_()
{
	sfpi::impl_::op_imm(TT_SFPI_DST_SET, 0, 0);
	sfpi::impl_::check();
}

template <typename Callable, typename... Args>
inline void _llk_math_eltwise_sfpu_apply_vector_mode_(Callable &&fn, ckernel::VectorMode mode,
						      Args &&...args)
{
	using ckernel::VectorMode;

	if (mode == VectorMode::RC) {
		for (int face = 0; face < 4; face++) {
			fn(args...);
			_llk_math_eltwise_sfpu_inc_dst_face_addr_();
		}
	} else if (mode == VectorMode::R) {
		/* Faces 0 and 1, then past faces 2 and 3. */
		for (int face = 0; face < 2; face++) {
			fn(args...);
			_llk_math_eltwise_sfpu_inc_dst_face_addr_();
		}
		_llk_math_eltwise_sfpu_inc_dst_face_addr_();
		_llk_math_eltwise_sfpu_inc_dst_face_addr_();
	} else if (mode == VectorMode::C) {
		/* Faces 0 and 2. */
		for (int face = 0; face < 2; face++) {
			fn(args...);
			_llk_math_eltwise_sfpu_inc_dst_face_addr_();
			_llk_math_eltwise_sfpu_inc_dst_face_addr_();
		}
	} else {
		std::forward<Callable>(fn)(std::forward<Args>(args)...);
	}
}

template <typename Callable, typename... Args>
inline void _llk_math_eltwise_unary_sfpu_params_(Callable &&fn, uint32_t dst_index,
						 ckernel::VectorMode mode = ckernel::VectorMode::RC,
						 Args &&...args)
{
	_llk_math_eltwise_sfpu_start_(dst_index);
	_llk_math_eltwise_sfpu_apply_vector_mode_(std::forward<Callable>(fn), mode,
						  std::forward<Args>(args)...);
	_llk_math_eltwise_sfpu_done_();
}

template <typename Callable, typename... Args>
inline void _llk_math_eltwise_binary_sfpu_params_(
	Callable &&fn, uint32_t dst_index_in0, uint32_t dst_index_in1, uint32_t dst_index_out,
	ckernel::VectorMode mode = ckernel::VectorMode::RC, Args &&...args)
{
	_llk_math_eltwise_sfpu_start_(0);
	_llk_math_eltwise_sfpu_apply_vector_mode_(std::forward<Callable>(fn), mode, dst_index_in0,
						  dst_index_in1, dst_index_out,
						  std::forward<Args>(args)...);
	_llk_math_eltwise_sfpu_done_();
}

#endif
