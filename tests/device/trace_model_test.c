// SPDX-License-Identifier: Apache-2.0
/*
 * The model's timeline trace (ttx_trace.c) at register level, without
 * QEMU: waits described through the EMU registers become spans on the
 * device clock (one span across early wake-ups), the go waits frame a
 * kernel span, CB counter writes become occupancy counters, and the file
 * is finished as a JSON array.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tt_ctl.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_noc_regs.h"
#include "tt_riscv.h"
#include "tt_stream_regs.h"
#include "tt_tile_regs.h"
#include "ttx_chip.h"

#include "fake_chip.h"

#define EMU(reg)	(TT_MMIO_EMU_BASE + TT_A_EMU_##reg)

static char path[64];

/* The host's go doorbell at device time @t (no core: only the clock). */
static void launch(uint64_t t)
{
	uint8_t buf[sizeof(struct tt_ctl_hdr) + sizeof(struct tt_ctl_doorbell)];
	struct tt_ctl_hdr h = { .type = TT_CTL_DOORBELL,
				.len = sizeof(struct tt_ctl_doorbell) };
	struct tt_ctl_doorbell bell = { .flags = TT_CTL_DOORBELL_GO };

	F.clock = t;
	memcpy(buf, &h, sizeof(h));
	memcpy(buf + sizeof(h), &bell, sizeof(bell));
	cr_assert_eq(ttx_ctl_input(F.chip, buf, sizeof(buf), false), sizeof(buf));
}

static void setup(void)
{
	int fd;

	fake_chip_setup(2, 1, 0);
	snprintf(path, sizeof(path), "/tmp/tt-trace-test-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(ttx_chip_trace(F.chip, path), 0);
	launch(0);
}

static void teardown(void)
{
	fake_chip_teardown();
	unlink(path);
}

TestSuite(trace, .init = setup, .fini = teardown);

static void w(unsigned core, unsigned risc, uint32_t addr, uint32_t v)
{
	cr_assert(ttx_chip_write(F.chip, core, risc, addr, 4, v));
}

/* What the wait primitive writes before it sleeps, at device time @t. */
static void describe(unsigned core, unsigned risc, uint64_t t, uint32_t kind,
		     uint32_t id, uint32_t expect)
{
	F.clock = t;
	w(core, risc, EMU(WAIT_ID), id);
	w(core, risc, EMU(WAIT_EXPECT), expect);
	w(core, risc, EMU(WAIT_CURRENT), 0);
	w(core, risc, EMU(WAIT_KIND), kind);
}

static char *finish(void)
{
	static char buf[1 << 16];
	FILE *f;
	size_t n;

	ttx_chip_trace_end(F.chip);
	f = fopen(path, "r");
	cr_assert_not_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

Test(trace, names_cores_and_riscs)
{
	char *t = finish();

	cr_assert_eq(strncmp(t, "[\n", 2), 0);
	cr_assert(strstr(t, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":2,"
			 "\"args\":{\"name\":\"core (1,0)\"}}"), "%s", t);
	cr_assert(strstr(t, "\"pid\":1,\"tid\":4,\"args\":{\"name\":\"TRISC2\"}"));
	cr_assert(strstr(t, "\n]\n"), "the array must be closed");
}

Test(trace, wait_span_across_early_wakes)
{
	char *t;

	describe(1, 3, 1000, TT_WAIT_CB_FRONT, 3, 2);
	describe(1, 3, 1500, TT_WAIT_CB_FRONT, 3, 2);	/* woken early */
	F.clock = 3500;
	w(1, 3, EMU(WAIT_KIND), TT_WAIT_NONE);
	t = finish();
	cr_assert(strstr(t, "{\"ph\":\"X\",\"cat\":\"wait\",\"name\":"
			 "\"wait CB 3 front (2 pages)\",\"pid\":2,\"tid\":3,"
			 "\"ts\":1.000,\"dur\":2.500},"), "%s", t);
	cr_assert_eq(strstr(t, "\"dur\":0.500"), NULL, "the early wake split the span");
}

/* Barriers and tile-engine steps are named as in hang reports. */
Test(trace, barrier_and_tile_engine_names)
{
	char *t;

	describe(0, TT_RISC_NCRISC, 10, TT_WAIT_NOC_BARRIER, TT_NOC_BARRIER_READS, 3);
	describe(0, TT_RISC_NCRISC, 20, TT_WAIT_NOC_BARRIER,
		 TT_NOC_BARRIER_WRITES_SENT_TRID(5), 0);
	describe(0, TT_RISC_TRISC2, 30, TT_WAIT_TILE_ENGINE, TT_TILE_CMD_WAIT, 0);
	F.clock = 40;
	w(0, TT_RISC_NCRISC, EMU(WAIT_KIND), TT_WAIT_NONE);
	w(0, TT_RISC_TRISC2, EMU(WAIT_KIND), TT_WAIT_NONE);
	t = finish();
	cr_assert(strstr(t, "\"name\":\"wait NoC read barrier\",\"pid\":1,\"tid\":1,"
			 "\"ts\":0.010,\"dur\":0.010}"), "%s", t);
	cr_assert(strstr(t, "\"name\":\"wait NoC writes flushed barrier, transaction "
			 "id 5\",\"pid\":1,\"tid\":1,\"ts\":0.020,\"dur\":0.020}"), "%s", t);
	cr_assert(strstr(t, "\"name\":\"wait tile engine: tile_regs_wait (nothing "
			 "committed)\",\"pid\":1,\"tid\":4"), "%s", t);
}

Test(trace, go_waits_frame_the_kernel)
{
	char *t;

	describe(0, TT_RISC_BRISC, 100, TT_WAIT_GO, 0, 0);
	F.clock = 2000;
	w(0, TT_RISC_BRISC, EMU(WAIT_KIND), TT_WAIT_NONE);	/* go */
	describe(0, TT_RISC_BRISC, 2600, TT_WAIT_SEMAPHORE, 0x37010, 1);
	F.clock = 2700;
	w(0, TT_RISC_BRISC, EMU(WAIT_KIND), TT_WAIT_NONE);
	describe(0, TT_RISC_BRISC, 12345, TT_WAIT_GO, 0, 0);	/* done */
	t = finish();
	cr_assert(strstr(t, "\"name\":\"wait go\",\"pid\":1,\"tid\":0,"
			 "\"ts\":0.100,\"dur\":1.900}"), "%s", t);
	cr_assert(strstr(t, "\"name\":\"wait semaphore 0x37010 == 1\",\"pid\":1,"
			 "\"tid\":0,\"ts\":2.600,\"dur\":0.100}"), "%s", t);
	cr_assert(strstr(t, "{\"ph\":\"X\",\"cat\":\"launch\",\"name\":\"kernel\","
			 "\"pid\":1,\"tid\":0,\"ts\":2.000,\"dur\":10.345}"), "%s", t);
}

Test(trace, cb_occupancy_counter)
{
	uint32_t base = TT_MMIO_STREAM_BASE + 5 * TT_STREAM_STRIDE;
	char *t;

	F.clock = 10;
	w(0, TT_RISC_NCRISC, base + TT_A_STREAM_TILES_RECEIVED, 4);
	F.clock = 20;
	w(0, TT_RISC_BRISC, base + TT_A_STREAM_TILES_ACKED, 1);
	t = finish();
	cr_assert(strstr(t, "{\"ph\":\"C\",\"name\":\"CB 5 pages\",\"pid\":1,"
			 "\"ts\":0.010,\"args\":{\"pages\":4}}"), "%s", t);
	cr_assert(strstr(t, "\"ts\":0.020,\"args\":{\"pages\":3}}"), "%s", t);
}

Test(trace, time_zero_is_the_first_launch)
{
	uint32_t base = TT_MMIO_STREAM_BASE;
	char *t;

	ttx_chip_trace_end(F.chip);
	cr_assert_eq(ttx_chip_trace(F.chip, path), 0);	/* not launched yet */
	F.clock = 100;
	w(0, TT_RISC_NCRISC, base + TT_A_STREAM_TILES_RECEIVED, 1);	/* boot */
	describe(0, TT_RISC_BRISC, 200, TT_WAIT_GO, 0, 0);
	launch(5000);
	F.clock = 5100;
	w(0, TT_RISC_BRISC, EMU(WAIT_KIND), TT_WAIT_NONE);
	F.clock = 6000;
	w(0, TT_RISC_NCRISC, base + TT_A_STREAM_TILES_RECEIVED, 2);
	t = finish();
	cr_assert_eq(strstr(t, "\"pages\":1}"), NULL, "a boot event was kept: %s", t);
	/* The go wait began before the launch: it starts at 0. */
	cr_assert(strstr(t, "\"name\":\"wait go\",\"pid\":1,\"tid\":0,"
			 "\"ts\":0.000,\"dur\":0.100}"), "%s", t);
	cr_assert(strstr(t, "\"ts\":1.000,\"args\":{\"pages\":2}}"), "%s", t);
}

Test(trace, unwritable_path_is_an_error)
{
	cr_assert_lt(ttx_chip_trace(F.chip, "/nonexistent/dir/t.json"), 0);
}
