// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of a reader -> writer pipeline: DRAM pages into a CB, @step
 * pages per reservation.  Args: src bank address, pages, page size, CB,
 * step (divides pages).
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGen src = {
		.bank_base_address = get_arg_val(0),
		.page_size = get_arg_val(2),
		.is_dram = true,
	};
	uint32_t n = get_arg_val(1), cb = get_arg_val(3), step = get_arg_val(4);

	for (uint32_t i = 0; i < n; i += step) {
		uint32_t l1;

		cb_reserve_back(cb, step);
		l1 = get_write_ptr(cb);
		for (uint32_t k = 0; k < step; k++)
			noc_async_read_page(i + k, &src, l1 + k * src.page_size);
		noc_async_read_barrier();
		cb_push_back(cb, step);
	}
}
