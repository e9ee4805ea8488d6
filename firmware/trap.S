/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Calling kernels, and recovering from their traps.
 *
 * fw_call_kernel(entry) calls a kernel's _start and returns 0 when it
 * returns.  If the kernel traps (illegal instruction, access fault,
 * misaligned access, ebreak outside gdb...), fw_trap_entry reports
 * mcause/mepc/mtval through the EMU block and resumes fw_call_kernel,
 * which then returns 1 with every callee-saved register restored: the
 * core stays usable for the next launch.
 *
 * A trap in the firmware itself is fatal: it is reported the same way and
 * the hart sleeps forever (waiting on TT_WAIT_HALTED).
 *
 * The kernel runs with mstatus.MPRV set and MPP = U, so the PMP entries
 * (fw_pmp_init) check its loads and stores as U-mode ones: a store into
 * firmware text, the mailbox, the bank tables or kernel text faults at
 * once.  A trap sets MPP to M, so the handler has full access again;
 * MPRV is cleared on the way back (mret leaves it set, with MPP = U).
 */
#include "tt_riscv.h"

#define FRAME		64

	.text
	.globl fw_call_kernel
fw_call_kernel:
	addi	sp, sp, -FRAME
	sw	ra, 0(sp)
	sw	s0, 4(sp)
	sw	s1, 8(sp)
	sw	s2, 12(sp)
	sw	s3, 16(sp)
	sw	s4, 20(sp)
	sw	s5, 24(sp)
	sw	s6, 28(sp)
	sw	s7, 32(sp)
	sw	s8, 36(sp)
	sw	s9, 40(sp)
	sw	s10, 44(sp)
	sw	s11, 48(sp)
	sw	gp, 52(sp)
	sw	tp, 56(sp)
	la	t0, fw_kernel_sp
	sw	sp, 0(t0)
	li	t0, TT_CSR_MSTATUS_MPP
	csrc	mstatus, t0
	li	t0, TT_CSR_MSTATUS_MPRV
	csrs	mstatus, t0
	jalr	a0
	li	a0, 0
fw_kernel_resume:
	li	t0, TT_CSR_MSTATUS_MPRV
	csrc	mstatus, t0
	la	t0, fw_kernel_sp
	sw	zero, 0(t0)
	lw	ra, 0(sp)
	lw	s0, 4(sp)
	lw	s1, 8(sp)
	lw	s2, 12(sp)
	lw	s3, 16(sp)
	lw	s4, 20(sp)
	lw	s5, 24(sp)
	lw	s6, 28(sp)
	lw	s7, 32(sp)
	lw	s8, 36(sp)
	lw	s9, 40(sp)
	lw	s10, 44(sp)
	lw	s11, 48(sp)
	lw	gp, 52(sp)
	lw	tp, 56(sp)
	addi	sp, sp, FRAME
	ret

	.balign 4
	.globl fw_trap_entry
fw_trap_entry:
	la	t0, fw_kernel_sp
	lw	t1, 0(t0)
	beqz	t1, 1f
	/* In a kernel: report on the caller's stack, return 1 from fw_call_kernel.
	 * a0, a1 and a7 are the kernel's: an ecall's arguments. */
	mv	sp, t1
	mv	a2, a7
	call	fw_trap_report
	li	a0, 1
	la	t0, fw_kernel_resume
	csrw	mepc, t0
	mret
1:	/* In the firmware: fatal. */
	mv	a2, a7
	call	fw_trap_report
	call	fw_halt

	.section .bss.fw_kernel_sp, "aw", @nobits
	.balign 4
	.globl fw_kernel_sp
fw_kernel_sp:
	.space 4
