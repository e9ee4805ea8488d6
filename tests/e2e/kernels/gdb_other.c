// SPDX-License-Identifier: Apache-2.0
/*
 * A second BRISC kernel of the gdb tests, at the same address as
 * gdb_writer.c: writes @count tagged words at @dst.
 * Args: dst, count.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *dst = (volatile uint32_t *)get_arg_val(0);
	uint32_t count = get_arg_val(1);

	for (uint32_t i = 0; i < count; i++)
		dst[i] = 0x07e40000u + i; /* gdb: other stores */
}
