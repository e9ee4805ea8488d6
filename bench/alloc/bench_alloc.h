/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The interface every allocator of the allocation benchmark is driven
 * through: one region, first fit bottom-up or top-down, free by address.
 * Each implementation must place blocks exactly as tt_alloc does, so the
 * benchmark can check that all of them produce the same addresses.
 */
#ifndef TT_BENCH_ALLOC_H
#define TT_BENCH_ALLOC_H

#include <stdint.h>

struct bench_allocator {
	const char *name;
	void *(*create)(uint64_t base, uint64_t size, uint64_t align);
	/* flags: TT_ALLOC_BOTTOM_UP or TT_ALLOC_TOP_DOWN; 0 on success */
	int (*alloc)(void *a, uint64_t size, unsigned int flags, uint64_t *addr);
	int (*free)(void *a, uint64_t addr);
	uint64_t (*largest_free)(void *a);
	void (*destroy)(void *a);
};

/* A doubly linked list of blocks plus a free list, walked linearly. */
extern const struct bench_allocator bench_ff_list;

/* tt-metal's FreeListOpt with the FIRST policy, restated in C. */
extern const struct bench_allocator bench_freelist_opt;

#endif /* TT_BENCH_ALLOC_H */
