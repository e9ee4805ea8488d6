// SPDX-License-Identifier: Apache-2.0
/* Execute an illegal instruction; arg0 gets the address it sits at. */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *where = (volatile uint32_t *)get_arg_val(0);
	uint32_t pc;

	__asm__ volatile("la %0, 1f\n\t"
			 "sw %0, 0(%1)\n"
			 "1:\t.word 0x00000000"
			 : "=&r"(pc)
			 : "r"(where)
			 : "memory");
}
