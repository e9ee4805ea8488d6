// SPDX-License-Identifier: Apache-2.0
/*
 * Read every page of an interleaved DRAM buffer into consecutive L1.
 * Args: bank address, page size, number of pages, L1 destination.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGen src = {
		.bank_base_address = get_arg_val(0),
		.page_size = get_arg_val(1),
		.is_dram = true,
	};
	uint32_t n = get_arg_val(2), dst = get_arg_val(3);

	for (uint32_t i = 0; i < n; i++)
		noc_async_read_page(i, &src, dst + i * src.page_size);
	noc_async_read_barrier();
}
