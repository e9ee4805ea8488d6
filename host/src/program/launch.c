// SPDX-License-Identifier: Apache-2.0
/*
 * Launching a program and waiting for it to finish.
 *
 * A launch follows tt-metal's slow dispatch: per core the host writes the
 * kernel-config blob (hal/tt_kernel_config.h: semaphores, CB configs,
 * unique and common runtime args per RISC) at TT_MEM_KERNEL_CONFIG_BASE,
 * each kernel's text into its RISC's slot (skipped when the same binary
 * is already there) and the launch message; then one doorbell message sets
 * go = GO on every core and wakes every BRISC.  Before anything is
 * written, every core's CB region is checked against the L1 buffers
 * allocated at that moment (tt_bank_check_cb).
 *
 * Programs on disjoint cores may be in flight at once (sub-devices): each
 * launched core remembers its program, and the run state (errors, the
 * instruction count) spans from the first launch to the finish of the
 * last.
 *
 * tt_finish() sleeps on the control channel until each core's DONE
 * doorbell arrives; tt_finish_program() until its program's cores have.  On a timeout it asks the device what every hart
 * waits for (run_report.c) and reboots the cores that did not finish.
 * The run state (which cores were launched, what failed) is the device's.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <tt/memory_report.h>

#include "program/program.h"
#include "tt_cb.h"
#include "tt_kernel_config.h"

#define TT_RUN_TIMEOUT_MS 60000
#define TT_FAIL_GRACE_MS  500 /* for other cores, after a failure */

static const struct tt_core_args *args_for(const struct tt_kernel *k, struct tt_core c)
{
	for (uint32_t i = 0; i < k->num_args; i++)
		if (k->args[i].core.x == c.x && k->args[i].core.y == c.y)
			return &k->args[i];
	return NULL;
}

static uint32_t args_align(uint32_t v)
{
	return (v + TT_KERNEL_CONFIG_ARGS_ALIGN - 1) & ~(TT_KERNEL_CONFIG_ARGS_ALIGN - 1u);
}

/*
 * Args at @blob + @off: a TT_ARGS_HEADER_SIZE header whose last word is
 * their count (the kernel API checks indices against it, hal/tt_mailbox.h),
 * then the @n values.  Returns the offset of the values.
 */
static uint32_t put_args(uint8_t *blob, uint32_t off, uint32_t n, const uint32_t *values)
{
	uint8_t *at = blob + off + TT_ARGS_HEADER_SIZE;

	memset(at - TT_ARGS_HEADER_SIZE, 0, TT_ARGS_HEADER_SIZE);
	memcpy(at - 4, &n, 4);
	if (n)
		memcpy(at, values, n * 4);
	return off + TT_ARGS_HEADER_SIZE;
}

/*
 * gdb notes (device/gdb.c) for core @index at this launch: each RISC's
 * kernel when its text was rewritten (@wrote bit per RISC), arg counts and
 * CB formats when they changed.
 */
static void note_core(struct tt_device *dev, const struct tt_program *prog, uint32_t index,
		      struct tt_kernel *const on[TT_RISCS_PER_CORE], uint32_t wrote)
{
	struct tt_core_state *cs = &dev->core[index];
	struct tt_core xy = tt_dev_core_xy(dev, index);
	struct tt_core_range_set one = tt_core_set(xy);
	uint8_t df[TT_NUM_CBS];
	char text[TT_NUM_CBS * 4 + 1], elf[1500];
	size_t len = 0;

	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
		const struct tt_kernel *k = on[r];
		struct tt_hart_state *hs = &cs->hart[r];
		const struct tt_core_args *a;
		uint32_t counts[2];

		if (!k)
			continue;
		if (wrote & (1u << r)) {
			tt_kernel_elf_path(k->id, elf, sizeof(elf));
			tt_gdb_note(dev, "kernel %u %u %u %s %s", dev->launches, index, r, elf,
				    k->path);
		}
		a = args_for(k, xy);
		counts[0] = a ? a->count : 0;
		counts[1] = k->num_common;
		if (!hs->args_noted || memcmp(hs->noted_args, counts, sizeof(counts)) != 0) {
			tt_gdb_note(dev, "args %u %u %u %u %u", dev->launches, index, r, counts[0],
				    counts[1]);
			memcpy(hs->noted_args, counts, sizeof(counts));
			hs->args_noted = true;
		}
	}
	if (tt_cb_formats(&prog->cbs, &one, df))
		return;
	if (cs->formats_noted && memcmp(cs->noted_formats, df, sizeof(df)) == 0)
		return;
	for (uint32_t i = 0; i < TT_NUM_CBS; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%u", i ? "," : "",
					df[i]);
	tt_gdb_note(dev, "cbformats %u %u %s", dev->launches, index, text);
	memcpy(cs->noted_formats, df, sizeof(df));
	cs->formats_noted = true;
}

/*
 * Write the semaphores and CB configs of @prog at core @index into its
 * config blob (hal/tt_kernel_config.h), zeros where @prog has none; the
 * CB mask (0: no CB) in *@cb_mask.  With @only_if_any, a core where @prog
 * has no semaphore and no CB is left as it is.  True when it has some.
 */
static bool stage_config(struct tt_device *dev, const struct tt_program *prog, uint32_t index,
			 bool only_if_any, uint32_t *cb_mask)
{
	struct tt_core xy = tt_dev_core_xy(dev, index);
	uint8_t *blob = tt_dev_l1(dev, index) + TT_MEM_KERNEL_CONFIG_BASE;
	uint8_t sems[TT_MAX_SEMAPHORES * TT_SEMAPHORE_STRIDE];
	uint32_t words[TT_NUM_CBS * TT_CB_CONFIG_WORDS];
	bool any = false;
	uint64_t end;

	memset(sems, 0, sizeof(sems));
	for (uint32_t i = 0; i < prog->num_sems; i++) {
		const struct tt_semaphore *sem = &prog->sems[i];

		if (sem->eth == tt_dev_core_is_eth(dev, index) &&
		    tt_core_range_set_contains(&sem->cores, xy)) {
			memcpy(sems + sem->id * TT_SEMAPHORE_STRIDE, &sem->value, 4);
			any = true;
		}
	}
	/* No CBs on an ethernet core. */
	memset(words, 0, sizeof(words));
	*cb_mask = 0;
	if (!tt_dev_core_is_eth(dev, index))
		*cb_mask = tt_cb_core_config(&prog->cbs, xy, words, &end);
	if (*cb_mask)
		any = true;
	if (only_if_any && !any)
		return false;
	memcpy(blob + TT_KERNEL_CONFIG_SEM_OFFSET, sems, sizeof(sems));
	memcpy(blob + TT_KERNEL_CONFIG_CB_OFFSET, words, sizeof(words));
	return any;
}

/* Write the config blob, kernel text and launch message of one core. */
static int stage_core(struct tt_device *dev, const struct tt_program *prog, uint32_t index,
		      struct tt_kernel *const on[TT_RISCS_PER_CORE], struct tt_run_report *report)
{
	struct tt_core xy = tt_dev_core_xy(dev, index);
	uint8_t *l1 = tt_dev_l1(dev, index);
	struct tt_mailbox *mb = (struct tt_mailbox *)(l1 + TT_MEM_MAILBOX_BASE);
	struct tt_kernel_config_msg kc = { 0 };
	/*
	 * Semaphores, then CB configs, then the args (hal/tt_kernel_config.h;
	 * tt-metal gets fixed semaphore addresses by sizing args per kernel,
	 * not per core).
	 */
	uint32_t off = TT_KERNEL_CONFIG_ARGS_OFFSET, text_lo = UINT32_MAX, text_hi = 0;
	uint8_t *blob = l1 + TT_MEM_KERNEL_CONFIG_BASE;
	uint32_t wrote = 0;

	kc.kernel_config_base = TT_MEM_KERNEL_CONFIG_BASE;
	kc.host_assigned_id = dev->launches;
	kc.mode = TT_DISPATCH_MODE_HOST;
	kc.sem_offset = TT_KERNEL_CONFIG_SEM_OFFSET;
	kc.local_cb_offset = TT_KERNEL_CONFIG_CB_OFFSET;
	stage_config(dev, prog, index, false, &kc.local_cb_mask);
	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
		const struct tt_kernel *k = on[r];
		const struct tt_core_args *a;
		struct tt_hart_state *hs = &dev->core[index].hart[r];
		uint32_t n;

		if (!k)
			continue;
		if (r == TT_RISC_BRISC)
			kc.brisc_noc_id = (uint8_t)k->noc;
		else if (r == TT_RISC_NCRISC)
			kc.ncrisc_noc_id = (uint8_t)k->noc;
		a = args_for(k, xy);
		n = a ? a->count : 0;
		if (args_align(off + TT_ARGS_HEADER_SIZE + n * 4) + TT_ARGS_HEADER_SIZE +
			    args_align(k->num_common * 4) >
		    TT_MEM_KERNEL_ARGS_SIZE)
			return tt_run_fail(report, TT_E2BIG,
					   "core (%u,%u): runtime args exceed the "
					   "%u-byte args area",
					   xy.x, xy.y, TT_MEM_KERNEL_ARGS_SIZE);
		off = put_args(blob, off, n, a ? a->values : NULL);
		kc.rta_offset[r].rta_offset = (uint16_t)off;
		off = args_align(off + n * 4);
		off = put_args(blob, off, k->num_common, k->common);
		kc.rta_offset[r].crta_offset = (uint16_t)off;
		off = args_align(off + k->num_common * 4);
		kc.kernel_text_offset[r] = k->elf.entry - TT_MEM_KERNEL_CONFIG_BASE;
		if (r >= TT_RISC_TRISC0)
			kc.compute_cfg = k->compute_cfg;
		kc.enables |= r == TT_RISC_BRISC    ? TT_ENABLE_DM0
			      : r == TT_RISC_NCRISC ? TT_ENABLE_DM1
						    : TT_ENABLE_MATH0;

		if (memcmp(hs->loaded_kernel, k->id, sizeof(k->id)) != 0) {
			for (uint32_t s = 0; s < k->elf.nsegs; s++) {
				const struct tt_elf_segment *seg = &k->elf.segs[s];

				memcpy(l1 + seg->addr, seg->data, seg->filesz);
				memset(l1 + seg->addr + seg->filesz, 0, seg->memsz - seg->filesz);
				if (seg->addr < text_lo)
					text_lo = seg->addr;
				if (seg->addr + seg->memsz > text_hi)
					text_hi = seg->addr + seg->memsz;
			}
			memcpy(hs->loaded_kernel, k->id, sizeof(k->id));
			wrote |= 1u << r;
		}
	}
	if (tt_gdb_noting(dev))
		note_core(dev, prog, index, on, wrote);

	if (text_hi) {
		struct tt_ctl_code_changed m = {
			.core = index,
			.addr = text_lo,
			.len = text_hi - text_lo,
		};
		int rc = tt_dev_send(dev, TT_CTL_CODE_CHANGED, &m, sizeof(m));

		if (rc)
			return tt_run_fail(report, rc, "device connection lost");
	}
	/* The device sets go = GO when it applies the doorbell. */
	memcpy(&mb->launch[0].kernel_config, &kc, sizeof(kc));
	return TT_OK;
}

/*
 * Every core's CB region must end below the lowest L1 buffer there (and
 * inside L1); the first core that breaks this refuses the launch with the
 * allocator's message.
 */
static int check_cb_regions(struct tt_device *dev, const struct tt_program *prog,
			    struct tt_run_report *report)
{
	uint32_t words[TT_NUM_CBS * TT_CB_CONFIG_WORDS];

	for (uint32_t c = 0; c < dev->nworkers; c++) {
		struct tt_core xy = tt_dev_core_xy(dev, c);
		struct tt_bank_core bc = { xy.x, xy.y };
		struct tt_bank_cb_clash clash;
		uint64_t end;
		int rc;

		if (!tt_cb_core_config(&prog->cbs, xy, words, &end))
			continue;
		if (dev->banks_ok) {
			rc = tt_bank_check_cb(&dev->banks, bc, end, &clash);
			if (rc)
				return tt_run_fail(report, rc, "%s", tt_last_error());
		} else if (end > dev->arch->l1_size) {
			return tt_run_fail(report, TT_ENOSPC,
					   "core (%u,%u): circular buffers end at 0x%llx, "
					   "past the end of L1",
					   xy.x, xy.y, (unsigned long long)end);
		}
	}
	return TT_OK;
}

/*
 * Is every range of @set inside @dev's grid (@eth: on its ethernet cores,
 * (0, channel))?  Else the first outside.
 */
static const struct tt_core_range *outside(const struct tt_device *dev,
					   const struct tt_core_range_set *set, bool eth)
{
	for (uint32_t r = 0; r < set->count; r++) {
		const struct tt_core_range *cr = &set->ranges[r];

		if (eth ? cr->end.x != 0 || cr->end.y >= dev->arch->eth_cores
			: cr->end.x >= dev->grid_x || cr->end.y >= dev->grid_y)
			return cr;
	}
	return NULL;
}

/* "the 8x8 grid" or "the 16 ethernet cores", for messages. */
static const char *grid_text(const struct tt_device *dev, bool eth, char *buf, size_t len)
{
	if (eth)
		snprintf(buf, len, "the %u ethernet cores (0,0)-(0,%u)", dev->arch->eth_cores,
			 dev->arch->eth_cores ? dev->arch->eth_cores - 1 : 0);
	else
		snprintf(buf, len, "the %ux%u grid", dev->grid_x, dev->grid_y);
	return buf;
}

/* CBs and semaphores of @prog must be on @dev's grid. */
static int check_grid(struct tt_device *dev, const struct tt_program *prog,
		      struct tt_run_report *report)
{
	const struct tt_core_range *cr;
	char where[80];

	for (uint32_t i = 0; i < prog->cbs.count; i++)
		if ((cr = outside(dev, &prog->cbs.cbs[i].cores, false)))
			return tt_run_fail(report, TT_ERANGE,
					   "CB %u: core range "
					   "(%u,%u)-(%u,%u) is outside the %ux%u grid",
					   i, cr->start.x, cr->start.y, cr->end.x, cr->end.y,
					   dev->grid_x, dev->grid_y);
	for (uint32_t i = 0; i < prog->num_sems; i++)
		if ((cr = outside(dev, &prog->sems[i].cores, prog->sems[i].eth)))
			return tt_run_fail(report, TT_ERANGE,
					   "semaphore %u: core "
					   "range (%u,%u)-(%u,%u) is outside %s",
					   prog->sems[i].id, cr->start.x, cr->start.y, cr->end.x,
					   cr->end.y,
					   grid_text(dev, prog->sems[i].eth, where, sizeof(where)));
	return TT_OK;
}

/*
 * No kernel of @prog may land on a core an in-flight program holds: the
 * first such core refuses the launch, naming both programs.
 */
static int check_cores_free(struct tt_device *dev, const struct tt_program *prog,
			    struct tt_run_report *report)
{
	if (!dev->ninflight)
		return TT_OK;
	for (uint32_t i = 0; i < prog->num_kernels; i++) {
		const struct tt_kernel *k = prog->kernels[i];

		for (uint32_t c = 0; c < dev->ncores; c++) {
			const struct tt_program *holder = dev->core[c].prog;
			struct tt_core xy = tt_dev_core_xy(dev, c);

			if (!holder || k->eth != tt_dev_core_is_eth(dev, c) ||
			    !tt_core_range_set_contains(&k->cores, xy))
				continue;
			return tt_run_fail(report, TT_EBUSY,
					   "tt_enqueue_program: %score (%u,%u) is busy: %s is "
					   "still in flight on this device there: finish it "
					   "first (tt_finish, tt_finish_program), or run %s on "
					   "other cores",
					   k->eth ? "ethernet " : "", xy.x, xy.y,
					   holder == prog	 ? "this program"
					   : holder->num_kernels ? holder->kernels[0]->path
								 : "a program",
					   k->path);
		}
	}
	return TT_OK;
}

/*
 * Drop the devices @prog is no longer in flight on and make room for one
 * more: a program may be in flight on several devices at once (the chips
 * of a mesh), one launch each.
 */
static int note_flight(struct tt_program *prog)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < prog->num_flights; i++)
		if (tt_prog_flight_live(prog, &prog->flights[i]))
			prog->flights[n++] = prog->flights[i];
	prog->num_flights = n;
	if (n == prog->cap_flights) {
		uint32_t cap = n ? 2 * n : 4;
		struct tt_prog_flight *f = realloc(prog->flights, cap * sizeof(*f));

		if (!f)
			return TT_ENOMEM;
		prog->flights = f;
		prog->cap_flights = cap;
	}
	return TT_OK;
}

int tt_enqueue_program(struct tt_device *dev, struct tt_program *prog, struct tt_run_report *report)
{
	struct tt_ctl_doorbell bell = {
		.risc_mask = 1u << TT_RISC_BRISC,
		.flags = TT_CTL_DOORBELL_GO,
	};
	uint32_t ncores = 0;
	int rc;

	tt_run_report_clear(report);
	rc = tt_dev_check(dev, "tt_enqueue_program");
	if (!rc)
		rc = tt_prog_check(prog, "tt_enqueue_program");
	if (rc)
		return tt_run_fail(report, rc, "%s", tt_last_error());
	if (dev->ninflight == TT_MAX_PROGRAMS_IN_FLIGHT)
		return tt_run_fail(report, TT_EBUSY,
				   "tt_enqueue_program: %u programs are in flight on this "
				   "device, the most it takes: finish one first",
				   dev->ninflight);
	if (tt_dev_lost(dev)) {
		char chip[32] = "the device";

		if (dev->in_system)
			snprintf(chip, sizeof(chip), "chip %u", dev->chip);
		return tt_run_fail(report, TT_EDEVICE,
				   "tt_enqueue_program: %s is lost: its QEMU exited; close it "
				   "(and its system) and open it again",
				   chip);
	}
	rc = note_flight(prog);
	if (rc)
		return tt_run_fail(report, rc, "tt_enqueue_program: out of host memory");
	rc = tt_program_compile(dev, prog, report);
	if (rc)
		return rc;

	for (uint32_t i = 0; i < prog->num_kernels; i++) {
		const struct tt_kernel *k = prog->kernels[i];
		const struct tt_core_range *cr = outside(dev, &k->cores, k->eth);
		char where[80];

		if (cr)
			return tt_run_fail(report, TT_ERANGE,
					   "%s: core range (%u,%u)-(%u,%u) is "
					   "outside %s",
					   k->path, cr->start.x, cr->start.y, cr->end.x, cr->end.y,
					   grid_text(dev, k->eth, where, sizeof(where)));
	}

	rc = check_grid(dev, prog, report);
	if (rc)
		return rc;
	rc = check_cb_regions(dev, prog, report);
	if (rc)
		return rc;
	{
		char why[300];

		if (tt_cb_check_globals(&prog->cbs, dev, why, sizeof(why)))
			return tt_run_fail(report, TT_EINVAL, "%s", why);
	}
	rc = check_cores_free(dev, prog, report);
	if (rc)
		return rc;
	if (dev->banks_ok) {
		rc = tt_memory_report_launch(&dev->banks);
		if (rc)
			return tt_run_fail(report, rc, "%s", tt_last_error());
	}

	if (!dev->ninflight)
		tt_dev_run_start(dev);
	dev->launches++;
	dev->gdb.stopped = false;
	if (tt_gdb_noting(dev))
		tt_gdb_note(dev, "launch %u", dev->launches);
	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_kernel *on[TT_RISCS_PER_CORE] = { 0 };
		struct tt_core xy = tt_dev_core_xy(dev, c);
		bool any = false;

		for (uint32_t i = 0; i < prog->num_kernels; i++) {
			struct tt_kernel *k = prog->kernels[i];

			if (k->eth != tt_dev_core_is_eth(dev, c) ||
			    !tt_core_range_set_contains(&k->cores, xy))
				continue;
			if (on[k->risc])
				return tt_run_fail(report, TT_EEXIST,
						   "%score (%u,%u) %s: two kernels (%s and "
						   "%s); a RISC runs one kernel per program",
						   k->eth ? "ethernet " : "", xy.x, xy.y,
						   k->eth ? "ERISC" : tt_risc_name(k->risc),
						   on[k->risc]->path, k->path);
			on[k->risc] = k;
			any = true;
		}
		if (!any)
			continue;
		rc = stage_core(dev, prog, c, on, report);
		if (rc)
			return rc;
		dev->core[c].launched = true;
		dev->core[c].prog = prog;
		dev->core[c].done = false;
		dev->core[c].running = true;
		for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
			dev->core[c].hart[r].trapped = false;
			dev->core[c].hart[r].guest_error = false;
		}
		bell.cores[c / 32] |= 1u << (c % 32);
		ncores++;
	}
	if (!ncores) {
		/*
		 * Only semaphores and CBs (tt-metal enqueues such programs): their
		 * configs land on the cores, and the flight ends at tt_finish
		 * with no core to wait for.
		 */
		bool configured = false;
		uint32_t mask;

		/* Not on a core another program in flight runs on. */
		for (uint32_t c = 0; c < dev->ncores; c++)
			if (!dev->core[c].running)
				configured |= stage_config(dev, prog, c, true, &mask);
		if (!configured)
			return tt_run_fail(report, TT_EINVAL,
					   "the program has no kernels, semaphores or "
					   "circular buffers");
	} else {
		rc = tt_dev_send_freed(dev);
		if (!rc)
			rc = tt_dev_send(dev, TT_CTL_DOORBELL, &bell, sizeof(bell));
		if (rc)
			return tt_run_fail(report, rc, "device connection lost");
	}
	prog->flights[prog->num_flights++] = (struct tt_prog_flight){ dev, dev->serial };
	dev->inflight[dev->ninflight++] = prog;
	return TT_OK;
}

/* Finish ----------------------------------------------------------------- */

static int64_t ms_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) * 1000 + (t1.tv_nsec - t0->tv_nsec) / 1000000;
}

/* How long the run was given before its hang report. */
static uint32_t hang_ms(enum tt_hang_cause cause, uint32_t timeout_ms)
{
	return cause == TT_HANG_AFTER_FAILURE ? TT_FAIL_GRACE_MS : timeout_ms;
}

/*
 * TT_EMU_GDB_ON_FAULT: the device stopped for gdb.  Say where and why on
 * stderr (the run's errors so far, for a guest error or a hang), note it
 * for gdb and print the command that attaches.
 */
static void announce_stop(struct tt_device *dev)
{
	const struct tt_evt_stopped *st = &dev->gdb.stop;
	struct tt_core xy = tt_dev_core_xy(dev, st->src.core);
	char where[900] = "", what[160], cmd[400];

	if (st->reason == TT_STOP_TRAP) {
		tt_dev_pc_location(dev, st->src.core, st->src.risc, st->pc, where, sizeof(where));
		fprintf(stderr,
			"tensix-emu: core (%u,%u) %s: %s at pc 0x%08x (mcause %u, "
			"mtval 0x%08x)%s; the trap is not taken yet\n",
			xy.x, xy.y, tt_risc_name(st->src.risc),
			tt_dev_trap_text(st->cause, st->tval, what, sizeof(what)), st->pc,
			st->cause, st->tval, where);
	} else {
		fputs(dev->errors, stderr);
	}
	if (st->reason == TT_STOP_HOST)
		tt_gdb_note(dev, "stopped - - hang 0");
	else
		tt_gdb_note(dev, "stopped %u %u %s 0x%08x", st->src.core, st->src.risc,
			    st->reason == TT_STOP_TRAP ? "trap" : "guest-error", st->pc);
	fprintf(stderr,
		"tensix-emu: the device stopped for gdb (TT_EMU_GDB_ON_FAULT); "
		"attach with\n    %s\ntensix-emu: it carries on when gdb detaches or "
		"quits\n",
		tt_gdb_attach_command(dev, cmd, sizeof(cmd)));
	fflush(stderr);
}

/*
 * Wait until every launched core is done.  Sleeps in poll(): the device
 * rings when each core is done.  Once a kernel traps or misuses the
 * device, the others get TT_FAIL_GRACE_MS to finish; whoever still waits
 * then (often on the RISC that failed) goes into the hang report and is
 * reset, instead of holding the run until its timeout.  When the device
 * says no hart can wake any more (tt_dev_stuck: all asleep, nothing in
 * flight, every host message applied) the run is a deadlock (TT_EDEADLK)
 * at once; otherwise TT_ETIMEDOUT with *@cause.
 *
 * In fault mode (TT_EMU_GDB_ON_FAULT) the first fault of the launch, a
 * deadlock or the timeout stops the device for gdb instead, and the clocks
 * start again once gdb has gone; *@hang_reported when the hang report was
 * made before that stop.
 */
/* Have the cores of @only (NULL: of every program) reported done? */
static bool launch_done(const struct tt_device *dev, const struct tt_program *only)
{
	if (!only)
		return tt_dev_run_done(dev);
	for (uint32_t c = 0; c < dev->ncores; c++)
		if (dev->core[c].prog == only && !dev->core[c].done)
			return false;
	return true;
}

/*
 * With @only, waits for that program's cores, and returns as soon as
 * anything fails (the caller then ends every program).
 */
static int wait_launch(struct tt_device *dev, const struct tt_program *only, uint32_t timeout_ms,
		       enum tt_hang_cause *cause, bool *hang_reported)
{
	int64_t elapsed = 0, fail_at = -1;
	bool stop_asked = false, stopped_once = false;
	int hang_rc = TT_ETIMEDOUT;
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!launch_done(dev, only)) {
		int64_t left = (int64_t)timeout_ms - elapsed;
		/* stopped for gdb, or asked to stop: no clock runs */
		bool waiting =
			(dev->gdb.stopped && !dev->gdb.gone) || (stop_asked && !stopped_once);
		bool stuck;
		int r;

		if (fail_at >= 0 && fail_at + TT_FAIL_GRACE_MS - elapsed < left)
			left = fail_at + TT_FAIL_GRACE_MS - elapsed;
		r = tt_dev_pump(dev, waiting ? -1 : left > 0 ? (int)left : 0);
		if (r < 0)
			return r;
		if (dev->gdb.stopped && !stopped_once) {
			stopped_once = true;
			announce_stop(dev);
		}
		if (dev->gdb.stopped) {
			if (!dev->gdb.gone)
				continue;
			/* gdb is done with it: carry on as without gdb */
			dev->gdb.stopped = false;
			if (*hang_reported)
				return hang_rc;
			clock_gettime(CLOCK_MONOTONIC, &t0);
			fail_at = dev->failed ? 0 : -1;
		}
		elapsed = ms_since(&t0);
		if (dev->failed && only)
			return TT_OK;
		if (dev->failed && fail_at < 0)
			fail_at = elapsed;
		if (launch_done(dev, only) || (stop_asked && !stopped_once))
			continue;
		stuck = tt_dev_stuck(dev);
		if (!stuck && elapsed < (int64_t)timeout_ms &&
		    (fail_at < 0 || elapsed < fail_at + TT_FAIL_GRACE_MS))
			continue;
		*cause = stuck		? TT_HANG_DEADLOCK
			 : fail_at >= 0 ? TT_HANG_AFTER_FAILURE
					: TT_HANG_TIMEOUT;
		hang_rc = stuck ? TT_EDEADLK : TT_ETIMEDOUT;
		if (dev->gdb.on_fault && !stopped_once) {
			struct tt_ctl_debug m = { .flags = TT_CTL_DEBUG_STOP_NOW };

			tt_run_hang_report(dev, *cause, hang_ms(*cause, timeout_ms));
			*hang_reported = true;
			stop_asked = true;
			if (tt_dev_send(dev, TT_CTL_DEBUG, &m, sizeof(m)))
				return TT_EDEVICE;
			continue;
		}
		return hang_rc;
	}
	return TT_OK;
}

/* The timeout a finish gives, from tt_finish's @timeout_ms. */
static uint32_t finish_timeout(const struct tt_device *dev, uint32_t timeout_ms)
{
	if (dev->under_gdb)
		return INT32_MAX; /* a person is stepping through it */
	return timeout_ms ? timeout_ms : TT_RUN_TIMEOUT_MS;
}

/* @report from the run's state (NULL: none). */
static void fill_report(const struct tt_device *dev, struct tt_run_report *report)
{
	if (!report)
		return;
	report->status = dev->failed ? dev->first.status : TT_OK;
	report->core = dev->first.core;
	report->risc = dev->first.risc;
	report->pc = dev->first.pc;
	/* Without icount the device clock is not an instruction count. */
	report->instructions = dev->deterministic ? dev->run_icount : 0;
}

/*
 * Wait for every program in flight (a wait for one that failed or hung
 * comes here with its @rc and @cause) and end the run.
 */
static int finish_all(struct tt_device *dev, int rc, enum tt_hang_cause cause, bool hang_reported,
		      uint32_t timeout_ms, struct tt_run_report *report)
{
	int status;

	if (!rc)
		rc = wait_launch(dev, NULL, timeout_ms, &cause, &hang_reported);
	if (rc == TT_ETIMEDOUT || rc == TT_EDEADLK) {
		if (!hang_reported)
			tt_run_hang_report(dev, cause, hang_ms(cause, timeout_ms));
		tt_dev_reset_unfinished(dev, NULL);
	} else if (rc && dev->in_system) {
		tt_dev_error(dev, rc, TT_RUN_NOWHERE, 0, 0,
			     "lost the device: QEMU exited: chip %u is gone with what it held; "
			     "the system's other chips run on",
			     dev->chip);
	} else if (rc) {
		tt_dev_error(dev, rc, TT_RUN_NOWHERE, 0, 0, "lost the device: QEMU exited");
	}

	if (dev->failed)
		tt_run_trap_locations(dev);
	tt_dev_errors_finish(dev);
	status = dev->failed ? dev->first.status : TT_OK;
	fill_report(dev, report);
	for (uint32_t c = 0; c < dev->ncores; c++)
		dev->core[c].prog = NULL;
	dev->ninflight = 0;
	return status ? tt_fail(status, "%s", dev->errors) : TT_OK;
}

int tt_finish(struct tt_device *dev, uint32_t timeout_ms, struct tt_run_report *report)
{
	int rc = tt_dev_check(dev, "tt_finish");

	if (rc)
		return tt_run_fail(report, rc, "%s", tt_last_error());
	if (!dev->ninflight)
		return tt_run_fail(report, TT_EINVAL,
				   "tt_finish: nothing to finish: "
				   "no program is in flight on this device");
	if (dev->links)
		dev->links->flush(dev->links_ctx);
	return finish_all(dev, TT_OK, TT_HANG_TIMEOUT, false, finish_timeout(dev, timeout_ms),
			  report);
}

int tt_finish_program(struct tt_device *dev, struct tt_program *prog, uint32_t timeout_ms,
		      struct tt_run_report *report)
{
	enum tt_hang_cause cause = TT_HANG_TIMEOUT;
	bool hang_reported = false;
	uint32_t n = 0;
	int rc = tt_dev_check(dev, "tt_finish_program");

	if (!rc)
		rc = tt_prog_check(prog, "tt_finish_program");
	if (rc)
		return tt_run_fail(report, rc, "%s", tt_last_error());
	if (!tt_dev_runs(dev, prog))
		return tt_run_fail(report, TT_EINVAL,
				   "tt_finish_program: the program is not in flight on this "
				   "device");
	if (dev->ninflight == 1)
		return tt_finish(dev, timeout_ms, report);
	timeout_ms = finish_timeout(dev, timeout_ms);
	if (dev->links)
		dev->links->flush(dev->links_ctx);
	rc = wait_launch(dev, prog, timeout_ms, &cause, &hang_reported);
	if (rc || dev->failed)
		return finish_all(dev, rc, cause, hang_reported, timeout_ms, report);
	/* Done: its cores are free; the others run on. */
	for (uint32_t c = 0; c < dev->ncores; c++) {
		if (dev->core[c].prog != prog)
			continue;
		dev->core[c].prog = NULL;
		dev->core[c].launched = false;
	}
	for (uint32_t i = 0; i < dev->ninflight; i++)
		if (dev->inflight[i] != prog)
			dev->inflight[n++] = dev->inflight[i];
	dev->ninflight = n;
	fill_report(dev, report);
	return TT_OK;
}

int tt_program_run(struct tt_device *dev, struct tt_program *prog, uint32_t timeout_ms,
		   struct tt_run_report *report)
{
	int rc = tt_enqueue_program(dev, prog, report);

	if (rc)
		return rc;
	return tt_finish(dev, timeout_ms, report);
}
