// SPDX-License-Identifier: Apache-2.0
/*
 * Where an ethernet kernel runs, as it sees it: writes its NoC
 * coordinates, its logical coordinates and which of tt-metal's ERISC
 * builds it is (1 active, 2 idle) to four words at the L1 address in arg 0.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(0);

	out[0] = my_x;
	out[1] = my_y;
	out[2] = (fw_my_x << 16) | fw_my_y;
#if defined(COMPILE_FOR_ERISC)
	out[3] = 1;
#elif defined(COMPILE_FOR_IDLE_ERISC)
	out[3] = 2;
#else
	out[3] = 0;
#endif
}
