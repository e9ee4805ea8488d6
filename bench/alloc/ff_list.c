// SPDX-License-Identifier: Apache-2.0
/*
 * The baseline of the allocation benchmark: a straightforward first-fit
 * allocator in the style of tt-metal's legacy FreeList.
 * Blocks form an address-ordered
 * doubly linked list and the free ones a second list; allocation walks the
 * free list from the bottom or from the top, free walks the block list to
 * find its address.  Every node is its own malloc.
 */
#include <stdbool.h>
#include <stdlib.h>

#include <tt/alloc.h>

#include "bench_alloc.h"

struct ffl_block {
	uint64_t addr;
	uint64_t size;
	bool allocated;
	struct ffl_block *prev, *next;		 /* all blocks */
	struct ffl_block *prev_free, *next_free; /* free blocks */
};

struct ffl {
	uint64_t align;
	struct ffl_block *head;
	struct ffl_block *free_head, *free_tail;
};

static void *ffl_create(uint64_t base, uint64_t size, uint64_t align)
{
	struct ffl *a = calloc(1, sizeof(*a));
	struct ffl_block *b = calloc(1, sizeof(*b));

	if (!a || !b) {
		free(a);
		free(b);
		return NULL;
	}
	b->addr = base;
	b->size = size;
	a->align = align;
	a->head = b;
	a->free_head = b;
	a->free_tail = b;
	return a;
}

static void free_list_remove(struct ffl *a, struct ffl_block *b)
{
	if (b->prev_free)
		b->prev_free->next_free = b->next_free;
	else
		a->free_head = b->next_free;
	if (b->next_free)
		b->next_free->prev_free = b->prev_free;
	else
		a->free_tail = b->prev_free;
	b->prev_free = NULL;
	b->next_free = NULL;
}

/* Insert @b after @pos in the free list (@pos NULL: at the head). */
static void free_list_insert(struct ffl *a, struct ffl_block *pos, struct ffl_block *b)
{
	b->prev_free = pos;
	b->next_free = pos ? pos->next_free : a->free_head;
	if (b->next_free)
		b->next_free->prev_free = b;
	else
		a->free_tail = b;
	if (pos)
		pos->next_free = b;
	else
		a->free_head = b;
}

static int ffl_alloc(void *p, uint64_t size, unsigned int flags, uint64_t *addr)
{
	struct ffl *a = p;
	struct ffl_block *f, *b;
	uint64_t need = size > a->align ? size : a->align;

	need = (need + a->align - 1) & ~(a->align - 1);
	if (flags == TT_ALLOC_BOTTOM_UP) {
		for (f = a->free_head; f && f->size < need; f = f->next_free)
			;
	} else {
		for (f = a->free_tail; f && f->size < need; f = f->prev_free)
			;
	}
	if (!f)
		return -1;
	if (f->size == need) {
		free_list_remove(a, f);
		f->allocated = true;
		*addr = f->addr;
		return 0;
	}
	b = calloc(1, sizeof(*b));
	if (!b)
		return -1;
	b->allocated = true;
	b->size = need;
	if (flags == TT_ALLOC_BOTTOM_UP) {
		b->addr = f->addr;
		f->addr += need;
		b->prev = f->prev;
		b->next = f;
		if (f->prev)
			f->prev->next = b;
		else
			a->head = b;
		f->prev = b;
	} else {
		b->addr = f->addr + f->size - need;
		b->prev = f;
		b->next = f->next;
		if (f->next)
			f->next->prev = b;
		f->next = b;
	}
	f->size -= need;
	*addr = b->addr;
	return 0;
}

static void unlink_block(struct ffl *a, struct ffl_block *b)
{
	if (b->prev)
		b->prev->next = b->next;
	else
		a->head = b->next;
	if (b->next)
		b->next->prev = b->prev;
	free(b);
}

static int ffl_free(void *p, uint64_t addr)
{
	struct ffl *a = p;
	struct ffl_block *b, *q, *n;

	for (b = a->head; b && b->addr != addr; b = b->next)
		;
	if (!b || !b->allocated)
		return -1;
	b->allocated = false;
	if (b->prev && !b->prev->allocated) {
		q = b->prev;
		q->size += b->size;
		unlink_block(a, b);
		b = q;
	} else {
		for (q = b->prev; q && q->allocated; q = q->prev)
			;
		free_list_insert(a, q, b);
	}
	n = b->next;
	if (n && !n->allocated) {
		b->size += n->size;
		free_list_remove(a, n);
		unlink_block(a, n);
	}
	return 0;
}

static uint64_t ffl_largest_free(void *p)
{
	struct ffl *a = p;
	struct ffl_block *f;
	uint64_t m = 0;

	for (f = a->free_head; f; f = f->next_free)
		if (f->size > m)
			m = f->size;
	return m;
}

static void ffl_destroy(void *p)
{
	struct ffl *a = p;
	struct ffl_block *b = a->head, *n;

	while (b) {
		n = b->next;
		free(b);
		b = n;
	}
	free(a);
}

const struct bench_allocator bench_ff_list = {
	.name = "linked-list first fit",
	.create = ffl_create,
	.alloc = ffl_alloc,
	.free = ffl_free,
	.largest_free = ffl_largest_free,
	.destroy = ffl_destroy,
};
