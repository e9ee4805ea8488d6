// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of a sharded eltwise op: the core's shards of both inputs are
 * already in its L1, where CBs 0 and 1 are globally allocated, so all it
 * does is hand them to compute.  Args: tiles.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	cb_reserve_back(0, n);
	cb_push_back(0, n);
	cb_reserve_back(1, n);
	cb_push_back(1, n);
}
