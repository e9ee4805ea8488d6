// SPDX-License-Identifier: Apache-2.0
/* Fill [arg0, arg0 + 4 * arg1) with a pattern derived from the core's coordinates. */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *dst = (volatile uint32_t *)get_arg_val(0);
	uint32_t words = get_arg_val(1);
	uint32_t seed = (get_absolute_logical_y() << 24) | (get_absolute_logical_x() << 16);

	for (uint32_t i = 0; i < words; i++)
		dst[i] = seed ^ (i * 2654435761u);
}
