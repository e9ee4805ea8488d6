// SPDX-License-Identifier: Apache-2.0
/*
 * Write get_semaphore(0) and the value there to L1 at arg 0, so the host
 * can check that a semaphore id means the same address on every core.
 * Other args are ballast: cores get different counts.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *dst = (volatile uint32_t *)get_arg_val(0);
	uint32_t sem = get_semaphore(0);

	dst[0] = sem;
	dst[1] = *(volatile uint32_t *)sem;
}
