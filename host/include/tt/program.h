/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Programs and kernels: tt-metal's CreateProgram, CreateKernel with a
 * DataMovementConfig, SetRuntimeArgs, SetCommonRuntimeArgs and
 * EnqueueProgram + Finish (slow dispatch) in C.
 *
 * A kernel is C or C++ source built on first use with the RISC-V cross compiler
 * and cached by content (source, headers, args, defines, firmware), so a
 * warm run compiles nothing.
 *
 * Threads and handles: see tt/device.h.  A program is used by one thread
 * at a time and is in flight on at most one device at a time; programs
 * on different devices run independently.  A program that is not live
 * (NULL, destroyed, or not a program) is refused with TT_EINVAL; every
 * refusal also sets tt_last_error().
 *
 * Core ranges of kernels, CBs and semaphores must lie inside the largest
 * grid of the emulated chip (Wormhole B0: 8x10) when they are created,
 * and inside the device's grid when the program is enqueued.
 */
#ifndef TT_PROGRAM_H
#define TT_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include <tt/core.h>
#include <tt/device.h>

struct tt_program;

/* Index of a kernel inside its program (tt-metal: KernelHandle). */
typedef uint32_t tt_kernel_handle;

/* tt-metal DataMovementProcessor: RISCV_0 is BRISC, RISCV_1 is NCRISC. */
enum tt_dm_processor {
	TT_DM_RISCV_0 = 0,
	TT_DM_RISCV_1 = 1,
};

enum tt_noc {
	TT_NOC_0 = 0,
	TT_NOC_1 = 1,
};

struct tt_define {
	const char *name;
	const char *value; /* NULL or "" for a bare -Dname */
};

/*
 * A named compile-time arg: get_named_compile_time_arg_val("name") in a
 * C++ kernel is @value, a constant expression.  Names are printable text
 * without quotes or backslashes.
 */
struct tt_named_arg {
	const char *name;
	uint32_t value;
};

struct tt_dm_config {
	enum tt_dm_processor processor;
	enum tt_noc noc;
	const uint32_t *compile_args; /* get_compile_time_arg_val(i) */
	uint32_t num_compile_args;
	const struct tt_define *defines;
	uint32_t num_defines;
	const struct tt_named_arg *named_compile_args; /* C++ kernels */
	uint32_t num_named_compile_args;
};

/*
 * tt-metal's Eth mode of an ethernet kernel: SENDER and RECEIVER run on an
 * active ethernet core (its channel has a link), IDLE on an idle one.
 */
enum tt_eth_mode {
	TT_ETH_SENDER = 0,
	TT_ETH_RECEIVER = 1,
	TT_ETH_IDLE = 2,
};

/* tt-metal EthernetConfig; a zeroed struct is a SENDER on NoC 0. */
struct tt_eth_config {
	enum tt_eth_mode mode;
	enum tt_noc noc;
	const uint32_t *compile_args;
	uint32_t num_compile_args;
	const struct tt_define *defines;
	uint32_t num_defines;
	const struct tt_named_arg *named_compile_args;
	uint32_t num_named_compile_args;
};

/*
 * tt-metal MathFidelity (multiplier passes of the FPU).  Zero is the
 * default, HiFi4, as in tt-metal's ComputeConfig, so a zeroed config
 * behaves the same in both.
 */
enum tt_math_fidelity {
	TT_MATH_FIDELITY_DEFAULT = 0, /* HiFi4 */
	TT_MATH_FIDELITY_LOFI = 1,
	TT_MATH_FIDELITY_HIFI2 = 2,
	TT_MATH_FIDELITY_HIFI3 = 3,
	TT_MATH_FIDELITY_HIFI4 = 4,
};

/* tt-metal ComputeConfig; a zeroed struct gives tt-metal's defaults. */
struct tt_compute_config {
	enum tt_math_fidelity math_fidelity;
	bool fp32_dest_acc_en;	      /* 32-bit Dst (half as many tiles) */
	bool math_approx_mode;	      /* SFPU approximations */
	const uint32_t *compile_args; /* get_compile_time_arg_val(i) */
	uint32_t num_compile_args;
	const struct tt_define *defines;
	uint32_t num_defines;
	const struct tt_named_arg *named_compile_args; /* C++ kernels */
	uint32_t num_named_compile_args;
};

/* Maximum runtime args per kernel and core, unique + common (tt-metal: 341). */
#define TT_MAX_RUNTIME_ARGS 341

/*
 * tt_run_report.risc of a failure that belongs to no single hart (a
 * deadlock, a refused launch); core and pc then hold TT_RUN_NOWHERE.
 */
#define TT_RUN_NOWHERE 0xffffffffu

/*
 * Where a run failed and how long it ran.  What went wrong, in words (one
 * line per failing core or RISC), is the last error: tt_last_error()
 * right after the call that returned the failure (docs/errors.md).
 */
struct tt_run_report {
	int status;	     /* TT_OK or the error returned */
	struct tt_core core; /* first failing core */
	unsigned int risc;   /* TT_RISC_* of the first failure */
	uint32_t pc;
	uint64_t instructions; /* from GO to the last core's DONE (icount);
					 * 0 in parallel mode, which has none */
};

int tt_program_create(struct tt_program **out);

/*
 * Free @prog; safe on NULL.  A program still in flight is stopped first:
 * the cores that have not finished are reset and ready for the next
 * program when this returns, and its results are lost.  Destroying a
 * program twice sets tt_last_error() and does nothing else.
 */
void tt_program_destroy(struct tt_program *prog);

/*
 * Add a data-movement kernel from the C file (or, for a .cpp, .cc or .cxx
 * name, the C++ file: docs/kernel-api.md) @path on @cores.  Relative
 * paths are resolved against the current directory, then TT_EMU_KERNEL_PATH
 * (colon separated); TT_ENOENT if not found, TT_EINVAL for a directory.
 * At most one kernel per RISC per core.  Any number of compile-time args
 * and defines may be given.
 */
int tt_kernel_create(struct tt_program *prog, const char *path,
		     const struct tt_core_range_set *cores, const struct tt_dm_config *cfg,
		     tt_kernel_handle *out);

/*
 * Add an ethernet kernel (tt-metal's CreateKernel with EthernetConfig) from
 * @path on the ethernet cores @cores, named as tt-metal's logical
 * ethernet cores: (0, channel), channel < the arch's count (16 on a
 * Wormhole).  It runs on the core's one RISC, built with
 * COMPILE_FOR_ERISC (active: SENDER, RECEIVER) or COMPILE_FOR_IDLE_ERISC
 * (IDLE) defined; the data-movement kernel API works there as on a
 * worker, with the core's own L1 (tt_arch.eth_l1_size bytes).  Circular
 * buffers do not exist on ethernet cores.
 */
int tt_eth_kernel_create(struct tt_program *prog, const char *path,
			 const struct tt_core_range_set *cores, const struct tt_eth_config *cfg,
			 tt_kernel_handle *out);

/*
 * Add a compute kernel from the C (or C++) file @path on @cores: built three times
 * (TRISC_UNPACK for TRISC0, TRISC_MATH for TRISC1, TRISC_PACK for TRISC2,
 * see kernels/include/compute_kernel_api.h) with the data formats of the
 * program's CBs, all three started together.  Runtime args set on the
 * handle go to all three.  At most one compute kernel per core.
 */
int tt_compute_kernel_create(struct tt_program *prog, const char *path,
			     const struct tt_core_range_set *cores,
			     const struct tt_compute_config *cfg, tt_kernel_handle *out);

/* Unique runtime args of @kernel on @core (replaces earlier ones). */
int tt_kernel_set_runtime_args(struct tt_program *prog, tt_kernel_handle kernel,
			       struct tt_core core, const uint32_t *args, uint32_t count);

/* Runtime args shared by every core of @kernel. */
int tt_kernel_set_common_runtime_args(struct tt_program *prog, tt_kernel_handle kernel,
				      const uint32_t *args, uint32_t count);

/*
 * tt-metal CreateSemaphore: a 32-bit semaphore starting at
 * @initial_value on every core of @cores, for every launch of @prog.
 * *@id is the smallest id no other semaphore of @prog uses on any of
 * these cores; kernels find it with get_semaphore(id).  Returns TT_OK,
 * TT_EINVAL or TT_ENOSPC (all ids taken on a core: TT_MAX_SEMAPHORES per
 * core, hal/tt_kernel_config.h).
 */
int tt_semaphore_create(struct tt_program *prog, const struct tt_core_range_set *cores,
			uint32_t initial_value, uint32_t *id);

/* The same on the ethernet cores @cores ((0, channel), tt_eth_kernel_create). */
int tt_eth_semaphore_create(struct tt_program *prog, const struct tt_core_range_set *cores,
			    uint32_t initial_value, uint32_t *id);

/*
 * Build every kernel of @prog now (tt_program_run does it on demand).
 * @dev may be NULL: building needs no device.
 */
int tt_program_compile(struct tt_device *dev, struct tt_program *prog,
		       struct tt_run_report *report);

/*
 * Load @prog on its cores and start it (EnqueueProgram, non-blocking).
 * Then tt_finish() waits until every core reports done, a kernel traps,
 * the device finds every hart asleep with nothing left to wake one
 * (TT_EDEADLK, at once), or @timeout_ms passes (0: 60000; TT_ETIMEDOUT);
 * on failure @report (may be NULL)
 * names the cores, RISCs and what each was doing, and the device stays
 * usable: cores that did not finish are reset.  A program with semaphores
 * or CBs on @dev but no kernel there writes their configs to their cores
 * and starts nothing (its tt_finish returns at once).
 *
 * Programs on disjoint cores run at once (tt-metal's sub-devices): up to
 * TT_MAX_PROGRAMS_IN_FLIGHT may be in flight on a device, and
 * tt_enqueue_program() returns TT_EBUSY, naming the core, for a program
 * with a kernel on a core another in-flight program holds.  tt_finish()
 * waits for them all (TT_EINVAL when none is in flight), and
 * tt_finish_program() for one: the others run on.  A failure or a hang
 * ends every program in flight, whichever call waits: the device's report
 * names all of them.  One program may be in flight on several devices at
 * once (the chips of a system, tt/system.h); enqueue it from one thread
 * at a time.
 */
#define TT_MAX_PROGRAMS_IN_FLIGHT 16

int tt_enqueue_program(struct tt_device *dev, struct tt_program *prog,
		       struct tt_run_report *report);
int tt_finish(struct tt_device *dev, uint32_t timeout_ms, struct tt_run_report *report);
int tt_finish_program(struct tt_device *dev, struct tt_program *prog, uint32_t timeout_ms,
		      struct tt_run_report *report);

/* tt_enqueue_program() then tt_finish(). */
int tt_program_run(struct tt_device *dev, struct tt_program *prog, uint32_t timeout_ms,
		   struct tt_run_report *report);

#endif /* TT_PROGRAM_H */
