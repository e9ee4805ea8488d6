/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Resident firmware of one RISC.  Preprocessed with -DFW_RISC_TEXT=<base of
 * its firmware slot in L1> and -DFW_LOCAL_SIZE=<its local memory size>.
 * Text, read-only data and the .data init image live in the RISC's
 * firmware slot in L1; .data and .bss live at the start of the last
 * TT_MEM_LOCAL_FW_SIZE bytes of local memory (crt0 copies and zeroes
 * them), the stack at the top of local memory, above them.  Kernels get
 * the rest of local memory (linker/kernel.ld.S).
 */
#include "tt_mem_map.h"

OUTPUT_ARCH(riscv)
ENTRY(fw_start)

MEMORY
{
	TEXT (rx) : ORIGIN = FW_RISC_TEXT, LENGTH = TT_MEM_FIRMWARE_SLOT_SIZE
	LOCAL (rw) : ORIGIN = TT_MEM_LOCAL_BASE + FW_LOCAL_SIZE - TT_MEM_LOCAL_FW_SIZE,
		     LENGTH = TT_MEM_LOCAL_FW_SIZE
}

/* Bytes of the firmware's part kept for its stack (its deepest call chain
 * is fw_main -> fw_run_kernel -> fw_call_kernel -> the trap report). */
#define FW_MIN_STACK	384

SECTIONS
{
	.text : {
		KEEP(*(.text.fw_start))
		/* Only kernels call the C library's system calls: keep them. */
		KEEP(*syscalls.o(.text .text.*))
		*(.text .text.*)
		*(.rodata .rodata.* .srodata .srodata.*)
	} > TEXT

	.data : ALIGN(4) {
		__fw_data_start = .;
		*(.data .data.* .sdata .sdata.*)
		. = ALIGN(4);
		__fw_data_end = .;
	} > LOCAL AT > TEXT
	__fw_data_lma = LOADADDR(.data);

	.bss (NOLOAD) : ALIGN(4) {
		__fw_bss_start = .;
		KEEP(*syscalls.o(.bss .bss.* .sbss .sbss.*))
		*(.bss .bss.* .sbss .sbss.* COMMON)
		. = ALIGN(4);
		__fw_bss_end = .;
	} > LOCAL

	__fw_stack_top = TT_MEM_LOCAL_BASE + FW_LOCAL_SIZE;
	ASSERT(__fw_bss_end + FW_MIN_STACK <= __fw_stack_top,
	       "firmware .data and .bss leave too little room for its stack")

	/DISCARD/ : { *(.comment) *(.riscv.attributes) *(.note*) *(.eh_frame*) }
}
