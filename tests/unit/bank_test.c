// SPDX-License-Identifier: Apache-2.0
/*
 * Tests of the banked lockstep allocator (tt/bank.h): size spread, the
 * placement of each buffer type (DRAM bottom-up from the reserved base,
 * L1 top-down, L1_SMALL at the top of L1, TRACE at the top of DRAM),
 * sharded bank counts, storage-only cores, bank-count checks, the
 * circular-buffer check, error messages, views and state.  The L1 tests
 * restate tt-metal's test_l1_banking_allocator.cpp on a small grid.
 */
#include <string.h>

#include <criterion/criterion.h>

#include <tt/arch.h>
#include <tt/bank.h>
#include <tt/error.h>

#define KiB 1024ull
#define MiB (1024ull * 1024)

static struct tt_banks b;

/*
 * A small chip: 2 DRAM banks of 1 MiB (32 B reserved, 64 KiB trace), a 2x2
 * worker grid with 64 KiB of L1 (8 KiB reserved, 4 KiB L1_SMALL).
 *   DRAM   [32, 983040)      TRACE    [983040, 1048576)
 *   L1     [8192, 61440)     L1_SMALL [61440, 65536)
 */
static void small_config(struct tt_bank_config *c)
{
	memset(c, 0, sizeof(*c));
	c->dram_banks = 2;
	c->dram_bank_size = MiB;
	c->dram_unreserved_base = 32;
	c->dram_alignment = 32;
	c->trace_region_size = 64 * KiB;
	c->grid_x = 2;
	c->grid_y = 2;
	c->l1_size = 64 * KiB;
	c->l1_unreserved_base = 8 * KiB;
	c->l1_small_size = 4 * KiB;
	c->l1_alignment = 16;
	c->alloc_alignment = 32;
}

static void init_small(void)
{
	struct tt_bank_config c;

	small_config(&c);
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
}

static uint64_t alloc_ok(enum tt_bank_type type, uint64_t size, uint64_t page, uint32_t shards)
{
	uint64_t addr = UINT64_MAX;

	cr_assert_eq(tt_bank_alloc(&b, type, size, page, shards, TT_BANK_DEFAULT, &addr), TT_OK,
		     "%s", tt_last_error());
	return addr;
}

static void fini(void)
{
	tt_bank_destroy(&b);
}

TestSuite(bank, .fini = fini);

Test(bank, size_spread)
{
	uint64_t pb;

	/* ceil(pages / banks) pages per bank. */
	cr_assert_eq(tt_bank_size_spread(10 * 2048, 2048, 12, 32, &pb), TT_OK);
	cr_expect_eq(pb, 2048);
	cr_assert_eq(tt_bank_size_spread(25 * 2048, 2048, 12, 32, &pb), TT_OK);
	cr_expect_eq(pb, 3 * 2048);
	cr_assert_eq(tt_bank_size_spread(24 * 2048, 2048, 12, 32, &pb), TT_OK);
	cr_expect_eq(pb, 2 * 2048);
	/* Each page rounded up to the alignment: 32 B on WH, 64 B on BH. */
	cr_assert_eq(tt_bank_size_spread(7 * 100, 100, 2, 32, &pb), TT_OK);
	cr_expect_eq(pb, 4 * 128);
	cr_assert_eq(tt_bank_size_spread(3 * 1000, 1000, 1, 64, &pb), TT_OK);
	cr_expect_eq(pb, 3 * 1024);
	cr_assert_eq(tt_bank_size_spread(5 * 24, 24, 4, 16, &pb), TT_OK);
	cr_expect_eq(pb, 2 * 32);
	/* Sharded: the shard count is the bank count. */
	cr_assert_eq(tt_bank_size_spread(8 * 1024, 1024, 3, 16, &pb), TT_OK);
	cr_expect_eq(pb, 3 * 1024);

	cr_expect_eq(tt_bank_size_spread(0, 2048, 12, 32, &pb), TT_EINVAL);
	cr_expect_eq(tt_bank_size_spread(2048, 0, 12, 32, &pb), TT_EINVAL);
	cr_expect_eq(tt_bank_size_spread(2048, 2048, 0, 32, &pb), TT_EINVAL);
	cr_expect_eq(tt_bank_size_spread(3000, 2048, 12, 32, &pb), TT_EALIGN);
	cr_expect_eq(tt_bank_size_spread(UINT64_MAX - 15, 1, 1, 32, &pb), TT_ERANGE);
}

Test(bank, dram_bottom_up_from_reserved_base)
{
	int64_t off;
	struct tt_alloc_stats st;

	init_small();
	/* 4 pages over 2 banks: 2 pages = 4 KiB per bank, same address. */
	cr_expect_eq(alloc_ok(TT_BANK_DRAM, 4 * 2048, 2048, TT_BANK_INTERLEAVED), 32);
	cr_expect_eq(alloc_ok(TT_BANK_DRAM, 4 * 2048, 2048, TT_BANK_INTERLEAVED), 32 + 4096);
	/* 3 pages of 100 B: 2 pages of 128 B per bank. */
	cr_expect_eq(alloc_ok(TT_BANK_DRAM, 300, 100, TT_BANK_INTERLEAVED), 32 + 8192);
	cr_expect_eq(alloc_ok(TT_BANK_DRAM, 32, 32, TT_BANK_INTERLEAVED), 32 + 8192 + 256);
	cr_assert_eq(tt_bank_offset(&b, TT_BANK_DRAM, 1, &off), TT_OK);
	cr_expect_eq(off, 0);
	cr_assert_eq(tt_bank_stats(&b, TT_BANK_DRAM, &st), TT_OK);
	cr_expect_eq(st.total_allocatable, MiB - 32 - 64 * KiB);
	cr_expect_eq(st.total_allocated, 8192 + 256 + 32);
	cr_expect_eq(tt_bank_count(&b, TT_BANK_DRAM), 2);
}

/* TestL1BuffersAllocatedTopDown: each buffer lands at the top of the
 * bank minus everything allocated so far, until the bank is full. */
Test(bank, l1_buffers_allocated_top_down)
{
	static const uint64_t per_bank[] = { 4 * KiB, 8 * KiB, 16 * KiB };
	uint64_t top = 60 * KiB, used = 0, addr;
	int i, rc;

	init_small();
	for (i = 0;; i++) {
		uint64_t pb = per_bank[i % 3];

		rc = tt_bank_alloc(&b, TT_BANK_L1, 4 * pb, 1024, TT_BANK_INTERLEAVED,
				   TT_BANK_DEFAULT, &addr);
		if (used + pb > 52 * KiB) {
			cr_expect_eq(rc, TT_ENOMEM);
			break;
		}
		cr_assert_eq(rc, TT_OK, "%s", tt_last_error());
		used += pb;
		cr_expect_eq(addr, top - used);
	}
	cr_expect_eq(i, 5);
}

/* TestL1BuffersDoNotGrowBeyondBankSize, with the message that explains. */
Test(bank, l1_buffers_do_not_grow_beyond_bank_size)
{
	uint64_t addr;

	init_small();
	/* 52 KiB + 16 B per bank over 4 banks, in 16 B pages. */
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1, 4 * (52 * KiB + 16), 16, TT_BANK_INTERLEAVED,
				   TT_BANK_DEFAULT, &addr),
		     TT_ENOMEM);
	cr_expect_str_eq(tt_last_error(),
			 "out of memory: 213056 B L1 buffer across 4 banks needs 53264 B per bank; "
			 "bank allocatable 53248 B, allocated 0 B, free 53248 B, largest free "
			 "block 53248 B");
	cr_expect_eq(alloc_ok(TT_BANK_L1, 4 * 52 * KiB, 16, TT_BANK_INTERLEAVED), 8 * KiB);
}

Test(bank, oom_reports_fragmentation)
{
	uint64_t x, addr;

	init_small();
	x = alloc_ok(TT_BANK_L1, 4 * 20 * KiB, 1024, TT_BANK_INTERLEAVED);
	alloc_ok(TT_BANK_L1, 4 * 12 * KiB, 1024, TT_BANK_INTERLEAVED);
	cr_assert_eq(tt_bank_free(&b, TT_BANK_L1, x), TT_OK);
	/* 40 KiB free per bank, in holes of 20 KiB. */
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1, 4 * 21 * KiB, 1024, TT_BANK_INTERLEAVED,
				   TT_BANK_DEFAULT, &addr),
		     TT_ENOMEM);
	cr_expect(strstr(tt_last_error(),
			 "allocated 12288 B, free 40960 B, largest free block 20480 B"),
		  "%s", tt_last_error());
}

Test(bank, l1_small_at_top_of_l1)
{
	uint64_t addr;

	init_small();
	cr_expect_eq(alloc_ok(TT_BANK_L1_SMALL, 2048, 1024, 2), 64 * KiB - 1024);
	cr_expect_eq(alloc_ok(TT_BANK_L1_SMALL, 4096, 1024, 4), 64 * KiB - 2048);
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1_SMALL, 4096, 1024, TT_BANK_INTERLEAVED,
				   TT_BANK_DEFAULT, &addr),
		     TT_EINVAL);
	cr_expect_str_eq(tt_last_error(), "L1_SMALL holds sharded buffers only");
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1_SMALL, 3 * 1024, 1024, 1, TT_BANK_DEFAULT, &addr),
		     TT_ENOMEM);
	/* L1 buffers stay below L1_SMALL. */
	cr_expect_eq(alloc_ok(TT_BANK_L1, 4096, 1024, TT_BANK_INTERLEAVED), 60 * KiB - 1024);
	cr_expect_eq(tt_bank_count(&b, TT_BANK_L1_SMALL), 4);
}

Test(bank, no_l1_small_region)
{
	struct tt_bank_config c;
	uint64_t addr;

	small_config(&c);
	c.l1_small_size = 0;
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_bank_count(&b, TT_BANK_L1_SMALL), 0);
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1_SMALL, 1024, 1024, 1, TT_BANK_DEFAULT, &addr),
		     TT_ENOMEM);
	cr_expect_str_eq(tt_last_error(), "no L1_SMALL region: its size is 0");
	cr_expect_eq(alloc_ok(TT_BANK_L1, 4096, 1024, TT_BANK_INTERLEAVED), 64 * KiB - 1024);
}

Test(bank, trace_at_top_of_dram)
{
	init_small();
	cr_expect_eq(alloc_ok(TT_BANK_TRACE, 2 * 2048, 2048, TT_BANK_INTERLEAVED), MiB - 2048);
	cr_expect_eq(alloc_ok(TT_BANK_TRACE, 2 * 2048, 2048, TT_BANK_INTERLEAVED), MiB - 4096);
	/* DRAM buffers do not reach into it. */
	cr_expect_eq(alloc_ok(TT_BANK_DRAM, 2 * (MiB - 32 - 64 * KiB), MiB - 32 - 64 * KiB,
			      TT_BANK_INTERLEAVED),
		     32);
	cr_expect_eq(tt_bank_size(&b, TT_BANK_TRACE), 64 * KiB);
}

Test(bank, sharded_buffers_use_shards_as_bank_count)
{
	uint64_t addr, size;

	init_small();
	/* 8 pages over 2 shards: 4 KiB per bank; interleaved: 2 KiB. */
	addr = alloc_ok(TT_BANK_L1, 8 * 1024, 1024, 2);
	cr_expect_eq(addr, 60 * KiB - 4 * KiB);
	cr_assert_eq(tt_bank_allocation_size(&b, TT_BANK_L1, addr, &size), TT_OK);
	cr_expect_eq(size, 4 * KiB);
	cr_expect_eq(tt_bank_allocation_size(&b, TT_BANK_L1, addr + 32, &size), TT_ENOTALLOC);
	cr_expect_eq(alloc_ok(TT_BANK_L1, 8 * 1024, 1024, TT_BANK_INTERLEAVED), 60 * KiB - 6 * KiB);
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1, 5 * 1024, 1024, 5, TT_BANK_DEFAULT, &addr),
		     TT_EINVAL);
	cr_expect_str_eq(tt_last_error(), "5 shards but only 4 L1 banks on worker cores");
	/* Bottom-up on request: from the CB end of the region. */
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_L1, 1024, 1024, 1, TT_ALLOC_BOTTOM_UP, &addr),
		     TT_OK);
	cr_expect_eq(addr, 8 * KiB);
}

Test(bank, bank_counts_checked)
{
	struct tt_bank_config c;
	uint64_t addr;

	small_config(&c);
	c.dram_banks = 3;
	cr_expect_eq(tt_bank_init(&b, &c), TT_EINVAL);
	cr_expect_str_eq(tt_last_error(), "config: 3 DRAM banks: bank counts must be a power of "
					  "two or have a device-side modulo");
	c.dram_banks = 12;
	c.grid_x = 3;
	c.grid_y = 3;
	cr_expect_eq(tt_bank_init(&b, &c), TT_EINVAL);
	c.grid_y = 4;
	cr_expect_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	tt_bank_destroy(&b);
	c.grid_x = 8;
	c.grid_y = 7;
	cr_expect_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	tt_bank_destroy(&b);

	/* disable_interleaved: any count, but interleaved buffers refused. */
	c.grid_x = 3;
	c.grid_y = 3;
	c.disable_interleaved = true;
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1, 1024, 1024, TT_BANK_INTERLEAVED, TT_BANK_DEFAULT,
				   &addr),
		     TT_EPERM);
	cr_expect_eq(alloc_ok(TT_BANK_L1, 9 * 1024, 1024, 9), 60 * KiB - 1024);
}

/*
 * Storage-only cores: 2 cores with 64 KiB / 16 KiB = 4 banks each, bank k
 * covering [64K - (k+1) * 16K, 64K - k * 16K), the lowest 1 KiB of a core
 * reserved.  Interleaved L1 buffers must start at or above
 * 64K - 16K + 1K = 50176 so they fit every storage bank.
 */
Test(bank, storage_core_banks)
{
	struct tt_bank_config c;
	struct tt_bank_core core, sc = { 5, 0 };
	uint32_t ids[8];
	int64_t off;
	uint64_t addr, low;
	uint32_t k;

	small_config(&c);
	c.num_storage_cores = 2;
	c.storage_cores[0] = sc;
	c.storage_cores[1] = (struct tt_bank_core){ 5, 1 };
	c.storage_bank_size = 16 * KiB;
	c.storage_unreserved_base = KiB;
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_bank_count(&b, TT_BANK_L1), 12);
	cr_expect_eq(tt_bank_count(&b, TT_BANK_L1_SMALL), 4);

	cr_assert_eq(tt_bank_ids_of_core(&b, TT_BANK_L1, sc, ids, 8), 4);
	for (k = 0; k < 4; k++) {
		cr_expect_eq(ids[k], 4 + k);
		cr_assert_eq(tt_bank_offset(&b, TT_BANK_L1, ids[k], &off), TT_OK);
		cr_expect_eq(off, -(int64_t)(k * 16 * KiB));
		cr_assert_eq(tt_bank_core_of(&b, TT_BANK_L1, ids[k], &core), TT_OK);
		cr_expect(core.x == 5 && core.y == 0);
	}
	cr_expect_eq(tt_bank_ids_of_core(&b, TT_BANK_L1_SMALL, sc, ids, 8), 0);
	core = (struct tt_bank_core){ 1, 1 };
	cr_assert_eq(tt_bank_ids_of_core(&b, TT_BANK_L1, core, ids, 8), 1);
	cr_expect_eq(ids[0], 3);

	/* 12 pages over 12 banks: 1 KiB per bank at the top of L1. */
	addr = alloc_ok(TT_BANK_L1, 12 * KiB, KiB, TT_BANK_INTERLEAVED);
	cr_expect_eq(addr, 60 * KiB - KiB);
	cr_assert_eq(tt_bank_lowest_occupied(&b, TT_BANK_L1, 7, &low), TT_OK);
	cr_expect_eq(low, addr - 48 * KiB);
	cr_expect_eq(alloc_ok(TT_BANK_L1, 12 * 8 * KiB, KiB, TT_BANK_INTERLEAVED), 51 * KiB);
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1, 12 * 4 * KiB, KiB, TT_BANK_INTERLEAVED,
				   TT_BANK_DEFAULT, &addr),
		     TT_ENOMEM);
	cr_expect(strstr(tt_last_error(), "must start at or above 0xc400"), "%s", tt_last_error());
	/* Sharded buffers live on worker cores only and may go lower. */
	addr = alloc_ok(TT_BANK_L1, 2 * 8 * KiB, 8 * KiB, 2);
	cr_expect_eq(addr, 43 * KiB);
	cr_expect_eq(tt_bank_lowest_occupied(&b, TT_BANK_L1, 7, &low), TT_ERANGE);
	cr_assert_eq(tt_bank_lowest_occupied(&b, TT_BANK_L1, 5, &low), TT_OK);
	cr_expect_eq(low, 43 * KiB - 16 * KiB);
}

Test(bank, storage_config_checked)
{
	struct tt_bank_config c;

	small_config(&c);
	c.num_storage_cores = 1;
	c.storage_bank_size = 24 * KiB; /* does not divide 64 KiB */
	cr_expect_eq(tt_bank_init(&b, &c), TT_EINVAL);
	c.storage_bank_size = 16 * KiB; /* 4 + 4 = 8 banks */
	cr_expect_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	tt_bank_destroy(&b);
	c.storage_bank_size = 32 * KiB; /* 4 + 2 = 6 banks: no modulo */
	cr_expect_eq(tt_bank_init(&b, &c), TT_EINVAL);
}

Test(bank, cb_clash_refused)
{
	struct tt_bank_cb_clash clash;
	struct tt_bank_core core = { 1, 0 };
	uint64_t x;

	init_small();
	cr_expect_eq(tt_bank_cb_base(&b), 8 * KiB);
	x = alloc_ok(TT_BANK_L1, 4 * 4 * KiB, 1024, TT_BANK_INTERLEAVED);
	cr_assert_eq(x, 56 * KiB);
	cr_expect_eq(tt_bank_check_cb(&b, core, 56 * KiB, &clash), TT_OK);
	cr_expect_eq(tt_bank_check_cb(&b, core, 56 * KiB, NULL), TT_OK);
	cr_assert_eq(tt_bank_check_cb(&b, core, 56 * KiB + 256, &clash), TT_ECLASH);
	cr_expect_eq(clash.core.x, 1);
	cr_expect_eq(clash.core.y, 0);
	cr_expect_eq(clash.overlap, 256);
	cr_expect_eq(clash.buffer_addr, 56 * KiB);
	cr_expect_eq(clash.buffer_size, 4 * KiB);
	cr_expect_eq(clash.buffer_type, TT_BANK_L1);
	cr_expect_str_eq(tt_last_error(), "core (1,0): circular buffers end at 0xe100, 256 B into "
					  "the L1 buffer at 0xe000 (4096 B per bank)");
	cr_expect_eq(tt_bank_check_cb(&b, core, 56 * KiB + 256, NULL), TT_ECLASH);

	cr_expect_eq(tt_bank_check_cb(&b, core, 64 * KiB + 16, &clash), TT_ENOSPC);
	cr_expect_str_eq(
		tt_last_error(),
		"core (1,0): circular buffers end at 0x10010, 16 B past the end of L1 (65536 B)");
	core.x = 2;
	cr_expect_eq(tt_bank_check_cb(&b, core, 9 * KiB, &clash), TT_EINVAL);
	cr_expect_str_eq(tt_last_error(), "core (2,0) is not a worker core of the 2x2 grid");

	/* With L1 empty, an L1_SMALL buffer is what is in the way. */
	core.x = 0;
	cr_assert_eq(tt_bank_free(&b, TT_BANK_L1, x), TT_OK);
	cr_expect_eq(tt_bank_check_cb(&b, core, 62 * KiB, &clash), TT_OK);
	alloc_ok(TT_BANK_L1_SMALL, 1024, 1024, 1);
	cr_expect_eq(tt_bank_check_cb(&b, core, 63 * KiB + 64, &clash), TT_ECLASH);
	cr_expect_eq(clash.buffer_type, TT_BANK_L1_SMALL);
	cr_expect_eq(clash.overlap, 64);
}

Test(bank, errors_are_explained)
{
	uint64_t addr, x;

	init_small();
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 0, 32, 0, 0, &addr), TT_EINVAL);
	cr_expect_str_eq(tt_last_error(),
			 "DRAM buffer of 0 B in pages of 32 B: sizes must not be zero");
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 3000, 2048, 0, 0, &addr), TT_EALIGN);
	cr_expect_str_eq(tt_last_error(),
			 "DRAM buffer of 3000 B is not a whole number of 2048 B pages");
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1, 64 * KiB, 64 * KiB, 0, 0, &addr), TT_EINVAL);
	cr_expect_str_eq(tt_last_error(), "L1 page of 65536 B does not fit a 53248 B bank");
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 64, 32, 0, 7, &addr), TT_EINVAL);
	cr_expect_eq(tt_bank_alloc(&b, (enum tt_bank_type)9, 64, 32, 0, 0, &addr), TT_EINVAL);

	x = alloc_ok(TT_BANK_DRAM, 64, 32, TT_BANK_INTERLEAVED);
	cr_expect_eq(tt_bank_free(&b, TT_BANK_DRAM, x + 32), TT_ENOTALLOC);
	cr_expect_str_eq(tt_last_error(), "DRAM: no buffer starts at 0x40");
	cr_expect_eq(tt_bank_free(&b, TT_BANK_L1, x), TT_ENOTALLOC);
	cr_expect_eq(tt_bank_free(&b, TT_BANK_DRAM, x), TT_OK);
	cr_expect_eq(tt_bank_free(&b, TT_BANK_DRAM, x), TT_EDOUBLEFREE);
	cr_expect_str_eq(tt_last_error(), "DRAM buffer at 0x20 freed twice");
}

Test(bank, alloc_at_and_free_all)
{
	uint64_t addr;

	init_small();
	cr_expect_eq(tt_bank_alloc_at(&b, TT_BANK_DRAM, 4096, 4096, 2048, TT_BANK_INTERLEAVED),
		     TT_OK);
	cr_expect_eq(tt_bank_alloc_at(&b, TT_BANK_DRAM, 4096 + 1024, 64, 32, TT_BANK_INTERLEAVED),
		     TT_ECLASH);
	cr_expect_str_eq(tt_last_error(),
			 "DRAM range [0x1400, 0x1420) overlaps an allocated buffer");
	cr_expect_eq(tt_bank_alloc_at(&b, TT_BANK_DRAM, 4100, 64, 32, TT_BANK_INTERLEAVED),
		     TT_EALIGN);
	cr_expect_eq(tt_bank_alloc_at(&b, TT_BANK_DRAM, 0, 64, 32, TT_BANK_INTERLEAVED), TT_ERANGE);
	tt_bank_free_all(&b, TT_BANK_DRAM);
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 64, 32, 0, 0, &addr), TT_OK);
	cr_expect_eq(addr, 32);
}

Test(bank, shrink_and_reset)
{
	uint64_t addr;

	init_small();
	cr_assert_eq(tt_bank_shrink(&b, TT_BANK_L1, 4 * KiB), TT_OK);
	cr_expect_eq(tt_bank_size(&b, TT_BANK_L1), 48 * KiB);
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_L1, 1024, 1024, 1, TT_ALLOC_BOTTOM_UP, &addr),
		     TT_OK);
	cr_expect_eq(addr, 12 * KiB);
	cr_expect_eq(tt_bank_shrink(&b, TT_BANK_L1, 8 * KiB), TT_EBUSY);
	cr_assert_eq(tt_bank_reset_size(&b, TT_BANK_L1), TT_OK);
	cr_expect_eq(tt_bank_size(&b, TT_BANK_L1), 52 * KiB);
}

Test(bank, view_and_dump)
{
	struct tt_bank_view v;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	init_small();
	alloc_ok(TT_BANK_DRAM, 4 * 2048, 2048, TT_BANK_INTERLEAVED);
	cr_assert_eq(tt_bank_view(&b, TT_BANK_DRAM, &v), TT_OK);
	cr_expect_eq(v.num_banks, 2);
	cr_expect_eq(v.total_bytes_per_bank, 983008);
	cr_expect_eq(v.total_bytes_allocated_per_bank, 4096);
	cr_expect_eq(v.total_bytes_free_per_bank, 983008 - 4096);
	cr_expect_eq(v.largest_contiguous_bytes_free_per_bank, 983008 - 4096);
	cr_assert_eq(v.num_blocks, 2);
	cr_expect_eq(v.blocks[0].addr, 32);
	cr_expect_eq(v.blocks[0].allocated, 1);
	cr_expect_eq(v.blocks[1].addr, 32 + 4096);
	tt_bank_view_release(&v);

	f = open_memstream(&text, &len);
	tt_bank_dump(&b, TT_BANK_DRAM, f);
	fclose(f);
	cr_expect_str_eq(
		text,
		"DRAM: 2 banks\n"
		"Allocator: base 32, size 983008, align 32, min size 32, shrunk by 0\n"
		"Statistics: allocatable 983008, allocated 4096, free 978912, largest free block "
		"978912\n"
		"Block table:\n"
		"       Block      Address         Size       PrevID       NextID    Allocated\n"
		"           1           32         4096         none            0          yes\n"
		"           0         4128       978912            1         none           no\n");
	free(text);
}

Test(bank, state_extract_apply_override)
{
	struct tt_bank_state st, now;
	uint64_t x;

	init_small();
	x = alloc_ok(TT_BANK_DRAM, 4 * 2048, 2048, TT_BANK_INTERLEAVED);
	alloc_ok(TT_BANK_DRAM, 2 * 2048, 2048, TT_BANK_INTERLEAVED);
	alloc_ok(TT_BANK_DRAM, 2 * 1024, 1024, 1);
	cr_assert_eq(tt_bank_free(&b, TT_BANK_DRAM, x), TT_OK);
	cr_assert_eq(tt_bank_extract_state(&b, TT_BANK_DRAM, &st), TT_OK);
	cr_expect_eq(st.type, TT_BANK_DRAM);
	cr_expect_eq(st.num_banks, 2);
	cr_expect_eq(st.bank_size, 983008);
	cr_expect_eq(st.alignment, 32);
	cr_assert_eq(st.regions.count, 1);
	cr_expect_eq(st.regions.ranges[0].start, 32 + 4096);
	cr_expect_eq(st.regions.ranges[0].end, 32 + 4096 + 2048 + 2048);

	/* Applying on top of itself clashes and changes nothing. */
	cr_expect_eq(tt_bank_apply_state(&b, &st), TT_ECLASH);
	/* Override: everything freed, the state applied. */
	alloc_ok(TT_BANK_DRAM, 64, 32, TT_BANK_INTERLEAVED);
	cr_expect_eq(tt_bank_override_state(&b, &st), TT_OK);
	cr_assert_eq(tt_bank_extract_state(&b, TT_BANK_DRAM, &now), TT_OK);
	cr_assert_eq(now.regions.count, 1);
	cr_expect_eq(now.regions.ranges[0].start, 32 + 4096);
	tt_bank_state_release(&now);

	st.num_banks = 4;
	cr_expect_eq(tt_bank_apply_state(&b, &st), TT_EINVAL);
	cr_expect_str_eq(tt_last_error(),
			 "DRAM state was taken from a differently shaped allocator");
	tt_bank_state_release(&st);
}

/* A Wormhole-like descriptor: the rounding of generate_config. */
Test(bank, config_from_arch)
{
	struct tt_arch wh = {
		.id = TT_ARCH_WORMHOLE_B0,
		.name = "wormhole_b0",
		.grid_x_default = 8,
		.grid_y_default = 8,
		.l1_size = 1499136,
		.l1_unreserved_base = 103000,
		.l1_alignment = 16,
		.dram_banks = 12,
		.dram_bank_size = 1ull << 30,
		.dram_unreserved_base = 32,
		.dram_alignment = 32,
	};
	struct tt_arch bh = wh;
	struct tt_bank_config c;
	uint64_t addr;

	cr_assert_eq(tt_bank_config_from_arch(&c, &wh, 1000, 1000), TT_OK);
	cr_expect_eq(c.l1_unreserved_base, 103008);
	cr_expect_eq(c.l1_small_size, 1024);
	cr_expect_eq(c.trace_region_size, 3 * 384);
	cr_expect_eq(c.alloc_alignment, 32);
	cr_expect_eq(c.grid_x * c.grid_y, 64);
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_bank_count(&b, TT_BANK_DRAM), 12);
	cr_expect_eq(tt_bank_count(&b, TT_BANK_L1), 64);
	/* A 2 KiB-page tile buffer of 100 tiles over 12 DRAM banks. */
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 100 * 2048, 2048, 0, 0, &addr), TT_OK);
	cr_expect_eq(addr, 32);
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 64, 32, 0, 0, &addr), TT_OK);
	cr_expect_eq(addr, 32 + 9 * 2048);
	tt_bank_destroy(&b);

	bh.id = TT_ARCH_BLACKHOLE;
	bh.grid_x_default = 14;
	bh.grid_y_default = 10;
	bh.l1_size = 1572864;
	bh.dram_banks = 8;
	bh.dram_bank_size = 4278190080ull;
	bh.dram_unreserved_base = 64;
	bh.dram_alignment = 64;
	cr_assert_eq(tt_bank_config_from_arch(&c, &bh, 0, 0), TT_OK);
	cr_expect_eq(c.l1_unreserved_base, 103040);
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_bank_count(&b, TT_BANK_L1), 140);
	cr_expect_eq(tt_bank_count(&b, TT_BANK_TRACE), 0);
	/* Pages of 100 B round to 128 B on BH's 64 B alignment. */
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 16 * 100, 100, 0, 0, &addr), TT_OK);
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 64, 64, 0, 0, &addr), TT_OK);
	cr_expect_eq(addr, 64 + 2 * 128);

	cr_expect_eq(tt_bank_config_from_arch(&c, NULL, 0, 0), TT_EINVAL);
}

/*
 * The bank managers of each architecture's descriptor (hal/<arch>/): one
 * DRAM bank per channel and one L1 bank per worker of the default grid,
 * DRAM pages rounded to the arch's DRAM alignment (80 B pages: 96 B on
 * Wormhole's 32, 128 B on Blackhole's 64), L1 buffers from the top of L1
 * down to the CB region at the unreserved base.
 */
static void banks_of_arch(enum tt_arch_id id, uint64_t dram_page)
{
	const struct tt_arch *a = tt_arch_get(id);
	struct tt_bank_config c;
	struct tt_bank_core core0 = { 0, 0 };
	uint64_t addr, top, cb_base;
	uint32_t workers;

	cr_assert(a);
	workers = a->grid_x_default * a->grid_y_default;
	cr_assert_eq(tt_bank_config_from_arch(&c, a, 64 * KiB, 0), TT_OK);
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s: %s", a->name, tt_last_error());
	cr_expect_eq(tt_bank_count(&b, TT_BANK_DRAM), a->dram_banks, "%s", a->name);
	cr_expect_eq(tt_bank_count(&b, TT_BANK_L1), workers, "%s", a->name);
	cr_expect_eq(tt_bank_count(&b, TT_BANK_L1_SMALL), workers, "%s", a->name);

	/* One 80 B page per DRAM bank, then the next buffer above it. */
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_DRAM, a->dram_banks * 80, 80, 0, 0, &addr), TT_OK,
		     "%s", tt_last_error());
	cr_expect_eq(addr, a->dram_unreserved_base, "%s", a->name);
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 64, 64, 0, 0, &addr), TT_OK);
	cr_expect_eq(addr, a->dram_unreserved_base + dram_page, "%s", a->name);

	/* Two 2 KiB pages per L1 bank, under the 64 KiB of L1_SMALL. */
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_L1, 2ull * workers * 2048, 2048, 0, 0, &top), TT_OK,
		     "%s", tt_last_error());
	cr_expect_eq(top, a->l1_size - 64 * KiB - 2 * 2048, "%s", a->name);

	/* CBs may grow from the unreserved base up to that buffer. */
	cb_base = tt_bank_cb_base(&b);
	cr_expect_geq(cb_base, a->l1_unreserved_base, "%s", a->name);
	cr_expect_lt(cb_base, a->l1_unreserved_base + a->dram_alignment, "%s", a->name);
	cr_expect_eq(tt_bank_check_cb(&b, core0, top, NULL), TT_OK, "%s", a->name);
	cr_expect_eq(tt_bank_check_cb(&b, core0, top + 16, NULL), TT_ECLASH, "%s", a->name);
	cr_expect_eq(tt_bank_check_cb(&b, core0, a->l1_size + 16, NULL), TT_ENOSPC, "%s", a->name);

	/* A sharded buffer over every worker: the shard count is the bank count. */
	cr_assert_eq(tt_bank_alloc(&b, TT_BANK_L1_SMALL, (uint64_t)workers * 4096, 4096, workers, 0,
				   &addr),
		     TT_OK, "%s", tt_last_error());
	cr_expect_eq(addr, a->l1_size - 4096, "%s", a->name);
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_L1_SMALL, 4096, 4096, workers + 1, 0, &addr),
		     TT_EINVAL, "%s", a->name);
	tt_bank_destroy(&b);
}

Test(bank, per_arch_wormhole_b0)
{
	banks_of_arch(TT_ARCH_WORMHOLE_B0, 96);
}

Test(bank, per_arch_blackhole)
{
	banks_of_arch(TT_ARCH_BLACKHOLE, 128);
}

/*
 * Search policy per manager: best fit for L1 through the config, set on
 * DRAM later; the other managers keep first fit.  L1 holes per bank:
 * 4 KiB at the top and an exact 2 KiB one lower down; best fit takes the
 * exact one and the top hole stays whole.
 */
Test(bank, search_policy_per_manager)
{
	struct tt_bank_config c;
	uint64_t top, mid, x, y;

	small_config(&c);
	c.policy[TT_BANK_L1] = TT_ALLOC_BEST_FIT;
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_bank_get_policy(&b, TT_BANK_L1), TT_ALLOC_BEST_FIT);
	cr_expect_eq(tt_bank_get_policy(&b, TT_BANK_DRAM), TT_ALLOC_FIRST_FIT);
	cr_expect_eq(tt_bank_get_policy(&b, TT_BANK_L1_SMALL), TT_ALLOC_FIRST_FIT);

	/* Four pages over the 4 banks: one page in each bank. */
	top = alloc_ok(TT_BANK_L1, 4 * 4 * KiB, 4 * KiB, TT_BANK_INTERLEAVED);
	cr_expect_eq(top, 60 * KiB - 4 * KiB);
	alloc_ok(TT_BANK_L1, 4 * 4 * KiB, 4 * KiB, TT_BANK_INTERLEAVED);
	mid = alloc_ok(TT_BANK_L1, 4 * 2 * KiB, 2 * KiB, TT_BANK_INTERLEAVED);
	alloc_ok(TT_BANK_L1, 4 * 2 * KiB, 2 * KiB, TT_BANK_INTERLEAVED);
	cr_assert_eq(tt_bank_free(&b, TT_BANK_L1, top), TT_OK);
	cr_assert_eq(tt_bank_free(&b, TT_BANK_L1, mid), TT_OK);
	/* First fit would split the 4 KiB hole at the top. */
	cr_expect_eq(alloc_ok(TT_BANK_L1, 4 * 2 * KiB, 2 * KiB, TT_BANK_INTERLEAVED), mid);
	cr_expect_eq(alloc_ok(TT_BANK_L1, 4 * 4 * KiB, 4 * KiB, TT_BANK_INTERLEAVED), top);

	/* DRAM: first fit, then best fit set at run time. */
	x = alloc_ok(TT_BANK_DRAM, 2 * 4 * KiB, 4 * KiB, TT_BANK_INTERLEAVED);
	alloc_ok(TT_BANK_DRAM, 2 * 2 * KiB, 2 * KiB, TT_BANK_INTERLEAVED);
	y = alloc_ok(TT_BANK_DRAM, 2 * 2 * KiB, 2 * KiB, TT_BANK_INTERLEAVED);
	alloc_ok(TT_BANK_DRAM, 2 * 2 * KiB, 2 * KiB, TT_BANK_INTERLEAVED);
	cr_assert_eq(tt_bank_free(&b, TT_BANK_DRAM, x), TT_OK);
	cr_assert_eq(tt_bank_free(&b, TT_BANK_DRAM, y), TT_OK);
	cr_assert_eq(tt_bank_set_policy(&b, TT_BANK_DRAM, TT_ALLOC_BEST_FIT), TT_OK);
	cr_expect_eq(tt_bank_get_policy(&b, TT_BANK_DRAM), TT_ALLOC_BEST_FIT);
	cr_expect_eq(alloc_ok(TT_BANK_DRAM, 2 * 2 * KiB, 2 * KiB, TT_BANK_INTERLEAVED), y);
	cr_assert_eq(tt_bank_set_policy(&b, TT_BANK_DRAM, TT_ALLOC_FIRST_FIT), TT_OK);
	cr_expect_eq(alloc_ok(TT_BANK_DRAM, 2 * 1 * KiB, 1 * KiB, TT_BANK_INTERLEAVED), x);
}

Test(bank, search_policy_errors)
{
	struct tt_bank_config c;

	small_config(&c);
	c.policy[TT_BANK_TRACE] = (enum tt_alloc_policy)5;
	cr_expect_eq(tt_bank_init(&b, &c), TT_EINVAL);
	cr_expect_str_eq(
		tt_last_error(),
		"config: TRACE search policy 5: use TT_ALLOC_FIRST_FIT or TT_ALLOC_BEST_FIT");
	init_small();
	cr_expect_eq(tt_bank_set_policy(&b, TT_BANK_L1, (enum tt_alloc_policy)2), TT_EINVAL);
	cr_expect_str_eq(tt_last_error(),
			 "L1: search policy 2: use TT_ALLOC_FIRST_FIT or TT_ALLOC_BEST_FIT");
	cr_expect_eq(tt_bank_set_policy(&b, (enum tt_bank_type)9, TT_ALLOC_BEST_FIT), TT_EINVAL);
	cr_expect_eq(tt_bank_get_policy(&b, TT_BANK_L1), TT_ALLOC_FIRST_FIT);
}
