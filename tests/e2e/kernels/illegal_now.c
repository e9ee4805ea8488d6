// SPDX-License-Identifier: Apache-2.0
/* An illegal instruction, with no args: every hart that runs it traps. */
#include "dataflow_api.h"

void kernel_main(void)
{
	__asm__ volatile(".word 0x00000000");
}
