// SPDX-License-Identifier: Apache-2.0
/*
 * Tests of the tensor layout library (tt/layout.h): every worked example
 * of the seed "Tensor Layout" document, the invalid inputs it must
 * reject, the TTNN view, and property tests over random shapes, collapse
 * intervals, stride bumps, grids and tiles.  Each seed test says how its
 * expected numbers arise.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <tt/arch.h>
#include <tt/error.h>
#include <tt/layout.h>

#include "tt_data_format.h"

#define U64(...) ((const uint64_t[]){ __VA_ARGS__ })
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void make(struct tt_layout *l, const struct tt_layout_desc *d)
{
	int err = tt_layout_create(l, d);

	cr_assert_eq(err, TT_OK, "tt_layout_create: %d: %s", err, tt_last_error());
}

/* Expect tt_layout_create() to fail with TT_ELAYOUT saying @needle. */
static void reject(const struct tt_layout_desc *d, const char *needle)
{
	struct tt_layout l;
	int err;

	err = tt_layout_create(&l, d);
	cr_assert_eq(err, TT_ELAYOUT, "expected TT_ELAYOUT, got %d", err);
	cr_assert(strstr(tt_last_error(), needle), "reason \"%s\" lacks \"%s\"", tt_last_error(),
		  needle);
}

static void expect_dims(const uint64_t *got, uint32_t n, const uint64_t *want, uint32_t want_n,
			const char *what)
{
	cr_assert_eq(n, want_n, "%s: rank %u, expected %u", what, n, want_n);
	for (uint32_t i = 0; i < n; i++)
		cr_assert_eq(got[i], want[i], "%s[%u] = %llu, expected %llu", what, i,
			     (unsigned long long)got[i], (unsigned long long)want[i]);
}

#define EXPECT_SHAPE(fn, l, ...)                                 \
	do {                                                     \
		uint64_t got_[TT_LAYOUT_MAX_RANK];               \
		uint32_t n_ = fn(l, got_);                       \
		const uint64_t want_[] = { __VA_ARGS__ };        \
                                                                 \
		expect_dims(got_, n_, want_, NELEM(want_), #fn); \
	} while (0)

static void expect_print(const struct tt_layout *l, const char *want)
{
	char buf[512];
	int n = tt_layout_print(l, buf, sizeof(buf));

	cr_assert_eq(n, (int)strlen(want), "printed %d chars: %s", n, buf);
	cr_assert_str_eq(buf, want);
}

static void expect_map(const struct tt_layout *l, const char *want)
{
	char buf[256];

	tt_layout_print_map(l, buf, sizeof(buf));
	cr_assert_str_eq(buf, want);
}

/* The seed's running example: tensor<2x3x64x128xf32>. */
static struct tt_layout_desc desc_2x3x64x128(uint64_t gy, uint64_t gx)
{
	return (struct tt_layout_desc){
		.rank = 4,
		.shape = { 2, 3, 64, 128 },
		.dtype = TT_DF_FLOAT32,
		.grid_rank = 2,
		.grid = { gy, gx },
	};
}

/*
 * Default collapse [(0, -1)] folds d0..d2: strides 3 * 64 = 192, 64, 1, so
 * the map is (d0 * 192 + d1 * 64 + d2, d3).  The last index (1, 2, 63, 127)
 * maps to (192 + 128 + 63, 127) = (383, 127): physical 384x128, and on a
 * 1x1 grid the memref is the whole 384x128.  [1, 1, 6, 100] ->
 * (192 + 64 + 6, 100) = (262, 100).
 */
Test(layout, seed_2x3x64x128_grid_1x1)
{
	struct tt_layout_desc d = desc_2x3x64x128(1, 1);
	struct tt_layout_shard_pad pad;
	struct tt_layout l;
	uint64_t phys[2], x[4];

	make(&l, &d);
	expect_map(&l, "(d0, d1, d2, d3) -> (d0 * 192 + d1 * 64 + d2, d3)");
	EXPECT_SHAPE(tt_layout_physical_shape, &l, 384, 128);
	EXPECT_SHAPE(tt_layout_memref_shape, &l, 384, 128);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 64 + d2, d3), "
			 "undef, <1x1>, memref<384x128xf32, #tt.memory_space<l1>>>");

	cr_assert_eq(tt_layout_to_physical(&l, U64(1, 1, 6, 100), phys), TT_OK);
	expect_dims(phys, 2, U64(262, 100), 2, "phys");
	cr_assert_eq(tt_layout_to_logical(&l, phys, x), TT_OK);
	expect_dims(x, 4, U64(1, 1, 6, 100), 4, "logical");
	cr_assert_eq(tt_layout_to_physical(&l, U64(2, 0, 0, 0), phys), TT_ERANGE);

	/* 2 * 3 * 64 * 128 = 49152 elements fill 384 * 128 slots exactly. */
	cr_assert_eq(tt_layout_shard_padding(&l, U64(0, 0), &pad), TT_OK);
	cr_assert_eq(pad.elems, 49152);
	cr_assert_eq(pad.slots, 49152);
	cr_assert_eq(pad.padding, 0);
	cr_assert_eq(tt_layout_shard_bytes(&l), 49152 * 4);
}

/*
 * Grid 2x4: memref = (384 / 2, 128 / 4) = 192x32.  (262, 100) is on core
 * (262 / 192, 100 / 32) = (1, 3) at offset (262 % 192, 100 % 32) = (70, 4).
 */
Test(layout, seed_2x3x64x128_grid_2x4)
{
	struct tt_layout_desc d = desc_2x3x64x128(2, 4);
	struct tt_layout_shard_pad pad;
	struct tt_layout l;
	uint64_t phys[2], g[2], off[2], x[4], idx;

	make(&l, &d);
	EXPECT_SHAPE(tt_layout_memref_shape, &l, 192, 32);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 64 + d2, d3), "
			 "undef, <2x4>, memref<192x32xf32, #tt.memory_space<l1>>>");
	cr_assert_eq(tt_layout_num_shards(&l), 8);
	cr_assert_eq(tt_layout_shard_bytes(&l), 192 * 32 * 4);

	tt_layout_to_physical(&l, U64(1, 1, 6, 100), phys);
	cr_assert_eq(tt_layout_locate(&l, phys, g, off), TT_OK);
	expect_dims(g, 2, U64(1, 3), 2, "grid");
	expect_dims(off, 2, U64(70, 4), 2, "offset");
	/* Row-major inside the shard: 70 * 32 + 4. */
	cr_assert_eq(tt_layout_slot_index(&l, off, &idx), TT_OK);
	cr_assert_eq(idx, 70 * 32 + 4);
	cr_assert_eq(tt_layout_slot_to_logical(&l, g, off, x), TT_OK);
	expect_dims(x, 4, U64(1, 1, 6, 100), 4, "logical");
	cr_assert_eq(tt_layout_locate(&l, U64(384, 0), g, off), TT_ERANGE);

	for (uint64_t i = 0; i < 2; i++) {
		for (uint64_t j = 0; j < 4; j++) {
			tt_layout_shard_padding(&l, U64(i, j), &pad);
			cr_assert_eq(pad.padding, 0);
			cr_assert_eq(pad.elems, 192 * 32);
		}
	}
}

/* tensor<8x300>: rank 2, default collapse folds d0 alone: (d0, d1). */
Test(layout, seed_8x300_grid_1x2)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 8, 300 },
		.grid_rank = 2,
		.grid = { 1, 2 },
	};
	struct tt_layout l;

	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1) -> (d0, d1), undef, <1x2>, memref<8x150xf32, "
			 "#tt.memory_space<l1>>>");
	EXPECT_SHAPE(tt_layout_shard_shape, &l, 8, 150);
}

/* tensor<8x96x32>: (d0 * 96 + d1, d2) -> 768x32, / (2, 1) = 384x32. */
Test(layout, seed_8x96x32_grid_2x1)
{
	struct tt_layout_desc d = {
		.rank = 3,
		.shape = { 8, 96, 32 },
		.grid_rank = 2,
		.grid = { 2, 1 },
	};
	struct tt_layout l;

	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2) -> (d0 * 96 + d1, d2), undef, <2x1>, "
			 "memref<384x32xf32, #tt.memory_space<l1>>>");
	EXPECT_SHAPE(tt_layout_physical_shape, &l, 768, 32);
}

/*
 * tensor<8x96x32> on <2x1x2>.  The seed prints the map
 * (d0 * 96 + d1, d1, d2) with memref 384x96x16: that is what tt-mlir's
 * constructor made from the default interval on a rank-3 grid (it starts
 * from the identity on the last 3 dims and overwrites result 0 with the
 * collapsed d0 <> d1, so d1 shows up twice).  Our intervals fold
 * 8x96x32 into 2 dims, so the default on a rank-3 grid is a rank mismatch;
 * the seed's map is reproduced as an explicit map: last index
 * (7 * 96 + 95, 95, 31) + 1 = (768, 96, 32), / (2, 1, 2) = 384x96x16.
 * With intervals [(0, 1)] nothing folds: 8x96x32 / (2, 1, 2) = 4x96x16.
 */
Test(layout, seed_8x96x32_grid_2x1x2)
{
	struct tt_layout_desc d = {
		.rank = 3,
		.shape = { 8, 96, 32 },
		.grid_rank = 3,
		.grid = { 2, 1, 2 },
	};
	struct tt_layout_shard_pad pad;
	uint64_t total = 0, x[3];
	struct tt_layout l;

	reject(&d, "fold the rank-3 shape into 2 physical dims, (d0, d1, d2) -> (d0 * 96 + d1, "
		   "d2), but the grid has rank 3");

	d.map_rank = 3;
	d.map[0][0] = 96;
	d.map[0][1] = 1;
	d.map[1][1] = 1;
	d.map[2][2] = 1;
	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2) -> (d0 * 96 + d1, d1, d2), undef, <2x1x2>, "
			 "memref<384x96x16xf32, #tt.memory_space<l1>>>");
	EXPECT_SHAPE(tt_layout_physical_shape, &l, 768, 96, 32);

	/*
	 * Core (0, 0, 0) holds rows 0..383 of result 0, so d0 in 0..3 for
	 * every d1 (4 * 96 = 384), and d2 in 0..15: 4 * 96 * 16 = 6144 of
	 * its 384 * 96 * 16 = 589824 slots.  Slot (0, 5, 3) would need
	 * d0 * 96 + 5 = 0: padding; slot (5, 5, 3) is [0, 5, 3].
	 */
	tt_layout_shard_padding(&l, U64(0, 0, 0), &pad);
	cr_assert_not(pad.separable);
	cr_assert_eq(pad.elems, 6144);
	cr_assert_eq(pad.slots, 589824);
	cr_assert_eq(pad.padding, 589824 - 6144);
	cr_assert_eq(tt_layout_is_padding(&l, U64(0, 0, 0), U64(0, 5, 3)), 1);
	cr_assert_eq(tt_layout_slot_to_logical(&l, U64(0, 0, 0), U64(5, 5, 3), x), TT_OK);
	expect_dims(x, 3, U64(0, 5, 3), 3, "logical");
	for (uint64_t i = 0; i < 2; i++) {
		for (uint64_t k = 0; k < 2; k++) {
			tt_layout_shard_padding(&l, U64(i, 0, k), &pad);
			total += pad.elems;
		}
	}
	cr_assert_eq(total, 8 * 96 * 32);

	memset(d.map, 0, sizeof(d.map));
	d.map_rank = 0;
	d.n_intervals = 1;
	d.intervals[0] = (struct tt_layout_interval){ 0, 1 };
	make(&l, &d);
	expect_map(&l, "(d0, d1, d2) -> (d0, d1, d2)");
	EXPECT_SHAPE(tt_layout_memref_shape, &l, 4, 96, 16);
}

/*
 * tensor<5x3x2x2x7x32x32> on <3x2x2x2>.  The seed's printed map,
 * (d0 * 2688 + d1 * 896 + d2 * 448 + d3 * 224 + d4 * 32 + d5, d4, d5, d6),
 * is again tt-mlir's default-interval map on a rank-4 grid (2688 =
 * 3 * 2 * 2 * 7 * 32, 896 = 2 * 2 * 7 * 32, ...).  Last index + 1:
 * 4 * 2688 + 2 * 896 + 448 + 224 + 6 * 32 + 31 + 1 = 13440, then 7, 32,
 * 32; / (3, 2, 2, 2) = 4480x4x16x16 (7 / 2 rounds up to 4).
 *
 * The seed's intervals [(0, 3), (-3, -1)] give (d0 <> d1 <> d2, d3,
 * d4 <> d5, d6): strides 3 * 2 = 6, 2, 1 and 32, 1, physical
 * (30, 2, 224, 32), memref (10, 1, 112, 16) with no padding.
 */
Test(layout, seed_7d_grid_3x2x2x2)
{
	struct tt_layout_desc d = {
		.rank = 7,
		.shape = { 5, 3, 2, 2, 7, 32, 32 },
		.grid_rank = 4,
		.grid = { 3, 2, 2, 2 },
	};
	struct tt_layout_shard_pad pad;
	struct tt_layout l;
	uint64_t phys[4], x[7];

	reject(&d, "fold the rank-7 shape into 2 physical dims");

	d.map_rank = 4;
	d.map[0][0] = 2688;
	d.map[0][1] = 896;
	d.map[0][2] = 448;
	d.map[0][3] = 224;
	d.map[0][4] = 32;
	d.map[0][5] = 1;
	d.map[1][4] = 1;
	d.map[2][5] = 1;
	d.map[3][6] = 1;
	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2, d3, d4, d5, d6) -> (d0 * 2688 + d1 * 896 + "
			 "d2 * 448 + d3 * 224 + d4 * 32 + d5, d4, d5, d6), undef, <3x2x2x2>, "
			 "memref<4480x4x16x16xf32, #tt.memory_space<l1>>>");
	EXPECT_SHAPE(tt_layout_physical_shape, &l, 13440, 7, 32, 32);
	tt_layout_to_physical(&l, U64(4, 2, 1, 1, 6, 31, 31), phys);
	expect_dims(phys, 4, U64(13439, 6, 31, 31), 4, "phys");
	cr_assert_eq(tt_layout_to_logical(&l, phys, x), TT_OK);
	expect_dims(x, 7, U64(4, 2, 1, 1, 6, 31, 31), 7, "logical");

	memset(d.map, 0, sizeof(d.map));
	d.map_rank = 0;
	d.n_intervals = 2;
	d.intervals[0] = (struct tt_layout_interval){ 0, 3 };
	d.intervals[1] = (struct tt_layout_interval){ -3, -1 };
	make(&l, &d);
	expect_map(&l,
		   "(d0, d1, d2, d3, d4, d5, d6) -> (d0 * 6 + d1 * 2 + d2, d3, d4 * 32 + d5, d6)");
	EXPECT_SHAPE(tt_layout_physical_shape, &l, 30, 2, 224, 32);
	EXPECT_SHAPE(tt_layout_memref_shape, &l, 10, 1, 112, 16);
	tt_layout_shard_padding(&l, U64(2, 1, 1, 1), &pad);
	cr_assert_eq(pad.padding, 0);
	cr_assert_eq(pad.elems, 10 * 112 * 16);
}

/*
 * tensor<3x64x128> on <3x2>: (d0 * 64 + d1, d2) -> 192x128, shard
 * (64, 64); tilized 32x32 the memref is 2x2 tiles.  Bfp8_b tiles are
 * 64 + 1024 bytes, so a core holds 4 * 1088 bytes.
 */
Test(layout, seed_3x64x128_tilized_grid_3x2)
{
	struct tt_layout_desc d = {
		.rank = 3,
		.shape = { 3, 64, 128 },
		.grid_rank = 2,
		.grid = { 3, 2 },
	};
	struct tt_layout l;

	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2) -> (d0 * 64 + d1, d2), undef, <3x2>, "
			 "memref<64x64xf32, #tt.memory_space<l1>>>");

	d.dtype = TT_DF_BFP8_B;
	d.tiled = true;
	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2) -> (d0 * 64 + d1, d2), undef, <3x2>, "
			 "memref<2x2x!tt.tile<32x32, bfp_bf8>, #tt.memory_space<l1>>>");
	EXPECT_SHAPE(tt_layout_shard_shape, &l, 64, 64);
	cr_assert_eq(tt_layout_shard_bytes(&l), 4 * 1088);
}

/*
 * tensor<53x63> on <3x2>: shard (ceil(53 / 3), ceil(63 / 2)) = 18x32.
 * Core rows hold physical rows 0-17, 18-35, 36-52: the last row of cores
 * has 17 rows, one row of padding; core columns hold 0-31 and 32-62: the
 * last column has 31, one column of padding.  Per core padding 0, 18
 * (one column), 32 (one row), 49 (18 * 32 - 17 * 31); in all
 * 6 * 576 - 53 * 63 = 117.
 */
Test(layout, seed_53x63_grid_3x2)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 53, 63 },
		.grid_rank = 2,
		.grid = { 3, 2 },
	};
	static const uint64_t want[3][2] = { { 0, 18 }, { 0, 18 }, { 32, 49 } };
	struct tt_layout_shard_pad pad;
	struct tt_layout l;
	uint64_t total = 0;

	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1) -> (d0, d1), undef, <3x2>, memref<18x32xf32, "
			 "#tt.memory_space<l1>>>");
	for (uint64_t i = 0; i < 3; i++) {
		for (uint64_t j = 0; j < 2; j++) {
			tt_layout_shard_padding(&l, U64(i, j), &pad);
			cr_assert_eq(pad.padding, want[i][j], "core (%llu, %llu): %llu",
				     (unsigned long long)i, (unsigned long long)j,
				     (unsigned long long)pad.padding);
			total += pad.padding;
		}
	}
	cr_assert_eq(total, 117);
	tt_layout_shard_padding(&l, U64(2, 1), &pad);
	expect_dims(pad.in_bounds, 2, U64(17, 31), 2, "in_bounds");
	expect_dims(pad.origin, 2, U64(36, 32), 2, "origin");
	cr_assert_eq(tt_layout_is_padding(&l, U64(2, 1), U64(17, 0)), 1);
	cr_assert_eq(tt_layout_is_padding(&l, U64(2, 1), U64(16, 30)), 0);
	cr_assert_eq(tt_layout_is_padding(&l, U64(2, 1), U64(16, 31)), 1);
}

/*
 * The same tilized: the 18x32 shard pads to one 32x32 tile, memref 1x1.
 * Rows of padding per core: 32 - 18 = 14, and 32 - 17 = 15 on the last
 * row of cores.  Padding slots per core: 1024 - 18 * 32 = 448,
 * 1024 - 18 * 31 = 466, 1024 - 17 * 32 = 480, 1024 - 17 * 31 = 497; in all
 * 6 * 1024 - 3339 = 2805.
 */
Test(layout, seed_53x63_tilized_grid_3x2)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 53, 63 },
		.dtype = TT_DF_BFP8_B,
		.grid_rank = 2,
		.grid = { 3, 2 },
		.tiled = true,
	};
	static const uint64_t want[3][2] = {
		{ 448, 466 },
		{ 448, 466 },
		{ 480, 497 },
	};
	struct tt_layout_shard_pad pad;
	struct tt_layout l;
	uint64_t total = 0;

	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1) -> (d0, d1), undef, <3x2>, "
			 "memref<1x1x!tt.tile<32x32, bfp_bf8>, #tt.memory_space<l1>>>");
	EXPECT_SHAPE(tt_layout_shard_shape, &l, 18, 32);
	EXPECT_SHAPE(tt_layout_padded_shard_shape, &l, 32, 32);
	for (uint64_t i = 0; i < 3; i++) {
		for (uint64_t j = 0; j < 2; j++) {
			tt_layout_shard_padding(&l, U64(i, j), &pad);
			cr_assert_eq(pad.padded[0] - pad.in_bounds[0], i == 2 ? 15 : 14);
			cr_assert_eq(pad.padding, want[i][j]);
			total += pad.padding;
		}
	}
	cr_assert_eq(total, 2805);
	/* (18, 0) is tile padding on every core, (17, 0) on row 2 only. */
	cr_assert_eq(tt_layout_is_padding(&l, U64(0, 0), U64(18, 0)), 1);
	cr_assert_eq(tt_layout_is_padding(&l, U64(0, 0), U64(17, 0)), 0);
	cr_assert_eq(tt_layout_is_padding(&l, U64(2, 0), U64(17, 0)), 1);
}

/*
 * tensor<2x8x32> on <1x2>: (d0 * 8 + d1, d2) -> 16x32, memref 16x16; tiled
 * both batches share one 32x32 tile (memref 1x1).  Bumping the stride of
 * d0 to 32 (stride_align[0] = 32) gives (d0 * 32 + d1, d2): last index
 * (32 + 7, 31) + 1 = 40x32, shard 40x16, tiled 2x1 tiles, and batch 1
 * starts at physical row 32, the first row of tile row 1.  Rows 8..31 of
 * the shard are padding.
 */
Test(layout, seed_2x8x32_batch_stride_bump)
{
	struct tt_layout_desc d = {
		.rank = 3,
		.shape = { 2, 8, 32 },
		.grid_rank = 2,
		.grid = { 1, 2 },
	};
	struct tt_layout_shard_pad pad;
	struct tt_layout_range rg[4];
	uint64_t phys[2], g[2], off[2], idx;
	struct tt_layout l;
	size_t n;

	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2) -> (d0 * 8 + d1, d2), undef, <1x2>, "
			 "memref<16x16xf32, #tt.memory_space<l1>>>");
	d.tiled = true;
	make(&l, &d);
	EXPECT_SHAPE(tt_layout_memref_shape, &l, 1, 1);
	tt_layout_shard_padding(&l, U64(0, 0), &pad);
	cr_assert_eq(pad.elems, 16 * 16);
	cr_assert_eq(pad.padding, 1024 - 256);

	d.tiled = false;
	d.stride_align[0] = 32;
	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2) -> (d0 * 32 + d1, d2), undef, <1x2>, "
			 "memref<40x16xf32, #tt.memory_space<l1>>>");
	d.tiled = true;
	make(&l, &d);
	EXPECT_SHAPE(tt_layout_physical_shape, &l, 40, 32);
	EXPECT_SHAPE(tt_layout_memref_shape, &l, 2, 1);

	tt_layout_to_physical(&l, U64(1, 0, 5), phys);
	expect_dims(phys, 2, U64(32, 5), 2, "phys");
	tt_layout_locate(&l, phys, g, off);
	expect_dims(g, 2, U64(0, 0), 2, "grid");
	/* Tile 1 (row 1 of a 2x1 memref), face 0, row 0, column 5. */
	cr_assert_eq(tt_layout_slot_index(&l, off, &idx), TT_OK);
	cr_assert_eq(idx, 1024 + 5);

	for (uint64_t r = 0; r < 64; r++)
		cr_assert_eq(tt_layout_is_padding(&l, U64(0, 1), U64(r, 3)),
			     !(r < 8 || (r >= 32 && r < 40)), "row %llu", (unsigned long long)r);
	cr_assert_eq(tt_layout_shard_ranges(&l, U64(0, 1), 0, rg, 4, &n), TT_OK);
	cr_assert_eq(n, 2);
	cr_assert_eq(rg[0].lo, 0);
	cr_assert_eq(rg[0].hi, 8);
	cr_assert_eq(rg[1].lo, 32);
	cr_assert_eq(rg[1].hi, 40);

	/* 16 rows x 16 columns of data in 64 x 32 slots. */
	tt_layout_shard_padding(&l, U64(0, 1), &pad);
	cr_assert_eq(pad.in_bounds[0], 40);
	cr_assert_eq(pad.mapped[0], 16);
	cr_assert_eq(pad.elems, 256);
	cr_assert_eq(pad.slots, 2048);
	cr_assert_eq(pad.padding, 1792);
}

/*
 * Multi-device: tensor<2x3x64x128> with [(1, -1)] keeps d0 and folds
 * d1 <> d2: (d0, d1 * 64 + d2, d3) -> (2, 192, 128); grid <2x2x4> gives
 * shard (1, 96, 32), tilized 1x3x1 tiles.
 */
Test(layout, seed_multidevice_2x2x4)
{
	struct tt_layout_desc d = desc_2x3x64x128(0, 0);
	struct tt_layout l;
	uint64_t phys[3], g[3], off[3];

	d.dtype = TT_DF_BFP8_B;
	d.tiled = true;
	d.n_intervals = 1;
	d.intervals[0] = (struct tt_layout_interval){ 1, -1 };
	d.grid_rank = 3;
	d.grid[0] = 2;
	d.grid[1] = 2;
	d.grid[2] = 4;
	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1, d2, d3) -> (d0, d1 * 64 + d2, d3), undef, "
			 "<2x2x4>, memref<1x3x1x!tt.tile<32x32, bfp_bf8>, #tt.memory_space<l1>>>");
	EXPECT_SHAPE(tt_layout_shard_shape, &l, 1, 96, 32);

	/* The batch picks the device: [1, 1, 6, 100] -> (1, 70, 100). */
	tt_layout_to_physical(&l, U64(1, 1, 6, 100), phys);
	expect_dims(phys, 3, U64(1, 70, 100), 3, "phys");
	tt_layout_locate(&l, phys, g, off);
	expect_dims(g, 3, U64(1, 0, 3), 3, "grid");
	expect_dims(off, 3, U64(0, 70, 4), 3, "offset");
}

Test(layout, print_oob_memspace_and_truncation)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 4, 4 },
		.dtype = TT_DF_FLOAT16_B,
		.grid_rank = 2,
		.grid = { 1, 1 },
		.mem = TT_LAYOUT_DRAM,
		.oob = { TT_LAYOUT_OOB_NUMBER, -2.5f },
	};
	struct tt_layout l;
	char small[10];
	int n;

	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1) -> (d0, d1), -2.5, <1x1>, memref<4x4xbf16, "
			 "#tt.memory_space<dram>>>");
	d.oob.kind = TT_LAYOUT_OOB_NEG_INF;
	make(&l, &d);
	n = tt_layout_print(&l, small, sizeof(small));
	cr_assert_gt(n, (int)sizeof(small));
	cr_assert_str_eq(small, "#tt.metal");
	cr_assert_eq(tt_layout_print(&l, NULL, 0), n);
	d.oob.kind = TT_LAYOUT_OOB_NAN;
	make(&l, &d);
	expect_print(&l, "#tt.metal_layout<(d0, d1) -> (d0, d1), nan, <1x1>, memref<4x4xbf16, "
			 "#tt.memory_space<dram>>>");
}

/* ---- invalid input ---------------------------------------------------- */

Test(layout, rejects_bad_shapes_and_grids)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 4, 0 },
		.grid_rank = 2,
		.grid = { 1, 1 },
	};

	reject(&d, "dim 1 of the shape is 0");
	d.shape[1] = 4;
	d.rank = 0;
	reject(&d, "rank 0 is not supported");
	d.rank = 9;
	reject(&d, "rank 9 is not supported");
	d.rank = 2;
	d.grid[1] = 0;
	reject(&d, "grid dim 1 is 0");
	d.grid[1] = 1;
	d.grid_rank = 3;
	reject(&d, "grid has rank 3: use a rank-2 grid");
}

Test(layout, rejects_bad_intervals)
{
	struct tt_layout_desc d = {
		.rank = 4,
		.shape = { 2, 3, 4, 5 },
		.grid_rank = 2,
		.grid = { 1, 1 },
		.n_intervals = 2,
		.intervals = { { 0, 2 }, { 1, 3 } },
	};

	reject(&d, "collapse intervals (0, 2) and (1, 3) overlap on dim 1");
	d.n_intervals = 1;
	d.intervals[0] = (struct tt_layout_interval){ 0, 5 };
	reject(&d, "collapse interval (0, 5) is out of range for a rank-4 shape");
	d.intervals[0] = (struct tt_layout_interval){ -5, 2 };
	reject(&d, "out of range");
	d.intervals[0] = (struct tt_layout_interval){ 3, 1 };
	reject(&d, "collapse interval (3, 1) is reversed");
	d.intervals[0] = (struct tt_layout_interval){ -1, 1 };
	reject(&d, "is reversed: it is [3, 1)");
	d.n_intervals = 9;
	reject(&d, "9 collapse intervals given");
	/* Empty intervals fold nothing: (2, 2) leaves 4 dims, grid rank 2. */
	d.n_intervals = 1;
	d.intervals[0] = (struct tt_layout_interval){ 2, 2 };
	reject(&d, "into 4 physical dims");
}

Test(layout, rejects_bad_maps)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 4, 4 },
		.grid_rank = 2,
		.grid = { 1, 1 },
		.map_rank = 2,
	};

	/* (d0, d0): d1 is dropped. */
	d.map[0][0] = 1;
	d.map[1][0] = 1;
	reject(&d, "logical dim d1 appears in no result of the map");
	/* (d0 + d1): one result cannot hold d0 and d1 both at stride 1. */
	d.map_rank = 1;
	d.grid_rank = 1;
	d.map[0][1] = 1;
	reject(&d, "result 0 of the map gives d0 stride 1 but the faster dims of that result span "
		   "4 values: strides must not overlap");
	/* (d0 + 4 * d1, 4 * d0 + d1): both dims mixed in two results. */
	d.map_rank = 2;
	d.grid_rank = 2;
	d.map[0][0] = 1;
	d.map[0][1] = 4;
	d.map[1][0] = 4;
	d.map[1][1] = 1;
	reject(&d, "is mixed with other dims in results 0 and 1");
	memset(d.map, 0, sizeof(d.map));
	d.map[0][0] = 1;
	reject(&d, "result 1 of the map uses no logical dim");
	d.map[1][1] = 1;
	d.n_intervals = 1;
	reject(&d, "not both");
	d.n_intervals = 0;
	d.stride_align[0] = 32;
	reject(&d, "write the bumped stride into the map");
	d.stride_align[0] = 0;
	d.grid_rank = 3;
	reject(&d, "has 2 results but the grid has rank 3");
}

Test(layout, rejects_bad_tiles_and_formats)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 64, 64 },
		.dtype = TT_DF_BFP8_B,
		.grid_rank = 2,
		.grid = { 1, 1 },
	};

	reject(&d, "Bfp8_b exists only in tiles");
	d.tiled = true;
	d.tile[0] = 24;
	d.tile[1] = 32;
	reject(&d, "tile 24x32 is not supported");
	d.tile[0] = 16;
	d.tile[1] = 8;
	reject(&d, "Bfp8_b tiles need a width that is a multiple of 16");
	d.dtype = 3;
	reject(&d, "element type 3 is not supported");

	d = (struct tt_layout_desc){
		.rank = 1,
		.shape = { 100 },
		.grid_rank = 1,
		.grid = { 1 },
		.tiled = true,
	};
	reject(&d, "a tiled layout needs at least 2 physical dims");
}

/*
 * 2048x2048 Float32 on one core is 16 MiB; a Wormhole core has 1464 KiB of
 * L1.  On 4x4 cores it is 1 MiB per core and fits.
 */
Test(layout, rejects_shard_larger_than_l1)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 2048, 2048 },
		.grid_rank = 2,
		.grid = { 1, 1 },
		.max_shard_bytes = 1464 * 1024,
	};
	struct tt_layout l;

	reject(&d, "one shard (memref 2048x2048 of f32) needs 16777216 bytes per core but only "
		   "1499136 are available");
	d.grid[0] = d.grid[1] = 4;
	make(&l, &d);
	cr_assert_eq(tt_layout_shard_bytes(&l), 1 << 20);
}

/*
 * The same layouts on each architecture's cores (hal/<arch>/): a core
 * offers its L1 above the reserved layout to shards.  Each arch's largest
 * grid of one-tile bf16 shards fits; one 1280 KiB f32 shard fits a
 * Blackhole core (1536 KiB of L1) but not a Wormhole one (1464 KiB).
 */
static void layouts_on_arch(enum tt_arch_id id, bool big_shard_fits)
{
	const struct tt_arch *a = tt_arch_get(id);
	uint64_t room = a->l1_size - a->l1_unreserved_base;
	struct tt_layout_desc d = {
		.rank = 2,
		.dtype = TT_DF_FLOAT16_B,
		.tiled = true,
		.grid_rank = 2,
		.max_shard_bytes = room,
	};
	struct tt_layout l;

	d.shape[0] = 32 * a->grid_y_max;
	d.shape[1] = 32 * a->grid_x_max;
	d.grid[0] = a->grid_y_max;
	d.grid[1] = a->grid_x_max;
	make(&l, &d);
	cr_expect_eq(tt_layout_shard_bytes(&l), TT_TILE_BYTES_FLOAT16_B, "%s", a->name);

	memset(&d, 0, sizeof(d));
	d.rank = 2;
	d.shape[0] = 320;
	d.shape[1] = 1024;
	d.dtype = TT_DF_FLOAT32;
	d.grid_rank = 2;
	d.grid[0] = d.grid[1] = 1;
	d.max_shard_bytes = room;
	if (big_shard_fits) {
		make(&l, &d);
		cr_expect_eq(tt_layout_shard_bytes(&l), 1280 * 1024, "%s", a->name);
	} else {
		reject(&d, "needs 1310720 bytes per core but only");
	}
}

Test(layout, per_arch_wormhole_b0)
{
	layouts_on_arch(TT_ARCH_WORMHOLE_B0, false);
}

Test(layout, per_arch_blackhole)
{
	layouts_on_arch(TT_ARCH_BLACKHOLE, true);
}

Test(layout, validate_catches_hand_edits)
{
	struct tt_layout_desc d = desc_2x3x64x128(2, 4);
	struct tt_layout l;

	make(&l, &d);
	cr_assert_eq(tt_layout_validate(&l), TT_OK);
	l.map[0][3] = 1;
	cr_assert_eq(tt_layout_validate(&l), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "does not match collapse interval [0, 3)"), "%s",
		  tt_last_error());
	l.map[0][3] = 0;
	l.grid[1] = 0;
	cr_assert_eq(tt_layout_validate(&l), TT_ELAYOUT);
}

/* ---- TTNN view -------------------------------------------------------- */

static void expect_same_layout(const struct tt_layout *a, const struct tt_layout *b)
{
	char pa[512], pb[512];

	tt_layout_print(a, pa, sizeof(pa));
	tt_layout_print(b, pb, sizeof(pb));
	cr_assert_str_eq(pa, pb);
}

/*
 * 2x3x64x128 on 2x4, bf16 tiles: TTNN stride is pytorch's,
 * (3 * 64 * 128, 64 * 128, 128, 1); shard 192x32 is already whole tiles.
 */
Test(layout, ttnn_view_round_trip)
{
	struct tt_layout_desc d = desc_2x3x64x128(2, 4);
	struct tt_layout_oob undef = { TT_LAYOUT_OOB_UNDEF, 0 };
	struct tt_layout_ttnn t;
	struct tt_layout l, back;

	d.dtype = TT_DF_FLOAT16_B;
	d.tiled = true;
	make(&l, &d);
	cr_assert_eq(tt_layout_to_ttnn(&l, &t), TT_OK, "%s", tt_last_error());
	expect_dims(t.stride, 4, U64(24576, 8192, 128, 1), 4, "stride");
	expect_dims(t.shard_shape, 2, U64(192, 32), 2, "shard_shape");
	expect_dims(t.physical_shard_shape, 2, U64(192, 32), 2, "physical");
	expect_dims(t.grid_shape, 2, U64(2, 4), 2, "grid_shape");
	cr_assert_eq(t.tile_shape[0], 32);
	cr_assert_eq(tt_layout_from_ttnn(&back, &t, &undef, 0), TT_OK, "%s", tt_last_error());
	expect_same_layout(&l, &back);
}

/*
 * The bumped 2x8x32 on 1x2 (tiled): stride (32 * 32, 32, 1), shard 40x16
 * padded to 64x32.  53x63 row-major on 3x2: tile 1x1, physical shard
 * equals the shard.
 */
Test(layout, ttnn_view_bump_and_row_major)
{
	struct tt_layout_desc d = {
		.rank = 3,
		.shape = { 2, 8, 32 },
		.grid_rank = 2,
		.grid = { 1, 2 },
		.tiled = true,
		.stride_align = { 32 },
	};
	struct tt_layout_oob zero = { TT_LAYOUT_OOB_ZERO, 0 };
	struct tt_layout_ttnn t;
	struct tt_layout l, back;

	make(&l, &d);
	cr_assert_eq(tt_layout_to_ttnn(&l, &t), TT_OK);
	expect_dims(t.stride, 3, U64(1024, 32, 1), 3, "stride");
	expect_dims(t.shard_shape, 2, U64(40, 16), 2, "shard_shape");
	expect_dims(t.physical_shard_shape, 2, U64(64, 32), 2, "physical");
	cr_assert_eq(tt_layout_from_ttnn(&back, &t, &zero, 0), TT_OK, "%s", tt_last_error());
	expect_map(&back, "(d0, d1, d2) -> (d0 * 32 + d1, d2)");
	cr_assert_eq(back.oob.kind, TT_LAYOUT_OOB_ZERO);

	d = (struct tt_layout_desc){
		.rank = 2,
		.shape = { 53, 63 },
		.grid_rank = 2,
		.grid = { 3, 2 },
	};
	make(&l, &d);
	cr_assert_eq(tt_layout_to_ttnn(&l, &t), TT_OK);
	cr_assert_eq(t.tile_shape[0], 1);
	cr_assert_eq(t.tile_shape[1], 1);
	expect_dims(t.physical_shard_shape, 2, U64(18, 32), 2, "physical");
	cr_assert_eq(tt_layout_from_ttnn(&back, &t, &zero, 0), TT_OK, "%s", tt_last_error());
	cr_assert_not(back.tiled);
	EXPECT_SHAPE(tt_layout_memref_shape, &back, 18, 32);
}

Test(layout, ttnn_view_errors)
{
	struct tt_layout_desc d = desc_2x3x64x128(0, 0);
	struct tt_layout_oob undef = { TT_LAYOUT_OOB_UNDEF, 0 };
	struct tt_layout_ttnn t;
	struct tt_layout l;

	/* Multi-device: three physical dims. */
	d.n_intervals = 1;
	d.intervals[0] = (struct tt_layout_interval){ 1, -1 };
	d.grid_rank = 3;
	d.grid[0] = 2;
	d.grid[1] = 2;
	d.grid[2] = 4;
	make(&l, &d);
	cr_assert_eq(tt_layout_to_ttnn(&l, &t), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "TTNN layouts are 2-D but the map (d0, d1, d2, d3) -> "
					  "(d0, d1 * 64 + d2, d3) has 3 results"),
		  "%s", tt_last_error());

	/* Rank 1. */
	d = (struct tt_layout_desc){
		.rank = 1,
		.shape = { 100 },
		.grid_rank = 1,
		.grid = { 4 },
	};
	make(&l, &d);
	cr_assert_eq(tt_layout_to_ttnn(&l, &t), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "reshaped to 1xN"), "%s", tt_last_error());

	/* 5 rows on 4 cores: shards of 2 rows leave core 3 empty. */
	d = (struct tt_layout_desc){
		.rank = 2,
		.shape = { 5, 8 },
		.grid_rank = 2,
		.grid = { 4, 1 },
	};
	make(&l, &d);
	cr_assert_eq(tt_layout_to_ttnn(&l, &t), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "cannot describe cores without data"), "%s",
		  tt_last_error());

	/* Last dim folded with another: (d0 * 8 + d1) as one row. */
	d = (struct tt_layout_desc){
		.rank = 2,
		.shape = { 4, 8 },
		.grid_rank = 2,
		.grid = { 1, 1 },
		.map_rank = 2,
		.map = { { 1, 0 }, { 8, 1 } },
	};
	make(&l, &d);
	cr_assert_eq(tt_layout_to_ttnn(&l, &t), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "is not just d1"), "%s", tt_last_error());

	/* A TTNN shard that the grid does not derive. */
	t = (struct tt_layout_ttnn){
		.rank = 2,
		.shape = { 100, 64 },
		.stride = { 64, 1 },
		.shard_shape = { 40, 64 },
		.physical_shard_shape = { 40, 64 },
		.tile_shape = { 1, 1 },
		.grid_shape = { 3, 1 },
	};
	cr_assert_eq(tt_layout_from_ttnn(&l, &t, &undef, 0), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "shard = ceil(100 / 3) = 34"), "%s", tt_last_error());
	t.shard_shape[0] = 34;
	t.physical_shard_shape[0] = 34;
	cr_assert_eq(tt_layout_from_ttnn(&l, &t, &undef, 0), TT_OK, "%s", tt_last_error());
	t.physical_shard_shape[0] = 64;
	cr_assert_eq(tt_layout_from_ttnn(&l, &t, &undef, 0), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "physical_shard_shape[0] = 64"), "%s", tt_last_error());
	t.physical_shard_shape[0] = 34;
	t.stride[0] = 65;
	cr_assert_eq(tt_layout_from_ttnn(&l, &t, &undef, 0), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "not a multiple of the row width 64"), "%s",
		  tt_last_error());
	t.stride[0] = 64;
	t.stride[1] = 2;
	cr_assert_eq(tt_layout_from_ttnn(&l, &t, &undef, 0), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), "must be contiguous"), "%s", tt_last_error());
}

/* ---- properties ------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(uint64_t n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (rng_state * 0x2545f4914f6cdd1dull >> 11) % n;
}

/* A random layout description; false if it came out too big to walk. */
static bool random_desc(struct tt_layout_desc *d, bool quirk)
{
	uint64_t elems = 1;
	uint32_t groups = 0;

	memset(d, 0, sizeof(*d));
	d->rank = 1 + (uint32_t)rnd(5);
	for (uint32_t i = 0; i < d->rank; i++) {
		/* The last two dims up to 40, the others up to 5. */
		d->shape[i] = 1 + rnd(i + 2 >= d->rank ? 40 : 5);
		elems *= d->shape[i];
		if (!rnd(3))
			d->stride_align[i] = 1 + rnd(8);
	}
	/* Random non-overlapping intervals, sometimes written negative. */
	for (uint32_t i = 0; i < d->rank;) {
		uint32_t len = 1 + (uint32_t)rnd(d->rank - i);
		int32_t b = (int32_t)i, e = (int32_t)(i + len);

		if (len > 1 || !rnd(3)) {
			if (!rnd(2))
				b -= (int32_t)d->rank;
			if (e < (int32_t)d->rank && !rnd(2))
				e -= (int32_t)d->rank;
			d->intervals[d->n_intervals++] = (struct tt_layout_interval){ b, e };
		}
		groups++;
		i += len;
	}
	/* None written: the default [(0, -1)] folds dims 0 .. rank - 2. */
	if (!d->n_intervals)
		groups = d->rank > 1 ? 2 : 1;
	/* add_quirk() adds one result repeating a dim. */
	d->grid_rank = groups + quirk;
	for (uint32_t r = 0; r < d->grid_rank; r++)
		d->grid[r] = 1 + rnd(3);
	if (d->grid_rank >= 2 && !rnd(3)) {
		static const uint32_t tiles[][2] = {
			{ 32, 32 }, { 16, 16 }, { 4, 16 }, { 1, 8 }, { 2, 32 },
		};
		uint32_t k = (uint32_t)rnd(NELEM(tiles));

		d->tiled = true;
		d->tile[0] = tiles[k][0];
		d->tile[1] = tiles[k][1];
	}
	return elems <= 3000;
}

/*
 * Turn an interval desc (grid_rank one too many) into an explicit map
 * with one more result that repeats a dim, as tt-mlir's
 * (d0 * 96 + d1, d1, d2) does.
 */
static void add_quirk(struct tt_layout_desc *d)
{
	uint64_t extra = d->grid[d->grid_rank - 1];
	bool tiled = d->tiled;
	uint32_t dim, at, n;
	struct tt_layout l;

	d->grid_rank--;
	d->tiled = false; /* the interval layout may be 1-D */
	make(&l, d);
	d->tiled = tiled;
	n = l.phys_rank;
	dim = (uint32_t)rnd(d->rank);
	at = (uint32_t)rnd(n + 1);
	memset(d->stride_align, 0, sizeof(d->stride_align));
	memset(d->map, 0, sizeof(d->map));
	d->n_intervals = 0;
	for (uint32_t r = 0, k = 0; r <= n; r++) {
		if (r == at) {
			d->map[r][dim] = 1 + rnd(2);
			d->grid[r] = extra;
			continue;
		}
		memcpy(d->map[r], l.map[k], sizeof(d->map[r]));
		d->grid[r] = l.grid[k];
		k++;
	}
	d->map_rank = n + 1;
	d->grid_rank = n + 1;
}

static void check_layout(const struct tt_layout *l)
{
	uint64_t slots = tt_layout_shard_slots(l);
	uint64_t nshards = tt_layout_num_shards(l);
	uint64_t total = slots * nshards, n = tt_layout_num_elems(l);
	uint64_t p[TT_LAYOUT_MAX_RANK], x[TT_LAYOUT_MAX_RANK];
	uint64_t phys[TT_LAYOUT_MAX_RANK], g[TT_LAYOUT_MAX_RANK];
	uint64_t off[TT_LAYOUT_MAX_RANK], back[TT_LAYOUT_MAX_RANK];
	uint64_t *owner = malloc(total * sizeof(*owner));
	uint64_t *count = calloc(nshards, sizeof(*count));
	uint64_t pad_sum = 0;
	uint32_t pr = l->phys_rank;
	char text[512];

	tt_layout_print(l, text, sizeof(text));
	cr_assert(owner && count);
	for (uint64_t i = 0; i < total; i++)
		owner[i] = UINT64_MAX;
	tt_layout_padded_shard_shape(l, p);

	/* Every element lands in exactly one slot, and maps back. */
	for (uint64_t e = 0; e < n; e++) {
		uint64_t rem = e, shard = 0, idx, slot;

		for (uint32_t dd = l->rank; dd-- > 0;) {
			x[dd] = rem % l->shape[dd];
			rem /= l->shape[dd];
		}
		cr_assert_eq(tt_layout_to_physical(l, x, phys), TT_OK);
		cr_assert_eq(tt_layout_locate(l, phys, g, off), TT_OK, "%s", text);
		cr_assert_eq(tt_layout_to_logical(l, phys, back), TT_OK, "%s", text);
		cr_assert_eq(memcmp(x, back, l->rank * sizeof(*x)), 0, "%s", text);
		for (uint32_t r = 0; r < pr; r++)
			shard = shard * l->grid[r] + g[r];
		cr_assert_eq(tt_layout_slot_index(l, off, &idx), TT_OK);
		cr_assert_lt(idx, slots);
		slot = shard * slots + idx;
		cr_assert_eq(owner[slot], UINT64_MAX, "%s: elements %llu and %llu collide", text,
			     (unsigned long long)owner[slot], (unsigned long long)e);
		owner[slot] = e;
		count[shard]++;
	}

	/* Padding = footprint - elements, per shard and per slot. */
	for (uint64_t s = 0; s < nshards; s++) {
		struct tt_layout_shard_pad pad;
		struct tt_layout_range *rg[TT_LAYOUT_MAX_RANK] = { NULL };
		size_t nr[TT_LAYOUT_MAX_RANK];
		uint64_t rem = s;

		for (uint32_t r = pr; r-- > 0;) {
			g[r] = rem % l->grid[r];
			rem /= l->grid[r];
		}
		cr_assert_eq(tt_layout_shard_padding(l, g, &pad), TT_OK);
		cr_assert_eq(pad.elems, count[s], "%s: shard %llu", text, (unsigned long long)s);
		cr_assert_eq(pad.slots, slots);
		cr_assert_eq(pad.padding, slots - count[s]);
		pad_sum += pad.padding;
		for (uint32_t r = 0; r < pr && pad.separable; r++) {
			/* Ranges never touch, so at most padded / 2 + 1. */
			size_t max = pad.padded[r] / 2 + 1;

			rg[r] = malloc(max * sizeof(*rg[r]));
			cr_assert(rg[r]);
			cr_assert_eq(tt_layout_shard_ranges(l, g, r, rg[r], max, &nr[r]), TT_OK);
			cr_assert_leq(nr[r], max);
		}
		for (uint64_t i = 0; i < slots; i++) {
			uint64_t q = i, idx;
			bool data, in = true;
			int padding;

			for (uint32_t r = pr; r-- > 0;) {
				off[r] = q % p[r];
				q /= p[r];
			}
			tt_layout_slot_index(l, off, &idx);
			data = owner[s * slots + idx] != UINT64_MAX;
			padding = tt_layout_is_padding(l, g, off);
			cr_assert_eq(padding, !data, "%s: slot %llu", text, (unsigned long long)i);
			if (data) {
				int err = tt_layout_slot_to_logical(l, g, off, back);

				cr_assert_eq(err, TT_OK);
				for (uint32_t dd = 0; dd < l->rank; dd++)
					x[dd] = 0;
				q = owner[s * slots + idx];
				for (uint32_t dd = l->rank; dd-- > 0;) {
					x[dd] = q % l->shape[dd];
					q /= l->shape[dd];
				}
				cr_assert_eq(memcmp(x, back, l->rank * sizeof(*x)), 0);
			}
			if (!pad.separable)
				continue;
			for (uint32_t r = 0; r < pr; r++) {
				bool hit = false;

				for (size_t k = 0; k < nr[r]; k++)
					hit |= off[r] >= rg[r][k].lo && off[r] < rg[r][k].hi;
				in &= hit;
			}
			cr_assert_eq(in, data, "%s: ranges disagree at slot %llu", text,
				     (unsigned long long)i);
		}
		for (uint32_t r = 0; r < pr; r++)
			free(rg[r]);
	}
	cr_assert_eq(pad_sum, total - n, "%s", text);
	free(owner);
	free(count);
}

Test(layout, property_intervals_bumps_grids_tiles)
{
	unsigned done = 0, tiled = 0, bumped = 0, folded = 0, padded = 0;

	for (unsigned iter = 0; done < 150 && iter < 2000; iter++) {
		struct tt_layout_desc d;
		struct tt_layout l;
		uint64_t slots;

		if (!random_desc(&d, false))
			continue;
		make(&l, &d);
		slots = tt_layout_shard_slots(&l) * tt_layout_num_shards(&l);
		if (slots > 40000)
			continue;
		check_layout(&l);
		done++;
		tiled += l.tiled;
		folded += l.phys_rank < l.rank;
		padded += slots > tt_layout_num_elems(&l);
		for (uint32_t i = 0; i < l.rank; i++)
			if (d.stride_align[i] > 1) {
				bumped++;
				break;
			}
	}
	cr_assert_eq(done, 150);
	/* The random cases must cover each feature. */
	cr_assert_gt(tiled, 20);
	cr_assert_gt(bumped, 20);
	cr_assert_gt(folded, 20);
	cr_assert_gt(padded, 20);
}

Test(layout, property_repeated_dim_maps)
{
	unsigned done = 0;

	for (unsigned iter = 0; done < 60 && iter < 2000; iter++) {
		struct tt_layout_desc d;
		struct tt_layout l;

		if (!random_desc(&d, true) || d.grid_rank < 2)
			continue;
		add_quirk(&d);
		make(&l, &d);
		if (tt_layout_shard_slots(&l) * tt_layout_num_shards(&l) > 40000)
			continue;
		check_layout(&l);
		done++;
	}
	cr_assert_eq(done, 60);
}
