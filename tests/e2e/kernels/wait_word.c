// SPDX-License-Identifier: Apache-2.0
/*
 * Sleep until the L1 word at an address holds a value (as a semaphore
 * wait), then store a second value at a second address: a program that
 * runs until someone else (another program, the host) sets the word.
 * Args: address, value, out address, out value.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	noc_semaphore_wait((volatile uint32_t *)get_arg_val(0), get_arg_val(1));
	*(volatile uint32_t *)get_arg_val(2) = get_arg_val(3);
}
