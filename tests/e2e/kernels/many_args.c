// SPDX-License-Identifier: Apache-2.0
/*
 * Built with 800 compile-time args and 1000 defines (MANY_DEFINE_<i> = i):
 * writes the last of each where the host can read them.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(0);

	out[0] = get_compile_time_arg_val(799);
	out[1] = MANY_DEFINE_999;
}
