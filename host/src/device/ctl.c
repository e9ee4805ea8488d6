// SPDX-License-Identifier: Apache-2.0
/*
 * The control channel of a device: small messages to the emulator
 * (hal/tt_ctl.h) and the events it sends back.  Events update the run
 * state of the device (core ready or done, traps, guest errors) or are
 * printed (kernel output, rule warnings); all waiting is done in poll()
 * on the channel, so the host uses no CPU while kernels run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "device/device.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"

/* Control channel -------------------------------------------------------- */

/* Does this message wake or reset harts?  (The device's ttx_ctl_wakes.) */
static bool wakes(uint16_t type, const void *payload, uint16_t len)
{
	struct tt_ctl_reset m;

	if (type == TT_CTL_DOORBELL)
		return true;
	if (type != TT_CTL_RESET)
		return false;
	if (len < sizeof(m))
		return true;
	memcpy(&m, payload, sizeof(m));
	return !(m.flags & TT_CTL_RESET_FORCE);
}

int tt_dev_send(struct tt_device *dev, uint16_t type, const void *payload, uint16_t len)
{
	uint8_t msg[sizeof(struct tt_ctl_hdr) + TT_CTL_MAX_PAYLOAD];
	struct tt_ctl_hdr hdr = { .type = type, .len = len };
	size_t n = sizeof(hdr) + len, off = 0;

	memcpy(msg, &hdr, sizeof(hdr));
	if (len)
		memcpy(msg + sizeof(hdr), payload, len);
	while (off < n) {
		ssize_t w = send(dev->ctl, msg + off, n - off, MSG_NOSIGNAL);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			/* Gone: its system's other chips must not wait for it. */
			if (dev->links)
				dev->links->gone(dev->links_ctx, dev->chip);
			return TT_EDEVICE;
		}
		off += (size_t)w;
	}
	dev->ctl_sent++;
	if (dev->links && wakes(type, payload, len))
		dev->links->woke(dev->links_ctx);
	return TT_OK;
}

/*
 * Room kept at the end of the report for the line that says how many
 * lines did not fit (tt_dev_errors_finish): a report is never cut silently.
 */
#define TT_ERRORS_RESERVE 96

void tt_dev_error(struct tt_device *dev, int status, uint32_t core, unsigned int risc, uint32_t pc,
		  const char *fmt, ...)
{
	char line[sizeof(dev->errors)];
	va_list ap;
	size_t len;
	int n;

	if (!dev->failed) {
		dev->failed = true;
		dev->first.status = status;
		if (core == TT_RUN_NOWHERE) {
			dev->first.core = tt_core(TT_RUN_NOWHERE, TT_RUN_NOWHERE);
			dev->first.risc = TT_RUN_NOWHERE;
			dev->first.pc = TT_RUN_NOWHERE;
		} else {
			dev->first.core = tt_dev_core_xy(dev, core);
			dev->first.risc = risc;
			dev->first.pc = pc;
		}
	}
	if (dev->errors_left_out) { /* keep the order: nothing after a cut */
		dev->errors_left_out++;
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	len = (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1;
	/* Whole lines only: one that does not fit is counted, not cut. */
	if (dev->errors_len + len + 1 > sizeof(dev->errors) - TT_ERRORS_RESERVE) {
		dev->errors_left_out++;
		return;
	}
	memcpy(dev->errors + dev->errors_len, line, len);
	dev->errors_len += len;
	dev->errors[dev->errors_len++] = '\n';
	dev->errors[dev->errors_len] = '\0';
}

/*
 * A guest error that repeats (the same hart, pc and text, as a kernel's
 * loop makes it) is one line of the report, with its count
 * (tt_dev_errors_finish): the others it would push out stay in.  True
 * when @text at @pc of @src was seen before in this run; else it is noted
 * as the last line guest_error_noted() completes.
 */
static bool guest_error_repeated(struct tt_device *dev, const struct tt_evt_source *src,
				 uint32_t pc, const char *text, size_t len)
{
	uint32_t hash = 2166136261u; /* FNV-1a */
	struct tt_dev_guest_seen *g;

	for (size_t i = 0; i < len; i++)
		hash = (hash ^ (uint8_t)text[i]) * 16777619u;
	for (uint32_t i = 0; i < dev->nguest_seen; i++) {
		g = &dev->guest_seen[i];
		if (g->core == src->core && g->risc == src->risc && g->pc == pc &&
		    g->hash == hash) {
			g->count++;
			return true;
		}
	}
	if (dev->nguest_seen < sizeof(dev->guest_seen) / sizeof(dev->guest_seen[0])) {
		g = &dev->guest_seen[dev->nguest_seen++];
		*g = (struct tt_dev_guest_seen){ src->core, src->risc, pc, hash, 1, 0 };
	}
	return false;
}

/* The line just added is the last guest error noted: where it ends. */
static void guest_error_noted(struct tt_device *dev)
{
	struct tt_dev_guest_seen *g;

	if (!dev->nguest_seen)
		return;
	g = &dev->guest_seen[dev->nguest_seen - 1];
	if (g->count == 1 && !g->line_end && !dev->errors_left_out && dev->errors_len)
		g->line_end = dev->errors_len - 1; /* before its '\n' */
}

/* " (seen N times)" after each repeated guest error's line, latest first. */
static void guest_error_counts(struct tt_device *dev)
{
	for (uint32_t i = dev->nguest_seen; i-- > 0;) {
		struct tt_dev_guest_seen *g = &dev->guest_seen[i];
		char add[48];
		int n;

		if (g->count < 2 || !g->line_end)
			continue;
		n = snprintf(add, sizeof(add), " (%u times)", g->count);
		if (n <= 0 ||
		    dev->errors_len + (size_t)n + 1 > sizeof(dev->errors) - TT_ERRORS_RESERVE)
			continue;
		memmove(dev->errors + g->line_end + n, dev->errors + g->line_end,
			dev->errors_len - g->line_end + 1);
		memcpy(dev->errors + g->line_end, add, (size_t)n);
		dev->errors_len += (size_t)n;
	}
	dev->nguest_seen = 0;
}

void tt_dev_errors_finish(struct tt_device *dev)
{
	size_t room;
	int n;

	guest_error_counts(dev);
	room = sizeof(dev->errors) - dev->errors_len;
	if (!dev->errors_left_out)
		return;
	n = snprintf(dev->errors + dev->errors_len, room,
		     "(%u more line%s left out: the report holds %zu bytes)\n",
		     dev->errors_left_out, dev->errors_left_out == 1 ? "" : "s",
		     sizeof(dev->errors));
	if (n > 0)
		dev->errors_len += (size_t)n < room ? (size_t)n : room - 1;
	dev->errors_left_out = 0;
}

/*
 * What a kernel's plain store at @addr broke: the name of a region of L1
 * that the firmware keeps read-only for kernels (firmware/fw_common.c),
 * or NULL.
 */
static const char *l1_region(uint32_t addr, char *buf, size_t len)
{
	if (addr < TT_MEM_MAILBOX_BASE)
		return "the system words (boot code, NoC atomic return, L1 barrier)";
	if (addr < TT_MEM_ZEROS_BASE)
		return "the mailbox";
	if (addr < TT_MEM_LLK_DEBUG_BASE)
		return "MEM_ZEROS";
	if (addr < TT_MEM_BANK_TO_NOC_BASE)
		return "the LLK debug area";
	if (addr < TT_MEM_SYSTEM_DATA_END)
		return "the bank-to-NoC tables";
	if (addr < TT_MEM_FIRMWARE_END) {
		snprintf(buf, len, "%s firmware text",
			 tt_risc_name((addr - TT_MEM_FIRMWARE_BASE) / TT_MEM_FIRMWARE_SLOT_SIZE));
		return buf;
	}
	if (addr >= TT_MEM_KERNEL_TEXT_BASE && addr < TT_MEM_KERNEL_CONFIG_END) {
		snprintf(buf, len, "%s kernel text",
			 tt_risc_name((addr - TT_MEM_KERNEL_TEXT_BASE) / TT_MEM_KERNEL_SLOT_SIZE));
		return buf;
	}
	return NULL;
}

static const char *mcause_text(uint32_t mcause)
{
	switch (mcause) {
	case 0:
		return "misaligned instruction fetch";
	case 1:
		return "instruction access fault";
	case 2:
		return "illegal instruction";
	case 3:
		return "breakpoint (ebreak)";
	case 4:
		return "misaligned load";
	case 5:
		return "load access fault";
	case 6:
		return "misaligned store";
	case 7:
		return "store access fault";
	case 11:
		return "environment call (ecall)";
	case TT_MCAUSE_KERNEL_ABORT:
		return "kernel called abort()";
	case TT_MCAUSE_KERNEL_FAULT:
		return "stopped by a kernel API check";
	default:
		return "trap";
	}
}

const char *tt_dev_trap_text(uint32_t mcause, uint32_t mtval, char *buf, size_t len)
{
	bool store = mcause == TT_MCAUSE_STORE_FAULT || mcause == TT_MCAUSE_STORE_MISALIGNED;
	char name[40];
	const char *region;

	switch (mcause) {
	case TT_MCAUSE_KERNEL_EXIT:
		snprintf(buf, len, "kernel called exit(%d)", (int)mtval);
		return buf;
	case TT_MCAUSE_LOAD_MISALIGNED:
	case TT_MCAUSE_STORE_MISALIGNED:
		snprintf(buf, len, "misaligned %s at 0x%08x", store ? "store" : "load", mtval);
		return buf;
	case TT_MCAUSE_LOAD_FAULT:
	case TT_MCAUSE_STORE_FAULT:
		if (mtval < TT_MEM_LOCAL_BASE &&
		    mtval >= TT_MEM_LOCAL_BASE - TT_MEM_STACK_GUARD_SIZE) {
			snprintf(buf, len,
				 "stack overflow (%s at 0x%08x, below the "
				 "kernel's stack in local memory)",
				 store ? "store" : "load", mtval);
			return buf;
		}
		region = store ? l1_region(mtval, name, sizeof(name)) : NULL;
		if (region) {
			snprintf(buf, len, "store into %s at 0x%08x", region, mtval);
			return buf;
		}
		break;
	default:
		break;
	}
	snprintf(buf, len, "%s", mcause_text(mcause));
	return buf;
}

/* @ctx is the device: a chip of a system says which. */
static void default_print(void *ctx, struct tt_core core, unsigned int risc, const char *text,
			  size_t len)
{
	const struct tt_device *dev = ctx;

	if (dev && dev->in_system)
		printf("chip %u ", dev->chip);
	printf("core (%u,%u) %s: %.*s", core.x, core.y, tt_risc_name(risc), (int)len, text);
	if (len == 0 || text[len - 1] != '\n')
		putchar('\n');
	fflush(stdout);
}

/* A line of @dev's output, to the user's handler or the default one. */
static void print_line(struct tt_device *dev, struct tt_core xy, unsigned int risc,
		       const char *text, size_t len)
{
	if (dev->print_fn)
		dev->print_fn(dev->print_ctx, xy, risc, text, len);
	else
		default_print(dev, xy, risc, text, len);
}

/*
 * A rule-warning record a kernel printed (kernels/include/circular_buffer.h,
 * tt_kernel_warn): report it once per call site and RISC in this run, as
 * a line of that core's output with the site's source line.
 */
static bool rule_warning(struct tt_device *dev, uint32_t core, unsigned int risc, const char *text,
			 size_t len)
{
	static const char prefix[] = "\001tt-warn ";
	uint32_t kind, id, a, b, pc;
	char rec[128], what[160], where[900], line[1200];
	struct tt_core xy = tt_dev_core_xy(dev, core);
	int n;

	if (len < sizeof(prefix) - 1 || memcmp(text, prefix, sizeof(prefix) - 1) != 0)
		return false;
	snprintf(rec, sizeof(rec), "%.*s", (int)(len - (sizeof(prefix) - 1)),
		 text + sizeof(prefix) - 1);
	if (sscanf(rec, "%x %x %x %x %x", &kind, &id, &a, &b, &pc) != 5)
		return false;
	for (uint32_t i = 0; i < dev->nwarned; i++)
		if (dev->warned[i][0] == risc && dev->warned[i][1] == pc)
			return true;
	if (dev->nwarned < sizeof(dev->warned) / sizeof(dev->warned[0])) {
		dev->warned[dev->nwarned][0] = risc;
		dev->warned[dev->nwarned++][1] = pc;
	}
	if (kind == TT_FAULT_CB_PUSH_UNRESERVED)
		snprintf(what, sizeof(what),
			 "CB %u: cb_push_back of %u page%s, but only %u "
			 "reserved with cb_reserve_back",
			 id, a, a == 1 ? "" : "s", b);
	else if (kind == TT_FAULT_CB_POP_UNWAITED)
		snprintf(what, sizeof(what),
			 "CB %u: cb_pop_front of %u page%s, but only %u "
			 "waited for with cb_wait_front",
			 id, a, a == 1 ? "" : "s", b);
	else if (kind == TT_FAULT_RTA_PAST_END || kind == TT_FAULT_CRTA_PAST_END)
		snprintf(what, sizeof(what),
			 "%s(%u) reads past the %u %s runtime arg%s set for this core "
			 "and gets whatever follows them in L1",
			 kind == TT_FAULT_CRTA_PAST_END ? "get_common_arg_val" : "get_arg_val", id,
			 a, kind == TT_FAULT_CRTA_PAST_END ? "common" : "unique",
			 a == 1 ? "" : "s");
	else
		snprintf(what, sizeof(what), "rule %u broken (id %u, %u, %u)", kind, id, a, b);
	tt_dev_pc_location(dev, core, risc, pc, where, sizeof(where));
	n = snprintf(line, sizeof(line),
		     "warning: %s%s; silicon does not check this "
		     "(%s=1 makes it an error)\n",
		     what, where[0] ? where : "",
		     kind == TT_FAULT_RTA_PAST_END || kind == TT_FAULT_CRTA_PAST_END
			     ? "TT_EMU_STRICT_ARGS"
			     : "TT_EMU_STRICT_CB");
	print_line(dev, xy, risc, line, n < (int)sizeof(line) ? (size_t)n : sizeof(line) - 1);
	return true;
}

/*
 * @text (@len bytes) of a device report into @out, with the logical core
 * after each worker's NoC coordinates: "(19,18)" -> "(19,18) [core (1,0)]".
 * The model speaks NoC coordinates, which is what the kernel used; the
 * host program and the rest of the report speak logical cores.
 */
static void with_logical_cores(struct tt_device *dev, const char *text, size_t len, char *out,
			       size_t outlen)
{
	size_t o = 0;

	for (size_t i = 0; i < len && o + 1 < outlen;) {
		unsigned int x, y, used = 0;
		char tail;

		out[o++] = text[i];
		if (text[i++] != '(' || i >= len)
			continue;
		if (sscanf(text + i, "%u,%u%c%n", &x, &y, &tail, &used) != 3 || tail != ')' ||
		    i + used > len || x < dev->arch->virtual_worker_x0 ||
		    y < dev->arch->virtual_worker_y0 ||
		    x - dev->arch->virtual_worker_x0 >= dev->grid_x ||
		    y - dev->arch->virtual_worker_y0 >= dev->grid_y)
			continue;
		o += (size_t)snprintf(out + o, outlen - o, "%.*s [core (%u,%u)]", (int)used,
				      text + i, x - dev->arch->virtual_worker_x0,
				      y - dev->arch->virtual_worker_y0);
		if (o >= outlen)
			o = outlen - 1;
		i += used;
	}
	out[o < outlen ? o : outlen - 1] = '\0';
}

static const char *race_kind(uint32_t kind)
{
	switch (kind) {
	case TT_RACE_SIGNAL:
		return "semaphore signalled before the barrier";
	case TT_RACE_CB_PUSH:
		return "CB pages pushed before the barrier";
	case TT_RACE_CB_POP:
		return "CB pages popped before the barrier";
	case TT_RACE_SOURCE:
		return "source changed before the barrier";
	case TT_RACE_NOC:
		return "NoC command on bytes in flight";
	default:
		return "race";
	}
}

/*
 * The race detector's report (racecheck): what the hart did, where, and
 * where the unfinished NoC command was issued.  Both lines are
 * symbolized now: the report is rare, and the kernel images may change
 * before the run ends.
 */
static void race_report(struct tt_device *dev, const struct tt_evt_source *src,
			const struct tt_evt_race *ev, const char *text, size_t len)
{
	struct tt_core xy = tt_dev_core_xy(dev, src->core);
	struct tt_core oxy;
	char where[900], said[1024];

	if (ev->other.core >= dev->ncores || ev->other.risc >= TT_RISCS_PER_CORE)
		return;
	oxy = tt_dev_core_xy(dev, ev->other.core);
	with_logical_cores(dev, text, len, said, sizeof(said));
	tt_dev_error(dev, TT_EGUEST, src->core, src->risc, ev->pc,
		     "core (%u,%u) %s: NoC race (%s) at pc 0x%08x: %s", xy.x, xy.y,
		     tt_risc_name(src->risc), race_kind(ev->kind), ev->pc, said);
	tt_dev_error(dev, TT_EGUEST, src->core, src->risc, ev->pc, "  core (%u,%u) %s here%s", xy.x,
		     xy.y, tt_risc_name(src->risc),
		     tt_dev_pc_location(dev, src->core, src->risc, ev->pc, where, sizeof(where)));
	tt_dev_error(dev, TT_EGUEST, ev->other.core, ev->other.risc, ev->other_pc,
		     "  core (%u,%u) %s issued the unfinished NoC command at pc "
		     "0x%08x%s",
		     oxy.x, oxy.y, tt_risc_name(ev->other.risc), ev->other_pc,
		     tt_dev_pc_location(dev, ev->other.core, ev->other.risc, ev->other_pc, where,
					sizeof(where)));
}

/*
 * The device dropped kernel output because the host did not read the
 * control channel in time (docs/kernel-api.md): say so in the hart's
 * stream, where the bytes went missing.  A print handler hears of all of
 * them; by default the DPRINT part goes where DPRINT lines go (and is not
 * shown where they are not), the rest to standard output.
 */
static void print_dropped(struct tt_device *dev, const struct tt_evt_print_dropped *ev)
{
	struct tt_core xy = tt_dev_core_xy(dev, ev->src.core);
	uint64_t plain = ev->bytes - (ev->dprint < ev->bytes ? ev->dprint : ev->bytes);
	char line[128];
	int n;

	if (dev->print_fn || plain) {
		n = snprintf(line, sizeof(line),
			     "[%llu bytes of output dropped: the host did not "
			     "read them in time]\n",
			     (unsigned long long)(dev->print_fn ? ev->bytes : plain));
		print_line(dev, xy, ev->src.risc, line, (size_t)n);
	}
	if (!dev->print_fn && ev->dprint) {
		n = snprintf(line, sizeof(line),
			     "[%llu bytes of DPRINT output dropped: the host did "
			     "not read them in time]\n",
			     (unsigned long long)ev->dprint);
		tt_dprint_emit(&dev->dprint, xy, ev->src.risc, line, (size_t)n);
	}
}

static void handle_event(struct tt_device *dev, const struct tt_ctl_hdr *hdr, const uint8_t *p)
{
	struct tt_evt_source src;

	if (hdr->type != TT_EVT_HELLO && hdr->type != TT_EVT_DUMP_END && hdr->type != TT_EVT_IDLE &&
	    hdr->type != TT_EVT_DEBUGGER_GONE && hdr->type != TT_EVT_LINKED) {
		if (hdr->len < sizeof(src))
			return;
		memcpy(&src, p, sizeof(src));
		if (src.core >= dev->ncores || src.risc >= TT_RISCS_PER_CORE)
			return;
	}
	switch (hdr->type) {
	case TT_EVT_HELLO: {
		struct tt_evt_hello ev;

		if (hdr->len < sizeof(ev))
			return;
		memcpy(&ev, p, sizeof(ev));
		dev->deterministic = ev.deterministic;
		dev->hello = true;
		break;
	}
	case TT_EVT_DOORBELL: {
		struct tt_evt_doorbell ev;
		struct tt_core_state *cs = &dev->core[src.core];

		if (hdr->len < sizeof(ev))
			return;
		memcpy(&ev, p, sizeof(ev));
		if (ev.code == TT_DOORBELL_READY) {
			cs->ready = true;
		} else if (ev.code == TT_DOORBELL_DONE) {
			cs->done = true;
			cs->running = false;
			tt_prof_core_done(dev, src.core);
		}
		if (ev.icount > dev->run_icount)
			dev->run_icount = ev.icount; /* the last core to finish */
		break;
	}
	case TT_EVT_TRAP: {
		struct tt_evt_trap ev;
		struct tt_hart_state *hs = &dev->core[src.core].hart[src.risc];
		struct tt_core xy = tt_dev_core_xy(dev, src.core);
		char what[160];

		if (hdr->len < sizeof(ev))
			return;
		memcpy(&ev, p, sizeof(ev));
		hs->trapped = true;
		hs->mcause = ev.mcause;
		hs->mepc = ev.mepc;
		hs->mtval = ev.mtval;
		tt_dev_error(dev, TT_ETRAP, src.core, src.risc, ev.mepc,
			     "core (%u,%u) %s: %s at pc 0x%08x (mcause %u, mtval 0x%08x)", xy.x,
			     xy.y, tt_risc_name(src.risc),
			     tt_dev_trap_text(ev.mcause, ev.mtval, what, sizeof(what)), ev.mepc,
			     ev.mcause, ev.mtval);
		break;
	}
	case TT_EVT_GUEST_ERROR: {
		struct tt_evt_guest_error ev;
		struct tt_core xy = tt_dev_core_xy(dev, src.core);
		char text[1024];

		if (hdr->len < sizeof(ev))
			return;
		memcpy(&ev, p, sizeof(ev));
		if (!dev->core[src.core].hart[src.risc].guest_error) {
			dev->core[src.core].hart[src.risc].guest_error = true;
			dev->core[src.core].hart[src.risc].guest_pc = ev.pc;
		}
		if (guest_error_repeated(dev, &src, ev.pc, (const char *)p + sizeof(ev),
					 hdr->len - sizeof(ev)))
			break;
		with_logical_cores(dev, (const char *)p + sizeof(ev), hdr->len - sizeof(ev), text,
				   sizeof(text));
		tt_dev_error(dev, TT_EGUEST, src.core, src.risc, ev.pc,
			     "core (%u,%u) %s: guest error at pc 0x%08x: %s", xy.x, xy.y,
			     tt_risc_name(src.risc), ev.pc, text);
		guest_error_noted(dev);
		break;
	}
	case TT_EVT_RACE: {
		struct tt_evt_race ev;

		if (hdr->len < sizeof(ev))
			return;
		memcpy(&ev, p, sizeof(ev));
		race_report(dev, &src, &ev, (const char *)p + sizeof(ev), hdr->len - sizeof(ev));
		break;
	}
	case TT_EVT_PRINT: {
		const char *text = (const char *)p + sizeof(struct tt_evt_print);
		size_t len = hdr->len - sizeof(struct tt_evt_print);
		bool dprint = len && text[0] == '\002';

		if (rule_warning(dev, src.core, src.risc, text, len))
			break;
		if (dprint) {
			text++;
			len--;
		}
		if (dev->print_fn)
			dev->print_fn(dev->print_ctx, tt_dev_core_xy(dev, src.core), src.risc, text,
				      len);
		else if (dprint)
			tt_dprint_emit(&dev->dprint, tt_dev_core_xy(dev, src.core), src.risc, text,
				       len);
		else
			default_print(dev, tt_dev_core_xy(dev, src.core), src.risc, text, len);
		break;
	}
	case TT_EVT_PRINT_DROPPED: {
		struct tt_evt_print_dropped ev;

		if (hdr->len < sizeof(ev))
			return;
		memcpy(&ev, p, sizeof(ev));
		print_dropped(dev, &ev);
		break;
	}
	case TT_EVT_PROFILER:
		tt_prof_event(dev, p, hdr->len);
		break;
	case TT_EVT_WAIT_STATE:
		if (hdr->len >= sizeof(struct tt_evt_wait_state) &&
		    dev->nwaits < TT_MAX_CORES * TT_RISCS_PER_CORE)
			memcpy(&dev->waits[dev->nwaits++], p, sizeof(struct tt_evt_wait_state));
		break;
	case TT_EVT_DUMP_END:
		dev->dump_done = true;
		break;
	case TT_EVT_IDLE: {
		struct tt_evt_idle ev;

		if (hdr->len < sizeof(ev))
			return;
		memcpy(&ev, p, sizeof(ev));
		dev->idle_valid = true;
		dev->idle_ctl = ev.ctl_seen;
		dev->idle_icount = ev.icount;
		break;
	}
	case TT_EVT_LINKED: {
		struct tt_evt_linked ev;
		size_t n;

		if (hdr->len < sizeof(ev))
			return;
		memcpy(&ev, p, sizeof(ev));
		n = hdr->len - sizeof(ev);
		if (n >= sizeof(dev->linked_why))
			n = sizeof(dev->linked_why) - 1;
		memcpy(dev->linked_why, p + sizeof(ev), n);
		dev->linked_why[n] = '\0';
		dev->linked_status = ev.status;
		dev->linked_seen = true;
		break;
	}
	case TT_EVT_STOPPED:
		if (hdr->len < sizeof(dev->gdb.stop))
			return;
		memcpy(&dev->gdb.stop, p, sizeof(dev->gdb.stop));
		dev->gdb.stopped = true;
		dev->gdb.gone = false;
		break;
	case TT_EVT_DEBUGGER_GONE:
		dev->gdb.gone = true;
		break;
	default:
		break;
	}
}

int tt_dev_pump(struct tt_device *dev, int timeout_ms)
{
	struct pollfd pfd = { .fd = dev->ctl, .events = POLLIN };
	int handled = 0;
	ssize_t n;
	size_t off;
	int r;

	r = poll(&pfd, 1, timeout_ms);
	if (r < 0)
		return errno == EINTR ? 0 : TT_EIO;
	if (r == 0)
		return 0;
	n = recv(dev->ctl, dev->rx + dev->rx_len, sizeof(dev->rx) - dev->rx_len, MSG_DONTWAIT);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	if (n <= 0) {
		tt_dev_qemu_gone(dev);
		return TT_EDEVICE;
	}
	dev->rx_len += (size_t)n;
	off = 0;
	while (dev->rx_len - off >= sizeof(struct tt_ctl_hdr)) {
		struct tt_ctl_hdr hdr;

		memcpy(&hdr, dev->rx + off, sizeof(hdr));
		if (dev->rx_len - off - sizeof(hdr) < hdr.len)
			break;
		handle_event(dev, &hdr, dev->rx + off + sizeof(hdr));
		off += sizeof(hdr) + hdr.len;
		handled++;
	}
	memmove(dev->rx, dev->rx + off, dev->rx_len - off);
	dev->rx_len -= off;
	return handled;
}

/*
 * Can no hart ever run again without the host?  The device said it was
 * idle after applying every message the host has sent (an older idle
 * spell, before the last message, does not count).  A person stepping
 * in gdb stops harts on purpose: never then.
 */
bool tt_dev_stuck(const struct tt_device *dev)
{
	return dev->idle_valid && dev->idle_ctl == dev->ctl_sent && !dev->under_gdb;
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int tt_dev_pump_until(struct tt_device *dev, bool (*pred)(struct tt_device *), int timeout_ms)
{
	int64_t deadline = now_ms() + timeout_ms;

	while (!pred(dev)) {
		int left = timeout_ms < 0 ? -1 : (int)(deadline - now_ms());
		int r;

		if (timeout_ms >= 0 && left <= 0)
			return TT_ETIMEDOUT;
		r = tt_dev_pump(dev, left);
		if (r < 0)
			return r;
	}
	return TT_OK;
}

static bool dump_done(struct tt_device *dev)
{
	return dev->dump_done;
}

int tt_dev_dump_waits(struct tt_device *dev, int timeout_ms)
{
	int rc;

	dev->nwaits = 0;
	dev->dump_done = false;
	rc = tt_dev_send(dev, TT_CTL_DUMP_WAITS, NULL, 0);
	if (rc)
		return rc;
	return tt_dev_pump_until(dev, dump_done, timeout_ms);
}

/* Source locations ------------------------------------------------------- */

/*
 * The kernel in a RISC's text slot is the one whose id the host loaded
 * there last (tt_hart_state.loaded_kernel); its image is in the cache
 * under that id.  A pc in the firmware slots is the firmware's.
 */
const char *tt_dev_pc_location(struct tt_device *dev, uint32_t index, unsigned int risc,
			       uint32_t pc, char *buf, size_t len)
{
	const struct tt_hart_state *hs = &dev->core[index].hart[risc];
	char elf[1500] = "";
	char where[800];

	buf[0] = '\0';
	if (risc >= TT_RISCS_PER_CORE)
		return buf;
	if (pc >= TT_MEM_KERNEL_BASE(risc) &&
	    pc < TT_MEM_KERNEL_BASE(risc) + TT_MEM_KERNEL_SLOT_SIZE) {
		if (hs->loaded_kernel[0] || hs->loaded_kernel[1])
			tt_kernel_elf_path(hs->loaded_kernel, elf, sizeof(elf));
	} else if (pc >= TT_MEM_FIRMWARE_BASE && pc < TT_MEM_FIRMWARE_END) {
		tt_firmware_path(risc, false, elf, sizeof(elf));
	}
	if (elf[0] && !tt_symbolize(elf, pc, where, sizeof(where)))
		snprintf(buf, len, " at %s", where);
	return buf;
}
