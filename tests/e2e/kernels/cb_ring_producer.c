// SPDX-License-Identifier: Apache-2.0
/*
 * Producer of a CB ring: page i holds i and ~i.  Args: pages, CB.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0), cb = get_arg_val(1);

	for (uint32_t i = 0; i < n; i++) {
		volatile uint32_t *page;

		cb_reserve_back(cb, 1);
		page = (volatile uint32_t *)get_write_ptr(cb);
		page[0] = i;
		page[1] = ~i;
		cb_push_back(cb, 1);
	}
}
