// SPDX-License-Identifier: Apache-2.0
/*
 * Allocation benchmark.  Builds fixed-seed traces of 100 000 operations on
 * one DRAM bank region and one L1 bank region of a Wormhole-sized device
 * and replays them against tt_alloc, against a C restatement of tt-metal's
 * FreeListOpt, and against a straightforward linked-list first fit (the
 * baseline).  All three place blocks the same way, and the run checks that
 * they return the same addresses.  For each it prints nanoseconds per
 * allocate and per free (each call timed, timer cost subtracted), per
 * operation over the untimed trace, the largest free block at the end,
 * and the ratio to the baseline; best of several runs.
 *
 * Traces:
 *  - "model": a model's tensor life cycle.  Many small DRAM buffers (tiles,
 *    a few configs), half gone within 64 allocations, half living for
 *    thousands; program binaries top-down in DRAM; activations of
 *    64 KiB-1 MiB and a few long-lived weights of 1-8 MiB bottom-up in
 *    DRAM; short-lived L1 intermediates and sharded buffers, top-down.
 *  - "pressure": the shape of tt-metal issue 15535, many small DRAM
 *    buffers living long enough to leave thousands of holes, with larger
 *    temporary requests that must walk past them.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <tt/alloc.h>
#include <tt/error.h>

#include "bench_alloc.h"

#define NOPS	       100000
#define SEED	       0x5eed2024c0ffee11ull
#define REPS	       9
#define REPS_MIN       2
#define REPS_BUDGET_NS 3e9 /* stop repeating a slow allocator after this */
#define ALIGN	       32
#define FOREVER	       UINT32_MAX

enum region { DRAM, L1, NREGIONS };

static const struct {
	const char *name;
	uint64_t base;
	uint64_t size;
} regions[NREGIONS] = {
	/* 1 GiB DRAM bank above 32 reserved bytes; 1464 KiB L1 above a
	 * 100 KiB firmware and kernel-config area. */
	[DRAM] = { "DRAM", 32, (1ull << 30) - 32 },
	[L1] = { "L1", 102400, 1499136 - 102400 },
};

struct op {
	uint32_t id;
	uint8_t region;
	uint8_t is_free;
	uint8_t flags;
	uint8_t fail;
	uint64_t size;
	uint64_t expect; /* address tt_alloc gave while generating */
};

static struct op trace[NOPS];
static uint8_t id_region[NOPS];
static uint64_t id_addr[NOPS];

static struct {
	size_t allocs, frees, failed;
	size_t peak_live[NREGIONS];
	size_t free_blocks[NREGIONS]; /* at the end */
} shape;

/* ---- Trace ----------------------------------------------------------- */

static uint64_t rng = SEED;

static uint64_t rnd(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t range(uint64_t lo, uint64_t hi)
{
	return lo + rnd() % (hi - lo + 1);
}

/* Pending frees: a binary min-heap on the step they are due. */
static struct due {
	uint64_t step;
	uint32_t id;
} heap[NOPS];
static size_t nheap;

static void heap_push(uint64_t step, uint32_t id)
{
	size_t i = nheap++;

	while (i && heap[(i - 1) / 2].step > step) {
		heap[i] = heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	heap[i].step = step;
	heap[i].id = id;
}

static struct due heap_pop(void)
{
	struct due top = heap[0], last = heap[--nheap];
	size_t i = 0, c;

	for (;;) {
		c = 2 * i + 1;
		if (c >= nheap)
			break;
		if (c + 1 < nheap && heap[c + 1].step < heap[c].step)
			c++;
		if (heap[c].step >= last.step)
			break;
		heap[i] = heap[c];
		i = c;
	}
	heap[i] = last;
	return top;
}

/* Draw the next allocation: region, placement, size, lifetime. */
static void draw_model(uint8_t *region, uint8_t *flags, uint64_t *size, uint32_t *life)
{
	uint64_t k = rnd() % 1000;

	*region = DRAM;
	*flags = TT_ALLOC_BOTTOM_UP;
	if (k < 420) {
		*size = rnd() % 5 ? 2048 * range(1, 16) : range(32, 512);
		*life = rnd() & 1 ? (uint32_t)range(1, 64) : (uint32_t)range(1000, 12000);
	} else if (k < 450) {
		*flags = TT_ALLOC_TOP_DOWN;
		*size = 1024 * range(4, 64);
		*life = (uint32_t)range(2000, 20000);
	} else if (k < 550) {
		*size = 2048 * range(32, 512);
		*life = (uint32_t)range(10, 500);
	} else if (k < 553) {
		*size = 2048 * range(512, 4096);
		*life = rnd() & 1 ? FOREVER : (uint32_t)range(5000, 40000);
	} else if (k < 953) {
		*region = L1;
		*flags = TT_ALLOC_TOP_DOWN;
		*size = 2048 * range(1, 32);
		*life = (uint32_t)range(1, 16);
	} else {
		*region = L1;
		*flags = TT_ALLOC_TOP_DOWN;
		*size = 2048 * range(32, 128);
		*life = (uint32_t)range(1, 64);
	}
}

static void draw_pressure(uint8_t *region, uint8_t *flags, uint64_t *size, uint32_t *life)
{
	uint64_t k = rnd() % 1000;

	*region = DRAM;
	*flags = TT_ALLOC_BOTTOM_UP;
	if (k < 600) {
		*size = rnd() % 5 ? 2048 * range(1, 16) : range(32, 512);
		*life = rnd() % 10 < 3 ? (uint32_t)range(1, 64) : (uint32_t)range(2000, 40000);
	} else if (k < 650) {
		*size = 2048 * range(32, 1024);
		*life = (uint32_t)range(10, 200);
	} else {
		*region = L1;
		*flags = TT_ALLOC_TOP_DOWN;
		*size = 2048 * range(1, 32);
		*life = (uint32_t)range(1, 16);
	}
}

static const struct scenario {
	const char *name;
	void (*draw)(uint8_t *region, uint8_t *flags, uint64_t *size, uint32_t *life);
} scenarios[] = {
	{ "model", draw_model },
	{ "pressure", draw_pressure },
};

/* Generate the trace, running it on tt_alloc to learn the outcomes. */
static int generate(const struct scenario *sc)
{
	struct tt_alloc dry[NREGIONS];
	size_t n = 0, live[NREGIONS] = { 0 };
	uint64_t step = 0;
	uint32_t id = 0, life;
	int r, rc;

	rng = SEED;
	nheap = 0;
	memset(&shape, 0, sizeof(shape));
	for (r = 0; r < NREGIONS; r++) {
		rc = tt_alloc_init(&dry[r], regions[r].base, regions[r].size, ALIGN, ALIGN);
		if (rc)
			return rc;
	}
	while (n < NOPS) {
		while (nheap && heap[0].step <= step && n < NOPS) {
			struct due d = heap_pop();
			struct op *o = &trace[n++];

			memset(o, 0, sizeof(*o));
			o->id = d.id;
			o->region = id_region[d.id];
			o->is_free = 1;
			rc = tt_alloc_free(&dry[o->region], id_addr[d.id]);
			if (rc)
				return rc;
			live[o->region]--;
			shape.frees++;
		}
		if (n == NOPS)
			break;
		struct op *o = &trace[n++];

		memset(o, 0, sizeof(*o));
		o->id = id;
		sc->draw(&o->region, &o->flags, &o->size, &life);
		id_region[id] = o->region;
		rc = tt_alloc_alloc(&dry[o->region], o->size, o->flags, 0, &o->expect);
		o->fail = rc != TT_OK;
		shape.allocs++;
		if (o->fail) {
			shape.failed++;
		} else {
			id_addr[id] = o->expect;
			if (life != FOREVER)
				heap_push(step + life, id);
			if (++live[o->region] > shape.peak_live[o->region])
				shape.peak_live[o->region] = live[o->region];
		}
		id++;
		step++;
	}
	for (r = 0; r < NREGIONS; r++) {
		struct tt_alloc_stats st;

		tt_alloc_stats(&dry[r], &st);
		shape.free_blocks[r] = st.num_free_blocks;
		tt_alloc_destroy(&dry[r]);
	}
	return TT_OK;
}

/* ---- tt_alloc through the benchmark interface ------------------------- */

static void *tta_create(uint64_t base, uint64_t size, uint64_t align)
{
	struct tt_alloc *a = malloc(sizeof(*a));

	if (a && tt_alloc_init(a, base, size, align, align)) {
		free(a);
		a = NULL;
	}
	return a;
}

static int tta_alloc(void *a, uint64_t size, unsigned int flags, uint64_t *addr)
{
	return tt_alloc_alloc(a, size, flags, TT_ALLOC_NO_LIMIT, addr);
}

static int tta_free(void *a, uint64_t addr)
{
	return tt_alloc_free(a, addr);
}

static uint64_t tta_largest_free(void *a)
{
	struct tt_alloc_stats st;

	tt_alloc_stats(a, &st);
	return st.largest_free_block;
}

static void tta_destroy(void *a)
{
	tt_alloc_destroy(a);
	free(a);
}

static const struct bench_allocator bench_tt_alloc = {
	.name = "tt_alloc (AVL + hash)",
	.create = tta_create,
	.alloc = tta_alloc,
	.free = tta_free,
	.largest_free = tta_largest_free,
	.destroy = tta_destroy,
};

/* ---- Replay ------------------------------------------------------------ */

struct result {
	double ns_alloc;
	double ns_free;
	double ns_op; /* whole trace without per-call timing */
	uint64_t largest[NREGIONS];
	bool identical;
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Cost of one pair of clock reads, to subtract from each timed call. */
static double timer_cost(void)
{
	double best = INFINITY, t0, sum;
	int rep, i;

	for (rep = 0; rep < 5; rep++) {
		sum = 0;
		for (i = 0; i < 100000; i++) {
			t0 = now_ns();
			sum += now_ns() - t0;
		}
		if (sum / 100000 < best)
			best = sum / 100000;
	}
	return best;
}

/* CPU time of this thread: time spent preempted on a busy host is left out. */
static double cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/*
 * One replay of the whole trace without per-call timing; keeps the
 * lowest CPU time per operation in res->ns_op.
 */
static int replay_untimed(const struct bench_allocator *ba, struct result *res)
{
	void *a[NREGIONS];
	uint64_t addr;
	double t0;
	size_t i;
	int r;

	for (r = 0; r < NREGIONS; r++) {
		a[r] = ba->create(regions[r].base, regions[r].size, ALIGN);
		if (!a[r])
			return -1;
	}
	t0 = cpu_ns();
	for (i = 0; i < NOPS; i++) {
		const struct op *o = &trace[i];

		if (o->is_free)
			ba->free(a[o->region], id_addr[o->id]);
		else if (!ba->alloc(a[o->region], o->size, o->flags, &addr))
			id_addr[o->id] = addr;
	}
	t0 = (cpu_ns() - t0) / NOPS;
	if (t0 < res->ns_op)
		res->ns_op = t0;
	for (r = 0; r < NREGIONS; r++)
		ba->destroy(a[r]);
	return 0;
}

/* Replays with each call timed: ns per alloc and free, placements. */
static int replay(const struct bench_allocator *ba, double overhead, struct result *res)
{
	void *a[NREGIONS];
	double t0, ta, tf, start;
	uint64_t addr;
	size_t i;
	int rep, r, rc;

	res->ns_alloc = INFINITY;
	res->ns_free = INFINITY;
	res->identical = true;
	start = now_ns();
	for (rep = 0; rep < REPS; rep++) {
		if (rep >= REPS_MIN && now_ns() - start > REPS_BUDGET_NS)
			break;
		for (r = 0; r < NREGIONS; r++) {
			a[r] = ba->create(regions[r].base, regions[r].size, ALIGN);
			if (!a[r])
				return -1;
		}
		ta = 0;
		tf = 0;
		for (i = 0; i < NOPS; i++) {
			const struct op *o = &trace[i];

			if (o->is_free) {
				t0 = now_ns();
				rc = ba->free(a[o->region], id_addr[o->id]);
				tf += now_ns() - t0;
				if (rc)
					res->identical = false;
				continue;
			}
			addr = UINT64_MAX;
			t0 = now_ns();
			rc = ba->alloc(a[o->region], o->size, o->flags, &addr);
			ta += now_ns() - t0;
			if ((rc != 0) != o->fail || (!rc && addr != o->expect))
				res->identical = false;
			if (!rc)
				id_addr[o->id] = addr;
		}
		if (ta / (double)shape.allocs - overhead < res->ns_alloc)
			res->ns_alloc = ta / (double)shape.allocs - overhead;
		if (tf / (double)shape.frees - overhead < res->ns_free)
			res->ns_free = tf / (double)shape.frees - overhead;
		for (r = 0; r < NREGIONS; r++) {
			res->largest[r] = ba->largest_free(a[r]);
			ba->destroy(a[r]);
		}
	}
	return 0;
}

/*
 * Replay the trace on the allocators whose name starts with @only, and
 * print nothing: a loop to run under a profiler.
 */
static int profile_scenario(const struct scenario *sc, const char *only)
{
	const struct bench_allocator *const all[] = {
		&bench_tt_alloc,
		&bench_freelist_opt,
		&bench_ff_list,
	};
	struct result res;
	size_t i;
	int rc, rep;

	rc = generate(sc);
	if (rc)
		return 1;
	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		if (strncmp(all[i]->name, only, strlen(only)))
			continue;
		res.ns_op = INFINITY;
		for (rep = 0; rep < REPS; rep++)
			if (replay_untimed(all[i], &res))
				return 1;
	}
	return 0;
}

static int run_scenario(const struct scenario *sc)
{
	const struct bench_allocator *const all[] = {
		&bench_tt_alloc,
		&bench_freelist_opt,
		&bench_ff_list,
	};
	enum { NALL = sizeof(all) / sizeof(all[0]) };
	struct result res[NALL];
	double overhead;
	bool same = true;
	size_t i;
	int rc, rep;

	rc = generate(sc);
	if (rc) {
		fprintf(stderr, "alloc bench: %s trace generation failed: %s\n", sc->name,
			tt_strerror(rc));
		return 1;
	}
	overhead = timer_cost();
	/* Whole-trace replays, the allocators taking turns so that a busy
	 * spell of the host hits them alike; the slow baseline stops early. */
	for (i = 0; i < NALL; i++)
		res[i].ns_op = INFINITY;
	for (rep = 0; rep < REPS; rep++) {
		for (i = 0; i < NALL; i++) {
			if (rep >= REPS_MIN && res[i].ns_op * NOPS * rep > REPS_BUDGET_NS)
				continue;
			if (replay_untimed(all[i], &res[i])) {
				fprintf(stderr, "alloc bench: %s: out of host memory\n",
					all[i]->name);
				return 1;
			}
		}
	}
	for (i = 0; i < NALL; i++) {
		if (replay(all[i], overhead, &res[i])) {
			fprintf(stderr, "alloc bench: %s: out of host memory\n", all[i]->name);
			return 1;
		}
	}

	printf("trace \"%s\": %d operations, seed 0x%llx\n", sc->name, NOPS,
	       (unsigned long long)SEED);
	printf("  %zu allocations (%zu refused: out of memory), %zu frees\n", shape.allocs,
	       shape.failed, shape.frees);
	printf("  %s region %llu B: peak %zu live blocks, %zu free blocks at the end\n",
	       regions[DRAM].name, (unsigned long long)regions[DRAM].size, shape.peak_live[DRAM],
	       shape.free_blocks[DRAM]);
	printf("  %s region %llu B: peak %zu live blocks, %zu free blocks at the end\n",
	       regions[L1].name, (unsigned long long)regions[L1].size, shape.peak_live[L1],
	       shape.free_blocks[L1]);
	printf("  timer cost subtracted: %.1f ns per call\n\n", overhead);
	printf("%-24s %9s %9s %9s %12s %18s %15s\n", "allocator", "ns/alloc", "ns/free", "ns/op",
	       "vs baseline", "largest free DRAM", "largest free L1");
	for (i = 0; i < NALL; i++) {
		printf("%-24s %9.1f %9.1f %9.1f %11.1fx %18llu %15llu\n", all[i]->name,
		       res[i].ns_alloc, res[i].ns_free, res[i].ns_op,
		       res[NALL - 1].ns_op / res[i].ns_op, (unsigned long long)res[i].largest[DRAM],
		       (unsigned long long)res[i].largest[L1]);
		same = same && res[i].identical && res[i].largest[DRAM] == res[0].largest[DRAM] &&
		       res[i].largest[L1] == res[0].largest[L1];
	}
	printf("ratio baseline / tt_alloc: alloc %.1fx, free %.1fx, whole trace %.1fx\n",
	       res[NALL - 1].ns_alloc / res[0].ns_alloc, res[NALL - 1].ns_free / res[0].ns_free,
	       res[NALL - 1].ns_op / res[0].ns_op);
	printf("ratio FreeListOpt / tt_alloc: alloc %.1fx, free %.1fx, whole trace %.1fx\n",
	       res[1].ns_alloc / res[0].ns_alloc, res[1].ns_free / res[0].ns_free,
	       res[1].ns_op / res[0].ns_op);
	printf("placements identical across allocators: %s\n\n", same ? "yes" : "NO");
	return same ? 0 : 1;
}

int main(int argc, char **argv)
{
	size_t i;
	int rc = 0;

	if (argc > 2) {
		fprintf(stderr,
			"usage: %s [allocator-name-prefix]\n"
			"With a prefix, only replay the traces on the matching allocators,\n"
			"without timing output (for profiling).\n",
			argv[0]);
		return 2;
	}
	if (argc == 2) {
		for (i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++)
			rc |= profile_scenario(&scenarios[i], argv[1]);
		return rc;
	}

	printf("alloc bench: best of up to %d runs per allocator; ns/alloc and ns/free\n"
	       "time each call (wall clock), ns/op is the CPU time of an untimed replay\n"
	       "divided by its operations.\n\n",
	       REPS);
	for (i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++)
		rc |= run_scenario(&scenarios[i]);
	return rc;
}
