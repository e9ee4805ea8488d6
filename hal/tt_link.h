/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ethernet links between the chips of a system, and the steps that keep a
 * run of several chips deterministic (docs/decisions.md, "Ethernet between
 * chips: supersteps").  One file, "links", in a shared-memory directory of
 * the system, mapped by the host library and by every chip's emulator:
 *
 *   struct tt_link_sys      the step protocol, the host's commits
 *   rings                   one per (chip, ethernet channel), sender side:
 *                           TT_LINK_RING_SIZE bytes each, sparse
 *
 * Steps.  The chips of a system run in steps.  A chip active in step s
 * runs until every hart of it sleeps, then arrives; the last chip to
 * arrive ends the step: the chips that were sent packets in step s, or
 * that have a send waiting for room, are active in step s + 1 and get
 * their packets at its start.  When no chip is active the system is
 * quiescent: the next commit of the host (below) starts the chips it
 * names, and with none left every chip tells its host it is idle.  What
 * a chip sees is therefore a function of the steps, never of when
 * another process ran.
 *
 * Commits.  Host messages that wake harts (doorbells, resets) reach a
 * linked chip only by a commit: the host appends one, saying how many
 * messages it has sent to each chip, and one commit is applied per
 * quiescence, in order.  So launches on several chips start at one step,
 * and a launch never lands in the middle of another chip's step.
 *
 * Wakes.  A chip sleeping between steps waits on its FIFO "wake.<chip>"
 * in the same directory; whoever ends a step writes a byte to the FIFOs
 * of the chips it concerns.  The mutex is process-shared and robust.
 *
 * A packet in a ring: struct tt_link_packet, then @len bytes, padded to
 * 16.  A link moves at most TT_LINK_STEP_BYTES per step and direction; a
 * send past that waits for the next step.
 */
#ifndef TT_HAL_LINK_H
#define TT_HAL_LINK_H

#include <pthread.h>
#include <stdint.h>

/* Ethernet channels a chip may have (Wormhole's 16). */
#define TT_LINK_CHANNELS	16

#define TT_LINK_MAGIC		0x4b4e494cu /* "LINK" */
#define TT_LINK_VERSION		1
#define TT_LINK_MAX_CHIPS	64
#define TT_LINK_COMMITS		64
#define TT_LINK_STEP_BYTES	(256u * 1024)
#define TT_LINK_RING_SIZE	(2 * TT_LINK_STEP_BYTES + 64 * 1024)
#define TT_LINK_HEADER_SIZE	(64u * 1024)
#define TT_LINK_NO_PEER		0xffffu

/* Bytes of the links file of @nchips chips. */
#define TT_LINK_FILE_SIZE(nchips) \
	(TT_LINK_HEADER_SIZE + (uint64_t)(nchips) * TT_LINK_CHANNELS * TT_LINK_RING_SIZE)
/* Offset of the ring chip @chip sends on from channel @ch. */
#define TT_LINK_RING_OFFSET(chip, ch) \
	(TT_LINK_HEADER_SIZE + ((uint64_t)(chip) * TT_LINK_CHANNELS + (ch)) * TT_LINK_RING_SIZE)

struct tt_link_packet {
	uint64_t step;			/* the sender's step */
	uint32_t addr;			/* L1 address on the far ethernet core */
	uint32_t len;			/* bytes that follow */
};

struct tt_link_ring {
	uint64_t head;			/* bytes consumed by the receiver */
	uint64_t tail;			/* bytes written by the sender */
};

struct tt_link_chip {
	uint32_t active;		/* takes part in the current step */
	uint32_t arrived;		/* ... and has finished it */
	uint32_t waiting;		/* a send waits for the next step */
	uint32_t dead;			/* its emulator is gone */
	uint32_t release;		/* host messages it may apply */
	uint32_t pad;
	uint64_t step;			/* the last step it was active in */
};

struct tt_link_commit {
	uint32_t sent[TT_LINK_MAX_CHIPS];	/* messages sent to each chip */
};

struct tt_link_sys {
	uint32_t magic;
	uint32_t version;
	uint32_t nchips;
	uint32_t pad;
	pthread_mutex_t lock;		/* process-shared, robust */
	uint64_t step;			/* the current step */
	uint32_t nactive;		/* chips active in it */
	uint32_t narrived;		/* ... that have arrived */
	uint32_t quiescent;		/* no chip active, no packet in flight */
	uint32_t quiescent_gen;		/* times the system became quiescent */
	uint32_t commit_head;		/* commits applied */
	uint32_t commit_tail;		/* commits appended */
	struct tt_link_commit commits[TT_LINK_COMMITS];
	struct tt_link_chip chip[TT_LINK_MAX_CHIPS];
	struct tt_link_ring ring[TT_LINK_MAX_CHIPS][TT_LINK_CHANNELS];
	/* Far end of each (chip, channel): chip << 8 | channel, or NO_PEER. */
	uint16_t peer[TT_LINK_MAX_CHIPS][TT_LINK_CHANNELS];
};

_Static_assert(sizeof(struct tt_link_sys) <= TT_LINK_HEADER_SIZE,
	       "the links header outgrew its space");

#endif /* TT_HAL_LINK_H */
