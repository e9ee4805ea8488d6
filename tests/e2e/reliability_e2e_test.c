// SPDX-License-Identifier: Apache-2.0
/*
 * Host-side reliability with real devices: run state per device (two
 * devices driven from two threads; a program in flight on one device
 * does not affect another), what closing a device or destroying a program
 * does to a program in flight, stale device handles, and kernel builds
 * with more compile-time args and defines than a fixed array would hold.
 * (Open/run/close cycles: tests/e2e/soak_e2e_test.c.)
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"
#include "two_devices.h"

#define SCRATCH 0x100000u /* free L1 in every test */

Test(reliability, two_devices_two_threads, .timeout = 600)
{
	struct worker w[2] = { { .tag = 0xaaaa0001 }, { .tag = 0xbbbb0002 } };
	pthread_t t[2];

	for (int i = 0; i < 2; i++) {
		w[i].runs = two_devices_runs(100); /* 1000 for the soak */
		cr_assert_eq(pthread_create(&t[i], NULL, worker_main, &w[i]), 0);
	}
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 2; i++)
		cr_expect_eq(w[i].ok, w[i].runs, "thread %d: %u of %u runs right; %s", i, w[i].ok,
			     w[i].runs, w[i].error);
}

/* A program in flight on one device leaves another device alone. */
Test(reliability, devices_are_independent, .timeout = 120)
{
	struct tt_device *a = e2e_open(1, 1), *b = e2e_open(1, 1);
	struct tt_run_report rep;
	struct tt_program *spin, *empty;
	tt_kernel_handle k;

	spin = e2e_program(KERNEL("spin.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	empty = e2e_program(KERNEL("empty.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	cr_assert_eq(tt_enqueue_program(a, spin, &rep), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_finish(b, 0, &rep), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "no program is in flight on this device"), "%s",
		  tt_last_error());
	e2e_run_ok(b, empty, &rep);
	e2e_run_ok(b, empty, &rep);
	/*
	 * One program at a time on a device, but one program may be in
	 * flight on several (the chips of a mesh); destroying it stops it
	 * on every one.
	 */
	cr_expect_eq(tt_enqueue_program(b, spin, &rep), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_enqueue_program(a, empty, &rep), TT_EBUSY);
	cr_expect(strstr(tt_last_error(), "still in flight on this device"), "%s", tt_last_error());
	tt_program_destroy(spin);
	e2e_run_ok(a, empty, &rep);
	e2e_run_ok(b, empty, &rep);
	tt_program_destroy(empty);
	tt_device_close(a);
	tt_device_close(b);
}

/* Write @v to the word at SCRATCH + @off of core @c. */
static void put_word(struct tt_device *dev, struct tt_core c, uint32_t off, uint32_t v)
{
	cr_assert_eq(tt_device_l1_write(dev, c, SCRATCH + off, &v, 4), TT_OK, "%s",
		     tt_last_error());
}

static uint32_t word_at(struct tt_device *dev, struct tt_core c, uint32_t off)
{
	uint32_t v = 0;

	cr_assert_eq(tt_device_l1_read(dev, c, SCRATCH + off, &v, 4), TT_OK, "%s", tt_last_error());
	return v;
}

/*
 * Programs on disjoint cores are in flight at once (tt-metal's
 * sub-devices): one finishes while the other still waits; a third on a
 * busy core is refused naming it; a host write to the waiting core's L1
 * wakes it.
 */
Test(reliability, programs_on_disjoint_cores_run_at_once, .timeout = 120)
{
	struct tt_device *dev = e2e_open(2, 1);
	struct tt_core c0 = tt_core(0, 0), c1 = tt_core(1, 0);
	struct tt_run_report rep;
	struct tt_program *waiter, *store, *other;
	tt_kernel_handle kw, ks, ko;
	uint32_t wargs[4] = { SCRATCH, 7, SCRATCH + 4, 0x600d }, sargs[2] = { SCRATCH, 0x5eed };

	put_word(dev, c1, 0, 0);
	put_word(dev, c1, 4, 0);
	waiter = e2e_program(KERNEL("wait_word.c"), tt_core_range(1, 0, 1, 0), TT_DM_RISCV_0, &kw);
	cr_assert_eq(tt_kernel_set_runtime_args(waiter, kw, c1, wargs, 4), TT_OK);
	store = e2e_program(KERNEL("store_into.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &ks);
	cr_assert_eq(tt_kernel_set_runtime_args(store, ks, c0, sargs, 2), TT_OK);
	other = e2e_program(KERNEL("store_into.c"), tt_core_range(1, 0, 1, 0), TT_DM_RISCV_1, &ko);
	cr_assert_eq(tt_kernel_set_runtime_args(other, ko, c1, sargs, 2), TT_OK);

	cr_assert_eq(tt_finish_program(dev, store, 0, &rep), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "not in flight"), "%s", tt_last_error());
	cr_assert_eq(tt_enqueue_program(dev, waiter, &rep), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_enqueue_program(dev, store, &rep), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_finish_program(dev, store, 0, &rep), TT_OK, "%s", tt_last_error());
	cr_expect_eq(word_at(dev, c0, 0), 0x5eed);
	cr_expect_eq(word_at(dev, c1, 4), 0, "the waiter went on without its word");

	/* The waiter still holds (1,0), whichever RISC the newcomer asks for. */
	cr_expect_eq(tt_enqueue_program(dev, other, &rep), TT_EBUSY);
	cr_expect(strstr(tt_last_error(), "core (1,0) is busy"), "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "still in flight on this device"), "%s", tt_last_error());
	/* (0,0) is free again: the store runs there beside the waiter. */
	cr_expect(tt_enqueue_program(dev, store, &rep) == TT_OK &&
			  tt_finish_program(dev, store, 0, &rep) == TT_OK,
		  "%s", tt_last_error());

	put_word(dev, c1, 0, 7);
	cr_assert_eq(tt_finish(dev, 0, &rep), TT_OK, "%s", tt_last_error());
	cr_expect_eq(word_at(dev, c1, 4), 0x600d);
	cr_expect_eq(tt_finish(dev, 0, &rep), TT_EINVAL, "nothing is left in flight");

	/* Destroying one program in flight stops it alone. */
	{
		struct tt_program *spin;
		tt_kernel_handle kk;

		put_word(dev, c1, 0, 0);
		put_word(dev, c1, 4, 0);
		spin = e2e_program(KERNEL("spin.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &kk);
		cr_assert_eq(tt_enqueue_program(dev, waiter, &rep), TT_OK, "%s", tt_last_error());
		cr_assert_eq(tt_enqueue_program(dev, spin, &rep), TT_OK, "%s", tt_last_error());
		tt_program_destroy(spin);
		put_word(dev, c1, 0, 7);
		cr_assert_eq(tt_finish(dev, 0, &rep), TT_OK, "%s", tt_last_error());
		cr_expect_eq(word_at(dev, c1, 4), 0x600d);
	}

	/* A wait nobody can end is a deadlock of the whole run, reported once. */
	put_word(dev, c1, 0, 0);
	cr_assert_eq(tt_enqueue_program(dev, waiter, &rep), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_enqueue_program(dev, store, &rep), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_finish_program(dev, waiter, 10000, &rep), TT_EDEADLK);
	cr_expect(strstr(tt_last_error(), "wait_word.c"), "%s", tt_last_error());
	cr_expect_eq(tt_finish(dev, 0, &rep), TT_EINVAL, "the deadlock ended every program");
	e2e_run_ok(dev, other, &rep);
	cr_expect_eq(word_at(dev, c1, 0), 0x5eed);

	tt_program_destroy(waiter);
	tt_program_destroy(store);
	tt_program_destroy(other);
	tt_device_close(dev);
}

/*
 * Closing a device with a program in flight: close returns at once, the
 * program stays valid (and runs on another device), nothing blocks the
 * next device.
 */
Test(reliability, close_with_program_in_flight, .timeout = 120)
{
	struct tt_device *a = e2e_open(2, 1), *b;
	struct tt_run_report rep;
	struct tt_program *spin, *args;
	tt_kernel_handle k, ka;
	uint32_t v[4] = { SCRATCH, 4, 0, 0x5eed }, seen[4] = { 0 };

	spin = e2e_program(KERNEL("spin.c"), tt_core_range(0, 0, 1, 0), TT_DM_RISCV_0, &k);
	args = e2e_program(KERNEL("args_to_l1.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &ka);
	cr_assert_eq(tt_kernel_set_runtime_args(args, ka, tt_core(0, 0), v, 4), TT_OK);
	cr_assert_eq(tt_enqueue_program(a, spin, &rep), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_device_close(a), TT_OK);
	cr_expect_eq(tt_finish(a, 0, &rep), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "is not an open device"), "%s", tt_last_error());

	b = e2e_open(2, 1);
	e2e_run_ok(b, args, &rep);
	cr_assert_eq(tt_device_l1_read(b, tt_core(0, 0), SCRATCH, seen, sizeof(seen)), TT_OK);
	cr_expect_eq(seen[3], 0x5eed);
	/* The stopped program can be enqueued again, here on b. */
	cr_assert_eq(tt_enqueue_program(b, spin, &rep), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_finish(b, 300, &rep), TT_ETIMEDOUT);
	e2e_run_ok(b, args, &rep);
	tt_program_destroy(spin);
	tt_program_destroy(args);
	tt_device_close(b);
}

/*
 * Destroying a program in flight stops it: its cores are reset, and the
 * next correct program on them runs and is not blamed for anything.
 */
Test(reliability, destroy_program_in_flight, .timeout = 120)
{
	struct tt_device *dev = e2e_open(2, 1);
	struct tt_run_report rep;
	struct tt_program *spin, *args;
	tt_kernel_handle k, ka;
	uint32_t v[4] = { SCRATCH, 4, 0, 0xd00d }, seen[4] = { 0 };

	for (int i = 0; i < 3; i++) {
		spin = e2e_program(KERNEL("spin.c"), tt_core_range(0, 0, 1, 0), TT_DM_RISCV_0, &k);
		cr_assert_eq(tt_enqueue_program(dev, spin, &rep), TT_OK, "%s", tt_last_error());
		tt_program_destroy(spin);
		cr_expect_eq(tt_finish(dev, 0, &rep), TT_EINVAL, "nothing left to finish");

		args = e2e_program(KERNEL("args_to_l1.c"), tt_core_range(0, 0, 1, 0), TT_DM_RISCV_0,
				   &ka);
		v[3] = 0xd00d + (uint32_t)i;
		cr_assert_eq(tt_kernel_set_runtime_args(args, ka, tt_core(0, 0), v, 4), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(args, ka, tt_core(1, 0), v, 4), TT_OK);
		e2e_run_ok(dev, args, &rep);
		cr_assert_eq(tt_device_l1_read(dev, tt_core(1, 0), SCRATCH, seen, sizeof(seen)),
			     TT_OK);
		cr_expect_eq(seen[3], 0xd00d + (uint32_t)i);
		tt_program_destroy(args);
	}
	tt_device_close(dev);
}

Test(reliability, stale_device_handles, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_buffer_config cfg = { .size = 2048, .page_size = 2048, .type = TT_BUFFER_DRAM };
	struct tt_buffer *buf;
	uint8_t data[2048] = { 0 };

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_device_close(dev), TT_OK);
	cr_expect_eq(tt_device_close(dev), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "closed twice?"), "%s", tt_last_error());
	cr_expect_eq(tt_buffer_write(buf, data), TT_ENODEV);
	cr_expect_eq(tt_buffer_free(buf), TT_OK);
}

/* 800 compile-time args and 1000 defines build and arrive (DM and compute). */
Test(reliability, many_compile_args_and_defines, .timeout = 180)
{
	static uint32_t cargs[800];
	static struct tt_define defs[1000];
	static char names[1000][24], values[1000][8];
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config dm = { .processor = TT_DM_RISCV_0,
				   .compile_args = cargs,
				   .num_compile_args = 800,
				   .defines = defs,
				   .num_defines = 1000 };
	struct tt_compute_config cc = {
		.compile_args = cargs, .num_compile_args = 800, .defines = defs, .num_defines = 1000
	};
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k, kc;
	uint32_t out = SCRATCH, seen[2] = { 0 };

	for (uint32_t i = 0; i < 1000; i++) {
		snprintf(names[i], sizeof(names[i]), "MANY_DEFINE_%u", i);
		snprintf(values[i], sizeof(values[i]), "%u", i);
		defs[i].name = names[i];
		defs[i].value = values[i];
		if (i < 800)
			cargs[i] = i;
	}
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("many_args.c"), &one, &dm, &k), TT_OK, "%s",
		     tt_last_error());
	cr_assert_eq(
		tt_compute_kernel_create(prog, KERNEL("compute_many_defines.c"), &one, &cc, &kc),
		TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), &out, 1), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_l1_read(dev, tt_core(0, 0), SCRATCH, seen, sizeof(seen)), TT_OK);
	cr_expect_eq(seen[0], 799);
	cr_expect_eq(seen[1], 999);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* A kernel cache that cannot be created is named, with the reason. */
Test(reliability, unusable_kernel_cache_is_named, .timeout = 60)
{
	char file[] = "/tmp/tt-not-a-dir-XXXXXX", cache[64];
	struct tt_run_report rep;
	struct tt_program *prog;
	struct tt_device *dev;
	tt_kernel_handle k;
	int fd = mkstemp(file);

	cr_assert_geq(fd, 0);
	close(fd);
	/* Before anything reads the paths: they are fixed on first use. */
	snprintf(cache, sizeof(cache), "%s/cache", file);
	setenv("TT_EMU_CACHE", cache, 1);
	dev = e2e_open(1, 1);
	prog = e2e_program(KERNEL("empty.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	cr_expect_eq(tt_program_run(dev, prog, 0, &rep), TT_EIO);
	cr_expect(strstr(tt_last_error(), "cannot create the kernel cache"), "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "Not a directory"), "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), cache), "%s", tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
	unlink(file);
}
