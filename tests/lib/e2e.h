/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers for end-to-end tests: open a device of a given grid, build a
 * one-kernel program, run it and assert it went well, with the device's
 * own report in the failure message.
 */
#ifndef TT_TESTS_E2E_H
#define TT_TESTS_E2E_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tt/tt.h>

#include "tt_riscv.h"

#define KERNEL(name) TT_TEST_KERNELS "/" name

static inline struct tt_device *e2e_open(uint32_t gx, uint32_t gy)
{
	struct tt_device_config cfg = { .grid_x = gx, .grid_y = gy };
	struct tt_device *dev = NULL;
	int rc = tt_device_open(&cfg, &dev);

	cr_assert_eq(rc, TT_OK, "device open %ux%u: %s", gx, gy, tt_strerror(rc));
	return dev;
}

static inline struct tt_program *e2e_program(const char *kernel, struct tt_core_range r,
					     enum tt_dm_processor risc, tt_kernel_handle *k)
{
	struct tt_core_range_set set = tt_core_range_set(r);
	struct tt_dm_config cfg = { .processor = risc };
	struct tt_program *prog;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	rc = tt_kernel_create(prog, kernel, &set, &cfg, k);
	cr_assert_eq(rc, TT_OK, "kernel %s: %s", kernel, tt_strerror(rc));
	return prog;
}

/* The system @name with 1x1 chips: what such tests check is the system. */
static inline struct tt_system *e2e_open_system(const char *name)
{
	struct tt_system_config cfg = { .name = name, .chip = { .grid_x = 1, .grid_y = 1 } };
	struct tt_system *sys = NULL;
	int rc = tt_system_open(&cfg, &sys);

	cr_assert_eq(rc, TT_OK, "system %s: %s", name, tt_last_error());
	return sys;
}

/* The whole file at @path, NUL-terminated (free it); its length in @len. */
static inline char *e2e_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	cr_assert_not_null(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static inline void e2e_run_ok(struct tt_device *dev, struct tt_program *prog,
			      struct tt_run_report *rep)
{
	int rc = tt_program_run(dev, prog, 30000, rep);

	cr_assert_eq(rc, TT_OK, "run failed: %s\n%s", tt_strerror(rc), tt_last_error());
}

/* The number printed just before @suffix in @text (0 if none). */
static inline unsigned long long e2e_number_before(const char *text, const char *suffix)
{
	const char *at = strstr(text, suffix);

	if (!at)
		return 0;
	while (at > text && at[-1] >= '0' && at[-1] <= '9')
		at--;
	return strtoull(at, NULL, 10);
}

#endif /* TT_TESTS_E2E_H */
