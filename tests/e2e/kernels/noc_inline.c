// SPDX-License-Identifier: Apache-2.0
/*
 * Inline 32-bit writes to another core, then a flush and a write barrier.
 * Args: peer NoC x, peer NoC y, L1 address, count; word i gets
 * 0xc0de0000 + i.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t x = get_arg_val(0), y = get_arg_val(1), addr = get_arg_val(2);
	uint32_t n = get_arg_val(3);

	for (uint32_t i = 0; i < n; i++)
		noc_inline_dw_write(get_noc_addr(x, y, addr + 4 * i), 0xc0de0000u + i);
	noc_async_writes_flushed();
	noc_async_write_barrier();
}
