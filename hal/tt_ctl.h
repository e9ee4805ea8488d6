/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The control channel between libtt and the emulated chip: small binary
 * messages over a stream socket, the emulator's stand-in for the PCIe
 * doorbells and interrupts of a real card.  Bulk data never travels here:
 * L1 and DRAM are shared memory that both sides map.
 *
 * Every message is a struct tt_ctl_hdr followed by hdr.len payload bytes.
 * Integers are little endian (both ends run on the same host).
 */
#ifndef TT_HAL_CTL_H
#define TT_HAL_CTL_H

#include <stdint.h>

#include "tt_noc_map.h"

#define TT_CTL_VERSION		1
#define TT_CTL_ALL_CORES	0xffffffffu
#define TT_CTL_MAX_PAYLOAD	1024

/* Cores a doorbell can name: the largest grid, then the ethernet cores,
 * in whole 32-bit words. */
#define TT_CTL_MAX_CORES	((TT_GRID_X_MAX * TT_GRID_Y_MAX + TT_ETH_CORES + 31) / 32 * 32)

/* Largest value of the machine option noc-delay (delayed NoC completion). */
#define TT_CTL_NOC_MAX_DELAY	64

/*
 * Machine option print-buffer: bytes of messages the device holds for a
 * host that is not reading them.  Kernel output that would take it past
 * this is dropped and counted (TT_EVT_PRINT_DROPPED); other events are
 * never dropped.
 */
#define TT_CTL_PRINT_BUFFER_DEFAULT	(1u << 20)
#define TT_CTL_PRINT_BUFFER_MIN		4096u
#define TT_CTL_PRINT_BUFFER_MAX		(1u << 30)

enum tt_ctl_type {
	/* host -> device */
	TT_CTL_RESET = 0x100,		/* struct tt_ctl_reset */
	TT_CTL_DOORBELL,		/* struct tt_ctl_doorbell */
	TT_CTL_CODE_CHANGED,		/* struct tt_ctl_code_changed */
	TT_CTL_DUMP_WAITS,		/* no payload; answered by WAIT_STATE..DUMP_END */
	TT_CTL_DEBUG,			/* struct tt_ctl_debug */
	TT_CTL_FREED,			/* struct tt_ctl_freed */
	TT_CTL_LINK,			/* struct tt_ctl_link; answered by LINKED */

	/* device -> host */
	TT_EVT_HELLO = 0x200,		/* struct tt_evt_hello, once at start */
	TT_EVT_DOORBELL,		/* struct tt_evt_doorbell */
	TT_EVT_TRAP,			/* struct tt_evt_trap */
	TT_EVT_GUEST_ERROR,		/* struct tt_evt_guest_error + text */
	TT_EVT_PRINT,			/* struct tt_evt_print + bytes */
	TT_EVT_WAIT_STATE,		/* struct tt_evt_wait_state */
	TT_EVT_DUMP_END,		/* no payload */
	TT_EVT_STOPPED,			/* struct tt_evt_stopped */
	TT_EVT_DEBUGGER_GONE,		/* no payload */
	TT_EVT_IDLE,			/* struct tt_evt_idle */
	TT_EVT_RACE,			/* struct tt_evt_race + text */
	TT_EVT_PRINT_DROPPED,		/* struct tt_evt_print_dropped */
	TT_EVT_PROFILER,		/* struct tt_evt_profiler + name and site */
	TT_EVT_LINKED,			/* struct tt_evt_linked + text */
};

struct tt_ctl_hdr {
	uint16_t type;			/* enum tt_ctl_type */
	uint16_t len;			/* payload bytes that follow */
};

/*
 * Hold the harts of @core (or all) in reset; release BRISC at @boot_pc if
 * non-zero.  Under -icount a reset waits until every hart sleeps, so boots
 * are deterministic; TT_CTL_RESET_FORCE applies it at once (to stop a
 * kernel that spins forever).
 */
#define TT_CTL_RESET_FORCE	(1u << 0)

struct tt_ctl_reset {
	uint32_t core;
	uint32_t boot_pc;
	uint32_t flags;
};

/*
 * Raise the wake event (MSIP) of the harts in @risc_mask on every core whose
 * bit is set in @cores.  With TT_CTL_DOORBELL_GO the device first sets
 * go_message.signal = TT_RUN_MSG_GO in each core's mailbox: the host never
 * writes the go signal itself, so a hart can never see it before the
 * doorbell is applied.  One message for a whole launch, so that under
 * -icount the machine applies it at one instruction count.
 */
#define TT_CTL_DOORBELL_GO	(1u << 0)

struct tt_ctl_doorbell {
	uint32_t risc_mask;
	uint32_t flags;
	uint32_t cores[TT_CTL_MAX_CORES / 32];
};

/* The host wrote code into [addr, addr + len) of @core's L1 (or all L1s). */
struct tt_ctl_code_changed {
	uint32_t core;
	uint32_t addr;
	uint32_t len;
};

/*
 * Debugging (TT_EMU_GDB_ON_FAULT, docs/gdb.md).  TT_CTL_DEBUG_STOP_ON_FAULT
 * arms, at every launch (go doorbell), one stop of the whole machine for
 * a debugger at the first fault of that launch: a hart about to take a
 * trap stops on the instruction that raised it, a hart whose access trips
 * the sanitizer or a kernel API check stops right after it.
 * TT_CTL_DEBUG_STOP_NOW stops the machine at once (a hang the host saw).
 * Each stop is announced by TT_EVT_STOPPED; the machine runs again when
 * the debugger resumes it or goes away, which TT_EVT_DEBUGGER_GONE says.
 */
#define TT_CTL_DEBUG_STOP_ON_FAULT	(1u << 0)
#define TT_CTL_DEBUG_STOP_NOW		(1u << 1)

struct tt_ctl_debug {
	uint32_t flags;
};

/*
 * Address ranges of buffers the host freed (and has not allocated again),
 * sent only in the checking mode TT_EMU_POISON_FREED=1: a NoC transfer
 * that touches one is refused, as a use of a freed buffer.  A range holds
 * in every bank of its kind.  Each message replaces the whole list.
 */
#define TT_CTL_MAX_FREED	32
#define TT_CTL_FREED_DRAM	0
#define TT_CTL_FREED_L1		1

struct tt_ctl_freed_range {
	uint32_t kind;			/* TT_CTL_FREED_* */
	uint32_t pad;
	uint64_t lo;			/* [lo, hi) in each bank of @kind */
	uint64_t hi;
};

struct tt_ctl_freed {
	uint32_t count;
	uint32_t pad;
	struct tt_ctl_freed_range r[TT_CTL_MAX_FREED];
};

/*
 * Join a system's ethernet links and steps (hal/tt_link.h) as chip @chip:
 * its links file and wake FIFOs are in @dir.  From here on, a message
 * that wakes harts is applied only once a commit has released it (the
 * links file says how many messages are).  Deterministic mode only.
 */
struct tt_ctl_link {
	uint32_t chip;
	uint32_t pad;
	char dir[256];			/* NUL-terminated */
};

/* TT_CTL_LINK's answer: @status 0, or a negative errno and the reason. */
struct tt_evt_linked {
	int32_t status;
	uint32_t pad;
};

struct tt_evt_hello {
	uint32_t version;		/* TT_CTL_VERSION */
	uint32_t cores;
	uint32_t deterministic;		/* 1 under -icount */
};

/* Every hart-originated event starts with who sent it. */
struct tt_evt_source {
	uint32_t core;
	uint32_t risc;
};

struct tt_evt_doorbell {
	struct tt_evt_source src;
	uint32_t code;			/* enum tt_doorbell */
	uint32_t pad;
	uint64_t icount;		/* device clock since the host last woke harts
					   (RESET or DOORBELL): instructions under -icount */
};

struct tt_evt_trap {
	struct tt_evt_source src;
	uint32_t mcause;
	uint32_t mepc;
	uint32_t mtval;
};

/* Followed by the text (no NUL) of what was wrong. */
struct tt_evt_guest_error {
	struct tt_evt_source src;
	uint32_t pc;
	uint32_t addr;
};

/*
 * The race detector (machine option racecheck) saw hart @src at @pc touch
 * or hand over bytes a NoC command that hart @other issued at @other_pc
 * has not finished with.  @kind is an enum tt_race_kind.  Followed by the
 * text (no NUL) naming the bytes.
 */
enum tt_race_kind {
	TT_RACE_SIGNAL = 1,		/* semaphore signalled before the barrier */
	TT_RACE_CB_PUSH,		/* CB pages pushed before the read barrier */
	TT_RACE_CB_POP,			/* CB pages popped before the write flush */
	TT_RACE_SOURCE,			/* source bytes changed before the flush */
	TT_RACE_NOC,			/* a NoC command touches bytes in flight */
};

struct tt_evt_race {
	struct tt_evt_source src;
	uint32_t pc;
	uint32_t kind;
	struct tt_evt_source other;
	uint32_t other_pc;
	uint32_t pad;
};

/* Followed by the printed bytes. */
struct tt_evt_print {
	struct tt_evt_source src;
};

/*
 * Hart @src printed @bytes that were dropped since its last print event
 * got through, because the host did not read them in time (the device
 * held print-buffer bytes already); @dprint of them were in DPRINT lines.
 * Sent in the hart's stream where the bytes were lost: before its next
 * print that gets through, before its core's doorbell or trap, or as soon
 * as the host has read everything the device held.
 */
struct tt_evt_print_dropped {
	struct tt_evt_source src;
	uint64_t bytes;
	uint64_t dprint;
};

/*
 * Every hart sleeps with nothing pending (no NoC command held, no wake
 * raised) and every host message received so far has been applied: no
 * hart can run again until the host sends something.  @ctl_seen counts
 * the host messages applied since the device started; when it equals the
 * number the host sent, a run that is not done can never finish.  Sent
 * once per idle spell (under -icount only).
 */
struct tt_evt_idle {
	uint32_t ctl_seen;
	uint32_t pad;
	uint64_t icount;		/* as in tt_evt_doorbell */
};

/*
 * A profiler marker (machine option profiler=on): hart @src wrote EMU
 * PROF_MARK @mark (an enum tt_prof_mark, hal/tt_emu_regs.h) with PROF_DATA
 * @data at device clock @clock.  A marker with a name (ZONE_BEGIN, DATA,
 * SUM_BEGIN) is followed by the name (at most TT_CTL_PROFILER_NAME_MAX
 * bytes), a NUL and the marker's site, "<file>,<line>" (nothing when the
 * kernel gave none; no NUL), cut to fit the payload.
 */
#define TT_CTL_PROFILER_NAME_MAX	255

struct tt_evt_profiler {
	struct tt_evt_source src;
	uint32_t mark;
	uint32_t pad;
	uint64_t clock;			/* ns since the machine started: the wall clock */
	uint64_t data;
};

struct tt_evt_wait_state {
	struct tt_evt_source src;
	uint32_t pc;
	uint32_t halted;		/* 1 when sleeping in wfi */
	uint32_t kind;			/* enum tt_wait_kind */
	uint32_t id;
	uint32_t expect;
	uint32_t current;
};

/* Why the machine stopped for the debugger (tt_evt_stopped.reason). */
enum tt_stop_reason {
	TT_STOP_TRAP = 1,		/* cause, tval: the trap not yet taken */
	TT_STOP_GUEST_ERROR,		/* tval: the address; the error event came first */
	TT_STOP_HOST,			/* TT_CTL_DEBUG_STOP_NOW */
};

struct tt_evt_stopped {
	struct tt_evt_source src;	/* the hart that stopped it (0, 0 for HOST) */
	uint32_t reason;		/* enum tt_stop_reason */
	uint32_t pc;
	uint32_t cause;
	uint32_t tval;
};

#endif /* TT_HAL_CTL_H */
