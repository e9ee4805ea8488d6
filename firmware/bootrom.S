/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The boot ROM's address range as a function, for gdb only: a hart held
 * in reset runs the machine's boot ROM (device/qemu/tensix.c), where no
 * image has a symbol, and gdb's prologue analysis would look for the
 * start of "its function" from the nearest symbol below, reading memory
 * two bytes at a time from far away.  tools/gdb loads this into every
 * core's inferior.  The bytes here are never loaded: gdb reads the code
 * from the device.
 */
#include "tt_mem_map.h"

	.section .bootrom, "ax"
	.globl tt_boot_rom
	.type tt_boot_rom, @function
tt_boot_rom:
	.space TT_MMIO_BOOTROM_SIZE
	.size tt_boot_rom, . - tt_boot_rom
