// SPDX-License-Identifier: Apache-2.0
/*
 * Memory reports (tt/memory_report.h): the three CSV files of tt-metal's memory
 * reporter, in the layout of its version 1353e377, and an SVG picture of bank occupancy.  The block table inside the
 * detailed report uses the CSV rows of tt-metal's FreeList::dump_blocks of
 * the same period (",,Blocks:,Address (B),Size (B),Allocated (Y/N)").
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <tt/error.h>
#include <tt/memory_report.h>

#include "base/base.h"

typedef unsigned long long ull;

/* ---- CSV ------------------------------------------------------------ */

void tt_memory_report_write_headers(const struct tt_memory_report_files *rf)
{
	TT_IGNORE_NULL(rf);
	if (!rf->memory_summary || !rf->l1_summary)
		return; /* not open */
	fputs("This report indicates available space for interleaving L1 buffers\n",
	      rf->l1_summary);
	if (rf->program_id) {
		fputs("Program ID", rf->l1_summary);
		fputs("Program ID", rf->memory_summary);
	}
	fputs(", Largest Contiguous Free Block (B), Total Free L1 Space (B)\n", rf->l1_summary);
	fputs(", Total Allocatable Size (B), Total Allocated (B), Total Free (KB), Largest Free "
	      "Block (KB)\n",
	      rf->memory_summary);
}

static void write_blocks(FILE *f, const struct tt_bank_view *v)
{
	size_t i;

	fputs(",,Blocks:,Address (B),Size (B),Allocated (Y/N)\n", f);
	for (i = 0; i < v->num_blocks; i++)
		fprintf(f, ",,,%llu,%llu,%s\n", (ull)v->blocks[i].addr, (ull)v->blocks[i].size,
			v->blocks[i].allocated ? "Y" : "N");
	fputs("\n", f);
}

static void write_type(const struct tt_memory_report_files *rf, const struct tt_banks *b,
		       enum tt_bank_type type)
{
	struct tt_bank_view v;
	uint64_t n;

	/* A failed view (host memory) still gives the totals. */
	(void)tt_bank_view(b, type, &v);
	n = tt_bank_count(b, type);
	fprintf(rf->memory_summary, ",%llu,%llu,%llu,%llu\n", (ull)v.total_bytes_per_bank,
		(ull)v.total_bytes_allocated_per_bank, (ull)v.total_bytes_free_per_bank,
		(ull)v.largest_contiguous_bytes_free_per_bank);

	fprintf(rf->detailed, ",%s\n", tt_bank_type_name(type));
	fprintf(rf->detailed, ",Total allocatable (B):,%llu\n", (ull)v.total_bytes_per_bank * n);
	fprintf(rf->detailed, ",Total allocated (B):,%llu\n",
		(ull)v.total_bytes_allocated_per_bank * n);
	fprintf(rf->detailed, ",Total free (B):,%llu\n", (ull)v.total_bytes_free_per_bank * n);
	write_blocks(rf->detailed, &v);

	if (type == TT_BANK_L1)
		fprintf(rf->l1_summary, ",%llu,%llu\n",
			(ull)v.largest_contiguous_bytes_free_per_bank,
			(ull)v.largest_contiguous_bytes_free_per_bank * n);
	tt_bank_view_release(&v);
}

void tt_memory_report_write_usage(const struct tt_memory_report_files *rf, const struct tt_banks *b)
{
	TT_IGNORE_NULL(rf);
	TT_IGNORE_NULL(b);
	if (!rf->memory_summary || !rf->l1_summary || !rf->detailed)
		return; /* not open */
	write_type(rf, b, TT_BANK_DRAM);
	write_type(rf, b, TT_BANK_L1);
}

/* mkdir -p */
static int make_dirs(const char *dir)
{
	char path[PATH_MAX];
	size_t i, len = strlen(dir);

	if (len >= sizeof(path))
		return tt_fail(TT_EINVAL, "memory report: directory \"%.64s...\" is too long", dir);
	memcpy(path, dir, len + 1);
	for (i = 1; i <= len; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0777) && errno != EEXIST)
			return tt_fail(TT_EIO, "memory report: cannot create \"%s\": %s", path,
				       strerror(errno));
		path[i] = i < len ? '/' : '\0';
	}
	return TT_OK;
}

static FILE *open_in(const char *dir, const char *prefix, const char *name, const char *mode,
		     int *rc)
{
	char path[PATH_MAX];
	FILE *f;
	int n;

	n = snprintf(path, sizeof(path), "%s/%s%s", dir, prefix, name);
	if (n < 0 || (size_t)n >= sizeof(path)) {
		*rc = tt_fail(TT_EINVAL, "memory report: path \"%.64s...\" is too long", dir);
		return NULL;
	}
	f = fopen(path, mode);
	if (!f)
		*rc = tt_fail(TT_EIO, "memory report: cannot open \"%s\": %s", path,
			      strerror(errno));
	return f;
}

/*
 * Open the three files in @dir with @mode: "w" starts them afresh with
 * their headers, "a" appends to them.
 */
static int open_files_mode(struct tt_memory_report_files *rf, const char *dir, const char *prefix,
			   bool program, const char *mode)
{
	int rc = TT_OK;

	memset(rf, 0, sizeof(*rf));
	rf->program_id = program;
	if (!dir)
		dir = TT_MEMORY_REPORT_DEFAULT_DIR;
	rc = make_dirs(dir);
	if (rc)
		return rc;
	rf->memory_summary = open_in(dir, prefix, "memory_usage_summary.csv", mode, &rc);
	if (rf->memory_summary)
		rf->l1_summary = open_in(dir, prefix, "l1_usage_summary.csv", mode, &rc);
	if (rf->l1_summary)
		rf->detailed = open_in(dir, prefix, "detailed_memory_usage.csv", mode, &rc);
	if (!rf->detailed) {
		(void)tt_memory_report_close(rf); /* the open error stands */
		return rc;
	}
	if (mode[0] == 'w')
		tt_memory_report_write_headers(rf);
	return TT_OK;
}

static int open_files(struct tt_memory_report_files *rf, const char *dir, const char *prefix,
		      bool program)
{
	return open_files_mode(rf, dir, prefix, program, "w");
}

int tt_memory_report_close(struct tt_memory_report_files *rf)
{
	FILE **files[3];
	int rc = TT_OK;
	size_t i;

	TT_REFUSE_NULL(rf);
	files[0] = &rf->memory_summary;
	files[1] = &rf->l1_summary;
	files[2] = &rf->detailed;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (!*files[i])
			continue;
		if (ferror(*files[i]) || fclose(*files[i]))
			rc = tt_fail(TT_EIO, "memory report: writing a report failed: %s",
				     strerror(errno));
		*files[i] = NULL;
	}
	return rc;
}

int tt_memory_report_dump_memory_state(const struct tt_banks *b, const char *dir,
				       const char *prefix, unsigned int flags)
{
	struct tt_memory_report_files rf;
	FILE *svg;
	int rc, rc2;

	TT_REFUSE_NULL(b);
	if (!prefix)
		prefix = "";
	rc = open_files(&rf, dir, prefix, false);
	if (rc)
		return rc;
	tt_memory_report_write_usage(&rf, b);
	rc = tt_memory_report_close(&rf);
	if (rc || !(flags & TT_MEMORY_REPORT_SVG))
		return rc;
	svg = open_in(dir ? dir : TT_MEMORY_REPORT_DEFAULT_DIR, prefix, "memory_map.svg", "w", &rc);
	if (!svg)
		return rc;
	rc = tt_memory_report_svg(svg, b);
	rc2 = ferror(svg) || fclose(svg)
		      ? tt_fail(TT_EIO, "memory report: writing memory_map.svg failed: %s",
				strerror(errno))
		      : TT_OK;
	return rc ? rc : rc2;
}

int tt_memory_report_open_program(struct tt_memory_report_files *rf, const char *dir)
{
	TT_REFUSE_NULL(rf);
	return open_files(rf, dir, "program_", true);
}

int tt_memory_report_program(const struct tt_memory_report_files *rf, const struct tt_banks *b,
			     uint64_t program_id)
{
	TT_REFUSE_NULL(rf);
	TT_REFUSE_NULL(b);
	if (!rf->memory_summary || !rf->l1_summary || !rf->detailed)
		return tt_fail(TT_EINVAL, "memory report: the program report files are not open");
	fprintf(rf->memory_summary, "%llu", (ull)program_id);
	fprintf(rf->l1_summary, "%llu", (ull)program_id);
	fprintf(rf->detailed, "%llu", (ull)program_id);
	tt_memory_report_write_usage(rf, b);
	fflush(rf->memory_summary);
	fflush(rf->l1_summary);
	fflush(rf->detailed);
	if (ferror(rf->memory_summary) || ferror(rf->l1_summary) || ferror(rf->detailed))
		return tt_fail(TT_EIO, "memory report: writing the program reports failed");
	return TT_OK;
}

/* ---- Reports on every launch ------------------------------------------ */

/*
 * Process-wide, as tt-metal's EnableMemoryReports: the directory the
 * launch reports go to, whether the environment has been looked at, and
 * the id of the next launch.
 */
static struct {
	bool enabled;
	bool env_checked;
	char dir[PATH_MAX];
	uint64_t next_id;
} launch;

/* Launches on different devices may come from different threads. */
static pthread_mutex_t launch_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

static int launch_fail(int rc, const char *what)
{
	return tt_fail(rc,
		       "memory report: cannot %s the program_*.csv files in \"%s\": "
		       "%s; check the directory (TT_EMU_MEMORY_REPORT) or turn reports off",
		       what, launch.dir, rc == TT_EINVAL ? "path too long" : strerror(errno));
}

static int launch_enable(const char *dir)
{
	struct tt_memory_report_files rf;
	int rc;

	if (!dir || !*dir)
		dir = TT_MEMORY_REPORT_DEFAULT_DIR;
	launch.env_checked = true;
	launch.enabled = false;
	launch.next_id = 0;
	if (strlen(dir) >= sizeof(launch.dir)) {
		snprintf(launch.dir, sizeof(launch.dir), "%.64s...", dir);
		return launch_fail(TT_EINVAL, "create");
	}
	snprintf(launch.dir, sizeof(launch.dir), "%s", dir);
	rc = tt_memory_report_open_program(&rf, launch.dir);
	if (!rc)
		rc = tt_memory_report_close(&rf);
	if (rc)
		return launch_fail(rc, "create");
	launch.enabled = true;
	return TT_OK;
}

int tt_memory_report_launch_enable(const char *dir)
{
	int rc;

	pthread_mutex_lock(&launch_lock);
	rc = launch_enable(dir);
	pthread_mutex_unlock(&launch_lock);
	return rc;
}

void tt_memory_report_launch_disable(void)
{
	pthread_mutex_lock(&launch_lock);
	launch.enabled = false;
	launch.env_checked = true;
	pthread_mutex_unlock(&launch_lock);
}

const char *tt_memory_report_launch_dir(void)
{
	const char *dir;

	pthread_mutex_lock(&launch_lock);
	if (!launch.env_checked) {
		const char *env = getenv(TT_MEMORY_REPORT_ENV);

		launch.env_checked = true;
		if (env && *env)
			launch_enable(env);
	}
	dir = launch.enabled ? launch.dir : NULL;
	pthread_mutex_unlock(&launch_lock);
	return dir;
}

static int launch_locked(const struct tt_banks *b);

int tt_memory_report_launch(const struct tt_banks *b)
{
	int rc;

	pthread_mutex_lock(&launch_lock);
	rc = launch_locked(b);
	pthread_mutex_unlock(&launch_lock);
	return rc;
}

static int launch_locked(const struct tt_banks *b)
{
	struct tt_memory_report_files rf;
	int rc, rc2;

	if (!launch.env_checked) {
		/* The first launch looks at the environment; a directory it
		 * names that cannot be written fails this launch. */
		const char *env = getenv(TT_MEMORY_REPORT_ENV);

		launch.env_checked = true;
		if (env && *env) {
			rc = launch_enable(env);
			if (rc)
				return rc;
		}
	}
	if (!launch.enabled)
		return TT_OK;
	rc = open_files_mode(&rf, launch.dir, "program_", true, "a");
	if (rc)
		return launch_fail(rc, "append to");
	rc = tt_memory_report_program(&rf, b, launch.next_id);
	rc2 = tt_memory_report_close(&rf);
	if (rc || rc2)
		return launch_fail(TT_EIO, "write");
	launch.next_id++;
	return TT_OK;
}

/* ---- SVG ------------------------------------------------------------ */

/*
 * A column is rasterised into ROWS rows of ROW_PX pixels.  A row's class
 * is RESERVED (no manager owns any of it), FREE, or for the type with the
 * most allocated bytes in it FULL(type) or PART(type).
 */
#define ROWS	200
#define ROW_PX	2
#define BAR_TOP 64
#define MARGIN	84

enum { CLASS_RESERVED, CLASS_FREE, CLASS_TYPE0 };
#define CLASS_FULL(t) (CLASS_TYPE0 + 2 * (t))
#define CLASS_PART(t) (CLASS_TYPE0 + 2 * (t) + 1)
#define NCLASSES      (CLASS_TYPE0 + 2 * TT_BANK_NTYPES)

static const char *const class_fill[NCLASSES] = {
	[CLASS_RESERVED] = "#9e9e9e",
	[CLASS_FREE] = "#ffffff",
	[CLASS_FULL(TT_BANK_DRAM)] = "#2e7d32",
	[CLASS_PART(TT_BANK_DRAM)] = "#a5d6a7",
	[CLASS_FULL(TT_BANK_L1)] = "#1565c0",
	[CLASS_PART(TT_BANK_L1)] = "#90caf9",
	[CLASS_FULL(TT_BANK_L1_SMALL)] = "#6a1b9a",
	[CLASS_PART(TT_BANK_L1_SMALL)] = "#ce93d8",
	[CLASS_FULL(TT_BANK_TRACE)] = "#ef6c00",
	[CLASS_PART(TT_BANK_TRACE)] = "#ffcc80",
};

/* An address interval of a column. */
struct span {
	uint64_t lo;
	uint64_t hi;
	int type;
};

struct span_list {
	struct span *v;
	size_t n;
	size_t cap;
};

/* Regions the managers own, and the allocated blocks in them. */
struct column {
	struct span_list managed;
	struct span_list used;
	unsigned char rows[ROWS];
};

static int push_span(struct span_list *l, uint64_t lo, uint64_t hi, int type)
{
	struct span *v;

	if (hi <= lo)
		return TT_OK;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;

		v = realloc(l->v, cap * sizeof(*v));
		if (!v)
			return TT_ENOMEM;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n].lo = lo;
	l->v[l->n].hi = hi;
	l->v[l->n].type = type;
	l->n++;
	return TT_OK;
}

/* [@lo, @hi) + @offset clipped to [@clip_lo, @clip_hi), into @l. */
static int push_shifted(struct span_list *l, uint64_t lo, uint64_t hi, int type, int64_t offset,
			uint64_t clip_lo, uint64_t clip_hi)
{
	int64_t a = (int64_t)lo + offset, z = (int64_t)hi + offset;

	if (z <= (int64_t)clip_lo || a >= (int64_t)clip_hi)
		return TT_OK;
	lo = a < (int64_t)clip_lo ? clip_lo : (uint64_t)a;
	hi = z > (int64_t)clip_hi ? clip_hi : (uint64_t)z;
	return push_span(l, lo, hi, type);
}

/*
 * Add the region and allocated blocks of @type, shifted by @offset and
 * clipped to [@clip_lo, @clip_hi), to @c.
 */
static int add_type(struct column *c, const struct tt_banks *b, enum tt_bank_type type,
		    int64_t offset, uint64_t clip_lo, uint64_t clip_hi)
{
	struct tt_bank_view v;
	uint64_t base, size;
	size_t i;
	int rc;

	if (tt_bank_region(b, type, &base, &size))
		return TT_OK;
	rc = push_shifted(&c->managed, base, base + size, (int)type, offset, clip_lo, clip_hi);
	if (!rc)
		rc = tt_bank_view(b, type, &v);
	if (rc)
		return rc;
	for (i = 0; i < v.num_blocks && !rc; i++)
		if (v.blocks[i].allocated)
			rc = push_shifted(&c->used, v.blocks[i].addr,
					  v.blocks[i].addr + v.blocks[i].size, (int)type, offset,
					  clip_lo, clip_hi);
	tt_bank_view_release(&v);
	return rc;
}

static int span_cmp(const void *pa, const void *pb)
{
	const struct span *a = pa, *b = pb;

	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

static uint64_t overlap(const struct span *s, uint64_t lo, uint64_t hi)
{
	uint64_t a = s->lo > lo ? s->lo : lo;
	uint64_t z = s->hi < hi ? s->hi : hi;

	return z > a ? z - a : 0;
}

/* Classify the rows of @c, which covers [0, @total). */
static void rasterise(struct column *c, uint64_t total)
{
	uint64_t managed, used[TT_BANK_NTYPES], lo, hi;
	size_t i, j = 0;
	int r, t, best;

	/* Allocated blocks do not overlap, so one sorted sweep visits each
	 * once per row it touches; managed regions are a handful. */
	if (c->used.n)
		qsort(c->used.v, c->used.n, sizeof(*c->used.v), span_cmp);
	for (r = 0; r < ROWS; r++) {
		lo = (uint64_t)((double)total * r / ROWS);
		hi = r == ROWS - 1 ? total : (uint64_t)((double)total * (r + 1) / ROWS);
		managed = 0;
		for (i = 0; i < c->managed.n; i++)
			managed += overlap(&c->managed.v[i], lo, hi);
		memset(used, 0, sizeof(used));
		while (j < c->used.n && c->used.v[j].hi <= lo)
			j++;
		for (i = j; i < c->used.n && c->used.v[i].lo < hi; i++)
			used[c->used.v[i].type] += overlap(&c->used.v[i], lo, hi);
		best = -1;
		for (t = 0; t < TT_BANK_NTYPES; t++)
			if (used[t] && (best < 0 || used[t] > used[best]))
				best = t;
		if (!managed)
			c->rows[r] = CLASS_RESERVED;
		else if (best < 0)
			c->rows[r] = CLASS_FREE;
		else if (used[best] >= managed)
			c->rows[r] = CLASS_FULL(best);
		else
			c->rows[r] = CLASS_PART(best);
	}
}

/* Draw @c at @x as one group with hover text @title. */
static void draw_column(FILE *f, const struct column *c, int x, int width, const char *title)
{
	int r = 0, s, y;

	fprintf(f, "<g><title>%s</title>\n", title);
	while (r < ROWS) {
		for (s = r; s < ROWS && c->rows[s] == c->rows[r]; s++)
			;
		/* Row 0 is address 0, drawn at the bottom. */
		y = BAR_TOP + (ROWS - s) * ROW_PX;
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x,
			y, width, (s - r) * ROW_PX, class_fill[c->rows[r]]);
		r = s;
	}
	fprintf(f,
		"<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#424242\" stroke-width=\"0.5\"/>\n</g>\n",
		x, BAR_TOP, width, ROWS * ROW_PX);
}

static void draw_axis(FILE *f, int x, uint64_t total, const char *label)
{
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">%s</text>\n", x, BAR_TOP - 8,
		label);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0x%llx</text>\n", x - 4,
		BAR_TOP + 10, (ull)total);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0x0</text>\n", x - 4,
		BAR_TOP + ROWS * ROW_PX);
}

static void free_column(struct column *c)
{
	free(c->managed.v);
	free(c->used.v);
	memset(c, 0, sizeof(*c));
}

int tt_memory_report_svg(FILE *f, const struct tt_banks *b)
{
	const struct tt_bank_config *c;
	uint32_t ncompute, nstorage, ncols, per = 0, i, k, s;
	struct column worker = { 0 }, dram = { 0 }, store = { 0 };
	int cw, gap = 2, x, width, rc = TT_OK, y;
	char title[160];

	TT_REFUSE_NULL(f);
	TT_REFUSE_NULL(b);
	c = tt_bank_config(b);
	ncompute = c->grid_x * c->grid_y;
	nstorage = c->num_storage_cores;
	ncols = ncompute + nstorage + c->dram_banks;
	if (nstorage)
		per = (uint32_t)(c->l1_size / c->storage_bank_size);
	cw = 960 / (int)ncols - gap;
	cw = cw < 3 ? 3 : cw > 28 ? 28 : cw;
	width = 2 * MARGIN + (int)ncols * (cw + gap) + MARGIN;

	rc = add_type(&worker, b, TT_BANK_L1, 0, 0, c->l1_size);
	if (!rc)
		rc = add_type(&worker, b, TT_BANK_L1_SMALL, 0, 0, c->l1_size);
	if (!rc)
		rc = add_type(&dram, b, TT_BANK_DRAM, 0, 0, c->dram_bank_size);
	if (!rc)
		rc = add_type(&dram, b, TT_BANK_TRACE, 0, 0, c->dram_bank_size);
	if (rc)
		goto out;
	rasterise(&worker, c->l1_size);
	rasterise(&dram, c->dram_bank_size);

	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"font-family=\"monospace\" font-size=\"11\">\n",
		width, BAR_TOP + ROWS * ROW_PX + 120);
	fprintf(f, "<title>Device memory occupancy per bank</title>\n");
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fafafa\"/>\n");
	fprintf(f,
		"<text x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">Device memory "
		"occupancy per bank (address 0 at the bottom)</text>\n",
		MARGIN);

	x = MARGIN;
	draw_axis(f, x, c->l1_size, "L1");
	for (i = 0; i < ncompute; i++, x += cw + gap) {
		snprintf(title, sizeof(title), "worker core (%u,%u): L1 bank %u", i % c->grid_x,
			 i / c->grid_x, i);
		draw_column(f, &worker, x, cw, title);
	}
	for (s = 0; s < nstorage && !rc; s++, x += cw + gap) {
		/* Bank k of the core covers [l1 - (k+1)B, l1 - kB), its
		 * lowest storage_unreserved_base bytes reserved at k = last. */
		store.managed.n = 0;
		store.used.n = 0;
		for (k = 0; k < per && !rc; k++) {
			uint64_t top = c->l1_size - (uint64_t)k * c->storage_bank_size;
			uint64_t bot = top - c->storage_bank_size;

			if (k == per - 1)
				bot += c->storage_unreserved_base;
			rc = add_type(&store, b, TT_BANK_L1,
				      -(int64_t)((uint64_t)k * c->storage_bank_size), bot, top);
		}
		if (rc)
			break;
		rasterise(&store, c->l1_size);
		snprintf(title, sizeof(title), "storage core (%u,%u): L1 banks %u-%u",
			 c->storage_cores[s].x, c->storage_cores[s].y, ncompute + s * per,
			 ncompute + s * per + per - 1);
		draw_column(f, &store, x, cw, title);
	}
	if (rc)
		goto out;

	x += MARGIN;
	draw_axis(f, x, c->dram_bank_size, "DRAM");
	for (i = 0; i < c->dram_banks; i++, x += cw + gap) {
		snprintf(title, sizeof(title), "DRAM channel %u: bank %u", i, i);
		draw_column(f, &dram, x, cw, title);
	}

	y = BAR_TOP + ROWS * ROW_PX + 24;
	for (k = 0; k < TT_BANK_NTYPES; k++) {
		struct tt_alloc_stats st;

		if (!tt_bank_count(b, k))
			continue;
		if (tt_bank_stats(b, k, &st))
			continue;
		fprintf(f,
			"<text x=\"%d\" y=\"%d\">%-8s %u banks: %llu of %llu B allocated per bank, "
			"largest free block %llu B, %zu blocks</text>\n",
			MARGIN, y, tt_bank_type_name(k), tt_bank_count(b, k),
			(ull)st.total_allocated, (ull)st.total_allocatable,
			(ull)st.largest_free_block, st.num_blocks);
		y += 14;
	}
	y += 6;
	x = MARGIN;
	for (k = 0; k < NCLASSES; k++) {
		static const char *const names[NCLASSES] = {
			"reserved", "free",	"DRAM", "part",	 "L1",
			"part",	    "L1_SMALL", "part", "TRACE", "part",
		};

		fprintf(f,
			"<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\" "
			"stroke=\"#424242\" stroke-width=\"0.5\"/>",
			x, y - 9, class_fill[k]);
		fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n", x + 13, y, names[k]);
		x += 13 + 7 * (int)strlen(names[k]) + 12;
	}
	fprintf(f, "</svg>\n");
out:
	free_column(&worker);
	free_column(&dram);
	free_column(&store);
	return rc;
}
