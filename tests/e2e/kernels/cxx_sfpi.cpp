// SPDX-License-Identifier: Apache-2.0
/*
 * sfpi on the tile engine: for each pair of Float32 tiles a (CB 0) and b
 * (CB 1), three tiles to CB 16, each made by an SFPU function in one of
 * tt-metal's face loops, with a 32-bit Dst:
 *   tile 2 = blend(a, b)    binary loop: arithmetic, v_if / v_elseif /
 *                           v_else nested, float compares, constants;
 *   tile 0 = bits(a)        unary loop, all faces, walking each face with
 *                           dst_reg++: exponent and mantissa fields,
 *                           integer compares, shifts and masks, lz, casts,
 *                           rounding conversions, l_reg;
 *   tile 1 = smooth(b)      unary loop, VectorMode::R (faces 0 and 1 only),
 *                           with arguments: tt-metal's smoothstep.
 * Runtime args: tiles, shift for bits(), then lo and 1 / (hi - lo) as
 * float bits for smooth().
 */
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/tile_move_copy.h"

#ifdef TRISC_MATH
inline void blend_face(uint32_t in0, uint32_t in1, uint32_t out)
{
	for (int i = 0; i < 8; i++) {
		vFloat a = dst_reg[in0 * 32 + i];
		vFloat b = dst_reg[in1 * 32 + i];
		vFloat r = a * b + 0.5f;

		v_if(a < 0.0f)
		{
			r = -a;
			v_if(b > a)
			{
				r -= b;
			}
			v_else
			{
				r = r * vConst0p8373;
			}
			v_endif;
		}
		v_elseif(a < b)
		{
			r = sfpi::abs(b) * 3.0f - vConst1;
		}
		v_elseif(a >= b + 1.0f)
		{
			r = setsgn(a - b, 1);
		}
		v_else
		{
			r = vConstNeg1;
		}
		v_endif;
		dst_reg[out * 32 + i] = r;
	}
}

inline void bits_face(uint32_t shift)
{
	for (int i = 0; i < 8; i++) {
		vFloat x = dst_reg[0];
		vInt e = exexp(x);
		vFloat r = setexp(x, 127);

		v_if(e >= 0 && e < 3)
		{
			r = addexp(r, 2) + int32_to_float(e, RoundMode::NearestEven);
		}
		v_elseif(e < -2)
		{
			vUInt u = reinterpret<vUInt>(x);

			r = reinterpret<vFloat>((u & 0xff800000u) | (((u << 9) >> shift) ^ 0x5au));
		}
		v_elseif(e == 3)
		{
			vInt m = exman9(x);

			r = setman(vFloat(-2.0f), reinterpret<vUInt>(m)) +
			    int32_to_float(lz(m), RoundMode::NearestEven);
		}
		v_else
		{
			vInt k = float_to_int16(x, RoundMode::NearestEven);

			r = int32_to_float(k, RoundMode::NearestEven) -
			    convert<vFloat16b>(x * vConstFloatPrgm0, RoundMode::NearestEven);
		}
		v_endif;
		l_reg[LRegs::LReg3] = r;
		vFloat q = l_reg[LRegs::LReg3];
		dst_reg[0] = q;
		dst_reg++;
	}
}

inline void smooth_face(float lo, float inv_delta)
{
	for (int i = 0; i < 8; i++) {
		vFloat x = dst_reg[i];
		vFloat t = (x - lo) * inv_delta;

		v_if(t < sfpi::vConst0)
		{
			t = sfpi::vConst0;
		}
		v_elseif(t > sfpi::vConst1)
		{
			t = sfpi::vConst1;
		}
		v_endif;
		dst_reg[i] = t * t * (3.0f - 2.0f * t);
	}
}
#endif

static float as_float(uint32_t u)
{
	float f;

	__builtin_memcpy(&f, &u, sizeof(f));
	return f;
}

void kernel_main()
{
	uint32_t n = get_arg_val<uint32_t>(0);
	uint32_t shift = get_arg_val<uint32_t>(1);
	float lo = as_float(get_arg_val<uint32_t>(2));
	float inv = as_float(get_arg_val<uint32_t>(3));

	init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
	MATH((vConstFloatPrgm0 = 0.25f));
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(tt::CBIndex::c_0, 1);
		cb_wait_front(tt::CBIndex::c_1, 1);
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 0);
		copy_tile(tt::CBIndex::c_1, 0, 1);
		MATH((_llk_math_eltwise_binary_sfpu_params_(blend_face, 0, 1, 2)));
		MATH((_llk_math_eltwise_unary_sfpu_params_(bits_face, 0, VectorMode::RC, shift)));
		MATH((_llk_math_eltwise_unary_sfpu_params_(smooth_face, 1, VectorMode::R, lo,
							   inv)));
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(tt::CBIndex::c_16, 3);
		pack_tile(0, tt::CBIndex::c_16);
		pack_tile(1, tt::CBIndex::c_16);
		pack_tile(2, tt::CBIndex::c_16);
		cb_push_back(tt::CBIndex::c_16, 3);
		cb_pop_front(tt::CBIndex::c_0, 1);
		cb_pop_front(tt::CBIndex::c_1, 1);
		tile_regs_release();
	}
}
