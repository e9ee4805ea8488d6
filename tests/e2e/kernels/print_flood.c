// SPDX-License-Identifier: Apache-2.0
/*
 * Kernel output in bulk, for the print port's bound: arg 0 lines of
 * PRINT_FLOOD_LINE bytes each, "<risc> <number> xxx...x\n" numbered from
 * 0, then arg 0 written to the word at arg 1 + 4 * RISC (a flag the host
 * polls).  Built as a compute kernel it runs on all three TRISCs; only
 * those in the mask arg 2 print and set their flag.
 */
#include "tt_kernel.h"

#define PRINT_FLOOD_LINE 64

/* "<risc digit> <7 digits> " then 'x' up to the newline. */
static void print_line(uint32_t risc, uint32_t n)
{
	char line[PRINT_FLOOD_LINE];
	int i;

	line[0] = (char)('0' + risc);
	line[1] = ' ';
	for (i = 8; i >= 2; i--, n /= 10)
		line[i] = (char)('0' + n % 10);
	line[9] = ' ';
	for (i = 10; i < PRINT_FLOOD_LINE - 1; i++)
		line[i] = 'x';
	line[PRINT_FLOOD_LINE - 1] = '\n';
	for (i = 0; i < PRINT_FLOOD_LINE; i++)
		tt_print_putc(line[i]);
}

void kernel_main(void)
{
	uint32_t lines = get_arg_val(0);
	uint32_t flags = get_arg_val(1);
	uint32_t risc = tt_my_risc();

	if (!(get_arg_val(2) & (1u << risc)))
		return;
	for (uint32_t n = 0; n < lines; n++)
		print_line(risc, n);
	*(volatile uint32_t *)(uintptr_t)(flags + 4 * risc) = lines;
}
