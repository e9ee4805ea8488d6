// SPDX-License-Identifier: Apache-2.0
/*
 * The _start of every kernel, linked first into its text slot
 * (linker/kernel.ld.S).  The firmware calls it as a function: copy the
 * kernel's .data into local memory, zero .bss, run the constructors of a
 * C++ kernel's globals, run kernel_main(), flush the C library's streams
 * if the kernel used them, return to firmware.  (Destructors of globals
 * never run: a kernel does not exit.)
 */
#include <reent.h>
#include <stdint.h>

extern uint32_t __kernel_data_lma[], __kernel_data_start[], __kernel_data_end[];
extern uint32_t __kernel_bss_start[], __kernel_bss_end[];
extern void (*const __kernel_init_array_start[])(void);
extern void (*const __kernel_init_array_end[])(void);

void kernel_main(void);

__attribute__((section(".text.start"), used)) uint32_t _start(void)
{
	uint32_t *src = __kernel_data_lma;

	for (uint32_t *p = __kernel_data_start; p < __kernel_data_end; p++)
		*p = *src++;
	for (uint32_t *p = __kernel_bss_start; p < __kernel_bss_end; p++)
		*p = 0;
	for (void (*const *f)(void) = __kernel_init_array_start;
	     f < __kernel_init_array_end; f++)
		(*f)();

	kernel_main();

	/* Set by newlib only once stdio was used: what exit() would run. */
	if (_REENT->__cleanup)
		_REENT->__cleanup(_REENT);
	return 0;
}
