// SPDX-License-Identifier: Apache-2.0
/*
 * Layouts on a mesh of chips (tt/layout.h, "Layouts on a mesh"): the
 * seed's batch split over two chips, which chip holds which shards for
 * each way of putting grid dims on a mesh, TTNN's mesh-mapper form of
 * each, and the refusals: a mesh too small for the grid, a chip outside
 * the mesh, splits TTNN cannot express.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <tt/error.h>
#include <tt/layout.h>

#include "tt_data_format.h"

#define U64(...) ((const uint64_t[]){ __VA_ARGS__ })

static void make(struct tt_layout *l, const struct tt_layout_desc *d)
{
	cr_assert_eq(tt_layout_create(l, d), TT_OK, "%s", tt_last_error());
}

static void expect_error(int got, int want, const char *needle)
{
	cr_assert_eq(got, want, "expected %d, got %d (%s)", want, got, tt_last_error());
	cr_assert(strstr(tt_last_error(), needle), "reason \"%s\" lacks \"%s\"", tt_last_error(),
		  needle);
}

static void expect_u64(const uint64_t *got, const uint64_t *want, uint32_t n, const char *what)
{
	for (uint32_t i = 0; i < n; i++)
		cr_assert_eq(got[i], want[i], "%s[%u] = %llu, expected %llu", what, i,
			     (unsigned long long)got[i], (unsigned long long)want[i]);
}

/*
 * The seed's multi-device example: tensor<2x3x64x128> with [(1, -1)] is
 * (d0, d1 * 64 + d2, d3) -> (2, 192, 128); on grid <2x2x4> with the
 * outer dim over the chips of a 1x2 mesh, chip (0, c) holds batch c on a
 * 2x4 core grid, shards of 96x32 (3 bf16 tiles).
 */
static struct tt_layout seed(uint64_t batch, uint64_t dev, uint64_t rows)
{
	struct tt_layout_desc d = {
		.rank = 4,
		.shape = { batch, 3, 64, 128 },
		.dtype = TT_DF_FLOAT16_B,
		.n_intervals = 1,
		.intervals = { { 1, -1 } },
		.grid_rank = 3,
		.grid = { dev, rows, 4 },
		.tiled = true,
	};
	struct tt_layout l;

	make(&l, &d);
	return l;
}

Test(layout_mesh, seed_batch_over_two_chips)
{
	struct tt_layout l = seed(2, 2, 2);
	struct tt_layout_mesh m = { .shape = { 1, 2 }, .device_dims = 1 };
	uint64_t dev[2], core[8], phys[3], g[3], off[3];
	uint32_t chip[2];
	struct tt_layout_mesh_ttnn t;

	cr_assert_eq(tt_layout_mesh_check(&l, &m), TT_OK, "%s", tt_last_error());
	for (uint32_t c = 0; c < 2; c++) {
		cr_assert_eq(tt_layout_mesh_chip(&l, &m, 0, c, dev), TT_OK, "%s", tt_last_error());
		cr_expect_eq(dev[0], c, "chip (0, %u) holds batch %u", c, c);
	}
	/* Element [1, 1, 6, 100] -> (1, 70, 100): grid (1, 0, 3), chip (0, 1), core (0, 3). */
	cr_assert_eq(tt_layout_to_physical(&l, U64(1, 1, 6, 100), phys), TT_OK);
	cr_assert_eq(tt_layout_locate(&l, phys, g, off), TT_OK);
	cr_assert_eq(tt_layout_mesh_locate(&l, &m, g, chip, core), TT_OK, "%s", tt_last_error());
	cr_expect_eq(chip[0], 0);
	cr_expect_eq(chip[1], 1);
	expect_u64(core, U64(0, 3), 2, "core");

	/* TTNN: ShardTensorToMesh(dim 0) over 2 chips, each [1, 3, 64, 128] on 2x4 cores. */
	cr_assert_eq(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_OK, "%s", tt_last_error());
	cr_expect_eq(t.mesh_rank, 1);
	cr_expect_eq(t.mesh_shape[0], 2);
	cr_expect_eq(t.placements[0].kind, TT_LAYOUT_SHARD);
	cr_expect_eq(t.placements[0].dim, 0);
	expect_u64(t.global_shape, U64(2, 3, 64, 128), 4, "global");
	cr_expect_eq(t.device.rank, 4);
	expect_u64(t.device.shape, U64(1, 3, 64, 128), 4, "device shape");
	expect_u64(t.device.stride, U64(3 * 64 * 128, 64 * 128, 128, 1), 4, "device stride");
	expect_u64(t.device.shard_shape, U64(96, 32), 2, "shard");
	expect_u64(t.device.physical_shard_shape, U64(96, 32), 2, "physical shard");
	expect_u64(t.device.grid_shape, U64(2, 4), 2, "grid");
	cr_expect_eq(t.device.tile_shape[0], 32);
	cr_expect_eq(t.device.dtype, TT_DF_FLOAT16_B);
}

/* A chip outside the mesh, and a grid over more chips than the mesh has. */
Test(layout_mesh, outside_the_mesh_and_too_small_a_mesh)
{
	struct tt_layout l = seed(4, 4, 2);
	struct tt_layout_mesh m = { .shape = { 1, 2 }, .device_dims = 1 };
	uint64_t dev[2], core[2];
	uint32_t chip[2];

	expect_error(tt_layout_mesh_check(&l, &m), TT_ERANGE,
		     "grid dim 0 puts the tensor on 4 chips but goes over the 2 chips of the "
		     "1x2 mesh: use a grid dim of at most 2 or a larger system");
	m.shape[0] = 2;
	cr_assert_eq(tt_layout_mesh_check(&l, &m), TT_OK, "%s", tt_last_error());
	expect_error(tt_layout_mesh_chip(&l, &m, 0, 2, dev), TT_ERANGE,
		     "chip (0, 2) is outside the 2x2 mesh: rows are 0..1 and columns 0..1");
	expect_error(tt_layout_mesh_chip(&l, &m, 2, 0, dev), TT_ERANGE, "outside the 2x2 mesh");
	cr_assert_eq(tt_layout_mesh_chip(&l, &m, 1, 0, dev), TT_OK);
	cr_expect_eq(dev[0], 2, "row-major: chip (1, 0) is the third");
	expect_error(tt_layout_mesh_locate(&l, &m, U64(4, 0, 0), chip, core), TT_ERANGE,
		     "grid index 4 of dim 0 is outside the grid (4)");

	/* Columns of a 2x4 mesh: four, not 8. */
	m = (struct tt_layout_mesh){ .shape = { 2, 3 },
				     .device_dims = 1,
				     .over = TT_LAYOUT_MESH_COLS };
	expect_error(tt_layout_mesh_check(&l, &m), TT_ERANGE, "goes over the 3 columns");
	m = (struct tt_layout_mesh){ .shape = { 2, 4 }, .device_dims = 2 };
	expect_error(tt_layout_mesh_check(&l, &m), TT_ERANGE,
		     "grid dim 0 puts the tensor on 4 chips but goes over the 2 rows of the "
		     "2x4 mesh");
}

Test(layout_mesh, bad_placements)
{
	struct tt_layout l = seed(2, 2, 2);
	struct tt_layout_mesh m = { .shape = { 1, 2 }, .device_dims = 3 };

	expect_error(tt_layout_mesh_check(&l, &m), TT_ELAYOUT, "a mesh is 2-D");
	m.device_dims = 3;
	m.shape[0] = 0;
	expect_error(tt_layout_mesh_check(&l, &m), TT_ELAYOUT, "a 0x2 mesh");
	m = (struct tt_layout_mesh){ .shape = { 1, 2 },
				     .device_dims = 2,
				     .over = TT_LAYOUT_MESH_ROWS };
	expect_error(tt_layout_mesh_check(&l, &m), TT_ELAYOUT, "set over to TT_LAYOUT_MESH_ALL");
	/* (d0 * 192 + d1 * 64 + d2, d3) on <2x4>: both dims over chips leave no cores. */
	{
		struct tt_layout_desc d = {
			.rank = 4,
			.shape = { 2, 3, 64, 128 },
			.dtype = TT_DF_FLOAT32,
			.grid_rank = 2,
			.grid = { 2, 4 },
		};
		struct tt_layout flat;

		make(&flat, &d);
		m = (struct tt_layout_mesh){ .shape = { 2, 4 }, .device_dims = 2 };
		expect_error(tt_layout_mesh_check(&flat, &m), TT_ELAYOUT,
			     "device_dims 2 leaves no grid dim for the cores: the grid has 2 dims");
	}
	cr_expect_eq(tt_layout_mesh_check(NULL, &m), TT_EINVAL);
	cr_expect_eq(tt_layout_mesh_check(&l, NULL), TT_EINVAL);
}

/* tensor<2x4x64x128>, every dim its own: (d0, d1, d2, d3) on <2x4x2x1>. */
static struct tt_layout four_d(uint64_t g0, uint64_t g1)
{
	struct tt_layout_desc d = {
		.rank = 4,
		.shape = { 2, 4, 64, 128 },
		.dtype = TT_DF_FLOAT32,
		.n_intervals = 1,
		.intervals = { { 0, 1 } },
		.grid_rank = 4,
		.grid = { g0, g1, 2, 1 },
	};
	struct tt_layout l;

	make(&l, &d);
	return l;
}

/* Two grid dims over a T3000's rows and columns: TTNN's ShardTensor2dMesh. */
Test(layout_mesh, two_dims_over_rows_and_columns)
{
	struct tt_layout l = four_d(2, 4);
	struct tt_layout_mesh m = { .shape = { 2, 4 }, .device_dims = 2 };
	struct tt_layout_mesh_ttnn t;
	uint64_t dev[2], core[2];
	uint32_t chip[2];

	cr_assert_eq(tt_layout_mesh_chip(&l, &m, 1, 2, dev), TT_OK, "%s", tt_last_error());
	expect_u64(dev, U64(1, 2), 2, "chip (1, 2)");
	cr_assert_eq(tt_layout_mesh_locate(&l, &m, U64(0, 3, 1, 0), chip, core), TT_OK);
	cr_expect(chip[0] == 0 && chip[1] == 3);
	expect_u64(core, U64(1, 0), 2, "core");

	cr_assert_eq(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_OK, "%s", tt_last_error());
	cr_expect_eq(t.mesh_rank, 2);
	cr_expect(t.mesh_shape[0] == 2 && t.mesh_shape[1] == 4);
	cr_expect(t.placements[0].kind == TT_LAYOUT_SHARD && t.placements[0].dim == 0);
	cr_expect(t.placements[1].kind == TT_LAYOUT_SHARD && t.placements[1].dim == 1);
	expect_u64(t.device.shape, U64(1, 1, 64, 128), 4, "device shape");
	expect_u64(t.device.shard_shape, U64(32, 128), 2, "shard");
	expect_u64(t.device.grid_shape, U64(2, 1), 2, "grid");
	cr_expect_eq(t.device.tile_shape[0], 1, "row-major");
}

/* One dim down the rows of the mesh, replicated along each row. */
Test(layout_mesh, one_dim_over_rows_replicated_along_them)
{
	struct tt_layout l = seed(2, 2, 2);
	struct tt_layout_mesh m = { .shape = { 2, 4 },
				    .device_dims = 1,
				    .over = TT_LAYOUT_MESH_ROWS };
	struct tt_layout_mesh_ttnn t;
	uint64_t dev[1], core[2];
	uint32_t chip[2];

	for (uint32_t c = 0; c < 4; c++) {
		cr_assert_eq(tt_layout_mesh_chip(&l, &m, 1, c, dev), TT_OK);
		cr_expect_eq(dev[0], 1, "every chip of row 1 holds batch 1");
	}
	cr_assert_eq(tt_layout_mesh_locate(&l, &m, U64(1, 1, 2), chip, core), TT_OK);
	cr_expect(chip[0] == 1 && chip[1] == 0, "the first chip holding it");
	cr_assert_eq(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_OK, "%s", tt_last_error());
	cr_expect_eq(t.mesh_rank, 2);
	cr_expect(t.placements[0].kind == TT_LAYOUT_SHARD && t.placements[0].dim == 0);
	cr_expect_eq(t.placements[1].kind, TT_LAYOUT_REPLICATE);

	m.over = TT_LAYOUT_MESH_COLS;
	m.shape[0] = 3, m.shape[1] = 2;
	cr_assert_eq(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_OK, "%s", tt_last_error());
	cr_expect_eq(t.placements[0].kind, TT_LAYOUT_REPLICATE);
	cr_expect(t.placements[1].kind == TT_LAYOUT_SHARD && t.placements[1].dim == 0);
}

/* device_dims 0: every chip holds the whole layout (ReplicateTensorToMesh). */
Test(layout_mesh, replicated)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 64, 128 },
		.dtype = TT_DF_FLOAT16_B,
		.grid_rank = 2,
		.grid = { 2, 4 },
		.tiled = true,
	};
	struct tt_layout l;
	struct tt_layout_mesh m = { .shape = { 2, 2 } };
	struct tt_layout_mesh_ttnn t;
	uint64_t none[1];
	uint32_t chip[2];
	uint64_t core[2];

	make(&l, &d);
	cr_assert_eq(tt_layout_mesh_chip(&l, &m, 1, 1, none), TT_OK);
	cr_assert_eq(tt_layout_mesh_locate(&l, &m, U64(1, 3), chip, core), TT_OK);
	cr_expect(chip[0] == 0 && chip[1] == 0);
	expect_u64(core, U64(1, 3), 2, "core");
	cr_assert_eq(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_OK, "%s", tt_last_error());
	cr_expect_eq(t.placements[0].kind, TT_LAYOUT_REPLICATE);
	cr_expect_eq(t.placements[1].kind, TT_LAYOUT_REPLICATE);
	expect_u64(t.device.shape, U64(64, 128), 2, "device shape");
	expect_u64(t.device.shard_shape, U64(32, 32), 2, "shard");
}

/* Splits that place fine but that TTNN's mesh mappers cannot describe. */
Test(layout_mesh, splits_ttnn_cannot_express)
{
	struct tt_layout l;
	struct tt_layout_mesh m = { .shape = { 1, 2 }, .device_dims = 1 };
	struct tt_layout_mesh_ttnn t;
	uint64_t dev[1];

	/* A batch of 3 over 2 chips: chip 1 holds batch 2 and padding. */
	l = seed(3, 2, 2);
	cr_assert_eq(tt_layout_mesh_chip(&l, &m, 0, 1, dev), TT_OK);
	cr_expect_eq(dev[0], 1);
	expect_error(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_ELAYOUT,
		     "d0 (3) does not split evenly into 2 parts: TTNN gives every chip the same "
		     "shape");

	/* 2 batches on a 1x4 mesh: chips 2 and 3 hold nothing. */
	l = seed(2, 2, 2);
	m.shape[1] = 4;
	expect_error(tt_layout_mesh_chip(&l, &m, 0, 3, dev), TT_ENOENT,
		     "chip (0, 3) holds no shard");
	expect_error(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_ELAYOUT,
		     "grid dim 0 splits d0 into 2 parts over 4 chips");

	/* Two batches per chip, their rows split over cores: not TTNN's fold. */
	l = seed(4, 2, 2);
	m.shape[1] = 2;
	expect_error(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_ELAYOUT,
		     "each chip holds 2 indices of the split dim");
	/* ... unless the rows stay whole on each core: [2, 3, 64, 128] per chip. */
	l = seed(4, 2, 1);
	cr_assert_eq(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_OK, "%s", tt_last_error());
	expect_u64(t.device.shape, U64(2, 3, 64, 128), 4, "device shape");
	expect_u64(t.device.shard_shape, U64(384, 32), 2, "shard");

	/* The default collapse folds the batch into the rows: no dim to shard. */
	{
		struct tt_layout_desc d = {
			.rank = 4,
			.shape = { 2, 3, 64, 128 },
			.dtype = TT_DF_FLOAT32,
			.grid_rank = 2,
			.grid = { 2, 4 },
		};

		make(&l, &d);
		expect_error(tt_layout_mesh_to_ttnn(&l, &m, &t), TT_ELAYOUT,
			     "result 0 of the map (d0, d1, d2, d3) -> (d0 * 192 + d1 * 64 + d2, "
			     "d3) is not one logical dim");
	}
}
