// SPDX-License-Identifier: Apache-2.0
/*
 * Recursion that needs far more stack than local memory has: it must be
 * reported as a stack overflow, before it reaches the firmware's data.
 * Args: depth.
 */
#include "dataflow_api.h"

static uint32_t __attribute__((noinline)) deep(uint32_t n)
{
	volatile uint32_t frame[16];

	frame[0] = n;
	frame[15] = n + 1;
	return n ? deep(n - 1) + frame[0] + frame[15] : 0;
}

void kernel_main(void)
{
	*(volatile uint32_t *)get_arg_val(1) = deep(get_arg_val(0));
}
