// SPDX-License-Identifier: Apache-2.0
/*
 * The same NoC sanitizer error ten times from one pc, as a loop repeats
 * it: a write into the mailbox of the next core.  Arg 1: a scratch L1
 * address.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t l1 = get_arg_val(1);

	for (uint32_t i = 0; i < 10; i++)
		noc_async_write(l1, get_noc_addr(my_x + 1, my_y, TT_MEM_MAILBOX_BASE), 16);
	noc_async_full_barrier();
}
