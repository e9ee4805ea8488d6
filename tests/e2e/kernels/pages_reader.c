// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of the compute tests with inputs of any format: page i of each
 * input DRAM buffer into its CB, one page at a time.  Args: pages, then
 * per input (up to three): bank address, page size, CB.
 */
#include "dataflow_api.h"

#define MAX_IN 3

void kernel_main(void)
{
	uint32_t n = get_arg_val(0), k = get_arg_val(1);
	InterleavedAddrGen in[MAX_IN];
	uint32_t cb[MAX_IN];

	for (uint32_t j = 0; j < k && j < MAX_IN; j++) {
		in[j].bank_base_address = get_arg_val(2 + 3 * j);
		in[j].page_size = get_arg_val(3 + 3 * j);
		in[j].is_dram = true;
		cb[j] = get_arg_val(4 + 3 * j);
	}
	for (uint32_t i = 0; i < n; i++) {
		for (uint32_t j = 0; j < k && j < MAX_IN; j++) {
			cb_reserve_back(cb[j], 1);
			noc_async_read_page(i, &in[j], get_write_ptr(cb[j]));
			noc_async_read_barrier();
			cb_push_back(cb[j], 1);
		}
	}
}
