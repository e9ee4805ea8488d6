/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The allocation algorithm of libtt: one contiguous address region handed
 * out in aligned blocks, address-ordered first fit from the bottom
 * (TT_ALLOC_BOTTOM_UP) or from the top (TT_ALLOC_TOP_DOWN) of the same
 * region, placement at a given address, free with coalescing, and a
 * movable region start (shrink / reset).  It knows nothing about banks or
 * buffer types: the banking layer (tt/bank.h) puts one of these behind
 * every bank manager.  Behaviour follows tt-metal's FreeListOpt with the
 * FIRST policy; where this module departs
 * from it, the comment at the function says so.
 *
 * Cost, with n blocks (free and allocated): allocate, allocate-at and
 * free are O(log n); statistics and the lowest occupied address are O(1).
 * Free blocks live in an AVL tree ordered by address whose nodes also
 * carry the largest free size of their children's subtrees, so "lowest
 * (or highest) free block of at least s bytes" is one descent.  Allocated
 * blocks are found by address through a hash table.
 *
 * Search policy (tt_alloc_set_policy()): first fit, the default and what
 * every tt-metal bank manager uses, or best fit, the smallest free block
 * that holds the request (lowest of equal blocks bottom-up, highest
 * top-down).  Best fit keeps a second tree of the free blocks ordered by
 * size; it is O(log n) too, except that with an address limit the blocks
 * are tried in size order until one can be placed above the limit.
 */
#ifndef TT_ALLOC_H
#define TT_ALLOC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Placement direction: exactly one of these per tt_alloc_alloc() call. */
#define TT_ALLOC_BOTTOM_UP 0x1u /* lowest fitting address, carve from its start */
#define TT_ALLOC_TOP_DOWN  0x2u /* highest fitting address, carve from its end */

/* No address limit for tt_alloc_alloc(). */
#define TT_ALLOC_NO_LIMIT 0

/* Which free block a request takes (tt-metal's SearchPolicy). */
enum tt_alloc_policy {
	TT_ALLOC_FIRST_FIT = 0, /* lowest (highest top-down) fitting address */
	TT_ALLOC_BEST_FIT = 1,	/* smallest fitting block */
};

struct tt_alloc_block;
struct tt_alloc_snode;
struct tt_alloc_slot;

/*
 * One allocator.  The caller owns the storage; the fields are private to
 * alloc.c and are only here so the struct can be embedded.
 */
struct tt_alloc {
	uint64_t base;	    /* first byte of the region (moves with shrink) */
	uint64_t size;	    /* bytes in the region (shrinks with shrink) */
	uint64_t base0;	    /* base given to tt_alloc_init() */
	uint64_t align;	    /* every block size is a multiple of this */
	uint64_t min_size;  /* requests are raised to this before aligning */
	uint64_t allocated; /* bytes in allocated blocks */
	size_t nblocks;	    /* blocks, free and allocated */
	size_t nfree;	    /* free blocks */

	struct tt_alloc_block *nodes;  /* node array; node 0 means none */
	struct tt_alloc_snode *snodes; /* size-tree links, per node */
	uint32_t ncap;		       /* nodes in the array */
	uint32_t nused;		       /* nodes ever handed out, plus node 0 */
	uint32_t spare;		       /* recycled nodes */
	uint32_t nspare;
	uint32_t head;	/* lowest block */
	uint32_t root;	/* free blocks by address */
	uint32_t sroot; /* free blocks by size (best fit) */
	enum tt_alloc_policy policy;

	struct tt_alloc_slot *table; /* allocated address -> block */
	size_t table_cap;	     /* power of two */
	unsigned int table_shift;    /* 32 - log2(table_cap) */
	size_t table_count;	     /* allocated blocks */
	uint64_t *recent;	     /* ring of recently freed addresses */
	unsigned int recent_pos;
};

/* Per-region figures, as tt-metal's Statistics. */
struct tt_alloc_stats {
	uint64_t total_allocatable; /* region size, after any shrink */
	uint64_t total_allocated;
	uint64_t total_free;
	uint64_t largest_free_block;
	size_t num_blocks;
	size_t num_free_blocks;
};

/* A half-open address range [start, end). */
struct tt_alloc_range {
	uint64_t start;
	uint64_t end;
};

/*
 * One row of the block table.  Ids name the allocator's node slots: they
 * are stable while a block lives and are reused after it is merged away,
 * as the slots of FreeListOpt's block table are.
 */
struct tt_alloc_block_info {
	uint32_t id;
	int64_t prev_id; /* -1: none */
	int64_t next_id; /* -1: none */
	uint64_t addr;	 /* absolute */
	uint64_t size;
	int allocated; /* 1 or 0 */
};

/* Allocated regions of an allocator, sorted and coalesced. */
struct tt_alloc_state {
	uint64_t base; /* base given to tt_alloc_init() */
	uint64_t size; /* region size at tt_alloc_init() */
	uint64_t align;
	size_t count;
	struct tt_alloc_range *ranges; /* malloc'd; tt_alloc_state_release() */
};

/*
 * Make @a manage [@base, @base + @size): one free block.  @align must be
 * a power of two; @base and @size must be multiples of it, so that every
 * split lands on an aligned address and top-down blocks are aligned too.
 * @min_size (0 allowed) is the smallest block handed out.
 * Returns TT_OK, TT_EINVAL (zero size or bad alignment), TT_EALIGN,
 * TT_ERANGE (the region wraps around) or TT_ENOMEM (host memory).
 */
int tt_alloc_init(struct tt_alloc *a, uint64_t base, uint64_t size, uint64_t align,
		  uint64_t min_size);

/* Release every host resource of @a.  @a may be initialised again. */
void tt_alloc_destroy(struct tt_alloc *a);

/*
 * Choose the search policy of @a; first fit after tt_alloc_init().  It
 * may change at any time: blocks already placed stay where they are.
 * Switching to best fit indexes the free blocks by size, O(n log n).
 * Returns TT_OK or TT_EINVAL (unknown policy).
 */
int tt_alloc_set_policy(struct tt_alloc *a, enum tt_alloc_policy policy);
enum tt_alloc_policy tt_alloc_get_policy(const struct tt_alloc *a);

/*
 * Size a request of @size bytes really takes: raised to the minimum, then
 * rounded up to the alignment.  0 if that would overflow.
 */
uint64_t tt_alloc_block_size_for(const struct tt_alloc *a, uint64_t size);

/*
 * Allocate @size bytes (rounded as tt_alloc_block_size_for() says) and
 * store the block's address in *@addr.  @flags is TT_ALLOC_BOTTOM_UP or
 * TT_ALLOC_TOP_DOWN; the policy picks the free block, the direction says
 * which end of it the request takes.  If @limit is not TT_ALLOC_NO_LIMIT the block must
 * start at or above @limit: top-down placement is unchanged by it, bottom-up
 * placement starts looking at @limit.  (FreeListOpt checks the limit
 * after placing and leaves the block allocated when it fails; here a
 * failed request changes nothing.)
 * Returns TT_OK, TT_EINVAL (zero size or bad flags) or TT_ENOMEM (no free
 * block large enough, or host memory).
 */
int tt_alloc_alloc(struct tt_alloc *a, uint64_t size, unsigned int flags, uint64_t limit,
		   uint64_t *addr);

/*
 * Allocate @size bytes exactly at @addr.  Returns TT_OK, TT_EINVAL (zero
 * size), TT_EALIGN (@addr not aligned), TT_ERANGE (outside the region),
 * TT_ECLASH (part of the range is allocated) or TT_ENOMEM (host memory).
 */
int tt_alloc_alloc_at(struct tt_alloc *a, uint64_t addr, uint64_t size);

/*
 * Free the block that starts at @addr and merge it with free neighbours.
 * Unlike FreeListOpt, which ignores unknown addresses, this is an
 * error: TT_EDOUBLEFREE if @addr is among the last 256 addresses freed
 * and is free now, TT_ENOTALLOC for any other address that is not the
 * start of an allocated block (an older double free reads as this).
 */
int tt_alloc_free(struct tt_alloc *a, uint64_t addr);

/* Free every block; the region keeps any shrink.  O(n). */
void tt_alloc_free_all(struct tt_alloc *a);

/* Free every block and undo any shrink: the state after init.  O(n). */
void tt_alloc_clear(struct tt_alloc *a);

/*
 * Raise the region start by @size bytes (cumulative over calls), as
 * FreeListOpt::shrink_size does bottom-up; only bottom-up exists.
 * Returns TT_OK, TT_EALIGN (@size not a multiple of the alignment),
 * TT_ERANGE (larger than the region) or TT_EBUSY (an allocated block lies
 * in the bytes to give up).
 */
int tt_alloc_shrink(struct tt_alloc *a, uint64_t size);

/* Give back everything taken by tt_alloc_shrink(), coalescing. */
int tt_alloc_reset_size(struct tt_alloc *a);

/* Statistics of the region; O(1). */
void tt_alloc_stats(const struct tt_alloc *a, struct tt_alloc_stats *st);

/*
 * Lowest allocated address in *@addr: TT_OK, or TT_ENOENT when nothing is
 * allocated.  O(1).
 */
int tt_alloc_lowest_occupied(const struct tt_alloc *a, uint64_t *addr);

/*
 * Size of the allocated block at @addr in *@size: TT_OK or TT_ENOTALLOC.
 */
int tt_alloc_allocation_size(const struct tt_alloc *a, uint64_t addr, uint64_t *size);

/*
 * Free ranges that can hold a request of @size bytes, in address order.
 * Fills at most @max entries of @out and returns how many there are in
 * all (call with @max 0 to count).  FreeListOpt orders them by size class
 * instead.
 */
size_t tt_alloc_available(const struct tt_alloc *a, uint64_t size, struct tt_alloc_range *out,
			  size_t max);

/*
 * The block table in address order: fills at most @max rows of @out and
 * returns the number of blocks.
 */
size_t tt_alloc_blocks(const struct tt_alloc *a, struct tt_alloc_block_info *out, size_t max);

/*
 * Print the statistics and the block table, one block per line, in
 * address order:
 *   "       Block      Address         Size       PrevID       NextID    Allocated"
 * with each column right-aligned to width 12 as in FreeListOpt.
 */
void tt_alloc_dump(const struct tt_alloc *a, FILE *f);

/*
 * Copy the allocated regions of @a into @st (sorted, adjacent regions
 * merged).  Returns TT_OK or TT_ENOMEM (host memory).
 */
int tt_alloc_extract_state(const struct tt_alloc *a, struct tt_alloc_state *st);

/*
 * Allocate every region of @st in @a, as BankManager::apply_state does.
 * All or nothing: on failure @a is left as it was.  Returns TT_OK,
 * TT_EINVAL (@st was taken from a differently shaped allocator) or the
 * error of the first region that cannot be placed (TT_ECLASH if occupied).
 */
int tt_alloc_apply_state(struct tt_alloc *a, const struct tt_alloc_state *st);

/* Free the ranges of @st. */
void tt_alloc_state_release(struct tt_alloc_state *st);

/*
 * Check every internal invariant (block order and tiling, coalescing,
 * tree order, balance and subtree maxima, counters, hash table).  TT_OK
 * or TT_EINVAL.  O(n); meant for tests.
 */
int tt_alloc_check(const struct tt_alloc *a);

#endif /* TT_ALLOC_H */
