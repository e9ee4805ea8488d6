// SPDX-License-Identifier: Apache-2.0
/*
 * Compute that hands @arg0 pages from CB 0 to CB 16, a page at a time:
 * UNPACK (TRISC0) waits for and pops CB 0, PACK (TRISC2) reserves and
 * pushes CB 16.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t pages = get_arg_val(0);

	for (uint32_t i = 0; i < pages; i++) {
		cb_wait_front(0, 1);
		cb_reserve_back(16, 1);
		cb_push_back(16, 1);
		cb_pop_front(0, 1);
	}
}
