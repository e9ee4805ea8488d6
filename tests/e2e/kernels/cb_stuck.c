// SPDX-License-Identifier: Apache-2.0
/*
 * A consumer whose producer never comes: waits for one page of CB @arg0.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	cb_wait_front(get_arg_val(0), 1);
}
