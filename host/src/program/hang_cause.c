// SPDX-License-Identifier: Apache-2.0
/*
 * The root cause of a hang, for the first lines of its report: a
 * wait-for graph over the harts of the unfinished cores.
 *
 * Each sleeping hart waits for other harts:
 *  - a semaphore on core C: the RISCs of other cores whose runtime args
 *    (unique or common) name C's NoC coordinates, or else hold the
 *    semaphore's address (how a kernel learns where to signal);
 *  - a CB's front (back): the other RISCs of its core that reserved or
 *    pushed (waited for or popped) that CB in this launch, as their CB
 *    interfaces say (TT_CB_USED_*, hal/tt_cb.h); when none did, those
 *    that still could (running, or trapped before they got to it); when
 *    none can, the wait ends the walk: the CB has no producer (consumer);
 *  - the tile engine: the other TRISCs of its core;
 *  - BRISC done with its kernel: the RISCs of its core still in theirs.
 * Walking from the first sleeper along the first waited-for hart that
 * is still in its kernel ends in a cycle (a deadlock proper), or at a
 * hart that finished without doing its part, or at a wait nothing can
 * end (no hart was told about the semaphore, a NoC barrier with nothing
 * in flight).  That walk is printed first; the per-hart lines follow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "program/program.h"
#include "tt_cb.h"
#include "tt_emu_regs.h"
#include "tt_kernel_config.h"
#include "tt_mem_map.h"

#define MAX_WAITED 8 /* harts one hart can be shown waiting for */
#define MAX_CHAIN  6 /* links of a long chain that are printed */

struct hart_ref {
	uint32_t core;
	unsigned int risc;
};

static const struct tt_kernel *kernel_on(const struct tt_program *prog, struct tt_core xy,
					 unsigned int risc)
{
	for (uint32_t i = 0; prog && i < prog->num_kernels; i++) {
		const struct tt_kernel *k = prog->kernels[i];

		if (k->risc == risc && tt_core_range_set_contains(&k->cores, xy))
			return k;
	}
	return NULL;
}

/* Does @v (@n words) hold the pair (@a, @b) in a row, or @a alone (@b 0)? */
static bool holds(const uint32_t *v, uint32_t n, uint32_t a, uint32_t b, bool pair)
{
	for (uint32_t i = 0; i < n; i++)
		if (v[i] == a && (!pair || (i + 1 < n && v[i + 1] == b)))
			return true;
	return false;
}

/* Was kernel @k on @xy given (@a, @b) (@pair) or @a in its runtime args? */
static bool given(const struct tt_kernel *k, struct tt_core xy, uint32_t a, uint32_t b, bool pair)
{
	if (holds(k->common, k->num_common, a, b, pair))
		return true;
	for (uint32_t i = 0; i < k->num_args; i++)
		if (k->args[i].core.x == xy.x && k->args[i].core.y == xy.y)
			return holds(k->args[i].values, k->args[i].count, a, b, pair);
	return false;
}

/* RISCs of other cores told about core @core's semaphore at @addr. */
static uint32_t sem_writers(struct tt_device *dev, uint32_t core, uint32_t addr,
			    struct hart_ref *out)
{
	struct tt_core me = tt_dev_core_xy(dev, core);
	uint32_t nx = dev->arch->virtual_worker_x0 + me.x;
	uint32_t ny = dev->arch->virtual_worker_y0 + me.y;
	uint32_t n = 0;

	for (int by_addr = 0; by_addr < 2 && !n; by_addr++)
		for (uint32_t c = 0; c < dev->ncores && n < MAX_WAITED; c++) {
			struct tt_core xy = tt_dev_core_xy(dev, c);

			if (c == core || !dev->core[c].launched)
				continue;
			for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
				const struct tt_kernel *k = kernel_on(dev->core[c].prog, xy, r);

				if (k && n < MAX_WAITED &&
				    (by_addr ? given(k, xy, addr, 0, false)
					     : given(k, xy, nx, ny, true)))
					out[n++] = (struct hart_ref){ c, r };
			}
		}
	return n;
}

/* The other RISCs of @core with a kernel (TRISCs only, if @trisc). */
static uint32_t core_mates(struct tt_device *dev, uint32_t core, unsigned int risc, bool trisc,
			   struct hart_ref *out)
{
	struct tt_core xy = tt_dev_core_xy(dev, core);
	uint32_t n = 0;

	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++)
		if (r != risc && (!trisc || r >= TT_RISC_TRISC0) &&
		    kernel_on(dev->core[core].prog, xy, r))
			out[n++] = (struct hart_ref){ core, r };
	return n;
}

/* TT_CB_USED_* of RISC @risc of @core for CB @cb (its interface in L1). */
static uint32_t cb_used(struct tt_device *dev, uint32_t core, unsigned int risc, uint32_t cb)
{
	struct tt_cb_interface ifc;

	if (cb >= TT_NUM_CBS)
		return 0;
	memcpy(&ifc,
	       tt_dev_l1(dev, core) + TT_MEM_CB_INTERFACE_BASE +
		       risc * TT_MEM_CB_INTERFACE_SLOT_SIZE + cb * sizeof(ifc),
	       sizeof(ifc));
	return ifc.fifo_num_pages ? ifc.used : 0;
}

/*
 * The other RISCs of @core that made a call of @mask (TT_CB_USED_*) on CB
 * @cb in this launch: its producers or consumers.
 */
static uint32_t cb_users(struct tt_device *dev, uint32_t core, unsigned int risc, uint32_t cb,
			 uint32_t mask, struct hart_ref *out)
{
	struct tt_core xy = tt_dev_core_xy(dev, core);
	uint32_t n = 0;

	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++)
		if (r != risc && kernel_on(dev->core[core].prog, xy, r) &&
		    (cb_used(dev, core, r, cb) & mask))
			out[n++] = (struct hart_ref){ core, r };
	return n;
}

static enum tt_hart_activity state_of(struct tt_device *dev, struct hart_ref h);

/*
 * When no RISC has touched @h's CB yet: the other RISCs of its core that
 * could still be its producer (consumer): a data-movement RISC, or the
 * TRISC @trisc (PACK pushes, UNPACK pops), that has not finished and is
 * not asleep in a wait of its own (running, or stopped by a trap before
 * it got to the CB).  None: the CB has no producer (consumer).
 */
static uint32_t cb_may_use(struct tt_device *dev, struct hart_ref h, unsigned int trisc,
			   struct hart_ref *out)
{
	struct hart_ref v[TT_RISCS_PER_CORE];
	uint32_t n = core_mates(dev, h.core, h.risc, false, v), m = 0;

	for (uint32_t i = 0; i < n; i++) {
		enum tt_hart_activity s = state_of(dev, v[i]);

		if ((v[i].risc < TT_RISC_TRISC0 || v[i].risc == trisc) && s != TT_HART_FINISHED &&
		    s != TT_HART_ASLEEP)
			out[m++] = v[i];
	}
	return m;
}

static const struct tt_evt_wait_state *wait_of(struct tt_device *dev, struct hart_ref h)
{
	for (uint32_t i = 0; i < dev->nwaits; i++)
		if (dev->waits[i].src.core == h.core && dev->waits[i].src.risc == h.risc)
			return &dev->waits[i];
	return NULL;
}

static enum tt_hart_activity state_of(struct tt_device *dev, struct hart_ref h)
{
	const struct tt_evt_wait_state *w = wait_of(dev, h);

	return w ? tt_run_hart_state(dev, w) : TT_HART_IDLE;
}

/* Whom @h waits for, and the verb of what they should do ("increment"). */
static uint32_t waited_for(struct tt_device *dev, struct hart_ref h, struct hart_ref *out,
			   const char **verb)
{
	const struct tt_evt_wait_state *w = wait_of(dev, h);

	*verb = NULL;
	if (!w || tt_run_hart_state(dev, w) != TT_HART_ASLEEP) {
		if (w && tt_run_hart_state(dev, w) == TT_HART_FINISHED && h.risc == TT_RISC_BRISC) {
			uint32_t n = core_mates(dev, h.core, h.risc, false, out), m = 0;

			*verb = "finish";
			for (uint32_t i = 0; i < n; i++)
				if (state_of(dev, out[i]) != TT_HART_FINISHED)
					out[m++] = out[i];
			return m;
		}
		return 0;
	}
	switch (w->kind) {
	case TT_WAIT_SEMAPHORE:
	case TT_WAIT_SEMAPHORE_MIN:
		*verb = "increment";
		return sem_writers(dev, h.core, w->id, out);
	case TT_WAIT_CB_FRONT:
	case TT_WAIT_CB_BACK: {
		bool front = w->kind == TT_WAIT_CB_FRONT;
		uint32_t n = cb_users(dev, h.core, h.risc, w->id,
				      front ? TT_CB_USED_PRODUCER : TT_CB_USED_CONSUMER, out);

		*verb = front ? "push" : "pop";
		return n ? n : cb_may_use(dev, h, front ? TT_RISC_TRISC2 : TT_RISC_TRISC0, out);
	}
	case TT_WAIT_TILE_ENGINE:
		*verb = "release";
		return core_mates(dev, h.core, h.risc, true, out);
	default:
		return 0;
	}
}

static void hart_name(struct tt_device *dev, struct hart_ref h, char *buf, size_t len)
{
	struct tt_core xy = tt_dev_core_xy(dev, h.core);

	if (h.core >= dev->nworkers && dev->in_system)
		snprintf(buf, len, "chip %u ethernet core (0,%u) ERISC", dev->chip,
			 h.core - dev->nworkers);
	else if (h.core >= dev->nworkers)
		snprintf(buf, len, "ethernet core (0,%u) ERISC", h.core - dev->nworkers);
	else
		snprintf(buf, len, "core (%u,%u) %s", xy.x, xy.y, tt_risc_name(h.risc));
}

/*
 * An ethernet core waits for what its link brings: what the core at the
 * far end (another chip, asked for its waits now) is doing.  *@back says
 * whether it waits for its link too: a cycle across the two chips.
 */
static void far_end_text(struct tt_device *dev, struct hart_ref h, char *buf, size_t len,
			 bool *back)
{
	uint32_t ch = h.core - dev->nworkers, fch = 0;
	struct tt_device *far =
		dev->links ? dev->links->peer(dev->links_ctx, dev->chip, ch, &fch) : NULL;
	const struct tt_evt_wait_state *fw = NULL;
	char what[200] = "has no kernel running";

	*back = false;
	if (!far) {
		snprintf(buf, len, "but channel %u has no link to another chip", ch);
		return;
	}
	if (tt_dev_dump_waits(far, 2000) == TT_OK) {
		for (uint32_t i = 0; i < far->nwaits; i++)
			if (far->waits[i].src.core == far->nworkers + fch &&
			    far->waits[i].src.risc == TT_RISC_BRISC)
				fw = &far->waits[i];
	} else {
		snprintf(what, sizeof(what), "did not answer");
	}
	switch (fw ? tt_run_hart_state(far, fw) : TT_HART_IDLE) {
	case TT_HART_ASLEEP:
		tt_run_wait_text(fw, what, sizeof(what));
		*back = fw->kind == TT_WAIT_ETH_DATA || fw->kind == TT_WAIT_ETH_TX;
		break;
	case TT_HART_FINISHED:
		snprintf(what, sizeof(what), "finished its kernel");
		break;
	case TT_HART_RUNNING:
		snprintf(what, sizeof(what), "is still running");
		break;
	case TT_HART_TRAPPED:
		snprintf(what, sizeof(what), "trapped");
		break;
	default:
		break;
	}
	snprintf(buf, len, "which only chip %u ethernet core (0,%u) ERISC can send, and it %s",
		 far->chip, fch, what);
}

/*
 * "which only core (1,0) BRISC can increment", or for BRISC waiting for
 * its mates, "of which core (0,0) NCRISC has not finished".
 */
static void who_text(struct tt_device *dev, const struct hart_ref *v, uint32_t n, const char *verb,
		     char *buf, size_t len)
{
	bool mates = !strcmp(verb, "finish");
	size_t used;
	char name[64];

	used = (size_t)snprintf(buf, len, "%s",
				mates	 ? "of which "
				: n == 1 ? "which only "
					 : "which ");
	for (uint32_t i = 0; i < n && used < len; i++) {
		hart_name(dev, v[i], name, sizeof(name));
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? (i + 1 == n ? (mates ? " and " : " or ") : ", ") : "",
					 name);
	}
	if (used >= len)
		return;
	if (mates)
		snprintf(buf + used, len - used, " %s not finished", n == 1 ? "has" : "have");
	else
		snprintf(buf + used, len - used, " can %s", verb);
}

/* The next hart along @h's waits: the first waited-for one not finished. */
static int next_hart(struct tt_device *dev, const struct hart_ref *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		enum tt_hart_activity s = state_of(dev, v[i]);

		if (s != TT_HART_FINISHED && s != TT_HART_IDLE)
			return (int)i;
	}
	return -1;
}

static bool same(struct hart_ref a, struct hart_ref b)
{
	return a.core == b.core && a.risc == b.risc;
}

/* The walk's end: why @h can never go on. */
static void chain_end(struct tt_device *dev, struct hart_ref h, const struct hart_ref *v,
		      uint32_t n, const char *verb, char *buf, size_t len)
{
	const struct tt_evt_wait_state *w = wait_of(dev, h);
	char name[64];

	if (n) { /* all of them finished (or never ran) */
		hart_name(dev, v[0], name, sizeof(name));
		snprintf(buf, len, "%s %s, and no hart is left to %s it", name,
			 state_of(dev, v[0]) == TT_HART_FINISHED ? "finished"
								 : "has no kernel to run",
			 verb);
	} else if (verb && w &&
		   (w->kind == TT_WAIT_SEMAPHORE || w->kind == TT_WAIT_SEMAPHORE_MIN)) {
		snprintf(buf, len,
			 "no other core was given this core's coordinates "
			 "or the semaphore's address in its runtime args");
	} else if (w && (w->kind == TT_WAIT_CB_FRONT || w->kind == TT_WAIT_CB_BACK)) {
		bool front = w->kind == TT_WAIT_CB_FRONT;

		snprintf(buf, len,
			 "no other RISC of this core has %s CB %u in this launch: it has no %s "
			 "(a kernel that should %s it is missing, or uses another CB index)",
			 front ? "reserved or pushed" : "waited for or popped", w->id,
			 front ? "producer" : "consumer", front ? "push" : "pop");
	} else if (w && w->kind == TT_WAIT_NOC_BARRIER) {
		snprintf(buf, len,
			 "no NoC command in flight can complete it: the "
			 "barrier counts a command that was never issued");
	} else {
		buf[0] = '\0';
	}
}

/* What @h does, for a link of the chain. */
static void doing_text(struct tt_device *dev, struct hart_ref h, char *buf, size_t len)
{
	const struct tt_evt_wait_state *w = wait_of(dev, h);

	switch (w ? tt_run_hart_state(dev, w) : TT_HART_IDLE) {
	case TT_HART_FINISHED:
		snprintf(buf, len, "finished its kernel and waits for the other RISCs");
		break;
	case TT_HART_ASLEEP:
		tt_run_wait_text(w, buf, len);
		break;
	case TT_HART_RUNNING:
		snprintf(buf, len, "is still running (below)");
		break;
	case TT_HART_TRAPPED:
		snprintf(buf, len, "trapped (above)");
		break;
	default:
		snprintf(buf, len, "is halted (below)");
		break;
	}
}

/*
 * One link: "core (0,0) BRISC waits for semaphore 0 == 1 (now 0), which
 * only core (1,0) BRISC can increment", and at the chain's end (@last)
 * why nothing can.
 */
static void link_line(struct tt_device *dev, struct hart_ref h, bool last, int status,
		      const char *sep)
{
	struct hart_ref v[MAX_WAITED];
	char name[64], what[160], who[300] = "", end[300] = "";
	const char *verb;
	uint32_t n = waited_for(dev, h, v, &verb);
	const struct tt_evt_wait_state *w = wait_of(dev, h);
	bool back;

	hart_name(dev, h, name, sizeof(name));
	doing_text(dev, h, what, sizeof(what));
	if (n)
		who_text(dev, v, n, verb, who, sizeof(who));
	if (w && w->kind == TT_WAIT_ETH_DATA && tt_run_hart_state(dev, w) == TT_HART_ASLEEP) {
		far_end_text(dev, h, who, sizeof(who), &back);
		n = 1; /* for the separator */
		last = false;
	}
	/* A chain that ends at a hart still running (or trapped) ends there. */
	if (last && w && tt_run_hart_state(dev, w) == TT_HART_ASLEEP)
		chain_end(dev, h, v, n, verb, end, sizeof(end));
	tt_dev_error(dev, status, TT_RUN_NOWHERE, 0, 0, "  %s %s%s%s%s%s%s", name, what,
		     n ? ", " : "", who, end[0] ? "; " : "", end, sep);
}

/*
 * Walk from the first sleeping hart and add the root cause to the run
 * errors: what it is, then one line per link of the chain (a long one
 * shows its first and last links).
 */
void tt_run_hang_cause(struct tt_device *dev, bool deadlock)
{
	static const uint32_t max_walk = TT_MAX_CORES * TT_RISCS_PER_CORE + 1;
	struct hart_ref *path = calloc(max_walk, sizeof(*path)), v[MAX_WAITED];
	int status = deadlock ? TT_EDEADLK : TT_ETIMEDOUT;
	const struct tt_evt_wait_state *w = NULL;
	uint32_t len = 0, first = 0;
	int cycle_at = -1;

	for (uint32_t i = 0; i < dev->nwaits && !w; i++)
		if (dev->core[dev->waits[i].src.core].launched &&
		    !dev->core[dev->waits[i].src.core].done &&
		    tt_run_hart_state(dev, &dev->waits[i]) == TT_HART_ASLEEP)
			w = &dev->waits[i];
	if (!w || !path) {
		free(path);
		return;
	}
	path[len++] = (struct hart_ref){ w->src.core, w->src.risc };
	while (len < max_walk && cycle_at < 0) {
		const char *verb;
		uint32_t n = waited_for(dev, path[len - 1], v, &verb);
		int next = n ? next_hart(dev, v, n) : -1;

		if (next < 0)
			break;
		for (uint32_t i = 0; i < len; i++)
			if (same(path[i], v[next]))
				cycle_at = (int)i;
		if (cycle_at < 0)
			path[len++] = v[next];
	}
	w = wait_of(dev, path[len - 1]);
	if (cycle_at < 0 && w && w->kind == TT_WAIT_ETH_DATA &&
	    tt_run_hart_state(dev, w) == TT_HART_ASLEEP) {
		char far[400];
		bool back;

		far_end_text(dev, path[len - 1], far, sizeof(far), &back);
		tt_dev_error(dev, status, path[0].core, path[0].risc, 0, "root cause: %s",
			     back ? "a cycle of waits across two chips, none of which can end "
				    "first (each ethernet core waits for what only the other "
				    "can send):"
				  : "a chain of waits that leaves this chip over ethernet:");
	} else if (cycle_at >= 0) {
		first = (uint32_t)cycle_at;
		tt_dev_error(dev, status, path[first].core, path[first].risc, 0,
			     "root cause: a cycle of %u wait%s, none of which can "
			     "end first:",
			     len - first, len - first == 1 ? "" : "s");
	} else {
		enum tt_hart_activity end = state_of(dev, path[len - 1]);

		tt_dev_error(dev, status, path[0].core, path[0].risc, 0, "root cause: %s",
			     end == TT_HART_RUNNING   ? "a chain of "
							"waits that ends at a hart still running:"
			     : end == TT_HART_TRAPPED ? "a chain of waits that ends "
							"at the hart that trapped:"
			     : len > 1		      ? "a chain of "
							"waits that ends where nothing is left to do its "
							"part:"
						      : "a wait nothing can end:");
	}
	for (uint32_t i = first; i < len; i++) {
		if (len - first > MAX_CHAIN && i == first + MAX_CHAIN / 2) {
			tt_dev_error(dev, status, TT_RUN_NOWHERE, 0, 0,
				     "  ... %u more links like these ...", len - first - MAX_CHAIN);
			i = len - MAX_CHAIN / 2;
		}
		link_line(dev, path[i], cycle_at < 0 && i + 1 == len, status,
			  i + 1 == len ? "" : ";");
	}
	free(path);
}
