// SPDX-License-Identifier: Apache-2.0
/*
 * sfpi misuse the engine must stop, chosen by compile-time arg 0:
 *   0  v_if nested nine deep (the SFPU's flag stack holds eight);
 *   1  more vectors alive at once than the unit has slots;
 *   2  dst_reg past the Dst tiles of the acquire.
 * On Dst tile 0 of one acquire; nothing is packed.
 */
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/compute_kernel_api.h"

#ifdef TRISC_MATH
static void nest(int depth)
{
	vFloat x = dst_reg[0];

	v_if(x >= 0.0f)
	{
		if (depth > 1)
			nest(depth - 1);
		else
			dst_reg[0] = x + 1.0f;
	}
	v_endif;
}

static void hoard()
{
	vFloat v[64];

	for (int i = 0; i < 64; i++)
		v[i] = dst_reg[i % 32];
	dst_reg[0] = v[0] + v[63];
}

static void misuse_face(uint32_t what)
{
	if (what == 0)
		nest(9);
	else if (what == 1)
		hoard();
	else
		dst_reg[4 * 32] = vConst1;
}
#endif

void kernel_main()
{
	constexpr uint32_t what = get_compile_time_arg_val(0);

	tile_regs_acquire();
	MATH((_llk_math_eltwise_unary_sfpu_params_(misuse_face, 0, VectorMode::RC_custom, what)));
	tile_regs_commit();
	tile_regs_wait();
	tile_regs_release();
}
