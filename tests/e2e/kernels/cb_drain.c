// SPDX-License-Identifier: Apache-2.0
/*
 * A consumer that waits for @arg1 pages of CB @arg0 at once, then pops
 * them.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t cb = get_arg_val(0), pages = get_arg_val(1);

	cb_wait_front(cb, pages);
	cb_pop_front(cb, pages);
}
