/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A kernel for one RISC.  Preprocessed with -DKERNEL_TEXT=<its text slot in
 * L1> and -DKERNEL_LOCAL_SIZE=<the RISC's local memory size>.  The kernel
 * executes in place from its slot; .data and .bss go to local memory after
 * the firmware's (the kernel's _start copies and zeroes them) and share the
 * stack the firmware calls it on.  Linked with --just-symbols of the
 * firmware's exported symbols.
 */
#include "tt_mem_map.h"

OUTPUT_ARCH(riscv)
ENTRY(_start)

/* Bytes of local memory kept free for the stack below its top. */
#define KERNEL_MIN_STACK	512

MEMORY
{
	TEXT (rx) : ORIGIN = KERNEL_TEXT, LENGTH = TT_MEM_KERNEL_SLOT_SIZE
	LOCAL (rw) : ORIGIN = TT_MEM_LOCAL_KERNEL_DATA_BASE,
		     LENGTH = KERNEL_LOCAL_SIZE - TT_MEM_LOCAL_FW_DATA_SIZE - KERNEL_MIN_STACK
}

SECTIONS
{
	.text : {
		KEEP(*(.text.start))
		*(.text .text.*)
		*(.rodata .rodata.* .srodata .srodata.*)
		/* Constructors of C++ globals with dynamic initialization. */
		. = ALIGN(4);
		__kernel_init_array_start = .;
		KEEP(*(SORT_BY_INIT_PRIORITY(.init_array.*) .init_array))
		__kernel_init_array_end = .;
		/* TT_TEST cases of an on-target test program (tt_fwtest.h). */
		. = ALIGN(4);
		__tt_fwtest_start = .;
		KEEP(*(.tt_fwtest))
		__tt_fwtest_end = .;
	} > TEXT

	.data : ALIGN(4) {
		__kernel_data_start = .;
		*(.data .data.* .sdata .sdata.*)
		. = ALIGN(4);
		__kernel_data_end = .;
	} > LOCAL AT > TEXT
	__kernel_data_lma = LOADADDR(.data);

	.bss (NOLOAD) : ALIGN(4) {
		__kernel_bss_start = .;
		*(.bss .bss.* .sbss .sbss.* COMMON)
		. = ALIGN(4);
		__kernel_bss_end = .;
	} > LOCAL

	/DISCARD/ : { *(.comment) *(.riscv.attributes) *(.note*) *(.eh_frame*) }
}
