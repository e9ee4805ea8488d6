// SPDX-License-Identifier: Apache-2.0
/* Some arithmetic whose length depends on the core; for determinism runs. */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *out = (volatile uint32_t *)get_arg_val(0);
	uint32_t n = 2000 + 97 * (get_absolute_logical_x() + 8 * get_absolute_logical_y());
	uint32_t h = 2166136261u;

	for (uint32_t i = 0; i < n; i++)
		h = (h ^ i) * 16777619u;
	out[tt_my_risc()] = h;
}
