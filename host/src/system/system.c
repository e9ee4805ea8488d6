// SPDX-License-Identifier: Apache-2.0
/*
 * Systems of chips (tt/system.h): the chips of a named machine, opened
 * together, one device (one QEMU process) each.
 *
 * Opening a chip is mostly QEMU starting and the firmware booting, which
 * is QEMU's CPU time, not ours: the chips are opened by one thread per
 * host CPU, each taking the next chip not yet started, so a 2x4 mesh opens
 * in about a quarter of the time of eight opens in a row on two CPUs.
 * An idle chip costs nothing: its harts sleep in wfi and its DRAM is a
 * sparse file.  docs/decisions.md, "One QEMU per chip", says why the chips
 * are separate processes.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <tt/system.h>

#include "base/base.h"
#include "device/device.h"
#include "system/link.h"

struct tt_system {
	struct tt_system_desc desc;
	uint32_t links;	 /* per neighbouring pair */
	bool card_pairs; /* N300: only the card's two chips are linked */
	uint32_t nchips;
	struct tt_device *chips[TT_SYSTEM_MAX_CHIPS];
	struct tt_links *eth; /* the links between chips, or NULL */
};

struct named_system {
	const char *name;
	uint32_t rows, cols, links;
	bool cards; /* N300 cards: one PCIe chip each, its partner below it */
};

/*
 * The machines by tt-metal's names.  Links per neighbouring pair: the
 * emulator's until ethernet cores are modelled (docs/multi-device.md).
 * A T3000 is four N300 cards, one per column of its 2x4 mesh: the PCIe
 * chip on top, its partner under it.
 */
static const struct named_system named[] = {
	{ "N150", 1, 1, 0, false }, { "N300", 1, 2, 2, true },	  { "T3000", 2, 4, 2, true },
	{ "T3K", 2, 4, 2, true },   { "Galaxy", 8, 4, 4, false }, { "TG", 8, 4, 4, false },
};

/*
 * TT_VISIBLE_DEVICES: the PCIe devices this process sees, as tt-metal
 * takes it (a comma-separated list of ids).  Each N300 card brings its
 * second chip: k cards of a T3000 are a 2xk mesh (one card: an N300);
 * elsewhere k chips are a 1xk line.
 */
static int visible(struct tt_system_desc *d, bool cards)
{
	const char *v = getenv("TT_VISIBLE_DEVICES"), *p;
	uint64_t seen = 0;
	uint32_t k = 0;

	if (!v || !*v)
		return TT_OK;
	for (p = v; *p;) {
		char *end;
		unsigned long id = strtoul(p, &end, 10);

		if (end == p || (*end && *end != ','))
			return tt_fail(TT_EINVAL,
				       "TT_VISIBLE_DEVICES='%s': expected PCIe device ids "
				       "separated by commas, such as 0,1",
				       v);
		if (id >= d->pcie_chips)
			return tt_fail(TT_ERANGE,
				       "TT_VISIBLE_DEVICES='%s': the %s has PCIe devices 0..%u", v,
				       d->name, d->pcie_chips - 1);
		if (seen & (1ull << id))
			return tt_fail(TT_EINVAL, "TT_VISIBLE_DEVICES='%s': device %lu twice", v,
				       id);
		seen |= 1ull << id;
		k++;
		p = *end ? end + 1 : end;
	}
	if (!k)
		return TT_OK;
	d->pcie_chips = k;
	if (cards && k == 1) {
		snprintf(d->name, sizeof(d->name), "N300");
		d->rows = 1, d->cols = 2;
	} else if (cards) {
		d->rows = 2, d->cols = k;
		snprintf(d->name, sizeof(d->name), "2x%u", k);
	} else if (k != d->rows * d->cols) {
		d->rows = 1, d->cols = k;
		snprintf(d->name, sizeof(d->name), "1x%u", k);
	}
	return TT_OK;
}

static int parse_mesh(const char *name, uint32_t *rows, uint32_t *cols)
{
	char *end;
	unsigned long r, c;

	if (!isdigit((unsigned char)name[0]))
		return TT_EINVAL;
	r = strtoul(name, &end, 10);
	if (*end != 'x' && *end != 'X')
		return TT_EINVAL;
	if (!isdigit((unsigned char)end[1]))
		return TT_EINVAL;
	c = strtoul(end + 1, &end, 10);
	if (*end || !r || !c || r > TT_SYSTEM_MAX_CHIPS || c > TT_SYSTEM_MAX_CHIPS)
		return TT_EINVAL;
	*rows = (uint32_t)r;
	*cols = (uint32_t)c;
	return TT_OK;
}

static int describe(const char *name, struct tt_system_desc *out, uint32_t *links)
{
	const char *from = "";

	if (!name || !*name) {
		name = getenv("TT_EMU_SYSTEM");
		from = "TT_EMU_SYSTEM=";
		if (!name || !*name)
			name = "N150";
	}
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		if (strcasecmp(name, named[i].name) != 0)
			continue;
		snprintf(out->name, sizeof(out->name), "%s", named[i].name);
		out->rows = named[i].rows;
		out->cols = named[i].cols;
		out->pcie_chips =
			named[i].cards ? out->rows * out->cols / 2 : out->rows * out->cols;
		if (out->pcie_chips == 0)
			out->pcie_chips = 1;
		*links = named[i].links;
		return visible(out, named[i].cards);
	}
	if (parse_mesh(name, &out->rows, &out->cols))
		return tt_fail(TT_EINVAL,
			       "system %s'%s' is unknown: use N150, N300, T3000 (2x4), "
			       "Galaxy (8x4) or a mesh RxC such as 2x2",
			       from, name);
	if (out->rows * out->cols > TT_SYSTEM_MAX_CHIPS)
		return tt_fail(TT_ERANGE, "system %s'%s': %u chips, but a system holds at most %u",
			       from, name, out->rows * out->cols, TT_SYSTEM_MAX_CHIPS);
	snprintf(out->name, sizeof(out->name), "%ux%u", out->rows, out->cols);
	out->pcie_chips = out->rows * out->cols;
	*links = out->rows * out->cols > 1 ? 1 : 0;
	return visible(out, false);
}

int tt_system_describe(const char *name, struct tt_system_desc *out)
{
	uint32_t links;

	TT_REFUSE_NULL(out);
	return describe(name, out, &links);
}

/* The chips not yet opened, shared by the opening threads. */
struct opening {
	struct tt_system *sys;
	const struct tt_device_config *cfg;
	const char *trace; /* the system's trace path, or NULL */
	pthread_mutex_t lock;
	uint32_t next;
	int rc;		 /* the first failure */
	uint32_t failed; /* its chip */
	char why[1024];	 /* and its last error */
};

/*
 * Chip @id's trace beside the system's: "run.json" -> "run.chip3.json"
 * (the chips run at once, each its own timeline).
 */
static void chip_trace_path(const char *path, uint32_t id, char *out, size_t len)
{
	const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');

	if (dot && (!slash || dot > slash + 1))
		snprintf(out, len, "%.*s.chip%u%s", (int)(dot - path), path, id, dot);
	else
		snprintf(out, len, "%s.chip%u", path, id);
}

static void *open_chips(void *arg)
{
	struct opening *o = arg;

	for (;;) {
		struct tt_device *dev = NULL;
		uint32_t id;
		int rc;

		pthread_mutex_lock(&o->lock);
		id = o->rc ? o->sys->nchips : o->next++;
		pthread_mutex_unlock(&o->lock);
		if (id >= o->sys->nchips)
			return NULL;
		{
			struct tt_device_config cfg = *o->cfg;
			char trace[4096];

			if (o->trace && o->sys->nchips > 1) {
				chip_trace_path(o->trace, id, trace, sizeof(trace));
				cfg.trace_path = trace;
			}
			rc = tt_device_open(&cfg, &dev);
		}
		pthread_mutex_lock(&o->lock);
		if (rc && !o->rc) {
			o->rc = rc;
			o->failed = id;
			snprintf(o->why, sizeof(o->why), "%s", tt_last_error());
		}
		pthread_mutex_unlock(&o->lock);
		if (rc)
			return NULL;
		tt_dev_set_chip(dev, o->sys, id);
		o->sys->chips[id] = dev;
	}
}

static void close_chips(struct tt_system *sys)
{
	tt_links_detach(sys->eth);
	for (uint32_t i = 0; i < sys->nchips; i++)
		if (sys->chips[i])
			(void)tt_device_close(sys->chips[i]);
	tt_links_close(sys->eth);
	sys->eth = NULL;
}

/*
 * Join the chips by their ethernet links (hal/tt_link.h).  Only in the
 * deterministic mode: parallel chips (TT_EMU_PARALLEL=1) run unlinked.
 */
static int link_chips(struct tt_system *sys)
{
	uint16_t peer[TT_LINK_MAX_CHIPS][TT_LINK_CHANNELS];
	int rc;

	if (sys->nchips < 2 || !sys->links || sys->nchips > TT_LINK_MAX_CHIPS)
		return TT_OK;
	for (uint32_t i = 0; i < sys->nchips; i++)
		if (!sys->chips[i]->deterministic || sys->chips[i]->arch->eth_cores == 0)
			return TT_OK;
	for (uint32_t c = 0; c < sys->nchips; c++) {
		for (uint32_t ch = 0; ch < TT_LINK_CHANNELS; ch++) {
			uint32_t pc, pch;

			peer[c][ch] =
				ch < sys->chips[c]->arch->eth_cores &&
						tt_system_eth_peer(sys, c, ch, &pc, &pch) == TT_OK
					? (uint16_t)(pc << 8 | pch)
					: TT_LINK_NO_PEER;
		}
	}
	rc = tt_links_open(sys->nchips, (const uint16_t(*)[TT_LINK_CHANNELS])peer, &sys->eth);
	for (uint32_t i = 0; !rc && i < sys->nchips; i++)
		rc = tt_links_join(sys->eth, sys->chips[i], i);
	return rc;
}

int tt_system_open(const struct tt_system_config *cfg, struct tt_system **out)
{
	struct tt_system_config c = { 0 };
	struct opening o = { .lock = PTHREAD_MUTEX_INITIALIZER };
	pthread_t threads[TT_SYSTEM_MAX_CHIPS];
	uint32_t nthreads, started = 0;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct tt_system *sys;
	int rc;

	TT_REFUSE_NULL(out);
	*out = NULL;
	if (cfg)
		c = *cfg;
	sys = calloc(1, sizeof(*sys));
	if (!sys)
		return tt_fail(TT_ENOMEM, "tt_system_open: out of host memory");
	rc = describe(c.name, &sys->desc, &sys->links);
	if (rc) {
		free(sys);
		return tt_fail(rc, "tt_system_open: %s", tt_last_error());
	}
	sys->card_pairs = strcmp(sys->desc.name, "N300") == 0;
	sys->nchips = sys->desc.rows * sys->desc.cols;
	if ((c.chip.gdb_port || (getenv("TT_EMU_GDB") && atoi(getenv("TT_EMU_GDB")) > 0)) &&
	    sys->nchips > 1) {
		rc = tt_fail(TT_EINVAL,
			     "tt_system_open: %s has %u chips but one gdb port (%u) was "
			     "given: debug one chip (TT_EMU_SYSTEM=N150) or set "
			     "TT_EMU_GDB_ON_FAULT=1",
			     sys->desc.name, sys->nchips,
			     c.chip.gdb_port ? c.chip.gdb_port : atoi(getenv("TT_EMU_GDB")));
		free(sys);
		return rc;
	}

	o.sys = sys;
	o.cfg = &c.chip;
	o.trace = c.chip.trace_path;
	if (!o.trace && getenv("TT_EMU_TRACE") && *getenv("TT_EMU_TRACE"))
		o.trace = getenv("TT_EMU_TRACE");
	nthreads = cpus > 0 ? (uint32_t)cpus : 1;
	if (nthreads > sys->nchips)
		nthreads = sys->nchips;
	/* The calling thread opens chips too. */
	for (uint32_t i = 1; i < nthreads; i++)
		if (!pthread_create(&threads[started], NULL, open_chips, &o))
			started++;
	open_chips(&o);
	for (uint32_t i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	if (o.rc) {
		close_chips(sys);
		rc = tt_fail(o.rc, "tt_system_open: %s chip %u: %s", sys->desc.name, o.failed,
			     o.why);
		free(sys);
		return rc;
	}
	rc = tt_handle_add(sys, TT_HANDLE_SYSTEM);
	if (rc) {
		close_chips(sys);
		free(sys);
		return tt_fail(rc, "tt_system_open: out of host memory");
	}
	rc = link_chips(sys);
	if (rc) {
		rc = tt_fail(rc, "tt_system_open: %s: %s", sys->desc.name, tt_last_error());
		tt_handle_remove(sys, TT_HANDLE_SYSTEM);
		close_chips(sys);
		free(sys);
		return rc;
	}
	*out = sys;
	return TT_OK;
}

int tt_system_close(struct tt_system *sys)
{
	int rc = TT_OK;

	if (!sys)
		return TT_OK;
	if (!tt_handle_remove(sys, TT_HANDLE_SYSTEM))
		return tt_fail(TT_EINVAL,
			       "tt_system_close: %p is not an open system (closed twice?)",
			       (void *)sys);
	tt_links_detach(sys->eth);
	for (uint32_t i = 0; i < sys->nchips; i++) {
		int r = tt_device_close(sys->chips[i]);

		if (r && !rc)
			rc = r;
	}
	tt_links_close(sys->eth);
	free(sys);
	return rc;
}

int tt_system_hold(struct tt_system *sys)
{
	if (!tt_handle_live(sys, TT_HANDLE_SYSTEM))
		return tt_fail(TT_EINVAL, "tt_system_hold: %p is not an open system", (void *)sys);
	if (sys->eth)
		tt_links_hold(sys->eth);
	return TT_OK;
}

int tt_system_unhold(struct tt_system *sys)
{
	if (!tt_handle_live(sys, TT_HANDLE_SYSTEM))
		return tt_fail(TT_EINVAL, "tt_system_unhold: %p is not an open system",
			       (void *)sys);
	if (sys->eth)
		tt_links_unhold(sys->eth);
	return TT_OK;
}

const struct tt_system_desc *tt_system_desc(const struct tt_system *sys)
{
	if (!tt_handle_live(sys, TT_HANDLE_SYSTEM)) {
		tt_set_error("tt_system_desc: %p is not an open system", (const void *)sys);
		return NULL;
	}
	return &sys->desc;
}

struct tt_device *tt_system_chip(const struct tt_system *sys, uint32_t id)
{
	if (!tt_handle_live(sys, TT_HANDLE_SYSTEM)) {
		tt_set_error("tt_system_chip: %p is not an open system", (const void *)sys);
		return NULL;
	}
	if (id >= sys->nchips) {
		tt_set_error("tt_system_chip: chip %u, but %s has chips 0..%u", id, sys->desc.name,
			     sys->nchips - 1);
		return NULL;
	}
	return sys->chips[id];
}

uint32_t tt_system_links(const struct tt_system *sys, uint32_t a, uint32_t b)
{
	uint32_t ra, ca, rb, cb;

	if (!tt_handle_live(sys, TT_HANDLE_SYSTEM) || a >= sys->nchips || b >= sys->nchips)
		return 0;
	if (sys->card_pairs)
		return a / 2 == b / 2 && a != b ? sys->links : 0;
	ra = a / sys->desc.cols, ca = a % sys->desc.cols;
	rb = b / sys->desc.cols, cb = b % sys->desc.cols;
	if ((ra == rb && (ca + 1 == cb || cb + 1 == ca)) ||
	    (ca == cb && (ra + 1 == rb || rb + 1 == ra)))
		return sys->links;
	return 0;
}

/* Sides of a chip, in channel order (tt_system_eth_peer). */
enum { SIDE_WEST, SIDE_NORTH, SIDE_EAST, SIDE_SOUTH, SIDES };
#define CHANNELS_PER_SIDE 4

int tt_system_eth_peer(const struct tt_system *sys, uint32_t chip, uint32_t channel,
		       uint32_t *peer_chip, uint32_t *peer_channel)
{
	static const int dr[SIDES] = { 0, -1, 0, 1 }, dc[SIDES] = { -1, 0, 1, 0 };
	uint32_t side = channel / CHANNELS_PER_SIDE, i = channel % CHANNELS_PER_SIDE;
	int64_t r, c;
	uint32_t far;

	if (!tt_handle_live(sys, TT_HANDLE_SYSTEM))
		return tt_fail(TT_EINVAL, "tt_system_eth_peer: not an open system");
	if (!peer_chip || !peer_channel)
		return tt_fail(TT_EINVAL, "tt_system_eth_peer: a result pointer is NULL");
	if (chip >= sys->nchips || channel >= SIDES * CHANNELS_PER_SIDE)
		return tt_fail(TT_EINVAL,
			       "tt_system_eth_peer: chip %u channel %u, but %s has chips 0..%u "
			       "with channels 0..%u",
			       chip, channel, sys->desc.name, sys->nchips - 1,
			       SIDES * CHANNELS_PER_SIDE - 1);
	r = (int64_t)(chip / sys->desc.cols) + dr[side];
	c = (int64_t)(chip % sys->desc.cols) + dc[side];
	if (r < 0 || c < 0 || r >= sys->desc.rows || c >= sys->desc.cols)
		return TT_ENOENT;
	far = (uint32_t)(r * sys->desc.cols + c);
	if (tt_system_links(sys, chip, far) <= i)
		return TT_ENOENT;
	*peer_chip = far;
	*peer_channel = ((side + 2) % SIDES) * CHANNELS_PER_SIDE + i;
	return TT_OK;
}

/* tt/device.h's, here because they ask the device's system. */
struct tt_system *tt_device_system(const struct tt_device *dev)
{
	if (tt_dev_check(dev, "tt_device_system"))
		return NULL;
	/* The system's own pointer, kept const below it. */
	return (struct tt_system *)(uintptr_t)dev->system;
}

int tt_device_eth_peer(const struct tt_device *dev, uint32_t channel, uint32_t *peer_chip,
		       uint32_t *peer_channel)
{
	int rc = tt_dev_check(dev, "tt_device_eth_peer");

	if (rc)
		return rc;
	if (channel >= dev->arch->eth_cores)
		return tt_fail(TT_EINVAL, "tt_device_eth_peer: channel %u, but %s has %u", channel,
			       dev->arch->name, dev->arch->eth_cores);
	if (!dev->system)
		return TT_ENOENT;
	return tt_system_eth_peer(dev->system, dev->chip, channel, peer_chip, peer_channel);
}
