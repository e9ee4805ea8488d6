// SPDX-License-Identifier: Apache-2.0
/* printf from a kernel: the host prefixes it with core and RISC. */
#include <stdio.h>

#include "dataflow_api.h"

void kernel_main(void)
{
	printf("hello from logical (%u,%u) value %d\n", (unsigned)get_absolute_logical_x(),
	       (unsigned)get_absolute_logical_y(), (int)get_arg_val(0));
	printf("second line without newline");
}
