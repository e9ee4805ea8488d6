// SPDX-License-Identifier: Apache-2.0
/*
 * NoC engine of the device model at register level, without QEMU: a fake
 * environment gives the model in-memory L1s and DRAM banks and records
 * wake events, L1 landings and guest errors.  Each test programs command
 * buffers as a kernel would and checks data, status counters, wakes and
 * sanitizer reports.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "tt_ctl.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"
#include "tt_noc_regs.h"
#include "tt_riscv.h"
#include "ttx_chip.h"

#include "fake_chip.h"

#define GX	4
#define GY	4
#define NCORES	(GX * GY)
#define SCRATCH 0x100000u /* free L1 */

/* Every hart out of reset and running: NoC landings may wake it. */
static void release_all(void)
{
	for (unsigned c = 0; c < NCORES; c++)
		cr_assert(ttx_chip_write(F.chip, c, TT_RISC_BRISC,
					 TT_MMIO_RISCV_DEBUG_BASE + TT_A_DBG_SOFT_RESET_0, 4, 0));
	memset(F.wakes, 0, sizeof(F.wakes));
}

static void setup(void)
{
	fake_chip_setup(GX, GY, (size_t)TT_DRAM_BANKS * TT_DRAM_BANK_SIZE);
	release_all();
}

static void teardown(void)
{
	fake_chip_teardown();
}

TestSuite(noc, .init = setup, .fini = teardown);

/* Helpers: registers as a kernel on (core, BRISC) sees them. -------------- */

static uint32_t reg_addr(unsigned noc, unsigned buf, uint32_t reg)
{
	return TT_MMIO_NOC0_BASE + noc * TT_MMIO_NOC_SIZE + buf * TT_NOC_CMD_BUF_STRIDE + reg;
}

static void wr(unsigned core, unsigned noc, unsigned buf, uint32_t reg, uint32_t v)
{
	cr_assert(ttx_chip_write(F.chip, core, TT_RISC_BRISC, reg_addr(noc, buf, reg), 4, v),
		  "write of register 0x%x refused", reg);
}

static uint32_t rd(unsigned core, unsigned noc, unsigned buf, uint32_t reg)
{
	uint64_t v;

	cr_assert(ttx_chip_read(F.chip, core, TT_RISC_BRISC, reg_addr(noc, buf, reg), 4, &v),
		  "read of register 0x%x refused", reg);
	return (uint32_t)v;
}

static uint32_t status(unsigned core, unsigned noc, unsigned idx)
{
	return rd(core, noc, 0, TT_A_NOC_STATUS0 + 4 * idx);
}

static uint32_t xy(unsigned x, unsigned y)
{
	return TT_FIELD_VAL(NOC, ADDR_MID, X, x) | TT_FIELD_VAL(NOC, ADDR_MID, Y, y);
}

static uint32_t core_xy(unsigned core)
{
	return xy(TT_NOC_VIRTUAL_WORKER_X0 + core % GX, TT_NOC_VIRTUAL_WORKER_Y0 + core / GX);
}

static uint32_t mcast_xy(unsigned sx, unsigned sy, unsigned ex, unsigned ey)
{
	return TT_FIELD_VAL(NOC, ADDR_MID, START_X, sx) | TT_FIELD_VAL(NOC, ADDR_MID, START_Y, sy) |
	       xy(ex, ey);
}

static uint8_t *l1(unsigned core, uint32_t addr)
{
	return F.l1 + (size_t)core * TT_MEM_L1_SIZE + addr;
}

static uint8_t *dram(unsigned bank, uint64_t addr)
{
	return F.dram + (size_t)bank * TT_DRAM_BANK_SIZE + addr;
}

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 7 + seed);
}

static const uint32_t ctrl_wr = TT_R_NOC_CTRL_WR_MASK;
static const uint32_t ctrl_np = TT_R_NOC_CTRL_RESP_MARKED_MASK;

/* Write @len bytes from @core's L1 @src to (@dst_mid, @dst). */
static void cmd_write(unsigned core, unsigned noc, uint32_t src, uint32_t dst_mid, uint32_t dst,
		      uint32_t len, uint32_t ctrl)
{
	unsigned b = TT_NOC_WR_CMD_BUF;

	wr(core, noc, b, TT_A_NOC_TARG_ADDR_LO, src);
	wr(core, noc, b, TT_A_NOC_TARG_ADDR_MID, core_xy(core));
	wr(core, noc, b, TT_A_NOC_RET_ADDR_LO, dst);
	wr(core, noc, b, TT_A_NOC_RET_ADDR_MID, dst_mid);
	wr(core, noc, b, TT_A_NOC_AT_LEN_BE, len);
	wr(core, noc, b, TT_A_NOC_CTRL, ctrl);
	wr(core, noc, b, TT_A_NOC_CMD_CTRL, TT_R_NOC_CMD_CTRL_SEND_REQ_MASK);
}

/* Read @len bytes from (@src_mid, @src) into @core's L1 @dst. */
static void cmd_read(unsigned core, unsigned noc, uint32_t src_mid, uint32_t src, uint32_t dst,
		     uint32_t len)
{
	unsigned b = TT_NOC_RD_CMD_BUF;

	wr(core, noc, b, TT_A_NOC_TARG_ADDR_LO, src);
	wr(core, noc, b, TT_A_NOC_TARG_ADDR_MID, src_mid);
	wr(core, noc, b, TT_A_NOC_RET_ADDR_LO, dst);
	wr(core, noc, b, TT_A_NOC_RET_ADDR_MID, core_xy(core));
	wr(core, noc, b, TT_A_NOC_AT_LEN_BE, len);
	wr(core, noc, b, TT_A_NOC_CTRL, 0);
	wr(core, noc, b, TT_A_NOC_CMD_CTRL, TT_R_NOC_CMD_CTRL_SEND_REQ_MASK);
}

/*
 * Atomic INCR_GET of the word at (@mid, @addr), old value to @core's 0x4,
 * with @ctrl added to its CTRL (multicast bits).
 */
static void cmd_atomic_ctrl(unsigned core, uint32_t mid, uint32_t addr, uint32_t incr,
			    uint32_t wrap, bool nonposted, uint32_t ctrl)
{
	unsigned b = TT_NOC_AT_CMD_BUF;

	wr(core, 0, b, TT_A_NOC_TARG_ADDR_LO, addr);
	wr(core, 0, b, TT_A_NOC_TARG_ADDR_MID, mid);
	wr(core, 0, b, TT_A_NOC_RET_ADDR_LO, TT_MEM_NOC_ATOMIC_RET_VAL_ADDR);
	wr(core, 0, b, TT_A_NOC_RET_ADDR_MID, core_xy(core));
	wr(core, 0, b, TT_A_NOC_AT_LEN_BE,
	   TT_FIELD_VAL(NOC, AT_LEN_BE, INS, TT_NOC_AT_INS_INCR_GET) |
		   TT_FIELD_VAL(NOC, AT_LEN_BE, WRAP, wrap) |
		   TT_FIELD_VAL(NOC, AT_LEN_BE, IND_32, (addr >> 2) & 3));
	wr(core, 0, b, TT_A_NOC_AT_DATA, incr);
	wr(core, 0, b, TT_A_NOC_CTRL, TT_R_NOC_CTRL_AT_MASK | (nonposted ? ctrl_np : 0) | ctrl);
	wr(core, 0, b, TT_A_NOC_CMD_CTRL, TT_R_NOC_CMD_CTRL_SEND_REQ_MASK);
}

static void cmd_atomic(unsigned core, uint32_t mid, uint32_t addr, uint32_t incr, uint32_t wrap,
		       bool nonposted)
{
	cmd_atomic_ctrl(core, mid, addr, incr, wrap, nonposted, 0);
}

static void expect_rule(const char *rule)
{
	char want[64];

	snprintf(want, sizeof(want), "(rule: %s)", rule);
	cr_assert_eq(F.errors, 1, "%u guest errors, last: %s", F.errors, F.last_error);
	cr_expect(strstr(F.last_error, want) != NULL, "error text: %s", F.last_error);
	cr_expect_eq(F.last_ev.pc, FAKE_PC);
	cr_expect_eq(F.last_ev.src.risc, TT_RISC_BRISC);
}

/* Unicast ---------------------------------------------------------------- */

/* Non-posted L1 -> L1 write: data lands, ack and sent counters advance,
 * the destination's five harts are woken and the landing reported. */
Test(noc, unicast_write_l1_nonposted)
{
	fill(l1(0, SCRATCH), 4096, 1);
	cmd_write(0, 0, SCRATCH, core_xy(5), SCRATCH + 0x2000, 4096, ctrl_wr | ctrl_np);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect(!memcmp(l1(5, SCRATCH + 0x2000), l1(0, SCRATCH), 4096));
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT), 1);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), 1);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_POSTED_WR_REQ_SENT), 0);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_NONPOSTED_WR_DATA_WORD_SENT), 4096 / 32);
	cr_expect_eq(status(5, 0, TT_NOC_ST_SLV_NONPOSTED_WR_REQ_RECEIVED), 1);
	for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++)
		cr_expect_eq(F.wakes[5][r], 1, "core 5 RISC %u woken %u times", r, F.wakes[5][r]);
	cr_expect_eq(F.wakes[1][0], 0);
	cr_expect_eq(F.landed_core, 5);
	cr_expect_eq(F.landed_addr, SCRATCH + 0x2000);
	cr_expect_eq(F.landed_len, 4096);
	cr_expect_eq(rd(0, 0, TT_NOC_WR_CMD_BUF, TT_A_NOC_CMD_CTRL), 0, "always ready");
}

/* A posted write counts as posted and is never acked. */
Test(noc, unicast_write_posted)
{
	fill(l1(3, SCRATCH), 64, 2);
	cmd_write(3, 1, SCRATCH, core_xy(2), SCRATCH, 64, ctrl_wr);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect(!memcmp(l1(2, SCRATCH), l1(3, SCRATCH), 64));
	cr_expect_eq(status(3, 1, TT_NOC_ST_MST_POSTED_WR_REQ_SENT), 1);
	cr_expect_eq(status(3, 1, TT_NOC_ST_MST_WR_ACK_RECEIVED), 0);
	cr_expect_eq(status(3, 0, TT_NOC_ST_MST_POSTED_WR_REQ_SENT), 0, "NoC0 untouched");
}

/* L1 -> L1 read: data lands at RET, one response counted. */
Test(noc, unicast_read_l1)
{
	fill(l1(9, SCRATCH + 0x30), 8192, 3);
	cmd_read(1, 0, core_xy(9), SCRATCH + 0x30, SCRATCH + 0x10, 8192);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect(!memcmp(l1(1, SCRATCH + 0x10), l1(9, SCRATCH + 0x30), 8192));
	cr_expect_eq(status(1, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED), 1);
	cr_expect_eq(status(1, 0, TT_NOC_ST_MST_RD_REQ_SENT), 1);
	cr_expect_eq(status(1, 0, TT_NOC_ST_MST_RD_DATA_WORD_RECEIVED), 256);
	cr_expect_eq(status(9, 0, TT_NOC_ST_SLV_RD_REQ_RECEIVED), 1);
	cr_expect_eq(F.wakes[1][TT_RISC_NCRISC], 1);
}

/*
 * The plain registers of a NoC's register page (ttx_chip_latches): the
 * words QEMU stores itself are the registers the model reads, per core
 * and NoC; CMD_CTRL, the configuration and the status counters are not
 * among them, and no other page has any.
 */
Test(noc, plain_registers_are_the_model_words)
{
	unsigned b = TT_NOC_RD_CMD_BUF;
	const uint32_t *mask = NULL, *mask1 = NULL;
	uint32_t *w = ttx_chip_latches(F.chip, 1, TT_RISC_BRISC, TT_MMIO_NOC0_BASE, &mask);
	uint32_t *w1 = ttx_chip_latches(F.chip, 1, TT_RISC_BRISC,
					TT_MMIO_NOC0_BASE + TT_MMIO_NOC_SIZE, &mask1);
	uint32_t *other = ttx_chip_latches(F.chip, 2, TT_RISC_BRISC, TT_MMIO_NOC0_BASE, &mask1);

	cr_assert_not_null(w);
	cr_assert_not_null(w1);
	cr_assert_not_null(other);
	cr_expect(w != w1 && w != other, "cores and NoCs share plain register words");
	for (uint32_t off = 0; off < 4096; off += 4) {
		unsigned i = off / 4, reg = off % TT_NOC_CMD_BUF_STRIDE;
		bool plain = (mask[i / 32] >> (i % 32)) & 1;

		cr_expect_eq(plain, reg < TT_A_NOC_CMD_CTRL, "word 0x%x plain: %d", off, plain);
	}
	cr_expect_null(
		ttx_chip_latches(F.chip, 1, TT_RISC_BRISC, TT_MMIO_NOC0_BASE + 0x1000, &mask1));
	cr_expect_null(ttx_chip_latches(F.chip, 1, TT_RISC_BRISC, TT_MMIO_EMU_BASE, &mask1));
	cr_expect_null(ttx_chip_latches(F.chip, 1, TT_RISC_BRISC, TT_MMIO_NOC0_BASE + 4, &mask1));

	/* A register write through the model lands in its word ... */
	wr(1, 0, b, TT_A_NOC_PACKET_TAG, 0x1234);
	cr_expect_eq(w[(b * TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_PACKET_TAG) / 4], 0x1234);
	/* ... and a command stored in the words, as QEMU does, is the one sent. */
	fill(l1(9, SCRATCH + 0x40), 512, 5);
	w[(b * TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_TARG_ADDR_LO) / 4] = SCRATCH + 0x40;
	w[(b * TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_TARG_ADDR_MID) / 4] = core_xy(9);
	w[(b * TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_RET_ADDR_LO) / 4] = SCRATCH + 0x800;
	w[(b * TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_RET_ADDR_MID) / 4] = core_xy(1);
	w[(b * TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_AT_LEN_BE) / 4] = 512;
	w[(b * TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_CTRL) / 4] = 0;
	cr_expect_eq(rd(1, 0, b, TT_A_NOC_AT_LEN_BE), 512);
	wr(1, 0, b, TT_A_NOC_CMD_CTRL, TT_R_NOC_CMD_CTRL_SEND_REQ_MASK);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect(!memcmp(l1(1, SCRATCH + 0x800), l1(9, SCRATCH + 0x40), 512));
	cr_expect_eq(status(1, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED), 1);
}

/* L1 -> DRAM -> L1 through a bank endpoint on NoC0, and the same bank at
 * its mirrored coordinates on NoC1. */
Test(noc, dram_roundtrip_both_nocs)
{
	const uint8_t bx[] = TT_NOC_DRAM_X_INIT, by[] = TT_NOC_DRAM_Y_INIT;
	unsigned bank = 7;
	uint32_t addr = 0x3000000;

	fill(l1(4, SCRATCH), 2048, 4);
	cmd_write(4, 0, SCRATCH, xy(bx[bank], by[bank]), addr, 2048, ctrl_wr | ctrl_np);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect(!memcmp(dram(bank, addr), l1(4, SCRATCH), 2048));
	cr_expect_eq(status(4, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), 1);

	cmd_read(6, 1, xy(TT_NOC_SIZE_X - 1 - bx[bank], TT_NOC_SIZE_Y - 1 - by[bank]), addr,
		 SCRATCH + 0x8000, 2048);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect(!memcmp(l1(6, SCRATCH + 0x8000), l1(4, SCRATCH), 2048));
	cr_expect_eq(status(6, 1, TT_NOC_ST_MST_RD_RESP_RECEIVED), 1);
}

/* Inline 32-bit write, full and partial byte enables. */
Test(noc, inline_write_byte_enables)
{
	unsigned b = TT_NOC_WR_REG_CMD_BUF;
	uint32_t v;

	memset(l1(8, SCRATCH), 0xee, 8);
	for (int i = 0; i < 2; i++) {
		wr(0, 0, b, TT_A_NOC_TARG_ADDR_LO, SCRATCH + 4 * i);
		wr(0, 0, b, TT_A_NOC_TARG_ADDR_MID, core_xy(8));
		wr(0, 0, b, TT_A_NOC_AT_DATA, 0x11223344);
		wr(0, 0, b, TT_A_NOC_AT_LEN_BE, i ? 0x5 : 0xf);
		wr(0, 0, b, TT_A_NOC_CTRL, ctrl_wr | ctrl_np | TT_R_NOC_CTRL_WR_INLINE_MASK);
		wr(0, 0, b, TT_A_NOC_CMD_CTRL, TT_R_NOC_CMD_CTRL_SEND_REQ_MASK);
	}
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	memcpy(&v, l1(8, SCRATCH), 4);
	cr_expect_eq(v, 0x11223344);
	memcpy(&v, l1(8, SCRATCH + 4), 4);
	cr_expect_eq(v, 0xee22ee44, "bytes 0 and 2 only: 0x%08x", v);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), 2);
}

/* Atomics ---------------------------------------------------------------- */

/* INCR_GET wraps at 32 bits and returns the old value at the RET word. */
Test(noc, atomic_inc_wrap_and_return)
{
	uint32_t v = 0xffffffffu, got;

	memcpy(l1(10, SCRATCH + 8), &v, 4);
	cmd_atomic(2, core_xy(10), SCRATCH + 8, 1, TT_NOC_AT_WRAP_FULL, true);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	memcpy(&got, l1(10, SCRATCH + 8), 4);
	cr_expect_eq(got, 0, "0xffffffff + 1 = 0x%08x", got);
	memcpy(&got, l1(2, TT_MEM_NOC_ATOMIC_RET_VAL_ADDR), 4);
	cr_expect_eq(got, 0xffffffffu, "returned 0x%08x", got);
	cr_expect_eq(status(2, 0, TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED), 1);
	cr_expect_eq(status(2, 0, TT_NOC_ST_MST_NONPOSTED_ATOMIC_SENT), 1);
	cr_expect_eq(F.wakes[10][TT_RISC_BRISC], 1);
}

/* A 4-bit wrap keeps the upper bits; posted atomics get no response. */
Test(noc, atomic_inc_narrow_wrap_posted)
{
	uint32_t v = 0xabcd001fu, got, ret = 0x5a5a5a5a;

	memcpy(l1(10, SCRATCH + 4), &v, 4);
	memcpy(l1(2, TT_MEM_NOC_ATOMIC_RET_VAL_ADDR), &ret, 4);
	cmd_atomic(2, core_xy(10), SCRATCH + 4, 3, 3, false);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	memcpy(&got, l1(10, SCRATCH + 4), 4);
	cr_expect_eq(got, 0xabcd0012u, "0x...1f + 3 in 4 bits = 0x%08x", got);
	memcpy(&got, l1(2, TT_MEM_NOC_ATOMIC_RET_VAL_ADDR), 4);
	cr_expect_eq(got, ret, "posted atomics return nothing");
	cr_expect_eq(status(2, 0, TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED), 0);
	cr_expect_eq(status(2, 0, TT_NOC_ST_MST_POSTED_ATOMIC_SENT), 1);
}

/* Multicast -------------------------------------------------------------- */

static void check_mcast(bool loopback)
{
	unsigned sender = 5, count = 0;
	uint32_t ctrl = ctrl_wr | ctrl_np | TT_R_NOC_CTRL_BRCST_PACKET_MASK |
			(loopback ? TT_R_NOC_CTRL_BRCST_SRC_INCLUDE_MASK : 0);

	fill(l1(sender, SCRATCH), 1024, 5);
	/* Rectangle: the whole 4x4 grid. */
	cmd_write(sender, 0, SCRATCH, mcast_xy(18, 18, 18 + GX - 1, 18 + GY - 1), SCRATCH + 0x10000,
		  1024, ctrl);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	for (unsigned c = 0; c < NCORES; c++) {
		bool got = !memcmp(l1(c, SCRATCH + 0x10000), l1(sender, SCRATCH), 1024);

		if (c == sender)
			cr_expect_eq(got, loopback, "sender written: %d", got);
		else
			cr_expect(got, "core %u missed the multicast", c);
		count += got;
	}
	cr_expect_eq(count, loopback ? NCORES : NCORES - 1);
	cr_expect_eq(status(sender, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), count,
		     "one ack per destination");
	cr_expect_eq(status(sender, 0, TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT), 1);
}

Test(noc, multicast_without_loopback)
{
	check_mcast(false);
}

Test(noc, multicast_with_loopback)
{
	check_mcast(true);
}

/* A multicast atomic adds in every core but the sender, one answer each. */
Test(noc, multicast_atomic_one_answer_per_core)
{
	unsigned sender = 5;
	uint32_t v = 7, got, ret = 0x5a5a5a5a;

	for (unsigned c = 0; c < NCORES; c++)
		memcpy(l1(c, SCRATCH + 8), &v, 4);
	memcpy(l1(sender, TT_MEM_NOC_ATOMIC_RET_VAL_ADDR), &ret, 4);
	cmd_atomic_ctrl(sender, mcast_xy(18, 18, 18 + GX - 1, 18 + GY - 1), SCRATCH + 8, 2,
			TT_NOC_AT_WRAP_FULL, true, TT_R_NOC_CTRL_BRCST_PACKET_MASK);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	for (unsigned c = 0; c < NCORES; c++) {
		memcpy(&got, l1(c, SCRATCH + 8), 4);
		cr_expect_eq(got, c == sender ? 7u : 9u, "core %u holds %u", c, got);
	}
	memcpy(&got, l1(sender, TT_MEM_NOC_ATOMIC_RET_VAL_ADDR), 4);
	cr_expect_eq(got, ret, "a multicast atomic returns nothing");
	cr_expect_eq(status(sender, 0, TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED), NCORES - 1,
		     "one answer per destination");
	cr_expect_eq(status(sender, 0, TT_NOC_ST_MST_NONPOSTED_ATOMIC_SENT), 1);
}

/* Registers -------------------------------------------------------------- */

/* NODE_ID gives the virtual coordinates; CFG keeps what is written;
 * status counters are read-only. */
Test(noc, node_id_cfg_status_registers)
{
	uint32_t id = rd(6, 1, 2, TT_A_NOC_NODE_ID);

	cr_expect_eq(TT_FIELD_GET(NOC, NODE_ID, X, id), 18 + 6 % GX);
	cr_expect_eq(TT_FIELD_GET(NOC, NODE_ID, Y, id), 18 + 6 / GX);
	wr(6, 1, 0, TT_A_NOC_CFG0 + 4, 0x1234);
	cr_expect_eq(rd(6, 1, 0, TT_A_NOC_CFG0 + 4), 0x1234);
	wr(6, 1, 0, TT_A_NOC_STATUS0, 7);
	cr_expect_eq(status(6, 1, 0), 0);
	cr_expect_eq(F.errors, 1, "writing a status counter is a guest error");
}

/* Sanitizer -------------------------------------------------------------- */

Test(noc, sanitize_bad_coordinates)
{
	cmd_write(0, 0, SCRATCH, xy(3, 3), SCRATCH, 64, ctrl_wr | ctrl_np);
	expect_rule("coordinates");
	cr_expect(strstr(F.last_error, "(3,3)") != NULL, "%s", F.last_error);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), 1,
		     "a dropped command still completes for the barriers");
}

Test(noc, sanitize_worker_outside_grid)
{
	cmd_read(0, 0, xy(18 + GX, 18), SCRATCH, SCRATCH, 64);
	expect_rule("coordinates");
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED), 1);
}

Test(noc, sanitize_l1_range)
{
	cmd_read(0, 0, core_xy(1), TT_MEM_L1_SIZE - 32, SCRATCH, 64);
	expect_rule("l1-range");
}

Test(noc, sanitize_dram_read_past_bank_end)
{
	const uint8_t bx[] = TT_NOC_DRAM_X_INIT, by[] = TT_NOC_DRAM_Y_INIT;

	cmd_read(0, 0, xy(bx[2], by[2]), TT_DRAM_BANK_SIZE - 1024, SCRATCH, 2048);
	expect_rule("dram-range");
	cr_expect(strstr(F.last_error, "DRAM bank 2") != NULL, "%s", F.last_error);
}

Test(noc, sanitize_write_into_firmware_region)
{
	cmd_write(0, 0, SCRATCH, core_xy(1), TT_MEM_MAILBOX_BASE, 16, ctrl_wr | ctrl_np);
	expect_rule("reserved-region");
	cmd_write(0, 0, SCRATCH, core_xy(1), TT_MEM_KERNEL_TEXT_BASE + 64, 16, ctrl_wr | ctrl_np);
	cr_expect_eq(F.errors, 2, "kernel text is protected too");
	cr_expect(strstr(F.last_error, "(rule: reserved-region)") != NULL);
	cr_expect_eq(F.landed_len, 0, "nothing landed");
}

Test(noc, sanitize_misaligned)
{
	cmd_write(0, 0, SCRATCH + 4, core_xy(1), SCRATCH + 8, 64, ctrl_wr | ctrl_np);
	expect_rule("alignment");
}

Test(noc, sanitize_length_zero)
{
	cmd_read(0, 0, core_xy(1), SCRATCH, SCRATCH, 0);
	expect_rule("length");
}

Test(noc, sanitize_length_over_burst)
{
	cmd_write(0, 0, SCRATCH, core_xy(1), SCRATCH, TT_NOC_MAX_BURST_SIZE + 16,
		  ctrl_wr | ctrl_np);
	expect_rule("length");
	cr_expect(strstr(F.last_error, "8192") != NULL, "%s", F.last_error);
}

Test(noc, sanitize_multicast_non_worker)
{
	cmd_write(0, 0, SCRATCH, mcast_xy(17, 18, 19, 19), SCRATCH, 64,
		  ctrl_wr | ctrl_np | TT_R_NOC_CTRL_BRCST_PACKET_MASK);
	expect_rule("multicast-rectangle");
	cr_expect(strstr(F.last_error, "(17,18)") != NULL, "%s", F.last_error);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), 5,
		     "acks for the rectangle less the sender");
}

Test(noc, sanitize_unmodelled_atomic)
{
	unsigned b = TT_NOC_AT_CMD_BUF;

	wr(0, 0, b, TT_A_NOC_TARG_ADDR_LO, SCRATCH);
	wr(0, 0, b, TT_A_NOC_TARG_ADDR_MID, core_xy(1));
	wr(0, 0, b, TT_A_NOC_AT_LEN_BE, TT_FIELD_VAL(NOC, AT_LEN_BE, INS, TT_NOC_AT_INS_CAS));
	wr(0, 0, b, TT_A_NOC_CTRL, TT_R_NOC_CTRL_AT_MASK);
	wr(0, 0, b, TT_A_NOC_CMD_CTRL, TT_R_NOC_CMD_CTRL_SEND_REQ_MASK);
	expect_rule("atomic");
}

/* The error names the issuing core and RISC (NCRISC on core 3). */
Test(noc, sanitize_reports_core_and_risc)
{
	uint32_t a = reg_addr(0, TT_NOC_RD_CMD_BUF, 0);

	ttx_chip_write(F.chip, 3, TT_RISC_NCRISC, a + TT_A_NOC_TARG_ADDR_MID, 4, xy(1, 1));
	ttx_chip_write(F.chip, 3, TT_RISC_NCRISC, a + TT_A_NOC_AT_LEN_BE, 4, 32);
	ttx_chip_write(F.chip, 3, TT_RISC_NCRISC, a + TT_A_NOC_CMD_CTRL, 4, 1);
	cr_assert_eq(F.errors, 1);
	cr_expect_eq(F.last_ev.src.core, 3);
	cr_expect_eq(F.last_ev.src.risc, TT_RISC_NCRISC);
	cr_expect(strstr(F.last_error, "NoC0 cmd_buf 1 read") != NULL, "%s", F.last_error);
}

/* Transaction ids are accepted; without delay every transaction completes
 * at once, so the per-id counts read 0 after it (and can be cleared). */
Test(noc, transaction_id_counts)
{
	wr(0, 0, TT_NOC_RD_CMD_BUF, TT_A_NOC_PACKET_TAG,
	   TT_FIELD_VAL(NOC, PACKET_TAG, TRANSACTION_ID, 5));
	fill(l1(1, SCRATCH), 64, 6);
	cmd_read(0, 0, core_xy(1), SCRATCH, SCRATCH, 64);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect(!memcmp(l1(0, SCRATCH), l1(1, SCRATCH), 64));
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(5)), 0);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(5)), 0);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_CMD_ACCEPTED), 1);
	wr(0, 0, 0, TT_A_NOC_CLEAR_OUTSTANDING_REQ_CNT, 1u << 5);
	cr_expect_eq(F.errors, 0);
}

/* Delayed completion ---------------------------------------------------- */

/* A fresh chip holding up to @n reads/writes per core and NoC. */
static void delay_chip(unsigned n)
{
	TTChipConfig cfg = { .grid_x = GX, .grid_y = GY, .noc_delay = n };

	ttx_chip_free(F.chip);
	F.chip = ttx_chip_new(&cfg, &fake_ops, NULL);
	cr_assert_not_null(F.chip);
	release_all();
}

/* A status counter seen by a debugger: no side effects. */
static uint32_t peek_status(unsigned core, unsigned noc, unsigned idx)
{
	uint64_t v;

	cr_assert(ttx_chip_peek(F.chip, core, TT_RISC_BRISC,
				reg_addr(noc, 0, TT_A_NOC_STATUS0 + 4 * idx), &v));
	return (uint32_t)v;
}

static void set_trid(unsigned core, unsigned buf, unsigned trid)
{
	wr(core, 0, buf, TT_A_NOC_PACKET_TAG, TT_FIELD_VAL(NOC, PACKET_TAG, TRANSACTION_ID, trid));
}

static bool zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

Test(noc, delay_option_out_of_range_refused)
{
	TTChipConfig cfg = { .grid_x = 1, .grid_y = 1, .noc_delay = TTX_NOC_MAX_DELAY + 1 };

	cr_expect_null(ttx_chip_new(&cfg, &fake_ops, NULL));
}

/*
 * Reads on two transaction ids: both outstanding until polled; the poll of
 * one id's counter lands that id only, and returns the landed count.
 */
Test(noc, trid_reads_outstanding_until_polled)
{
	delay_chip(4);
	fill(l1(1, SCRATCH), 256, 1);
	fill(l1(2, SCRATCH), 256, 2);
	set_trid(0, TT_NOC_RD_CMD_BUF, 3);
	cmd_read(0, 0, core_xy(1), SCRATCH, SCRATCH, 256);
	set_trid(0, TT_NOC_RD_CMD_BUF, 5);
	cmd_read(0, 0, core_xy(2), SCRATCH, SCRATCH + 256, 256);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);

	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(3)), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(5)), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_RD_REQ_SENT), 2);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED), 0);
	cr_expect(zero(l1(0, SCRATCH), 512), "held reads landed early");

	/* A barrier on id 3 polls its counter: id 3 lands, id 5 stays. */
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(3)), 0);
	cr_expect(!memcmp(l1(0, SCRATCH), l1(1, SCRATCH), 256));
	cr_expect(zero(l1(0, SCRATCH + 256), 256), "id 5 landed with id 3");
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(5)), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_RD_DATA_WORD_RECEIVED),
		     256 / TT_NOC_WORD_BYTES);

	/* The plain read barrier's counter lands every read. */
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED), 2);
	cr_expect(!memcmp(l1(0, SCRATCH + 256), l1(2, SCRATCH), 256));
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(5)), 0);
	cr_expect_eq(F.errors, 0, "%s", F.last_error);
}

/*
 * Writes: WRITE_REQS_OUTGOING_ID counts every write of the id until its
 * data left L1, REQS_OUTSTANDING_ID only the non-posted ones until acked.
 * The source is read when the write lands.
 */
Test(noc, trid_writes_outgoing_and_outstanding)
{
	delay_chip(4);
	fill(l1(0, SCRATCH), 64, 3);
	set_trid(0, TT_NOC_WR_CMD_BUF, 7);
	cmd_write(0, 0, SCRATCH, core_xy(1), SCRATCH, 64, ctrl_wr | ctrl_np);
	set_trid(0, TT_NOC_WR_CMD_BUF, 2);
	cmd_write(0, 0, SCRATCH, core_xy(2), SCRATCH, 64, ctrl_wr);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);

	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(7)), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(7)), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(2)), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(2)), 0,
		     "posted writes wait for no ack");
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_NONPOSTED_WR_REQ_STARTED), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT), 0);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), 0);

	/* The source changes before the write lands: the new bytes go. */
	l1(0, SCRATCH)[0] ^= 0xff;
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(7)), 0);
	cr_expect(!memcmp(l1(1, SCRATCH), l1(0, SCRATCH), 64));
	cr_expect(zero(l1(2, SCRATCH), 64), "trid 2 landed with trid 7");
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(7)), 0);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_SLV_NONPOSTED_WR_REQ_RECEIVED), 0);
	cr_expect_eq(peek_status(1, 0, TT_NOC_ST_SLV_NONPOSTED_WR_REQ_RECEIVED), 1);

	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_POSTED_WR_REQ_SENT), 1);
	cr_expect(!memcmp(l1(2, SCRATCH), l1(0, SCRATCH), 64));
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(2)), 0);
}

/* A debugger sees the held commands in the EMU block (gdb's tt noc). */
static uint32_t held(unsigned core, uint32_t off)
{
	uint64_t v;

	cr_assert(ttx_chip_peek(F.chip, core, TT_RISC_BRISC, TT_MMIO_EMU_BASE + off, &v));
	return (uint32_t)v;
}

static uint32_t held_word(unsigned core, unsigned noc, unsigned i, unsigned word)
{
	return held(core, TT_A_EMU_NOC_HELD_CMD0 +
				  (noc * TT_EMU_NOC_HELD_MAX + i) * TT_EMU_NOC_HELD_BYTES +
				  4 * word);
}

Test(noc, delay_held_commands_readable)
{
	uint32_t info;

	delay_chip(4);
	set_trid(0, TT_NOC_RD_CMD_BUF, 6);
	cmd_read(0, 0, core_xy(1), SCRATCH, SCRATCH + 64, 96);
	cmd_write(0, 0, SCRATCH, core_xy(2), SCRATCH, 32, ctrl_wr);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect_eq(held(0, TT_A_EMU_NOC_HELD0), 2);
	cr_expect_eq(held(0, TT_A_EMU_NOC_HELD1), 0);
	cr_expect_eq(held(1, TT_A_EMU_NOC_HELD0), 0, "another core's queue");
	/* oldest first: the read, with its registers and transaction id */
	info = held_word(0, 0, 0, TT_EMU_NOC_HELD_INFO);
	cr_expect_eq(TT_FIELD_GET(EMU, NOC_HELD_INFO, KIND, info), TT_NOC_HELD_READ);
	cr_expect_eq(TT_FIELD_GET(EMU, NOC_HELD_INFO, TRID, info), 6);
	cr_expect_eq(TT_FIELD_GET(EMU, NOC_HELD_INFO, BUF, info), TT_NOC_RD_CMD_BUF);
	cr_expect_eq(held_word(0, 0, 0, TT_EMU_NOC_HELD_TARG_ADDR_LO), SCRATCH);
	cr_expect_eq(held_word(0, 0, 0, TT_EMU_NOC_HELD_RET_ADDR_LO), SCRATCH + 64);
	cr_expect_eq(held_word(0, 0, 0, TT_EMU_NOC_HELD_AT_LEN_BE), 96);
	info = held_word(0, 0, 1, TT_EMU_NOC_HELD_INFO);
	cr_expect_eq(TT_FIELD_GET(EMU, NOC_HELD_INFO, KIND, info), TT_NOC_HELD_POSTED_WRITE);
	cr_expect_eq(held_word(0, 0, 2, TT_EMU_NOC_HELD_INFO), 0, "past the held ones");
	/* looking lands nothing; the barrier's poll does */
	cr_expect_eq(held(0, TT_A_EMU_NOC_HELD0), 2);
	status(0, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED);
	cr_expect_eq(held(0, TT_A_EMU_NOC_HELD0), 1);
}

/* With the queue full, each new command lands the oldest held one. */
Test(noc, delay_full_queue_lands_oldest)
{
	delay_chip(2);
	for (unsigned i = 0; i < 3; i++)
		fill(l1(1 + i, SCRATCH), 32, 10 + i);
	for (unsigned i = 0; i < 3; i++)
		cmd_read(0, 0, core_xy(1 + i), SCRATCH, SCRATCH + 32 * i, 32);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect(!memcmp(l1(0, SCRATCH), l1(1, SCRATCH), 32), "oldest not landed");
	cr_expect(zero(l1(0, SCRATCH + 32), 64), "newer reads landed");
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0)), 2);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_CMD_ACCEPTED), 3);
	/* The other NoC has its own queue. */
	cr_expect_eq(peek_status(0, 1, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0)), 0);
}

/* A hart that goes to sleep lands everything its core holds, and the
 * destination's harts are woken, except those waiting on CBs. */
Test(noc, delay_drained_when_a_hart_sleeps)
{
	uint32_t kind = TT_MMIO_EMU_BASE + TT_A_EMU_WAIT_KIND;

	delay_chip(8);
	cr_assert(ttx_chip_write(F.chip, 1, TT_RISC_TRISC0, kind, 4, TT_WAIT_CB_FRONT));
	memset(F.wakes, 0, sizeof(F.wakes));
	fill(l1(0, SCRATCH), 128, 4);
	cmd_write(0, 0, SCRATCH, core_xy(1), SCRATCH, 128, ctrl_wr | ctrl_np);
	cr_expect(zero(l1(1, SCRATCH), 128));
	cr_expect_eq(F.wakes[1][TT_RISC_NCRISC], 0);

	/* NCRISC of core 0 waits for a semaphore: the write lands. */
	cr_assert(ttx_chip_write(F.chip, 0, TT_RISC_NCRISC, kind, 4, TT_WAIT_SEMAPHORE));
	cr_expect(!memcmp(l1(1, SCRATCH), l1(0, SCRATCH), 128));
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_WR_ACK_RECEIVED), 1);
	cr_expect_eq(F.wakes[1][TT_RISC_NCRISC], 1);
	cr_expect_eq(F.wakes[1][TT_RISC_BRISC], 1);
	cr_expect_eq(F.wakes[1][TT_RISC_TRISC0], 0, "a CB wait needs no NoC wake");
	cr_expect_eq(F.errors, 0, "%s", F.last_error);
}

/* A bad command is reported at issue (the pc is the SEND_REQ's) and never
 * held: its counters complete at once. */
Test(noc, delay_sanitizer_reports_at_issue)
{
	delay_chip(4);
	cmd_read(0, 0, xy(3, 3), SCRATCH, SCRATCH, 64);
	expect_rule("coordinates");
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0)), 0);
}

/* CLEAR_OUTSTANDING_REQ_CNT under a held command: the count stays at 0. */
Test(noc, delay_clear_outstanding_does_not_wrap)
{
	delay_chip(4);
	cmd_read(0, 0, core_xy(1), SCRATCH, SCRATCH, 64);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0)), 1);
	wr(0, 0, 0, TT_A_NOC_CLEAR_OUTSTANDING_REQ_CNT, 1);
	cr_expect_eq(status(0, 0, TT_NOC_ST_MST_RD_RESP_RECEIVED), 1);
	cr_expect_eq(peek_status(0, 0, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0)), 0);
}

/* Without delay, a NoC landing wakes neither the issuing hart nor harts
 * sleeping on CBs or the tile engine; semaphore waiters are woken. */
Test(noc, landing_wakes_only_harts_that_may_wait_for_it)
{
	uint32_t kind = TT_MMIO_EMU_BASE + TT_A_EMU_WAIT_KIND;

	cr_assert(ttx_chip_write(F.chip, 0, TT_RISC_TRISC1, kind, 4, TT_WAIT_TILE_ENGINE));
	cr_assert(ttx_chip_write(F.chip, 0, TT_RISC_TRISC2, kind, 4, TT_WAIT_CB_BACK));
	cr_assert(ttx_chip_write(F.chip, 0, TT_RISC_NCRISC, kind, 4, TT_WAIT_SEMAPHORE));
	memset(F.wakes, 0, sizeof(F.wakes));
	cmd_read(0, 0, core_xy(1), SCRATCH, SCRATCH, 64);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect_eq(F.wakes[0][TT_RISC_BRISC], 0, "the issuer is running");
	cr_expect_eq(F.wakes[0][TT_RISC_NCRISC], 1);
	cr_expect_eq(F.wakes[0][TT_RISC_TRISC0], 1, "just out of reset");
	cr_expect_eq(F.wakes[0][TT_RISC_TRISC1], 0);
	cr_expect_eq(F.wakes[0][TT_RISC_TRISC2], 0);
}

/* Landings outside the text slots are plain data; the environment is
 * still told the exact range (it decides whether code must be dropped). */
Test(noc, landing_range_reported_for_semaphore_area)
{
	uint32_t sem = TT_MEM_KERNEL_CONFIG_BASE + 0x100;

	cmd_atomic(4, core_xy(7), sem, 5, TT_NOC_AT_WRAP_FULL, true);
	cr_assert_eq(F.errors, 0, "%s", F.last_error);
	cr_expect_eq(l1(7, sem)[0], 5);
	cr_expect_eq(F.landed_core, 4, "last landing: the atomic's return word");
	cr_expect_eq(F.landed_addr, TT_MEM_NOC_ATOMIC_RET_VAL_ADDR);
	cr_expect_eq(F.wakes[7][TT_RISC_TRISC2], 1);
}
