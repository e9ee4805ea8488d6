// SPDX-License-Identifier: Apache-2.0
/*
 * ASSERT as tt-metal kernels use it: runtime arg 0 must be 7.  Only a
 * build with the watcher (or lightweight asserts) checks it.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/debug/assert.h"

void kernel_main()
{
	ASSERT(get_arg_val<uint32_t>(0) == 7);
}
