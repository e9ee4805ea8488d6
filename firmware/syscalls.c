// SPDX-License-Identifier: Apache-2.0
/*
 * The system calls newlib needs, provided by the resident firmware and
 * resolved in kernels through the firmware's exported symbols.  stdout and
 * stderr go to the EMU print port, which the model forwards to the host
 * line by line, prefixed with core and RISC.  The heap is this RISC's heap
 * slot in L1, reset before every kernel.
 */
#include <errno.h>
#include <sys/stat.h>

#include "fw.h"

/* newlib's reentrant wrappers copy this into the kernel's _REENT. */
#undef errno
int errno;

int _write(int fd, const void *buf, int len)
{
	const char *p = buf;

	if (fd != 1 && fd != 2) {
		errno = EBADF;
		return -1;
	}
	for (int i = 0; i < len; i++)
		TT_EMU_REG(PUTC) = (uint8_t)p[i];
	return len;
}

int _read(int fd, void *buf, int len)
{
	(void)fd;
	(void)buf;
	(void)len;
	return 0;
}

void *_sbrk(int incr)
{
	uint8_t *old = fw_heap_ptr;

	if (incr < 0 || fw_heap_end - fw_heap_ptr < incr) {
		errno = ENOMEM;
		return (void *)-1;
	}
	fw_heap_ptr += incr;
	return old;
}

int _close(int fd)
{
	(void)fd;
	return -1;
}

int _fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR; /* line buffered, like a terminal */
	return 0;
}

int _isatty(int fd)
{
	return fd <= 2;
}

int _lseek(int fd, int off, int whence)
{
	(void)fd;
	(void)off;
	(void)whence;
	return 0;
}

int _getpid(void)
{
	return 1;
}

int _kill(int pid, int sig)
{
	(void)pid;
	(void)sig;
	errno = EINVAL;
	return -1;
}

void _exit(int code)
{
	/*
	 * Kernels have their own exit() (firmware/kernel_entry.c); this is
	 * for the C library's internal callers.  Stop the kernel the same
	 * way: the firmware reports the exit with the caller's pc.
	 */
	tt_ecall_stop(TT_ECALL_EXIT, (uint32_t)code, TT_CALL_SITE());
}
