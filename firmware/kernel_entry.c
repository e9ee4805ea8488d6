// SPDX-License-Identifier: Apache-2.0
/*
 * The _start of every kernel, linked first into its text slot
 * (linker/kernel.ld.S).  The firmware calls it as a function: switch to
 * the kernel's own stack (below its data in local memory), copy the
 * kernel's .data into local memory, zero .bss, run the constructors of a
 * C++ kernel's globals, run kernel_main(), flush the C library's streams
 * if the kernel used them, return to firmware on the firmware's stack.
 * (Destructors of globals never run: a kernel does not exit.)
 *
 * exit() and abort() are ours, not newlib's: they stop the kernel with an
 * ecall that tells the firmware what was called and from where, so the
 * host reports "kernel called exit(3)" with the caller's source line.
 */
#include <reent.h>
#include <stdint.h>

#include "tt_riscv.h"

extern uint32_t __kernel_data_lma[], __kernel_data_start[], __kernel_data_end[];
extern uint32_t __kernel_bss_start[], __kernel_bss_end[];
extern void (*const __kernel_init_array_start[])(void);
extern void (*const __kernel_init_array_end[])(void);

void kernel_main(void);
uint32_t tt_kernel_start(void);

__attribute__((used)) uint32_t tt_kernel_start(void)
{
	uint32_t *src = __kernel_data_lma;

	for (uint32_t *p = __kernel_data_start; p < __kernel_data_end; p++)
		*p = *src++;
	for (uint32_t *p = __kernel_bss_start; p < __kernel_bss_end; p++)
		*p = 0;
	for (void (*const *f)(void) = __kernel_init_array_start; f < __kernel_init_array_end; f++)
		(*f)();

	kernel_main();

	/* Set by newlib only once stdio was used: what exit() would run. */
	if (_REENT->__cleanup)
		_REENT->__cleanup(_REENT);
	return 0;
}

/*
 * _start: the firmware's sp is kept on the kernel's stack and restored on
 * return.  The CFI tells gdb that the caller's sp is the word at sp and
 * its ra the next one (DWARF expressions: DW_OP_breg2 = sp), so a
 * backtrace goes on into the firmware.
 */
__asm__("	.section .text.start, \"ax\"\n"
	"	.balign	4\n"
	"	.globl	_start\n"
	"	.type	_start, @function\n"
	"_start:\n"
	"	.cfi_startproc\n"
	"	mv	t0, sp\n"
	"	.cfi_def_cfa t0, 0\n"
	"	la	sp, __kernel_stack_top\n"
	"	addi	sp, sp, -16\n"
	"	sw	t0, 0(sp)\n"
	"	sw	ra, 4(sp)\n"
	"	.cfi_escape 0x0f, 0x03, 0x72, 0x00, 0x06\n"
	"	.cfi_escape 0x10, 0x01, 0x02, 0x72, 0x04\n"
	"	call	tt_kernel_start\n"
	"	lw	ra, 4(sp)\n"
	"	lw	sp, 0(sp)\n"
	"	.cfi_def_cfa sp, 0\n"
	"	.cfi_restore ra\n"
	"	ret\n"
	"	.cfi_endproc\n"
	"	.size	_start, . - _start\n"
	"	.text\n");

void exit(int code)
{
	tt_ecall_stop(TT_ECALL_EXIT, (uint32_t)code, TT_CALL_SITE());
}

void abort(void)
{
	tt_ecall_stop(TT_ECALL_ABORT, 0, TT_CALL_SITE());
}
