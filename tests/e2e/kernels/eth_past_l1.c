// SPDX-License-Identifier: Apache-2.0
/* Stores one word at the L1 address in arg 0 (past an ethernet core's L1). */
#include "dataflow_api.h"

void kernel_main(void)
{
	*(volatile uint32_t *)get_arg_val(0) = 1;
}
