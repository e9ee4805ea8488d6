// SPDX-License-Identifier: Apache-2.0
/*
 * Circular buffers end to end: a reader (NCRISC) and a writer (BRISC)
 * move DRAM pages through a CB; a ring pushes more than 65536 pages
 * through a 4-page CB (the counters wrap); a consumer that never gets a
 * page times out with a hang report naming the CB; each misuse of the CB
 * API stops the kernel with a report naming CB and counts; a CB region
 * that runs into an L1 buffer is refused before launch.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "tt_data_format.h"
#include "tt_mem_map.h"

#define RESULT 0x100000u /* free L1 in every test */
#define PAGE   2048u

static struct tt_program *program_with(struct tt_program *prog, const char *kernel,
				       struct tt_core c, enum tt_dm_processor risc,
				       tt_kernel_handle *k)
{
	struct tt_core_range_set set = tt_core_set(c);
	struct tt_dm_config cfg = { .processor = risc,
				    .noc = risc == TT_DM_RISCV_0 ? TT_NOC_0 : TT_NOC_1 };
	int rc = tt_kernel_create(prog, kernel, &set, &cfg, k);

	cr_assert_eq(rc, TT_OK, "kernel %s: %s", kernel, tt_strerror(rc));
	return prog;
}

static tt_cb_handle cb_on(struct tt_program *prog, struct tt_core c, uint32_t index, uint32_t pages,
			  uint32_t page_size)
{
	struct tt_core_range_set set = tt_core_set(c);
	struct tt_cb_format f = { .index = index,
				  .data_format = TT_DF_FLOAT16_B,
				  .page_size = page_size };
	struct tt_cb_config cfg = { .total_size = pages * page_size,
				    .formats = &f,
				    .num_formats = 1 };
	tt_cb_handle h;
	int rc = tt_cb_create(prog, &set, &cfg, &h);

	cr_assert_eq(rc, TT_OK, "CB %u: %s", index, tt_strerror(rc));
	return h;
}

static struct tt_buffer *dram_buffer(struct tt_device *dev, uint64_t size)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = PAGE, .type = TT_BUFFER_DRAM };
	struct tt_buffer *buf;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK);
	return buf;
}

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(seed >> 16);
	}
}

/* DRAM -> CB -> DRAM with @pages pages, @step per reservation, a CB of @cb_pages. */
static void pipeline(uint32_t pages, uint32_t step, uint32_t cb_pages, uint32_t cb)
{
	struct tt_device *dev = e2e_open(2, 1);
	struct tt_core core = tt_core(1, 0);
	size_t size = (size_t)pages * PAGE;
	uint8_t *in = malloc(size), *out = calloc(1, size);
	struct tt_buffer *src = dram_buffer(dev, size), *dst = dram_buffer(dev, size);
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle rd, wr;
	uint32_t addr;
	tt_cb_handle h;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	program_with(prog, KERNEL("cb_reader.c"), core, TT_DM_RISCV_1, &rd);
	program_with(prog, KERNEL("cb_writer.c"), core, TT_DM_RISCV_0, &wr);
	h = cb_on(prog, core, cb, cb_pages, PAGE);
	cr_assert_eq(tt_cb_address(prog, h, &addr), TT_OK);
	cr_expect_eq(addr, TT_MEM_L1_UNRESERVED_BASE, "first CB at 0x%x", addr);
	{
		uint32_t ra[5] = { tt_buffer_address(src), pages, PAGE, cb, step };
		uint32_t wa[5] = { tt_buffer_address(dst), pages, PAGE, cb, step };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, rd, core, ra, 5), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, wr, core, wa, 5), TT_OK);
	}
	fill(in, size, pages);
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	for (uint32_t p = 0; p < pages; p++)
		cr_assert(!memcmp(in + (size_t)p * PAGE, out + (size_t)p * PAGE, PAGE),
			  "page %u differs", p);

	/* The same program again: the counters start from 0 at every launch. */
	memset(out, 0, size);
	cr_assert_eq(tt_buffer_write(dst, out), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	cr_expect(!memcmp(in, out, size), "second launch differs");

	free(in);
	free(out);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

Test(cb, reader_writer_dram_copy, .timeout = 120)
{
	pipeline(64, 1, 4, 0);
}

Test(cb, reader_writer_two_pages_per_step, .timeout = 120)
{
	pipeline(48, 2, 6, 16);
}

/* 70 000 pages through a 4-page CB: TILES_RECEIVED wraps past 65536. */
Test(cb, ring_wraps_16_bit_counters, .timeout = 300)
{
	const uint32_t pages = 70000, cb = 3;
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core core = tt_core(0, 0);
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle p, c;
	uint32_t res[6] = { 0 };
	uint32_t pa[2] = { pages, cb }, ca[3] = { pages, cb, RESULT };

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	program_with(prog, KERNEL("cb_ring_producer.c"), core, TT_DM_RISCV_1, &p);
	program_with(prog, KERNEL("cb_ring_consumer.c"), core, TT_DM_RISCV_0, &c);
	cb_on(prog, core, cb, 4, 16);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, p, core, pa, 2), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, c, core, ca, 3), TT_OK);
	tt_device_l1_write(dev, core, RESULT, res, sizeof(res));
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, core, RESULT, res, sizeof(res));
	cr_expect_eq(res[0], pages, "pages seen");
	cr_expect_eq(res[1], 0, "%u bad pages, the first is page %u", res[1], res[2]);
	cr_expect_eq(res[3], pages & 0xffff, "TILES_RECEIVED 0x%x", res[3]);
	cr_expect_eq(res[4], pages & 0xffff, "TILES_ACKED 0x%x", res[4]);
	cr_expect_eq(res[5], (pages % 4) * 16, "read pointer offset %u", res[5]);

	tt_program_destroy(prog);
	tt_device_close(dev);
}

Test(cb, stuck_consumer_hang_report_names_the_cb, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core core = tt_core(0, 0);
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t arg = 0;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	program_with(prog, KERNEL("cb_stuck.c"), core, TT_DM_RISCV_0, &k);
	cb_on(prog, core, 0, 2, 64);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, &arg, 1), TT_OK);
	rc = tt_program_run(dev, prog, 1500, &rep);
	cr_assert_eq(rc, TT_EDEADLK, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "no other RISC of this core has reserved or pushed "
					  "CB 0 in this launch: it has no producer"),
		  "hang report:\n%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "BRISC") &&
			  strstr(tt_last_error(), "waits for CB 0 front: 1 page, 0 received"),
		  "hang report:\n%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "cb_stuck.c") ||
			  strstr(tt_last_error(), "circular_buffer.h") ||
			  strstr(tt_last_error(), "asleep"),
		  "hang report:\n%s", tt_last_error());

	tt_program_destroy(prog);
	tt_device_close(dev);
}

/*
 * cb_overrun.c on NCRISC with CB 0 (2 pages of 64 bytes) and CB 1 right
 * after it: reserve @pages of CB 0, move @bytes into them (@write: a NoC
 * write, else a read), with the CB guard on (@guard) or off.
 */
static int overrun(bool guard, uint32_t pages, uint32_t bytes, uint32_t write)
{
	struct tt_core core = tt_core(0, 0);
	uint32_t args[5] = { 0x100000, 0, pages, bytes, write };
	struct tt_program *prog;
	struct tt_run_report rep;
	struct tt_device *dev;
	tt_kernel_handle k;
	int rc;

	if (guard)
		setenv("TT_EMU_CB_GUARD", "1", 1);
	dev = e2e_open(1, 1);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	program_with(prog, KERNEL("cb_overrun.c"), core, TT_DM_RISCV_1, &k);
	cb_on(prog, core, 0, 2, 64);
	cb_on(prog, core, 1, 2, 64);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, args, 5), TT_OK);
	rc = tt_program_run(dev, prog, 20000, &rep);
	unsetenv("TT_EMU_CB_GUARD");
	tt_program_destroy(prog);
	tt_device_close(dev);
	return rc;
}

/*
 * A NoC transfer past the reserved pages: unchecked it corrupts CB 1 in
 * silence; with TT_EMU_CB_GUARD=1 it stops the run naming the CB and the
 * pages, and a transfer that stays in its pages passes.
 */
Test(cb, guard_stops_a_transfer_into_pages_not_reserved, .timeout = 120)
{
	int rc;

	/* both pages of CB 0 and one more: the first page of CB 1 */
	cr_expect_eq(overrun(false, 2, 192, 0), TT_OK, "unchecked: %s", tt_last_error());
	rc = overrun(true, 2, 192, 0);
	cr_expect_eq(rc, TT_EGUEST, "read: %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "core (0,0) NCRISC: guest error") &&
			  strstr(tt_last_error(), "land in CB 1 (") &&
			  strstr(tt_last_error(), "64-byte pages), page 0 of which no RISC of "
						  "this core has reserved (none is reserved)") &&
			  strstr(tt_last_error(), "(rule: cb-unreserved)"),
		  "read:\n%s", tt_last_error());
	/* one page reserved, two written: CB 0's second page, by a write */
	rc = overrun(true, 1, 128, 1);
	cr_expect_eq(rc, TT_EGUEST, "write: %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "land in CB 0 (") &&
			  strstr(tt_last_error(), "page 1 of which no RISC of this core has "
						  "reserved; NCRISC reserved page 0") &&
			  strstr(tt_last_error(), "[core (0,0)]"),
		  "write:\n%s", tt_last_error());
	/* within the reservation */
	cr_expect_eq(overrun(true, 2, 128, 0), TT_OK, "%s", tt_last_error());
	cr_expect_eq(overrun(true, 1, 64, 1), TT_OK, "%s", tt_last_error());
}

/* Run cb_misuse.c in @mode on NCRISC and check the report says @what. */
static void misuse(uint32_t mode, const char *what)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core core = tt_core(0, 0);
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t args[3] = { mode, 5, RESULT }, reached = 0;
	int rc;

	/* Rules silicon does not check stop the kernel only in strict mode. */
	if (mode <= 1)
		setenv("TT_EMU_STRICT_CB", "1", 1);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	program_with(prog, KERNEL("cb_misuse.c"), core, TT_DM_RISCV_1, &k);
	cb_on(prog, core, 5, 4, 32);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, args, 3), TT_OK);
	tt_device_l1_write(dev, core, RESULT, &reached, 4);
	rc = tt_program_run(dev, prog, 20000, &rep);
	unsetenv("TT_EMU_STRICT_CB");
	cr_assert_eq(rc, TT_EGUEST, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect_eq(rep.risc, TT_RISC_NCRISC);
	cr_expect(strstr(tt_last_error(), "core (0,0) NCRISC"), "report:\n%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), what), "report lacks \"%s\":\n%s", what, tt_last_error());
	cr_expect(strstr(tt_last_error(), "stopped by a kernel API check at cb_misuse.c:"),
		  "kernel not stopped at its line:\n%s", tt_last_error());
	tt_device_l1_read(dev, core, RESULT, &reached, 4);
	cr_expect_eq(reached, 0, "the kernel ran on after the misuse");

	/* The core is usable again: a good program runs. */
	tt_program_destroy(prog);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	program_with(prog, KERNEL("cb_misuse.c"), core, TT_DM_RISCV_1, &k);
	cb_on(prog, core, 5, 4, 32);
	args[0] = 1;
	args[1] = 6; /* index 6 is not configured here: mode 1 on it faults too */
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, args, 3), TT_OK);
	rc = tt_program_run(dev, prog, 20000, &rep);
	cr_expect_eq(rc, TT_EGUEST, "second run: %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "CB 6 is not configured"), "report:\n%s",
		  tt_last_error());

	tt_program_destroy(prog);
	tt_device_close(dev);
}

struct printed {
	char text[2048];
	size_t len;
	unsigned int lines;
};

static void keep_print(void *ctx, struct tt_core core, unsigned int risc, const char *text,
		       size_t len)
{
	struct printed *p = ctx;

	(void)core, (void)risc;
	if (p->len + len < sizeof(p->text)) {
		memcpy(p->text + p->len, text, len);
		p->len += len;
		p->text[p->len] = '\0';
	}
	p->lines++;
}

/*
 * Without strict mode, cb_misuse.c @mode breaks a rule silicon does not
 * check: the kernel runs to its end and the host gets one warning naming
 * @what and the kernel's line.
 */
static void misuse_warns(uint32_t mode, const char *what)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core core = tt_core(0, 0);
	struct printed out = { 0 };
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t args[3] = { mode, 5, RESULT }, reached = 0;

	unsetenv("TT_EMU_STRICT_CB");
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	program_with(prog, KERNEL("cb_misuse.c"), core, TT_DM_RISCV_1, &k);
	cb_on(prog, core, 5, 4, 32);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, args, 3), TT_OK);
	tt_device_set_print_handler(dev, keep_print, &out);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, core, RESULT, &reached, 4);
	cr_expect_eq(reached, 0xbad, "the kernel did not run to its end");
	cr_expect(strstr(out.text, "warning: ") && strstr(out.text, what),
		  "no warning \"%s\" in:\n%s", what, out.text);
	cr_expect(strstr(out.text, " at cb_misuse.c:"), "no source line in:\n%s", out.text);
	cr_expect_eq(out.lines, 1, "one warning, got:\n%s", out.text);

	tt_program_destroy(prog);
	tt_device_close(dev);
}

Test(cb, push_more_than_reserved_warns, .timeout = 60)
{
	misuse_warns(0, "CB 5: cb_push_back of 2 pages, but only 1 reserved");
}

Test(cb, pop_more_than_waited_warns, .timeout = 60)
{
	misuse_warns(1, "CB 5: cb_pop_front of 2 pages, but only 1 waited for");
}

Test(cb, misuse_push_more_than_reserved, .timeout = 60)
{
	misuse(0, "CB 5: cb_push_back of 2 pages, but only 1 reserved");
}

Test(cb, misuse_pop_more_than_waited, .timeout = 60)
{
	misuse(1, "CB 5: cb_pop_front of 2 pages, but only 1 waited for");
}

Test(cb, misuse_reserve_more_than_the_cb, .timeout = 60)
{
	misuse(2, "CB 5: cb_reserve_back of 5 pages, but the CB holds only 4");
}

Test(cb, misuse_wait_for_more_than_the_cb, .timeout = 60)
{
	misuse(3, "CB 5: cb_wait_front of 5 pages, but the CB holds only 4");
}

Test(cb, misuse_unconfigured_index, .timeout = 60)
{
	misuse(4, "CB 6 is not configured");
}

Test(cb, clash_with_l1_buffer_refused_before_launch, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core core = tt_core(0, 0);
	struct tt_buffer_config bc = { .size = 4096, .page_size = 4096, .type = TT_BUFFER_L1 };
	struct tt_buffer *buf;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t arg = 0, lowest, pages;
	int rc;

	cr_assert_eq(tt_buffer_create(dev, &bc, &buf), TT_OK);
	lowest = tt_buffer_address(buf);
	/* A CB of whole 1 KiB pages from the CB base to 1 KiB past the buffer. */
	pages = (lowest - TT_MEM_L1_UNRESERVED_BASE) / 1024 + 1;
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	program_with(prog, KERNEL("cb_stuck.c"), core, TT_DM_RISCV_0, &k);
	cb_on(prog, core, 0, pages, 1024);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, &arg, 1), TT_OK);
	rc = tt_program_run(dev, prog, 2000, &rep);
	cr_assert_eq(rc, TT_ECLASH, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	/* A refused launch belongs to no hart: not core (0,0) BRISC pc 0. */
	cr_expect(rep.risc == TT_RUN_NOWHERE && rep.core.x == TT_RUN_NOWHERE &&
			  rep.pc == TT_RUN_NOWHERE,
		  "risc %u core.x %u pc 0x%x", rep.risc, rep.core.x, rep.pc);
	cr_expect(strstr(tt_last_error(), "core (0,0): circular buffers end at") &&
			  strstr(tt_last_error(), "L1 buffer"),
		  "message: %s", tt_last_error());

	/* Nothing was launched: with the buffer gone the same program starts
	 * (and hangs on its empty CB, as cb_stuck.c does). */
	tt_buffer_free(buf);
	rc = tt_program_run(dev, prog, 1000, &rep);
	cr_expect_eq(rc, TT_EDEADLK, "after free: %s\n%s", tt_strerror(rc), tt_last_error());

	tt_program_destroy(prog);
	tt_device_close(dev);
}

Test(cb, create_rejects_bad_configs)
{
	struct tt_program *prog;
	struct tt_core_range_set set = tt_core_range_set(tt_core_range(0, 0, 1, 1));
	struct tt_core_range_set other = tt_core_set(tt_core(1, 1));
	struct tt_core_range_set apart = tt_core_set(tt_core(3, 3));
	struct tt_cb_format f[2] = {
		{ .index = 0, .data_format = TT_DF_FLOAT16_B, .page_size = 2048 },
		{ .index = 1, .data_format = TT_DF_BFP8_B, .page_size = 1088 },
	};
	struct tt_cb_config cfg = { .total_size = 4 * 2048, .formats = f, .num_formats = 1 };
	uint32_t a0, a1, a2;
	tt_cb_handle h0, h1, h2, bad;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_cb_create(prog, &set, &cfg, &h0), TT_OK);
	/* Same index on an overlapping core. */
	cr_expect_eq(tt_cb_create(prog, &other, &cfg, &bad), TT_EEXIST);
	/* Page size must divide the total size. */
	cfg.num_formats = 2;
	cr_expect_eq(tt_cb_create(prog, &apart, &cfg, &bad), TT_EINVAL);
	/* Index range and unknown formats. */
	f[1].page_size = 1024;
	f[1].index = 32;
	cr_expect_eq(tt_cb_create(prog, &apart, &cfg, &bad), TT_EINVAL);
	f[1].index = 1;
	f[1].data_format = 0x77;
	cr_expect_eq(tt_cb_create(prog, &apart, &cfg, &bad), TT_EINVAL);
	f[1].data_format = TT_DF_BFP8_B;
	/* A two-index CB on a core that overlaps the first goes above it ... */
	f[0].index = 2;
	cr_assert_eq(tt_cb_create(prog, &other, &cfg, &h1), TT_OK);
	/* ... and one on a separate core starts at the base again. */
	f[0].index = 0;
	f[1].index = 1;
	cr_assert_eq(tt_cb_create(prog, &apart, &cfg, &h2), TT_OK);
	tt_cb_address(prog, h0, &a0);
	tt_cb_address(prog, h1, &a1);
	tt_cb_address(prog, h2, &a2);
	cr_expect_eq(a0, TT_MEM_L1_UNRESERVED_BASE);
	cr_expect_eq(a1, a0 + 4 * 2048);
	cr_expect_eq(a2, TT_MEM_L1_UNRESERVED_BASE);
	cr_expect_eq(tt_cb_address(prog, 9, &a0), TT_EINVAL);
	tt_program_destroy(prog);
}
