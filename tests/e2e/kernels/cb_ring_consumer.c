// SPDX-License-Identifier: Apache-2.0
/*
 * Consumer of a CB ring: checks that page i holds i and ~i.  Args: pages,
 * CB, L1 result address; the result is { pages seen, bad pages, first bad
 * page, TILES_RECEIVED, TILES_ACKED, read pointer - CB start }.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0), cb = get_arg_val(1);
	volatile uint32_t *res = (volatile uint32_t *)get_arg_val(2);
	uint32_t start = get_read_ptr(cb), seen = 0, bad = 0, first_bad = ~0u;

	for (uint32_t i = 0; i < n; i++) {
		volatile uint32_t *page;

		cb_wait_front(cb, 1);
		page = (volatile uint32_t *)get_read_ptr(cb);
		if (page[0] != i || page[1] != ~i) {
			if (!bad)
				first_bad = i;
			bad++;
		}
		seen++;
		cb_pop_front(cb, 1);
	}
	res[0] = seen;
	res[1] = bad;
	res[2] = first_bad;
	res[3] = *get_cb_tiles_received_ptr(cb);
	res[4] = *get_cb_tiles_acked_ptr(cb);
	res[5] = get_read_ptr(cb) - start;
}
