/* SPDX-License-Identifier: Apache-2.0 */
/*
 * On-target tests, the host side (docs/firmware-tests.md).
 *
 * A test program is a C file of TT_TEST cases that includes tt_fwtest.h
 * (kernels/include).  tt_fwtest_run() reserves the result mailbox in L1,
 * builds the file for the chosen RISCs (as data-movement kernels on BRISC
 * and NCRISC, as a compute kernel on the three TRISCs), runs it on the
 * chosen cores and collects one result per case, core and RISC.
 */
#ifndef TT_FWTEST_H
#define TT_FWTEST_H

#include <stdint.h>
#include <stdio.h>

#include <tt/core.h>
#include <tt/device.h>
#include <tt/program.h>

/* tt_fwtest_config.riscs: which RISCs run the program. */
#define TT_FWTEST_BRISC	 (1u << 0)
#define TT_FWTEST_NCRISC (1u << 1)
#define TT_FWTEST_TRISCS (1u << 2) /* all three: built as compute */
#define TT_FWTEST_ALL	 (TT_FWTEST_BRISC | TT_FWTEST_NCRISC | TT_FWTEST_TRISCS)

struct tt_fwtest_config {
	const char *path;		 /* the test program */
	struct tt_core_range_set cores;	 /* where it runs */
	uint32_t riscs;			 /* TT_FWTEST_*; 0 = BRISC */
	const struct tt_define *defines; /* extra -D for the build */
	uint32_t num_defines;
	uint32_t timeout_ms; /* 0 = 30 s */
};

/* tt_fwtest_outcome.status */
enum tt_fwtest_status {
	TT_FWTEST_STATUS_PASS,
	TT_FWTEST_STATUS_FAIL,
	TT_FWTEST_STATUS_SKIP,
	TT_FWTEST_STATUS_CRASH,	  /* started, never returned (trap, hang) */
	TT_FWTEST_STATUS_NOT_RUN, /* an earlier case crashed */
};

/* One case on one hart. */
struct tt_fwtest_outcome {
	struct tt_core core; /* logical */
	unsigned int risc;   /* TT_RISC_* */
	char name[40];
	enum tt_fwtest_status status;
	uint32_t checks;   /* EXPECT/ASSERTs evaluated */
	uint32_t failures; /* of which failed */
	uint32_t line;	   /* first failure or skip */
	char msg[88];	   /* its text */
};

struct tt_fwtest_result {
	char path[256];
	uint32_t num; /* outcomes, core-major then RISC, case */
	struct tt_fwtest_outcome *outcomes;
	uint32_t passed, failed, skipped, crashed, not_run;
	struct tt_run_report run; /* the run's own report (trap, hang) */
	char run_errors[2048];	  /* what failed in the run, one per line */
};

/*
 * Build and run @cfg on @dev.  Returns TT_OK when every case passed or
 * was skipped, TT_ETESTFAIL when some failed or crashed (details in
 * *@out), another code when nothing could run (build error, bad config;
 * tt_last_error() says why).  Free *@out with tt_fwtest_result_free().
 */
int tt_fwtest_run(struct tt_device *dev, const struct tt_fwtest_config *cfg,
		  struct tt_fwtest_result **out);
void tt_fwtest_result_free(struct tt_fwtest_result *res);

/*
 * Print @res as TAP 13 (kselftest's format): one line per case and
 * hart, the failure text as a diagnostic, a summary comment at the end.
 */
void tt_fwtest_print_tap(FILE *f, const struct tt_fwtest_result *res);

#endif /* TT_FWTEST_H */
