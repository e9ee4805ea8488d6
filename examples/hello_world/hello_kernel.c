// SPDX-License-Identifier: Apache-2.0
/* Data-movement kernel: say hello with newlib's printf and leave a mark in L1. */
#include <stdio.h>

#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t mark_addr = get_arg_val(0);
	volatile uint32_t *mark = (volatile uint32_t *)mark_addr;

	printf("Hello from core (%u,%u), NoC (%u,%u), arg %u\n", (unsigned)get_absolute_logical_x(),
	       (unsigned)get_absolute_logical_y(), (unsigned)my_x, (unsigned)my_y,
	       (unsigned)get_common_arg_val(0));
	*mark = 0x600d0000u | (get_absolute_logical_y() << 8) | get_absolute_logical_x();
}
