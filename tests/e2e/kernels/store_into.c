// SPDX-License-Identifier: Apache-2.0
/*
 * A plain store (not a NoC write) to an address the host chooses: into
 * what the firmware owns, it must trap at once.
 * Args: address, value.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t addr = get_arg_val(0);

	*(volatile uint32_t *)addr = get_arg_val(1);
}
