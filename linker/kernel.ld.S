/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A kernel for one RISC.  Preprocessed with -DKERNEL_TEXT=<its text slot in
 * L1> and -DKERNEL_LOCAL_SIZE=<the RISC's local memory size>.  The kernel
 * executes in place from its slot; .data and .bss go to local memory right
 * below the firmware's part (the kernel's _start copies and zeroes them),
 * and the kernel's own stack grows down from there to the base of local
 * memory, under which nothing is mapped: an overflow faults instead of
 * running into the firmware's data (hal/wormhole/tt_mem_map.h).  Linked
 * with --just-symbols of the firmware's exported symbols.
 */
#include "tt_mem_map.h"

OUTPUT_ARCH(riscv)
ENTRY(_start)

/* Bytes of local memory kept free for the kernel's stack. */
#define KERNEL_MIN_STACK	512

/* End of the kernel's part of local memory: the firmware's part follows. */
#define KERNEL_DATA_END	(TT_MEM_LOCAL_BASE + KERNEL_LOCAL_SIZE - TT_MEM_LOCAL_FW_SIZE)

/* No region for local memory: .data is placed by address, below. */
MEMORY
{
	TEXT (rx) : ORIGIN = KERNEL_TEXT, LENGTH = TT_MEM_KERNEL_SLOT_SIZE
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

	/*
	 * .data and .bss end at KERNEL_DATA_END (ld resolves the forward
	 * SIZEOFs); the slack of .bss's alignment keeps its end inside.
	 */
	.data ((KERNEL_DATA_END - SIZEOF(.data) - SIZEOF(.bss) - ALIGNOF(.bss)) &
	       ~(MAX(16, ALIGNOF(.data)) - 1)) : {
		__kernel_data_start = .;
		*(.data .data.* .sdata .sdata.*)
		. = ALIGN(4);
		__kernel_data_end = .;
	} AT > TEXT
	__kernel_data_lma = LOADADDR(.data);

	.bss (NOLOAD) : ALIGN(4) {
		__kernel_bss_start = .;
		*(.bss .bss.* .sbss .sbss.* COMMON)
		. = ALIGN(4);
		__kernel_bss_end = .;
	}

	/* The kernel's stack starts right below its data (16-byte aligned). */
	__kernel_stack_top = __kernel_data_start;
	ASSERT(__kernel_bss_end <= KERNEL_DATA_END, "kernel data overlaps the firmware's")
	ASSERT(__kernel_stack_top >= TT_MEM_LOCAL_BASE + KERNEL_MIN_STACK,
	       "kernel .data and .bss leave less than 512 B of local memory for the stack")

	/DISCARD/ : { *(.comment) *(.riscv.attributes) *(.note*) *(.eh_frame*) }
}
