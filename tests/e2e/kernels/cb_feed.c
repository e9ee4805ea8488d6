// SPDX-License-Identifier: Apache-2.0
/*
 * A producer of @arg1 pages of CB @arg0, one at a time, without data.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t cb = get_arg_val(0), pages = get_arg_val(1);

	for (uint32_t i = 0; i < pages; i++) {
		cb_reserve_back(cb, 1);
		cb_push_back(cb, 1);
	}
}
