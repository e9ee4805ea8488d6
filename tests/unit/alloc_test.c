// SPDX-License-Identifier: Apache-2.0
/*
 * Tests of the allocation algorithm (tt/alloc.h).  The first group
 * restates tt-metal's FreeListOpt and FreeList unit tests
 * on our API; then limits, errors, the dump
 * text, state, and a randomised run against a simple reference model with
 * every invariant checked after each operation.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include <tt/alloc.h>
#include <tt/error.h>

#define KiB 1024ull
#define GiB (1024ull * 1024 * 1024)

static struct tt_alloc a;

/* A FreeListOpt of tt-metal's tests: 1 GiB at 0, min 1 KiB, align 1 KiB. */
static void init_opt(uint64_t align, uint64_t min)
{
	cr_assert_eq(tt_alloc_init(&a, 0, GiB, align, min), TT_OK);
}

static uint64_t alloc_ok(uint64_t size, unsigned int flags)
{
	uint64_t addr = UINT64_MAX;

	cr_assert_eq(tt_alloc_alloc(&a, size, flags, TT_ALLOC_NO_LIMIT, &addr), TT_OK,
		     "allocating %llu B", (unsigned long long)size);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	return addr;
}

static uint64_t up(uint64_t size)
{
	return alloc_ok(size, TT_ALLOC_BOTTOM_UP);
}

static uint64_t down(uint64_t size)
{
	return alloc_ok(size, TT_ALLOC_TOP_DOWN);
}

static int try_up(uint64_t size)
{
	uint64_t addr;

	return tt_alloc_alloc(&a, size, TT_ALLOC_BOTTOM_UP, TT_ALLOC_NO_LIMIT, &addr);
}

static void free_ok(uint64_t addr)
{
	cr_assert_eq(tt_alloc_free(&a, addr), TT_OK, "freeing %llu", (unsigned long long)addr);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
}

static uint64_t lowest(void)
{
	uint64_t addr = UINT64_MAX;

	if (tt_alloc_lowest_occupied(&a, &addr) == TT_ENOENT)
		return UINT64_MAX;
	return addr;
}

static void fini(void)
{
	tt_alloc_destroy(&a);
}

TestSuite(alloc, .fini = fini);

/* ---- tt-metal's test_free_list_opt_allocator.cpp ------------------ */

Test(alloc, allocation)
{
	init_opt(KiB, KiB);
	cr_expect_eq(up(KiB), 0);
	cr_expect_eq(up(KiB), KiB);
}

Test(alloc, alignment)
{
	init_opt(KiB, 1);
	cr_expect_eq(up(64), 0);
	cr_expect_eq(up(64), KiB);
}

Test(alloc, min_allocation_size)
{
	init_opt(1, KiB);
	cr_expect_eq(up(1), 0);
	cr_expect_eq(up(1), KiB);
}

Test(alloc, clear)
{
	init_opt(KiB, KiB);
	up(KiB);
	up(KiB);
	tt_alloc_clear(&a);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(up(KiB), 0);
}

Test(alloc, allocation_and_deallocation)
{
	uint64_t addr[10];
	struct tt_alloc_stats st;
	int i;

	init_opt(KiB, KiB);
	for (i = 0; i < 10; i++)
		addr[i] = up(KiB);
	for (i = 9; i >= 0; i--)
		free_ok(addr[i]);
	for (i = 0; i < 10; i++)
		addr[i] = up(KiB);
	for (i = 0; i < 10; i++)
		free_ok(addr[i]);
	tt_alloc_stats(&a, &st);
	cr_expect_eq(st.num_blocks, 1);
	cr_expect_eq(st.largest_free_block, GiB);
}

Test(alloc, allocate_at)
{
	init_opt(KiB, KiB);
	cr_expect_eq(tt_alloc_alloc_at(&a, 0, KiB), TT_OK);
	cr_expect_eq(tt_alloc_alloc_at(&a, 0, KiB), TT_ECLASH);
	cr_expect_eq(tt_alloc_alloc_at(&a, 2 * KiB, KiB), TT_OK);
	free_ok(0);
	cr_expect_eq(tt_alloc_alloc_at(&a, 0, KiB), TT_OK);
	cr_expect_eq(tt_alloc_check(&a), TT_OK);
}

Test(alloc, first_fit_allocate_at_interactions)
{
	init_opt(KiB, KiB);
	cr_assert_eq(tt_alloc_alloc_at(&a, 32 * KiB, KiB), TT_OK);
	cr_expect_eq(down(KiB), GiB - KiB);
	cr_expect_eq(up(KiB), 0);
	cr_expect_eq(up(KiB), KiB);
}

/* AllocateAtAddressInteractions, FreeListOpt's default BEST policy: the
 * smaller block below the wedge wins, and top-down takes its top. */
Test(alloc, best_fit_allocate_at_interactions)
{
	init_opt(KiB, KiB);
	cr_assert_eq(tt_alloc_set_policy(&a, TT_ALLOC_BEST_FIT), TT_OK);
	cr_assert_eq(tt_alloc_alloc_at(&a, 32 * KiB, KiB), TT_OK);
	cr_expect_eq(down(KiB), 31 * KiB);
	cr_expect_eq(up(KiB), 0);
}

Test(alloc, shrink_and_reset)
{
	uint64_t x, y;

	init_opt(KiB, KiB);
	x = up(KiB);
	y = up(KiB);
	free_ok(x);
	cr_assert_eq(tt_alloc_shrink(&a, KiB), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(tt_alloc_alloc_at(&a, 0, KiB), TT_ERANGE);
	cr_expect_eq(tt_alloc_alloc_at(&a, KiB, KiB), TT_ECLASH);
	cr_assert_eq(tt_alloc_reset_size(&a), TT_OK);
	free_ok(y);
	cr_expect_eq(up(2 * KiB), 0);
}

Test(alloc, statistics)
{
	struct tt_alloc_stats st;
	uint64_t x;

	init_opt(KiB, KiB);
	x = up(KiB);
	up(KiB);
	free_ok(x);
	tt_alloc_stats(&a, &st);
	cr_expect_eq(st.total_allocated, KiB);
	cr_expect_eq(st.total_allocatable, GiB);
	cr_expect_eq(st.total_free, GiB - KiB);
	cr_expect_eq(st.largest_free_block, GiB - 2 * KiB);
}

Test(alloc, allocate_from_top)
{
	init_opt(KiB, KiB);
	cr_expect_eq(down(KiB), GiB - KiB);
	cr_expect_eq(down(KiB), GiB - 2 * KiB);
	cr_expect_eq(up(KiB), 0);
}

Test(alloc, coalescing)
{
	uint64_t x, y;

	init_opt(KiB, KiB);
	x = up(KiB);
	y = up(KiB);
	up(KiB);
	free_ok(y);
	free_ok(x);
	cr_expect_eq(up(2 * KiB), 0);
}

Test(alloc, coalescing_after_reset_shrink)
{
	uint64_t x, y;

	init_opt(KiB, KiB);
	x = up(KiB);
	y = up(KiB);
	up(KiB);
	free_ok(x);
	cr_assert_eq(tt_alloc_shrink(&a, KiB), TT_OK);
	cr_assert_eq(tt_alloc_reset_size(&a), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	free_ok(y);
	cr_expect_eq(up(2 * KiB), 0);
}

Test(alloc, out_of_memory)
{
	init_opt(KiB, KiB);
	cr_expect_eq(up(GiB), 0);
	cr_expect_eq(try_up(KiB), TT_ENOMEM);
	tt_alloc_clear(&a);
	cr_expect_eq(up(GiB - KiB), 0);
	cr_expect_eq(try_up(2 * KiB), TT_ENOMEM);
	cr_expect_eq(tt_alloc_check(&a), TT_OK);
}

Test(alloc, available_ranges)
{
	struct tt_alloc_range r[4];
	uint64_t y;

	init_opt(KiB, KiB);
	up(KiB);
	cr_assert_eq(tt_alloc_available(&a, KiB, r, 4), 1);
	cr_expect_eq(r[0].start, KiB);
	cr_expect_eq(r[0].end, GiB);

	y = up(KiB);
	up(KiB);
	free_ok(y);
	cr_assert_eq(tt_alloc_available(&a, KiB, r, 4), 2);
	cr_expect_eq(r[0].start, KiB);
	cr_expect_eq(r[0].end, 2 * KiB);
	cr_expect_eq(r[1].start, 3 * KiB);
	cr_expect_eq(r[1].end, GiB);

	cr_assert_eq(tt_alloc_available(&a, 2 * KiB, r, 4), 1);
	cr_expect_eq(r[0].start, 3 * KiB);
	cr_expect_eq(r[0].end, GiB);
	cr_expect_eq(tt_alloc_available(&a, 1, NULL, 0), 2);
}

Test(alloc, lowest_occupied_address)
{
	uint64_t x, y, z;

	init_opt(KiB, KiB);
	cr_expect_eq(lowest(), UINT64_MAX);
	x = up(KiB);
	y = up(KiB);
	z = up(KiB);
	cr_expect_eq(lowest(), 0);
	free_ok(x);
	cr_expect_eq(lowest(), KiB);
	free_ok(y);
	cr_expect_eq(lowest(), 2 * KiB);
	free_ok(z);
	cr_expect_eq(lowest(), UINT64_MAX);
}

Test(alloc, lowest_occupied_address_with_allocate_at)
{
	init_opt(KiB, KiB);
	cr_assert_eq(tt_alloc_alloc_at(&a, 5 * KiB, KiB), TT_OK);
	cr_expect_eq(lowest(), 5 * KiB);
	cr_assert_eq(tt_alloc_alloc_at(&a, 2 * KiB, KiB), TT_OK);
	cr_expect_eq(lowest(), 2 * KiB);
	free_ok(2 * KiB);
	cr_expect_eq(lowest(), 5 * KiB);
	free_ok(5 * KiB);
	cr_expect_eq(lowest(), UINT64_MAX);
}

Test(alloc, first_fit)
{
	uint64_t b, d;

	init_opt(KiB, KiB);
	cr_expect_eq(up(KiB), 0);
	b = up(3 * KiB);
	cr_expect_eq(b, KiB);
	cr_expect_eq(up(KiB), 4 * KiB);
	d = up(KiB);
	cr_expect_eq(d, 5 * KiB);
	cr_expect_eq(up(KiB), 6 * KiB);
	free_ok(b);
	free_ok(d);
	cr_expect_eq(up(KiB), KiB);
	cr_expect_eq(up(2 * KiB), 2 * KiB);
	cr_expect_eq(up(KiB), 5 * KiB);
}

/* First fit top-down takes the highest fitting hole, not the tightest
 * (the fragmentation case of tt-metal issue 35516). */
Test(alloc, first_fit_top_down_takes_highest_hole)
{
	init_opt(KiB, KiB);
	cr_assert_eq(tt_alloc_alloc_at(&a, 8 * KiB, GiB - 24 * KiB), TT_OK);
	/* Holes: [0, 8K) and [1G-16K, 1G). */
	cr_expect_eq(down(8 * KiB), GiB - 8 * KiB);
	cr_expect_eq(down(8 * KiB), GiB - 16 * KiB);
	cr_expect_eq(down(8 * KiB), 0);
}

/* ---- tt-metal's test_free_list_allocator.cpp (1024 B, min 32, align 32) */

Test(alloc, directed_series_of_alloc_dealloc)
{
	uint64_t b0, b1, b2, b3, b4;

	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	b0 = up(16); /* 16 -> 32 */
	cr_expect_eq(b0, 0);
	b1 = up(28); /* 28 -> 32 */
	cr_expect_eq(b1, 32);
	b2 = down(48); /* 48 -> 64 */
	cr_expect_eq(b2, 960);
	b3 = up(316); /* 316 -> 320 */
	cr_expect_eq(b3, 64);
	b4 = down(64);
	cr_expect_eq(b4, 896);
	cr_assert_eq(tt_alloc_alloc_at(&a, 384, 32), TT_OK);
	/* Free: [416, 896), an exact fit for 480 B. */
	cr_expect_eq(down(480), 416);
	free_ok(416);
	free_ok(b4); /* merges with the previous block */
	cr_expect_eq(down(544), 416);
	free_ok(416);
	free_ok(384); /* merges with the next block */
	cr_expect_eq(up(576), 384);
	free_ok(384);
	free_ok(b0); /* no free neighbour */
	free_ok(b1); /* merges with the previous block */
	cr_expect_eq(lowest(), 64);
	free_ok(b3); /* merges with both */
	cr_expect_eq(lowest(), 960);
	cr_expect_eq(up(960), 0);
	cr_expect_eq(try_up(32), TT_ENOMEM);

	tt_alloc_clear(&a);
	cr_expect_eq(up(1024), 0);
	free_ok(0);
	cr_expect_eq(down(1024), 0);
	free_ok(0);
}

Test(alloc, resize_allocator)
{
	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	cr_expect_eq(down(32), 992);
	cr_assert_eq(tt_alloc_shrink(&a, 64), TT_OK);
	cr_expect_eq(up(32), 64);
	cr_expect_eq(down(32), 960);
	free_ok(64);
	cr_assert_eq(tt_alloc_reset_size(&a), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(up(32), 0);
}

Test(alloc, directed_resize_allocator)
{
	uint64_t addr;

	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	cr_assert_eq(tt_alloc_alloc_at(&a, 32, 992), TT_OK);
	cr_assert_eq(tt_alloc_shrink(&a, 32), TT_OK);
	cr_expect_eq(tt_alloc_alloc(&a, 32, TT_ALLOC_TOP_DOWN, 0, &addr), TT_ENOMEM);
	cr_expect_eq(tt_alloc_alloc_at(&a, 0, 32), TT_ERANGE);
	free_ok(32);
	cr_assert_eq(tt_alloc_reset_size(&a), TT_OK);
	cr_expect_eq(up(32), 0);
	cr_expect_eq(down(992), 32);
}

/* ---- Limits, shrink edge cases ---------------------------------------- */

Test(alloc, bottom_up_limit)
{
	uint64_t addr;

	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	/* The free block straddling the limit is used from the limit up. */
	cr_assert_eq(tt_alloc_alloc(&a, 64, TT_ALLOC_BOTTOM_UP, 500, &addr), TT_OK);
	cr_expect_eq(addr, 512);
	cr_assert_eq(tt_alloc_alloc_at(&a, 640, 32), TT_OK);
	/* [576, 640) is too small for 96: next fit above the limit. */
	cr_assert_eq(tt_alloc_alloc(&a, 96, TT_ALLOC_BOTTOM_UP, 520, &addr), TT_OK);
	cr_expect_eq(addr, 672);
	cr_expect_eq(tt_alloc_alloc(&a, 512, TT_ALLOC_BOTTOM_UP, 100, &addr), TT_ENOMEM);
	cr_expect_eq(tt_alloc_alloc(&a, 32, TT_ALLOC_BOTTOM_UP, 2048, &addr), TT_ENOMEM);
	cr_assert_eq(tt_alloc_alloc(&a, 32, TT_ALLOC_BOTTOM_UP, 100, &addr), TT_OK);
	cr_expect_eq(addr, 128);
	cr_expect_eq(tt_alloc_check(&a), TT_OK);
}

Test(alloc, top_down_limit)
{
	uint64_t addr;
	struct tt_alloc_stats before, after;

	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	cr_assert_eq(tt_alloc_alloc(&a, 512, TT_ALLOC_TOP_DOWN, 512, &addr), TT_OK);
	cr_expect_eq(addr, 512);
	/* A failed request leaves nothing behind (FreeListOpt keeps it). */
	tt_alloc_stats(&a, &before);
	cr_expect_eq(tt_alloc_alloc(&a, 32, TT_ALLOC_TOP_DOWN, 512, &addr), TT_ENOMEM);
	tt_alloc_stats(&a, &after);
	cr_expect_eq(before.total_allocated, after.total_allocated);
	cr_assert_eq(tt_alloc_alloc(&a, 32, TT_ALLOC_TOP_DOWN, 256, &addr), TT_OK);
	cr_expect_eq(addr, 480);
}

Test(alloc, shrink_whole_region)
{
	uint64_t addr;

	cr_assert_eq(tt_alloc_init(&a, 4096, 1024, 32, 32), TT_OK);
	cr_expect_eq(tt_alloc_shrink(&a, 2048), TT_ERANGE);
	cr_expect_eq(tt_alloc_shrink(&a, 16), TT_EALIGN);
	cr_assert_eq(tt_alloc_shrink(&a, 512), TT_OK);
	cr_assert_eq(tt_alloc_shrink(&a, 512), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(tt_alloc_alloc(&a, 32, TT_ALLOC_BOTTOM_UP, 0, &addr), TT_ENOMEM);
	cr_assert_eq(tt_alloc_reset_size(&a), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(up(1024), 4096);
	cr_expect_eq(tt_alloc_shrink(&a, 32), TT_EBUSY);
}

Test(alloc, reset_size_before_allocated_head)
{
	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	cr_assert_eq(tt_alloc_shrink(&a, 64), TT_OK);
	cr_expect_eq(up(32), 64);
	cr_assert_eq(tt_alloc_reset_size(&a), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(up(64), 0);
	tt_alloc_free_all(&a);
	cr_expect_eq(lowest(), UINT64_MAX);
	cr_expect_eq(tt_alloc_check(&a), TT_OK);
}

/* ---- Errors ------------------------------------------------------------ */

Test(alloc, init_errors)
{
	cr_expect_eq(tt_alloc_init(&a, 0, 0, 32, 32), TT_EINVAL);
	cr_expect_eq(tt_alloc_init(&a, 0, 1024, 0, 32), TT_EINVAL);
	cr_expect_eq(tt_alloc_init(&a, 0, 1024, 48, 32), TT_EINVAL);
	cr_expect_eq(tt_alloc_init(&a, 16, 1024, 32, 32), TT_EALIGN);
	cr_expect_eq(tt_alloc_init(&a, 0, 1000, 32, 32), TT_EALIGN);
	cr_expect_eq(tt_alloc_init(&a, UINT64_MAX - 31, 64, 32, 32), TT_ERANGE);
}

Test(alloc, request_errors)
{
	uint64_t addr;

	cr_assert_eq(tt_alloc_init(&a, 1024, 1024, 32, 32), TT_OK);
	cr_expect_eq(tt_alloc_alloc(&a, 0, TT_ALLOC_BOTTOM_UP, 0, &addr), TT_EINVAL);
	cr_expect_eq(tt_alloc_alloc(&a, 32, 0, 0, &addr), TT_EINVAL);
	cr_expect_eq(tt_alloc_alloc(&a, 32, TT_ALLOC_BOTTOM_UP | TT_ALLOC_TOP_DOWN, 0, &addr),
		     TT_EINVAL);
	cr_expect_eq(tt_alloc_alloc(&a, UINT64_MAX, TT_ALLOC_BOTTOM_UP, 0, &addr), TT_ENOMEM);
	cr_expect_eq(tt_alloc_alloc_at(&a, 1024, 0), TT_EINVAL);
	cr_expect_eq(tt_alloc_alloc_at(&a, 1040, 32), TT_EALIGN);
	cr_expect_eq(tt_alloc_alloc_at(&a, 0, 32), TT_ERANGE);
	cr_expect_eq(tt_alloc_alloc_at(&a, 2048, 32), TT_ERANGE);
	cr_expect_eq(tt_alloc_alloc_at(&a, 2016, 64), TT_ERANGE);
	cr_expect_eq(tt_alloc_alloc_at(&a, 1024, UINT64_MAX), TT_ERANGE);
	cr_expect_eq(tt_alloc_check(&a), TT_OK);
}

Test(alloc, free_errors)
{
	uint64_t x, y, size;

	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	x = up(64);
	y = up(64);
	cr_expect_eq(tt_alloc_free(&a, 32), TT_ENOTALLOC);   /* inside x */
	cr_expect_eq(tt_alloc_free(&a, 512), TT_ENOTALLOC);  /* never allocated */
	cr_expect_eq(tt_alloc_free(&a, 4096), TT_ENOTALLOC); /* outside */
	cr_expect_eq(tt_alloc_free(&a, UINT64_MAX), TT_ENOTALLOC);
	cr_expect_eq(tt_alloc_allocation_size(&a, UINT64_MAX, &size), TT_ENOTALLOC);
	free_ok(x);
	cr_expect_eq(tt_alloc_free(&a, x), TT_EDOUBLEFREE);
	cr_expect_eq(tt_alloc_allocation_size(&a, x, &size), TT_ENOTALLOC);
	cr_expect_eq(tt_alloc_allocation_size(&a, y, &size), TT_OK);
	cr_expect_eq(size, 64);
	/* Reused, then freed once more: fine; twice: double free. */
	cr_expect_eq(up(32), x);
	free_ok(x);
	cr_expect_eq(tt_alloc_free(&a, x), TT_EDOUBLEFREE);
	/* A freed address now inside another block is no double free. */
	free_ok(y);
	cr_expect_eq(up(128), 0);
	cr_expect_eq(tt_alloc_free(&a, 64), TT_ENOTALLOC);
	cr_expect_eq(tt_alloc_check(&a), TT_OK);
}

/* ---- Dump and state ---------------------------------------------------- */

static char *dump_to_string(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_not_null(f);
	tt_alloc_dump(&a, f);
	fclose(f);
	return buf;
}

Test(alloc, dump)
{
	static const char expected[] =
		"Allocator: base 0, size 1024, align 32, min size 32, shrunk by 0\n"
		"Statistics: allocatable 1024, allocated 192, free 832, largest free block 832\n"
		"Block table:\n"
		"       Block      Address         Size       PrevID       NextID    Allocated\n"
		"           1            0          128         none            0          yes\n"
		"           0          128          832            1            2           no\n"
		"           2          960           64            0         none          yes\n";
	struct tt_alloc_block_info rows[3];
	char *text;

	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	up(100);
	down(64);
	text = dump_to_string();
	cr_expect_str_eq(text, expected);
	free(text);

	cr_assert_eq(tt_alloc_blocks(&a, rows, 3), 3);
	cr_expect_eq(rows[1].id, 0);
	cr_expect_eq(rows[1].prev_id, 1);
	cr_expect_eq(rows[1].next_id, 2);
	cr_expect_eq(rows[1].addr, 128);
	cr_expect_eq(rows[1].size, 832);
	cr_expect_eq(rows[1].allocated, 0);
	cr_expect_eq(rows[0].prev_id, -1);
	cr_expect_eq(rows[2].next_id, -1);
}

Test(alloc, state_extract_and_apply)
{
	struct tt_alloc_state st, other;
	struct tt_alloc b;

	cr_assert_eq(tt_alloc_init(&a, 0, 1024, 32, 32), TT_OK);
	up(64);
	up(32); /* adjacent: merged into one region */
	down(128);
	cr_assert_eq(tt_alloc_extract_state(&a, &st), TT_OK);
	cr_assert_eq(st.count, 2);
	cr_expect_eq(st.ranges[0].start, 0);
	cr_expect_eq(st.ranges[0].end, 96);
	cr_expect_eq(st.ranges[1].start, 896);
	cr_expect_eq(st.ranges[1].end, 1024);

	cr_assert_eq(tt_alloc_init(&b, 0, 1024, 32, 32), TT_OK);
	cr_assert_eq(tt_alloc_alloc_at(&b, 512, 32), TT_OK);
	cr_expect_eq(tt_alloc_apply_state(&b, &st), TT_OK);
	cr_expect_eq(tt_alloc_check(&b), TT_OK);
	cr_assert_eq(tt_alloc_extract_state(&b, &other), TT_OK);
	cr_expect_eq(other.count, 3);
	tt_alloc_state_release(&other);

	/* Occupied: all or nothing. */
	cr_expect_eq(tt_alloc_apply_state(&b, &st), TT_ECLASH);
	cr_assert_eq(tt_alloc_extract_state(&b, &other), TT_OK);
	cr_expect_eq(other.count, 3);
	tt_alloc_state_release(&other);

	/* Override = free everything, then apply. */
	tt_alloc_free_all(&b);
	cr_expect_eq(tt_alloc_apply_state(&b, &st), TT_OK);
	cr_assert_eq(tt_alloc_extract_state(&b, &other), TT_OK);
	cr_expect_eq(other.count, 2);
	tt_alloc_state_release(&other);
	tt_alloc_destroy(&b);

	cr_assert_eq(tt_alloc_init(&b, 0, 2048, 32, 32), TT_OK);
	cr_expect_eq(tt_alloc_apply_state(&b, &st), TT_EINVAL);
	tt_alloc_destroy(&b);
	tt_alloc_state_release(&st);
}

/* Many blocks: the table and the node pool grow and shrink back. */
Test(alloc, many_blocks)
{
	enum { N = 20000 };
	static uint64_t addr[N];
	struct tt_alloc_stats st;
	unsigned int i, j;
	uint64_t t;

	cr_assert_eq(tt_alloc_init(&a, 0, 64ull * N, 32, 32), TT_OK);
	for (i = 0; i < N; i++)
		cr_assert_eq(tt_alloc_alloc(&a, 64, i & 1 ? TT_ALLOC_TOP_DOWN : TT_ALLOC_BOTTOM_UP,
					    0, &addr[i]),
			     TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	tt_alloc_stats(&a, &st);
	cr_expect_eq(st.total_free, 0);
	cr_expect_eq(st.largest_free_block, 0);
	/* Free in a scrambled order. */
	for (i = 0; i < N; i++) {
		j = (unsigned int)((i * 7919ull) % N);
		t = addr[i];
		addr[i] = addr[j];
		addr[j] = t;
	}
	for (i = 0; i < N; i++)
		cr_assert_eq(tt_alloc_free(&a, addr[i]), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	tt_alloc_stats(&a, &st);
	cr_expect_eq(st.num_blocks, 1);
	cr_expect_eq(st.largest_free_block, 64ull * N);
}

/* ---- Search policy ---------------------------------------------------- */

/*
 * tt-metal issue 35516: with an exact 8 KiB hole low down and a 16 KiB
 * hole higher up, first fit top-down splits the 16 KiB hole and a later
 * 16 KiB request fails; best fit takes the exact hole and keeps it.
 */
static void holes_8k_low_16k_high(void)
{
	uint64_t x, y, z;

	cr_assert_eq(tt_alloc_init(&a, 0, 64 * KiB, 1 * KiB, 1 * KiB), TT_OK);
	x = up(8 * KiB);  /* [0, 8K): freed below */
	up(8 * KiB);	  /* [8K, 16K) */
	y = up(16 * KiB); /* [16K, 32K): freed below */
	up(8 * KiB);	  /* [32K, 40K) */
	z = up(24 * KiB); /* [40K, 64K) */
	cr_assert_eq(z, 40 * KiB);
	free_ok(x);
	free_ok(y);
}

Test(alloc, first_fit_top_down_splits_larger_hole)
{
	holes_8k_low_16k_high();
	cr_expect_eq(tt_alloc_get_policy(&a), TT_ALLOC_FIRST_FIT);
	cr_expect_eq(down(8 * KiB), 24 * KiB);
	cr_expect_eq(try_up(16 * KiB), TT_ENOMEM);
}

Test(alloc, best_fit_takes_exact_hole)
{
	holes_8k_low_16k_high();
	cr_assert_eq(tt_alloc_set_policy(&a, TT_ALLOC_BEST_FIT), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(down(8 * KiB), 0);
	cr_expect_eq(up(16 * KiB), 16 * KiB);
}

Test(alloc, best_fit_ties_and_directions)
{
	uint64_t h[4];
	int i;

	/* Four 2 KiB holes at 0, 4K, 8K, 12K and a large tail from 16K. */
	cr_assert_eq(tt_alloc_init(&a, 0, 64 * KiB, 1 * KiB, 1 * KiB), TT_OK);
	cr_assert_eq(tt_alloc_set_policy(&a, TT_ALLOC_BEST_FIT), TT_OK);
	for (i = 0; i < 4; i++) {
		h[i] = up(2 * KiB);
		up(2 * KiB);
	}
	for (i = 0; i < 4; i++)
		free_ok(h[i]);
	/* Equal holes: the lowest bottom-up, the highest top-down, each
	 * carved from the end the direction names. */
	cr_expect_eq(up(1 * KiB), 0);
	/* The 1 KiB left over at 1K fits exactly: it beats the 2 KiB holes. */
	cr_expect_eq(down(1 * KiB), 1 * KiB);
	cr_expect_eq(down(1 * KiB), 13 * KiB);
	cr_expect_eq(up(1 * KiB), 12 * KiB);
	/* 2 KiB: the holes at 4K and 8K beat the tail. */
	cr_expect_eq(down(2 * KiB), 8 * KiB);
	cr_expect_eq(up(2 * KiB), 4 * KiB);
	/* Nothing that small is left: the tail, from its top down. */
	cr_expect_eq(down(2 * KiB), 62 * KiB);
	cr_expect_eq(up(3 * KiB), 16 * KiB);
}

Test(alloc, best_fit_with_limit)
{
	uint64_t addr;

	/* A 2 KiB hole at 0 and one at 8K, the rest allocated up to 16K. */
	cr_assert_eq(tt_alloc_init(&a, 0, 16 * KiB, 1 * KiB, 1 * KiB), TT_OK);
	cr_assert_eq(tt_alloc_set_policy(&a, TT_ALLOC_BEST_FIT), TT_OK);
	cr_assert_eq(tt_alloc_alloc_at(&a, 2 * KiB, 6 * KiB), TT_OK);
	cr_assert_eq(tt_alloc_alloc_at(&a, 10 * KiB, 6 * KiB), TT_OK);
	/* The best hole (at 0) lies below the limit: the next one up. */
	cr_assert_eq(tt_alloc_alloc(&a, 1 * KiB, TT_ALLOC_BOTTOM_UP, 4 * KiB, &addr), TT_OK);
	cr_expect_eq(addr, 8 * KiB);
	cr_assert_eq(tt_alloc_alloc(&a, 1 * KiB, TT_ALLOC_TOP_DOWN, 4 * KiB, &addr), TT_OK);
	cr_expect_eq(addr, 9 * KiB);
	cr_expect_eq(tt_alloc_alloc(&a, 1 * KiB, TT_ALLOC_TOP_DOWN, 4 * KiB, &addr), TT_ENOMEM);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
}

Test(alloc, policy_errors_and_switching_keeps_blocks)
{
	uint64_t x;

	init_opt(1 * KiB, 1 * KiB);
	cr_expect_eq(tt_alloc_set_policy(&a, (enum tt_alloc_policy)7), TT_EINVAL);
	cr_expect_eq(tt_alloc_get_policy(&a), TT_ALLOC_FIRST_FIT);
	x = up(4 * KiB);
	up(1 * KiB);
	free_ok(x);
	cr_assert_eq(tt_alloc_set_policy(&a, TT_ALLOC_BEST_FIT), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(up(4 * KiB), 0);
	cr_assert_eq(tt_alloc_set_policy(&a, TT_ALLOC_FIRST_FIT), TT_OK);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	free_ok(0);
	cr_expect_eq(up(1 * KiB), 0);
	/* clear() keeps the policy. */
	cr_assert_eq(tt_alloc_set_policy(&a, TT_ALLOC_BEST_FIT), TT_OK);
	tt_alloc_clear(&a);
	cr_expect_eq(tt_alloc_get_policy(&a), TT_ALLOC_BEST_FIT);
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	cr_expect_eq(down(1 * KiB), GiB - 1 * KiB);
}

/* ---- Randomised run against a reference model ------------------------- */

/*
 * The model keeps the allocated ranges in a sorted array and answers every
 * question by walking it: slow and obviously right.
 */
struct model {
	uint64_t base, end, align, min;
	bool best; /* best fit instead of first fit */
	struct tt_alloc_range r[4096];
	size_t n;
};

static uint64_t model_need(const struct model *m, uint64_t size)
{
	uint64_t s = size > m->min ? size : m->min;

	return (s + m->align - 1) & ~(m->align - 1);
}

/* Gap i lies before range i (i == n: after the last range). */
static void model_gap(const struct model *m, size_t i, uint64_t *lo, uint64_t *hi)
{
	*lo = i ? m->r[i - 1].end : m->base;
	*hi = i < m->n ? m->r[i].start : m->end;
}

static void model_insert(struct model *m, uint64_t start, uint64_t end)
{
	size_t i = 0;

	while (i < m->n && m->r[i].start < start)
		i++;
	memmove(&m->r[i + 1], &m->r[i], (m->n - i) * sizeof(m->r[0]));
	m->r[i].start = start;
	m->r[i].end = end;
	m->n++;
}

/*
 * Best fit: of the gaps the request can be placed in (above the limit),
 * the smallest; the lowest of equal gaps bottom-up, the highest top-down.
 */
static int model_alloc_best(struct model *m, uint64_t need, unsigned int flags, uint64_t limit,
			    uint64_t *addr)
{
	uint64_t lo, hi, at, best_size = UINT64_MAX, best_at = 0;
	bool top = flags == TT_ALLOC_TOP_DOWN;
	size_t i;

	for (i = 0; i <= m->n; i++) {
		model_gap(m, i, &lo, &hi);
		if (hi - lo < need)
			continue;
		if (top) {
			at = hi - need;
			if (at < limit)
				continue;
		} else {
			at = lo > limit ? lo : limit;
			if (at >= hi || hi - at < need)
				continue;
		}
		if (hi - lo < best_size || (top && hi - lo == best_size)) {
			best_size = hi - lo;
			best_at = at;
		}
	}
	if (best_size == UINT64_MAX)
		return TT_ENOMEM;
	*addr = best_at;
	model_insert(m, best_at, best_at + need);
	return TT_OK;
}

static int model_alloc(struct model *m, uint64_t size, unsigned int flags, uint64_t limit,
		       uint64_t *addr)
{
	uint64_t need = model_need(m, size), lo, hi, at;
	size_t i;

	limit = (limit + m->align - 1) & ~(m->align - 1);
	if (m->best)
		return model_alloc_best(m, need, flags, limit, addr);
	if (flags == TT_ALLOC_TOP_DOWN) {
		for (i = m->n + 1; i-- > 0;) {
			model_gap(m, i, &lo, &hi);
			if (hi - lo < need)
				continue;
			if (hi - need < limit)
				return TT_ENOMEM;
			*addr = hi - need;
			model_insert(m, *addr, hi);
			return TT_OK;
		}
		return TT_ENOMEM;
	}
	for (i = 0; i <= m->n; i++) {
		model_gap(m, i, &lo, &hi);
		at = lo > limit ? lo : limit;
		if (at < hi && hi - at >= need) {
			*addr = at;
			model_insert(m, at, at + need);
			return TT_OK;
		}
	}
	return TT_ENOMEM;
}

static int model_alloc_at(struct model *m, uint64_t addr, uint64_t size)
{
	uint64_t need = model_need(m, size), lo, hi;
	size_t i;

	if (addr < m->base || addr >= m->end || need > m->end - addr)
		return TT_ERANGE;
	for (i = 0; i <= m->n; i++) {
		model_gap(m, i, &lo, &hi);
		if (lo <= addr && addr < hi) {
			if (hi - addr < need)
				return TT_ECLASH;
			model_insert(m, addr, addr + need);
			return TT_OK;
		}
	}
	return TT_ECLASH;
}

static void model_check(const struct model *m)
{
	struct tt_alloc_stats st;
	uint64_t allocated = 0, largest = 0, lo, hi, addr;
	size_t i, gaps = 0;

	for (i = 0; i <= m->n; i++) {
		model_gap(m, i, &lo, &hi);
		if (hi > lo) {
			gaps++;
			if (hi - lo > largest)
				largest = hi - lo;
		}
		if (i < m->n)
			allocated += m->r[i].end - m->r[i].start;
	}
	cr_assert_eq(tt_alloc_check(&a), TT_OK);
	tt_alloc_stats(&a, &st);
	cr_assert_eq(st.total_allocatable, m->end - m->base);
	cr_assert_eq(st.total_allocated, allocated);
	cr_assert_eq(st.largest_free_block, largest);
	cr_assert_eq(st.num_blocks, m->n + gaps);
	cr_assert_eq(st.num_free_blocks, gaps);
	if (m->n) {
		cr_assert_eq(tt_alloc_lowest_occupied(&a, &addr), TT_OK);
		cr_assert_eq(addr, m->r[0].start);
	} else {
		cr_assert_eq(tt_alloc_lowest_occupied(&a, &addr), TT_ENOENT);
	}
}

static uint64_t rng_state = 0x243f6a8885a308d3ull;

static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t rnd_size(void)
{
	/* Mostly small, sometimes large. */
	return rnd() % 8 ? 1 + rnd() % 512 : 1 + rnd() % 6000;
}

/*
 * 100 000 random operations, compared with the model after each one.
 * With @switch_every, the policy flips between first and best fit that
 * often (the size index is rebuilt each time).
 */
static void random_run(enum tt_alloc_policy policy, int switch_every)
{
	static struct model m;
	uint64_t addr, want, base0 = 4096, size0 = 64 * KiB;
	unsigned int op, flags;
	int i, rc, rc_model;
	size_t k;

	m.base = base0;
	m.end = base0 + size0;
	m.align = 16;
	m.min = 32;
	m.n = 0;
	m.best = policy == TT_ALLOC_BEST_FIT;
	cr_assert_eq(tt_alloc_init(&a, base0, size0, 16, 32), TT_OK);
	cr_assert_eq(tt_alloc_set_policy(&a, policy), TT_OK);
	for (i = 0; i < 100000; i++) {
		if (switch_every && i % switch_every == switch_every - 1) {
			m.best = !m.best;
			cr_assert_eq(tt_alloc_set_policy(&a, m.best ? TT_ALLOC_BEST_FIT
								    : TT_ALLOC_FIRST_FIT),
				     TT_OK);
		}
		op = (unsigned int)(rnd() % 100);
		flags = rnd() & 1 ? TT_ALLOC_TOP_DOWN : TT_ALLOC_BOTTOM_UP;
		if (op < 50) {
			uint64_t size = rnd_size();
			uint64_t limit = op < 10 ? m.base + rnd() % size0 : 0;

			rc = tt_alloc_alloc(&a, size, flags, limit, &addr);
			rc_model = model_alloc(&m, size, flags, limit, &want);
			cr_assert_eq(rc, rc_model, "op %d: alloc %llu", i,
				     (unsigned long long)size);
			if (!rc)
				cr_assert_eq(addr, want, "op %d", i);
		} else if (op < 58) {
			uint64_t size = rnd_size();

			addr = base0 + (rnd() % (size0 / 16)) * 16;
			rc = tt_alloc_alloc_at(&a, addr, size);
			rc_model = model_alloc_at(&m, addr, size);
			cr_assert_eq(rc, rc_model, "op %d: alloc_at", i);
		} else if (op < 95) {
			if (!m.n)
				continue;
			k = rnd() % m.n;
			cr_assert_eq(tt_alloc_free(&a, m.r[k].start), TT_OK, "op %d", i);
			memmove(&m.r[k], &m.r[k + 1], (m.n - k - 1) * sizeof(m.r[0]));
			m.n--;
		} else if (op < 98) {
			/* A wild or repeated free changes nothing. */
			addr = base0 + (rnd() % (size0 / 16)) * 16;
			for (k = 0; k < m.n && m.r[k].start != addr; k++)
				;
			if (k < m.n)
				continue;
			rc = tt_alloc_free(&a, addr);
			cr_assert(rc == TT_ENOTALLOC || rc == TT_EDOUBLEFREE);
		} else if (op < 99) {
			uint64_t by = (rnd() % 8) * 16;
			bool ok = m.base + by <= m.end && (!m.n || m.r[0].start >= m.base + by);

			rc = tt_alloc_shrink(&a, by);
			cr_assert_eq(rc == TT_OK, ok, "op %d: shrink %llu", i,
				     (unsigned long long)by);
			if (ok)
				m.base += by;
		} else {
			cr_assert_eq(tt_alloc_reset_size(&a), TT_OK);
			m.base = base0;
		}
		model_check(&m);
	}
}

Test(alloc, random_against_model)
{
	random_run(TT_ALLOC_FIRST_FIT, 0);
}

Test(alloc, random_best_fit_against_model)
{
	random_run(TT_ALLOC_BEST_FIT, 0);
}

Test(alloc, random_policy_switches_against_model)
{
	random_run(TT_ALLOC_FIRST_FIT, 997);
}

/*
 * Free ranges for 0 bytes with no minimum block size: every free range
 * (this recursed into absent children forever; found by the fuzzer).
 */
Test(alloc, available_for_zero_bytes_lists_every_free_range)
{
	struct tt_alloc_range r[4];

	uint64_t mid;

	cr_assert_eq(tt_alloc_init(&a, 0, 64 * KiB, 32, 0), TT_OK);
	up(1 * KiB);
	mid = up(1 * KiB);
	up(1 * KiB);
	free_ok(mid);
	cr_expect_eq(tt_alloc_available(&a, 0, r, 4), 2);
	cr_expect_eq(r[0].start, 1 * KiB);
	cr_expect_eq(r[1].start, 3 * KiB);
}
