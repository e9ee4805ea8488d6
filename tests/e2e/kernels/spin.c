// SPDX-License-Identifier: Apache-2.0
/* A kernel that never finishes. */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t counter = 0;

	for (;;)
		counter++;
}
