// SPDX-License-Identifier: Apache-2.0
/*
 * Reads 32 bytes from DRAM bank 0 at arg 0 into L1 at arg 1 over the NoC.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint64_t src = get_noc_addr_from_bank_id(true, 0, get_arg_val(0));

	noc_async_read(src, get_arg_val(1), 32);
	noc_async_read_barrier();
}
