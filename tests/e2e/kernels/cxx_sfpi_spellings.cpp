// SPDX-License-Identifier: Apache-2.0
/*
 * Build-only: sfpi spellings as tt-metal's SFPU code writes them (the LLK
 * includes, qualified names, ckernel::sfpu functions with template
 * arguments and dst_reg++ loops), so that a change that drops one fails a
 * test.  Never run.
 */
#include <cstdint>

#include "ckernel.h"
#include "ckernel_defs.h"
#include "llk_math_eltwise_binary_sfpu_params.h"
#include "llk_math_eltwise_unary_sfpu_params.h"
#include "sfpi.h"

namespace ckernel {
namespace sfpu {

sfpi_inline sfpi::vFloat body(sfpi::vFloat x, sfpi::vInt k)
{
	sfpi::vFloat y = sfpi::setexp(x, sfpi::exexp(x, sfpi::ExponentMode::Debias) + 127);
	sfpi::vMag m = sfpi::exman(x, sfpi::MantissaMode::WithUnitBit);
	sfpi::vInt e = sfpi::exexp(x, sfpi::ExponentMode::NoDebias) - sfpi::exexp_nodebias(y);

	y = sfpi::setman(y, m & 0x7fffffu) * sfpi::vConst0p8373 + sfpi::vConstFloatPrgm1;
	y = sfpi::copysgn(y, x) - sfpi::setsgn2(y, k);
	y = sfpi::addexp(sfpi::copyexp(y, x), -1) + sfpi::copyman(x, y);
	v_block
	{
		v_and(e != 0);
		v_and(k >= 0 || !(k < -5));
		y = sfpi::reinterpret<sfpi::vFloat>(sfpi::reinterpret<sfpi::vUInt>(y) ^
						    0x80000000u);
	}
	v_endblock;
	return y + sfpi::int32_to_float(sfpi::lz(k, sfpi::LZMode::IgnoreSign),
					sfpi::RoundMode::NearestEven);
}

template <bool APPROXIMATION_MODE, int ITERATIONS = 8>
inline void calculate_spellings(const uint shift)
{
#pragma GCC unroll 0
	for (int d = 0; d < ITERATIONS; d++) {
		sfpi::vFloat x = sfpi::dst_reg[0];
		sfpi::vInt k = sfpi::dst_reg[32];
		sfpi::vUInt u = sfpi::dst_reg[64];
		sfpi::vFloat16b h = sfpi::convert<sfpi::vFloat16b>(x, sfpi::RoundMode::NearestEven);
		sfpi::vSMag16 s = sfpi::convert<sfpi::vSMag16>(x, sfpi::RoundMode::Stochastic);
		sfpi::vFloat f = sfpi::convert<sfpi::vFloat>(s, sfpi::RoundMode::NearestEven);
		sfpi::vSMag sm = sfpi::convert<sfpi::vSMag>(k);
		sfpi::vInt back = sfpi::convert<sfpi::vInt>(sm);

		u = sfpi::shft(u, -3) | (u << shift) | sfpi::exsgn(x);
		k = (k & 0xff) + (back << 2) - sfpi::abs(k);
		k += 1;
		k++;
		sfpi::vec_min_max(x, f);
		sfpi::vec_swap(u, u);
		sfpi::l_reg[sfpi::LRegs::LReg0] = x;
		sfpi::l_reg[sfpi::LRegs::LReg0].in_use();
		v_if(x < f)
		{
			x = body(x, k);
		}
		v_elseif(u == 0u)
		{
			x = sfpi::float_to_fp16b(x) + sfpi::float_to_fp16a(f);
		}
		v_else
		{
			x = sfpi::l_reg[sfpi::LRegs::LReg0];
		}
		v_endif;
		sfpi::dst_reg[0] = h;
		sfpi::dst_reg[0] = x;
		sfpi::dst_reg[32] = k;
		sfpi::dst_reg[64] = u;
		sfpi::dst_reg[96] = sfpi::dst_reg[0];
		sfpi::dst_reg++;
	}
	sfpi::dst_reg += 2;
}

template <bool APPROXIMATION_MODE>
inline void spellings_init()
{
	sfpi::vConstFloatPrgm0 = 1.442695f;
	sfpi::vConstFloatPrgm1 = sfpi::s2vFloat16b(0.5f);
	sfpi::vConstIntPrgm2 = 7;
}

inline void two(uint32_t in0, uint32_t in1, uint32_t out)
{
	sfpi::dst_reg[out * 32] = sfpi::dst_reg[in0 * 32] * sfpi::dst_reg[in1 * 32];
}

} // namespace sfpu
} // namespace ckernel

void kernel_main()
{
	MATH((ckernel::sfpu::spellings_init<true>()));
	MATH((_llk_math_eltwise_unary_sfpu_params_(ckernel::sfpu::calculate_spellings<true, 8>, 0,
						   ckernel::VectorMode::C, 5u)));
	MATH((_llk_math_eltwise_binary_sfpu_params_(ckernel::sfpu::two, 0, 1, 2, VectorMode::R)));
}
