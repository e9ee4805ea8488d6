/* SPDX-License-Identifier: Apache-2.0 */
/*
 * NoC registers of one Tensix core: two NoCs (TT_MMIO_NOC0_BASE,
 * TT_MMIO_NOC1_BASE), each with four command buffers, configuration
 * registers and status counters.  Offsets are relative to the NoC's base;
 * command buffer b's registers sit at b * TT_NOC_CMD_BUF_STRIDE.  Values
 * are Wormhole B0's.
 *
 * A command: program TARG_ADDR_*, RET_ADDR_*, AT_LEN_BE (length, or atomic
 * operation), PACKET_TAG and CTRL, then write SEND_REQ to CMD_CTRL.
 *  - read:   data at TARG (remote) lands at RET;
 *  - write:  data at TARG (the source, local) lands at RET (remote, or a
 *            multicast rectangle);
 *  - inline: the 32-bit AT_DATA lands at TARG;
 *  - atomic: the word at TARG is updated, the old value goes to RET.
 * A 64-bit NoC address is split over LO (bits 0-31) and MID (bits 32-63):
 * MID holds local address bits 32-35 and the coordinates.
 */
#ifndef TT_HAL_NOC_REGS_H
#define TT_HAL_NOC_REGS_H

#include "tt_regfields.h"

#define TT_NOC_COUNT			2
#define TT_NOC_CMD_BUFS			4
#define TT_NOC_CMD_BUF_STRIDE		0x400

/* Command buffer roles in dedicated-NoC mode. */
#define TT_NOC_WR_CMD_BUF		0	/* large writes */
#define TT_NOC_RD_CMD_BUF		1	/* reads */
#define TT_NOC_WR_REG_CMD_BUF		2	/* small writes, semaphores */
#define TT_NOC_AT_CMD_BUF		3	/* atomics */

/* Per command buffer. */
TT_REG32(NOC, TARG_ADDR_LO, 0x00)
TT_REG32(NOC, TARG_ADDR_MID, 0x04)
TT_REG32(NOC, TARG_ADDR_HI, 0x08)
TT_REG32(NOC, RET_ADDR_LO, 0x0C)
TT_REG32(NOC, RET_ADDR_MID, 0x10)
TT_REG32(NOC, RET_ADDR_HI, 0x14)
TT_REG32(NOC, PACKET_TAG, 0x18)
TT_REG32(NOC, CTRL, 0x1C)
TT_REG32(NOC, AT_LEN_BE, 0x20)
TT_REG32(NOC, AT_DATA, 0x24)
TT_REG32(NOC, CMD_CTRL, 0x28)
TT_REG32(NOC, NODE_ID, 0x2C)
TT_REG32(NOC, ENDPOINT_ID, 0x30)
TT_REG32(NOC, CLEAR_OUTSTANDING_REQ_CNT, 0x50)
#define TT_NOC_CMD_BUF_REGS		(0x54 / 4)

/* Per NoC (inside command buffer 0's window). */
TT_REG32(NOC, CFG0, 0x100)		/* NOC_CFG(n) = CFG0 + 4n */
TT_REG32(NOC, STATUS0, 0x200)		/* NOC_STATUS(n) = STATUS0 + 4n */
#define TT_NOC_CFG_REGS			32
#define TT_NOC_STATUS_REGS		64

/* The MID word of a NoC address (WH: coordinates from bit 4). */
TT_FIELD(NOC, ADDR_MID, ADDR_HI, 0, 4)	/* local address bits 32-35 */
TT_FIELD(NOC, ADDR_MID, X, 4, 6)	/* unicast x / multicast end x */
TT_FIELD(NOC, ADDR_MID, Y, 10, 6)	/* unicast y / multicast end y */
TT_FIELD(NOC, ADDR_MID, START_X, 16, 6)	/* multicast start x */
TT_FIELD(NOC, ADDR_MID, START_Y, 22, 6)	/* multicast start y */
#define TT_NOC_ADDR_LOCAL_BITS		36
#define TT_NOC_ADDR_COORD_SHIFT		32	/* MID word of the 64-bit address */

/* CTRL: the command word. */
TT_FIELD(NOC, CTRL, AT, 0, 1)		/* atomic (else copy) */
TT_FIELD(NOC, CTRL, WR, 1, 1)		/* write (else read) */
TT_FIELD(NOC, CTRL, WR_BE, 2, 1)
TT_FIELD(NOC, CTRL, WR_INLINE, 3, 1)	/* 32-bit AT_DATA to TARG */
TT_FIELD(NOC, CTRL, RESP_MARKED, 4, 1)	/* non-posted: ack / atomic response */
TT_FIELD(NOC, CTRL, BRCST_PACKET, 5, 1)	/* multicast */
TT_FIELD(NOC, CTRL, VC_LINKED, 6, 1)
TT_FIELD(NOC, CTRL, VC_STATIC, 7, 1)
TT_FIELD(NOC, CTRL, PATH_RESERVE, 8, 1)
TT_FIELD(NOC, CTRL, MEM_RD_DROP_ACK, 9, 1)
TT_FIELD(NOC, CTRL, STATIC_VC, 13, 3)
TT_FIELD(NOC, CTRL, BRCST_XY, 16, 1)
TT_FIELD(NOC, CTRL, BRCST_SRC_INCLUDE, 17, 1)	/* multicast loopback */
TT_FIELD(NOC, CTRL, ARB_PRIORITY, 27, 4)

TT_FIELD(NOC, CMD_CTRL, SEND_REQ, 0, 1)	/* write 1: send; reads 0: ready */

/* AT_LEN_BE of an atomic; of a copy it is the length in bytes. */
TT_FIELD(NOC, AT_LEN_BE, IND_32, 0, 2)	/* 32-bit word of the 16 B word */
TT_FIELD(NOC, AT_LEN_BE, WRAP, 2, 5)	/* low WRAP + 1 bits wrap */
TT_FIELD(NOC, AT_LEN_BE, IND_32_SRC, 10, 2)
TT_FIELD(NOC, AT_LEN_BE, INS, 12, 4)	/* TT_NOC_AT_INS_* */
TT_FIELD(NOC, AT_LEN_BE, BE, 0, 4)	/* byte enables of an inline write */

TT_FIELD(NOC, PACKET_TAG, HEADER_STORE, 9, 1)
TT_FIELD(NOC, PACKET_TAG, TRANSACTION_ID, 10, 4)

TT_FIELD(NOC, NODE_ID, X, 0, 6)
TT_FIELD(NOC, NODE_ID, Y, 6, 6)

/* Atomic instructions (AT_LEN_BE.INS). */
#define TT_NOC_AT_INS_NOP		0
#define TT_NOC_AT_INS_INCR_GET		1
#define TT_NOC_AT_INS_INCR_GET_PTR	2
#define TT_NOC_AT_INS_SWAP		3
#define TT_NOC_AT_INS_CAS		4
#define TT_NOC_AT_WRAP_FULL		31	/* 32-bit wrap */

#define TT_NOC_MAX_TRANSACTION_ID	0xF

/* Status counter indices: STATUS0 + 4 * index. */
#define TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED		0x0
#define TT_NOC_ST_MST_WR_ACK_RECEIVED			0x1
#define TT_NOC_ST_MST_RD_RESP_RECEIVED			0x2
#define TT_NOC_ST_MST_RD_DATA_WORD_RECEIVED		0x3
#define TT_NOC_ST_MST_CMD_ACCEPTED			0x4
#define TT_NOC_ST_MST_RD_REQ_SENT			0x5
#define TT_NOC_ST_MST_NONPOSTED_ATOMIC_SENT		0x6
#define TT_NOC_ST_MST_POSTED_ATOMIC_SENT		0x7
#define TT_NOC_ST_MST_NONPOSTED_WR_DATA_WORD_SENT	0x8
#define TT_NOC_ST_MST_POSTED_WR_DATA_WORD_SENT		0x9
#define TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT		0xA
#define TT_NOC_ST_MST_POSTED_WR_REQ_SENT		0xB
#define TT_NOC_ST_MST_NONPOSTED_WR_REQ_STARTED		0xC
#define TT_NOC_ST_MST_POSTED_WR_REQ_STARTED		0xD
#define TT_NOC_ST_MST_RD_REQ_STARTED			0xE
#define TT_NOC_ST_MST_NONPOSTED_ATOMIC_STARTED		0xF
#define TT_NOC_ST_MST_REQS_OUTSTANDING_ID(id)		(0x10 + (id))
#define TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(id)	(0x20 + (id))
#define TT_NOC_ST_SLV_ATOMIC_RESP_SENT			0x30
#define TT_NOC_ST_SLV_WR_ACK_SENT			0x31
#define TT_NOC_ST_SLV_RD_RESP_SENT			0x32
#define TT_NOC_ST_SLV_RD_DATA_WORD_SENT			0x33
#define TT_NOC_ST_SLV_REQ_ACCEPTED			0x34
#define TT_NOC_ST_SLV_RD_REQ_RECEIVED			0x35
#define TT_NOC_ST_SLV_NONPOSTED_ATOMIC_RECEIVED		0x36
#define TT_NOC_ST_SLV_POSTED_ATOMIC_RECEIVED		0x37
#define TT_NOC_ST_SLV_NONPOSTED_WR_DATA_WORD_RECEIVED	0x38
#define TT_NOC_ST_SLV_POSTED_WR_DATA_WORD_RECEIVED	0x39
#define TT_NOC_ST_SLV_NONPOSTED_WR_REQ_RECEIVED		0x3A
#define TT_NOC_ST_SLV_POSTED_WR_REQ_RECEIVED		0x3B

/* Which barrier a hart sleeps on (wait descriptor id of TT_WAIT_NOC_BARRIER). */
#define TT_NOC_BARRIER_READS		0
#define TT_NOC_BARRIER_WRITES_ACKED	1
#define TT_NOC_BARRIER_WRITES_SENT	2
#define TT_NOC_BARRIER_POSTED_WRITES	3
#define TT_NOC_BARRIER_ATOMICS		4
/* Transaction-id barriers: the id is in the low 4 bits; expect is 0. */
#define TT_NOC_BARRIER_READS_TRID(id)		(0x10 + (id))	/* REQS_OUTSTANDING_ID */
#define TT_NOC_BARRIER_WRITES_ACKED_TRID(id)	(0x20 + (id))	/* REQS_OUTSTANDING_ID */
#define TT_NOC_BARRIER_WRITES_SENT_TRID(id)	(0x30 + (id))	/* WRITE_REQS_OUTGOING_ID */

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

/* Barrier @id is a transaction-id barrier (of id @id & 0xf). */
static inline bool tt_noc_barrier_is_trid(uint32_t id)
{
	return id >= TT_NOC_BARRIER_READS_TRID(0) &&
	       id <= TT_NOC_BARRIER_WRITES_SENT_TRID(TT_NOC_MAX_TRANSACTION_ID);
}

/* "read", "write (acks)", ... of a wait descriptor's barrier @id. */
static inline const char *tt_noc_barrier_name(uint32_t id)
{
	static const char *const names[] = {
		[TT_NOC_BARRIER_READS] = "read",
		[TT_NOC_BARRIER_WRITES_ACKED] = "write (acks)",
		[TT_NOC_BARRIER_WRITES_SENT] = "writes flushed",
		[TT_NOC_BARRIER_POSTED_WRITES] = "posted writes flushed",
		[TT_NOC_BARRIER_ATOMICS] = "atomic",
	};
	static const char *const trid_names[] = {
		"read", "write (acks)", "writes flushed",
	};

	if (tt_noc_barrier_is_trid(id))
		return trid_names[(id >> 4) - 1];
	return id < sizeof(names) / sizeof(names[0]) ? names[id] : "?";
}
#endif

#endif /* TT_HAL_NOC_REGS_H */
