// SPDX-License-Identifier: Apache-2.0
/* Load from an address where nothing is mapped. */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *bad = (volatile uint32_t *)0x20000000u;
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(0);

	*out = *bad;
}
