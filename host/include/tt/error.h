/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Error codes of libtt.  Every libtt function that can fail returns an int:
 * TT_OK (0) or one of the negative codes below.  Codes that mirror errno
 * values come first; project-specific codes start at -1000.  Functions
 * return the code and never print it: the caller decides what to do.
 * tt_strerror() turns a code into one line of text, and tt_last_error()
 * says what the last failing call of this thread refused and why
 * (docs/errors.md).
 */
#ifndef TT_ERROR_H
#define TT_ERROR_H

enum tt_error {
	TT_OK = 0,

	/* Mirrors of errno values. */
	TT_EPERM = -1,	     /* operation not permitted */
	TT_ENOENT = -2,	     /* file or object not found */
	TT_EIO = -5,	     /* input/output error (files, the device) */
	TT_E2BIG = -7,	     /* argument list or blob too large */
	TT_ENOMEM = -12,     /* out of memory (host or device) */
	TT_EBUSY = -16,	     /* resource busy */
	TT_ENODEV = -19,     /* the object's device was closed */
	TT_EEXIST = -17,     /* already exists */
	TT_EINVAL = -22,     /* invalid argument */
	TT_ENOSPC = -28,     /* no space left in a region */
	TT_ERANGE = -34,     /* value out of range */
	TT_EDEADLK = -35,    /* deadlock: no hart of an unfinished run can wake */
	TT_ENOSYS = -38,     /* not implemented */
	TT_ETIMEDOUT = -110, /* timed out */

	/* Project-specific codes. */
	TT_EDEVICE = -1000,	/* the emulator process failed or exited */
	TT_EBUILD = -1001,	/* kernel or firmware build failed */
	TT_ETRAP = -1002,	/* a RISC-V hart trapped while running a kernel */
	TT_EGUEST = -1003,	/* a kernel misused the device (guest error) */
	TT_EDOUBLEFREE = -1004, /* buffer freed twice */
	TT_ENOTALLOC = -1005,	/* address was never allocated */
	TT_EALIGN = -1006,	/* size or address not aligned as required */
	TT_ECLASH = -1007,	/* two allocations would overlap */
	TT_ELAYOUT = -1008,	/* invalid tensor layout or shard spec */
	TT_ETESTFAIL = -1009,	/* an on-target test case failed */
};

/* Return a static one-line description of @err (a TT_E* code or TT_OK). */
const char *tt_strerror(int err);

/*
 * What the last failing libtt call of the calling thread refused and why,
 * naming the object, the value and the limit; "" if none has failed yet.
 * Every call that returns an error code sets it; calls that succeed leave
 * it as it was, like errno.  The text stays valid until the next failing
 * call in the same thread.
 */
const char *tt_last_error(void);

#endif /* TT_ERROR_H */
