// SPDX-License-Identifier: Apache-2.0
/*
 * What went wrong in a run, for a person to read: the failure of a call
 * that refused to run (tt_run_fail), the source line of every trap and
 * guest error, and the hang report (what every unfinished hart waits for,
 * or where it runs).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "program/program.h"
#include "tt_emu_regs.h"
#include "tt_noc_regs.h"
#include "tt_tile_regs.h"

void tt_run_report_clear(struct tt_run_report *report)
{
	if (report)
		memset(report, 0, sizeof(*report));
}

int tt_run_fail(struct tt_run_report *r, int status, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (r)
		r->status = status;
	return tt_fail(status, "%s", msg);
}

static const char *wait_text(const struct tt_evt_wait_state *w, char *buf,
			     size_t len)
{
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
		snprintf(buf, len, "kernel done, waiting for the other RISCs "
			 "(subordinate_sync 0x%08x)", w->current);
		break;
	case TT_WAIT_CB_FRONT:
		snprintf(buf, len, "waits for CB %u front: %u page%s, %u received",
			 w->id, w->expect, w->expect == 1 ? "" : "s", w->current);
		break;
	case TT_WAIT_CB_BACK:
		snprintf(buf, len, "waits for CB %u back: %u free page%s, %u free",
			 w->id, w->expect, w->expect == 1 ? "" : "s", w->current);
		break;
	case TT_WAIT_SEMAPHORE:
		snprintf(buf, len, "waits for semaphore at 0x%x == %u (now %u)",
			 w->id, w->expect, w->current);
		break;
	case TT_WAIT_SEMAPHORE_MIN:
		snprintf(buf, len, "waits for semaphore at 0x%x >= %u (now %u)",
			 w->id, w->expect, w->current);
		break;
	case TT_WAIT_NOC_BARRIER:
		if (tt_noc_barrier_is_trid(w->id)) {
			snprintf(buf, len, "waits for NoC %s barrier with transaction id "
				 "%u: %u outstanding", tt_noc_barrier_name(w->id),
				 w->id & TT_NOC_MAX_TRANSACTION_ID, w->current);
			break;
		}
		snprintf(buf, len, "waits for NoC %s barrier: %u expected, %u seen",
			 tt_noc_barrier_name(w->id), w->expect, w->current);
		break;
	case TT_WAIT_TILE_ENGINE:
		snprintf(buf, len, "waits for the tile engine: %s",
			 tt_tile_cmd_wait_name(w->id));
		break;
	case TT_WAIT_HALTED:
		snprintf(buf, len, "halted by a firmware error (code %u, line %u)",
			 w->id, w->expect);
		break;
	default:
		snprintf(buf, len, "waits (kind %u, id %u, expect %u, now %u)",
			 w->kind, w->id, w->expect, w->current);
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
		snprintf(buf, len, ": %s", tt_dev_trap_text(hs->mcause, hs->mtval,
							    text, sizeof(text)));
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
				tt_dev_error(dev, TT_ETRAP, c, r, hs->mepc,
					     "  core (%u,%u) %s%s%s", xy.x, xy.y,
					     tt_risc_name(r), trap_what(hs, what, sizeof(what)),
					     where);
		}
	}
}

void tt_run_hang_report(struct tt_device *dev, uint32_t timeout_ms,
			bool after_failure, uint32_t grace_ms)
{
	char where[900];
	char what[160];
	int rc;

	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_core xy = tt_dev_core_xy(dev, c);

		if (!dev->core[c].launched || dev->core[c].done)
			continue;
		if (after_failure)
			tt_dev_error(dev, TT_ETIMEDOUT, c, TT_RISC_BRISC, 0,
				     "core (%u,%u) was still running %u ms after the "
				     "failure above", xy.x, xy.y, grace_ms);
		else
			tt_dev_error(dev, TT_ETIMEDOUT, c, TT_RISC_BRISC, 0,
				     "core (%u,%u) did not finish within %u ms",
				     xy.x, xy.y, timeout_ms);
	}
	rc = tt_dev_dump_waits(dev, 2000);
	if (rc) {
		tt_dev_error(dev, TT_ETIMEDOUT, 0, 0, 0,
			     "(the device did not answer a hang-report request)");
		return;
	}
	for (uint32_t i = 0; i < dev->nwaits; i++) {
		const struct tt_evt_wait_state *w = &dev->waits[i];
		struct tt_core xy = tt_dev_core_xy(dev, w->src.core);

		if (w->src.core >= dev->ncores || !dev->core[w->src.core].launched ||
		    dev->core[w->src.core].done)
			continue;
		if (w->halted)		/* sleepers sit in tt_wfi: say why */
			tt_dev_error(dev, TT_ETIMEDOUT, w->src.core, w->src.risc,
				     w->pc, "  core (%u,%u) %-6s pc 0x%08x asleep: %s",
				     xy.x, xy.y, tt_risc_name(w->src.risc), w->pc,
				     wait_text(w, what, sizeof(what)));
		else			/* runners: say where */
			tt_dev_error(dev, TT_ETIMEDOUT, w->src.core, w->src.risc,
				     w->pc, "  core (%u,%u) %-6s pc 0x%08x running%s",
				     xy.x, xy.y, tt_risc_name(w->src.risc), w->pc,
				     tt_dev_pc_location(dev, w->src.core, w->src.risc,
						 w->pc, where, sizeof(where)));
	}
}
