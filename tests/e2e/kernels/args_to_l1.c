// SPDX-License-Identifier: Apache-2.0
/*
 * Copy this core's runtime args into its L1 so the host can check them.
 * Unique args: [0] = destination address, [1] = unique count, [2] = common
 * count, then payload.  Unique args land at dst, common args at dst + 1 KiB,
 * and the RISC id at dst + 2 KiB.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *dst = (volatile uint32_t *)get_arg_val(0);
	uint32_t n = get_arg_val(1), m = get_arg_val(2);

	for (uint32_t i = 0; i < n; i++)
		dst[i] = get_arg_val(i);
	for (uint32_t i = 0; i < m; i++)
		dst[256 + i] = get_common_arg_val(i);
	dst[512] = tt_my_risc();
}
