/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Entry of every resident firmware image (the boot ROM jumps here once the
 * hart leaves reset): stack at the top of local memory, .data copied from
 * its init image in L1, .bss zeroed, trap vector and PMP entries
 * installed, then fw_main.
 * Linker symbols come from linker/firmware.ld.S.
 */
#include "tt_riscv.h"

	.section .text.fw_start, "ax"
	.globl fw_start
fw_start:
	la	sp, __fw_stack_top
	la	t0, __fw_data_lma
	la	t1, __fw_data_start
	la	t2, __fw_data_end
1:	bgeu	t1, t2, 2f
	lw	t3, 0(t0)
	sw	t3, 0(t1)
	addi	t0, t0, 4
	addi	t1, t1, 4
	j	1b
2:	la	t1, __fw_bss_start
	la	t2, __fw_bss_end
3:	bgeu	t1, t2, 4f
	sw	zero, 0(t1)
	addi	t1, t1, 4
	j	3b
4:	la	t0, fw_trap_entry
	csrw	mtvec, t0
	call	fw_pmp_init
	li	t0, TT_CSR_MIP_MSIP
	csrs	mie, t0
	call	fw_main
	/* fw_main never returns; if it did, stop here. */
5:	wfi
	j	5b
