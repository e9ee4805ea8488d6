// SPDX-License-Identifier: Apache-2.0
/*
 * Store 0xB0000000 + 16 * x + y at the L1 address in arg 0: which
 * kernel ran on which core (translation_e2e_test).  sig_a.c and sig_b.c
 * differ only in the constant.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	*(volatile uint32_t *)get_arg_val(0) =
		0xB0000000u + get_absolute_logical_x() * 16 + get_absolute_logical_y();
}
