// SPDX-License-Identifier: Apache-2.0
/*
 * Address-ordered first-fit allocator over one region (tt/alloc.h).
 *
 * Four structures describe the region, and every operation keeps them in
 * step:
 *  - a doubly linked list of all blocks in address order; the blocks tile
 *    [base, base + size) exactly and no two neighbours are both free, so
 *    neighbours for coalescing and the lowest occupied address are O(1);
 *  - an AVL tree of the free blocks keyed by address, each node holding
 *    the largest free size in its subtree, so the lowest or highest free
 *    block of at least s bytes is found in one O(log n) descent;
 *  - an open-addressing hash table (linear probing, deletion by backward
 *    shift) from the start address of every allocated block to its node,
 *    so free() finds its block in O(1);
 *  - a ring of the last RECENT_FREES freed addresses, read only when a
 *    free fails, which tells a double free from a wild one.
 * Nodes come from chunks that are never returned to the host heap before
 * tt_alloc_destroy(), so node ids (chunk * CHUNK_BLOCKS + index) stay
 * stable and the hot path does not call malloc.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <tt/alloc.h>
#include <tt/error.h>

#define CHUNK_BLOCKS	1024u

/* Key of an empty table slot; no block starts at the top of memory. */
#define SLOT_EMPTY	UINT64_MAX

/* Smallest hash table; a power of two.  The table grows at half load. */
#define TABLE_MIN	64u

/* Freed addresses remembered for double-free detection. */
#define RECENT_FREES	256u

struct tt_alloc_block {
	uint64_t addr;
	uint64_t size;
	struct tt_alloc_block *prev;	/* address order, all blocks */
	struct tt_alloc_block *next;	/* also links the spare nodes */
	struct tt_alloc_block *left;	/* free tree */
	struct tt_alloc_block *right;
	uint64_t max_free;		/* largest size in this subtree */
	uint32_t id;
	uint8_t height;			/* of this subtree, leaf = 1 */
	uint8_t allocated;
};

struct tt_alloc_chunk {
	struct tt_alloc_chunk *next;
	struct tt_alloc_block blocks[CHUNK_BLOCKS];
};

struct tt_alloc_slot {
	uint64_t key;			/* SLOT_EMPTY, or a block address */
	struct tt_alloc_block *blk;
};

static uint64_t align_up(uint64_t v, uint64_t align)
{
	return (v + align - 1) & ~(align - 1);
}

/* ---- Free tree ------------------------------------------------------ */

static uint64_t sub_max(const struct tt_alloc_block *t)
{
	return t ? t->max_free : 0;
}

static int sub_height(const struct tt_alloc_block *t)
{
	return t ? t->height : 0;
}

/* Recompute the height and maximum of @t from its children. */
static void pull(struct tt_alloc_block *t)
{
	int hl = sub_height(t->left), hr = sub_height(t->right);
	uint64_t m = t->size;

	t->height = (uint8_t)(1 + (hl > hr ? hl : hr));
	if (sub_max(t->left) > m)
		m = sub_max(t->left);
	if (sub_max(t->right) > m)
		m = sub_max(t->right);
	t->max_free = m;
}

static struct tt_alloc_block *rotate_right(struct tt_alloc_block *t)
{
	struct tt_alloc_block *l = t->left;

	t->left = l->right;
	l->right = t;
	pull(t);
	pull(l);
	return l;
}

static struct tt_alloc_block *rotate_left(struct tt_alloc_block *t)
{
	struct tt_alloc_block *r = t->right;

	t->right = r->left;
	r->left = t;
	pull(t);
	pull(r);
	return r;
}

/* Restore the AVL balance of @t, whose subtrees are balanced. */
static struct tt_alloc_block *rebalance(struct tt_alloc_block *t)
{
	int bf;

	pull(t);
	bf = sub_height(t->left) - sub_height(t->right);
	if (bf > 1) {
		if (sub_height(t->left->left) < sub_height(t->left->right))
			t->left = rotate_left(t->left);
		return rotate_right(t);
	}
	if (bf < -1) {
		if (sub_height(t->right->right) < sub_height(t->right->left))
			t->right = rotate_right(t->right);
		return rotate_left(t);
	}
	return t;
}

/*
 * A path from the root to a node: the slots (the root pointer or a child
 * pointer) that hold each node on the way, so that a rotation can replace
 * the node in its slot.  An AVL tree of n nodes is at most
 * 1.44 log2(n + 2) high; node ids are 32-bit, so 64 slots are plenty.
 */
#define TREE_MAX_DEPTH	64

struct tree_path {
	struct tt_alloc_block **link[TREE_MAX_DEPTH];
	int len;
};

static void path_push(struct tree_path *p, struct tt_alloc_block **slot)
{
	assert(p->len < TREE_MAX_DEPTH);
	p->link[p->len++] = slot;
}

/*
 * Rebalance and recompute the subtrees in slots link[@from] up to
 * link[@to].  Once a subtree comes out with the same root, height and
 * maximum as before, nothing above it can change, so stop there.
 */
static void path_fix(struct tree_path *p, int from, int to)
{
	struct tt_alloc_block **slot, *t;
	uint64_t old_max;
	int i, old_height;

	for (i = from; i >= to; i--) {
		slot = p->link[i];
		t = *slot;
		old_height = t->height;
		old_max = t->max_free;
		*slot = rebalance(t);
		if (*slot == t && t->height == old_height && t->max_free == old_max)
			return;
	}
}

static void tree_insert(struct tt_alloc *a, struct tt_alloc_block *n)
{
	struct tt_alloc_block **slot = &a->root;
	struct tree_path p;

	p.len = 0;
	while (*slot) {
		path_push(&p, slot);
		slot = n->addr < (*slot)->addr ? &(*slot)->left : &(*slot)->right;
	}
	n->left = NULL;
	n->right = NULL;
	pull(n);
	*slot = n;
	path_fix(&p, p.len - 1, 0);
}

/* Path to the free block keyed @addr, which must be in the tree. */
static void path_to(struct tt_alloc *a, uint64_t addr, struct tree_path *p)
{
	struct tt_alloc_block **slot = &a->root;

	p->len = 0;
	for (;;) {
		assert(*slot);
		path_push(p, slot);
		if (addr == (*slot)->addr)
			return;
		slot = addr < (*slot)->addr ? &(*slot)->left : &(*slot)->right;
	}
}

/*
 * The node at the end of @p changed size, or its key moved without
 * passing another free block: refresh the maxima above it.
 */
static void tree_update(struct tree_path *p)
{
	path_fix(p, p->len - 1, 0);
}

/* Remove the node at the end of @p. */
static void tree_remove(struct tree_path *p)
{
	struct tt_alloc_block **slot = p->link[p->len - 1], *t = *slot, *m;
	int k = p->len;

	if (!t->right) {
		*slot = t->left;
		path_fix(p, k - 2, 0);
		return;
	}
	/* Replace @t by its successor @m, the leftmost node on its right. */
	path_push(p, &t->right);
	for (m = t->right; m->left; m = m->left)
		path_push(p, &m->left);
	*p->link[p->len - 1] = m->right;
	m->left = t->left;
	m->right = t->right;
	/* @m stands where @t stood: compare against @t's old figures. */
	m->height = t->height;
	m->max_free = t->max_free;
	*slot = m;
	p->link[k] = &m->right;
	/* An early stop inside the right subtree must not skip @m, whose
	 * own size differs from @t's. */
	path_fix(p, p->len - 2, k);
	path_fix(p, k - 1, 0);
}

/* Lowest free block of at least @need bytes, and the path to it. */
static struct tt_alloc_block *path_lowest(struct tt_alloc *a, uint64_t need,
					  struct tree_path *p)
{
	struct tt_alloc_block **slot = &a->root, *t;

	p->len = 0;
	if (sub_max(a->root) < need)
		return NULL;
	for (;;) {
		t = *slot;
		path_push(p, slot);
		/* Load the other child while the left one is examined. */
		__builtin_prefetch(t->right);
		if (sub_max(t->left) >= need)
			slot = &t->left;
		else if (t->size >= need)
			return t;
		else
			slot = &t->right;
	}
}

/* Highest free block of at least @need bytes, and the path to it. */
static struct tt_alloc_block *path_highest(struct tt_alloc *a, uint64_t need,
					   struct tree_path *p)
{
	struct tt_alloc_block **slot = &a->root, *t;

	p->len = 0;
	if (sub_max(a->root) < need)
		return NULL;
	for (;;) {
		t = *slot;
		path_push(p, slot);
		__builtin_prefetch(t->left);
		if (sub_max(t->right) >= need)
			slot = &t->right;
		else if (t->size >= need)
			return t;
		else
			slot = &t->left;
	}
}

/* Lowest free block of at least @need bytes in the subtree @t. */
static struct tt_alloc_block *find_lowest(struct tt_alloc_block *t,
					  uint64_t need)
{
	if (sub_max(t) < need)
		return NULL;
	for (;;) {
		if (sub_max(t->left) >= need)
			t = t->left;
		else if (t->size >= need)
			return t;
		else
			t = t->right;
	}
}

/*
 * Lowest free block starting at or above @from with at least @need bytes.
 * The recursion follows one root-to-leaf path; the only full descent it
 * starts is into a subtree already known to hold a fit, so it is
 * O(log n).
 */
static struct tt_alloc_block *find_lowest_from(struct tt_alloc_block *t,
					       uint64_t from, uint64_t need)
{
	struct tt_alloc_block *r;

	if (sub_max(t) < need)
		return NULL;
	if (t->addr < from)
		return find_lowest_from(t->right, from, need);
	r = find_lowest_from(t->left, from, need);
	if (r)
		return r;
	if (t->size >= need)
		return t;
	return find_lowest(t->right, need);
}

/* Free block with the highest start address at or below @addr. */
static struct tt_alloc_block *find_floor(struct tt_alloc_block *t,
					 uint64_t addr)
{
	struct tt_alloc_block *best = NULL;

	while (t) {
		if (t->addr <= addr) {
			best = t;
			t = t->right;
		} else {
			t = t->left;
		}
	}
	return best;
}

/* The free block containing @addr, or NULL. */
static struct tt_alloc_block *free_block_at(const struct tt_alloc *a,
					    uint64_t addr)
{
	struct tt_alloc_block *f = find_floor(a->root, addr);

	return f && addr - f->addr < f->size ? f : NULL;
}

/* ---- Node storage --------------------------------------------------- */

/* Make sure at least @n spare nodes exist. */
static int reserve_nodes(struct tt_alloc *a, unsigned int n)
{
	struct tt_alloc_chunk *c;
	uint32_t i;

	if (a->nspare >= n)
		return TT_OK;
	if (a->nchunks >= UINT32_MAX / CHUNK_BLOCKS)
		return TT_ENOMEM;
	c = malloc(sizeof(*c));
	if (!c)
		return TT_ENOMEM;
	c->next = a->chunks;
	a->chunks = c;
	/* Push in reverse so the lowest ids come out first. */
	for (i = CHUNK_BLOCKS; i-- > 0;) {
		c->blocks[i].id = a->nchunks * CHUNK_BLOCKS + i;
		c->blocks[i].next = a->spare;
		a->spare = &c->blocks[i];
	}
	a->nspare += CHUNK_BLOCKS;
	a->nchunks++;
	return TT_OK;
}

static struct tt_alloc_block *get_node(struct tt_alloc *a)
{
	struct tt_alloc_block *b = a->spare;

	assert(b);
	a->spare = b->next;
	a->nspare--;
	b->prev = NULL;
	b->next = NULL;
	b->left = NULL;
	b->right = NULL;
	b->allocated = 0;
	return b;
}

static void put_node(struct tt_alloc *a, struct tt_alloc_block *b)
{
	b->next = a->spare;
	a->spare = b;
	a->nspare++;
}

/* ---- Allocated-address table ---------------------------------------- */

static size_t slot_hash(uint64_t key)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdull;
	key ^= key >> 33;
	return (size_t)key;
}

/* The slot holding @key, or NULL. */
static struct tt_alloc_slot *slot_find(const struct tt_alloc *a, uint64_t key)
{
	size_t mask = a->table_cap - 1;
	size_t i = slot_hash(key) & mask;

	if (key == SLOT_EMPTY)
		return NULL;
	for (;;) {
		struct tt_alloc_slot *s = &a->table[i];

		if (s->key == key)
			return s;
		if (s->key == SLOT_EMPTY)
			return NULL;
		i = (i + 1) & mask;
	}
}

/* The slot holding @key, or the empty slot where it would go. */
static struct tt_alloc_slot *slot_probe(struct tt_alloc_slot *table,
					size_t cap, uint64_t key)
{
	size_t mask = cap - 1;
	size_t i = slot_hash(key) & mask;

	while (table[i].key != key && table[i].key != SLOT_EMPTY)
		i = (i + 1) & mask;
	return &table[i];
}

static struct tt_alloc_slot *table_new(size_t cap)
{
	struct tt_alloc_slot *t = malloc(cap * sizeof(*t));
	size_t i;

	if (!t)
		return NULL;
	for (i = 0; i < cap; i++) {
		t[i].key = SLOT_EMPTY;
		t[i].blk = NULL;
	}
	return t;
}

/* Move every entry into a table of @cap slots. */
static int table_resize(struct tt_alloc *a, size_t cap)
{
	struct tt_alloc_slot *t = table_new(cap);
	size_t i;

	if (!t)
		return TT_ENOMEM;
	for (i = 0; i < a->table_cap; i++)
		if (a->table[i].key != SLOT_EMPTY)
			*slot_probe(t, cap, a->table[i].key) = a->table[i];
	free(a->table);
	a->table = t;
	a->table_cap = cap;
	return TT_OK;
}

/* Make sure one more key fits under half load. */
static int table_reserve(struct tt_alloc *a)
{
	if (2 * (a->table_count + 1) <= a->table_cap)
		return TT_OK;
	return table_resize(a, 2 * a->table_cap);
}

/* Record @b as allocated at its address; a slot has been reserved. */
static void table_insert(struct tt_alloc *a, struct tt_alloc_block *b)
{
	struct tt_alloc_slot *s = slot_probe(a->table, a->table_cap, b->addr);

	assert(s->key == SLOT_EMPTY);
	s->key = b->addr;
	s->blk = b;
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
		if (a->table[j].key == SLOT_EMPTY)
			break;
		home = slot_hash(a->table[j].key) & mask;
		if (i <= j ? i < home && home <= j : i < home || home <= j)
			continue;
		a->table[i] = a->table[j];
		i = j;
	}
	a->table[i].key = SLOT_EMPTY;
	a->table[i].blk = NULL;
	a->table_count--;
}

static void table_reset(struct tt_alloc *a)
{
	size_t i;

	for (i = 0; i < a->table_cap; i++) {
		a->table[i].key = SLOT_EMPTY;
		a->table[i].blk = NULL;
	}
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
		a->recent[i] = SLOT_EMPTY;
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

static void link_after(struct tt_alloc_block *pos, struct tt_alloc_block *b)
{
	b->prev = pos;
	b->next = pos->next;
	if (pos->next)
		pos->next->prev = b;
	pos->next = b;
}

static void link_before(struct tt_alloc *a, struct tt_alloc_block *pos,
			struct tt_alloc_block *b)
{
	b->next = pos;
	b->prev = pos->prev;
	if (pos->prev)
		pos->prev->next = b;
	else
		a->head = b;
	pos->prev = b;
}

static void unlink_block(struct tt_alloc *a, struct tt_alloc_block *b)
{
	if (b->prev)
		b->prev->next = b->next;
	else
		a->head = b->next;
	if (b->next)
		b->next->prev = b->prev;
}

/* ---- Region --------------------------------------------------------- */

/* Reset @a to one free block over the current region; all nodes spare. */
static void make_single_block(struct tt_alloc *a)
{
	struct tt_alloc_block *b = a->head, *next;

	while (b) {
		next = b->next;
		put_node(a, b);
		b = next;
	}
	a->head = NULL;
	a->root = NULL;
	a->allocated = 0;
	a->nblocks = 0;
	a->nfree = 0;
	table_reset(a);
	forget_frees(a);
	if (!a->size)
		return;
	/* tt_alloc_init() made a chunk, and every node is spare now. */
	b = get_node(a);
	b->addr = a->base;
	b->size = a->size;
	a->head = b;
	tree_insert(a, b);
	a->nblocks = 1;
	a->nfree = 1;
}

int tt_alloc_init(struct tt_alloc *a, uint64_t base, uint64_t size,
		  uint64_t align, uint64_t min_size)
{
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
	a->table = table_new(TABLE_MIN);
	a->recent = malloc(RECENT_FREES * sizeof(*a->recent));
	if (!a->table || !a->recent) {
		tt_alloc_destroy(a);
		return TT_ENOMEM;
	}
	a->table_cap = TABLE_MIN;
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
	struct tt_alloc_chunk *c = a->chunks, *next;

	while (c) {
		next = c->next;
		free(c);
		c = next;
	}
	free(a->table);
	free(a->recent);
	memset(a, 0, sizeof(*a));
}

uint64_t tt_alloc_block_size_for(const struct tt_alloc *a, uint64_t size)
{
	uint64_t s = size > a->min_size ? size : a->min_size;

	if (s > UINT64_MAX - (a->align - 1))
		return 0;
	return align_up(s, a->align);
}

/* Nodes and a table slot for one carve, before anything changes. */
static int prepare_carve(struct tt_alloc *a)
{
	int rc = reserve_nodes(a, 2);

	return rc ? rc : table_reserve(a);
}

/*
 * Allocate [@at, @at + @need) out of the free block at the end of @p,
 * which contains it, leaving up to two free remainders.  Cannot fail
 * after prepare_carve().
 */
static void carve(struct tt_alloc *a, struct tree_path *p, uint64_t at,
		  uint64_t need)
{
	struct tt_alloc_block *f = *p->link[p->len - 1], *b, *r;
	uint64_t left = at - f->addr;
	uint64_t right = f->addr + f->size - (at + need);

	if (!left && !right) {
		tree_remove(p);
		a->nfree--;
		b = f;
	} else {
		b = get_node(a);
		b->addr = at;
		b->size = need;
		a->nblocks++;
		if (left) {
			f->size = left;
			tree_update(p);
			link_after(f, b);
			if (right) {
				r = get_node(a);
				r->addr = at + need;
				r->size = right;
				link_after(b, r);
				tree_insert(a, r);
				a->nblocks++;
				a->nfree++;
			}
		} else {
			/* The remainder keeps its node; its key moves up but
			 * stays below the next free block. */
			f->addr = at + need;
			f->size = right;
			tree_update(p);
			link_before(a, f, b);
		}
	}
	b->allocated = 1;
	a->allocated += need;
	table_insert(a, b);
}

int tt_alloc_alloc(struct tt_alloc *a, uint64_t size, unsigned int flags,
		   uint64_t limit, uint64_t *addr)
{
	struct tt_alloc_block *f;
	struct tree_path p;
	uint64_t need, at, end = a->base + a->size;
	int rc;

	if (!size || (flags != TT_ALLOC_BOTTOM_UP && flags != TT_ALLOC_TOP_DOWN))
		return TT_EINVAL;
	need = tt_alloc_block_size_for(a, size);
	if (!need || need > sub_max(a->root) || limit > end)
		return TT_ENOMEM;
	limit = align_up(limit, a->align);
	if (flags == TT_ALLOC_TOP_DOWN) {
		/* The highest fit gives the highest start: if that is below
		 * the limit, every other placement is too. */
		f = path_highest(a, need, &p);
		at = f->addr + f->size - need;
		if (at < limit)
			return TT_ENOMEM;
	} else if (limit <= a->base) {
		f = path_lowest(a, need, &p);
		at = f->addr;
	} else {
		/* A free block straddling the limit may fit from the limit
		 * up; otherwise take the first fit that starts above it. */
		f = free_block_at(a, limit);
		if (f && f->addr + f->size - limit >= need) {
			at = limit;
		} else {
			f = find_lowest_from(a->root, limit, need);
			if (!f)
				return TT_ENOMEM;
			at = f->addr;
		}
		path_to(a, f->addr, &p);
	}
	rc = prepare_carve(a);
	if (rc)
		return rc;
	carve(a, &p, at, need);
	*addr = at;
	return TT_OK;
}

int tt_alloc_alloc_at(struct tt_alloc *a, uint64_t addr, uint64_t size)
{
	struct tt_alloc_block *f;
	struct tree_path p;
	uint64_t need;
	int rc;

	if (!size)
		return TT_EINVAL;
	if (addr & (a->align - 1))
		return TT_EALIGN;
	need = tt_alloc_block_size_for(a, size);
	if (!need || addr < a->base || addr - a->base >= a->size ||
	    need > a->base + a->size - addr)
		return TT_ERANGE;
	f = free_block_at(a, addr);
	if (!f || f->addr + f->size - addr < need)
		return TT_ECLASH;
	rc = prepare_carve(a);
	if (rc)
		return rc;
	path_to(a, f->addr, &p);
	carve(a, &p, addr, need);
	return TT_OK;
}

int tt_alloc_free(struct tt_alloc *a, uint64_t addr)
{
	struct tt_alloc_slot *s = slot_find(a, addr);
	struct tt_alloc_block *b, *p, *n;
	struct tree_path path;
	bool pf, nf;

	if (!s) {
		/* Nothing allocated starts here.  A recent free of an address
		 * that is still free means the same block is freed again. */
		if (freed_recently(a, addr) && free_block_at(a, addr))
			return TT_EDOUBLEFREE;
		return TT_ENOTALLOC;
	}
	b = s->blk;
	table_delete(a, s);
	remember_free(a, addr);
	a->allocated -= b->size;
	b->allocated = 0;

	p = b->prev;
	n = b->next;
	pf = p && !p->allocated;
	nf = n && !n->allocated;
	if (pf && nf) {
		path_to(a, n->addr, &path);
		tree_remove(&path);
		path_to(a, p->addr, &path);
		p->size += b->size + n->size;
		tree_update(&path);
		unlink_block(a, b);
		unlink_block(a, n);
		put_node(a, b);
		put_node(a, n);
		a->nblocks -= 2;
		a->nfree--;
	} else if (pf) {
		path_to(a, p->addr, &path);
		p->size += b->size;
		tree_update(&path);
		unlink_block(a, b);
		put_node(a, b);
		a->nblocks--;
	} else if (nf) {
		/* The next block's key moves down to ours; the previous
		 * block is allocated, so the tree order holds. */
		path_to(a, n->addr, &path);
		n->addr = b->addr;
		n->size += b->size;
		tree_update(&path);
		unlink_block(a, b);
		put_node(a, b);
		a->nblocks--;
	} else {
		tree_insert(a, b);
		a->nfree++;
	}
	return TT_OK;
}

void tt_alloc_free_all(struct tt_alloc *a)
{
	make_single_block(a);
}

void tt_alloc_clear(struct tt_alloc *a)
{
	a->size += a->base - a->base0;
	a->base = a->base0;
	make_single_block(a);
}

int tt_alloc_shrink(struct tt_alloc *a, uint64_t size)
{
	struct tt_alloc_block *h = a->head;
	struct tree_path p;

	if (!size)
		return TT_OK;
	if (size & (a->align - 1))
		return TT_EALIGN;
	if (size > a->size)
		return TT_ERANGE;
	if (!h || h->allocated || h->size < size)
		return TT_EBUSY;
	path_to(a, h->addr, &p);
	if (h->size == size) {
		tree_remove(&p);
		unlink_block(a, h);
		put_node(a, h);
		a->nblocks--;
		a->nfree--;
	} else {
		h->addr += size;
		h->size -= size;
		tree_update(&p);
	}
	a->base += size;
	a->size -= size;
	return TT_OK;
}

int tt_alloc_reset_size(struct tt_alloc *a)
{
	uint64_t d = a->base - a->base0;
	struct tt_alloc_block *h = a->head, *b;
	struct tree_path p;

	if (!d)
		return TT_OK;
	if (h && !h->allocated) {
		path_to(a, h->addr, &p);
		h->addr = a->base0;
		h->size += d;
		tree_update(&p);
	} else {
		if (reserve_nodes(a, 1))
			return TT_ENOMEM;
		b = get_node(a);
		b->addr = a->base0;
		b->size = d;
		if (h)
			link_before(a, h, b);
		else
			a->head = b;
		tree_insert(a, b);
		a->nblocks++;
		a->nfree++;
	}
	a->base = a->base0;
	a->size += d;
	return TT_OK;
}

/* ---- Queries -------------------------------------------------------- */

void tt_alloc_stats(const struct tt_alloc *a, struct tt_alloc_stats *st)
{
	st->total_allocatable = a->size;
	st->total_allocated = a->allocated;
	st->total_free = a->size - a->allocated;
	st->largest_free_block = sub_max(a->root);
	st->num_blocks = a->nblocks;
	st->num_free_blocks = a->nfree;
}

int tt_alloc_lowest_occupied(const struct tt_alloc *a, uint64_t *addr)
{
	const struct tt_alloc_block *h = a->head;

	/* Free neighbours are always merged, so the first allocated block
	 * is the head or the one after it. */
	if (h && !h->allocated)
		h = h->next;
	if (!h)
		return TT_ENOENT;
	assert(h->allocated);
	*addr = h->addr;
	return TT_OK;
}

int tt_alloc_allocation_size(const struct tt_alloc *a, uint64_t addr,
			     uint64_t *size)
{
	const struct tt_alloc_slot *s = slot_find(a, addr);

	if (!s)
		return TT_ENOTALLOC;
	*size = s->blk->size;
	return TT_OK;
}

static size_t collect_free(const struct tt_alloc_block *t, uint64_t need,
			   struct tt_alloc_range *out, size_t max, size_t n)
{
	if (!t || t->max_free < need)
		return n;
	n = collect_free(t->left, need, out, max, n);
	if (t->size >= need) {
		if (n < max) {
			out[n].start = t->addr;
			out[n].end = t->addr + t->size;
		}
		n++;
	}
	return collect_free(t->right, need, out, max, n);
}

size_t tt_alloc_available(const struct tt_alloc *a, uint64_t size,
			  struct tt_alloc_range *out, size_t max)
{
	uint64_t need = tt_alloc_block_size_for(a, size);

	if (!need && size)
		return 0;
	return collect_free(a->root, need, out, max, 0);
}

size_t tt_alloc_blocks(const struct tt_alloc *a,
		       struct tt_alloc_block_info *out, size_t max)
{
	const struct tt_alloc_block *b;
	size_t n = 0;

	for (b = a->head; b; b = b->next, n++) {
		if (n >= max)
			continue;
		out[n].id = b->id;
		out[n].prev_id = b->prev ? (int64_t)b->prev->id : -1;
		out[n].next_id = b->next ? (int64_t)b->next->id : -1;
		out[n].addr = b->addr;
		out[n].size = b->size;
		out[n].allocated = b->allocated;
	}
	return n;
}

static void dump_id(FILE *f, const struct tt_alloc_block *b)
{
	if (b)
		fprintf(f, " %12u", b->id);
	else
		fprintf(f, " %12s", "none");
}

void tt_alloc_dump(const struct tt_alloc *a, FILE *f)
{
	const struct tt_alloc_block *b;
	struct tt_alloc_stats st;

	tt_alloc_stats(a, &st);
	fprintf(f, "Allocator: base %llu, size %llu, align %llu, min size %llu, shrunk by %llu\n",
		(unsigned long long)a->base, (unsigned long long)a->size,
		(unsigned long long)a->align, (unsigned long long)a->min_size,
		(unsigned long long)(a->base - a->base0));
	fprintf(f, "Statistics: allocatable %llu, allocated %llu, free %llu, largest free block %llu\n",
		(unsigned long long)st.total_allocatable,
		(unsigned long long)st.total_allocated,
		(unsigned long long)st.total_free,
		(unsigned long long)st.largest_free_block);
	fprintf(f, "Block table:\n");
	fprintf(f, "%12s %12s %12s %12s %12s %12s\n",
		"Block", "Address", "Size", "PrevID", "NextID", "Allocated");
	for (b = a->head; b; b = b->next) {
		fprintf(f, "%12u %12llu %12llu", b->id,
			(unsigned long long)b->addr,
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

	st->base = a->base0;
	st->size = a->size + (a->base - a->base0);
	st->align = a->align;
	st->count = 0;
	st->ranges = NULL;
	for (b = a->head; b; b = b->next)
		if (b->allocated && !(b->prev && b->prev->allocated))
			n++;
	if (!n)
		return TT_OK;
	st->ranges = malloc(n * sizeof(*st->ranges));
	if (!st->ranges)
		return TT_ENOMEM;
	for (b = a->head; b; b = b->next) {
		if (!b->allocated)
			continue;
		if (b->prev && b->prev->allocated) {
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

	if (st->base != a->base0 || st->align != a->align ||
	    st->size != a->size + (a->base - a->base0))
		return TT_EINVAL;
	for (i = 0; i < st->count; i++) {
		const struct tt_alloc_range *r = &st->ranges[i];

		rc = r->end > r->start ?
			tt_alloc_alloc_at(a, r->start, r->end - r->start) :
			TT_EINVAL;
		if (rc) {
			while (i-- > 0)
				tt_alloc_free(a, st->ranges[i].start);
			return rc;
		}
	}
	return TT_OK;
}

void tt_alloc_state_release(struct tt_alloc_state *st)
{
	free(st->ranges);
	st->ranges = NULL;
	st->count = 0;
}

/* ---- Self-check ----------------------------------------------------- */

/*
 * Check the subtree @t: keys strictly inside (@lo, @hi) where @has_lo and
 * @has_hi say whether each bound applies.  Returns its height, or -1.
 */
static int check_tree(const struct tt_alloc_block *t, bool has_lo, uint64_t lo,
		      bool has_hi, uint64_t hi, size_t *count)
{
	int hl, hr;
	uint64_t m;

	if (!t)
		return 0;
	if (t->allocated || (has_lo && t->addr <= lo) || (has_hi && t->addr >= hi))
		return -1;
	hl = check_tree(t->left, has_lo, lo, true, t->addr, count);
	hr = check_tree(t->right, true, t->addr, has_hi, hi, count);
	if (hl < 0 || hr < 0 || hl - hr > 1 || hr - hl > 1)
		return -1;
	if (t->height != 1 + (hl > hr ? hl : hr))
		return -1;
	m = t->size;
	if (sub_max(t->left) > m)
		m = sub_max(t->left);
	if (sub_max(t->right) > m)
		m = sub_max(t->right);
	if (t->max_free != m)
		return -1;
	(*count)++;
	return t->height;
}

int tt_alloc_check(const struct tt_alloc *a)
{
	const struct tt_alloc_block *b, *prev = NULL;
	uint64_t at = a->base, allocated = 0;
	size_t nblocks = 0, nfree = 0, intree = 0, used = 0, i;

	for (b = a->head; b; prev = b, b = b->next) {
		if (b->prev != prev || b->addr != at || !b->size ||
		    ((b->addr | b->size) & (a->align - 1)))
			return TT_EINVAL;
		if (prev && !prev->allocated && !b->allocated)
			return TT_EINVAL;
		if (b->allocated) {
			const struct tt_alloc_slot *s = slot_find(a, b->addr);

			if (!s || s->blk != b)
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
	if (at != a->base + a->size || allocated != a->allocated ||
	    nblocks != a->nblocks || nfree != a->nfree)
		return TT_EINVAL;
	if (check_tree(a->root, false, 0, false, 0, &intree) < 0 ||
	    intree != nfree)
		return TT_EINVAL;
	for (i = 0; i < a->table_cap; i++) {
		const struct tt_alloc_slot *s = &a->table[i];

		if (s->key == SLOT_EMPTY)
			continue;
		if (!s->blk || s->blk->addr != s->key || !s->blk->allocated ||
		    slot_find(a, s->key) != s)
			return TT_EINVAL;
		used++;
	}
	if (used != a->table_count || used != nblocks - nfree ||
	    2 * used > a->table_cap)
		return TT_EINVAL;
	return TT_OK;
}
