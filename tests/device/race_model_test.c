// SPDX-License-Identifier: Apache-2.0
/*
 * The NoC race detector (racecheck) at the register level: which barrier
 * finishes which side of a command, the rules that keep correct
 * hand-overs silent (writes of one NoC in order, a signal back from the
 * destination), CB page ranges read from the CB interface, and nothing
 * at all with the option off.  Every access has the fake's pc, so each
 * test reports at most one race (reports are once per pair of pcs).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "fake_chip.h"
#include "tt_cb.h"
#include "tt_emu_regs.h"
#include "tt_noc_map.h"
#include "tt_noc_regs.h"
#include "tt_stream_regs.h"

#define GX    2
#define GY    1
#define DATA  0x100000u /* free L1 */
#define OTHER 0x108000u
#define SEM   0x110000u
#define LEN   2048u
#define A     0u /* cores */
#define B     1u

static void racecheck_chip(bool on)
{
	TTChipConfig cfg = { .grid_x = GX, .grid_y = GY, .racecheck = on };

	fake_chip_setup(GX, GY, 0);
	ttx_chip_free(F.chip);
	F.chip = ttx_chip_new(&cfg, &fake_ops, NULL);
	cr_assert_not_null(F.chip);
	for (unsigned c = 0; c < GX * GY; c++)
		cr_assert(ttx_chip_write(F.chip, c, TT_RISC_BRISC,
					 TT_MMIO_RISCV_DEBUG_BASE + TT_A_DBG_SOFT_RESET_0, 4, 0));
}

static void setup(void)
{
	racecheck_chip(true);
}

TestSuite(race, .init = setup, .fini = fake_chip_teardown);

static void wr(unsigned core, unsigned buf, uint32_t reg, uint32_t v)
{
	cr_assert(ttx_chip_write(F.chip, core, TT_RISC_BRISC,
				 TT_MMIO_NOC0_BASE + buf * TT_NOC_CMD_BUF_STRIDE + reg, 4, v));
}

/* A barrier's poll of status counter @idx of NoC 0. */
static void poll(unsigned core, unsigned idx)
{
	uint64_t v;

	cr_assert(ttx_chip_read(F.chip, core, TT_RISC_BRISC,
				TT_MMIO_NOC0_BASE + TT_A_NOC_STATUS0 + 4 * idx, 4, &v));
}

static uint32_t mid(unsigned core)
{
	return TT_FIELD_VAL(NOC, ADDR_MID, X, TT_NOC_VIRTUAL_WORKER_X0 + core % GX) |
	       TT_FIELD_VAL(NOC, ADDR_MID, Y, TT_NOC_VIRTUAL_WORKER_Y0 + core / GX);
}

static void send(unsigned core, unsigned buf, uint32_t targ, uint32_t tmid, uint32_t ret,
		 uint32_t rmid, uint32_t len, uint32_t ctrl, unsigned trid)
{
	wr(core, buf, TT_A_NOC_TARG_ADDR_LO, targ);
	wr(core, buf, TT_A_NOC_TARG_ADDR_MID, tmid);
	wr(core, buf, TT_A_NOC_RET_ADDR_LO, ret);
	wr(core, buf, TT_A_NOC_RET_ADDR_MID, rmid);
	wr(core, buf, TT_A_NOC_AT_LEN_BE, len);
	wr(core, buf, TT_A_NOC_PACKET_TAG, TT_FIELD_VAL(NOC, PACKET_TAG, TRANSACTION_ID, trid));
	wr(core, buf, TT_A_NOC_CTRL, ctrl);
	wr(core, buf, TT_A_NOC_CMD_CTRL, TT_R_NOC_CMD_CTRL_SEND_REQ_MASK);
}

/* Non-posted write of LEN bytes from @from's DATA to @to's @dst. */
static void write_to(unsigned from, unsigned to, uint32_t dst, unsigned trid)
{
	send(from, TT_NOC_WR_CMD_BUF, DATA, mid(from), dst, mid(to), LEN,
	     TT_R_NOC_CTRL_WR_MASK | TT_R_NOC_CTRL_RESP_MARKED_MASK, trid);
}

/* Read of @len bytes from @from's @src into @core's @dst. */
static void read_from(unsigned core, unsigned from, uint32_t src, uint32_t dst, uint32_t len)
{
	send(core, TT_NOC_RD_CMD_BUF, src, mid(from), dst, mid(core), len, 0, 0);
}

/* Semaphore increment of @to's SEM (noc_semaphore_inc). */
static void signal(unsigned from, unsigned to)
{
	uint32_t before;

	memcpy(&before, F.l1 + (size_t)to * TT_MEM_L1_SIZE + SEM, 4);
	wr(from, TT_NOC_AT_CMD_BUF, TT_A_NOC_AT_DATA, 1);
	send(from, TT_NOC_AT_CMD_BUF, SEM, mid(to), TT_MEM_NOC_ATOMIC_RET_VAL_ADDR, mid(from),
	     TT_FIELD_VAL(NOC, AT_LEN_BE, INS, TT_NOC_AT_INS_INCR_GET) |
		     TT_FIELD_VAL(NOC, AT_LEN_BE, WRAP, 31),
	     TT_R_NOC_CTRL_AT_MASK, 0);
	cr_assert_eq(*(uint32_t *)(F.l1 + (size_t)to * TT_MEM_L1_SIZE + SEM), before + 1);
}

static void expect_race(unsigned kind, const char *text)
{
	cr_assert_eq(F.races, 1, "%u races, last: %s", F.races, F.last_race_text);
	cr_expect_eq(F.last_race.kind, kind, "kind %u: %s", F.last_race.kind, F.last_race_text);
	cr_expect_eq(F.last_race.pc, FAKE_PC);
	cr_expect_eq(F.last_race.other_pc, FAKE_PC);
	cr_expect(strstr(F.last_race_text, text), "text: %s", F.last_race_text);
	cr_expect_eq(F.errors, 0, "guest error: %s", F.last_error);
}

static void expect_silent(void)
{
	cr_expect_eq(F.races, 0, "race: %s", F.last_race_text);
	cr_expect_eq(F.errors, 0, "guest error: %s", F.last_error);
}

/* The signal before any barrier: reported, naming the write's bytes. */
Test(race, signal_before_barrier)
{
	write_to(A, B, DATA, 0);
	signal(A, B);
	expect_race(TT_RACE_SIGNAL, "NoC write of 2048 bytes to core (1,0) 0x100000 is "
				    "unfinished");
	cr_expect_eq(F.last_race.src.core, A);
	cr_expect_eq(F.last_race.other.core, A);
}

/* writes_flushed frees the source, not the destination. */
Test(race, flush_does_not_finish_the_destination)
{
	write_to(A, B, DATA, 0);
	poll(A, TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT);
	signal(A, B);
	expect_race(TT_RACE_SIGNAL, "unfinished");
}

Test(race, write_barrier_finishes_it)
{
	write_to(A, B, DATA, 0);
	poll(A, TT_NOC_ST_MST_WR_ACK_RECEIVED);
	signal(A, B);
	expect_silent();
}

/* A trid barrier finishes the commands of its id only. */
Test(race, trid_barrier_finishes_its_id)
{
	write_to(A, B, DATA, 3);
	write_to(A, B, OTHER, 4);
	poll(A, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(3));
	signal(A, B);
	expect_race(TT_RACE_SIGNAL, "to core (1,0) 0x108000");
}

/* Reading or writing the source of a flushed write is fine. */
Test(race, flushed_source_may_be_reused)
{
	write_to(A, B, DATA, 0);
	poll(A, TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT);
	read_from(A, B, OTHER, DATA, LEN);
	memset(F.l1 + DATA, 0x5a, LEN);
	poll(A, TT_NOC_ST_MST_WR_ACK_RECEIVED);
	expect_silent();
}

Test(race, source_stored_to_before_the_barrier)
{
	write_to(A, B, DATA, 0);
	F.l1[DATA + 100] ^= 0xff; /* a store by a hart of A */
	poll(A, TT_NOC_ST_MST_WR_ACK_RECEIVED);
	expect_race(TT_RACE_SOURCE, "2048 source bytes at core (0,0) 0x100000");
}

/* B's NoC read of bytes A's write still lands in. */
Test(race, read_of_bytes_in_flight)
{
	write_to(A, B, DATA, 0);
	read_from(B, B, DATA + 1024, OTHER, 64);
	expect_race(TT_RACE_NOC, "NoC read of 64 bytes at core (1,0) 0x100400 reads "
				 "bytes that an unfinished NoC write still writes");
	cr_expect_eq(F.last_race.src.core, B);
	cr_expect_eq(F.last_race.other.core, A);
}

/* A later write of A to B on the same NoC (the flag) delivers the data. */
Test(race, later_write_delivers_the_earlier)
{
	write_to(A, B, DATA, 0);
	write_to(A, B, SEM, 0);
	read_from(B, B, DATA + 1024, OTHER, 64);
	expect_silent();
}

/* B signalling A back (asking for more) finishes A's write to B. */
Test(race, signal_back_finishes_the_write)
{
	write_to(A, B, DATA, 0);
	signal(B, A);
	read_from(A, A, OTHER, DATA, LEN); /* reuse of the source */
	signal(A, B);
	expect_silent();
}

/* CB @cb of @core's BRISC: @pages pages of LEN at @base, write pointer at page @wr. */
static void cb_setup(unsigned core, unsigned cb, uint32_t base, uint32_t pages, uint32_t wr)
{
	struct tt_cb_interface ifc = {
		.fifo_size = pages * LEN,
		.fifo_limit = base + pages * LEN,
		.fifo_page_size = LEN,
		.fifo_num_pages = pages,
		.fifo_rd_ptr = base,
		.fifo_wr_ptr = base + wr * LEN,
	};

	memcpy(F.l1 + (size_t)core * TT_MEM_L1_SIZE + TT_MEM_CB_INTERFACE_BASE +
		       TT_RISC_BRISC * TT_MEM_CB_INTERFACE_SLOT_SIZE + cb * sizeof(ifc),
	       &ifc, sizeof(ifc));
}

static void push(unsigned core, unsigned cb, uint32_t received)
{
	cr_assert(ttx_chip_write(F.chip, core, TT_RISC_BRISC,
				 TT_MMIO_STREAM_BASE + cb * TT_STREAM_STRIDE +
					 TT_A_STREAM_TILES_RECEIVED,
				 4, received));
}

/* Two pages pushed from page 1 of a 2-page ring: page 0 by wrapping. */
Test(race, cb_push_range_wraps)
{
	cb_setup(A, 3, DATA, 2, 1);
	read_from(A, B, OTHER, DATA, LEN); /* fills page 0 */
	push(A, 3, 2);
	expect_race(TT_RACE_CB_PUSH, "CB 3: cb_push_back of 2 pages (2048 bytes at "
				     "core (0,0) 0x100000)");
}

Test(race, cb_push_of_other_pages_is_silent)
{
	cb_setup(A, 3, DATA, 2, 1);
	read_from(A, B, OTHER, DATA, LEN); /* fills page 0 */
	push(A, 3, 1);			   /* page 1 only */
	expect_silent();
}

/* With the option off nothing is tracked. */
Test(race, off)
{
	fake_chip_teardown();
	racecheck_chip(false);
	write_to(A, B, DATA, 0);
	signal(A, B);
	read_from(B, B, DATA, OTHER, LEN);
	expect_silent();
}

/*
 * Under TT_EMU_GDB_ON_FAULT (TT_CTL_DEBUG_STOP_ON_FAULT) a race is a fault
 * like a sanitizer's: the first of a launch stops the machine for gdb.
 */
Test(race, stops_for_gdb_in_fault_mode)
{
	struct tt_ctl_debug on = { .flags = TT_CTL_DEBUG_STOP_ON_FAULT };
	struct tt_ctl_doorbell go = { .risc_mask = 1u << TT_RISC_BRISC,
				      .flags = TT_CTL_DOORBELL_GO };
	uint8_t msg[sizeof(struct tt_ctl_hdr) + sizeof(go)];
	struct tt_ctl_hdr hdr = { .type = TT_CTL_DEBUG, .len = sizeof(on) };

	memcpy(msg, &hdr, sizeof(hdr));
	memcpy(msg + sizeof(hdr), &on, sizeof(on));
	cr_assert_eq(ttx_ctl_input(F.chip, msg, sizeof(hdr) + sizeof(on), false),
		     sizeof(hdr) + sizeof(on));
	go.cores[0] = (1u << (GX * GY)) - 1;
	hdr = (struct tt_ctl_hdr){ .type = TT_CTL_DOORBELL, .len = sizeof(go) };
	memcpy(msg, &hdr, sizeof(hdr));
	memcpy(msg + sizeof(hdr), &go, sizeof(go));
	cr_assert_eq(ttx_ctl_input(F.chip, msg, sizeof(msg), false), sizeof(msg));

	write_to(A, B, DATA, 0);
	signal(A, B);
	cr_expect_eq(F.races, 1);
	cr_expect_eq(F.stops, 1, "the race stops the machine");
	cr_expect(F.stop_core == (int)A && F.stop_risc == TT_RISC_BRISC);
}
