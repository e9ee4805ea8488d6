/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Programs: kernels, their runtime args and semaphores, circular buffers,
 * the kernel build and cache, the launch and the run report.  Builds on
 * device/ and memory/.
 */
#ifndef TT_HOST_PROGRAM_H
#define TT_HOST_PROGRAM_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tt/tt.h>

#include "device/device.h"
#include "memory/memory.h"
#include "tt_mem_map.h"

/* Kernel build (JIT + cache) --------------------------------------------- */

struct tt_kernel_build {
	const char *path; /* resolved source path */
	unsigned int risc;
	const uint32_t *compile_args;
	uint32_t num_compile_args;
	const struct tt_define *defines;
	uint32_t num_defines;
	const struct tt_named_arg *named_args; /* C++ kernels only */
	uint32_t num_named_args;
};

/* Can @name be a named compile-time arg (a C++ string literal as is)? */
bool tt_named_arg_valid(const char *name);

/* Build (or find in the cache) and load the kernel ELF; 128-bit id out. */
int tt_build_kernel(const struct tt_kernel_build *kb, struct tt_elf *elf, uint64_t id[2], char *log,
		    size_t loglen);

struct tt_build_job {
	struct tt_kernel_build kb;
	struct tt_elf *elf;
	uint64_t *id; /* two words */
};

/*
 * tt_build_kernel for @n kernels at once: the cache misses compile in
 * parallel, one compiler per CPU.  On failure *@failed is the job at fault
 * and @log says why.
 */
int tt_build_kernels(const struct tt_build_job *jobs, uint32_t n, uint32_t *failed, char *log,
		     size_t loglen);

/* Core ranges ------------------------------------------------------------ */

static inline bool tt_core_ranges_meet(const struct tt_core_range *a, const struct tt_core_range *b)
{
	return a->start.x <= b->end.x && b->start.x <= a->end.x && a->start.y <= b->end.y &&
	       b->start.y <= a->end.y;
}

/* Do @a and @b share a core? */
static inline bool tt_core_range_sets_meet(const struct tt_core_range_set *a,
					   const struct tt_core_range_set *b)
{
	for (uint32_t i = 0; i < a->count; i++)
		for (uint32_t j = 0; j < b->count; j++)
			if (tt_core_ranges_meet(&a->ranges[i], &b->ranges[j]))
				return true;
	return false;
}

/* Circular buffers of a program (cb.c) ----------------------------------- */

struct tt_cb {
	struct tt_core_range_set cores;
	uint32_t addr; /* same on every core */
	uint32_t size;
	uint32_t mask;		     /* indices served */
	bool global;		     /* inside an L1 buffer, not the CB region */
	const struct tt_buffer *buf; /* that buffer (checked at each launch) */
	uint32_t page_size[TT_NUM_CBS];
	uint8_t data_format[TT_NUM_CBS];
};

struct tt_cb_set {
	struct tt_cb *cbs;
	uint32_t count;
};

/*
 * TT_OK if @prog is a live program, else TT_EINVAL with the last error
 * set on behalf of @fn (the public entry point).
 */
int tt_prog_check(const struct tt_program *prog, const char *fn);

/* "(0,0)-(3,3), (5,0)-(5,0)": the ranges of @set, for messages. */
const char *tt_core_range_set_text(const struct tt_core_range_set *set, char *buf, size_t len);

/*
 * TT_OK if every range of @set (1 .. TT_CORE_RANGE_SET_MAX of them) has
 * start <= end and lies inside the largest grid any device can have;
 * else TT_EINVAL / TT_ERANGE with the last error naming @fn and @what.
 */
int tt_core_range_set_check(const struct tt_core_range_set *set, const char *fn, const char *what);

/* The CBs of @prog (program.c). */
struct tt_cb_set *tt_program_cbs(struct tt_program *prog);
const struct tt_cb_set *tt_program_cbs_const(const struct tt_program *prog);

void tt_cb_set_free(struct tt_cb_set *set);

/*
 * Fill @words with the config of every CB index on core @xy (zero for the
 * others) and return the index mask; *@end is the first byte past the
 * core's CB region, 0 if it has none.
 */
uint32_t tt_cb_core_config(const struct tt_cb_set *set, struct tt_core xy, uint32_t *words,
			   uint64_t *end);

/*
 * Data format of every CB index on @cores into @df (TT_NUM_CBS entries,
 * TT_DF_INVALID where none); TT_EINVAL if an index has two.
 */
int tt_cb_formats(const struct tt_cb_set *set, const struct tt_core_range_set *cores, uint8_t *df);

/*
 * Is the buffer of every globally allocated CB of @set still live, on
 * @dev and where the CB points?  TT_EINVAL with why if not.
 */
int tt_cb_check_globals(const struct tt_cb_set *set, const struct tt_device *dev, char *why,
			size_t whylen);

/* Programs (program.c) ---------------------------------------------------- */

struct tt_core_args {
	struct tt_core core;
	uint32_t count;
	uint32_t *values;
};

struct tt_kernel {
	char path[PATH_MAX];
	unsigned int risc;
	unsigned int noc;
	struct tt_core_range_set cores;
	uint32_t *compile_args;
	uint32_t num_compile_args;
	struct tt_define *defines;
	uint32_t num_defines;
	struct tt_named_arg *named_args;
	uint32_t num_named_args;
	uint32_t common[TT_MAX_RUNTIME_ARGS];
	uint32_t num_common;
	struct tt_core_args *args;
	uint32_t num_args;
	bool built;
	struct tt_elf elf;
	uint64_t id[2];
	uint32_t group;	     /* kernels behind this handle (3: compute) */
	uint8_t compute_cfg; /* TILE CONFIG fields (compute kernels) */
	bool eth;	     /* on ethernet cores: cores are (0, channel) */
};

struct tt_semaphore {
	struct tt_core_range_set cores;
	bool eth; /* on ethernet cores */
	uint32_t id;
	uint32_t value;
};

struct tt_program {
	struct tt_kernel **kernels;
	uint32_t num_kernels;
	struct tt_semaphore *sems;
	uint32_t num_sems;
	struct tt_cb_set cbs;
	/*
	 * The devices @prog was enqueued on and not seen finished since (the
	 * chips of a mesh run one program at once); an entry whose device
	 * closed or moved on is stale and dropped when met
	 * (tt_prog_inflight_on).
	 */
	struct tt_prog_flight {
		struct tt_device *dev;
		uint64_t serial; /* dev->serial then */
	} * flights;
	uint32_t num_flights;
	uint32_t cap_flights;
};

/* Is @prog in flight on @dev? */
static inline bool tt_dev_runs(const struct tt_device *dev, const struct tt_program *prog)
{
	for (uint32_t i = 0; i < dev->ninflight; i++)
		if (dev->inflight[i] == prog)
			return true;
	return false;
}

/* Is @prog in flight on the device of @f (which may be closed)? */
static inline bool tt_prog_flight_live(const struct tt_program *prog,
				       const struct tt_prog_flight *f)
{
	return tt_dev_alive(f->dev, f->serial) && tt_dev_runs(f->dev, prog);
}

/* Runs (launch.c, run_report.c) ------------------------------------------- */

/* Zero @report (if any) for a new call. */
void tt_run_report_clear(struct tt_run_report *report);

/*
 * Say why in @report (if any) and in the thread's last error; @status.  A
 * macro, as tt_fail() is, so the analyser sees the code it returns.
 */
#define tt_run_fail(report, status, ...) \
	(tt_run_set_error((report), (status), __VA_ARGS__), (status))
void tt_run_set_error(struct tt_run_report *report, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Add the source line of every trap and guest error of this run. */
void tt_run_trap_locations(struct tt_device *dev);

/* What a hart of an unfinished core is doing, as far as a person cares. */
enum tt_hart_activity {
	TT_HART_IDLE, /* no kernel in this run, or not started */
	TT_HART_RUNNING,
	TT_HART_ASLEEP,	  /* in its kernel, waiting for something */
	TT_HART_FINISHED, /* its kernel returned */
	TT_HART_TRAPPED,
	TT_HART_HALTED, /* fatal firmware error */
};

/* The state of the hart @w (from tt_dev_dump_waits) describes. */
enum tt_hart_activity tt_run_hart_state(struct tt_device *dev, const struct tt_evt_wait_state *w);

/* "waits for semaphore 0 == 1 (now 0)": what @w waits for. */
const char *tt_run_wait_text(const struct tt_evt_wait_state *w, char *buf, size_t len);

/*
 * Add the root cause of a hang to the run errors: the chain of waits
 * from the first sleeping hart to a cycle or to a hart that finished
 * without doing its part (hang_cause.c).  Needs dev->waits.
 */
void tt_run_hang_cause(struct tt_device *dev, bool deadlock);

/* Why a run is stopped before every core finished. */
enum tt_hang_cause {
	TT_HANG_TIMEOUT,       /* not done within the timeout */
	TT_HANG_AFTER_FAILURE, /* not done in the grace time after a failure */
	TT_HANG_DEADLOCK,      /* every hart asleep and nothing can wake one */
};

/*
 * Add to the run errors why the run stopped (@cause; @ms is the timeout
 * or the grace time) and what every unfinished core waits for or where
 * it runs.
 */
void tt_run_hang_report(struct tt_device *dev, enum tt_hang_cause cause, uint32_t ms);

#endif /* TT_HOST_PROGRAM_H */
