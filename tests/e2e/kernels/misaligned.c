// SPDX-License-Identifier: Apache-2.0
/*
 * A 4-byte load or store at an address that is not a multiple of 4.
 * Args: 0 load / 1 store, address, where to put what a load read.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	volatile uint32_t *p = (volatile uint32_t *)get_arg_val(1);

	if (get_arg_val(0))
		*p = 0x12345678;
	else
		*(volatile uint32_t *)get_arg_val(2) = *p;
}
