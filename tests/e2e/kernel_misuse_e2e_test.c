// SPDX-License-Identifier: Apache-2.0
/*
 * Kernels that misuse the device where silicon would let them: plain
 * stores into what the firmware owns, stack overflow, misaligned loads
 * and stores, runtime args read past those set, Dst used without owning
 * it, exit() and abort(), a globally allocated CB whose buffer was freed,
 * NoC reads of a freed buffer (checking mode), and reports with more
 * failures than fit.  Each is stopped at once with core, RISC, pc, source
 * line and what was wrong, and the device runs the next program right.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "tt_data_format.h"
#include "tt_mem_map.h"

#define SCRATCH 0x100000u /* free L1 */

/* The device is still usable: args_to_l1.c leaves its args in L1. */
static void expect_usable(struct tt_device *dev, struct tt_core core, uint32_t tag)
{
	struct tt_core_range_set set = tt_core_set(core);
	struct tt_dm_config dm = { .processor = TT_DM_RISCV_0 };
	uint32_t v[4] = { SCRATCH, 4, 0, tag }, seen[4] = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("args_to_l1.c"), &set, &dm, &k), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, v, 4), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_l1_read(dev, core, SCRATCH, seen, sizeof(seen)), TT_OK);
	cr_expect_eq(seen[3], tag, "the next program did not run right");
	tt_program_destroy(prog);
}

/* Run @kernel on @risc of core (0,0) with @args; return the status. */
static int run_dm(struct tt_device *dev, const char *kernel, enum tt_dm_processor risc,
		  const uint32_t *args, uint32_t n, struct tt_run_report *rep)
{
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config dm = { .processor = risc };
	struct tt_program *prog;
	tt_kernel_handle k;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, kernel, &one, &dm, &k), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, n), TT_OK);
	rc = tt_program_run(dev, prog, 20000, rep);
	tt_program_destroy(prog);
	return rc;
}

/*
 * A plain store into @addr from NCRISC traps at once, naming the region
 * @what and the kernel's line; the memory keeps its contents.
 */
static void store_refused(struct tt_device *dev, uint32_t addr, const char *what)
{
	uint32_t args[2] = { addr, 0xdeadbeef }, before, after;
	struct tt_run_report rep;
	char want[160];
	int rc;

	cr_assert_eq(tt_device_l1_read(dev, tt_core(0, 0), addr, &before, 4), TT_OK);
	rc = run_dm(dev, KERNEL("store_into.c"), TT_DM_RISCV_1, args, 2, &rep);
	cr_expect_eq(rc, TT_ETRAP, "store at 0x%x: %s\n%s", addr, tt_strerror(rc), tt_last_error());
	snprintf(want, sizeof(want), "core (0,0) NCRISC: store into %s at 0x%08x at pc 0x", what,
		 addr);
	cr_expect(strstr(tt_last_error(), want), "no \"%s\" in:\n%s", want, tt_last_error());
	cr_expect(strstr(tt_last_error(), "NCRISC: store into") &&
			  strstr(tt_last_error(), " at store_into.c:13"),
		  "no source line in:\n%s", tt_last_error());
	cr_expect_eq(rep.risc, TT_RISC_NCRISC);
	cr_assert_eq(tt_device_l1_read(dev, tt_core(0, 0), addr, &after, 4), TT_OK);
	cr_expect_eq(after, before, "the store at 0x%x went through", addr);
}

Test(kernel_misuse, stores_into_what_the_firmware_owns_trap, .timeout = 120)
{
	struct tt_device *dev = e2e_open(1, 1);

	store_refused(dev, TT_MEM_BRISC_FIRMWARE_BASE + 0x10, "BRISC firmware text");
	store_refused(dev, TT_MEM_NCRISC_FIRMWARE_BASE + 0x100, "NCRISC firmware text");
	store_refused(dev, TT_MEM_MAILBOX_BASE + 0x40, "the mailbox");
	store_refused(dev, TT_MEM_BANK_TO_NOC_BASE + 8, "the bank-to-NoC tables");
	store_refused(dev, TT_MEM_BRISC_KERNEL_BASE + 0x20, "BRISC kernel text");
	store_refused(dev, TT_MEM_TRISC1_KERNEL_BASE, "TRISC1 kernel text");
	expect_usable(dev, tt_core(0, 0), 0x600d1);
	tt_device_close(dev);
}

/* What kernels may write (args, semaphores, CB interfaces, free L1) they still can. */
Test(kernel_misuse, stores_where_kernels_may_write_work, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	uint32_t args[2] = { TT_MEM_KERNEL_CONFIG_BASE + 0x10, 0x5e5e }, seen = 0;
	struct tt_run_report rep;

	cr_expect_eq(run_dm(dev, KERNEL("store_into.c"), TT_DM_RISCV_0, args, 2, &rep), TT_OK, "%s",
		     tt_last_error());
	cr_assert_eq(tt_device_l1_read(dev, tt_core(0, 0), args[0], &seen, 4), TT_OK);
	cr_expect_eq(seen, 0x5e5e);
	args[0] = SCRATCH + 0x40;
	cr_expect_eq(run_dm(dev, KERNEL("store_into.c"), TT_DM_RISCV_1, args, 2, &rep), TT_OK, "%s",
		     tt_last_error());
	tt_device_close(dev);
}

Test(kernel_misuse, stack_overflow_is_named, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	uint32_t args[2] = { 100000, SCRATCH };
	struct tt_run_report rep;
	int rc;

	for (int risc = TT_DM_RISCV_0; risc <= TT_DM_RISCV_1; risc++) {
		rc = run_dm(dev, KERNEL("stack_overflow.c"), risc, args, 2, &rep);
		cr_expect_eq(rc, TT_EGUEST, "%s\n%s", tt_strerror(rc), tt_last_error());
		cr_expect(strstr(tt_last_error(), "stack overflow (store at 0xffaf"),
			  "not named a stack overflow:\n%s", tt_last_error());
		cr_expect(strstr(tt_last_error(), "stack overflow: 4-byte write at 0xffaf"),
			  "the device model does not name it:\n%s", tt_last_error());
		cr_expect(!strstr(tt_last_error(), "unmapped"), "%s", tt_last_error());
		cr_expect(strstr(tt_last_error(), "stack_overflow.c:"), "no source line:\n%s",
			  tt_last_error());
		/* The firmware's data survived: the same core runs the next program. */
		expect_usable(dev, tt_core(0, 0), 0x600d2 + (uint32_t)risc);
	}
	tt_device_close(dev);
}

Test(kernel_misuse, misaligned_loads_and_stores_trap, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	uint32_t args[3] = { 0, SCRATCH + 2, SCRATCH + 0x40 };
	struct tt_run_report rep;
	int rc;

	rc = run_dm(dev, KERNEL("misaligned.c"), TT_DM_RISCV_0, args, 3, &rep);
	cr_expect_eq(rc, TT_ETRAP, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "BRISC: misaligned load at 0x00100002 at misaligned.c:"),
		  "%s", tt_last_error());
	args[0] = 1;
	args[1] = SCRATCH + 6;
	rc = run_dm(dev, KERNEL("misaligned.c"), TT_DM_RISCV_1, args, 3, &rep);
	cr_expect_eq(rc, TT_ETRAP, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(
		strstr(tt_last_error(), "NCRISC: misaligned store at 0x00100006 at misaligned.c:"),
		"%s", tt_last_error());
	/* Aligned, the same kernel works. */
	args[1] = SCRATCH + 8;
	cr_expect_eq(run_dm(dev, KERNEL("misaligned.c"), TT_DM_RISCV_1, args, 3, &rep), TT_OK, "%s",
		     tt_last_error());
	expect_usable(dev, tt_core(0, 0), 0x600d4);
	tt_device_close(dev);
}

static void keep_output(void *ctx, struct tt_core core, unsigned int risc, const char *text,
			size_t len)
{
	char *out = ctx;
	size_t have = strlen(out);

	(void)core;
	(void)risc;
	if (have + len >= 4096)
		return;
	memcpy(out + have, text, len);
	out[have + len] = '\0';
}

/*
 * Reading runtime args past those set works as on silicon (the words that
 * follow in L1) with a warning naming the line; TT_EMU_STRICT_ARGS=1
 * stops the kernel instead.
 */
Test(kernel_misuse, runtime_args_past_those_set, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config dm = { .processor = TT_DM_RISCV_0 };
	uint32_t args[2] = { 2, 0 }, common[1] = { 1 };
	static char out[4096];
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	int rc;

	tt_device_set_print_handler(dev, keep_output, out);
	rc = run_dm(dev, KERNEL("args_past_end.c"), TT_DM_RISCV_0, args, 2, &rep);
	cr_expect_eq(rc, TT_OK, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(out, "warning: get_arg_val(2) reads past the 2 unique runtime args set "
			      "for this core and gets whatever follows them in L1"),
		  "%s", out);
	cr_expect(strstr(out, "args_past_end.c:16"), "%s", out);
	cr_expect(strstr(out, "TT_EMU_STRICT_ARGS=1 makes it an error"), "%s", out);

	setenv("TT_EMU_STRICT_ARGS", "1", 1);
	rc = run_dm(dev, KERNEL("args_past_end.c"), TT_DM_RISCV_0, args, 2, &rep);
	cr_expect_eq(rc, TT_EGUEST, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "get_arg_val(2) reads past the 2 unique runtime args "
					  "set for this core"),
		  "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "stopped by a kernel API check at args_past_end.c:16"),
		  "%s", tt_last_error());
	/* Index 1 of 2 is fine. */
	args[0] = 1;
	cr_expect_eq(run_dm(dev, KERNEL("args_past_end.c"), TT_DM_RISCV_0, args, 2, &rep), TT_OK,
		     "%s", tt_last_error());

	/* Common args: one set, index 1 read. */
	args[1] = 1;
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("args_past_end.c"), &one, &dm, &k), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 2), TT_OK);
	cr_assert_eq(tt_kernel_set_common_runtime_args(prog, k, common, 1), TT_OK);
	rc = tt_program_run(dev, prog, 20000, &rep);
	cr_expect_eq(rc, TT_EGUEST, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "get_common_arg_val(1) reads past the 1 common runtime "
					  "arg set for this core"),
		  "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "args_past_end.c:14"), "%s", tt_last_error());
	tt_program_destroy(prog);
	unsetenv("TT_EMU_STRICT_ARGS");
	expect_usable(dev, tt_core(0, 0), 0x600d5);
	tt_device_close(dev);
}

Test(kernel_misuse, exit_and_abort_are_named, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	uint32_t args[3] = { 0, 3, SCRATCH }, seen = 0;
	struct tt_run_report rep;
	int rc;

	tt_device_l1_write(dev, tt_core(0, 0), SCRATCH, &seen, 4);
	rc = run_dm(dev, KERNEL("exit.c"), TT_DM_RISCV_0, args, 3, &rep);
	cr_expect_eq(rc, TT_ETRAP, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "BRISC: kernel called exit(3) at exit.c:15"), "%s",
		  tt_last_error());
	cr_expect(!strstr(tt_last_error(), "ebreak"), "%s", tt_last_error());
	args[0] = 1;
	rc = run_dm(dev, KERNEL("exit.c"), TT_DM_RISCV_1, args, 3, &rep);
	cr_expect_eq(rc, TT_ETRAP, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "NCRISC: kernel called abort() at exit.c:13"), "%s",
		  tt_last_error());
	tt_device_l1_read(dev, tt_core(0, 0), SCRATCH, &seen, 4);
	cr_expect_eq(seen, 0, "the kernel went on after exit()");
	expect_usable(dev, tt_core(0, 0), 0x600d6);
	tt_device_close(dev);
}

/* compute_dst_misuse.c in @mode: refused with @what, on @risc. */
static void dst_misuse(uint32_t mode, const char *what, unsigned int risc)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_compute_config cc = { .compile_args = &mode, .num_compile_args = 1 };
	struct tt_cb_format f = { .index = 16, .data_format = TT_DF_FLOAT16_B, .page_size = 2048 };
	struct tt_cb_config cb = { .total_size = 2048, .formats = &f, .num_formats = 1 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	tt_cb_handle h;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("compute_dst_misuse.c"), &one, &cc, &k),
		     TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_cb_create(prog, &one, &cb, &h), TT_OK, "%s", tt_last_error());
	rc = tt_program_run(dev, prog, 20000, &rep);
	cr_expect_eq(rc, TT_EGUEST, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect_eq(rep.risc, risc, "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), what), "no \"%s\" in:\n%s", what, tt_last_error());
	cr_expect(strstr(tt_last_error(), "compute_dst_misuse.c:"), "no source line:\n%s",
		  tt_last_error());
	tt_program_destroy(prog);
	expect_usable(dev, tt_core(0, 0), 0x600d7 + mode);
	tt_device_close(dev);
}

Test(kernel_misuse, math_without_tile_regs_acquire, .timeout = 60)
{
	dst_misuse(0, "SFPU_UNARY refused: math on Dst without tile_regs_acquire", TT_RISC_TRISC1);
}

Test(kernel_misuse, pack_without_tile_regs_wait, .timeout = 60)
{
	dst_misuse(1, "PACK refused: pack from Dst without tile_regs_wait", TT_RISC_TRISC2);
}

static struct tt_buffer *l1_buffer(struct tt_device *dev, uint64_t size)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = size, .type = TT_BUFFER_L1 };
	struct tt_buffer *b;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &b), TT_OK, "%s", tt_last_error());
	return b;
}

/* A globally allocated CB whose buffer was freed is refused at launch. */
Test(kernel_misuse, global_cb_in_a_freed_buffer, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_cb_format f = { .index = 3, .data_format = TT_DF_FLOAT16_B, .page_size = 2048 };
	struct tt_cb_config cb = { .total_size = 4096, .formats = &f, .num_formats = 1 };
	struct tt_buffer *buf = l1_buffer(dev, 4096), *other;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	tt_cb_handle h;
	int rc;

	prog = e2e_program(KERNEL("empty.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	cr_assert_eq(tt_cb_create_globally_allocated(prog, &one, &cb, buf, &h), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_free(buf), TT_OK);
	rc = tt_program_run(dev, prog, 20000, &rep);
	cr_expect_eq(rc, TT_EINVAL, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "CB 0 is globally allocated in buffer ") &&
			  strstr(tt_last_error(), "which was freed"),
		  "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "which was freed"), "%s", tt_last_error());
	/* Pointed at a live buffer again, the program runs. */
	other = l1_buffer(dev, 4096);
	cr_assert_eq(tt_cb_update_address(prog, h, other), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	tt_buffer_free(other);
	tt_device_close(dev);
}

/*
 * With TT_EMU_POISON_FREED=1 a NoC read of a freed buffer's range is
 * refused; once the range is allocated again it is fine.
 */
Test(kernel_misuse, noc_read_of_a_freed_buffer, .timeout = 60)
{
	struct tt_buffer_config cfg = { .size = 12 * 2048,
					.page_size = 2048,
					.type = TT_BUFFER_DRAM };
	struct tt_run_report rep;
	struct tt_buffer *buf;
	struct tt_device *dev;
	uint32_t args[2];
	int rc;

	setenv("TT_EMU_POISON_FREED", "1", 1);
	dev = e2e_open(1, 1);
	unsetenv("TT_EMU_POISON_FREED");
	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	args[0] = tt_buffer_address(buf);
	args[1] = SCRATCH;
	cr_expect_eq(run_dm(dev, KERNEL("noc_read_buffer.c"), TT_DM_RISCV_1, args, 2, &rep), TT_OK,
		     "%s", tt_last_error());
	cr_assert_eq(tt_buffer_free(buf), TT_OK);
	rc = run_dm(dev, KERNEL("noc_read_buffer.c"), TT_DM_RISCV_1, args, 2, &rep);
	cr_expect_eq(rc, TT_EGUEST, "%s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "touches a freed DRAM buffer"), "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "freed-buffer"), "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "noc_read_buffer.c:"), "%s", tt_last_error());
	/* Allocated again, the range is a buffer's and reading it is fine. */
	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_buffer_address(buf), args[0]);
	cr_expect_eq(run_dm(dev, KERNEL("noc_read_buffer.c"), TT_DM_RISCV_1, args, 2, &rep), TT_OK,
		     "%s", tt_last_error());
	tt_buffer_free(buf);
	tt_device_close(dev);
}

/*
 * 128 harts trap at once (BRISC and NCRISC of an 8x8 grid): the report
 * holds what fits and says how many lines were left out.
 */
Test(kernel_misuse, long_reports_say_what_was_left_out, .timeout = 120)
{
	struct tt_device *dev = e2e_open(8, 8);
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 7, 7));
	struct tt_dm_config b = { .processor = TT_DM_RISCV_0 };
	struct tt_dm_config n = { .processor = TT_DM_RISCV_1 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle kb, kn;
	unsigned lines = 0, left;
	const char *marker;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("illegal_now.c"), &all, &b, &kb), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("illegal_now.c"), &all, &n, &kn), TT_OK);
	rc = tt_program_run(dev, prog, 20000, &rep);
	cr_expect_eq(rc, TT_ETRAP, "%s", tt_strerror(rc));
	marker = strstr(tt_last_error(), " more lines left out: the report holds ");
	cr_assert(marker, "no marker in:\n%s", tt_last_error());
	left = (unsigned)e2e_number_before(tt_last_error(), " more lines left out");
	for (const char *p = tt_last_error(); p < marker; p++)
		lines += *p == '\n';
	/* One trap line and one source line per hart. */
	cr_expect_eq(lines + left, 2 * 128, "%u shown + %u left out", lines, left);
	tt_program_destroy(prog);
	expect_usable(dev, tt_core(7, 7), 0x600d9);
	tt_device_close(dev);
}
