// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's FreeListOpt with the FIRST policy, restated in C from its
 * description (docs/allocator.md) so the benchmark can
 * compare against the allocator tt-metal uses today.  What it keeps:
 *  - a block table of parallel arrays (address, size, prev, next,
 *    allocated, live) with recycled slots;
 *  - size classes from 1 KiB up in powers of two, at most 18, the last
 *    open-ended; each class an array of free block slots kept sorted by
 *    address (linear scan under 30 entries, binary search above);
 *  - 512 hash buckets of (address, slot) for allocated blocks, hash
 *    (addr ^ (addr >> 12) * 3) % 512, searched from the back on free;
 *  - FIRST: in each class from the request's upwards, the first fitting
 *    block in address order (forwards bottom-up, backwards top-down),
 *    keeping the lowest (highest) address over the classes;
 *  - the chosen block leaves its class array at the index the search
 *    found; neighbours leave theirs through a linear search (std::find);
 *  - the lowest occupied address, lowered on allocation and, when that
 *    block is freed, found again by walking the block list upwards.
 * Addresses are relative to the region base inside, as in FreeListOpt.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <tt/alloc.h>

#include "bench_alloc.h"

#define SIZE_BASE    1024u
#define MAX_CLASSES  18
#define NBUCKETS     512
#define LINEAR_BELOW 30

struct index_vec {
	size_t *v;
	size_t n, cap;
};

struct bucket_entry {
	uint64_t addr;
	size_t slot;
};

struct bucket {
	struct bucket_entry *v;
	size_t n, cap;
};

struct flo {
	uint64_t base, max_size, align;
	/* block table */
	uint64_t *addr, *size;
	long *prev, *next;
	unsigned char *allocated, *live;
	size_t nslots, cap;
	struct index_vec spare;
	/* free blocks by size class */
	size_t nclasses;
	struct index_vec classes[MAX_CLASSES];
	/* allocated blocks */
	struct bucket buckets[NBUCKETS];
	bool has_lowest;
	uint64_t lowest; /* lowest occupied address, relative */
};

static void *grow(void *v, size_t *cap, size_t need, size_t elem)
{
	size_t c = *cap ? *cap : 16;

	if (need <= *cap)
		return v;
	while (c < need)
		c *= 2;
	v = realloc(v, c * elem);
	if (!v)
		abort();
	*cap = c;
	return v;
}

static void vec_insert(struct index_vec *x, size_t at, size_t val)
{
	x->v = grow(x->v, &x->cap, x->n + 1, sizeof(*x->v));
	memmove(&x->v[at + 1], &x->v[at], (x->n - at) * sizeof(*x->v));
	x->v[at] = val;
	x->n++;
}

static void vec_erase(struct index_vec *x, size_t at)
{
	memmove(&x->v[at], &x->v[at + 1], (x->n - at - 1) * sizeof(*x->v));
	x->n--;
}

static unsigned int bitlen(uint64_t v)
{
	unsigned int n = 0;

	while (v) {
		n++;
		v >>= 1;
	}
	return n;
}

static size_t class_of(const struct flo *a, uint64_t size)
{
	uint64_t q = size / SIZE_BASE;
	size_t c = q ? bitlen(q) - 1 : 0;

	return c < a->nclasses ? c : a->nclasses - 1;
}

static size_t new_slot(struct flo *a)
{
	size_t s;

	if (a->spare.n)
		return a->spare.v[--a->spare.n];
	s = a->nslots++;
	if (a->nslots > a->cap) {
		size_t c = a->cap ? 2 * a->cap : 64;

		a->addr = realloc(a->addr, c * sizeof(*a->addr));
		a->size = realloc(a->size, c * sizeof(*a->size));
		a->prev = realloc(a->prev, c * sizeof(*a->prev));
		a->next = realloc(a->next, c * sizeof(*a->next));
		a->allocated = realloc(a->allocated, c);
		a->live = realloc(a->live, c);
		if (!a->addr || !a->size || !a->prev || !a->next || !a->allocated || !a->live)
			abort();
		a->cap = c;
	}
	return s;
}

static void drop_slot(struct flo *a, size_t s)
{
	a->live[s] = 0;
	a->spare.v = grow(a->spare.v, &a->spare.cap, a->spare.n + 1, sizeof(size_t));
	a->spare.v[a->spare.n++] = s;
}

/* Position of the first entry of @x whose address is not below @addr. */
static size_t lower_bound(const struct flo *a, const struct index_vec *x, uint64_t addr)
{
	size_t lo = 0, hi = x->n, mid;

	if (x->n < LINEAR_BELOW) {
		while (lo < x->n && a->addr[x->v[lo]] < addr)
			lo++;
		return lo;
	}
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (a->addr[x->v[mid]] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void class_insert(struct flo *a, size_t s)
{
	struct index_vec *x = &a->classes[class_of(a, a->size[s])];

	vec_insert(x, lower_bound(a, x, a->addr[s]), s);
}

/* Remove by linear search (a neighbour being merged, std::find). */
static void class_remove_find(struct flo *a, size_t s)
{
	struct index_vec *x = &a->classes[class_of(a, a->size[s])];
	size_t i = 0;

	while (x->v[i] != s)
		i++;
	vec_erase(x, i);
}

static size_t bucket_of(uint64_t addr)
{
	return (size_t)((addr ^ (addr >> 12) * 3) % NBUCKETS);
}

static void *flo_create(uint64_t base, uint64_t size, uint64_t align)
{
	struct flo *a = calloc(1, sizeof(*a));
	unsigned int n;
	size_t s;

	if (!a)
		return NULL;
	a->base = base;
	a->max_size = size;
	a->align = align;
	n = bitlen(size / SIZE_BASE);
	if (n < 2)
		n = 2;
	if (n > bitlen(128u * 1024 * 1024 / SIZE_BASE))
		n = bitlen(128u * 1024 * 1024 / SIZE_BASE);
	a->nclasses = n;
	s = new_slot(a);
	a->addr[s] = 0;
	a->size[s] = size;
	a->prev[s] = -1;
	a->next[s] = -1;
	a->allocated[s] = 0;
	a->live[s] = 1;
	class_insert(a, s);
	return a;
}

/* Carve @need bytes at @offset into free slot @s, which left its class. */
static size_t allocate_in_block(struct flo *a, size_t s, uint64_t need, uint64_t offset)
{
	uint64_t right = a->size[s] - offset - need;
	size_t l, r;

	if (offset) {
		l = new_slot(a);
		a->addr[l] = a->addr[s];
		a->size[l] = offset;
		a->prev[l] = a->prev[s];
		a->next[l] = (long)s;
		a->allocated[l] = 0;
		a->live[l] = 1;
		if (a->prev[s] >= 0)
			a->next[a->prev[s]] = (long)l;
		a->prev[s] = (long)l;
		a->addr[s] += offset;
		class_insert(a, l);
	}
	if (right) {
		r = new_slot(a);
		a->addr[r] = a->addr[s] + need;
		a->size[r] = right;
		a->prev[r] = (long)s;
		a->next[r] = a->next[s];
		a->allocated[r] = 0;
		a->live[r] = 1;
		if (a->next[s] >= 0)
			a->prev[a->next[s]] = (long)r;
		a->next[s] = (long)r;
		class_insert(a, r);
	}
	a->size[s] = need;
	a->allocated[s] = 1;
	return s;
}

static int flo_alloc(void *p, uint64_t size, unsigned int flags, uint64_t *addr)
{
	struct flo *a = p;
	bool up = flags == TT_ALLOC_BOTTOM_UP;
	uint64_t need = size > a->align ? size : a->align;
	long best = -1;
	size_t c, i, s, best_class = 0, best_pos = 0, pos = 0;
	struct bucket *bk;

	need = (need + a->align - 1) & ~(a->align - 1);
	for (c = class_of(a, need); c < a->nclasses; c++) {
		const struct index_vec *x = &a->classes[c];
		long cand = -1;

		if (up) {
			for (i = 0; i < x->n && cand < 0; i++)
				if (a->size[x->v[i]] >= need) {
					cand = (long)x->v[i];
					pos = i;
				}
		} else {
			for (i = x->n; i-- > 0 && cand < 0;)
				if (a->size[x->v[i]] >= need) {
					cand = (long)x->v[i];
					pos = i;
				}
		}
		if (cand >= 0 && (best < 0 || (up ? a->addr[cand] < a->addr[best]
						  : a->addr[cand] > a->addr[best]))) {
			best = cand;
			best_class = c;
			best_pos = pos;
		}
	}
	if (best < 0)
		return -1;
	vec_erase(&a->classes[best_class], best_pos);
	s = allocate_in_block(a, (size_t)best, need, up ? 0 : a->size[best] - need);
	bk = &a->buckets[bucket_of(a->addr[s])];
	bk->v = grow(bk->v, &bk->cap, bk->n + 1, sizeof(*bk->v));
	bk->v[bk->n].addr = a->addr[s];
	bk->v[bk->n].slot = s;
	bk->n++;
	if (!a->has_lowest || a->addr[s] < a->lowest) {
		a->has_lowest = true;
		a->lowest = a->addr[s];
	}
	*addr = a->addr[s] + a->base;
	return 0;
}

static int flo_free(void *p, uint64_t abs_addr)
{
	struct flo *a = p;
	uint64_t addr = abs_addr - a->base;
	struct bucket *bk = &a->buckets[bucket_of(addr)];
	size_t i, s;
	long q, n;

	for (i = bk->n; i-- > 0;)
		if (bk->v[i].addr == addr)
			break;
	if (i == (size_t)-1)
		return -1;
	s = bk->v[i].slot;
	memmove(&bk->v[i], &bk->v[i + 1], (bk->n - i - 1) * sizeof(*bk->v));
	bk->n--;
	a->allocated[s] = 0;
	q = a->prev[s];
	if (q >= 0 && !a->allocated[q]) {
		class_remove_find(a, (size_t)q);
		a->size[q] += a->size[s];
		a->next[q] = a->next[s];
		if (a->next[s] >= 0)
			a->prev[a->next[s]] = q;
		drop_slot(a, s);
		s = (size_t)q;
	}
	n = a->next[s];
	if (n >= 0 && !a->allocated[n]) {
		class_remove_find(a, (size_t)n);
		a->size[s] += a->size[n];
		a->next[s] = a->next[n];
		if (a->next[n] >= 0)
			a->prev[a->next[n]] = (long)s;
		drop_slot(a, (size_t)n);
	}
	class_insert(a, s);
	if (a->has_lowest && a->lowest == addr) {
		long t;

		a->has_lowest = false;
		for (t = (long)s; t >= 0; t = a->next[t]) {
			if (a->allocated[t]) {
				a->has_lowest = true;
				a->lowest = a->addr[t];
				break;
			}
		}
	}
	return 0;
}

/* FreeListOpt::get_statistics walks every slot. */
static uint64_t flo_largest_free(void *p)
{
	struct flo *a = p;
	uint64_t m = 0;
	size_t s;

	for (s = 0; s < a->nslots; s++)
		if (a->live[s] && !a->allocated[s] && a->size[s] > m)
			m = a->size[s];
	return m;
}

static void flo_destroy(void *p)
{
	struct flo *a = p;
	size_t i;

	for (i = 0; i < MAX_CLASSES; i++)
		free(a->classes[i].v);
	for (i = 0; i < NBUCKETS; i++)
		free(a->buckets[i].v);
	free(a->spare.v);
	free(a->addr);
	free(a->size);
	free(a->prev);
	free(a->next);
	free(a->allocated);
	free(a->live);
	free(a);
}

const struct bench_allocator bench_freelist_opt = {
	.name = "FreeListOpt (restated)",
	.create = flo_create,
	.alloc = flo_alloc,
	.free = flo_free,
	.largest_free = flo_largest_free,
	.destroy = flo_destroy,
};
