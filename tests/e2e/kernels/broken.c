// SPDX-License-Identifier: Apache-2.0
/* Compiles only without TT_TEST_BREAK_BUILD (which expands to non-C). */
#include "dataflow_api.h"

void kernel_main(void)
{
#ifdef TT_TEST_BREAK_BUILD
	TT_TEST_BREAK_BUILD;
#endif
}
