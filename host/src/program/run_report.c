// SPDX-License-Identifier: Apache-2.0
/*
 * What went wrong in a run, for a person to read: the failure of a call
 * that refused to run (tt_run_fail), the source line of every trap and
 * guest error, and the hang report (what every unfinished hart waits for,
 * or where it runs).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "program/program.h"
#include "tt_emu_regs.h"
#include "tt_kernel_config.h"
#include "tt_mailbox.h"
#include "tt_mem_map.h"
#include "tt_noc_regs.h"
#include "tt_tile_regs.h"

void tt_run_report_clear(struct tt_run_report *report)
{
	if (report)
		memset(report, 0, sizeof(*report));
}

void tt_run_set_error(struct tt_run_report *r, int status, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (r) {
		r->status = status;
		r->core = tt_core(TT_RUN_NOWHERE, TT_RUN_NOWHERE);
		r->risc = TT_RUN_NOWHERE;
		r->pc = TT_RUN_NOWHERE;
	}
	tt_set_error("%s", msg);
}

/*
 * A semaphore the program created (tt_semaphore_create) lives in its
 * slot of the kernel-config blob: name it by id, as the kernel does
 * (get_semaphore(id)).  Any other L1 word is named by its address.
 */
static int sem_id(uint32_t addr)
{
	for (uint32_t id = 0; id < TT_MAX_SEMAPHORES; id++)
		if (addr == TT_SEMAPHORE_ADDR(TT_MEM_KERNEL_CONFIG_BASE, id))
			return (int)id;
	return -1;
}

static const char *sem_name(uint32_t addr, char *buf, size_t len)
{
	int id = sem_id(addr);

	if (id >= 0)
		snprintf(buf, len, "semaphore %d", id);
	else
		snprintf(buf, len, "semaphore at 0x%x", addr);
	return buf;
}

const char *tt_run_wait_text(const struct tt_evt_wait_state *w, char *buf, size_t len)
{
	char sem[40];

	switch (w->kind) {
	case TT_WAIT_NONE:
		snprintf(buf, len, "running");
		break;
	case TT_WAIT_RESET:
		snprintf(buf, len, "held in reset");
		break;
	case TT_WAIT_GO:
		snprintf(buf, len, "idle, waiting for a go message");
		break;
	case TT_WAIT_SUBORDINATE_GO:
		snprintf(buf, len, "idle, waiting for BRISC to start it");
		break;
	case TT_WAIT_SUBORDINATES_DONE:
		snprintf(buf, len,
			 "kernel done, waiting for the other RISCs "
			 "(subordinate_sync 0x%08x)",
			 w->current);
		break;
	case TT_WAIT_CB_FRONT:
		snprintf(buf, len, "waits for CB %u front: %u page%s, %u received", w->id,
			 w->expect, w->expect == 1 ? "" : "s", w->current);
		break;
	case TT_WAIT_CB_BACK:
		snprintf(buf, len, "waits for CB %u back: %u free page%s, %u free", w->id,
			 w->expect, w->expect == 1 ? "" : "s", w->current);
		break;
	case TT_WAIT_SEMAPHORE:
	case TT_WAIT_SEMAPHORE_MIN:
		snprintf(buf, len, "waits for %s %s %u (now %u)", sem_name(w->id, sem, sizeof(sem)),
			 w->kind == TT_WAIT_SEMAPHORE ? "==" : ">=", w->expect, w->current);
		break;
	case TT_WAIT_NOC_BARRIER:
		if (tt_noc_barrier_is_trid(w->id)) {
			snprintf(buf, len,
				 "waits for NoC %s barrier with transaction id "
				 "%u: %u outstanding",
				 tt_noc_barrier_name(w->id), w->id & TT_NOC_MAX_TRANSACTION_ID,
				 w->current);
			break;
		}
		snprintf(buf, len, "waits for NoC %s barrier: %u expected, %u seen",
			 tt_noc_barrier_name(w->id), w->expect, w->current);
		break;
	case TT_WAIT_TILE_ENGINE:
		snprintf(buf, len, "waits for the tile engine: %s", tt_tile_cmd_wait_name(w->id));
		break;
	case TT_WAIT_ETH_DATA:
		snprintf(buf, len, "waits for the far ethernet core: L1 0x%x == %u (now %u)", w->id,
			 w->expect, w->current);
		break;
	case TT_WAIT_ETH_TX:
		snprintf(buf, len, "waits for room on its ethernet link");
		break;
	case TT_WAIT_HALTED:
		snprintf(buf, len,
			 "halted by a trap in the firmware (mcause %u at "
			 "pc 0x%08x)",
			 w->id, w->expect);
		break;
	default:
		snprintf(buf, len, "waits (kind %u, id %u, expect %u, now %u)", w->kind, w->id,
			 w->expect, w->current);
		break;
	}
	return buf;
}

/* The trap of @hs in words for its source line (" trapped" if nothing more). */
static const char *trap_what(const struct tt_hart_state *hs, char *buf, size_t len)
{
	char text[150];

	switch (hs->mcause) {
	case TT_MCAUSE_KERNEL_EXIT:
	case TT_MCAUSE_KERNEL_ABORT:
	case TT_MCAUSE_KERNEL_FAULT:
	case TT_MCAUSE_LOAD_MISALIGNED:
	case TT_MCAUSE_STORE_MISALIGNED:
	case TT_MCAUSE_LOAD_FAULT:
	case TT_MCAUSE_STORE_FAULT:
		snprintf(buf, len, ": %s",
			 tt_dev_trap_text(hs->mcause, hs->mtval, text, sizeof(text)));
		return buf;
	default:
		snprintf(buf, len, " trapped");
		return buf;
	}
}

void tt_run_trap_locations(struct tt_device *dev)
{
	char where[900], what[160];

	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_core xy = tt_dev_core_xy(dev, c);

		for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
			const struct tt_hart_state *hs = &dev->core[c].hart[r];

			if (!dev->core[c].launched)
				continue;
			/* A full report only counts them: skip the symbolizer. */
			if (dev->errors_left_out) {
				dev->errors_left_out += hs->guest_error + hs->trapped;
				continue;
			}
			/* An API check's trap names the kernel's line instead. */
			if (hs->guest_error &&
			    !(hs->trapped && hs->mcause == TT_MCAUSE_KERNEL_FAULT) &&
			    tt_dev_pc_location(dev, c, r, hs->guest_pc, where, sizeof(where))[0])
				tt_dev_error(dev, TT_EGUEST, c, r, hs->guest_pc,
					     "  core (%u,%u) %s guest error%s", xy.x, xy.y,
					     tt_risc_name(r), where);
			if (hs->trapped &&
			    tt_dev_pc_location(dev, c, r, hs->mepc, where, sizeof(where))[0])
				tt_dev_error(dev, TT_ETRAP, c, r, hs->mepc, "  core (%u,%u) %s%s%s",
					     xy.x, xy.y, tt_risc_name(r),
					     trap_what(hs, what, sizeof(what)), where);
		}
	}
}

/*
 * The firmware keeps each RISC's kernel status in the mailbox
 * (fw_run_kernel): RUNNING from the kernel's start to its return, then OK
 * or TRAPPED.  With the wait state the device reports, that tells a
 * finished RISC (back in the firmware, waiting for the next launch) from
 * one that never had a kernel.
 */
enum tt_hart_activity tt_run_hart_state(struct tt_device *dev, const struct tt_evt_wait_state *w)
{
	const struct tt_mailbox *mb =
		(const struct tt_mailbox *)(tt_dev_l1(dev, w->src.core) + TT_MEM_MAILBOX_BASE);
	uint32_t status = mb->result[w->src.risc].status;

	if (dev->core[w->src.core].hart[w->src.risc].trapped || status == TT_KERNEL_STATUS_TRAPPED)
		return TT_HART_TRAPPED;
	if (w->kind == TT_WAIT_HALTED)
		return TT_HART_HALTED;
	if (status == TT_KERNEL_STATUS_OK)
		return TT_HART_FINISHED;
	if (status == TT_KERNEL_STATUS_RUNNING)
		return w->halted ? TT_HART_ASLEEP : TT_HART_RUNNING;
	return w->halted ? TT_HART_IDLE : TT_HART_RUNNING;
}

/*
 * The source line of a hart: a sleeper's pc is the instruction after its
 * wfi (QEMU ends the wfi first); name the wfi, inside the wait the kernel
 * called.
 */
static const char *hart_where(struct tt_device *dev, const struct tt_evt_wait_state *w, char *buf,
			      size_t len)
{
	uint32_t pc = w->halted && w->pc >= 4 ? w->pc - 4 : w->pc;

	return tt_dev_pc_location(dev, w->src.core, w->src.risc, pc, buf, len);
}

/*
 * What one hart of an unfinished core does, after its core's name:
 * "BRISC  pc 0x00004a10 asleep: waits for semaphore 0 == 1 (now 0) at
 * ..." (without the pc unless @with_pc).  False for a hart with nothing
 * to say (no kernel in this run).
 */
static bool hart_desc(struct tt_device *dev, const struct tt_evt_wait_state *w, bool with_pc,
		      char *buf, size_t len)
{
	const struct tt_hart_state *hs = &dev->core[w->src.core].hart[w->src.risc];
	const char *risc = tt_risc_name(w->src.risc);
	char where[900], what[160], pc[24] = "";
	enum tt_hart_activity st = tt_run_hart_state(dev, w);

	if (with_pc && (st == TT_HART_ASLEEP || st == TT_HART_HALTED || st == TT_HART_RUNNING))
		snprintf(pc, sizeof(pc), " pc 0x%08x", w->pc);
	switch (st) {
	case TT_HART_IDLE:
		return false;
	case TT_HART_FINISHED:
		snprintf(buf, len, "%-6s finished", risc);
		break;
	case TT_HART_TRAPPED:
		snprintf(buf, len, "%-6s trapped at pc 0x%08x%s", risc, hs->mepc,
			 tt_dev_pc_location(dev, w->src.core, w->src.risc, hs->mepc, where,
					    sizeof(where)));
		break;
	case TT_HART_ASLEEP:
	case TT_HART_HALTED:
		snprintf(buf, len, "%-6s%s asleep: %s%s", risc, pc,
			 tt_run_wait_text(w, what, sizeof(what)),
			 hart_where(dev, w, where, sizeof(where)));
		break;
	case TT_HART_RUNNING:
		snprintf(buf, len, "%-6s%s running%s", risc, pc,
			 hart_where(dev, w, where, sizeof(where)));
		break;
	}
	return true;
}

/* One line of the hang report for one hart of an unfinished core. */
static void hart_line(struct tt_device *dev, const struct tt_evt_wait_state *w)
{
	const struct tt_hart_state *hs = &dev->core[w->src.core].hart[w->src.risc];
	struct tt_core xy = tt_dev_core_xy(dev, w->src.core);
	char desc[1200];

	if (hart_desc(dev, w, true, desc, sizeof(desc)))
		tt_dev_error(dev, TT_ETIMEDOUT, w->src.core, w->src.risc,
			     hs->trapped ? hs->mepc : w->pc, "  core (%u,%u) %s", xy.x, xy.y, desc);
}

/* The first line of a hang report: why the run stopped. */
static void hang_headline(struct tt_device *dev, enum tt_hang_cause cause)
{
	if (cause != TT_HANG_DEADLOCK)
		return; /* the core lines say it */
	/* A failure above already explains it (harts wait on the one that
	 * trapped): its status stays the run's. */
	tt_dev_error(dev, TT_EDEADLK, TT_RUN_NOWHERE, 0, 0,
		     "deadlock after %llu instructions%s: every hart is asleep, "
		     "no NoC command is in flight and no host command is "
		     "pending, so no hart can ever wake",
		     (unsigned long long)dev->idle_icount,
		     dev->failed ? " (after the failure above)" : "");
}

/* "core (x,y) did not finish within 1500 ms", per cause. */
static void core_line(struct tt_device *dev, uint32_t c, enum tt_hang_cause cause, uint32_t ms)
{
	struct tt_core xy = tt_dev_core_xy(dev, c);

	if (cause == TT_HANG_DEADLOCK)
		tt_dev_error(dev, TT_EDEADLK, c, TT_RISC_BRISC, 0, "core (%u,%u) cannot finish",
			     xy.x, xy.y);
	else if (cause == TT_HANG_AFTER_FAILURE)
		tt_dev_error(dev, TT_ETIMEDOUT, c, TT_RISC_BRISC, 0,
			     "core (%u,%u) was still running %u ms after the "
			     "failure above",
			     xy.x, xy.y, ms);
	else
		tt_dev_error(dev, TT_ETIMEDOUT, c, TT_RISC_BRISC, 0,
			     "core (%u,%u) did not finish within %u ms", xy.x, xy.y, ms);
}

static bool unfinished(const struct tt_device *dev, uint32_t c)
{
	return c < dev->ncores && dev->core[c].launched && !dev->core[c].done;
}

/* Lines the report of unfinished cores takes before grouping. */
#define HANG_PAGE_LINES	 40
#define HANG_KEY_SIZE	 1400
#define HANG_GROUP_SHOWN 6 /* cores of a group named by coordinates */

/*
 * What @core's harts do, one "; "-separated text (pcs in it only if
 * @with_pc): cores with the same key are stuck the same way.  The number
 * of lines its block takes, with the core's own.
 */
static uint32_t core_key(struct tt_device *dev, uint32_t core, bool with_pc, char *key, size_t len)
{
	uint32_t lines = 1;
	size_t used = 0;
	char desc[1200];

	key[0] = '\0';
	for (uint32_t i = 0; i < dev->nwaits; i++) {
		const struct tt_evt_wait_state *w = &dev->waits[i];

		if (w->src.core != core || w->src.risc >= TT_RISCS_PER_CORE ||
		    !hart_desc(dev, w, with_pc, desc, sizeof(desc)))
			continue;
		lines++;
		if (used < len)
			used += (size_t)snprintf(key + used, len - used, "%s%s", used ? "; " : "",
						 desc);
	}
	return lines;
}

/* "  62 more cores, (1,0) (2,0) ...: BRISC asleep: waits for ..." */
static void group_line(struct tt_device *dev, uint32_t leader, const uint32_t *same, uint32_t n,
		       char *key)
{
	char list[HANG_GROUP_SHOWN * 12 + 8];
	size_t used = 0;

	for (uint32_t i = 0; i < n && i < HANG_GROUP_SHOWN; i++) {
		struct tt_core xy = tt_dev_core_xy(dev, same[i]);

		used += (size_t)snprintf(list + used, sizeof(list) - used, " (%u,%u)", xy.x, xy.y);
	}
	if (n > HANG_GROUP_SHOWN)
		snprintf(list + used, sizeof(list) - used, " ...");
	core_key(dev, leader, false, key, HANG_KEY_SIZE);
	tt_dev_error(dev, TT_ETIMEDOUT, same[0], TT_RISC_BRISC, 0,
		     "%u more core%s the same way,%s: %s", n, n == 1 ? "" : "s", list, key);
}

/*
 * The unfinished cores, each with its harts' lines.  Over a page, a core
 * stuck exactly like an earlier one (same lines but for its coordinates)
 * is not printed in full: one line after the first says how many more.
 */
static void core_blocks(struct tt_device *dev, enum tt_hang_cause cause, uint32_t ms, bool dumped)
{
	uint32_t lines = 0, n = 0, *leader = NULL, *same = NULL;
	char(*keys)[HANG_KEY_SIZE] = NULL;

	for (uint32_t c = 0; c < dev->ncores; c++)
		n += unfinished(dev, c);
	if (dumped && n > 1) {
		keys = calloc(dev->ncores, sizeof(*keys));
		leader = calloc(dev->ncores, sizeof(*leader));
		same = calloc(dev->ncores, sizeof(*same));
	}
	for (uint32_t c = 0; keys && leader && same && c < dev->ncores; c++) {
		leader[c] = c;
		if (!unfinished(dev, c))
			continue;
		lines += core_key(dev, c, true, keys[c], sizeof(keys[c]));
		for (uint32_t e = 0; e < c; e++)
			if (unfinished(dev, e) && leader[e] == e && !strcmp(keys[e], keys[c])) {
				leader[c] = e;
				break;
			}
	}
	if (lines <= HANG_PAGE_LINES || !leader || !same) {
		free(leader);
		leader = NULL;
	}
	for (uint32_t c = 0; c < dev->ncores; c++) {
		uint32_t m = 0;

		if (!unfinished(dev, c) || (leader && leader[c] != c))
			continue;
		core_line(dev, c, cause, ms);
		for (uint32_t i = 0; dumped && i < dev->nwaits; i++)
			if (dev->waits[i].src.core == c &&
			    dev->waits[i].src.risc < TT_RISCS_PER_CORE)
				hart_line(dev, &dev->waits[i]);
		for (uint32_t e = c + 1; leader && e < dev->ncores; e++)
			if (unfinished(dev, e) && leader[e] == c)
				same[m++] = e;
		if (m)
			group_line(dev, c, same, m, keys[c]);
	}
	free(keys);
	free(leader);
	free(same);
}

/*
 * Why the run stopped, its root cause (hang_cause.c), then each
 * unfinished core and what each of its RISCs with a kernel does.
 */
void tt_run_hang_report(struct tt_device *dev, enum tt_hang_cause cause, uint32_t ms)
{
	bool dumped;

	hang_headline(dev, cause);
	dumped = !tt_dev_dump_waits(dev, 2000);
	if (dumped)
		tt_run_hang_cause(dev, cause == TT_HANG_DEADLOCK);
	core_blocks(dev, cause, ms, dumped);
	if (!dumped)
		tt_dev_error(dev, TT_ETIMEDOUT, TT_RUN_NOWHERE, 0, 0,
			     "(the device did not answer a hang-report request)");
}
