// SPDX-License-Identifier: Apache-2.0
/*
 * Reads the unique runtime arg at index arg 0 (mode 0), or the common
 * one at index common arg 0 (mode 1: unique arg 1 == 1).  The host sets
 * too few of them.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t v;

	if (get_arg_val(1))
		v = get_common_arg_val(get_common_arg_val(0));
	else
		v = get_arg_val(get_arg_val(0));
	*(volatile uint32_t *)0x100000 = v;
}
