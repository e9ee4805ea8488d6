// SPDX-License-Identifier: Apache-2.0
/*
 * Writer of a reader -> writer pipeline: pages from a CB to DRAM, @step
 * pages per wait.  Args: dst bank address, pages, page size, CB, step.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGen dst = {
		.bank_base_address = get_arg_val(0),
		.page_size = get_arg_val(2),
		.is_dram = true,
	};
	uint32_t n = get_arg_val(1), cb = get_arg_val(3), step = get_arg_val(4);

	for (uint32_t i = 0; i < n; i += step) {
		uint32_t l1;

		cb_wait_front(cb, step);
		l1 = get_read_ptr(cb);
		for (uint32_t k = 0; k < step; k++)
			noc_async_write_page(i + k, &dst, l1 + k * dst.page_size);
		noc_async_write_barrier();
		cb_pop_front(cb, step);
	}
}
