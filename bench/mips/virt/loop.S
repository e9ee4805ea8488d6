/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The guest-speed loop for QEMU's stock virt board: ITERS iterations of
 * the four instructions of kernels/spin_loop.c, then power off through
 * the board's test finisher.  Built with -DITERS=<n>, linked at 0x80000000.
 */
	.section .text
	.globl _start
_start:
	li	t0, ITERS
	li	t1, 0
	li	t2, 0
1:	addi	t0, t0, -1
	add	t1, t1, t0
	xor	t2, t2, t1
	bnez	t0, 1b
	li	t0, 0x100000		/* sifive_test: FINISHER_PASS */
	li	t1, 0x5555
	sw	t1, 0(t0)
2:	j	2b
