// SPDX-License-Identifier: Apache-2.0
/*
 * Notes for tools/tt-gdb.sh.  When TT_EMU_GDB_SYMS names a file, libtt
 * appends to it the device grid ("grid X Y") and each kernel image it loads
 * ("kernel <risc> <elf> <source>"), which is how the script knows which
 * symbols to load and which gdb thread is which core and RISC.
 */
#include <stdio.h>
#include <stdlib.h>

#include "device/device.h"

static FILE *notes(void)
{
	const char *path = getenv("TT_EMU_GDB_SYMS");

	return path && *path ? fopen(path, "a") : NULL;
}

void tt_gdb_note_grid(uint32_t grid_x, uint32_t grid_y)
{
	FILE *f = notes();

	if (f) {
		fprintf(f, "grid %u %u\n", grid_x, grid_y);
		fclose(f);
	}
}

void tt_gdb_note_kernel(unsigned int risc, const char *elf_path, const char *source)
{
	FILE *f = notes();

	if (f) {
		fprintf(f, "kernel %u %s %s\n", risc, elf_path, source);
		fclose(f);
	}
}
