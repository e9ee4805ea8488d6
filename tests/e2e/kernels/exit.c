// SPDX-License-Identifier: Apache-2.0
/*
 * Stops with exit(arg 1) (mode 0) or abort() (mode 1), before writing
 * 0xd0d0 to arg 2.
 */
#include <stdlib.h>

#include "dataflow_api.h"

void kernel_main(void)
{
	if (get_arg_val(0))
		abort();
	else
		exit((int)get_arg_val(1));
	*(volatile uint32_t *)get_arg_val(2) = 0xd0d0;
}
