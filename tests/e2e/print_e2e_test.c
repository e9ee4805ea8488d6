// SPDX-License-Identifier: Apache-2.0
/*
 * Kernel output under pressure: printing never blocks a hart, even when
 * the host does not read the control channel; what the device cannot hold
 * is dropped, counted and announced in the hart's own stream, and what
 * gets through is in order.  Output that fits arrives whole, from every
 * RISC.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "e2e.h"

#define FLAGS	   0x100000u /* one word per RISC, free L1 */
#define LINE	   64	     /* bytes per line of print_flood.c */
#define POLL_LIMIT 60000     /* ms of polling L1 before calling it a livelock */

/* What one hart's stream brought: lines checked as they arrive. */
struct stream {
	uint32_t next;	    /* number of the next line expected */
	uint64_t printed;   /* bytes of lines that arrived */
	uint64_t gap;	    /* bytes announced dropped since the last line */
	uint64_t dropped;   /* all bytes announced dropped */
	unsigned int notes; /* drop notes */
	unsigned int bad;   /* lines malformed or out of order */
	char first_bad[LINE + 64];
};

struct capture {
	struct stream s[TT_RISCS_PER_CORE];
};

static void bad_line(struct stream *st, const char *why, const char *text, size_t len)
{
	if (!st->bad++)
		snprintf(st->first_bad, sizeof(st->first_bad), "%s: %.*s", why,
			 (int)(len < LINE ? len : LINE), text);
}

/*
 * A line "<risc> <number> x...x\n" must come next after the last one, or
 * after exactly the lines the notes since then said were dropped.
 */
static void capture(void *ctx, struct tt_core core, unsigned int risc, const char *text, size_t len)
{
	struct capture *c = ctx;
	struct stream *st;
	unsigned long long n;
	unsigned int r, num;

	(void)core;
	if (risc >= TT_RISCS_PER_CORE)
		return;
	st = &c->s[risc];
	if (len && text[0] == '[') {
		if (sscanf(text,
			   "[%llu bytes of output dropped: the host did not read them in time]",
			   &n) != 1) {
			bad_line(st, "unknown note", text, len);
			return;
		}
		st->gap += n;
		st->dropped += n;
		st->notes++;
		return;
	}
	if (len != LINE || text[LINE - 1] != '\n' || sscanf(text, "%u %u", &r, &num) != 2 ||
	    r != risc) {
		bad_line(st, "malformed", text, len);
		return;
	}
	if (num < st->next || (uint64_t)(num - st->next) * LINE != st->gap)
		bad_line(st, "out of order", text, len);
	st->next = num + 1;
	st->gap = 0;
	st->printed += len;
}

static struct tt_device *open_with(uint32_t print_buffer)
{
	struct tt_device_config cfg = { .grid_x = 1, .grid_y = 1, .print_buffer = print_buffer };
	struct tt_device *dev = NULL;
	int rc = tt_device_open(&cfg, &dev);

	cr_assert_eq(rc, TT_OK, "device open: %s", tt_strerror(rc));
	return dev;
}

/* print_flood.c on core (0,0): @dm on BRISC and/or NCRISC, compute on @trisc_mask. */
static struct tt_program *flood_program(uint32_t lines, bool brisc, bool ncrisc,
					uint32_t trisc_mask)
{
	struct tt_core_range_set set = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	struct tt_compute_config ccfg = { 0 };
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	for (unsigned int r = TT_RISC_BRISC; r <= TT_RISC_NCRISC; r++) {
		struct tt_dm_config dm = { .processor = r == TT_RISC_BRISC ? TT_DM_RISCV_0
									   : TT_DM_RISCV_1 };
		uint32_t args[3] = { lines, FLAGS, 1u << r };

		if (!(r == TT_RISC_BRISC ? brisc : ncrisc))
			continue;
		cr_assert_eq(tt_kernel_create(prog, KERNEL("print_flood.c"), &set, &dm, &k), TT_OK);
		tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 3);
	}
	if (trisc_mask) {
		uint32_t args[3] = { lines, FLAGS, trisc_mask };

		cr_assert_eq(
			tt_compute_kernel_create(prog, KERNEL("print_flood.c"), &set, &ccfg, &k),
			TT_OK);
		tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 3);
	}
	return prog;
}

static void clear_flags(struct tt_device *dev)
{
	uint32_t zero[TT_RISCS_PER_CORE] = { 0 };

	cr_assert_eq(tt_device_l1_write(dev, tt_core(0, 0), FLAGS, zero, sizeof(zero)), TT_OK);
}

static uint32_t flag(struct tt_device *dev, unsigned int risc)
{
	uint32_t v = 0;

	tt_device_l1_read(dev, tt_core(0, 0), FLAGS + 4 * risc, &v, sizeof(v));
	return v;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/*
 * BRISC and TRISC1 each print 1 MiB while the host only polls L1 (no
 * control-channel reads): both reach their flag, then the run finishes;
 * every byte is either printed in order or announced dropped.
 */
Test(print, flood_never_blocks_and_counts_drops, .timeout = 180)
{
	const uint32_t lines = (1u << 20) / LINE;
	const unsigned int riscs[] = { TT_RISC_BRISC, TT_RISC_TRISC1 };
	struct tt_device *dev = open_with(64 * 1024);
	struct capture cap = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog = flood_program(lines, true, false, 1u << TT_RISC_TRISC1);
	int waited = 0, rc;

	tt_device_set_print_handler(dev, capture, &cap);
	clear_flags(dev);
	cr_assert_eq(tt_enqueue_program(dev, prog, &rep), TT_OK, "%s", tt_last_error());
	while ((flag(dev, TT_RISC_BRISC) != lines || flag(dev, TT_RISC_TRISC1) != lines) &&
	       waited < POLL_LIMIT) {
		sleep_ms(1);
		waited++;
	}
	cr_expect_eq(flag(dev, TT_RISC_BRISC), lines, "BRISC never got past its prints");
	cr_expect_eq(flag(dev, TT_RISC_TRISC1), lines, "TRISC1 never got past its prints");
	rc = tt_finish(dev, 60000, &rep);
	cr_assert_eq(rc, TT_OK, "%s\n%s", tt_strerror(rc), tt_last_error());
	for (unsigned int i = 0; i < 2; i++) {
		const struct stream *st = &cap.s[riscs[i]];
		const char *name = tt_risc_name(riscs[i]);

		cr_expect_eq(st->bad, 0, "%s: %u bad lines, first %s", name, st->bad,
			     st->first_bad);
		cr_expect_gt(st->notes, 0, "%s: no drop note", name);
		cr_expect_eq(st->printed + st->dropped, (uint64_t)lines * LINE,
			     "%s: %llu printed + %llu dropped", name,
			     (unsigned long long)st->printed, (unsigned long long)st->dropped);
		cr_expect_eq(st->gap, (uint64_t)(lines - st->next) * LINE,
			     "%s: the tail's note covers the lines after the last one", name);
	}
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* Output within the bound arrives whole and in order from all five RISCs. */
Test(print, all_five_riscs_complete_in_order, .timeout = 120)
{
	const uint32_t lines = 300;
	struct tt_device *dev = open_with(0);
	struct capture cap = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog =
		flood_program(lines, true, true,
			      1u << TT_RISC_TRISC0 | 1u << TT_RISC_TRISC1 | 1u << TT_RISC_TRISC2);

	tt_device_set_print_handler(dev, capture, &cap);
	clear_flags(dev);
	e2e_run_ok(dev, prog, &rep);
	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
		const struct stream *st = &cap.s[r];

		cr_expect_eq(st->bad, 0, "%s: %u bad lines, first %s", tt_risc_name(r), st->bad,
			     st->first_bad);
		cr_expect_eq(st->notes, 0, "%s: a drop note", tt_risc_name(r));
		cr_expect_eq(st->next, lines, "%s: last line %u", tt_risc_name(r), st->next);
		cr_expect_eq(st->printed, (uint64_t)lines * LINE, "%s", tt_risc_name(r));
		cr_expect_eq(flag(dev, r), lines, "%s flag", tt_risc_name(r));
	}
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* A bound below the smallest the device takes is refused before it starts. */
Test(print, print_buffer_out_of_range_refused)
{
	struct tt_device_config cfg = { .grid_x = 1, .grid_y = 1, .print_buffer = 100 };
	struct tt_device *dev = NULL;

	cr_expect_eq(tt_device_open(&cfg, &dev), TT_EINVAL);
	cr_expect_null(dev);
	setenv("TT_EMU_PRINT_BUFFER", "64k", 1);
	cr_expect_eq(tt_device_open(NULL, &dev), TT_EINVAL, "sizes are plain bytes");
	cr_expect_null(dev);
	unsetenv("TT_EMU_PRINT_BUFFER");
}
