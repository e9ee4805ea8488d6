// SPDX-License-Identifier: Apache-2.0
/*
 * The model's timeline trace (ttx_trace.c) at register level, without
 * QEMU: waits described through the EMU registers become spans on the
 * device clock (one span across early wake-ups), the go waits frame a
 * kernel span, CB counter writes become occupancy counters, profiler
 * markers become zones, summed zones and instants on their RISC's track,
 * and the file is finished as a JSON array.
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

#define EMU(reg) (TT_MMIO_EMU_BASE + TT_A_EMU_##reg)

static char path[64];

/* The host's go doorbell at device time @t (no core: only the clock). */
static void launch(uint64_t t)
{
	uint8_t buf[sizeof(struct tt_ctl_hdr) + sizeof(struct tt_ctl_doorbell)];
	struct tt_ctl_hdr h = { .type = TT_CTL_DOORBELL, .len = sizeof(struct tt_ctl_doorbell) };
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
static void describe(unsigned core, unsigned risc, uint64_t t, uint32_t kind, uint32_t id,
		     uint32_t expect)
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
			    "\"args\":{\"name\":\"core (1,0)\"}}"),
		  "%s", t);
	cr_assert(strstr(t, "\"pid\":1,\"tid\":4,\"args\":{\"name\":\"TRISC2\"}"));
	cr_assert(strstr(t, "\n]\n"), "the array must be closed");
}

Test(trace, wait_span_across_early_wakes)
{
	char *t;

	describe(1, 3, 1000, TT_WAIT_CB_FRONT, 3, 2);
	describe(1, 3, 1500, TT_WAIT_CB_FRONT, 3, 2); /* woken early */
	F.clock = 3500;
	w(1, 3, EMU(WAIT_KIND), TT_WAIT_NONE);
	t = finish();
	cr_assert(strstr(t, "{\"ph\":\"X\",\"cat\":\"wait\",\"name\":"
			    "\"wait CB 3 front (2 pages)\",\"pid\":2,\"tid\":3,"
			    "\"ts\":1.000,\"dur\":2.500},"),
		  "%s", t);
	cr_assert_eq(strstr(t, "\"dur\":0.500"), NULL, "the early wake split the span");
}

/* Barriers and tile-engine steps are named as in hang reports. */
Test(trace, barrier_and_tile_engine_names)
{
	char *t;

	describe(0, TT_RISC_NCRISC, 10, TT_WAIT_NOC_BARRIER, TT_NOC_BARRIER_READS, 3);
	describe(0, TT_RISC_NCRISC, 20, TT_WAIT_NOC_BARRIER, TT_NOC_BARRIER_WRITES_SENT_TRID(5), 0);
	describe(0, TT_RISC_TRISC2, 30, TT_WAIT_TILE_ENGINE, TT_TILE_CMD_WAIT, 0);
	F.clock = 40;
	w(0, TT_RISC_NCRISC, EMU(WAIT_KIND), TT_WAIT_NONE);
	w(0, TT_RISC_TRISC2, EMU(WAIT_KIND), TT_WAIT_NONE);
	t = finish();
	cr_assert(strstr(t, "\"name\":\"wait NoC read barrier\",\"pid\":1,\"tid\":1,"
			    "\"ts\":0.010,\"dur\":0.010}"),
		  "%s", t);
	cr_assert(strstr(t, "\"name\":\"wait NoC writes flushed barrier, transaction "
			    "id 5\",\"pid\":1,\"tid\":1,\"ts\":0.020,\"dur\":0.020}"),
		  "%s", t);
	cr_assert(strstr(t, "\"name\":\"wait tile engine: tile_regs_wait (nothing "
			    "committed)\",\"pid\":1,\"tid\":4"),
		  "%s", t);
}

Test(trace, go_waits_frame_the_kernel)
{
	char *t;

	describe(0, TT_RISC_BRISC, 100, TT_WAIT_GO, 0, 0);
	F.clock = 2000;
	w(0, TT_RISC_BRISC, EMU(WAIT_KIND), TT_WAIT_NONE); /* go */
	describe(0, TT_RISC_BRISC, 2600, TT_WAIT_SEMAPHORE, 0x37010, 1);
	F.clock = 2700;
	w(0, TT_RISC_BRISC, EMU(WAIT_KIND), TT_WAIT_NONE);
	describe(0, TT_RISC_BRISC, 12345, TT_WAIT_GO, 0, 0); /* done */
	t = finish();
	cr_assert(strstr(t, "\"name\":\"wait go\",\"pid\":1,\"tid\":0,"
			    "\"ts\":0.100,\"dur\":1.900}"),
		  "%s", t);
	cr_assert(strstr(t, "\"name\":\"wait semaphore 0x37010 == 1\",\"pid\":1,"
			    "\"tid\":0,\"ts\":2.600,\"dur\":0.100}"),
		  "%s", t);
	cr_assert(strstr(t, "{\"ph\":\"X\",\"cat\":\"launch\",\"name\":\"kernel\","
			    "\"pid\":1,\"tid\":0,\"ts\":2.000,\"dur\":10.345}"),
		  "%s", t);
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
			    "\"ts\":0.010,\"args\":{\"pages\":4}}"),
		  "%s", t);
	cr_assert(strstr(t, "\"ts\":0.020,\"args\":{\"pages\":3}}"), "%s", t);
}

Test(trace, time_zero_is_the_first_launch)
{
	uint32_t base = TT_MMIO_STREAM_BASE;
	char *t;

	ttx_chip_trace_end(F.chip);
	cr_assert_eq(ttx_chip_trace(F.chip, path), 0); /* not launched yet */
	F.clock = 100;
	w(0, TT_RISC_NCRISC, base + TT_A_STREAM_TILES_RECEIVED, 1); /* boot */
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
			    "\"ts\":0.000,\"dur\":0.100}"),
		  "%s", t);
	cr_assert(strstr(t, "\"ts\":1.000,\"args\":{\"pages\":2}}"), "%s", t);
}

Test(trace, unwritable_path_is_an_error)
{
	cr_assert_lt(ttx_chip_trace(F.chip, "/nonexistent/dir/t.json"), 0);
}

/* A kernel's zone name at L1 address @addr of @core. */
static void name_at(unsigned core, uint32_t addr, const char *name)
{
	memcpy(F.l1 + (size_t)core * TT_MEM_L1_SIZE + addr, name, strlen(name) + 1);
}

/* A profiler marker as the kernel API writes it, at device time @t. */
static void mark(unsigned core, unsigned risc, uint64_t t, uint32_t kind, uint32_t name,
		 uint64_t data)
{
	F.clock = t;
	w(core, risc, EMU(PROF_NAME), name);
	w(core, risc, EMU(PROF_DATA_LO), (uint32_t)data);
	w(core, risc, EMU(PROF_DATA_HI), (uint32_t)(data >> 32));
	w(core, risc, EMU(PROF_MARK), kind);
}

/* Nested zones are spans on the marking RISC's track, inner ones inside. */
Test(trace, profiler_zones_nest)
{
	char *t;

	name_at(1, 0x20000, "outer");
	name_at(1, 0x20010, "inner \"q\"");
	mark(1, TT_RISC_TRISC1, 1000, TT_PROF_ZONE_BEGIN, 0x20000, 0);
	mark(1, TT_RISC_TRISC1, 1200, TT_PROF_ZONE_BEGIN, 0x20010, 0);
	mark(1, TT_RISC_TRISC1, 1700, TT_PROF_ZONE_END, 0, 0);
	mark(1, TT_RISC_TRISC1, 2500, TT_PROF_ZONE_END, 0, 0);
	mark(1, TT_RISC_TRISC1, 2600, TT_PROF_ZONE_END, 0, 0); /* none open */
	t = finish();
	cr_assert(strstr(t, "{\"ph\":\"X\",\"cat\":\"zone\",\"name\":\"inner \\\"q\\\"\","
			    "\"pid\":2,\"tid\":3,\"ts\":1.200,\"dur\":0.500},"),
		  "%s", t);
	cr_assert(strstr(t, "{\"ph\":\"X\",\"cat\":\"zone\",\"name\":\"outer\","
			    "\"pid\":2,\"tid\":3,\"ts\":1.000,\"dur\":1.500},"),
		  "%s", t);
	cr_assert(strstr(t, "\"inner") < strstr(t, "\"outer\""), "inner ends first");
}

/* Timestamped data and events are instants with their values. */
Test(trace, profiler_data_and_events)
{
	char *t;

	name_at(0, 0x30000, "TEST");
	mark(0, TT_RISC_NCRISC, 3000, TT_PROF_DATA, 0x30000, (1ull << 32) + 7);
	mark(0, TT_RISC_BRISC, 3100, TT_PROF_EVENT, 0, 42);
	t = finish();
	cr_assert(strstr(t, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"profiler\",\"name\":"
			    "\"TEST\",\"pid\":1,\"tid\":1,\"ts\":3.000,\"args\":"
			    "{\"data\":4294967303}},"),
		  "%s", t);
	cr_assert(strstr(t, "\"name\":\"event 42\",\"pid\":1,\"tid\":0,\"ts\":3.100,"
			    "\"args\":{\"id\":42}},"),
		  "%s", t);
}

/*
 * The core's done closes zones left open and writes each summed zone
 * once, with its total; nothing carries over into the next launch.
 */
Test(trace, profiler_done_closes_zones_and_sums)
{
	char *t;

	name_at(0, 0x30000, "loop");
	name_at(0, 0x30010, "left open");
	for (unsigned i = 0; i < 3; i++) {
		/* The data's high word is what an earlier marker left there. */
		mark(0, TT_RISC_BRISC, 1000 + 100 * i, TT_PROF_SUM_BEGIN, 0x30000,
		     (uint64_t)i << 32 | 1);
		mark(0, TT_RISC_BRISC, 1010 + 100 * i + i, TT_PROF_SUM_END, 0, 1);
	}
	mark(0, TT_RISC_BRISC, 1500, TT_PROF_SUM_BEGIN, 0x30000, 5); /* no slot 5 */
	mark(0, TT_RISC_NCRISC, 1600, TT_PROF_ZONE_BEGIN, 0x30010, 0);
	F.clock = 2000;
	w(0, TT_RISC_BRISC, EMU(DOORBELL), TT_DOORBELL_DONE);
	mark(0, TT_RISC_NCRISC, 2100, TT_PROF_ZONE_END, 0, 0); /* nothing open */
	t = finish();
	cr_assert(strstr(t, "\"name\":\"left open\",\"pid\":1,\"tid\":1,\"ts\":1.600,"
			    "\"dur\":0.400}"),
		  "%s", t);
	cr_assert(strstr(t, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"zone sum\",\"name\":"
			    "\"loop\",\"pid\":1,\"tid\":0,\"ts\":2.000,\"args\":"
			    "{\"total_ns\":33,\"count\":3}},"),
		  "%s", t);
	cr_assert_eq(strstr(t, "\"dur\":0.500"), NULL, "%s", t);
}

/* Long names are cut; bytes JSON cannot hold raw are escaped. */
Test(trace, profiler_names_are_bounded_and_escaped)
{
	char long_name[200];
	char *t;

	memset(long_name, 'z', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = 0;
	name_at(0, 0x30000, long_name);
	name_at(0, 0x31000, "tab\there");
	mark(0, TT_RISC_BRISC, 10, TT_PROF_DATA, 0x30000, 1);
	mark(0, TT_RISC_BRISC, 20, TT_PROF_DATA, 0x31000, 2);
	mark(0, TT_RISC_BRISC, 30, TT_PROF_DATA, TT_MEM_L1_SIZE + 4, 3);
	t = finish();
	cr_assert(strstr(t, "\"name\":"
			    "\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\","),
		  "%s", t);
	cr_assert(strstr(t, "\"name\":\"tab\\u0009here\","), "%s", t);
	cr_assert(strstr(t, "\"name\":\"0x16e004\","), "%s", t);
}
