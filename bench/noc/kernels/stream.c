// SPDX-License-Identifier: Apache-2.0
/*
 * Stream the pages of an interleaved DRAM buffer into a small L1 ring, a
 * barrier every 8 pages.  Args: bank address, page size, pages, L1 ring,
 * passes over the buffer.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGen src = {
		.bank_base_address = get_arg_val(0),
		.page_size = get_arg_val(1),
		.is_dram = true,
	};
	uint32_t n = get_arg_val(2), ring = get_arg_val(3), passes = get_arg_val(4);

	for (uint32_t p = 0; p < passes; p++) {
		for (uint32_t i = 0; i < n; i++) {
			noc_async_read_page(i, &src, ring + (i % 8) * src.page_size);
			if (i % 8 == 7)
				noc_async_read_barrier();
		}
	}
	noc_async_read_barrier();
}
