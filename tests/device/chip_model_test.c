// SPDX-License-Identifier: Apache-2.0
/*
 * Register-level tests of the chip model (device/model/ttx_chip.c) without
 * QEMU: a fake environment records wake levels, hart resets and the
 * messages the model sends to the host.  One comment per step.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttx_chip.h"
#include "tt_ctl.h"
#include "tt_emu_regs.h"
#include "tt_mailbox.h"
#include "tt_mem_map.h"
#include "tt_riscv.h"

#define GX	 2
#define GY	 2
/* The chip's cores: the GX x GY workers, then the ethernet cores. */
#define NCORES	 (GX * GY + TT_ETH_CORES)
#define EMU(reg) (TT_MMIO_EMU_BASE + TT_A_EMU_##reg)
#define DBG(reg) (TT_MMIO_RISCV_DEBUG_BASE + TT_A_DBG_##reg)

struct fake {
	int stops; /* debug_stop calls, and the last one's hart */
	int stop_core, stop_risc;
	bool wake[NCORES][TT_RISCS_PER_CORE];
	int resets[NCORES][TT_RISCS_PER_CORE];
	uint64_t clock;
	size_t backlog; /* bytes the host has not read, as the model sees it */
	uint8_t *l1[NCORES];
	/* messages sent to the host, back to back */
	uint8_t out[1 << 16];
	size_t out_len;
	int nmsgs;
};

static struct fake fk;
static TTChip *chip;

static void f_set_wake(void *o, unsigned c, unsigned r, bool level)
{
	((struct fake *)o)->wake[c][r] = level;
}

static void f_reset_hart(void *o, unsigned c, unsigned r)
{
	((struct fake *)o)->resets[c][r]++;
}

static void f_send(void *o, const void *msg, size_t len)
{
	struct fake *f = o;

	cr_assert_lt(f->out_len + len, sizeof(f->out));
	memcpy(f->out + f->out_len, msg, len);
	f->out_len += len;
	f->nmsgs++;
}

static uint8_t *f_l1(void *o, unsigned c)
{
	return ((struct fake *)o)->l1[c];
}

static void f_code_changed(void *o, unsigned c, uint32_t a, uint32_t l)
{
	(void)o;
	(void)c;
	(void)a;
	(void)l;
}

static uint64_t f_clock(void *o)
{
	return ((struct fake *)o)->clock;
}

static uint32_t f_current_pc(void *o, unsigned c, unsigned r)
{
	(void)o;
	return 0x17000u + c * 16 + r;
}

static uint32_t f_hart_pc(void *o, unsigned c, unsigned r, bool *halted)
{
	(void)o;
	*halted = r != TT_RISC_BRISC;
	return 0x4000u + c * 16 + r;
}

static void f_debug_stop(void *o, int c, int r)
{
	struct fake *f = o;

	f->stops++;
	f->stop_core = c;
	f->stop_risc = r;
}

static uint64_t f_instructions(void *o)
{
	(void)o;
	return 0x100000005ull;
}

static uint64_t f_hart_instructions(void *o, unsigned c, unsigned r)
{
	(void)o;
	return 1000u * c + r;
}

static size_t f_backlog(void *o)
{
	return ((struct fake *)o)->backlog;
}

static const TTChipOps fake_ops = {
	.set_wake = f_set_wake,
	.reset_hart = f_reset_hart,
	.send = f_send,
	.l1 = f_l1,
	.code_changed = f_code_changed,
	.clock_ns = f_clock,
	.current_pc = f_current_pc,
	.hart_pc = f_hart_pc,
	.debug_stop = f_debug_stop,
	.instructions = f_instructions,
	.hart_instructions = f_hart_instructions,
	.backlog = f_backlog,
};

static void setup(void)
{
	TTChipConfig cfg = { .grid_x = GX,
			     .grid_y = GY,
			     .deterministic = true,
			     .print_buffer = TT_CTL_PRINT_BUFFER_MIN };

	memset(&fk, 0, sizeof(fk));
	for (int c = 0; c < NCORES; c++)
		fk.l1[c] = calloc(1, TT_MEM_L1_SIZE);
	chip = ttx_chip_new(&cfg, &fake_ops, &fk);
	cr_assert_not_null(chip);
}

static void teardown(void)
{
	ttx_chip_free(chip);
	for (int c = 0; c < NCORES; c++)
		free(fk.l1[c]);
}

TestSuite(chip, .init = setup, .fini = teardown);

static uint32_t rd(unsigned c, unsigned r, uint32_t addr)
{
	uint64_t v = 0;

	cr_assert(ttx_chip_read(chip, c, r, addr, 4, &v), "read 0x%08x", addr);
	return (uint32_t)v;
}

static void wr(unsigned c, unsigned r, uint32_t addr, uint32_t v)
{
	cr_assert(ttx_chip_write(chip, c, r, addr, 4, v), "write 0x%08x", addr);
}

static void ctl(uint16_t type, const void *payload, uint16_t len)
{
	uint8_t buf[sizeof(struct tt_ctl_hdr) + TT_CTL_MAX_PAYLOAD];
	struct tt_ctl_hdr h = { .type = type, .len = len };

	memcpy(buf, &h, sizeof(h));
	if (len)
		memcpy(buf + sizeof(h), payload, len);
	cr_assert_eq(ttx_ctl_input(chip, buf, sizeof(h) + len, false), sizeof(h) + len);
}

/* Find the @n-th sent message of @type; returns its payload or NULL. */
static const uint8_t *sent(uint16_t type, int n, uint16_t *len)
{
	size_t off = 0;

	while (off < fk.out_len) {
		struct tt_ctl_hdr h;

		memcpy(&h, fk.out + off, sizeof(h));
		if (h.type == type && n-- == 0) {
			if (len)
				*len = h.len;
			return fk.out + off + sizeof(h);
		}
		off += sizeof(h) + h.len;
	}
	return NULL;
}

/* The type of the @n-th message sent, or 0 past the last. */
static uint16_t sent_type(int n)
{
	size_t off = 0;

	while (off < fk.out_len) {
		struct tt_ctl_hdr h;

		memcpy(&h, fk.out + off, sizeof(h));
		if (n-- == 0)
			return h.type;
		off += sizeof(h) + h.len;
	}
	return 0;
}

static void print_str(unsigned c, unsigned r, const char *s)
{
	for (; *s; s++)
		wr(c, r, EMU(PUTC), (uint8_t)*s);
}

static struct tt_evt_print_dropped dropped_note(int n)
{
	struct tt_evt_print_dropped ev = { 0 };
	uint16_t len;
	const uint8_t *p = sent(TT_EVT_PRINT_DROPPED, n, &len);

	cr_assert_not_null(p, "drop note %d", n);
	cr_assert_eq(len, sizeof(ev));
	memcpy(&ev, p, sizeof(ev));
	return ev;
}

Test(chip, identity_registers)
{
	/* core 3 is (1,1) on a 2x2 grid; TRISC1 asks who it is */
	uint32_t id = rd(3, TT_RISC_TRISC1, EMU(ID));

	cr_expect_eq(TT_FIELD_GET(EMU, ID, RISC, id), TT_RISC_TRISC1);
	cr_expect_eq(TT_FIELD_GET(EMU, ID, X, id), 1);
	cr_expect_eq(TT_FIELD_GET(EMU, ID, Y, id), 1);
	cr_expect_eq(rd(3, 0, EMU(CORE_INDEX)), 3);
	cr_expect_eq(TT_FIELD_GET(EMU, GRID, X, rd(0, 0, EMU(GRID))), GX);
	cr_expect_eq(TT_FIELD_GET(EMU, GRID, Y, rd(0, 0, EMU(GRID))), GY);
}

Test(chip, hello_reports_version_and_cores)
{
	struct tt_evt_hello ev;
	const uint8_t *p;

	ttx_chip_start(chip);
	p = sent(TT_EVT_HELLO, 0, NULL);
	cr_assert_not_null(p);
	memcpy(&ev, p, sizeof(ev));
	cr_expect_eq(ev.version, TT_CTL_VERSION);
	cr_expect_eq(ev.cores, NCORES);
	cr_expect_eq(ev.deterministic, 1);
}

Test(chip, boot_releases_brisc_only)
{
	struct tt_ctl_reset m = { .core = TT_CTL_ALL_CORES, .boot_pc = 0x4000 };

	/* out of power-on, every hart is held: the boot ROM reads 0 */
	cr_expect_eq(rd(0, TT_RISC_BRISC, EMU(BOOT_PC)), 0);
	/* host resets all cores and boots BRISC */
	ctl(TT_CTL_RESET, &m, sizeof(m));
	for (int c = 0; c < NCORES; c++) {
		cr_expect_eq(rd(c, TT_RISC_BRISC, EMU(BOOT_PC)), 0x4000);
		cr_expect(fk.wake[c][TT_RISC_BRISC], "BRISC of core %d woken", c);
		for (int r = 0; r < TT_RISCS_PER_CORE; r++)
			cr_expect_eq(fk.resets[c][r], 0,
				     "core %d RISC %d: held since power-on, not reset again", c, r);
		for (int r = TT_RISC_NCRISC; r < TT_RISCS_PER_CORE; r++) {
			cr_expect_eq(rd(c, r, EMU(BOOT_PC)), 0, "subordinates stay held");
			cr_expect_not(fk.wake[c][r]);
		}
	}
	/* SOFT_RESET_0 shows the four subordinates held, BRISC running */
	cr_expect_eq(rd(0, 0, DBG(SOFT_RESET_0)),
		     TT_R_DBG_SOFT_RESET_0_NCRISC_MASK | TT_R_DBG_SOFT_RESET_0_TRISCS_MASK);
}

Test(chip, brisc_releases_and_holds_subordinates)
{
	struct tt_ctl_reset m = { .core = 1, .boot_pc = 0x4000 };

	ctl(TT_CTL_RESET, &m, sizeof(m));
	/* BRISC of core 1 sets NCRISC's reset PC, then releases everyone */
	wr(1, TT_RISC_BRISC, EMU(RESET_PC0) + 4 * TT_RISC_NCRISC, 0x6000);
	wr(1, TT_RISC_BRISC, DBG(SOFT_RESET_0), 0);
	cr_expect_eq(rd(1, TT_RISC_NCRISC, EMU(BOOT_PC)), 0x6000);
	cr_expect(fk.wake[1][TT_RISC_NCRISC]);
	cr_expect(fk.wake[1][TT_RISC_TRISC2]);
	cr_expect_eq(rd(1, 0, DBG(SOFT_RESET_0)), 0);
	/* core 0 was not touched */
	cr_expect_eq(rd(0, TT_RISC_BRISC, EMU(BOOT_PC)), 0);
	/* holding NCRISC again resets that hart and its BOOT_PC reads 0 */
	wr(1, TT_RISC_BRISC, DBG(SOFT_RESET_0), TT_R_DBG_SOFT_RESET_0_NCRISC_MASK);
	cr_expect_eq(fk.resets[1][TT_RISC_NCRISC], 1, "reset when held again");
	cr_expect_eq(rd(1, TT_RISC_NCRISC, EMU(BOOT_PC)), 0);
	cr_expect_not(fk.wake[1][TT_RISC_NCRISC]);
}

Test(chip, notify_and_wake_ack)
{
	/* BRISC wakes NCRISC and TRISC2 of its own core */
	wr(2, TT_RISC_BRISC, EMU(NOTIFY), (1u << TT_RISC_NCRISC) | (1u << TT_RISC_TRISC2));
	cr_expect(fk.wake[2][TT_RISC_NCRISC]);
	cr_expect(fk.wake[2][TT_RISC_TRISC2]);
	cr_expect_not(fk.wake[2][TT_RISC_TRISC0]);
	cr_expect_not(fk.wake[1][TT_RISC_NCRISC], "other cores untouched");
	/* NCRISC acks its own wake only */
	wr(2, TT_RISC_NCRISC, EMU(WAKE_ACK), 1);
	cr_expect_not(fk.wake[2][TT_RISC_NCRISC]);
	cr_expect(fk.wake[2][TT_RISC_TRISC2]);
}

Test(chip, wait_descriptor_and_dump)
{
	struct tt_evt_wait_state w;
	int n = 0;
	const uint8_t *p;

	/* TRISC0 of core 3 describes its wait */
	wr(3, TT_RISC_TRISC0, EMU(WAIT_ID), 16);
	wr(3, TT_RISC_TRISC0, EMU(WAIT_EXPECT), 4);
	wr(3, TT_RISC_TRISC0, EMU(WAIT_CURRENT), 1);
	wr(3, TT_RISC_TRISC0, EMU(WAIT_KIND), TT_WAIT_CB_FRONT);
	cr_expect_eq(rd(3, TT_RISC_TRISC0, EMU(WAIT_KIND)), TT_WAIT_CB_FRONT);
	/* the host asks what everyone waits for */
	ctl(TT_CTL_DUMP_WAITS, NULL, 0);
	while ((p = sent(TT_EVT_WAIT_STATE, n, NULL)))
		n++;
	cr_expect_eq(n, NCORES * TT_RISCS_PER_CORE);
	cr_expect_not_null(sent(TT_EVT_DUMP_END, 0, NULL));
	memcpy(&w, sent(TT_EVT_WAIT_STATE, 3 * TT_RISCS_PER_CORE + TT_RISC_TRISC0, NULL),
	       sizeof(w));
	cr_expect_eq(w.src.core, 3);
	cr_expect_eq(w.src.risc, TT_RISC_TRISC0);
	cr_expect_eq(w.kind, TT_WAIT_CB_FRONT);
	cr_expect_eq(w.id, 16);
	cr_expect_eq(w.expect, 4);
	cr_expect_eq(w.current, 1);
	cr_expect_eq(w.pc, 0x4000u + 3 * 16 + TT_RISC_TRISC0);
	cr_expect_eq(w.halted, 1);
	/* a hart that was never described still reads "held in reset" */
	memcpy(&w, sent(TT_EVT_WAIT_STATE, 0, NULL), sizeof(w));
	cr_expect_eq(w.kind, TT_WAIT_RESET);
}

Test(chip, print_port_buffers_lines)
{
	struct tt_evt_print ev;
	uint16_t len;
	const uint8_t *p;
	const char *s = "hi\npartial";

	/* bytes pile up until a newline */
	for (const char *c = s; *c; c++)
		wr(1, TT_RISC_NCRISC, EMU(PUTC), (uint8_t)*c);
	p = sent(TT_EVT_PRINT, 0, &len);
	cr_assert_not_null(p);
	memcpy(&ev, p, sizeof(ev));
	cr_expect_eq(ev.src.core, 1);
	cr_expect_eq(ev.src.risc, TT_RISC_NCRISC);
	cr_expect_eq(len - sizeof(ev), 3);
	cr_expect_arr_eq(p + sizeof(ev), "hi\n", 3);
	cr_expect_null(sent(TT_EVT_PRINT, 1, NULL), "the partial line waits");
	/* BRISC's DONE doorbell flushes every RISC's partial line first */
	wr(1, TT_RISC_BRISC, EMU(DOORBELL), TT_DOORBELL_DONE);
	p = sent(TT_EVT_PRINT, 1, &len);
	cr_assert_not_null(p);
	cr_expect_eq(len - sizeof(ev), 7);
	cr_expect_arr_eq(p + sizeof(ev), "partial", 7);
	cr_expect_not_null(sent(TT_EVT_DOORBELL, 0, NULL));
}

Test(chip, print_port_flushes_full_buffer)
{
	uint16_t len;

	/* a line longer than the buffer goes out in full chunks */
	for (int i = 0; i < 300; i++)
		wr(0, TT_RISC_BRISC, EMU(PUTC), 'x');
	cr_assert_not_null(sent(TT_EVT_PRINT, 0, &len));
	cr_expect_eq(len - sizeof(struct tt_evt_print), 256);
	cr_expect_null(sent(TT_EVT_PRINT, 1, NULL));
}

Test(chip, doorbell_counts_from_host_wake)
{
	struct tt_ctl_doorbell bell = { .risc_mask = 1u << TT_RISC_BRISC,
					.flags = TT_CTL_DOORBELL_GO };
	struct tt_evt_doorbell ev;
	uint8_t *signal = fk.l1[2] + TT_MEM_MAILBOX_BASE + TT_MAILBOX_GO_OFFSET +
			  offsetof(struct tt_go_msg, signal);

	/* the host rings cores 0 and 2 with GO at device time 1000 */
	fk.clock = 1000;
	bell.cores[0] = (1u << 0) | (1u << 2);
	ctl(TT_CTL_DOORBELL, &bell, sizeof(bell));
	cr_expect(fk.wake[0][TT_RISC_BRISC]);
	cr_expect(fk.wake[2][TT_RISC_BRISC]);
	cr_expect_not(fk.wake[1][TT_RISC_BRISC]);
	cr_expect_not(fk.wake[2][TT_RISC_NCRISC]);
	cr_expect_eq(*signal, TT_RUN_MSG_GO, "the device writes the go signal");
	cr_expect_eq(fk.l1[1][TT_MEM_MAILBOX_BASE + TT_MAILBOX_GO_OFFSET + 3], 0);
	/* core 2 finishes at 1750: the event carries 750 */
	fk.clock = 1750;
	wr(2, TT_RISC_BRISC, EMU(DOORBELL), TT_DOORBELL_DONE);
	memcpy(&ev, sent(TT_EVT_DOORBELL, 0, NULL), sizeof(ev));
	cr_expect_eq(ev.src.core, 2);
	cr_expect_eq(ev.code, TT_DOORBELL_DONE);
	cr_expect_eq(ev.icount, 750);
}

Test(chip, trap_report)
{
	struct tt_evt_trap ev;

	/* the firmware trap handler fills the three registers and reports */
	wr(3, TT_RISC_NCRISC, EMU(TRAP_CAUSE), 2);
	wr(3, TT_RISC_NCRISC, EMU(TRAP_EPC), 0x1d0b8);
	wr(3, TT_RISC_NCRISC, EMU(TRAP_TVAL), 0);
	wr(3, TT_RISC_NCRISC, EMU(TRAP_REPORT), 1);
	memcpy(&ev, sent(TT_EVT_TRAP, 0, NULL), sizeof(ev));
	cr_expect_eq(ev.src.core, 3);
	cr_expect_eq(ev.src.risc, TT_RISC_NCRISC);
	cr_expect_eq(ev.mcause, 2);
	cr_expect_eq(ev.mepc, 0x1d0b8);
	cr_expect_eq(rd(3, TT_RISC_NCRISC, EMU(TRAP_EPC)), 0x1d0b8, "firmware reads it back");
}

static void expect_guest_error(int n, unsigned core, unsigned risc, const char *text)
{
	struct tt_evt_guest_error ev;
	uint16_t len;
	const uint8_t *p = sent(TT_EVT_GUEST_ERROR, n, &len);
	char msg[512];

	cr_assert_not_null(p, "no guest error %d", n);
	memcpy(&ev, p, sizeof(ev));
	snprintf(msg, sizeof(msg), "%.*s", (int)(len - sizeof(ev)), (const char *)p + sizeof(ev));
	cr_expect_eq(ev.src.core, core);
	cr_expect_eq(ev.src.risc, risc);
	cr_expect_eq(ev.pc, 0x17000u + core * 16 + risc, "pc of the access");
	cr_expect(strstr(msg, text) != NULL, "'%s' not in '%s'", text, msg);
}

Test(chip, bad_accesses_are_guest_errors)
{
	uint64_t v = 0xdead;

	/* a register that does not exist: bus error plus a guest error */
	cr_expect_not(ttx_chip_read(chip, 1, TT_RISC_TRISC2, 0xFF000000u, 4, &v));
	cr_expect_eq(v, 0);
	expect_guest_error(0, 1, TT_RISC_TRISC2, "read of unmapped MMIO address 0xff000000");
	/* an EMU register read with the wrong width */
	cr_expect_not(ttx_chip_read(chip, 0, TT_RISC_BRISC, EMU(ID), 2, &v));
	expect_guest_error(1, 0, TT_RISC_BRISC, "2-byte read");
	/* below the MMIO window, past L1 */
	ttx_chip_unmapped(chip, 2, TT_RISC_NCRISC, 0x20000000u, true);
	expect_guest_error(2, 2, TT_RISC_NCRISC, "write of unmapped address 0x20000000");
	/* reading like a debugger has no side effects and reports nothing */
	cr_expect(ttx_chip_peek(chip, 0, 0, EMU(ID), &v));
	cr_expect_null(sent(TT_EVT_GUEST_ERROR, 3, NULL));
}

Test(chip, control_channel_framing_and_deferral)
{
	uint8_t buf[256];
	struct tt_ctl_hdr h;
	struct tt_ctl_doorbell bell = { .risc_mask = 1 };
	struct tt_ctl_reset forced = { .core = 0, .boot_pc = 0x4000, .flags = TT_CTL_RESET_FORCE };
	size_t n = 0, used;

	/* a doorbell, then a forced reset, then a dump request, back to back */
	bell.cores[0] = 1u << 1;
	h = (struct tt_ctl_hdr){ TT_CTL_DOORBELL, sizeof(bell) };
	memcpy(buf + n, &h, sizeof(h));
	n += sizeof(h);
	memcpy(buf + n, &bell, sizeof(bell));
	n += sizeof(bell);
	h = (struct tt_ctl_hdr){ TT_CTL_RESET, sizeof(forced) };
	memcpy(buf + n, &h, sizeof(h));
	n += sizeof(h);
	memcpy(buf + n, &forced, sizeof(forced));
	n += sizeof(forced);
	h = (struct tt_ctl_hdr){ TT_CTL_DUMP_WAITS, 0 };
	memcpy(buf + n, &h, sizeof(h));
	n += sizeof(h);

	/* partial header and partial payload are left for later */
	cr_expect_eq(ttx_ctl_input(chip, buf, 3, false), 0);
	cr_expect_eq(ttx_ctl_input(chip, buf, sizeof(h) + 5, false), 0);
	/* while harts run, a doorbell waits: nothing is used */
	cr_expect_eq(ttx_ctl_input(chip, buf, n, true), 0);
	cr_expect_not(fk.wake[1][0]);
	/* once everyone sleeps, all three go through in order */
	used = ttx_ctl_input(chip, buf, n, false);
	cr_expect_eq(used, n);
	cr_expect(fk.wake[1][0]);
	cr_expect_eq(rd(0, 0, EMU(BOOT_PC)), 0x4000);
	cr_expect_not_null(sent(TT_EVT_DUMP_END, 0, NULL));
	/* a forced reset is never deferred */
	memset(&fk.resets, 0, sizeof(fk.resets));
	used = ttx_ctl_input(chip, buf + sizeof(h) + sizeof(bell), n - sizeof(h) - sizeof(bell),
			     true);
	cr_expect_eq(used, n - sizeof(h) - sizeof(bell));
	cr_expect_eq(fk.resets[0][0], 1);
}

/* Debugging (TT_CTL_DEBUG) ---------------------------------------------- */

static void go(void)
{
	struct tt_ctl_doorbell bell = { .risc_mask = 1u << TT_RISC_BRISC,
					.flags = TT_CTL_DOORBELL_GO };

	bell.cores[0] = (1u << NCORES) - 1;
	ctl(TT_CTL_DOORBELL, &bell, sizeof(bell));
}

static struct tt_evt_stopped stopped(int n)
{
	struct tt_evt_stopped ev = { 0 };
	const uint8_t *p = sent(TT_EVT_STOPPED, n, NULL);

	cr_assert_not_null(p, "no stop %d", n);
	memcpy(&ev, p, sizeof(ev));
	return ev;
}

/*
 * With STOP_ON_FAULT, each launch stops once, at its first fault: a trap
 * is held back (the environment stops the hart on it), a guest error
 * stops the machine after the access and holds back the trap that access
 * may raise; faults before the first launch and after the stop do not.
 */
Test(chip, debug_stops_at_the_first_fault_of_a_launch)
{
	struct tt_ctl_debug on = { .flags = TT_CTL_DEBUG_STOP_ON_FAULT };
	struct tt_ctl_debug now = { .flags = TT_CTL_DEBUG_STOP_NOW };
	struct tt_evt_stopped ev;
	uint64_t v;

	/* not asked: nothing stops */
	go();
	cr_expect_not(ttx_chip_exception(chip, 1, TT_RISC_NCRISC, 2, 0x1d0b8, 0));
	ctl(TT_CTL_DEBUG, &on, sizeof(on));
	/* asked, but armed only by the next go */
	cr_expect_not(ttx_chip_exception(chip, 1, TT_RISC_NCRISC, 2, 0x1d0b8, 0));
	cr_expect_null(sent(TT_EVT_STOPPED, 0, NULL));

	go();
	cr_expect(ttx_chip_exception(chip, 1, TT_RISC_NCRISC, 2, 0x1d0b8, 0));
	ev = stopped(0);
	cr_expect_eq(ev.reason, TT_STOP_TRAP);
	cr_expect(ev.src.core == 1 && ev.src.risc == TT_RISC_NCRISC && ev.pc == 0x1d0b8 &&
		  ev.cause == 2);
	cr_expect_eq(fk.stops, 0, "the environment stops a held trap itself");
	/* resumed, the same trap is taken; later faults go as without gdb */
	cr_expect_not(ttx_chip_exception(chip, 1, TT_RISC_NCRISC, 2, 0x1d0b8, 0));
	cr_expect_not(ttx_chip_read(chip, 0, TT_RISC_BRISC, 0xFF000000u, 4, &v));
	cr_expect_eq(fk.stops, 0);
	cr_expect_null(sent(TT_EVT_STOPPED, 1, NULL));

	/* the next launch: a guest error stops after its access */
	go();
	cr_expect_not(ttx_chip_read(chip, 2, TT_RISC_TRISC1, 0xFF000000u, 4, &v));
	cr_expect_eq(fk.stops, 1);
	cr_expect(fk.stop_core == 2 && fk.stop_risc == TT_RISC_TRISC1);
	ev = stopped(1);
	cr_expect_eq(ev.reason, TT_STOP_GUEST_ERROR);
	cr_expect_eq(ev.pc, 0x17000u + 2 * 16 + TT_RISC_TRISC1);
	/* the access fault it raises is held back, for that hart only, once */
	cr_expect_not(ttx_chip_exception(chip, 0, TT_RISC_BRISC, 5, 0x100, 0));
	cr_expect(ttx_chip_exception(chip, 2, TT_RISC_TRISC1, 5, 0x100, 0));
	cr_expect_not(ttx_chip_exception(chip, 2, TT_RISC_TRISC1, 5, 0x100, 0));

	/* the host stops it for a hang; gdb goes away */
	ctl(TT_CTL_DEBUG, &now, sizeof(now));
	cr_expect_eq(fk.stops, 2);
	cr_expect(fk.stop_core == -1 && fk.stop_risc == -1);
	cr_expect_eq(stopped(2).reason, TT_STOP_HOST);
	ttx_chip_debugger_gone(chip);
	cr_expect_not_null(sent(TT_EVT_DEBUGGER_GONE, 0, NULL));
}

/* A guest error after a resume does not find a stale held-back trap. */
Test(chip, debug_resume_forgets_a_pending_stop)
{
	struct tt_ctl_debug on = { .flags = TT_CTL_DEBUG_STOP_ON_FAULT };
	uint64_t v;

	ctl(TT_CTL_DEBUG, &on, sizeof(on));
	go();
	cr_expect_not(ttx_chip_read(chip, 3, TT_RISC_BRISC, 0xFF000000u, 4, &v));
	cr_expect_eq(fk.stops, 1);
	ttx_chip_resumed(chip);
	cr_expect_not(ttx_chip_exception(chip, 3, TT_RISC_BRISC, 5, 0x100, 0));
}

/* EMU TIME and HART_TIME: the device's and a hart's instruction counts. */
Test(chip, time_registers)
{
	cr_expect_eq(rd(1, TT_RISC_NCRISC, EMU(TIME_L)), 5);
	cr_expect_eq(rd(1, TT_RISC_NCRISC, EMU(TIME_H)), 1);
	cr_expect_eq(rd(3, TT_RISC_TRISC2, EMU(HART_TIME_L)), 3004);
	cr_expect_eq(rd(3, TT_RISC_TRISC2, EMU(HART_TIME_H)), 0);
}

/*
 * The environment says "all asleep" whenever it finds so; the host hears
 * it once per idle spell, with how many of its messages were applied.
 */
Test(chip, idle_reported_once_per_spell)
{
	struct tt_evt_idle ev;

	ctl(TT_CTL_DUMP_WAITS, NULL, 0);
	fk.clock = 100;
	ttx_chip_idle(chip);
	ttx_chip_idle(chip);
	cr_assert_not_null(sent(TT_EVT_IDLE, 0, NULL));
	cr_expect_null(sent(TT_EVT_IDLE, 1, NULL), "one event per spell");
	memcpy(&ev, sent(TT_EVT_IDLE, 0, NULL), sizeof(ev));
	cr_expect_eq(ev.ctl_seen, 1);
	cr_expect_eq(ev.icount, 100);
	/* a host message starts a new spell */
	ctl(TT_CTL_DUMP_WAITS, NULL, 0);
	ttx_chip_idle(chip);
	cr_assert_not_null(sent(TT_EVT_IDLE, 1, NULL));
	memcpy(&ev, sent(TT_EVT_IDLE, 1, NULL), sizeof(ev));
	cr_expect_eq(ev.ctl_seen, 2);
	/* so do harts that ran (the clock moved) */
	fk.clock = 250;
	ttx_chip_idle(chip);
	cr_assert_not_null(sent(TT_EVT_IDLE, 2, NULL));
	cr_expect_null(sent(TT_EVT_IDLE, 3, NULL));
}

Test(chip, print_port_drops_and_says_so_in_order)
{
	struct tt_evt_print_dropped ev;

	/* the host reads: a line goes out */
	print_str(2, TT_RISC_BRISC, "a\n");
	cr_expect_eq(fk.nmsgs, 1);
	/* the host stopped reading and the device holds all it may */
	fk.backlog = TT_CTL_PRINT_BUFFER_MIN;
	print_str(2, TT_RISC_BRISC, "bb\n");
	print_str(2, TT_RISC_BRISC, "\002dp\n");
	cr_expect_eq(fk.nmsgs, 1, "dropped lines send nothing");
	/* it read again: first the note (3 + 4 bytes, 4 of DPRINT), then the line */
	fk.backlog = 0;
	print_str(2, TT_RISC_BRISC, "c\n");
	cr_assert_eq(fk.nmsgs, 3);
	cr_expect_eq(sent_type(1), TT_EVT_PRINT_DROPPED);
	cr_expect_eq(sent_type(2), TT_EVT_PRINT);
	ev = dropped_note(0);
	cr_expect_eq(ev.src.core, 2);
	cr_expect_eq(ev.src.risc, TT_RISC_BRISC);
	cr_expect_eq(ev.bytes, 7);
	cr_expect_eq(ev.dprint, 4);
	cr_expect_arr_eq(sent(TT_EVT_PRINT, 1, NULL) + sizeof(struct tt_evt_print), "c\n", 2);
}

Test(chip, print_port_drop_reported_when_host_catches_up)
{
	/* a TRISC's line is dropped; nothing else of it follows */
	fk.backlog = TT_CTL_PRINT_BUFFER_MIN - 8;
	print_str(1, TT_RISC_TRISC2, "lost\n");
	cr_expect_eq(fk.nmsgs, 0);
	/* the host read everything: the note goes out alone, once */
	fk.backlog = 0;
	ttx_chip_host_caught_up(chip);
	cr_assert_eq(fk.nmsgs, 1);
	cr_expect_eq(dropped_note(0).bytes, 5);
	cr_expect_eq(dropped_note(0).src.risc, TT_RISC_TRISC2);
	ttx_chip_host_caught_up(chip);
	cr_expect_eq(fk.nmsgs, 1, "no second note for the same bytes");
}

Test(chip, print_port_drop_reported_before_done)
{
	/* NCRISC's line and BRISC's unfinished one are dropped */
	fk.backlog = TT_CTL_PRINT_BUFFER_MIN;
	print_str(3, TT_RISC_NCRISC, "gone\n");
	print_str(3, TT_RISC_BRISC, "tail");
	/* BRISC rings DONE while the host still does not read: the notes
	 * (events, never dropped) come before the doorbell */
	wr(3, TT_RISC_BRISC, EMU(DOORBELL), TT_DOORBELL_DONE);
	cr_assert_eq(fk.nmsgs, 3);
	cr_expect_eq(sent_type(0), TT_EVT_PRINT_DROPPED);
	cr_expect_eq(sent_type(1), TT_EVT_PRINT_DROPPED);
	cr_expect_eq(sent_type(2), TT_EVT_DOORBELL);
	cr_expect_eq(dropped_note(0).src.risc, TT_RISC_BRISC);
	cr_expect_eq(dropped_note(0).bytes, 4);
	cr_expect_eq(dropped_note(1).src.risc, TT_RISC_NCRISC);
	cr_expect_eq(dropped_note(1).bytes, 5);
}

Test(chip, print_port_drop_reported_before_trap)
{
	fk.backlog = TT_CTL_PRINT_BUFFER_MIN;
	print_str(0, TT_RISC_TRISC0, "x\n");
	wr(0, TT_RISC_TRISC0, EMU(TRAP_REPORT), 1);
	cr_assert_eq(fk.nmsgs, 2);
	cr_expect_eq(sent_type(0), TT_EVT_PRINT_DROPPED);
	cr_expect_eq(sent_type(1), TT_EVT_TRAP);
}

/* The @n-th profiler event sent; its text (name, NUL, site) in @text. */
static struct tt_evt_profiler prof_event(int n, char *text, size_t *len)
{
	struct tt_evt_profiler ev;
	uint16_t plen = 0;
	const uint8_t *p = sent(TT_EVT_PROFILER, n, &plen);

	cr_assert_not_null(p, "no profiler event %d", n);
	cr_assert_geq(plen, sizeof(ev));
	memcpy(&ev, p, sizeof(ev));
	*len = plen - sizeof(ev);
	memcpy(text, p + sizeof(ev), *len);
	return ev;
}

Test(chip, profiler_markers_stay_on_the_device_when_off)
{
	/* no trace, no profiler: a marker is only a register write */
	memcpy(fk.l1[0] + 0x20000, "z", 2);
	wr(0, TT_RISC_BRISC, EMU(PROF_NAME), 0x20000);
	wr(0, TT_RISC_BRISC, EMU(PROF_MARK), TT_PROF_ZONE_BEGIN);
	wr(0, TT_RISC_BRISC, EMU(PROF_MARK), TT_PROF_ZONE_END);
	cr_expect_eq(fk.nmsgs, 0);
}

Test(chip, profiler_markers_go_to_the_host)
{
	static const char site[] = "zone\0/k/x.cpp,12";
	TTChipConfig cfg = { .grid_x = GX, .grid_y = GY, .deterministic = true, .profiler = true };
	struct tt_evt_profiler ev;
	char text[TT_CTL_MAX_PAYLOAD];
	size_t len;

	/* a chip with the machine option profiler=on */
	ttx_chip_free(chip);
	chip = ttx_chip_new(&cfg, &fake_ops, &fk);
	cr_assert_not_null(chip);
	memcpy(fk.l1[1] + 0x20000, site, sizeof(site));
	memcpy(fk.l1[1] + 0x20100, "d", 2);
	/* NCRISC of core 1 opens a zone with its site at clock 500 */
	fk.clock = 500;
	wr(1, TT_RISC_NCRISC, EMU(PROF_NAME), 0x20000);
	wr(1, TT_RISC_NCRISC, EMU(PROF_MARK),
	   TT_FIELD_VAL(EMU, PROF_MARK, KIND, TT_PROF_ZONE_BEGIN) |
		   TT_FIELD_VAL(EMU, PROF_MARK, SITE, 1));
	ev = prof_event(0, text, &len);
	cr_expect_eq(ev.src.core, 1);
	cr_expect_eq(ev.src.risc, TT_RISC_NCRISC);
	cr_expect_eq(ev.mark, TT_PROF_ZONE_BEGIN);
	cr_expect_eq(ev.clock, 500);
	cr_assert_eq(len, sizeof(site) - 1, "name, NUL and site: %zu bytes", len);
	cr_expect_arr_eq(text, site, sizeof(site) - 1);
	/* data without a site: the name and its NUL */
	fk.clock = 510;
	wr(1, TT_RISC_NCRISC, EMU(PROF_NAME), 0x20100);
	wr(1, TT_RISC_NCRISC, EMU(PROF_DATA_LO), 7);
	wr(1, TT_RISC_NCRISC, EMU(PROF_DATA_HI), 1);
	wr(1, TT_RISC_NCRISC, EMU(PROF_MARK), TT_PROF_DATA);
	ev = prof_event(1, text, &len);
	cr_expect_eq(ev.mark, TT_PROF_DATA);
	cr_expect_eq(ev.data, 0x100000007ull);
	cr_assert_eq(len, 2);
	cr_expect_arr_eq(text, "d", 2);
	/* an event and the zone's end carry no text */
	fk.clock = 520;
	wr(1, TT_RISC_NCRISC, EMU(PROF_DATA_LO), 42);
	wr(1, TT_RISC_NCRISC, EMU(PROF_MARK), TT_PROF_EVENT);
	ev = prof_event(2, text, &len);
	cr_expect_eq(ev.mark, TT_PROF_EVENT);
	cr_expect_eq((uint32_t)ev.data, 42);
	cr_expect_eq(len, 0);
	fk.clock = 530;
	wr(1, TT_RISC_NCRISC, EMU(PROF_MARK), TT_PROF_ZONE_END);
	ev = prof_event(3, text, &len);
	cr_expect_eq(ev.mark, TT_PROF_ZONE_END);
	cr_expect_eq(ev.clock, 530);
	cr_expect_eq(len, 0);
	/* a mark that is no marker sends nothing */
	wr(1, TT_RISC_NCRISC, EMU(PROF_MARK), 0x1234);
	cr_expect_eq(fk.nmsgs, 4);
}
