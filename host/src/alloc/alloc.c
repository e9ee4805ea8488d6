// SPDX-License-Identifier: Apache-2.0
/*
 * Address-ordered first-fit (or best-fit) allocator over one region
 * (tt/alloc.h).
 *
 * Every block, free or allocated, is a 64-byte node in one array; nodes
 * link to each other by 32-bit index (0 is "none"), and a merged block's
 * node is reused.  The structures, kept in step by every operation:
 *  - a doubly linked list of all blocks in address order; the blocks tile
 *    [base, base + size) exactly and no two neighbours are both free, so
 *    neighbours for coalescing and the lowest occupied address are O(1);
 *  - an AVL tree of the free blocks keyed by address.  Every node caches,
 *    for each child, the largest free size and the height of that child's
 *    subtree, so a descent for "lowest (or highest) free block of at least
 *    s bytes" reads only the nodes on its path, and a block that grows or
 *    shrinks refreshes its ancestors without reading their other
 *    children.  Nodes have parent links: a block found through the hash
 *    table is updated in place, with no search from the root;
 *  - with the best-fit policy only, a second AVL tree of the free blocks
 *    keyed by (size, address), its links in a side array;
 *  - an open-addressing hash table (linear probing, deletion by backward
 *    shift) from the start address of every allocated block to its node,
 *    so free() finds its block in O(1); a slot is a 32-bit fingerprint of
 *    the address and the node index;
 *  - a ring of the last RECENT_FREES freed addresses, read only when a
 *    free fails, which tells a double free from a wild one.
 * The node array grows only before an operation changes anything, so a
 * failed host allocation leaves the allocator as it was.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <tt/alloc.h>
#include <tt/error.h>

#include "base/base.h"

/* Nodes at tt_alloc_init(); the array doubles when it runs out. */
#define NODES_MIN 256u

/* Smallest hash table (log2).  The table grows at half load. */
#define TABLE_MIN_SHIFT 10u

/* Freed addresses remembered for double-free detection. */
#define RECENT_FREES 256u
#define RECENT_NONE  UINT64_MAX

/* No node. */
#define NIL 0u

/*
 * A block: what a first-fit descent, the upward refresh and a free read,
 * in one cache line.
 */
struct tt_alloc_block {
	uint64_t addr;
	uint64_t size;
	uint64_t cmax[2]; /* largest free size under each child */
	uint32_t c[2];	  /* address tree: left, right */
	uint32_t up;	  /* address tree parent */
	uint32_t prev;	  /* address order, all blocks */
	uint32_t next;	  /* also links the spare nodes */
	uint8_t ch[2];	  /* heights under each child */
	uint8_t allocated;
} __attribute__((aligned(64)));

/* Links of the size tree (best fit), parallel to the node array. */
struct tt_alloc_snode {
	uint32_t c[2];
	uint32_t up;
	uint32_t h; /* height of this subtree */
};

/* A hash table slot: node index 0 means empty. */
struct tt_alloc_slot {
	uint32_t fp; /* fingerprint of the block address */
	uint32_t idx;
};

static uint64_t align_up(uint64_t v, uint64_t align)
{
	return (v + align - 1) & ~(align - 1);
}

static inline struct tt_alloc_block *nd(const struct tt_alloc *a, uint32_t i)
{
	return i ? &a->nodes[i] : NULL;
}

static inline uint32_t ix(const struct tt_alloc *a, const struct tt_alloc_block *b)
{
	return b ? (uint32_t)(b - a->nodes) : NIL;
}

/* ---- Address tree ---------------------------------------------------- */

/* Largest free size in the subtree of @t, and its height. */
static inline uint64_t sub_max(const struct tt_alloc_block *t)
{
	uint64_t m = t->cmax[0] > t->cmax[1] ? t->cmax[0] : t->cmax[1];

	return m > t->size ? m : t->size;
}

static inline uint8_t sub_height(const struct tt_alloc_block *t)
{
	return (uint8_t)(1 + (t->ch[0] > t->ch[1] ? t->ch[0] : t->ch[1]));
}

static uint64_t tree_max(const struct tt_alloc *a)
{
	return a->root ? sub_max(&a->nodes[a->root]) : 0;
}

/* Make @x child @d of @p and refresh what @p caches about it. */
static inline void set_child(struct tt_alloc *a, struct tt_alloc_block *p, int d,
			     struct tt_alloc_block *x)
{
	p->c[d] = ix(a, x);
	if (x) {
		x->up = ix(a, p);
		p->cmax[d] = sub_max(x);
		p->ch[d] = sub_height(x);
	} else {
		p->cmax[d] = 0;
		p->ch[d] = 0;
	}
}

/* Put @x where @n stands under @p (or at the root). */
static inline void replace_child(struct tt_alloc *a, struct tt_alloc_block *p,
				 struct tt_alloc_block *n, struct tt_alloc_block *x)
{
	if (x)
		x->up = ix(a, p);
	if (!p)
		a->root = ix(a, x);
	else
		p->c[p->c[1] == ix(a, n)] = ix(a, x);
}

/*
 * Lift child @d of @n into @n's place.  @n's parent keeps a stale cache
 * for this slot; the caller's upward pass refreshes it.
 */
static struct tt_alloc_block *lift(struct tt_alloc *a, struct tt_alloc_block *n, int d)
{
	struct tt_alloc_block *x = nd(a, n->c[d]), *p = nd(a, n->up);

	set_child(a, n, d, nd(a, x->c[!d]));
	replace_child(a, p, n, x);
	set_child(a, x, !d, n);
	return x;
}

/* Restore the AVL balance at @n, whose subtrees are balanced. */
static inline struct tt_alloc_block *rebalance(struct tt_alloc *a, struct tt_alloc_block *n)
{
	int bf = n->ch[0] - n->ch[1], d;
	struct tt_alloc_block *x;

	if (bf >= -1 && bf <= 1)
		return n;
	d = bf < 0; /* the heavy side */
	x = nd(a, n->c[d]);
	if (x->ch[!d] > x->ch[d])
		lift(a, x, !d);
	return lift(a, n, d);
}

/*
 * The subtree at @n changed (its own size, or its children): rebalance
 * and refresh the caches up to the root.  Unless @full, stop at the first
 * ancestor whose cached figures for the subtree below it stay the same:
 * nothing above can change then.
 */
static void fix_up(struct tt_alloc *a, struct tt_alloc_block *n, bool full)
{
	struct tt_alloc_block *p;
	uint64_t m;
	uint8_t h;
	int d;

	for (;;) {
		n = rebalance(a, n);
		if (!n->up)
			return;
		p = &a->nodes[n->up];
		d = p->c[1] == ix(a, n);
		m = sub_max(n);
		h = sub_height(n);
		if (!full && p->cmax[d] == m && p->ch[d] == h)
			return;
		p->cmax[d] = m;
		p->ch[d] = h;
		n = p;
	}
}

/*
 * The size of @n changed and nothing else did, so no height changes:
 * carry the new subtree maximum up while it differs from the old one
 * (@old, the maximum of @n's subtree before the change).  The walk stops
 * without reading the parent of the last subtree whose maximum held.
 */
static void max_fix_up(struct tt_alloc *a, struct tt_alloc_block *n, uint64_t old)
{
	struct tt_alloc_block *p;
	uint64_t m = sub_max(n);

	while (m != old && n->up) {
		p = &a->nodes[n->up];
		old = sub_max(p);
		p->cmax[p->c[1] == ix(a, n)] = m;
		m = sub_max(p);
		n = p;
	}
}

static void addr_insert(struct tt_alloc *a, struct tt_alloc_block *n)
{
	struct tt_alloc_block *p = nd(a, a->root);
	int d;

	n->c[0] = n->c[1] = NIL;
	n->cmax[0] = n->cmax[1] = 0;
	n->ch[0] = n->ch[1] = 0;
	n->up = NIL;
	if (!p) {
		a->root = ix(a, n);
		return;
	}
	for (;;) {
		d = n->addr > p->addr;
		if (!p->c[d])
			break;
		p = &a->nodes[p->c[d]];
	}
	set_child(a, p, d, n);
	fix_up(a, p, false);
}

static void addr_remove(struct tt_alloc *a, struct tt_alloc_block *t)
{
	struct tt_alloc_block *p = nd(a, t->up), *m, *mp;

	if (!t->c[0] || !t->c[1]) {
		m = nd(a, t->c[0] ? t->c[0] : t->c[1]);
		if (!p) {
			replace_child(a, p, t, m);
			return;
		}
		set_child(a, p, p->c[1] == ix(a, t), m);
		fix_up(a, p, false);
		return;
	}
	/* Replace @t by its successor @m, the leftmost node on its right. */
	for (m = &a->nodes[t->c[1]]; m->c[0]; m = &a->nodes[m->c[0]])
		;
	mp = &a->nodes[m->up];
	if (mp == t) {
		set_child(a, m, 0, nd(a, t->c[0]));
		replace_child(a, p, t, m);
		fix_up(a, m, false);
		return;
	}
	set_child(a, mp, 0, nd(a, m->c[1]));
	set_child(a, m, 0, nd(a, t->c[0]));
	set_child(a, m, 1, nd(a, t->c[1]));
	replace_child(a, p, t, m);
	/* The caches between @mp and @m are stale: no early stop. */
	fix_up(a, mp, true);
}

/* Lowest free block of at least @need bytes. */
static struct tt_alloc_block *addr_lowest(const struct tt_alloc *a, struct tt_alloc_block *t,
					  uint64_t need)
{
	int right;

	if (!t || sub_max(t) < need)
		return NULL;
	/* The child is picked by index, not by a branch: the direction is
	 * data, and a mispredicted branch per level costs more than the
	 * load. */
	for (;;) {
		right = t->cmax[0] < need;
		if (right & (t->size >= need))
			return t;
		t = &a->nodes[t->c[right]];
	}
}

/*
 * The lowest (@top 0) or highest (@top 1) free block of at least @need
 * bytes in the subtree @t, which holds one.  No branch on the direction:
 * requests in both directions interleave.
 */
static struct tt_alloc_block *addr_extreme(const struct tt_alloc *a, struct tt_alloc_block *t,
					   uint64_t need, int top)
{
	int away;

	for (;;) {
		away = t->cmax[top] < need;
		if (away & (t->size >= need))
			return t;
		t = &a->nodes[t->c[top ^ away]];
	}
}

/*
 * Lowest free block starting at or above @from with at least @need bytes.
 * The walk follows one root-to-leaf path; the only full descent it starts
 * is into a subtree known to hold a fit, so it is O(log n).
 */
static struct tt_alloc_block *addr_lowest_from(const struct tt_alloc *a, struct tt_alloc_block *t,
					       uint64_t from, uint64_t need)
{
	struct tt_alloc_block *r;

	while (t) {
		if (t->addr < from) {
			if (t->cmax[1] < need)
				return NULL;
			t = &a->nodes[t->c[1]];
			continue;
		}
		if (t->cmax[0] >= need) {
			r = addr_lowest_from(a, &a->nodes[t->c[0]], from, need);
			if (r)
				return r;
		}
		if (t->size >= need)
			return t;
		return t->cmax[1] >= need ? addr_lowest(a, &a->nodes[t->c[1]], need) : NULL;
	}
	return NULL;
}

/* The free block containing @addr, or NULL. */
static struct tt_alloc_block *free_block_at(const struct tt_alloc *a, uint64_t addr)
{
	struct tt_alloc_block *t = nd(a, a->root), *best = NULL;

	/* The free block with the highest start at or below @addr. */
	while (t) {
		if (t->addr <= addr) {
			best = t;
			t = nd(a, t->c[1]);
		} else {
			t = nd(a, t->c[0]);
		}
	}
	return best && addr - best->addr < best->size ? best : NULL;
}

/* ---- Size tree (best fit) -------------------------------------------- */

static inline struct tt_alloc_snode *sn(const struct tt_alloc *a, uint32_t i)
{
	return &a->snodes[i];
}

static uint32_t sz_height(const struct tt_alloc *a, uint32_t i)
{
	return i ? a->snodes[i].h : 0;
}

static void sz_pull(struct tt_alloc *a, uint32_t i)
{
	uint32_t l = sz_height(a, sn(a, i)->c[0]), r = sz_height(a, sn(a, i)->c[1]);

	sn(a, i)->h = 1 + (l > r ? l : r);
}

/* (size, addr) order of nodes @x and @y. */
static bool sz_before(const struct tt_alloc *a, uint32_t x, uint32_t y)
{
	const struct tt_alloc_block *bx = &a->nodes[x], *by = &a->nodes[y];

	return bx->size < by->size || (bx->size == by->size && bx->addr < by->addr);
}

static void sz_replace(struct tt_alloc *a, uint32_t p, uint32_t n, uint32_t x)
{
	if (x)
		sn(a, x)->up = p;
	if (!p)
		a->sroot = x;
	else
		sn(a, p)->c[sn(a, p)->c[1] == n] = x;
}

static void sz_set_child(struct tt_alloc *a, uint32_t p, int d, uint32_t x)
{
	sn(a, p)->c[d] = x;
	if (x)
		sn(a, x)->up = p;
}

static uint32_t sz_lift(struct tt_alloc *a, uint32_t n, int d)
{
	uint32_t x = sn(a, n)->c[d], p = sn(a, n)->up;

	sz_set_child(a, n, d, sn(a, x)->c[!d]);
	sz_replace(a, p, n, x);
	sz_set_child(a, x, !d, n);
	sz_pull(a, n);
	sz_pull(a, x);
	return x;
}

/* Rebalance from @n to the root. */
static void sz_fix_up(struct tt_alloc *a, uint32_t n)
{
	int bf, d;
	uint32_t x;

	for (; n; n = sn(a, n)->up) {
		sz_pull(a, n);
		bf = (int)sz_height(a, sn(a, n)->c[0]) - (int)sz_height(a, sn(a, n)->c[1]);
		if (bf >= -1 && bf <= 1)
			continue;
		d = bf < 0;
		x = sn(a, n)->c[d];
		if (sz_height(a, sn(a, x)->c[!d]) > sz_height(a, sn(a, x)->c[d]))
			sz_lift(a, x, !d);
		n = sz_lift(a, n, d);
	}
}

static void sz_insert(struct tt_alloc *a, uint32_t n)
{
	uint32_t p = a->sroot;
	int d;

	sn(a, n)->c[0] = sn(a, n)->c[1] = NIL;
	sn(a, n)->up = NIL;
	sn(a, n)->h = 1;
	if (!p) {
		a->sroot = n;
		return;
	}
	for (;;) {
		d = sz_before(a, p, n);
		if (!sn(a, p)->c[d])
			break;
		p = sn(a, p)->c[d];
	}
	sz_set_child(a, p, d, n);
	sz_fix_up(a, p);
}

static void sz_remove(struct tt_alloc *a, uint32_t t)
{
	uint32_t p = sn(a, t)->up, m, mp;

	if (!sn(a, t)->c[0] || !sn(a, t)->c[1]) {
		sz_replace(a, p, t, sn(a, t)->c[0] ? sn(a, t)->c[0] : sn(a, t)->c[1]);
		sz_fix_up(a, p);
		return;
	}
	for (m = sn(a, t)->c[1]; sn(a, m)->c[0]; m = sn(a, m)->c[0])
		;
	mp = sn(a, m)->up;
	if (mp == t) {
		sz_set_child(a, m, 0, sn(a, t)->c[0]);
		sz_replace(a, p, t, m);
		sz_fix_up(a, m);
		return;
	}
	sz_set_child(a, mp, 0, sn(a, m)->c[1]);
	sz_set_child(a, m, 0, sn(a, t)->c[0]);
	sz_set_child(a, m, 1, sn(a, t)->c[1]);
	sz_replace(a, p, t, m);
	sz_fix_up(a, mp);
}

/*
 * Smallest free block of at least @need bytes: the lowest address among
 * equals, or the highest when @highest.
 */
static uint32_t sz_best(const struct tt_alloc *a, uint64_t need, bool highest)
{
	uint32_t t = a->sroot, best = NIL;

	while (t) {
		if (a->nodes[t].size >= need) {
			best = t;
			t = sn(a, t)->c[0];
		} else {
			t = sn(a, t)->c[1];
		}
	}
	if (!best || !highest)
		return best;
	/* The last block of that size: the greatest (size, addr) key. */
	need = a->nodes[best].size;
	for (t = a->sroot; t;) {
		if (a->nodes[t].size <= need) {
			if (a->nodes[t].size == need)
				best = t;
			t = sn(a, t)->c[1];
		} else {
			t = sn(a, t)->c[0];
		}
	}
	return best;
}

/* The next block in (size, addr) order after @t. */
static uint32_t sz_next(const struct tt_alloc *a, uint32_t t)
{
	uint32_t p;

	if (sn(a, t)->c[1]) {
		for (t = sn(a, t)->c[1]; sn(a, t)->c[0]; t = sn(a, t)->c[0])
			;
		return t;
	}
	for (p = sn(a, t)->up; p && sn(a, p)->c[1] == t; p = sn(a, p)->up)
		t = p;
	return p;
}

/* ---- Free blocks: both trees ------------------------------------------ */

/*
 * The size tree is only kept under best fit.  Its updates stay out of
 * line, so that the first-fit paths, the common ones, save and restore
 * fewer registers.
 */
static __attribute__((noinline)) void best_insert(struct tt_alloc *a, struct tt_alloc_block *n)
{
	sz_insert(a, ix(a, n));
}

static __attribute__((noinline)) void best_remove(struct tt_alloc *a, struct tt_alloc_block *n)
{
	sz_remove(a, ix(a, n));
}

static inline void free_insert(struct tt_alloc *a, struct tt_alloc_block *n)
{
	addr_insert(a, n);
	if (a->policy == TT_ALLOC_BEST_FIT)
		best_insert(a, n);
	a->nfree++;
}

static inline void free_remove(struct tt_alloc *a, struct tt_alloc_block *n)
{
	addr_remove(a, n);
	if (a->policy == TT_ALLOC_BEST_FIT)
		best_remove(a, n);
	a->nfree--;
}

/*
 * Give the free block @n a new start and size.  The new start must not
 * pass another free block, so its place in the address tree holds.
 */
static inline void free_resize(struct tt_alloc *a, struct tt_alloc_block *n, uint64_t addr,
			       uint64_t size)
{
	bool best = a->policy == TT_ALLOC_BEST_FIT;
	uint64_t old = sub_max(n);

	if (best)
		best_remove(a, n);
	n->addr = addr;
	n->size = size;
	max_fix_up(a, n, old);
	if (best)
		best_insert(a, n);
}

/* ---- Node storage --------------------------------------------------- */

/* Make sure at least @n more nodes can be taken without growing. */
static int reserve_nodes(struct tt_alloc *a, uint32_t n)
{
	struct tt_alloc_block *nodes;
	struct tt_alloc_snode *snodes;
	uint32_t cap;

	if (a->nspare + (a->ncap - a->nused) >= n)
		return TT_OK;
	if (a->ncap > UINT32_MAX / 4)
		return TT_ENOMEM;
	cap = a->ncap ? 2 * a->ncap : NODES_MIN;
	nodes = aligned_alloc(64, (size_t)cap * sizeof(*nodes));
	snodes = malloc((size_t)cap * sizeof(*snodes));
	if (!nodes || !snodes) {
		free(nodes);
		free(snodes);
		return TT_ENOMEM;
	}
	if (a->nused) {
		memcpy(nodes, a->nodes, (size_t)a->nused * sizeof(*nodes));
		memcpy(snodes, a->snodes, (size_t)a->nused * sizeof(*snodes));
	} else {
		/* Node 0 is "none" and never handed out. */
		memset(&nodes[0], 0, sizeof(nodes[0]));
		memset(&snodes[0], 0, sizeof(snodes[0]));
		a->nused = 1;
	}
	free(a->nodes);
	free(a->snodes);
	a->nodes = nodes;
	a->snodes = snodes;
	a->ncap = cap;
	return TT_OK;
}

/* A node, reserved beforehand; the caller sets every field. */
static struct tt_alloc_block *get_node(struct tt_alloc *a)
{
	uint32_t i = a->spare;

	assert(a->nodes); /* reserve_nodes() ran first */
	if (i) {
		a->spare = a->nodes[i].next;
		a->nspare--;
	} else {
		assert(a->nused < a->ncap);
		i = a->nused++;
	}
	return &a->nodes[i];
}

static void put_node(struct tt_alloc *a, struct tt_alloc_block *b)
{
	b->next = a->spare;
	a->spare = ix(a, b);
	a->nspare++;
}

/* ---- Allocated-address table ---------------------------------------- */

static inline uint32_t fingerprint(uint64_t key)
{
	return (uint32_t)key ^ (uint32_t)(key >> 32);
}

/* Fibonacci hashing: the top bits of the product spread aligned keys. */
static inline size_t slot_home(uint32_t fp, unsigned int shift)
{
	return (size_t)((fp * 0x9e3779b9u) >> shift);
}

/* The slot holding @key, or NULL. */
static struct tt_alloc_slot *slot_find(const struct tt_alloc *a, uint64_t key)
{
	size_t mask = a->table_cap - 1;
	uint32_t fp = fingerprint(key);
	size_t i = slot_home(fp, a->table_shift);

	for (;;) {
		struct tt_alloc_slot *s = &a->table[i];

		if (!s->idx)
			return NULL;
		if (s->fp == fp && a->nodes[s->idx].addr == key)
			return s;
		i = (i + 1) & mask;
	}
}

/* The first empty slot of @fp's probe run. */
static struct tt_alloc_slot *slot_empty(struct tt_alloc_slot *table, size_t cap, unsigned int shift,
					uint32_t fp)
{
	size_t mask = cap - 1;
	size_t i = slot_home(fp, shift);

	while (table[i].idx)
		i = (i + 1) & mask;
	return &table[i];
}

/* Move every entry into a table twice as large. */
static int table_grow(struct tt_alloc *a)
{
	size_t cap = 2 * a->table_cap, i;
	unsigned int shift = a->table_shift - 1;
	struct tt_alloc_slot *t;

	if (shift < 1)
		return TT_ENOMEM;
	t = calloc(cap, sizeof(*t));
	if (!t)
		return TT_ENOMEM;
	for (i = 0; i < a->table_cap; i++)
		if (a->table[i].idx)
			*slot_empty(t, cap, shift, a->table[i].fp) = a->table[i];
	free(a->table);
	a->table = t;
	a->table_cap = cap;
	a->table_shift = shift;
	return TT_OK;
}

/* Make sure one more key fits under half load. */
static inline int table_reserve(struct tt_alloc *a)
{
	if (2 * (a->table_count + 1) <= a->table_cap)
		return TT_OK;
	return table_grow(a);
}

/* Record @b as allocated at its address; a slot has been reserved. */
static void table_insert(struct tt_alloc *a, struct tt_alloc_block *b)
{
	uint32_t fp = fingerprint(b->addr);
	struct tt_alloc_slot *s = slot_empty(a->table, a->table_cap, a->table_shift, fp);

	s->fp = fp;
	s->idx = ix(a, b);
	a->table_count++;
}

/*
 * Empty slot @s and close the gap: later entries of the probe run move
 * back unless their home slot lies after the gap.
 */
static void table_delete(struct tt_alloc *a, struct tt_alloc_slot *s)
{
	size_t mask = a->table_cap - 1;
	size_t i = (size_t)(s - a->table), j = i, home;

	for (;;) {
		j = (j + 1) & mask;
		if (!a->table[j].idx)
			break;
		home = slot_home(a->table[j].fp, a->table_shift);
		if (i <= j ? i < home && home <= j : i < home || home <= j)
			continue;
		a->table[i] = a->table[j];
		i = j;
	}
	a->table[i].idx = NIL;
	a->table[i].fp = 0;
	a->table_count--;
}

static void table_reset(struct tt_alloc *a)
{
	memset(a->table, 0, a->table_cap * sizeof(*a->table));
	a->table_count = 0;
}

static void remember_free(struct tt_alloc *a, uint64_t addr)
{
	a->recent[a->recent_pos] = addr;
	a->recent_pos = (a->recent_pos + 1) % RECENT_FREES;
}

static void forget_frees(struct tt_alloc *a)
{
	unsigned int i;

	for (i = 0; i < RECENT_FREES; i++)
		a->recent[i] = RECENT_NONE;
	a->recent_pos = 0;
}

static bool freed_recently(const struct tt_alloc *a, uint64_t addr)
{
	unsigned int i;

	for (i = 0; i < RECENT_FREES; i++)
		if (a->recent[i] == addr)
			return true;
	return false;
}

/* ---- Block list ----------------------------------------------------- */

static void link_after(struct tt_alloc *a, struct tt_alloc_block *pos, struct tt_alloc_block *b)
{
	b->prev = ix(a, pos);
	b->next = pos->next;
	if (pos->next)
		a->nodes[pos->next].prev = ix(a, b);
	pos->next = ix(a, b);
}

static void link_before(struct tt_alloc *a, struct tt_alloc_block *pos, struct tt_alloc_block *b)
{
	b->next = ix(a, pos);
	b->prev = pos->prev;
	if (pos->prev)
		a->nodes[pos->prev].next = ix(a, b);
	else
		a->head = ix(a, b);
	pos->prev = ix(a, b);
}

static void unlink_block(struct tt_alloc *a, struct tt_alloc_block *b)
{
	if (b->prev)
		a->nodes[b->prev].next = b->next;
	else
		a->head = b->next;
	if (b->next)
		a->nodes[b->next].prev = b->prev;
}

/* ---- Region --------------------------------------------------------- */

/* A node for a new block of the list; not linked, not in a tree. */
static struct tt_alloc_block *new_block(struct tt_alloc *a, uint64_t addr, uint64_t size)
{
	struct tt_alloc_block *b = get_node(a);

	b->addr = addr;
	b->size = size;
	b->prev = NIL;
	b->next = NIL;
	b->allocated = 0;
	a->nblocks++;
	return b;
}

/* Reset @a to one free block over the current region; all nodes spare. */
static void make_single_block(struct tt_alloc *a)
{
	struct tt_alloc_block *b = nd(a, a->head), *next;

	while (b) {
		next = nd(a, b->next);
		put_node(a, b);
		b = next;
	}
	a->head = NIL;
	a->root = NIL;
	a->sroot = NIL;
	a->allocated = 0;
	a->nblocks = 0;
	a->nfree = 0;
	table_reset(a);
	forget_frees(a);
	if (!a->size)
		return;
	/* tt_alloc_init() made room, and every node is spare now. */
	b = new_block(a, a->base, a->size);
	a->head = ix(a, b);
	free_insert(a, b);
}

int tt_alloc_init(struct tt_alloc *a, uint64_t base, uint64_t size, uint64_t align,
		  uint64_t min_size)
{
	TT_REFUSE_NULL(a);
	memset(a, 0, sizeof(*a));
	if (!size || !align || (align & (align - 1)))
		return TT_EINVAL;
	if ((base | size) & (align - 1))
		return TT_EALIGN;
	if (base > UINT64_MAX - size)
		return TT_ERANGE;
	a->base = base;
	a->base0 = base;
	a->size = size;
	a->align = align;
	a->min_size = min_size;
	a->policy = TT_ALLOC_FIRST_FIT;
	a->table_cap = (size_t)1 << TABLE_MIN_SHIFT;
	a->table_shift = 32 - TABLE_MIN_SHIFT;
	a->table = calloc(a->table_cap, sizeof(*a->table));
	a->recent = malloc(RECENT_FREES * sizeof(*a->recent));
	if (!a->table || !a->recent) {
		tt_alloc_destroy(a);
		return TT_ENOMEM;
	}
	forget_frees(a);
	if (reserve_nodes(a, 1)) {
		tt_alloc_destroy(a);
		return TT_ENOMEM;
	}
	make_single_block(a);
	return TT_OK;
}

void tt_alloc_destroy(struct tt_alloc *a)
{
	if (!a)
		return;
	free(a->nodes);
	free(a->snodes);
	free(a->table);
	free(a->recent);
	memset(a, 0, sizeof(*a));
}

int tt_alloc_set_policy(struct tt_alloc *a, enum tt_alloc_policy policy)
{
	struct tt_alloc_block *b;

	TT_REFUSE_NULL(a);
	if (policy != TT_ALLOC_FIRST_FIT && policy != TT_ALLOC_BEST_FIT)
		return TT_EINVAL;
	if (policy == a->policy)
		return TT_OK;
	a->policy = policy;
	a->sroot = NIL;
	if (policy == TT_ALLOC_BEST_FIT)
		for (b = nd(a, a->head); b; b = nd(a, b->next))
			if (!b->allocated)
				sz_insert(a, ix(a, b));
	return TT_OK;
}

enum tt_alloc_policy tt_alloc_get_policy(const struct tt_alloc *a)
{
	TT_IGNORE_NULL(a, TT_ALLOC_FIRST_FIT);
	return a->policy;
}

uint64_t tt_alloc_block_size_for(const struct tt_alloc *a, uint64_t size)
{
	uint64_t s;

	TT_IGNORE_NULL(a, 0);
	s = size > a->min_size ? size : a->min_size;
	if (s > UINT64_MAX - (a->align - 1))
		return 0;
	return align_up(s, a->align);
}

/* Nodes and a table slot for one carve, before anything changes. */
static inline int prepare_carve(struct tt_alloc *a)
{
	if (a->nspare < 2 && reserve_nodes(a, 2))
		return TT_ENOMEM;
	return table_reserve(a);
}

/*
 * Allocate [@at, @at + @need) out of the free block @f, which contains
 * it, leaving up to two free remainders.  Cannot fail after
 * prepare_carve().
 */
static void carve(struct tt_alloc *a, struct tt_alloc_block *f, uint64_t at, uint64_t need)
{
	struct tt_alloc_block *b, *r;
	uint64_t left = at - f->addr;
	uint64_t right = f->addr + f->size - (at + need);

	if (!left && !right) {
		free_remove(a, f);
		b = f;
	} else {
		b = new_block(a, at, need);
		if (left) {
			free_resize(a, f, f->addr, left);
			link_after(a, f, b);
			if (right) {
				r = new_block(a, at + need, right);
				link_after(a, b, r);
				free_insert(a, r);
			}
		} else {
			/* The remainder keeps its node; its start moves up
			 * but stays below the next free block. */
			free_resize(a, f, at + need, right);
			link_before(a, f, b);
		}
	}
	b->allocated = 1;
	a->allocated += need;
	table_insert(a, b);
}

/* First fit: the lowest (or highest) placement, as tt_alloc_alloc(). */
static struct tt_alloc_block *first_fit(struct tt_alloc *a, uint64_t need, bool top, uint64_t limit,
					uint64_t *at)
{
	struct tt_alloc_block *f;

	if (top || limit <= a->base) {
		/* The caller made sure the root holds a fit.  Top-down, the
		 * highest fit gives the highest start: if that is below the
		 * limit, every other placement is too. */
		f = addr_extreme(a, &a->nodes[a->root], need, top);
		*at = f->addr + (top ? f->size - need : 0);
		return *at < limit ? NULL : f;
	}
	/* A free block straddling the limit may fit from the limit up;
	 * otherwise take the first fit that starts above it. */
	f = free_block_at(a, limit);
	if (f && f->addr + f->size - limit >= need) {
		*at = limit;
		return f;
	}
	f = addr_lowest_from(a, nd(a, a->root), limit, need);
	if (f)
		*at = f->addr;
	return f;
}

/* Where @need bytes go in @f for the direction, or false. */
static bool place_in(const struct tt_alloc_block *f, uint64_t need, bool top, uint64_t limit,
		     uint64_t *at)
{
	uint64_t end = f->addr + f->size;

	if (top) {
		*at = end - need;
		return *at >= limit;
	}
	*at = f->addr > limit ? f->addr : limit;
	return *at < end && end - *at >= need;
}

/*
 * Best fit: the smallest free block that holds the request, the lowest
 * of equals bottom-up and the highest top-down.  With a limit, blocks
 * are tried in size order until one can be placed above it.
 */
static __attribute__((noinline)) struct tt_alloc_block *
best_fit(struct tt_alloc *a, uint64_t need, bool top, uint64_t limit, uint64_t *at)
{
	uint32_t f = sz_best(a, need, top), g;
	uint64_t at2;

	if (f && place_in(&a->nodes[f], need, top, limit, at))
		return &a->nodes[f];
	for (f = sz_best(a, need, false); f; f = sz_next(a, f)) {
		if (!place_in(&a->nodes[f], need, top, limit, at))
			continue;
		/* Top-down: the highest placeable block of this size. */
		for (g = sz_next(a, f); top && g && a->nodes[g].size == a->nodes[f].size;
		     g = sz_next(a, g)) {
			if (place_in(&a->nodes[g], need, top, limit, &at2)) {
				f = g;
				*at = at2;
			}
		}
		return &a->nodes[f];
	}
	return NULL;
}

int tt_alloc_alloc(struct tt_alloc *a, uint64_t size, unsigned int flags, uint64_t limit,
		   uint64_t *addr)
{
	struct tt_alloc_block *f;
	uint64_t need, at;
	bool top = flags == TT_ALLOC_TOP_DOWN;
	int rc;

	TT_REFUSE_NULL(a);
	TT_REFUSE_NULL(addr);
	if (!size || (flags != TT_ALLOC_BOTTOM_UP && !top))
		return TT_EINVAL;
	need = tt_alloc_block_size_for(a, size);
	if (!need || need > tree_max(a) || limit > a->base + a->size)
		return TT_ENOMEM;
	rc = prepare_carve(a);
	if (rc)
		return rc;
	limit = align_up(limit, a->align);
	if (a->policy == TT_ALLOC_BEST_FIT)
		f = best_fit(a, need, top, limit, &at);
	else
		f = first_fit(a, need, top, limit, &at);
	if (!f)
		return TT_ENOMEM;
	carve(a, f, at, need);
	*addr = at;
	return TT_OK;
}

int tt_alloc_alloc_at(struct tt_alloc *a, uint64_t addr, uint64_t size)
{
	struct tt_alloc_block *f;
	uint64_t need;
	int rc;

	TT_REFUSE_NULL(a);
	if (!size)
		return TT_EINVAL;
	if (addr & (a->align - 1))
		return TT_EALIGN;
	need = tt_alloc_block_size_for(a, size);
	if (!need || addr < a->base || addr - a->base >= a->size || need > a->base + a->size - addr)
		return TT_ERANGE;
	rc = prepare_carve(a);
	if (rc)
		return rc;
	f = free_block_at(a, addr);
	if (!f || f->addr + f->size - addr < need)
		return TT_ECLASH;
	carve(a, f, addr, need);
	return TT_OK;
}

int tt_alloc_free(struct tt_alloc *a, uint64_t addr)
{
	struct tt_alloc_slot *s;
	struct tt_alloc_block *b, *p, *n;
	bool pf, nf;

	TT_REFUSE_NULL(a);
	s = slot_find(a, addr);
	if (!s) {
		/* Nothing allocated starts here.  A recent free of an address
		 * that is still free means the same block is freed again. */
		if (freed_recently(a, addr) && free_block_at(a, addr))
			return TT_EDOUBLEFREE;
		return TT_ENOTALLOC;
	}
	b = &a->nodes[s->idx];
	table_delete(a, s);
	remember_free(a, addr);
	a->allocated -= b->size;
	b->allocated = 0;

	p = nd(a, b->prev);
	n = nd(a, b->next);
	pf = p && !p->allocated;
	nf = n && !n->allocated;
	if (pf && nf) {
		free_remove(a, n);
		free_resize(a, p, p->addr, p->size + b->size + n->size);
		unlink_block(a, b);
		unlink_block(a, n);
		put_node(a, b);
		put_node(a, n);
		a->nblocks -= 2;
	} else if (pf) {
		free_resize(a, p, p->addr, p->size + b->size);
		unlink_block(a, b);
		put_node(a, b);
		a->nblocks--;
	} else if (nf) {
		/* The next block's start moves down to ours; the previous
		 * block is allocated, so the tree order holds. */
		free_resize(a, n, b->addr, n->size + b->size);
		unlink_block(a, b);
		put_node(a, b);
		a->nblocks--;
	} else {
		free_insert(a, b);
	}
	return TT_OK;
}

void tt_alloc_free_all(struct tt_alloc *a)
{
	if (!a)
		return;
	make_single_block(a);
}

void tt_alloc_clear(struct tt_alloc *a)
{
	if (!a)
		return;
	a->size += a->base - a->base0;
	a->base = a->base0;
	make_single_block(a);
}

int tt_alloc_shrink(struct tt_alloc *a, uint64_t size)
{
	struct tt_alloc_block *h;

	TT_REFUSE_NULL(a);
	h = nd(a, a->head);
	if (!size)
		return TT_OK;
	if (size & (a->align - 1))
		return TT_EALIGN;
	if (size > a->size)
		return TT_ERANGE;
	if (!h || h->allocated || h->size < size)
		return TT_EBUSY;
	if (h->size == size) {
		free_remove(a, h);
		unlink_block(a, h);
		put_node(a, h);
		a->nblocks--;
	} else {
		free_resize(a, h, h->addr + size, h->size - size);
	}
	a->base += size;
	a->size -= size;
	return TT_OK;
}

int tt_alloc_reset_size(struct tt_alloc *a)
{
	uint64_t d;
	struct tt_alloc_block *h, *b;

	TT_REFUSE_NULL(a);
	d = a->base - a->base0;
	if (!d)
		return TT_OK;
	if (reserve_nodes(a, 1))
		return TT_ENOMEM;
	h = nd(a, a->head);
	if (h && !h->allocated) {
		free_resize(a, h, a->base0, h->size + d);
	} else {
		b = new_block(a, a->base0, d);
		if (h)
			link_before(a, h, b);
		else
			a->head = ix(a, b);
		free_insert(a, b);
	}
	a->base = a->base0;
	a->size += d;
	return TT_OK;
}

/* Block ids are node indices less one: node 0 is "none". */
static uint32_t b_id(const struct tt_alloc *a, const struct tt_alloc_block *b)
{
	return ix(a, b) - 1;
}
/* ---- Queries -------------------------------------------------------- */

void tt_alloc_stats(const struct tt_alloc *a, struct tt_alloc_stats *st)
{
	TT_IGNORE_NULL(st);
	memset(st, 0, sizeof(*st));
	TT_IGNORE_NULL(a);
	st->total_allocatable = a->size;
	st->total_allocated = a->allocated;
	st->total_free = a->size - a->allocated;
	st->largest_free_block = tree_max(a);
	st->num_blocks = a->nblocks;
	st->num_free_blocks = a->nfree;
}

int tt_alloc_lowest_occupied(const struct tt_alloc *a, uint64_t *addr)
{
	const struct tt_alloc_block *h;

	TT_REFUSE_NULL(a);
	TT_REFUSE_NULL(addr);
	h = nd(a, a->head);
	/* Free neighbours are always merged, so the first allocated block
	 * is the head or the one after it. */
	if (h && !h->allocated)
		h = nd(a, h->next);
	if (!h)
		return TT_ENOENT;
	assert(h->allocated);
	*addr = h->addr;
	return TT_OK;
}

int tt_alloc_allocation_size(const struct tt_alloc *a, uint64_t addr, uint64_t *size)
{
	const struct tt_alloc_slot *s;

	TT_REFUSE_NULL(a);
	TT_REFUSE_NULL(size);
	s = slot_find(a, addr);
	if (!s)
		return TT_ENOTALLOC;
	*size = a->nodes[s->idx].size;
	return TT_OK;
}

static size_t collect_free(const struct tt_alloc *a, const struct tt_alloc_block *t, uint64_t need,
			   struct tt_alloc_range *out, size_t max, size_t n)
{
	if (t->cmax[0] >= need)
		n = collect_free(a, &a->nodes[t->c[0]], need, out, max, n);
	if (t->size >= need) {
		if (n < max) {
			out[n].start = t->addr;
			out[n].end = t->addr + t->size;
		}
		n++;
	}
	if (t->cmax[1] >= need)
		n = collect_free(a, &a->nodes[t->c[1]], need, out, max, n);
	return n;
}

size_t tt_alloc_available(const struct tt_alloc *a, uint64_t size, struct tt_alloc_range *out,
			  size_t max)
{
	uint64_t need;

	TT_IGNORE_NULL(a, 0);
	if (!out)
		max = 0; /* nowhere to put them: count */
	need = tt_alloc_block_size_for(a, size);
	if (!need && size)
		return 0; /* overflows */
	/* Every free range holds 0 bytes; absent children have cmax 0. */
	if (!need)
		need = 1;
	if (tree_max(a) < need || !a->root)
		return 0;
	return collect_free(a, &a->nodes[a->root], need, out, max, 0);
}

size_t tt_alloc_blocks(const struct tt_alloc *a, struct tt_alloc_block_info *out, size_t max)
{
	const struct tt_alloc_block *b;
	size_t n = 0;

	TT_IGNORE_NULL(a, 0);
	if (!out)
		max = 0; /* nowhere to put them: count */
	for (b = nd(a, a->head); b; b = nd(a, b->next), n++) {
		if (n >= max)
			continue;
		out[n].id = b_id(a, b);
		out[n].prev_id = (int64_t)b->prev - 1;
		out[n].next_id = (int64_t)b->next - 1;
		out[n].addr = b->addr;
		out[n].size = b->size;
		out[n].allocated = b->allocated;
	}
	return n;
}

static void dump_id(FILE *f, uint32_t i)
{
	if (i)
		fprintf(f, " %12u", i - 1);
	else
		fprintf(f, " %12s", "none");
}

void tt_alloc_dump(const struct tt_alloc *a, FILE *f)
{
	const struct tt_alloc_block *b;
	struct tt_alloc_stats st;

	TT_IGNORE_NULL(a);
	TT_IGNORE_NULL(f);
	tt_alloc_stats(a, &st);
	fprintf(f, "Allocator: base %llu, size %llu, align %llu, min size %llu, shrunk by %llu\n",
		(unsigned long long)a->base, (unsigned long long)a->size,
		(unsigned long long)a->align, (unsigned long long)a->min_size,
		(unsigned long long)(a->base - a->base0));
	fprintf(f,
		"Statistics: allocatable %llu, allocated %llu, free %llu, largest free block "
		"%llu\n",
		(unsigned long long)st.total_allocatable, (unsigned long long)st.total_allocated,
		(unsigned long long)st.total_free, (unsigned long long)st.largest_free_block);
	fprintf(f, "Block table:\n");
	fprintf(f, "%12s %12s %12s %12s %12s %12s\n", "Block", "Address", "Size", "PrevID",
		"NextID", "Allocated");
	for (b = nd(a, a->head); b; b = nd(a, b->next)) {
		fprintf(f, "%12u %12llu %12llu", b_id(a, b), (unsigned long long)b->addr,
			(unsigned long long)b->size);
		dump_id(f, b->prev);
		dump_id(f, b->next);
		fprintf(f, " %12s\n", b->allocated ? "yes" : "no");
	}
}

/* ---- State ---------------------------------------------------------- */

int tt_alloc_extract_state(const struct tt_alloc *a, struct tt_alloc_state *st)
{
	const struct tt_alloc_block *b;
	size_t n = 0;

	TT_REFUSE_NULL(st);
	memset(st, 0, sizeof(*st));
	TT_REFUSE_NULL(a);
	st->base = a->base0;
	st->size = a->size + (a->base - a->base0);
	st->align = a->align;
	st->count = 0;
	st->ranges = NULL;
	for (b = nd(a, a->head); b; b = nd(a, b->next))
		if (b->allocated && !(b->prev && a->nodes[b->prev].allocated))
			n++;
	if (!n)
		return TT_OK;
	st->ranges = malloc(n * sizeof(*st->ranges));
	if (!st->ranges)
		return TT_ENOMEM;
	for (b = nd(a, a->head); b; b = nd(a, b->next)) {
		if (!b->allocated)
			continue;
		if (b->prev && a->nodes[b->prev].allocated) {
			st->ranges[st->count - 1].end = b->addr + b->size;
		} else {
			st->ranges[st->count].start = b->addr;
			st->ranges[st->count].end = b->addr + b->size;
			st->count++;
		}
	}
	return TT_OK;
}

int tt_alloc_apply_state(struct tt_alloc *a, const struct tt_alloc_state *st)
{
	size_t i;
	int rc;

	TT_REFUSE_NULL(a);
	TT_REFUSE_NULL(st);
	if (st->base != a->base0 || st->align != a->align ||
	    st->size != a->size + (a->base - a->base0))
		return TT_EINVAL;
	for (i = 0; i < st->count; i++) {
		const struct tt_alloc_range *r = &st->ranges[i];

		rc = r->end > r->start ? tt_alloc_alloc_at(a, r->start, r->end - r->start)
				       : TT_EINVAL;
		if (rc) {
			/* Undo: ranges just allocated always free. */
			while (i-- > 0)
				(void)tt_alloc_free(a, st->ranges[i].start);
			return rc;
		}
	}
	return TT_OK;
}

void tt_alloc_state_release(struct tt_alloc_state *st)
{
	if (!st)
		return;
	free(st->ranges);
	st->ranges = NULL;
	st->count = 0;
}

/* ---- Self-check ----------------------------------------------------- */

/*
 * Check the address subtree @t under parent @up: keys strictly inside
 * (@lo, @hi) where @has_lo and @has_hi say whether each bound applies,
 * parent links, balance and the cached figures of every node.  Returns
 * its height, or -1.
 */
static int check_tree(const struct tt_alloc *a, uint32_t i, uint32_t up, bool has_lo, uint64_t lo,
		      bool has_hi, uint64_t hi, size_t *count)
{
	const struct tt_alloc_block *t = nd(a, i);
	int hl, hr, d;

	if (!t)
		return 0;
	if (t->up != up || t->allocated || (has_lo && t->addr <= lo) || (has_hi && t->addr >= hi))
		return -1;
	hl = check_tree(a, t->c[0], i, has_lo, lo, true, t->addr, count);
	hr = check_tree(a, t->c[1], i, true, t->addr, has_hi, hi, count);
	if (hl < 0 || hr < 0 || hl - hr > 1 || hr - hl > 1)
		return -1;
	for (d = 0; d < 2; d++) {
		const struct tt_alloc_block *c = nd(a, t->c[d]);

		if (t->ch[d] != (c ? sub_height(c) : 0) || t->cmax[d] != (c ? sub_max(c) : 0))
			return -1;
	}
	if (t->ch[0] != hl || t->ch[1] != hr)
		return -1;
	(*count)++;
	return sub_height(t);
}

/* The same for the size tree: (size, addr) order, links, heights. */
static int check_size_tree(const struct tt_alloc *a, uint32_t t, uint32_t up, uint32_t lo,
			   uint32_t hi, size_t *count)
{
	int hl, hr;

	if (!t)
		return 0;
	if (sn(a, t)->up != up || a->nodes[t].allocated || (lo && !sz_before(a, lo, t)) ||
	    (hi && !sz_before(a, t, hi)))
		return -1;
	hl = check_size_tree(a, sn(a, t)->c[0], t, lo, t, count);
	hr = check_size_tree(a, sn(a, t)->c[1], t, t, hi, count);
	if (hl < 0 || hr < 0 || hl - hr > 1 || hr - hl > 1 ||
	    sn(a, t)->h != (uint32_t)(1 + (hl > hr ? hl : hr)))
		return -1;
	(*count)++;
	return (int)sn(a, t)->h;
}

int tt_alloc_check(const struct tt_alloc *a)
{
	const struct tt_alloc_block *b, *prev = NULL;
	uint64_t at, allocated = 0;
	size_t nblocks = 0, nfree = 0, intree = 0, insize = 0, used = 0, i;

	TT_REFUSE_NULL(a);
	at = a->base;
	for (b = nd(a, a->head); b; prev = b, b = nd(a, b->next)) {
		if (b->prev != ix(a, prev) || b->addr != at || !b->size ||
		    ((b->addr | b->size) & (a->align - 1)))
			return TT_EINVAL;
		if (prev && !prev->allocated && !b->allocated)
			return TT_EINVAL;
		if (b->allocated) {
			const struct tt_alloc_slot *s = slot_find(a, b->addr);

			if (!s || s->idx != ix(a, b))
				return TT_EINVAL;
			allocated += b->size;
		} else {
			if (free_block_at(a, b->addr) != b)
				return TT_EINVAL;
			nfree++;
		}
		at += b->size;
		nblocks++;
	}
	if (at != a->base + a->size || allocated != a->allocated || nblocks != a->nblocks ||
	    nfree != a->nfree)
		return TT_EINVAL;
	if (check_tree(a, a->root, NIL, false, 0, false, 0, &intree) < 0 || intree != nfree)
		return TT_EINVAL;
	if (a->policy == TT_ALLOC_BEST_FIT) {
		if (check_size_tree(a, a->sroot, NIL, NIL, NIL, &insize) < 0 || insize != nfree)
			return TT_EINVAL;
	} else if (a->sroot) {
		return TT_EINVAL;
	}
	for (i = 0; i < a->table_cap; i++) {
		const struct tt_alloc_slot *s = &a->table[i];

		if (!s->idx)
			continue;
		if (!a->nodes || s->idx >= a->nused || !a->nodes[s->idx].allocated ||
		    s->fp != fingerprint(a->nodes[s->idx].addr) ||
		    slot_find(a, a->nodes[s->idx].addr) != s)
			return TT_EINVAL;
		used++;
	}
	if (used != a->table_count || used != nblocks - nfree || 2 * used > a->table_cap)
		return TT_EINVAL;
	if (nblocks + a->nspare + 1 != a->nused)
		return TT_EINVAL;
	return TT_OK;
}
