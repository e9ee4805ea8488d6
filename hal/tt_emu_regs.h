/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Registers of blocks that every hart sees at the same address:
 *
 *  - RISCV_DEBUG (at its Wormhole B0 address): soft
 *    reset of the core's harts and the wall clock;
 *  - EMU: the emulator's own block, with no silicon counterpart.  It holds
 *    the sleep primitive (wake ack, notify, wait descriptor), the print
 *    port, the host doorbell, trap reports and reset PCs.
 *
 * Offsets are relative to TT_MMIO_RISCV_DEBUG_BASE / TT_MMIO_EMU_BASE.
 */
#ifndef TT_HAL_EMU_REGS_H
#define TT_HAL_EMU_REGS_H

#include "tt_regfields.h"

/* RISCV_DEBUG block. */
TT_REG32(DBG, SOFT_RESET_0, 0x1B0)	/* a set bit holds that RISC in reset */
TT_FIELD(DBG, SOFT_RESET_0, BRISC, 11, 1)
TT_FIELD(DBG, SOFT_RESET_0, TRISCS, 12, 3)
TT_FIELD(DBG, SOFT_RESET_0, NCRISC, 18, 1)
TT_REG32(DBG, WALL_CLOCK_L, 0x1F0)	/* ns of the device clock, low word */
TT_REG32(DBG, WALL_CLOCK_H, 0x1F8)	/* high word, latched by reading L */

/* EMU block: identity. */
TT_REG32(EMU, ID, 0x000)		/* ro */
TT_FIELD(EMU, ID, RISC, 0, 4)		/* TT_RISC_* */
TT_FIELD(EMU, ID, X, 8, 8)		/* logical x */
TT_FIELD(EMU, ID, Y, 16, 8)		/* logical y */
TT_FIELD(EMU, ID, ETH, 24, 1)		/* an ethernet core: (X, Y) = (0, channel) */
TT_REG32(EMU, CORE_INDEX, 0x004)	/* ro: y * grid_x + x; ethernet: after the grid */
TT_REG32(EMU, GRID, 0x008)		/* ro */
TT_FIELD(EMU, GRID, X, 0, 8)
TT_FIELD(EMU, GRID, Y, 8, 8)
TT_REG32(EMU, NOC_XY, 0x00C)		/* ro: this core's virtual NoC coordinates */
TT_FIELD(EMU, NOC_XY, X, 0, 8)
TT_FIELD(EMU, NOC_XY, Y, 8, 8)

/* EMU block: the sleep primitive (firmware/fw_wait.h). */
TT_REG32(EMU, WAKE_ACK, 0x010)		/* wo: clear this hart's MSIP */
TT_REG32(EMU, NOTIFY, 0x014)		/* wo: bit i raises MSIP of RISC i */
TT_REG32(EMU, WAIT_KIND, 0x020)		/* rw: enum tt_wait_kind */
TT_REG32(EMU, WAIT_ID, 0x024)		/* rw: CB index, L1 address, ... */
TT_REG32(EMU, WAIT_EXPECT, 0x028)	/* rw: value waited for */
TT_REG32(EMU, WAIT_CURRENT, 0x02C)	/* rw: value seen before sleeping */

/* EMU block: host communication. */
TT_REG32(EMU, DOORBELL, 0x030)		/* wo: send enum tt_doorbell to the host */
TT_REG32(EMU, PUTC, 0x040)		/* wo: one byte to the print stream */

/* EMU block: trap reports, written by the firmware trap handler. */
TT_REG32(EMU, TRAP_CAUSE, 0x050)	/* rw: mcause */
TT_REG32(EMU, TRAP_EPC, 0x054)		/* rw: mepc */
TT_REG32(EMU, TRAP_TVAL, 0x058)		/* rw: mtval */
TT_REG32(EMU, TRAP_REPORT, 0x05C)	/* wo: send the three above to the host */

/* EMU block: reset PCs (written by BRISC for its subordinates). */
TT_REG32(EMU, RESET_PC0, 0x060)		/* rw: RESET_PC0 + 4 * risc */
TT_REG32(EMU, BOOT_PC, 0x080)		/* ro: own reset PC, 0 while in reset */

/*
 * EMU block: kernel API faults.  The kernel API writes what went wrong
 * (enum tt_fault_kind and its operands) and then FAULT_REPORT; the model
 * sends it to the host as a guest error in words, and the kernel stops
 * with an ecall that names the call site (TT_ECALL_FAULT), so the report
 * also gives its source line.
 */
TT_REG32(EMU, FAULT_KIND, 0x0A0)	/* rw: enum tt_fault_kind */
TT_REG32(EMU, FAULT_ID, 0x0A4)		/* rw: CB index, ... */
TT_REG32(EMU, FAULT_ARG0, 0x0A8)	/* rw: pages asked for, ... */
TT_REG32(EMU, FAULT_ARG1, 0x0AC)	/* rw: pages allowed, ... */
TT_REG32(EMU, FAULT_REPORT, 0x0B0)	/* wo: send the four above to the host */

/*
 * EMU block: time travel, for debuggers (docs/gdb.md).  TIME is the
 * device's instruction count since it started (every hart's), HART_TIME
 * the count just after this hart's last instruction; both read only.
 * (gdb's writes to MMIO do not reach the device: the machine property
 * stop-at is how gdb says where to stop.)
 */
TT_REG32(EMU, TIME_L, 0x110)		/* ro */
TT_REG32(EMU, TIME_H, 0x114)		/* ro */
TT_REG32(EMU, HART_TIME_L, 0x118)	/* ro */
TT_REG32(EMU, HART_TIME_H, 0x11C)	/* ro */

/*
 * EMU block: an ethernet core's link (hal/tt_link.h), tt-metal's transmit
 * queue in short.  Write SRC, DST and LEN (multiples of 16), then CMD: the
 * LEN bytes at SRC of this core's L1 go to DST of the ethernet core at the
 * far end of its link, and land there at the start of the next step.
 * CMD reads 1 while a send waits for room on the link (a send started then
 * is a guest error); LINK reads the far end, chip << 8 | channel, or
 * TT_LINK_NO_PEER when the channel has none.
 */
TT_REG32(EMU, ETH_TX_SRC, 0x140)	/* rw */
TT_REG32(EMU, ETH_TX_DST, 0x144)	/* rw */
TT_REG32(EMU, ETH_TX_LEN, 0x148)	/* rw */
TT_REG32(EMU, ETH_TX_CMD, 0x14C)	/* wo: send; ro: busy */
TT_REG32(EMU, ETH_LINK, 0x150)		/* ro */

/*
 * EMU block: NoC commands in flight under delayed completion, for
 * debuggers (docs/gdb.md, `tt noc`).  Read only; reading them changes
 * nothing.  NOC_HELD0 + 4 * n is how many commands NoC n of this core
 * holds; record i (oldest first, up to TT_EMU_NOC_HELD_MAX per NoC) of
 * NoC n is TT_EMU_NOC_HELD_WORDS words at NOC_HELD_CMD0 +
 * (n * TT_EMU_NOC_HELD_MAX + i) * TT_EMU_NOC_HELD_BYTES: an INFO word,
 * then the command buffer registers it was sent with.
 */
TT_REG32(EMU, NOC_HELD0, 0x100)		/* ro: commands held on NoC 0 */
TT_REG32(EMU, NOC_HELD1, 0x104)		/* ro: ... on NoC 1 */
TT_REG32(EMU, NOC_HELD_CMD0, 0x800)	/* ro: first record */
TT_FIELD(EMU, NOC_HELD_INFO, KIND, 0, 8)	/* enum tt_noc_held_kind */
TT_FIELD(EMU, NOC_HELD_INFO, RISC, 8, 8)	/* issuing RISC */
TT_FIELD(EMU, NOC_HELD_INFO, BUF, 16, 8)	/* command buffer */
TT_FIELD(EMU, NOC_HELD_INFO, TRID, 24, 8)	/* transaction id */
#define TT_EMU_NOC_HELD_MAX		32
#define TT_EMU_NOC_HELD_BYTES		32
#define TT_EMU_NOC_HELD_WORDS		8
#define TT_EMU_NOC_HELD_INFO		0	/* word indices of a record */
#define TT_EMU_NOC_HELD_TARG_ADDR_LO	1
#define TT_EMU_NOC_HELD_TARG_ADDR_MID	2
#define TT_EMU_NOC_HELD_RET_ADDR_LO	3
#define TT_EMU_NOC_HELD_RET_ADDR_MID	4
#define TT_EMU_NOC_HELD_AT_LEN_BE	5
#define TT_EMU_NOC_HELD_CTRL		6
#define TT_EMU_NOC_HELD_PACKET_TAG	7

/*
 * EMU block: emulator statistics, for tests.  IO_REWINDS counts QEMU's
 * I/O rewinds (an MMIO access from mid-block re-run as a block of its own)
 * since the machine started, on all harts; 0 where there is no QEMU.
 * IO_LOCKED reads 1 when the read itself holds the emulator's global lock
 * (QEMU's BQL) and 0 when it does not (QEMU patch 0013, both modes) or
 * there is no such lock.  IO_DIRECT counts the MMIO accesses that reached
 * the model without QEMU's memory API (patch 0014), made from the reading
 * hart's host thread (every hart's, in the deterministic mode).  TBS is
 * the number of translation blocks the emulator holds (patch 0015 shares
 * them among cores).  IO_LATCHED counts, like IO_DIRECT, the writes of
 * plain registers (those that only hold a value, such as a NoC command's
 * addresses) that the emulator stored without calling the model (patch
 * 0020).  TLB_FLUSHES counts the flushes of a hart's TLB (all of it, or
 * the part of one MMU mode), all harts together; patch 0021 keeps kernel
 * launches from making any.
 */
TT_REG32(EMU, IO_REWINDS, 0x0C0)	/* ro: low 32 bits */
TT_REG32(EMU, IO_LOCKED, 0x0C4)		/* ro */
TT_REG32(EMU, IO_DIRECT, 0x0C8)		/* ro: low 32 bits */
TT_REG32(EMU, TBS, 0x0CC)		/* ro */
TT_REG32(EMU, IO_LATCHED, 0x0E0)	/* ro: low 32 bits */
TT_REG32(EMU, TLB_FLUSHES, 0x0E4)	/* ro: low 32 bits */

/*
 * EMU block: profiler markers (tt-metal's DeviceZoneScopedN and friends).
 * A kernel writes PROF_NAME and PROF_DATA_* as the marker needs, then
 * PROF_MARK; while a timeline trace is recorded the model puts the marker
 * on this RISC's track at the device clock of that write, with the
 * machine option profiler=on it sends it to the host (TT_EVT_PROFILER),
 * and otherwise it ignores it.
 *
 * With PROF_MARK.SITE set the name is followed, after its NUL, by where
 * the marker is in the kernel's source, "<file>,<line>" (tt-metal's
 * macros give it; the device profiler's log reports it).
 */
TT_REG32(EMU, PROF_NAME, 0x0D0)		/* rw: L1 address of a NUL-terminated name */
TT_REG32(EMU, PROF_DATA_LO, 0x0D4)	/* rw: marker data, low word */
TT_REG32(EMU, PROF_DATA_HI, 0x0D8)	/* rw: marker data, high word */
TT_REG32(EMU, PROF_MARK, 0x0DC)		/* wo */
TT_FIELD(EMU, PROF_MARK, KIND, 0, 16)	/* enum tt_prof_mark */
TT_FIELD(EMU, PROF_MARK, SITE, 16, 1)	/* the name is followed by its site */

/* Slots of summed zones per RISC (DeviceZoneScopedSumN1, N2). */
#define TT_PROF_SUM_SLOTS	2

#ifndef __ASSEMBLER__
/* What a held NoC command is (EMU NOC_HELD_INFO KIND). */
enum tt_noc_held_kind {
	TT_NOC_HELD_READ = 1,
	TT_NOC_HELD_WRITE,		/* non-posted: acknowledged */
	TT_NOC_HELD_POSTED_WRITE,
};

/* Markers written to EMU_PROF_MARK. */
enum tt_prof_mark {
	TT_PROF_ZONE_BEGIN = 0x9f0,	/* open a zone named PROF_NAME */
	TT_PROF_ZONE_END,		/* close the innermost open zone */
	TT_PROF_DATA,			/* PROF_NAME with the 64-bit PROF_DATA */
	TT_PROF_EVENT,			/* event id PROF_DATA_LO */
	TT_PROF_SUM_BEGIN,		/* open summed zone PROF_NAME, slot PROF_DATA_LO */
	TT_PROF_SUM_END,		/* close slot PROF_DATA_LO: add to its sum */
};

/* Kernel API misuse reported through FAULT_REPORT. */
enum tt_fault_kind {
	TT_FAULT_NONE = 0,
	TT_FAULT_CB_UNCONFIGURED = 0xfa0,	/* id = CB */
	TT_FAULT_CB_PUSH_UNRESERVED,		/* arg0 = pushed, arg1 = reserved */
	TT_FAULT_CB_POP_UNWAITED,		/* arg0 = popped, arg1 = waited for */
	TT_FAULT_CB_RESERVE_TOO_BIG,		/* arg0 = pages, arg1 = CB pages */
	TT_FAULT_CB_WAIT_TOO_BIG,		/* arg0 = pages, arg1 = CB pages */
	TT_FAULT_SFPI_SLOTS,			/* id = vector slots there are */
	TT_FAULT_RTA_PAST_END,			/* id = index, arg0 = args set */
	TT_FAULT_CRTA_PAST_END,			/* id = index, arg0 = args set */
	TT_FAULT_ASSERT,			/* id = source line (ASSERT) */
};

/* What a sleeping hart waits for (the hang report prints these). */
enum tt_wait_kind {
	TT_WAIT_NONE = 0,
	TT_WAIT_RESET = 0x5e0,		/* held in reset, in the boot ROM */
	TT_WAIT_GO,			/* BRISC: go message from the host */
	TT_WAIT_SUBORDINATE_GO,		/* subordinate: its byte of subordinate_sync */
	TT_WAIT_SUBORDINATES_DONE,	/* BRISC: the other RISCs to finish */
	TT_WAIT_CB_FRONT,		/* id = CB, expect = pages */
	TT_WAIT_CB_BACK,		/* id = CB, expect = free pages */
	TT_WAIT_SEMAPHORE,		/* id = L1 address, expect = value */
	TT_WAIT_SEMAPHORE_MIN,		/* id = L1 address, expect = minimum */
	TT_WAIT_NOC_BARRIER,		/* id = barrier kind, expect = count */
	TT_WAIT_TILE_ENGINE,		/* id = engine resource */
	TT_WAIT_HALTED,			/* trap in the firmware: id = mcause, expect = mepc */
	TT_WAIT_ETH_DATA,		/* ethernet: id = L1 address the far core
					   writes, expect = value */
	TT_WAIT_ETH_TX,			/* ethernet: a send waits for link room */
};

/* Values a hart writes to EMU_DOORBELL. */
enum tt_doorbell {
	TT_DOORBELL_READY = 0xd0a1,	/* BRISC: core booted, all harts ready */
	TT_DOORBELL_DONE = 0xd0a2,	/* BRISC: the launched program finished */
};
#endif /* __ASSEMBLER__ */

#endif /* TT_HAL_EMU_REGS_H */
