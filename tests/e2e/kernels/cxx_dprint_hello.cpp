// SPDX-License-Identifier: Apache-2.0
/* One DPRINT line naming the core, and a printf line, from any RISC. */
#include <stdio.h>

#include "api/debug/dprint.h"

void kernel_main()
{
	DPRINT("hello {} {}\n", get_absolute_logical_x(), get_absolute_logical_y());
	printf("printf is not a DPRINT\n");
}
