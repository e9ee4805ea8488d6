// SPDX-License-Identifier: Apache-2.0
/*
 * Writer of a sharded eltwise op: CB 16 is globally allocated in the
 * output's shard, so compute packs the result in place; this waits for
 * every tile so that the program ends when the shard is complete.
 * Args: tiles.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	cb_wait_front(16, n);
	cb_pop_front(16, n);
}
