// SPDX-License-Identifier: Apache-2.0
/* Compile-time args and defines reach the kernel as constants. */
#include "dataflow_api.h"

/* A constant expression: usable where C demands one. */
static const uint32_t table[get_compile_time_arg_val(1)] = { [0] = 7 };

void kernel_main(void)
{
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(0);

	out[0] = get_compile_time_arg_val(0);
	out[1] = sizeof(table) / sizeof(table[0]);
	out[2] = TT_TEST_DEFINE;
#ifdef TT_TEST_FLAG
	out[3] = 1;
#else
	out[3] = 0;
#endif
}
