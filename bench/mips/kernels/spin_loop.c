// SPDX-License-Identifier: Apache-2.0
/*
 * The guest-speed loop: arg 0 iterations of four integer instructions, the
 * same as virt/loop.S runs on QEMU's stock virt board.
 */
#include "tt_kernel.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0), a = 0, b = 0;

	__asm__ volatile("1:	addi %0, %0, -1\n"
			 "	add %1, %1, %0\n"
			 "	xor %2, %2, %1\n"
			 "	bnez %0, 1b\n"
			 : "+r"(n), "+r"(a), "+r"(b));
}
