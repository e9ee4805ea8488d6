// SPDX-License-Identifier: Apache-2.0
/*
 * Firmware tier: boot, go/done, runtime args, L1 access, printf, traps,
 * timeouts and determinism, each through the real path (libtt -> QEMU ->
 * firmware -> kernel).
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <time.h>

#include <tt/cb.h>

#include "tt_data_format.h"

#include "e2e.h"
#include "tt_mailbox.h"
#include "tt_mem_map.h"

#define SCRATCH 0x100000u /* free L1 in every test */

/* Every hart of an 8x8 grid booted: magic, coordinates, and all five RISCs
 * parked at their go wait ("GW  " waypoint). */
Test(firmware, boot_all_320_harts, .timeout = 120)
{
	struct tt_device *dev = e2e_open(8, 8);
	unsigned int harts = 0;

	for (uint32_t y = 0; y < 8; y++) {
		for (uint32_t x = 0; x < 8; x++) {
			struct tt_mailbox mb;

			cr_assert_eq(tt_device_l1_read(dev, tt_core(x, y), TT_MEM_MAILBOX_BASE, &mb,
						       sizeof(mb)),
				     TT_OK);
			cr_expect_eq(mb.core_info.magic, TT_CORE_MAGIC_WORKER, "core (%u,%u) magic",
				     x, y);
			cr_expect_eq(mb.core_info.absolute_logical_x, x);
			cr_expect_eq(mb.core_info.absolute_logical_y, y);
			cr_expect_eq(mb.core_info.noc_x, 18 + x);
			cr_expect_eq(mb.core_info.noc_y, 18 + y);
			cr_expect_eq(mb.go_message.signal, TT_RUN_MSG_DONE);
			for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++)
				if (!memcmp(mb.debug.waypoint[r], "GW  ", 4))
					harts++;
		}
	}
	cr_assert_eq(harts, 320, "%u of 320 harts reached their go wait", harts);
	tt_device_close(dev);
}

/* go -> done on every core (BRISC and NCRISC kernels), twice in a row. */
Test(firmware, go_done_every_core_twice, .timeout = 120)
{
	struct tt_device *dev = e2e_open(8, 8);
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 7, 7));
	struct tt_dm_config b = { .processor = TT_DM_RISCV_0 };
	struct tt_dm_config n = { .processor = TT_DM_RISCV_1 };
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle kb, kn;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("empty.c"), &all, &b, &kb), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("empty.c"), &all, &n, &kn), TT_OK);
	for (int round = 0; round < 2; round++) {
		e2e_run_ok(dev, prog, &rep);
		for (uint32_t y = 0; y < 8; y++)
			for (uint32_t x = 0; x < 8; x++) {
				struct tt_mailbox mb;

				tt_device_l1_read(dev, tt_core(x, y), TT_MEM_MAILBOX_BASE, &mb,
						  sizeof(mb));
				cr_expect_eq(mb.go_message.signal, TT_RUN_MSG_DONE);
				cr_expect_eq(mb.result[TT_RISC_BRISC].status, TT_KERNEL_STATUS_OK,
					     "round %d (%u,%u)", round, x, y);
				cr_expect_eq(mb.result[TT_RISC_NCRISC].status, TT_KERNEL_STATUS_OK);
				cr_expect_eq(mb.result[TT_RISC_TRISC0].status,
					     TT_KERNEL_STATUS_IDLE);
			}
	}
	tt_program_destroy(prog);
	tt_device_close(dev);
}

static void check_args(struct tt_device *dev, struct tt_core c, uint32_t dst,
		       const uint32_t *unique, uint32_t n, const uint32_t *common, uint32_t m,
		       unsigned int risc)
{
	uint32_t got[513];

	cr_assert_eq(tt_device_l1_read(dev, c, dst, got, sizeof(got)), TT_OK);
	for (uint32_t i = 0; i < n; i++)
		cr_expect_eq(got[i], unique[i], "core (%u,%u) unique arg %u", c.x, c.y, i);
	for (uint32_t i = 0; i < m; i++)
		cr_expect_eq(got[256 + i], common[i], "core (%u,%u) common arg %u", c.x, c.y, i);
	cr_expect_eq(got[512], risc, "core (%u,%u) ran on RISC %u", c.x, c.y, got[512]);
}

/* Unique args differ per core, common args are shared; BRISC and NCRISC. */
Test(firmware, runtime_args_unique_and_common, .timeout = 60)
{
	struct tt_device *dev = e2e_open(4, 2);
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 3, 1));
	struct tt_dm_config b = { .processor = TT_DM_RISCV_0 };
	struct tt_dm_config n = { .processor = TT_DM_RISCV_1 };
	uint32_t common_b[200], common_n[3] = { 7, 8, 9 };
	uint32_t unique[4 * 2][2][40];
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle kb, kn;

	for (uint32_t i = 0; i < 200; i++)
		common_b[i] = 0xc0000000u + i;
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("args_to_l1.c"), &all, &b, &kb), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("args_to_l1.c"), &all, &n, &kn), TT_OK);
	cr_assert_eq(tt_kernel_set_common_runtime_args(prog, kb, common_b, 200), TT_OK);
	cr_assert_eq(tt_kernel_set_common_runtime_args(prog, kn, common_n, 3), TT_OK);
	for (uint32_t c = 0; c < 8; c++) {
		for (uint32_t r = 0; r < 2; r++) {
			uint32_t *u = unique[c][r];
			uint32_t cnt = 3 + 5 * c + r;

			u[0] = SCRATCH + r * 0x4000;
			u[1] = cnt;
			u[2] = r ? 3 : 200;
			for (uint32_t i = 3; i < cnt; i++)
				u[i] = (c << 16) | (r << 12) | i;
			cr_assert_eq(tt_kernel_set_runtime_args(prog, r ? kn : kb,
								tt_core(c % 4, c / 4), u, cnt),
				     TT_OK);
		}
	}
	e2e_run_ok(dev, prog, &rep);
	for (uint32_t c = 0; c < 8; c++) {
		check_args(dev, tt_core(c % 4, c / 4), SCRATCH, unique[c][0], 3 + 5 * c, common_b,
			   200, TT_RISC_BRISC);
		check_args(dev, tt_core(c % 4, c / 4), SCRATCH + 0x4000, unique[c][1], 4 + 5 * c,
			   common_n, 3, TT_RISC_NCRISC);
	}
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* Args on cores outside the kernel's range, or too many, are refused. */
Test(firmware, runtime_args_checked, .timeout = 30)
{
	tt_kernel_handle k;
	struct tt_program *prog =
		e2e_program(KERNEL("empty.c"), tt_core_range(0, 0, 1, 1), TT_DM_RISCV_0, &k);
	uint32_t many[TT_MAX_RUNTIME_ARGS + 1] = { 0 };

	cr_expect_eq(tt_kernel_set_runtime_args(prog, k, tt_core(2, 0), many, 1), TT_ERANGE);
	cr_expect_eq(
		tt_kernel_set_runtime_args(prog, k, tt_core(1, 1), many, TT_MAX_RUNTIME_ARGS + 1),
		TT_E2BIG);
	cr_expect_eq(tt_kernel_set_runtime_args(prog, k + 1, tt_core(0, 0), many, 1), TT_EINVAL);
	cr_expect_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 1), many, TT_MAX_RUNTIME_ARGS),
		     TT_OK);
	tt_program_destroy(prog);
}

/* A kernel writes a pattern into its own L1; the host reads it back. */
Test(firmware, kernel_writes_l1_host_reads, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	enum { WORDS = 4096 };
	static uint32_t got[WORDS];
	uint32_t args[2] = { SCRATCH, WORDS };
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog =
		e2e_program(KERNEL("pattern.c"), tt_core_range(0, 0, 1, 1), TT_DM_RISCV_1, &k);

	for (uint32_t y = 0; y < 2; y++)
		for (uint32_t x = 0; x < 2; x++)
			tt_kernel_set_runtime_args(prog, k, tt_core(x, y), args, 2);
	e2e_run_ok(dev, prog, &rep);
	for (uint32_t y = 0; y < 2; y++)
		for (uint32_t x = 0; x < 2; x++) {
			uint32_t seed = (y << 24) | (x << 16), bad = 0;

			tt_device_l1_read(dev, tt_core(x, y), SCRATCH, got, sizeof(got));
			for (uint32_t i = 0; i < WORDS; i++)
				bad += got[i] != (seed ^ (i * 2654435761u));
			cr_expect_eq(bad, 0, "core (%u,%u): %u words wrong", x, y, bad);
		}
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/*
 * A semaphore id is one address on every core, whatever each core's
 * runtime-arg count (kernels multicast semaphore sets to that address).
 */
Test(firmware, semaphore_address_same_on_every_core, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 1);
	struct tt_core_range_set both = tt_core_range_set(tt_core_range(0, 0, 1, 0));
	uint32_t few[1] = { SCRATCH }, many[40] = { SCRATCH }, sem, got[2][2];
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog =
		e2e_program(KERNEL("sem_addr.c"), tt_core_range(0, 0, 1, 0), TT_DM_RISCV_0, &k);

	cr_assert_eq(tt_semaphore_create(prog, &both, 0x5e3, &sem), TT_OK);
	cr_assert_eq(sem, 0);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), few, 1), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 0), many, 40), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	for (uint32_t x = 0; x < 2; x++) {
		tt_device_l1_read(dev, tt_core(x, 0), SCRATCH, got[x], sizeof(got[x]));
		cr_expect_eq(got[x][1], 0x5e3, "core (%u,0): semaphore holds 0x%x", x, got[x][1]);
	}
	cr_expect_eq(got[0][0], got[1][0], "semaphore 0 at 0x%x on (0,0), 0x%x on (1,0)", got[0][0],
		     got[1][0]);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

struct captured {
	char text[4096];
	size_t len;
	struct tt_core core;
	unsigned int risc;
	int lines;
};

static void capture(void *ctx, struct tt_core core, unsigned int risc, const char *text, size_t len)
{
	struct captured *c = ctx;

	if (c->len + len < sizeof(c->text)) {
		memcpy(c->text + c->len, text, len);
		c->len += len;
		c->text[c->len] = '\0';
	}
	c->core = core;
	c->risc = risc;
	c->lines++;
}

/* printf on core (3,5) NCRISC reaches the host with that core and RISC. */
Test(firmware, printf_reaches_host_with_prefix, .timeout = 60)
{
	struct tt_device *dev = e2e_open(8, 8);
	struct captured cap = { 0 };
	uint32_t v = (uint32_t)-12345;
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog =
		e2e_program(KERNEL("print.c"), tt_core_range(3, 5, 3, 5), TT_DM_RISCV_1, &k);

	tt_device_set_print_handler(dev, capture, &cap);
	tt_kernel_set_runtime_args(prog, k, tt_core(3, 5), &v, 1);
	e2e_run_ok(dev, prog, &rep);
	cr_expect_eq(cap.core.x, 3);
	cr_expect_eq(cap.core.y, 5);
	cr_expect_eq(cap.risc, TT_RISC_NCRISC);
	cr_expect_str_eq(cap.text, "hello from logical (3,5) value -12345\n"
				   "second line without newline");
	cr_expect_eq(cap.lines, 2, "the unterminated line is flushed at kernel end");
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* An illegal instruction is reported with core, RISC and pc; the device
 * then runs the next program normally. */
Test(firmware, illegal_instruction_reported_then_recovers, .timeout = 60)
{
	struct tt_device *dev = e2e_open(4, 4);
	uint32_t where = SCRATCH, pc = 0, ok_args[2] = { SCRATCH + 64, 16 };
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *bad =
		e2e_program(KERNEL("illegal.c"), tt_core_range(2, 1, 2, 1), TT_DM_RISCV_1, &k);
	struct tt_program *good;
	char expect[64];
	int rc;

	tt_kernel_set_runtime_args(bad, k, tt_core(2, 1), &where, 1);
	rc = tt_program_run(dev, bad, 30000, &rep);
	cr_assert_eq(rc, TT_ETRAP, "got %s", tt_strerror(rc));
	tt_device_l1_read(dev, tt_core(2, 1), SCRATCH, &pc, 4);
	cr_expect_eq(rep.core.x, 2);
	cr_expect_eq(rep.core.y, 1);
	cr_expect_eq(rep.risc, TT_RISC_NCRISC);
	cr_expect_eq(rep.pc, pc, "report pc 0x%08x, instruction at 0x%08x", rep.pc, pc);
	snprintf(expect, sizeof(expect), "at pc 0x%08x", pc);
	cr_expect(strstr(tt_last_error(), "core (2,1) NCRISC: illegal instruction") != NULL,
		  "message: %s", tt_last_error());
	cr_expect(strstr(tt_last_error(), expect) != NULL, "message: %s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "NCRISC trapped at illegal.c:") != NULL &&
			  strstr(tt_last_error(), "(kernel_main)") != NULL,
		  "source line of the trap: %s", tt_last_error());

	good = e2e_program(KERNEL("pattern.c"), tt_core_range(0, 0, 3, 3), TT_DM_RISCV_1, &k);
	for (uint32_t y = 0; y < 4; y++)
		for (uint32_t x = 0; x < 4; x++)
			tt_kernel_set_runtime_args(good, k, tt_core(x, y), ok_args, 2);
	e2e_run_ok(dev, good, &rep);
	tt_program_destroy(bad);
	tt_program_destroy(good);
	tt_device_close(dev);
}

/* A load from an unmapped address: access fault plus a guest error, both
 * naming the core and RISC. */
Test(firmware, unmapped_access_reported, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t out = SCRATCH;
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog =
		e2e_program(KERNEL("unmapped.c"), tt_core_range(1, 1, 1, 1), TT_DM_RISCV_0, &k);
	int rc;

	tt_kernel_set_runtime_args(prog, k, tt_core(1, 1), &out, 1);
	rc = tt_program_run(dev, prog, 30000, &rep);
	cr_assert_neq(rc, TT_OK);
	cr_expect(strstr(tt_last_error(), "core (1,1) BRISC: guest error") != NULL, "message: %s",
		  tt_last_error());
	cr_expect(strstr(tt_last_error(), "read of unmapped address 0x20000000") != NULL,
		  "message: %s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "core (1,1) BRISC: load access fault") != NULL,
		  "message: %s", tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* A kernel that never finishes times out naming its core, and the core is
 * usable again afterwards. */
Test(firmware, timeout_names_core_and_recovers, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t args[2] = { SCRATCH, 8 };
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *spin =
		e2e_program(KERNEL("spin.c"), tt_core_range(1, 0, 1, 0), TT_DM_RISCV_0, &k);
	struct tt_program *good;
	int rc;

	rc = tt_program_run(dev, spin, 1500, &rep);
	cr_assert_eq(rc, TT_ETIMEDOUT, "got %s", tt_strerror(rc));
	cr_expect(strstr(tt_last_error(), "core (1,0) did not finish") != NULL, "message: %s",
		  tt_last_error());
	cr_expect(strstr(tt_last_error(), "core (1,0) BRISC  pc 0x000") != NULL &&
			  strstr(tt_last_error(), "running") != NULL,
		  "message: %s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "at spin.c:") != NULL, "the spinning line is named: %s",
		  tt_last_error());
	cr_expect_eq(rep.core.x, 1);
	cr_expect_eq(rep.core.y, 0);

	good = e2e_program(KERNEL("pattern.c"), tt_core_range(0, 0, 1, 1), TT_DM_RISCV_0, &k);
	for (uint32_t y = 0; y < 2; y++)
		for (uint32_t x = 0; x < 2; x++)
			tt_kernel_set_runtime_args(good, k, tt_core(x, y), args, 2);
	e2e_run_ok(dev, good, &rep);
	tt_program_destroy(spin);
	tt_program_destroy(good);
	tt_device_close(dev);
}

static uint64_t run_mix(struct tt_device *dev)
{
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 3, 3));
	struct tt_dm_config b = { .processor = TT_DM_RISCV_0 };
	struct tt_dm_config n = { .processor = TT_DM_RISCV_1 };
	uint32_t out = SCRATCH;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle kb, kn;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("mix.c"), &all, &b, &kb), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("mix.c"), &all, &n, &kn), TT_OK);
	tt_kernel_set_common_runtime_args(prog, kb, &out, 1);
	for (uint32_t y = 0; y < 4; y++)
		for (uint32_t x = 0; x < 4; x++) {
			tt_kernel_set_runtime_args(prog, kb, tt_core(x, y), &out, 1);
			tt_kernel_set_runtime_args(prog, kn, tt_core(x, y), &out, 1);
		}
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	return rep.instructions;
}

/*
 * The same multi-core program gives the same instruction count.  The first
 * run after boot starts the round-robin hart scheduler from a different
 * place than later runs, so compare like with like: the first run on two
 * fresh devices, and the second and third runs on one device.
 */
Test(firmware, deterministic_instruction_count, .timeout = 120)
{
	struct tt_device *dev = e2e_open(4, 4);
	uint64_t first = run_mix(dev), second = run_mix(dev), third = run_mix(dev);
	uint64_t again;

	tt_device_close(dev);
	dev = e2e_open(4, 4);
	again = run_mix(dev);
	tt_device_close(dev);
	cr_expect_gt(first, 16 * 2000, "a run this size executes >32k instructions, got %llu",
		     (unsigned long long)first);
	cr_expect_eq(second, third, "same device: %llu then %llu", (unsigned long long)second,
		     (unsigned long long)third);
	cr_expect_eq(first, again, "fresh devices: %llu then %llu", (unsigned long long)first,
		     (unsigned long long)again);
}

/* Kernel build errors come back as TT_EBUILD with the compiler's words. */
Test(firmware, build_error_reported, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_define d = { "TT_TEST_BREAK_BUILD", "this is not C" };
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0, .defines = &d, .num_defines = 1 };
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("broken.c"), &one, &cfg, &k), TT_OK);
	rc = tt_program_run(dev, prog, 30000, &rep);
	cr_assert_eq(rc, TT_EBUILD, "got %s", tt_strerror(rc));
	cr_expect(strstr(tt_last_error(), "broken.c") != NULL, "message: %s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "error") != NULL, "message: %s", tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* Compile-time args and defines are baked in; different values are
 * different binaries (and a different cache entry). */
Test(firmware, compile_time_args_and_defines, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	uint32_t ct[2][2] = { { 0xabcd1234u, 5 }, { 99, 3 } };
	struct tt_define defs[2] = { { "TT_TEST_DEFINE", "(40 + 2)" }, { "TT_TEST_FLAG", NULL } };
	uint32_t out = SCRATCH, got[4];
	struct tt_run_report rep;

	for (int v = 0; v < 2; v++) {
		struct tt_dm_config cfg = {
			.processor = TT_DM_RISCV_1,
			.compile_args = ct[v],
			.num_compile_args = 2,
			.defines = defs,
			.num_defines = v ? 1 : 2,
		};
		struct tt_program *prog;
		tt_kernel_handle k;

		cr_assert_eq(tt_program_create(&prog), TT_OK);
		cr_assert_eq(tt_kernel_create(prog, KERNEL("ct_args.c"), &one, &cfg, &k), TT_OK);
		tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), &out, 1);
		e2e_run_ok(dev, prog, &rep);
		tt_device_l1_read(dev, tt_core(0, 0), SCRATCH, got, sizeof(got));
		cr_expect_eq(got[0], ct[v][0]);
		cr_expect_eq(got[1], ct[v][1], "array sized by a compile-time arg");
		cr_expect_eq(got[2], 42);
		cr_expect_eq(got[3], v ? 0 : 1, "bare define");
		tt_program_destroy(prog);
	}
	tt_device_close(dev);
}

/* Parallel mode (multi-threaded TCG) runs the same programs, just not
 * deterministically. */
Test(firmware, parallel_mode_runs, .timeout = 120)
{
	struct tt_device_config cfg = { .grid_x = 4, .grid_y = 4, .parallel = true };
	struct tt_device *dev;
	enum { WORDS = 256 };
	uint32_t args[2] = { SCRATCH, WORDS }, got[WORDS];
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog;

	cr_assert_eq(tt_device_open(&cfg, &dev), TT_OK);
	prog = e2e_program(KERNEL("pattern.c"), tt_core_range(0, 0, 3, 3), TT_DM_RISCV_1, &k);
	for (uint32_t y = 0; y < 4; y++)
		for (uint32_t x = 0; x < 4; x++)
			tt_kernel_set_runtime_args(prog, k, tt_core(x, y), args, 2);
	for (int round = 0; round < 3; round++) {
		e2e_run_ok(dev, prog, &rep);
		cr_expect_eq(rep.instructions, 0, "parallel mode has no instruction count");
	}
	tt_device_l1_read(dev, tt_core(3, 2), SCRATCH, got, sizeof(got));
	for (uint32_t i = 0; i < WORDS; i++)
		cr_expect_eq(got[i], ((2u << 24) | (3u << 16)) ^ (i * 2654435761u));
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* A trap on one RISC does not hold the run until its timeout: the RISC
 * waiting for it is reported (with what it waits for) and reset, fast. */
Test(firmware, trap_fails_fast_and_reports_waiters, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_cb_format f = { .index = 3, .data_format = TT_DF_FLOAT16_B, .page_size = 2048 };
	struct tt_cb_config cb = { .total_size = 2 * 2048, .formats = &f, .num_formats = 1 };
	struct tt_dm_config b = { .processor = TT_DM_RISCV_0 };
	struct tt_dm_config n = { .processor = TT_DM_RISCV_1 };
	uint32_t where = SCRATCH, cb_index = 3;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle kb, kn;
	uint32_t h;
	struct timespec t0, t1;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_cb_create(prog, &one, &cb, &h), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("cb_stuck.c"), &one, &b, &kb), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("illegal.c"), &one, &n, &kn), TT_OK);
	tt_kernel_set_runtime_args(prog, kb, tt_core(0, 0), &cb_index, 1);
	tt_kernel_set_runtime_args(prog, kn, tt_core(0, 0), &where, 1);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = tt_program_run(dev, prog, 30000, &rep);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	cr_expect_eq(rc, TT_ETRAP, "got %s", tt_strerror(rc));
	cr_expect_lt(t1.tv_sec - t0.tv_sec, 10, "failed within seconds, not the 30 s timeout");
	cr_expect(strstr(tt_last_error(), "NCRISC: illegal instruction") != NULL, "%s",
		  tt_last_error());
	cr_expect(strstr(tt_last_error(), "(after the failure above)") != NULL &&
			  strstr(tt_last_error(), "core (0,0) cannot finish") != NULL,
		  "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "NCRISC trapped at pc 0x") != NULL, "%s",
		  tt_last_error());
	cr_expect(strstr(tt_last_error(),
			 "root cause: a chain of waits that ends at the "
			 "hart that trapped:\n  core (0,0) BRISC waits for CB 3 front: "
			 "1 page, 0 received, which only core (0,0) NCRISC can push;\n"
			 "  core (0,0) NCRISC trapped (above)\n") != NULL,
		  "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "waits for CB 3 front: 1 page") != NULL, "%s",
		  tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
}
