/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The result mailbox of on-target tests (docs/firmware-tests.md): what a
 * test program running on a hart leaves in L1 for the host to read.
 *
 * The host reserves one block per core at the same L1 address on every
 * core (an L1 buffer), zeroes it, and passes its address to the test
 * program as -DTT_FWTEST_RESULTS=<addr>.  Each RISC owns the record at
 * TT_FWTEST_RESULTS + risc * sizeof(struct tt_fwtest_record).  Records are
 * written only by their hart and read only by the host after the run, so
 * no protocol beyond "zero before, read after" is needed.
 */
#ifndef TT_HAL_FWTEST_ABI_H
#define TT_HAL_FWTEST_ABI_H

#include <assert.h>
#include <stdint.h>

#include "tt_riscv.h"

#define TT_FWTEST_MAX_CASES	32	/* cases per test program */
#define TT_FWTEST_NAME_LEN	40	/* case name, NUL-terminated, truncated */
#define TT_FWTEST_MSG_LEN	88	/* first failure, NUL-terminated, truncated */

/* A record's magic once its runner started; anything else: never ran. */
#define TT_FWTEST_MAGIC		0xf7e57001u

/* tt_fwtest_case.status; 0 (never started) is what the host zeroed. */
#define TT_FWTEST_NOT_RUN	0
#define TT_FWTEST_RUNNING	1	/* started and never came back */
#define TT_FWTEST_PASS		2
#define TT_FWTEST_FAIL		3
#define TT_FWTEST_SKIP		4

struct tt_fwtest_case {
	char name[TT_FWTEST_NAME_LEN];
	uint32_t status;
	uint32_t checks;		/* EXPECT/ASSERTs evaluated */
	uint32_t failures;		/* of which failed */
	uint32_t line;			/* of the first failure or the skip */
	char msg[TT_FWTEST_MSG_LEN];	/* what the first failure said */
};

struct tt_fwtest_record {
	uint32_t magic;
	uint32_t num_cases;		/* registered in the program */
	uint32_t current;		/* case running now (or the last one) */
	uint32_t done;			/* TT_FWTEST_MAGIC once all cases ran */
	struct tt_fwtest_case cases[TT_FWTEST_MAX_CASES];
};

static_assert(sizeof(struct tt_fwtest_case) == 144, "tt_fwtest_case layout");
static_assert(sizeof(struct tt_fwtest_record) == 16 + 32 * 144,
	       "tt_fwtest_record layout");

/* Bytes of L1 a core needs for the records of all its RISCs. */
#define TT_FWTEST_CORE_BYTES	(TT_RISCS_PER_CORE * sizeof(struct tt_fwtest_record))

#endif /* TT_HAL_FWTEST_ABI_H */
