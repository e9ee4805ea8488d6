/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What every part of libtt uses: the error convention (docs/errors.md),
 * the registry of live handles and where the build put its products.
 * Includes nothing of libtt's own folders; every folder includes it.
 */
#ifndef TT_HOST_BASE_H
#define TT_HOST_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tt/error.h>

/* Where the build put QEMU, firmware, linker scripts and the C library. */
struct tt_paths {
	char src[1024];	  /* repository (kernel API headers, hal) */
	char build[1024]; /* build directory */
	char cache[1024]; /* kernel binary cache */
	char cross[256];  /* cross-compiler prefix */
};

const struct tt_paths *tt_paths(void);

/* Firmware image path of @risc ("brisc", ...), and its exported symbols. */
void tt_firmware_path(unsigned int risc, bool symbols, char *out, size_t len);

/* The cached image of the kernel build with id @id (program/build.c). */
void tt_kernel_elf_path(const uint64_t id[2], char *out, size_t len);

/*
 * Set this thread's last error (tt_last_error()) to the formatted text and
 * return @err: every failing public entry point ends in one of these.  A
 * macro, so the compiler and the static analyser see the code it returns;
 * the arguments may include tt_last_error() itself.
 */
#define tt_fail(err, ...) (tt_set_error(__VA_ARGS__), (err))
void tt_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * NULL pointer arguments of public functions: refused with TT_EINVAL and
 * "fn: arg is NULL" in the last error; where nothing can be returned the
 * call does nothing and returns @... (0, NULL or nothing).
 */
#define TT_REFUSE_NULL(p)                                                          \
	do {                                                                       \
		if (!(p))                                                          \
			return tt_fail(TT_EINVAL, "%s: %s is NULL", __func__, #p); \
	} while (0)
#define TT_IGNORE_NULL(p, ...)                                        \
	do {                                                          \
		if (!(p)) {                                           \
			tt_set_error("%s: %s is NULL", __func__, #p); \
			return __VA_ARGS__;                           \
		}                                                     \
	} while (0)

/*
 * Every system, device, buffer and program handed to a caller is in one registry
 * until it is closed, freed or destroyed, so an entry point can tell a
 * live handle from NULL, a stale one or one of another kind without
 * touching the memory behind it.
 */
enum tt_handle_kind {
	TT_HANDLE_DEVICE = 1,
	TT_HANDLE_BUFFER,
	TT_HANDLE_PROGRAM,
	TT_HANDLE_SYSTEM,
};

int tt_handle_add(const void *obj, enum tt_handle_kind kind);
bool tt_handle_remove(const void *obj, enum tt_handle_kind kind);
bool tt_handle_live(const void *obj, enum tt_handle_kind kind);

#endif /* TT_HOST_BASE_H */
