// SPDX-License-Identifier: Apache-2.0
/*
 * Misuse of the host API never crashes libtt and always says why: NULL
 * arguments to every entry point, stale handles (double free, use after
 * free, double close, a buffer of a closed device), addresses whose end
 * wraps, core ranges outside the grid, and the refusals that used to come
 * without a message.  Runs under ASan/UBSan, so a touch of freed memory
 * or an overflow fails the test even where the return code looks right.
 *
 * Devices here are built on host memory with no emulator behind them
 * (what the entry points tested need), registered like opened ones.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include <tt/tt.h>

#include "program/program.h"
#include "host_device.h"
#include "tt_data_format.h"
#include "tt_kernel_config.h"

/* The last error contains @needle. */
#define expect_msg(needle)                                                             \
	cr_expect(strstr(tt_last_error(), (needle)), "last error \"%s\" lacks \"%s\"", \
		  tt_last_error(), (needle))

static const struct tt_buffer_config dram_cfg = {
	.size = 4096,
	.page_size = 1024,
	.type = TT_BUFFER_DRAM,
};

Test(misuse, null_arguments_device)
{
	struct tt_device *dev = host_device(2, 2, 0);
	struct tt_core noc, g;
	uint8_t byte = 0;

	cr_expect_eq(tt_device_open(NULL, NULL), TT_EINVAL);
	expect_msg("tt_device_open: the result pointer is NULL");
	cr_expect_null(tt_device_arch(NULL));
	expect_msg("tt_device_arch: the device is NULL");
	g = tt_device_grid(NULL);
	cr_expect(g.x == 0 && g.y == 0);
	expect_msg("tt_device_grid: the device is NULL");
	cr_expect_eq(tt_device_worker_core(NULL, tt_core(0, 0), &noc), TT_EINVAL);
	cr_expect_eq(tt_device_worker_core(dev, tt_core(0, 0), NULL), TT_EINVAL);
	expect_msg("result pointer is NULL");
	tt_device_set_print_handler(NULL, NULL, NULL);
	expect_msg("tt_device_set_print_handler: the device is NULL");
	cr_expect_eq(tt_device_l1_write(NULL, tt_core(0, 0), 0, &byte, 1), TT_EINVAL);
	cr_expect_eq(tt_device_l1_write(dev, tt_core(0, 0), 0, NULL, 1), TT_EINVAL);
	expect_msg("tt_device_l1_write: the host buffer is NULL");
	cr_expect_eq(tt_device_l1_read(dev, tt_core(0, 0), 0, NULL, 1), TT_EINVAL);
	cr_expect_eq(tt_device_dram_write(dev, 0, 0, NULL, 1), TT_EINVAL);
	cr_expect_eq(tt_device_dram_read(NULL, 0, 0, &byte, 1), TT_EINVAL);
	cr_expect_lt(tt_device_cpu_seconds(NULL), 0);
	cr_expect_eq(tt_device_num_banks(NULL, TT_BUFFER_DRAM), 0);
	cr_expect_eq(tt_device_bank_noc(NULL, TT_BUFFER_DRAM, 0, 0, &noc, NULL), TT_EINVAL);
	cr_expect_eq(tt_device_bank_noc(dev, TT_BUFFER_DRAM, 0, 0, NULL, NULL), TT_EINVAL);
	cr_expect_eq(tt_device_dump_memory_state(NULL, NULL, NULL, false), TT_EINVAL);
	cr_expect_eq(tt_device_read_profiler(NULL), TT_EINVAL);
	expect_msg("tt_device_read_profiler: the device is NULL");
	cr_expect_eq(tt_device_read_profiler(dev), TT_OK, "no profiler: nothing to write");
	cr_expect_eq(tt_device_close(NULL), TT_OK, "closing NULL is a no-op");
	cr_expect_eq(tt_device_close(dev), TT_OK);
}

Test(misuse, null_arguments_buffer)
{
	struct tt_device *dev = host_device(2, 2, 0);
	struct tt_buffer *buf;
	struct tt_shard_spec spec;
	struct tt_core core;
	uint64_t addr;
	uint32_t n;

	cr_expect_eq(tt_buffer_create(NULL, &dram_cfg, &buf), TT_EINVAL);
	expect_msg("tt_buffer_create: the device is NULL");
	cr_expect_null(buf);
	cr_expect_eq(tt_buffer_create(dev, NULL, &buf), TT_EINVAL);
	cr_expect_eq(tt_buffer_create(dev, &dram_cfg, NULL), TT_EINVAL);
	cr_expect_eq(tt_buffer_free(NULL), TT_OK, "freeing NULL is a no-op");
	cr_expect_eq(tt_buffer_address(NULL), 0);
	expect_msg("tt_buffer_address: the buffer is NULL");
	cr_expect_eq(tt_buffer_size(NULL), 0);
	cr_expect_eq(tt_buffer_page_size(NULL), 0);
	cr_expect_eq(tt_buffer_bank_size(NULL), 0);
	cr_expect_eq(tt_buffer_aligned_page_size(NULL), 0);
	cr_expect_eq(tt_buffer_type(NULL), TT_BUFFER_DRAM);
	cr_expect_eq(tt_buffer_layout(NULL), TT_BUFFER_INTERLEAVED);
	cr_expect_eq(tt_buffer_page_location(NULL, 0, &core, &addr), TT_EINVAL);
	cr_expect_eq(tt_buffer_shard_spec(NULL, &spec), TT_EINVAL);
	cr_expect_eq(tt_buffer_shard_core(NULL, 0, &core), TT_EINVAL);
	cr_expect_eq(tt_buffer_sharded_args(NULL, NULL, 0, &n), TT_EINVAL);
	cr_expect_eq(tt_buffer_write(NULL, &n), TT_EINVAL);
	cr_expect_eq(tt_buffer_read(NULL, &n), TT_EINVAL);

	cr_assert_eq(tt_buffer_create(dev, &dram_cfg, &buf), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_buffer_page_location(buf, 0, NULL, &addr), TT_EINVAL);
	cr_expect_eq(tt_buffer_page_location(buf, 4, &core, &addr), TT_ERANGE);
	expect_msg("page 4 of a buffer with 4 pages");
	cr_expect_eq(tt_buffer_shard_spec(buf, NULL), TT_EINVAL);
	cr_expect_eq(tt_buffer_shard_spec(buf, &spec), TT_EINVAL);
	expect_msg("interleaved, not sharded");
	cr_expect_eq(tt_buffer_sharded_args(buf, NULL, 0, NULL), TT_EINVAL);
	cr_expect_eq(tt_buffer_write(buf, NULL), TT_EINVAL);
	expect_msg("tt_buffer_write: the source is NULL");
	cr_expect_eq(tt_buffer_read(buf, NULL), TT_EINVAL);
	cr_expect_eq(tt_buffer_free(buf), TT_OK);
	cr_expect_eq(tt_device_close(dev), TT_OK);
}

Test(misuse, null_arguments_program)
{
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config dm = { 0 };
	struct tt_compute_config cc = { 0 };
	struct tt_cb_format fmt = { 0, TT_DF_FLOAT16_B, 2048 };
	struct tt_cb_config cb = { 2048, &fmt, 1 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	tt_cb_handle h;
	uint32_t id, v = 1;

	cr_expect_eq(tt_program_create(NULL), TT_EINVAL);
	expect_msg("tt_program_create: the result pointer is NULL");
	tt_program_destroy(NULL);
	cr_expect_eq(tt_kernel_create(NULL, "x.c", &one, &dm, &k), TT_EINVAL);
	expect_msg("tt_kernel_create: the program is NULL");
	cr_expect_eq(tt_compute_kernel_create(NULL, "x.c", &one, &cc, &k), TT_EINVAL);
	cr_expect_eq(tt_kernel_set_runtime_args(NULL, 0, tt_core(0, 0), &v, 1), TT_EINVAL);
	cr_expect_eq(tt_kernel_set_common_runtime_args(NULL, 0, NULL, 0), TT_EINVAL);
	cr_expect_eq(tt_semaphore_create(NULL, &one, 0, &id), TT_EINVAL);
	cr_expect_eq(tt_program_compile(NULL, NULL, NULL), TT_EINVAL);
	cr_expect_eq(tt_enqueue_program(NULL, NULL, &rep), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "the device is NULL"), "%s", tt_last_error());
	cr_expect_eq(tt_finish(NULL, 0, NULL), TT_EINVAL);
	cr_expect_eq(tt_program_run(NULL, NULL, 0, NULL), TT_EINVAL);
	cr_expect_eq(tt_cb_create(NULL, &one, &cb, &h), TT_EINVAL);
	cr_expect_eq(tt_cb_create_globally_allocated(NULL, &one, &cb, NULL, &h), TT_EINVAL);
	cr_expect_eq(tt_cb_update_address(NULL, 0, NULL), TT_EINVAL);
	cr_expect_eq(tt_cb_address(NULL, 0, &id), TT_EINVAL);

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_expect_eq(tt_kernel_create(prog, NULL, &one, &dm, &k), TT_EINVAL);
	expect_msg("the kernel path is NULL");
	cr_expect_eq(tt_kernel_create(prog, "x.c", NULL, &dm, &k), TT_EINVAL);
	expect_msg("the kernel core range set is NULL");
	cr_expect_eq(tt_kernel_create(prog, "x.c", &one, NULL, &k), TT_EINVAL);
	cr_expect_eq(tt_kernel_create(prog, "x.c", &one, &dm, NULL), TT_EINVAL);
	cr_expect_eq(tt_compute_kernel_create(prog, "x.c", &one, NULL, &k), TT_EINVAL);
	cr_expect_eq(tt_kernel_set_common_runtime_args(prog, 0, NULL, 0), TT_EINVAL);
	expect_msg("kernel handle 0 is not a kernel of the program (it has 0)");
	cr_expect_eq(tt_semaphore_create(prog, NULL, 0, &id), TT_EINVAL);
	cr_expect_eq(tt_semaphore_create(prog, &one, 0, NULL), TT_EINVAL);
	cr_expect_eq(tt_cb_create(prog, NULL, &cb, &h), TT_EINVAL);
	cr_expect_eq(tt_cb_create(prog, &one, NULL, &h), TT_EINVAL);
	cr_expect_eq(tt_cb_create(prog, &one, &cb, NULL), TT_EINVAL);
	cr_expect_eq(tt_cb_create_globally_allocated(prog, &one, &cb, NULL, &h), TT_EINVAL);
	expect_msg("the buffer is NULL");
	cr_expect_eq(tt_cb_address(prog, 0, NULL), TT_EINVAL);
	cr_expect_eq(tt_cb_address(prog, 0, &id), TT_EINVAL);
	expect_msg("CB handle 0 is not a CB of the program (it has 0)");
	tt_program_destroy(prog);
}

/* An address whose end passes 2^64 is out of range, not a wrapped access. */
Test(misuse, dram_and_l1_end_does_not_wrap)
{
	struct tt_device *dev = host_device(2, 2, 0);
	uint8_t data[64] = { 0 };

	cr_expect_eq(tt_device_dram_read(dev, 0, UINT64_MAX - 8, data, sizeof(data)), TT_ERANGE);
	expect_msg("tt_device_dram_read: 64 B at 0xfffffffffffffff7 run past the end");
	cr_expect_eq(tt_device_dram_write(dev, 0, UINT64_MAX, data, 2), TT_ERANGE);
	cr_expect_eq(tt_device_dram_write(dev, 0, (uint64_t)1 << 63, data, 1), TT_ERANGE);
	cr_expect_eq(tt_device_dram_read(dev, 12, 0, data, 1), TT_ERANGE);
	expect_msg("DRAM bank 12 does not exist (12 banks)");
	cr_expect_eq(tt_device_l1_write(dev, tt_core(0, 0), UINT32_MAX, data, 2), TT_ERANGE);
	cr_expect_eq(tt_device_l1_read(dev, tt_core(0, 0), 0, data, SIZE_MAX), TT_ERANGE);
	cr_expect_eq(tt_device_l1_read(dev, tt_core(2, 0), 0, data, 1), TT_ERANGE);
	expect_msg("core (2,0) is outside the 2x2 grid");
	cr_expect_eq(
		tt_device_dram_write(dev, 11, dev->arch->dram_bank_size - 64, data, sizeof(data)),
		TT_OK, "the last 64 B are fine");
	cr_expect_eq(tt_device_close(dev), TT_OK);
}

Test(misuse, buffer_double_free_and_use_after_free)
{
	struct tt_device *dev = host_device(2, 2, 0);
	struct tt_buffer *buf, *other;
	uint8_t data[4096];

	cr_assert_eq(tt_buffer_create(dev, &dram_cfg, &buf), TT_OK);
	cr_assert_eq(tt_buffer_free(buf), TT_OK);
	cr_expect_eq(tt_buffer_free(buf), TT_EDOUBLEFREE);
	expect_msg("is not a live buffer (freed twice?)");
	cr_expect_eq(tt_buffer_write(buf, data), TT_EINVAL);
	expect_msg("tt_buffer_write");
	expect_msg("is not a live buffer (freed already");
	cr_expect_eq(tt_buffer_read(buf, data), TT_EINVAL);
	cr_expect_eq(tt_buffer_address(buf), 0);
	/* A device is not a buffer, nor a buffer a device. */
	cr_expect_eq(tt_buffer_free((struct tt_buffer *)dev), TT_EDOUBLEFREE);
	cr_assert_eq(tt_buffer_create(dev, &dram_cfg, &other), TT_OK);
	cr_expect_eq(tt_device_l1_read((struct tt_device *)other, tt_core(0, 0), 0, data, 1),
		     TT_EINVAL);
	expect_msg("is not an open device");
	/* The allocator is intact: the freed range is allocated again. */
	cr_expect_eq(tt_buffer_free(other), TT_OK);
	cr_expect_eq(tt_device_close(dev), TT_OK);
}

Test(misuse, device_closed_twice_and_buffer_after_close)
{
	struct tt_device *dev = host_device(2, 2, 0);
	struct tt_program *prog;
	struct tt_buffer *buf, *l1;
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_cb_format fmt = { 0, TT_DF_FLOAT16_B, 1024 };
	struct tt_cb_config cb = { 1024, &fmt, 1 };
	struct tt_buffer_config l1_cfg = { .size = 4096, .page_size = 1024, .type = TT_BUFFER_L1 };
	tt_cb_handle h;
	uint8_t data[4096];

	cr_assert_eq(tt_buffer_create(dev, &dram_cfg, &buf), TT_OK);
	cr_assert_eq(tt_buffer_create(dev, &l1_cfg, &l1), TT_OK);
	cr_assert_eq(tt_device_close(dev), TT_OK);
	cr_expect_eq(tt_device_close(dev), TT_EINVAL);
	expect_msg("tt_device_close");
	expect_msg("is not an open device (closed twice?)");
	cr_expect_eq(tt_device_l1_read(dev, tt_core(0, 0), 0, data, 1), TT_EINVAL);
	expect_msg("not an open device (closed already");
	cr_expect_eq(tt_buffer_write(buf, data), TT_ENODEV);
	expect_msg("tt_buffer_write: the buffer's device was closed");
	cr_expect_eq(tt_buffer_read(buf, data), TT_ENODEV);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_expect_eq(tt_cb_create_globally_allocated(prog, &one, &cb, l1, &h), TT_ENODEV);
	tt_program_destroy(prog);
	cr_expect_eq(tt_buffer_free(buf), TT_OK, "releases the host memory");
	cr_expect_eq(tt_buffer_free(l1), TT_OK);
	cr_expect_eq(tt_buffer_free(buf), TT_EDOUBLEFREE);
}

Test(misuse, program_destroyed_twice)
{
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_program *prog;
	uint32_t id;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	tt_program_destroy(prog);
	tt_program_destroy(prog);
	expect_msg("tt_program_destroy");
	expect_msg("is not a live program (destroyed twice?)");
	cr_expect_eq(tt_semaphore_create(prog, &one, 0, &id), TT_EINVAL);
	expect_msg("is not a live program (destroyed already");
}

/* docs/reliability.md: each refusal names the object, value and limit. */
Test(misuse, refusals_say_what_and_why)
{
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_core_range_set far = tt_core_range_set(tt_core_range(6, 6, 8, 8));
	struct tt_core_range_set inverted = tt_core_range_set(tt_core_range(3, 0, 1, 0));
	struct tt_dm_config dm = { 0 };
	struct tt_cb_format fmt = { 3, TT_DF_FLOAT16_B, 1000 };
	struct tt_cb_config cb = { 2048, &fmt, 1 };
	static uint32_t many[TT_MAX_RUNTIME_ARGS + 1];
	struct tt_program *prog;
	tt_kernel_handle k;
	tt_cb_handle h;
	uint32_t id;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_expect_eq(tt_kernel_create(prog, TT_TEST_KERNELS "/no_such_kernel.c", &one, &dm, &k),
		     TT_ENOENT);
	expect_msg("no_such_kernel.c\" not found");
	cr_expect_eq(tt_kernel_create(prog, TT_TEST_KERNELS, &one, &dm, &k), TT_EINVAL);
	expect_msg("is a directory, not a C file");
	cr_expect_eq(tt_kernel_create(prog, TT_TEST_KERNELS "/empty.c", &far, &dm, &k), TT_ERANGE);
	expect_msg("kernel core range 0 (6,6)-(8,8) is outside the largest wormhole_b0 grid, 8x10");
	cr_assert_eq(tt_kernel_create(prog, TT_TEST_KERNELS "/empty.c", &one, &dm, &k), TT_OK);

	cr_expect_eq(
		tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), many, TT_MAX_RUNTIME_ARGS + 1),
		TT_E2BIG);
	expect_msg("342 runtime args for kernel 0");
	expect_msg("at most 341");
	cr_expect_eq(tt_kernel_set_common_runtime_args(prog, k, many, TT_MAX_RUNTIME_ARGS + 1),
		     TT_E2BIG);
	expect_msg("tt_kernel_set_common_runtime_args: 342 runtime args");
	cr_expect_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 0), many, 1), TT_ERANGE);
	expect_msg("core (1,0) is not a core of kernel 0");
	expect_msg("which runs on (0,0)-(0,0)");
	cr_expect_eq(tt_kernel_set_runtime_args(prog, 7, tt_core(0, 0), many, 1), TT_EINVAL);
	expect_msg("kernel handle 7 is not a kernel of the program (it has 1)");

	for (uint32_t i = 0; i < TT_MAX_SEMAPHORES; i++)
		cr_assert_eq(tt_semaphore_create(prog, &one, i, &id), TT_OK);
	cr_expect_eq(tt_semaphore_create(prog, &one, 0, &id), TT_ENOSPC);
	expect_msg("no semaphore id is free on every core of (0,0)-(0,0): all 8 ids");
	cr_expect_eq(tt_semaphore_create(prog, &far, 0, &id), TT_ERANGE);
	expect_msg("semaphore core range 0 (6,6)-(8,8) is outside");
	cr_expect_eq(tt_semaphore_create(prog, &inverted, 0, &id), TT_EINVAL);
	expect_msg("semaphore core range 0 (3,0)-(1,0) is inverted");

	cr_expect_eq(tt_cb_create(prog, &one, &cb, &h), TT_EINVAL);
	expect_msg("CB index 3: page size 1000 B does not divide total_size 2048 B");
	fmt.page_size = 1024;
	fmt.index = 32;
	cr_expect_eq(tt_cb_create(prog, &one, &cb, &h), TT_EINVAL);
	expect_msg("CB index 32 is out of range: 0..31");
	fmt.index = 3;
	fmt.data_format = 200;
	cr_expect_eq(tt_cb_create(prog, &one, &cb, &h), TT_EINVAL);
	expect_msg("data format 200 is unknown");
	fmt.data_format = TT_DF_FLOAT16_B;
	cr_expect_eq(tt_cb_create(prog, &far, &cb, &h), TT_ERANGE);
	expect_msg("CB core range 0 (6,6)-(8,8) is outside the largest");
	cr_assert_eq(tt_cb_create(prog, &one, &cb, &h), TT_OK);
	cr_expect_eq(tt_cb_create(prog, &one, &cb, &h), TT_EEXIST);
	expect_msg("CB index 3 is already used by CB 0 of the program");
	tt_program_destroy(prog);
}

Test(misuse, bad_grid_at_open)
{
	struct tt_device_config cfg = { .grid_x = 9, .grid_y = 2 };
	struct tt_device *dev;

	cr_expect_eq(tt_device_open(&cfg, &dev), TT_ERANGE);
	expect_msg("grid 9x2 is larger than wormhole_b0's 8x10 worker cores");
	cr_expect_null(dev);
	cfg.grid_x = 1;
	cfg.arch = "blackhole";
	cr_expect_eq(tt_device_open(&cfg, &dev), TT_EINVAL);
	expect_msg("arch \"blackhole\" cannot be emulated yet");
	cfg.arch = "nope";
	cr_expect_eq(tt_device_open(&cfg, &dev), TT_EINVAL);
	expect_msg("arch \"nope\" is unknown");
	cfg.arch = NULL;
	cfg.noc_delay = 1000;
	cr_expect_eq(tt_device_open(&cfg, &dev), TT_EINVAL);
	expect_msg("noc_delay 1000");
}

static struct tt_buffer_shard_spec huge_spec(uint32_t side)
{
	struct tt_buffer_shard_spec sh = {
		.grid = tt_core_range_set(tt_core_range(0, 0, side - 1, side - 1)),
		.shape = { 32, 32 },
		.orientation = TT_SHARD_ROW_MAJOR,
		.page_shape = { 32, 32 },
		.tensor_pages = { side * side, 1 },
	};
	return sh;
}

/*
 * The duplicate check over a shard grid is linear: 600x600 cores (and
 * more) are refused at once for the real reason, the grid, not after
 * minutes of pairwise compares.
 */
Test(misuse, huge_shard_grid_is_fast, .timeout = 20)
{
	struct tt_device *dev = host_device(2, 2, 0);
	struct tt_buffer_shard_spec sh = huge_spec(600);
	struct tt_buffer_config cfg = {
		.size = 600ull * 600 * 2048,
		.page_size = 2048,
		.type = TT_BUFFER_L1,
		.layout = TT_BUFFER_HEIGHT_SHARDED,
		.shard = &sh,
	};
	struct tt_buffer *buf;
	struct timespec t0, t1;
	double secs;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	cr_expect_eq(tt_buffer_create(dev, &cfg, &buf), TT_ERANGE);
	expect_msg("outside the 2x2 worker grid");
	/* Two overlapping ranges of 180,000 cores: the duplicate is found. */
	sh.grid.count = 2;
	sh.grid.ranges[0] = tt_core_range(0, 0, 599, 299);
	sh.grid.ranges[1] = tt_core_range(0, 299, 599, 599);
	cr_expect_eq(tt_buffer_create(dev, &cfg, &buf), TT_ELAYOUT);
	expect_msg("shard grid lists core (0,299) twice");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	cr_expect_lt(secs, 2.0, "600x600 shard grid took %.2f s", secs);
	cr_expect_eq(tt_device_close(dev), TT_OK);
}

/* A range as wide as the coordinates has 2^32 cores: counted, not wrapped. */
Test(misuse, shard_grid_size_overflow_has_a_message)
{
	struct tt_device *dev = host_device(2, 2, 0);
	struct tt_buffer_shard_spec sh = huge_spec(2);
	struct tt_buffer_config cfg = {
		.size = 4 * 2048,
		.page_size = 2048,
		.type = TT_BUFFER_L1,
		.layout = TT_BUFFER_HEIGHT_SHARDED,
		.shard = &sh,
	};
	struct tt_buffer *buf;

	sh.grid.ranges[0] = tt_core_range(0, 0, UINT32_MAX, UINT32_MAX);
	cr_expect_eq(tt_buffer_create(dev, &cfg, &buf), TT_ELAYOUT);
	expect_msg("range 0 (0,0)-(4294967295,4294967295) is 4294967296x4294967296 cores");
	expect_msg("at most 1048576 cores");
	cr_expect_eq(tt_device_close(dev), TT_OK);
}
