// SPDX-License-Identifier: Apache-2.0
/*
 * tt_strerror(): one line of text per libtt error code; tt_last_error():
 * the explanation of the last failure, one per thread.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <tt/error.h>

#include "base/base.h"

const char *tt_strerror(int err)
{
	switch (err) {
	case TT_OK:
		return "success";
	case TT_EPERM:
		return "operation not permitted";
	case TT_ENOENT:
		return "no such file or object";
	case TT_EIO:
		return "input/output error";
	case TT_E2BIG:
		return "too large";
	case TT_ENOMEM:
		return "out of memory";
	case TT_EBUSY:
		return "resource busy";
	case TT_ENODEV:
		return "the device was closed";
	case TT_EEXIST:
		return "already exists";
	case TT_EINVAL:
		return "invalid argument";
	case TT_ENOSPC:
		return "no space left in region";
	case TT_ERANGE:
		return "value out of range";
	case TT_EDEADLK:
		return "deadlock";
	case TT_ENOSYS:
		return "not implemented";
	case TT_ETIMEDOUT:
		return "timed out";
	case TT_EDEVICE:
		return "emulator process failed";
	case TT_EBUILD:
		return "kernel or firmware build failed";
	case TT_ETRAP:
		return "a RISC-V core trapped";
	case TT_EGUEST:
		return "a kernel misused the device";
	case TT_EDOUBLEFREE:
		return "buffer freed twice";
	case TT_ENOTALLOC:
		return "address was never allocated";
	case TT_EALIGN:
		return "size or address not aligned";
	case TT_ECLASH:
		return "allocations would overlap";
	case TT_ELAYOUT:
		return "invalid tensor layout or shard spec";
	case TT_ETESTFAIL:
		return "an on-target test case failed";
	default:
		return "unknown error";
	}
}

/* Long enough for every failure of a run, one per line. */
static _Thread_local char last_error[2048];

const char *tt_last_error(void)
{
	return last_error;
}

/* @fmt's arguments may be tt_last_error() itself: format, then copy. */
void tt_set_error(const char *fmt, ...)
{
	char text[sizeof(last_error)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	memcpy(last_error, text, sizeof(last_error));
}
