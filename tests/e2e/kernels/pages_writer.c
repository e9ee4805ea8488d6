// SPDX-License-Identifier: Apache-2.0
/*
 * Writer of the compute tests with outputs of any format: page i of each
 * output CB to its DRAM buffer, one page at a time.  Args: pages, then
 * per output (up to three): bank address, page size, CB.
 */
#include "dataflow_api.h"

#define MAX_OUT 3

void kernel_main(void)
{
	uint32_t n = get_arg_val(0), k = get_arg_val(1);
	InterleavedAddrGen out[MAX_OUT];
	uint32_t cb[MAX_OUT];

	for (uint32_t j = 0; j < k && j < MAX_OUT; j++) {
		out[j].bank_base_address = get_arg_val(2 + 3 * j);
		out[j].page_size = get_arg_val(3 + 3 * j);
		out[j].is_dram = true;
		cb[j] = get_arg_val(4 + 3 * j);
	}
	for (uint32_t i = 0; i < n; i++) {
		for (uint32_t j = 0; j < k && j < MAX_OUT; j++) {
			cb_wait_front(cb[j], 1);
			noc_async_write_page(i, &out[j], get_read_ptr(cb[j]));
			noc_async_write_barrier();
			cb_pop_front(cb[j], 1);
		}
	}
}
