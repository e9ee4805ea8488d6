// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's device profiler log: profile_log_device.csv, the file
 * tt-metal writes under TT_METAL_DEVICE_PROFILER=1 and its post-processing
 * (tools/tracy/process_device_log.py) reads, made from the markers the
 * emulated device reports as kernels set them (TT_EVT_PROFILER, machine
 * option profiler=on).
 *
 * Where: $TT_METAL_PROFILER_DIR/.logs/, else
 * $TT_METAL_HOME/generated/profiler/.logs/, else generated/profiler/.logs/
 * under the working directory, as tt-metal picks it.  The first device of
 * the process that writes to a folder removes the file left there; every
 * write after that appends (a new file gets the two header lines).
 *
 * What: a line "ARCH: wormhole_b0, CHIP_FREQ[MHz]: 1000, Max Compute
 * Cores: 64", tt-metal's column header, then a row per marker, the rows of
 * one write sorted by core (NoC x, then y), RISC and time:
 *
 *   chip id, core NoC x, y, RISC (BRISC, NCRISC, TRISC_0..2), timer id,
 *   time, data, run host ID, trace id, trace id counter, zone name, type,
 *   source line, source file, meta data
 *
 * with types ZONE_START and ZONE_END (DeviceZoneScopedN: the end carries
 * the start's name and site), TS_DATA (DeviceTimestampedData, data = the
 * value), TS_EVENT (DeviceRecordEvent: timer id = the event id, no name)
 * and ZONE_TOTAL (DeviceZoneScopedSumN1/N2, one per RISC and slot at the
 * core's done: data = the summed time, time = the RISC's first marker of
 * the launch).
 *
 * Time is the device clock, the one a kernel's wall clock reads (ns since
 * the machine started; one per guest instruction in deterministic mode),
 * given as cycles of a 1000 MHz chip.  The timer id is tt-metal's: the
 * 32-bit FNV-1a hash of "<name>,<file>,<line>,KERNEL_PROFILER" (what
 * tt-metal's compiler message says of the marker) folded to 16 bits; a
 * marker set without its site (tt_zone_begin() and friends) has file ""
 * and line 0.  Commas in names and files become ';' so the columns stay
 * put (tt-metal cannot name a zone with one).
 *
 * Not written: tt-metal's run host ID (0), trace id and counter (empty),
 * meta data (empty), and the firmware's own zones (BRISC-FW,
 * BRISC-KERNEL, ...); the cores are the NoC coordinates kernels see (the
 * emulator has no physical, harvested placement).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "device/device.h"
#include "tt_emu_regs.h"

#define PROF_LOG_NAME "profile_log_device.csv"
/* The clock the times are given in: one cycle per ns of the device clock. */
#define PROF_CHIP_MHZ 1000
/* Markers kept between two writes; more are dropped and counted. */
#define PROF_MAX_ROWS (1u << 21)
#define PROF_NO_SITE  UINT32_MAX

/* Row types, as tt-metal names them. */
enum prof_type {
	PROF_ZONE_START,
	PROF_ZONE_END,
	PROF_ZONE_TOTAL,
	PROF_TS_DATA,
	PROF_TS_EVENT,
};

static const char *const prof_type_name[] = {
	[PROF_ZONE_START] = "ZONE_START", [PROF_ZONE_END] = "ZONE_END",
	[PROF_ZONE_TOTAL] = "ZONE_TOTAL", [PROF_TS_DATA] = "TS_DATA",
	[PROF_TS_EVENT] = "TS_EVENT",
};

static const char *const prof_risc_name[TT_RISCS_PER_CORE] = {
	"BRISC", "NCRISC", "TRISC_0", "TRISC_1", "TRISC_2",
};

/* Where a marker is: its name and site as the device sent them. */
struct prof_site {
	char *key; /* "name\0file,line", the bytes of the event */
	size_t keylen;
	char *name; /* for the CSV: no commas, no line breaks */
	char *file;
	uint32_t line;
	uint16_t id; /* timer id */
};

struct prof_row {
	uint64_t time;
	uint64_t data;
	uint32_t seq;  /* arrival order: ties keep it */
	uint32_t site; /* or PROF_NO_SITE */
	uint16_t id;
	uint8_t x, y; /* logical core */
	uint8_t risc;
	uint8_t type; /* enum prof_type */
};

struct prof_sum {
	bool open;
	uint32_t site;
	uint32_t count;
	uint64_t start;
	uint64_t total;
};

/* What one RISC has going in the current launch. */
struct prof_hart {
	uint32_t *open; /* sites of its open zones, innermost last */
	uint32_t depth;
	uint32_t cap;
	bool marked;
	uint64_t first; /* time of its first marker */
	struct prof_sum sum[TT_PROF_SUM_SLOTS];
};

struct tt_profiler {
	char path[PATH_MAX];
	struct prof_site *sites;
	uint32_t nsites, sites_cap;
	uint32_t *index; /* open addressing: site + 1, 0 if free */
	uint32_t index_cap;
	struct prof_row *rows;
	size_t nrows, rows_cap;
	uint64_t dropped;
	uint32_t seq;
	struct prof_hart hart[];
};

/* Devices of the process write one file per folder, one at a time. */
static pthread_mutex_t prof_lock = PTHREAD_MUTEX_INITIALIZER;
static char **prof_fresh; /* logs this process started afresh */
static size_t prof_nfresh;

static uint32_t fnv1a(const char *s, size_t n, uint32_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h;
}

/*
 * tt-metal's timer id of a marker: the FNV-1a hash of its compiler
 * message "<name>,<file>,<line>,KERNEL_PROFILER", folded to 16 bits.
 * Bytes count as unsigned, as the RISC-V compiler that works out the id
 * in a tt-metal kernel sees them.
 */
static uint16_t timer_id(const char *name, size_t name_len, const char *file, size_t file_len,
			 uint32_t line)
{
	static const char tail[] = ",KERNEL_PROFILER";
	char num[16];
	uint32_t h = 2166136261u;

	snprintf(num, sizeof(num), "%u", line);
	h = fnv1a(name, name_len, h);
	h = fnv1a(",", 1, h);
	h = fnv1a(file, file_len, h);
	h = fnv1a(",", 1, h);
	h = fnv1a(num, strlen(num), h);
	h = fnv1a(tail, sizeof(tail) - 1, h);
	return (uint16_t)((h & 0xffff) ^ (h >> 16));
}

/* A copy of @s (@n bytes) that keeps the CSV's columns: ',' -> ';'. */
static char *csv_text(const char *s, size_t n)
{
	char *t = malloc(n + 1);

	if (!t)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ',')
			t[i] = ';';
		else if (s[i] == '\n' || s[i] == '\r')
			t[i] = ' ';
		else
			t[i] = s[i];
	}
	t[n] = '\0';
	return t;
}

static bool grow(void **p, size_t *cap, size_t want, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *q;

	if (want <= *cap)
		return true;
	while (n < want)
		n *= 2;
	q = realloc(*p, n * size);
	if (!q)
		return false;
	*p = q;
	*cap = n;
	return true;
}

/* Split "name\0file,line" (@key, @n bytes) into a new site; false: no memory. */
static bool site_make(struct prof_site *s, const char *key, size_t n)
{
	size_t name_len = strnlen(key, n);
	const char *at = name_len < n ? key + name_len + 1 : key + n;
	size_t at_len = (size_t)(key + n - at);
	const char *comma = at_len ? memrchr(at, ',', at_len) : NULL;
	size_t file_len = comma ? (size_t)(comma - at) : at_len;

	memset(s, 0, sizeof(*s));
	s->key = malloc(n ? n : 1);
	s->name = csv_text(key, name_len);
	s->file = csv_text(at, file_len);
	if (!s->key || !s->name || !s->file) {
		free(s->key);
		free(s->name);
		free(s->file);
		return false;
	}
	memcpy(s->key, key, n);
	s->keylen = n;
	if (comma) {
		char num[16];
		size_t len = (size_t)(at + at_len - comma - 1);

		snprintf(num, sizeof(num), "%.*s", (int)(len < 15 ? len : 15), comma + 1);
		s->line = (uint32_t)strtoul(num, NULL, 10);
	}
	/* Over the text as the compiler saw it, commas and all. */
	s->id = timer_id(key, name_len, at, file_len, s->line);
	return true;
}

static bool index_grow(struct tt_profiler *pr)
{
	uint32_t cap = pr->index_cap ? pr->index_cap * 2 : 256;
	uint32_t *index = calloc(cap, sizeof(*index));

	if (!index)
		return false;
	for (uint32_t i = 0; i < pr->nsites; i++) {
		const struct prof_site *s = &pr->sites[i];
		uint32_t h = fnv1a(s->key, s->keylen, 2166136261u) & (cap - 1);

		while (index[h])
			h = (h + 1) & (cap - 1);
		index[h] = i + 1;
	}
	free(pr->index);
	pr->index = index;
	pr->index_cap = cap;
	return true;
}

/* The site of marker text @key (@n bytes), added if new; PROF_NO_SITE: no memory. */
static uint32_t site_of(struct tt_profiler *pr, const char *key, size_t n)
{
	uint32_t h;
	size_t cap = pr->sites_cap;

	if (2 * (pr->nsites + 1) > pr->index_cap && !index_grow(pr))
		return PROF_NO_SITE;
	h = fnv1a(key, n, 2166136261u) & (pr->index_cap - 1);
	for (; pr->index[h]; h = (h + 1) & (pr->index_cap - 1)) {
		const struct prof_site *s = &pr->sites[pr->index[h] - 1];

		if (s->keylen == n && !memcmp(s->key, key, n))
			return pr->index[h] - 1;
	}
	if (!grow((void **)&pr->sites, &cap, pr->nsites + 1, sizeof(*pr->sites)))
		return PROF_NO_SITE;
	pr->sites_cap = (uint32_t)cap;
	if (!site_make(&pr->sites[pr->nsites], key, n))
		return PROF_NO_SITE;
	pr->index[h] = pr->nsites + 1;
	return pr->nsites++;
}

static void add_row(struct tt_device *dev, uint32_t core, uint32_t risc, enum prof_type type,
		    uint32_t site, uint16_t id, uint64_t time, uint64_t data)
{
	struct tt_profiler *pr = dev->prof;
	struct tt_core xy = tt_dev_core_xy(dev, core);

	if (pr->nrows >= PROF_MAX_ROWS ||
	    !grow((void **)&pr->rows, &pr->rows_cap, pr->nrows + 1, sizeof(*pr->rows))) {
		pr->dropped++;
		return;
	}
	pr->rows[pr->nrows++] = (struct prof_row){
		.time = time,
		.data = data,
		.seq = pr->seq++,
		.site = site,
		.id = id,
		.x = (uint8_t)xy.x,
		.y = (uint8_t)xy.y,
		.risc = (uint8_t)risc,
		.type = (uint8_t)type,
	};
}

static void add_site_row(struct tt_device *dev, uint32_t core, uint32_t risc, enum prof_type type,
			 uint32_t site, uint64_t time, uint64_t data)
{
	if (site == PROF_NO_SITE) {
		dev->prof->dropped++;
		return;
	}
	add_row(dev, core, risc, type, site, dev->prof->sites[site].id, time, data);
}

static void hart_reset(struct prof_hart *h)
{
	h->depth = 0;
	h->marked = false;
	memset(h->sum, 0, sizeof(h->sum));
}

/* Log path of the folder tt-metal picks, and that folder in @dir. */
static int log_path(char *path, size_t len, char *dir, size_t dirlen)
{
	const char *root = getenv("TT_METAL_PROFILER_DIR");
	const char *home = getenv("TT_METAL_HOME");
	int n;

	if (root && *root)
		n = snprintf(dir, dirlen, "%s/.logs", root);
	else if (home && *home)
		n = snprintf(dir, dirlen, "%s/generated/profiler/.logs", home);
	else
		n = snprintf(dir, dirlen, "generated/profiler/.logs");
	if (n < 0 || (size_t)n >= dirlen ||
	    (size_t)snprintf(path, len, "%s/" PROF_LOG_NAME, dir) >= len)
		return tt_fail(TT_E2BIG,
			       "device profiler: the log's folder \"%.64s...\" is too long", dir);
	return TT_OK;
}

/* mkdir -p @dir */
static int make_dirs(const char *dir)
{
	char path[PATH_MAX];
	size_t len = strlen(dir);

	memcpy(path, dir, len + 1);
	for (size_t i = 1; i <= len; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0777) && errno != EEXIST)
			return tt_fail(TT_EIO, "device profiler: cannot create \"%s\": %s", path,
				       strerror(errno));
		path[i] = i < len ? '/' : '\0';
	}
	return TT_OK;
}

/* Remove @path's log if this process has not written to it yet. */
static int start_afresh(const char *path)
{
	char **fresh;

	for (size_t i = 0; i < prof_nfresh; i++)
		if (!strcmp(prof_fresh[i], path))
			return TT_OK;
	fresh = realloc(prof_fresh, (prof_nfresh + 1) * sizeof(*fresh));
	if (!fresh)
		return tt_fail(TT_ENOMEM, "device profiler: out of host memory");
	prof_fresh = fresh;
	prof_fresh[prof_nfresh] = strdup(path);
	if (!prof_fresh[prof_nfresh])
		return tt_fail(TT_ENOMEM, "device profiler: out of host memory");
	prof_nfresh++;
	if (unlink(path) && errno != ENOENT)
		return tt_fail(TT_EIO, "device profiler: cannot remove the old %s: %s", path,
			       strerror(errno));
	return TT_OK;
}

int tt_prof_init(struct tt_device *dev)
{
	size_t harts = (size_t)dev->ncores * TT_RISCS_PER_CORE;
	struct tt_profiler *pr = calloc(1, sizeof(*pr) + harts * sizeof(pr->hart[0]));
	char dir[PATH_MAX];
	int rc;

	if (!pr)
		return tt_fail(TT_ENOMEM, "device profiler: out of host memory");
	rc = log_path(pr->path, sizeof(pr->path), dir, sizeof(dir));
	if (!rc)
		rc = make_dirs(dir);
	if (!rc) {
		pthread_mutex_lock(&prof_lock);
		rc = start_afresh(pr->path);
		pthread_mutex_unlock(&prof_lock);
	}
	if (rc) {
		free(pr);
		return rc;
	}
	dev->prof = pr;
	return TT_OK;
}

void tt_prof_fini(struct tt_device *dev)
{
	struct tt_profiler *pr = dev->prof;

	if (!pr)
		return;
	for (size_t i = 0; i < (size_t)dev->ncores * TT_RISCS_PER_CORE; i++)
		free(pr->hart[i].open);
	for (uint32_t i = 0; i < pr->nsites; i++) {
		free(pr->sites[i].key);
		free(pr->sites[i].name);
		free(pr->sites[i].file);
	}
	free(pr->sites);
	free(pr->index);
	free(pr->rows);
	free(pr);
	dev->prof = NULL;
}

void tt_prof_event(struct tt_device *dev, const uint8_t *p, size_t len)
{
	struct tt_profiler *pr = dev->prof;
	struct tt_evt_profiler ev;
	const char *text;
	struct prof_hart *h;
	struct prof_sum *sum;
	uint32_t site, slot;
	size_t tlen;

	if (!pr || len < sizeof(ev))
		return;
	memcpy(&ev, p, sizeof(ev));
	text = (const char *)p + sizeof(ev);
	tlen = len - sizeof(ev);
	h = &pr->hart[ev.src.core * TT_RISCS_PER_CORE + ev.src.risc];
	if (!h->marked) {
		h->marked = true;
		h->first = ev.clock;
	}
	switch (ev.mark) {
	case TT_PROF_ZONE_BEGIN: {
		size_t cap = h->cap;

		site = site_of(pr, text, tlen);
		if (!grow((void **)&h->open, &cap, h->depth + 1, sizeof(*h->open))) {
			pr->dropped++;
			break;
		}
		h->cap = (uint32_t)cap;
		h->open[h->depth++] = site;
		add_site_row(dev, ev.src.core, ev.src.risc, PROF_ZONE_START, site, ev.clock, 0);
		break;
	}
	case TT_PROF_ZONE_END:
		if (h->depth)
			add_site_row(dev, ev.src.core, ev.src.risc, PROF_ZONE_END,
				     h->open[--h->depth], ev.clock, 0);
		break;
	case TT_PROF_DATA:
		add_site_row(dev, ev.src.core, ev.src.risc, PROF_TS_DATA, site_of(pr, text, tlen),
			     ev.clock, ev.data);
		break;
	case TT_PROF_EVENT:
		add_row(dev, ev.src.core, ev.src.risc, PROF_TS_EVENT, PROF_NO_SITE,
			(uint16_t)ev.data, ev.clock, 0);
		break;
	case TT_PROF_SUM_BEGIN:
	case TT_PROF_SUM_END:
		/* The slot is PROF_DATA_LO; HI may hold an older marker's data. */
		slot = (uint32_t)ev.data;
		if (slot >= TT_PROF_SUM_SLOTS)
			break;
		sum = &h->sum[slot];
		if (ev.mark == TT_PROF_SUM_BEGIN) {
			sum->open = true;
			sum->start = ev.clock;
			sum->site = site_of(pr, text, tlen);
		} else if (sum->open) {
			sum->open = false;
			sum->total += ev.clock - sum->start;
			sum->count++;
		}
		break;
	default:
		break;
	}
}

void tt_prof_core_done(struct tt_device *dev, uint32_t core)
{
	struct tt_profiler *pr = dev->prof;

	if (!pr)
		return;
	for (uint32_t r = 0; r < TT_RISCS_PER_CORE; r++) {
		struct prof_hart *h = &pr->hart[core * TT_RISCS_PER_CORE + r];

		for (uint32_t i = 0; i < TT_PROF_SUM_SLOTS; i++)
			if (h->sum[i].count)
				add_site_row(dev, core, r, PROF_ZONE_TOTAL, h->sum[i].site,
					     h->first, h->sum[i].total);
		hart_reset(h);
	}
}

void tt_prof_launch(struct tt_device *dev)
{
	struct tt_profiler *pr = dev->prof;

	if (!pr)
		return;
	for (size_t i = 0; i < (size_t)dev->ncores * TT_RISCS_PER_CORE; i++)
		hart_reset(&pr->hart[i]);
}

/* Row order: core by NoC x then y, RISC, time, timer id, arrival. */
static int row_cmp(const void *a, const void *b)
{
	const struct prof_row *x = a, *y = b;

	if (x->x != y->x)
		return x->x < y->x ? -1 : 1;
	if (x->y != y->y)
		return x->y < y->y ? -1 : 1;
	if (x->risc != y->risc)
		return x->risc < y->risc ? -1 : 1;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void write_rows(struct tt_device *dev, FILE *f)
{
	struct tt_profiler *pr = dev->prof;

	for (size_t i = 0; i < pr->nrows; i++) {
		const struct prof_row *r = &pr->rows[i];
		const struct prof_site *s = r->site == PROF_NO_SITE ? NULL : &pr->sites[r->site];

		fprintf(f, "%u,%u,%u,%s,%u,%llu,%llu,0,,,%s,%s,%u,%s,\n", dev->chip,
			dev->arch->virtual_worker_x0 + r->x, dev->arch->virtual_worker_y0 + r->y,
			prof_risc_name[r->risc], r->id, (unsigned long long)r->time,
			(unsigned long long)r->data, s ? s->name : "", prof_type_name[r->type],
			s ? s->line : 0, s ? s->file : "");
	}
}

int tt_prof_write(struct tt_device *dev)
{
	struct tt_profiler *pr = dev->prof;
	struct stat st;
	uint64_t dropped;
	FILE *f;
	int rc = TT_OK;

	if (!pr)
		return TT_OK;
	qsort(pr->rows, pr->nrows, sizeof(*pr->rows), row_cmp);
	pthread_mutex_lock(&prof_lock);
	f = fopen(pr->path, "a");
	if (!f) {
		rc = tt_fail(TT_EIO, "device profiler: cannot write %s: %s", pr->path,
			     strerror(errno));
	} else {
		if (!fstat(fileno(f), &st) && st.st_size == 0) {
			fprintf(f, "ARCH: %s, CHIP_FREQ[MHz]: %u, Max Compute Cores: %u\n",
				dev->arch->name, PROF_CHIP_MHZ, dev->grid_x * dev->grid_y);
			fputs("PCIe slot, core_x, core_y, RISC processor type, timer_id, "
			      "time[cycles since reset], data, run host ID, trace id, "
			      "trace id counter, zone name, type, source line, source file, "
			      "meta data\n",
			      f);
		}
		write_rows(dev, f);
		if (ferror(f) | fclose(f))
			rc = tt_fail(TT_EIO, "device profiler: cannot write %s: %s", pr->path,
				     strerror(errno));
	}
	pthread_mutex_unlock(&prof_lock);
	dropped = pr->dropped;
	pr->nrows = 0;
	pr->dropped = 0;
	/* A warning, as tt-metal gives when its buffers fill: the run is fine. */
	if (dropped)
		fprintf(stderr,
			"tensix-emu: device profiler: %llu markers left out of %s (more than %u "
			"between two reads, or no host memory); read the results more often\n",
			(unsigned long long)dropped, pr->path, PROF_MAX_ROWS);
	return rc;
}

int tt_device_read_profiler(struct tt_device *dev)
{
	int rc = tt_dev_check(dev, "tt_device_read_profiler");

	if (rc)
		return rc;
	rc = tt_prof_write(dev);
	return rc ? tt_fail(rc, "tt_device_read_profiler: %s", tt_last_error()) : TT_OK;
}
