// SPDX-License-Identifier: Apache-2.0
/*
 * Writer of the gdb tests: takes @n tiles from CB 16 and copies each to
 * @dst in this core's L1 over the NoC (one write, then its barrier).
 * Args: n, dst.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0), dst = get_arg_val(1);
	uint32_t page = get_tile_size(16);

	for (uint32_t t = 0; t < n; t++) {
		cb_wait_front(16, 1);
		noc_async_write(get_read_ptr(16), get_noc_addr_local(dst), page);
		noc_async_write_barrier(); /* gdb: writer barrier */
		cb_pop_front(16, 1);
	}
}
