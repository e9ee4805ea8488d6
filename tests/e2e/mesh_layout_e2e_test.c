// SPDX-License-Identifier: Apache-2.0
/*
 * The seed's multi-device layout end to end (tt/mesh_tensor.h): a batch
 * of tensor<2x3x64x128> split over the two chips of an N300, each chip's
 * half on a 2x4 core grid, written through the layout into one L1 buffer
 * per chip, added tile by tile by a sharded eltwise program on each chip
 * and read back through the layout against the host's sum.  Then the
 * bad inputs of a mesh: a mesh or grid the system cannot hold, a chip
 * outside the mesh, a split that does not divide, a chip's QEMU killed in
 * the middle of a run, and closing the system with work in flight.  Each
 * gets an error naming what and where, and nothing on the other chips is
 * lost.  Chips are 4x2 grids: the layout's 2x4 core grid exactly.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <tt/mesh_tensor.h>
#include <tt/tilize.h>

#include "e2e.h"
#include "tt_data_format.h"

#define TILES 3 /* per core: a 96x32 shard */
#define ELEMS (2 * 3 * 64 * 128)

static struct tt_system *open_n300(uint32_t gx, uint32_t gy)
{
	struct tt_system_config cfg = { .name = "N300", .chip = { .grid_x = gx, .grid_y = gy } };
	struct tt_system *sys = NULL;

	cr_assert_eq(tt_system_open(&cfg, &sys), TT_OK, "%s", tt_last_error());
	return sys;
}

/* tensor<batch x3x64x128xbf16>, [(1, -1)], tiled, on grid <chips x rows x 4>. */
static struct tt_layout seed_layout(uint64_t batch, uint64_t chips, uint64_t rows)
{
	struct tt_layout_desc d = {
		.rank = 4,
		.shape = { batch, 3, 64, 128 },
		.dtype = TT_DF_FLOAT16_B,
		.n_intervals = 1,
		.intervals = { { 1, -1 } },
		.grid_rank = 3,
		.grid = { chips, rows, 4 },
		.tiled = true,
		.oob = { TT_LAYOUT_OOB_ZERO, 0 },
	};
	struct tt_layout l;

	cr_assert_eq(tt_layout_create(&l, &d), TT_OK, "%s", tt_last_error());
	return l;
}

static const struct tt_layout_mesh batch_over_chips = { .device_dims = 1 };

static struct tt_mesh_tensor *tensor(struct tt_system *sys, const struct tt_layout *l)
{
	struct tt_mesh_tensor *t = NULL;

	cr_assert_eq(tt_mesh_tensor_create(sys, l, &batch_over_chips, &t), TT_OK, "%s",
		     tt_last_error());
	return t;
}

/* Small integers: exact in bf16, and so are their sums. */
static void fill(float *v, size_t n, uint32_t mul, uint32_t mod)
{
	for (size_t i = 0; i < n; i++)
		v[i] = (float)((i * mul) % mod) - (float)(mod / 2);
}

/* CB @index globally allocated in @buf: @tiles bf16 tiles. */
static void shard_cb(struct tt_program *prog, const struct tt_core_range_set *cores, uint32_t index,
		     const struct tt_buffer *buf)
{
	struct tt_cb_format f = { index, TT_DF_FLOAT16_B, TT_TILE_BYTES_FLOAT16_B };
	struct tt_cb_config cfg = { TILES * TT_TILE_BYTES_FLOAT16_B, &f, 1 };
	tt_cb_handle h;

	cr_assert_eq(tt_cb_create_globally_allocated(prog, cores, &cfg, buf, &h), TT_OK, "%s",
		     tt_last_error());
}

/*
 * The program of chip (0, @col): out = a + b on each core's shards, the
 * CBs in the three tensors' buffers on that chip.
 */
static struct tt_program *add_program(struct tt_mesh_tensor *a, struct tt_mesh_tensor *b,
				      struct tt_mesh_tensor *out, uint32_t col)
{
	struct tt_core_range_set cores = tt_mesh_tensor_cores(a);
	struct tt_dm_config rd = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	struct tt_dm_config wr = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	uint32_t op = 0, tiles = TILES;
	struct tt_compute_config cc = { .compile_args = &op, .num_compile_args = 1 };
	struct tt_program *prog;
	tt_kernel_handle k[3];

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("shard_push.c"), &cores, &rd, &k[0]), TT_OK,
		     "%s", tt_last_error());
	cr_assert_eq(tt_kernel_create(prog, KERNEL("shard_wait.c"), &cores, &wr, &k[1]), TT_OK,
		     "%s", tt_last_error());
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("eltwise_binary.c"), &cores, &cc, &k[2]),
		     TT_OK, "%s", tt_last_error());
	shard_cb(prog, &cores, 0, tt_mesh_tensor_buffer(a, 0, col));
	shard_cb(prog, &cores, 1, tt_mesh_tensor_buffer(b, 0, col));
	shard_cb(prog, &cores, 16, tt_mesh_tensor_buffer(out, 0, col));
	for (uint32_t y = 0; y < 2; y++)
		for (uint32_t x = 0; x < 4; x++)
			for (int i = 0; i < 3; i++)
				cr_assert_eq(tt_kernel_set_runtime_args(prog, k[i], tt_core(x, y),
									&tiles, 1),
					     TT_OK);
	return prog;
}

/* Logical index of [b, c, h, w] in tensor<2x3x64x128>. */
static size_t at(size_t b, size_t c, size_t h, size_t w)
{
	return ((b * 3 + c) * 64 + h) * 128 + w;
}

/* Elements of batch @batch where @got differs from @want; logs the first few. */
static uint32_t mismatches(const float *got, const float *want, uint32_t batch)
{
	uint32_t bad = 0;

	for (size_t i = at(batch, 0, 0, 0); i < at(batch + 1, 0, 0, 0); i++)
		if (got[i] != want[i] && bad++ < 5)
			cr_log_error("element %zu: %g, expected %g", i, (double)got[i],
				     (double)want[i]);
	return bad;
}

/* Chip (0, @col)'s shards of @t unpacked into @logical (the others untouched). */
static void read_chip(struct tt_mesh_tensor *t, uint32_t col, float *logical)
{
	const struct tt_layout *l = tt_mesh_tensor_layout(t);
	size_t shard = tt_layout_shard_bytes(l);
	uint8_t *bytes = malloc(shard * 8);

	cr_assert_eq(tt_buffer_read(tt_mesh_tensor_buffer(t, 0, col), bytes), TT_OK, "%s",
		     tt_last_error());
	for (uint64_t k = 0; k < 8; k++) {
		uint64_t g[3] = { col, k / 4, k % 4 };

		cr_assert_eq(tt_tilize_shard_unpack(l, bytes + k * shard, shard, g, logical), TT_OK,
			     "%s", tt_last_error());
	}
	free(bytes);
}

Test(mesh_layout, seed_batch_over_two_chips, .timeout = 180)
{
	struct tt_system *sys = open_n300(4, 2);
	struct tt_layout l = seed_layout(2, 2, 2);
	struct tt_mesh_tensor *a = tensor(sys, &l), *b = tensor(sys, &l), *c = tensor(sys, &l);
	float *va = malloc(ELEMS * 4), *vb = malloc(ELEMS * 4), *want = malloc(ELEMS * 4);
	float *got = calloc(ELEMS, 4);
	struct tt_program *prog[2];
	struct tt_run_report rep;

	/* One buffer per chip, a 96x32 shard (3 tiles) on each of 2x4 cores. */
	cr_assert_eq(tt_mesh_tensor_mesh(a)->shape[0], 1);
	cr_assert_eq(tt_mesh_tensor_mesh(a)->shape[1], 2);
	cr_assert_eq(tt_mesh_tensor_shards_per_chip(a), 8);
	cr_assert_eq(tt_buffer_bank_size(tt_mesh_tensor_buffer(a, 0, 1)),
		     TILES * TT_TILE_BYTES_FLOAT16_B);
	cr_assert_eq(tt_mesh_tensor_chip(a, 0, 1), tt_system_chip(sys, 1));

	fill(va, ELEMS, 7, 61);
	fill(vb, ELEMS, 13, 37);
	for (size_t i = 0; i < ELEMS; i++)
		want[i] = va[i] + vb[i];
	cr_assert_eq(tt_mesh_tensor_write(a, va), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_mesh_tensor_write(b, vb), TT_OK, "%s", tt_last_error());

	/*
	 * The outer grid dim picks the chip: [1, 1, 32, 96] is physical
	 * (1, 96, 96), grid (1, 1, 3), so the first value of core (3, 1) of
	 * chip 1 (a tile's first element).
	 */
	{
		uint16_t first = 0;

		cr_assert_eq(tt_device_l1_read(tt_system_chip(sys, 1), tt_core(3, 1),
					       tt_buffer_address(tt_mesh_tensor_buffer(a, 0, 1)),
					       &first, 2),
			     TT_OK);
		cr_expect_eq(first, tt_tilize_f32_to_bf16(va[at(1, 1, 32, 96)]), "0x%04x", first);
	}

	for (uint32_t col = 0; col < 2; col++) {
		prog[col] = add_program(a, b, c, col);
		cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, col), prog[col], &rep), TT_OK,
			     "chip %u: %s", col, tt_last_error());
	}
	for (uint32_t col = 0; col < 2; col++)
		cr_assert_eq(tt_finish(tt_system_chip(sys, col), 60000, &rep), TT_OK, "chip %u: %s",
			     col, tt_last_error());
	cr_assert_eq(tt_mesh_tensor_read(c, got), TT_OK, "%s", tt_last_error());
	cr_expect_eq(mismatches(got, want, 0), 0, "batch 0 (chip 0)");
	cr_expect_eq(mismatches(got, want, 1), 0, "batch 1 (chip 1)");
	/* The inputs are still there, unchanged. */
	cr_assert_eq(tt_mesh_tensor_read(a, got), TT_OK);
	cr_expect_eq(memcmp(got, va, ELEMS * 4), 0);

	for (uint32_t col = 0; col < 2; col++)
		tt_program_destroy(prog[col]);
	cr_expect_eq(tt_mesh_tensor_free(a), TT_OK);
	cr_expect_eq(tt_mesh_tensor_free(b), TT_OK);
	cr_expect_eq(tt_mesh_tensor_free(c), TT_OK);
	tt_system_close(sys);
	free(va);
	free(vb);
	free(want);
	free(got);
}

static uint64_t l1_allocated(struct tt_system *sys, uint32_t chip)
{
	struct tt_alloc_stats st;

	cr_assert_eq(tt_device_alloc_stats(tt_system_chip(sys, chip), TT_BUFFER_L1, &st), TT_OK,
		     "%s", tt_last_error());
	return st.total_allocated;
}

/*
 * Meshes and grids the system cannot hold, chips outside the mesh: each
 * refused with what, where and the fix, leaving nothing allocated on any
 * chip, even when one chip has taken its buffer before another fails.
 */
Test(mesh_layout, what_the_system_cannot_hold, .timeout = 120)
{
	struct tt_system *sys = open_n300(4, 2);
	struct tt_layout l = seed_layout(2, 2, 2), four = seed_layout(4, 4, 2);
	struct tt_layout wide = seed_layout(2, 2, 4);
	struct tt_layout_mesh m2x2 = { .shape = { 2, 2 }, .device_dims = 1 };
	struct tt_mesh_tensor *t = NULL;
	struct tt_buffer *hog;
	uint64_t before[2] = { l1_allocated(sys, 0), l1_allocated(sys, 1) };

	cr_expect_eq(tt_mesh_tensor_create(sys, &l, &m2x2, &t), TT_ERANGE);
	cr_expect(strstr(tt_last_error(), "a 2x2 mesh does not fit the N300 system (1x2 chips): "
					  "use a mesh of at most 1x2 or a larger system"),
		  "%s", tt_last_error());
	cr_expect_eq(tt_mesh_tensor_create(sys, &four, &batch_over_chips, &t), TT_ERANGE);
	cr_expect(strstr(tt_last_error(), "grid dim 0 puts the tensor on 4 chips but goes over "
					  "the 2 chips of the 1x2 mesh"),
		  "%s", tt_last_error());
	cr_expect_eq(tt_mesh_tensor_create(sys, &wide, &batch_over_chips, &t), TT_ERANGE);
	cr_expect(strstr(tt_last_error(), "chip 0 (mesh (0, 0)): the layout's core grid is 4x4 "
					  "(rows x columns) but the chip has 2x4 worker cores"),
		  "%s", tt_last_error());
	cr_expect_null(t);

	/* Chip 1's L1 is nearly full: chip 0's buffer is taken back. */
	{
		struct tt_buffer_config cfg = { .page_size = 1024, .type = TT_BUFFER_L1 };
		struct tt_alloc_stats st;

		cr_assert_eq(tt_device_alloc_stats(tt_system_chip(sys, 1), TT_BUFFER_L1, &st),
			     TT_OK);
		cfg.size = (st.largest_free_block - 4096) / 1024 * 1024 * 8;
		cr_assert_eq(tt_buffer_create(tt_system_chip(sys, 1), &cfg, &hog), TT_OK, "%s",
			     tt_last_error());
	}
	cr_expect_eq(tt_mesh_tensor_create(sys, &l, &batch_over_chips, &t), TT_ENOMEM);
	cr_expect(strstr(tt_last_error(), "tt_mesh_tensor_create: chip 1 (mesh (0, 1)): "), "%s",
		  tt_last_error());
	cr_expect_eq(l1_allocated(sys, 0), before[0], "chip 0 keeps nothing of the failed tensor");
	cr_assert_eq(tt_buffer_free(hog), TT_OK);
	cr_expect_eq(l1_allocated(sys, 1), before[1]);

	/* A chip outside the mesh. */
	t = tensor(sys, &l);
	cr_expect_null(tt_mesh_tensor_buffer(t, 0, 2));
	cr_expect(strstr(tt_last_error(), "tt_mesh_tensor_buffer: chip (0, 2) is outside the 1x2 "
					  "mesh: rows are 0..0 and columns 0..1"),
		  "%s", tt_last_error());
	cr_expect_null(tt_mesh_tensor_chip(t, 1, 0));
	cr_expect(strstr(tt_last_error(), "chip (1, 0) is outside the 1x2 mesh"), "%s",
		  tt_last_error());
	cr_expect_eq(tt_mesh_tensor_free(t), TT_OK);
	cr_expect_eq(l1_allocated(sys, 0), before[0]);
	cr_expect_eq(l1_allocated(sys, 1), before[1]);
	tt_system_close(sys);
}

/*
 * A batch of 3 over 2 chips does not divide: the layout ceil-divides, so
 * chip 1 holds batch 2 and a batch of padding, and the data round-trip;
 * TTNN's mesh mappers cannot say that, and the TTNN form is refused.
 */
Test(mesh_layout, a_split_that_does_not_divide, .timeout = 120)
{
	struct tt_system *sys = open_n300(4, 2);
	struct tt_layout l = seed_layout(3, 2, 2);
	struct tt_mesh_tensor *t = tensor(sys, &l);
	size_t n = 3 * 3 * 64 * 128, shard = tt_layout_shard_bytes(&l);
	float *v = malloc(n * 4), *got = calloc(n, 4);
	uint8_t *bytes = malloc(shard * 8);
	struct tt_layout_mesh m = *tt_mesh_tensor_mesh(t);
	struct tt_layout_mesh_ttnn ttnn;

	cr_assert_eq(tt_layout_shard_bytes(&l), 2 * TILES * TT_TILE_BYTES_FLOAT16_B,
		     "2 batches per chip");
	fill(v, n, 5, 41);
	cr_assert_eq(tt_mesh_tensor_write(t, v), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_mesh_tensor_read(t, got), TT_OK, "%s", tt_last_error());
	cr_expect_eq(memcmp(got, v, n * 4), 0);
	/* Chip 1, core (0, 0): its second batch slot is padding, zero. */
	cr_assert_eq(tt_buffer_read(tt_mesh_tensor_buffer(t, 0, 1), bytes), TT_OK);
	for (size_t i = shard / 2; i < shard; i++)
		cr_assert_eq(bytes[i], 0, "padding byte %zu", i);

	cr_expect_eq(tt_layout_mesh_to_ttnn(&l, &m, &ttnn), TT_ELAYOUT);
	cr_expect(strstr(tt_last_error(), "d0 (3) does not split evenly into 2 parts"), "%s",
		  tt_last_error());
	tt_mesh_tensor_free(t);
	tt_system_close(sys);
	free(v);
	free(got);
	free(bytes);
}

/*
 * Chip 1's QEMU is killed while both chips run: chip 1's finish names
 * it, chip 0's work completes and reads back right, the tensor refuses
 * to read the lost chip, and chip 0 runs another program after.
 */
Test(mesh_layout, a_chip_killed_mid_run, .timeout = 180)
{
	struct tt_system *sys = open_n300(4, 2);
	struct tt_layout l = seed_layout(2, 2, 2);
	struct tt_mesh_tensor *a = tensor(sys, &l), *b = tensor(sys, &l), *c = tensor(sys, &l);
	float *va = malloc(ELEMS * 4), *vb = malloc(ELEMS * 4), *want = malloc(ELEMS * 4);
	float *got = calloc(ELEMS, 4), zero[1] = { 0 };
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *spin =
		e2e_program(KERNEL("spin.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	struct tt_program *add = add_program(a, b, c, 0);
	struct tt_device *chip1 = tt_system_chip(sys, 1);

	fill(va, ELEMS, 3, 29);
	fill(vb, ELEMS, 11, 53);
	for (size_t i = 0; i < ELEMS; i++)
		want[i] = va[i] + vb[i];
	cr_assert_eq(tt_mesh_tensor_write(a, va), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_mesh_tensor_write(b, vb), TT_OK, "%s", tt_last_error());

	cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, 0), add, &rep), TT_OK);
	cr_assert_eq(tt_enqueue_program(chip1, spin, &rep), TT_OK);
	cr_assert_gt(tt_device_qemu_pid(chip1), 0);
	cr_assert_eq(kill(tt_device_qemu_pid(chip1), SIGKILL), 0);
	cr_expect_neq(tt_finish(chip1, 30000, &rep), TT_OK);
	cr_expect(strstr(tt_last_error(), "lost the device: QEMU exited: chip 1 is gone"), "%s",
		  tt_last_error());
	cr_assert_eq(tt_finish(tt_system_chip(sys, 0), 60000, &rep), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_enqueue_program(chip1, spin, &rep), TT_EDEVICE);
	cr_expect(strstr(tt_last_error(), "tt_enqueue_program: chip 1 is lost: its QEMU exited"),
		  "%s", tt_last_error());

	/* The tensor names the lost chip; chip 0's half is all there. */
	cr_expect_eq(tt_mesh_tensor_read(c, got), TT_ENODEV);
	cr_expect(strstr(tt_last_error(), "tt_mesh_tensor_read: chip 1 (mesh (0, 1)) is lost: "
					  "its QEMU exited"),
		  "%s", tt_last_error());
	cr_expect_eq(tt_mesh_tensor_write(c, zero), TT_ENODEV);
	cr_expect(strstr(tt_last_error(), "chip 1 (mesh (0, 1)) is lost"), "%s", tt_last_error());
	read_chip(c, 0, got);
	cr_expect_eq(mismatches(got, want, 0), 0, "chip 0's sums");

	/* Chip 0 runs on: c = a + b again after clearing it, then c = c + b. */
	memset(got, 0, ELEMS * 4);
	cr_assert_eq(tt_buffer_write_region(tt_mesh_tensor_buffer(c, 0, 0), 0, got,
					    tt_buffer_size(tt_mesh_tensor_buffer(c, 0, 0))),
		     TT_OK);
	e2e_run_ok(tt_system_chip(sys, 0), add, &rep);
	read_chip(c, 0, got);
	cr_expect_eq(mismatches(got, want, 0), 0, "chip 0's sums, run again");

	tt_program_destroy(add);
	tt_program_destroy(spin);
	tt_mesh_tensor_free(a);
	tt_mesh_tensor_free(b);
	tt_mesh_tensor_free(c);
	cr_expect_eq(tt_system_close(sys), TT_OK);
	free(va);
	free(vb);
	free(want);
	free(got);
}

/*
 * Closing the system with a program in flight on every chip: the close
 * returns at once and stops them, the programs stay valid (they run on
 * the next system), and the tensors left behind free cleanly.
 */
Test(mesh_layout, closing_with_work_in_flight, .timeout = 180)
{
	struct tt_system *sys = open_n300(4, 2);
	struct tt_layout l = seed_layout(2, 2, 2);
	struct tt_mesh_tensor *t = tensor(sys, &l);
	float *v = calloc(ELEMS, 4);
	struct tt_run_report rep;
	tt_kernel_handle k, ka;
	struct tt_program *spin =
		e2e_program(KERNEL("spin.c"), tt_core_range(0, 0, 3, 1), TT_DM_RISCV_0, &k);
	struct tt_program *args =
		e2e_program(KERNEL("args_to_l1.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &ka);
	uint32_t a[4] = { 0x100000, 4, 0, 0xc105ed }, seen[4] = { 0 };
	int pid[2];

	cr_assert_eq(tt_kernel_set_runtime_args(args, ka, tt_core(0, 0), a, 4), TT_OK);
	for (uint32_t id = 0; id < 2; id++) {
		pid[id] = tt_device_qemu_pid(tt_system_chip(sys, id));
		cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, id), spin, &rep), TT_OK);
	}
	cr_expect_eq(tt_system_close(sys), TT_OK, "%s", tt_last_error());
	for (uint32_t id = 0; id < 2; id++)
		cr_expect_neq(kill(pid[id], 0), 0, "chip %u's QEMU is gone", id);
	cr_expect_eq(tt_mesh_tensor_write(t, v), TT_ENODEV);
	cr_expect(strstr(tt_last_error(), "the system of this tensor was closed"), "%s",
		  tt_last_error());
	cr_expect_eq(tt_mesh_tensor_free(t), TT_OK);

	sys = open_n300(4, 2);
	for (uint32_t id = 0; id < 2; id++) {
		struct tt_device *chip = tt_system_chip(sys, id);

		cr_assert_eq(tt_enqueue_program(chip, spin, &rep), TT_OK, "%s", tt_last_error());
		cr_expect_eq(tt_finish(chip, 300, &rep), TT_ETIMEDOUT);
		e2e_run_ok(chip, args, &rep);
		cr_assert_eq(tt_device_l1_read(chip, tt_core(0, 0), 0x100000, seen, sizeof(seen)),
			     TT_OK);
		cr_expect_eq(seen[3], 0xc105ed, "chip %u", id);
	}
	tt_program_destroy(spin);
	tt_program_destroy(args);
	tt_system_close(sys);
	free(v);
}

/* The words of chip (@row, @col)'s buffer of @t. */
static uint32_t *chip_bytes(struct tt_mesh_tensor *t, uint32_t row, uint32_t col)
{
	struct tt_buffer *b = tt_mesh_tensor_buffer(t, row, col);
	uint32_t *w;

	cr_assert_not_null(b, "%s", tt_last_error());
	w = malloc(tt_buffer_size(b));
	cr_assert_eq(tt_buffer_read(b, w), TT_OK, "%s", tt_last_error());
	return w;
}

/*
 * The other placements on a 2x2 mesh: two grid dims over rows and
 * columns (chip (r, c) holds [r, c, :, :]), one over the rows only
 * (replicated along each row), and the whole layout on every chip.
 */
Test(mesh_layout, placements_on_a_2x2_mesh, .timeout = 180)
{
	struct tt_system_config cfg = { .name = "2x2", .chip = { .grid_x = 4, .grid_y = 2 } };
	struct tt_system *sys = NULL;
	struct tt_layout_desc d = {
		.rank = 4,
		.shape = { 2, 2, 64, 64 },
		.dtype = TT_DF_FLOAT32,
		.n_intervals = 1,
		.intervals = { { 0, 1 } }, /* (d0, d1, d2, d3) */
		.grid_rank = 4,
		.grid = { 2, 2, 2, 1 },
	};
	struct tt_layout l;
	struct tt_layout_mesh both = { .device_dims = 2 };
	struct tt_mesh_tensor *t;
	size_t n = 2 * 2 * 64 * 64;
	float *v = malloc(n * 4), *got = calloc(n, 4);
	uint32_t *w[4];

	cr_assert_eq(tt_system_open(&cfg, &sys), TT_OK, "%s", tt_last_error());
	fill(v, n, 17, 101);
	cr_assert_eq(tt_layout_create(&l, &d), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_mesh_tensor_create(sys, &l, &both, &t), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_mesh_tensor_write(t, v), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_mesh_tensor_read(t, got), TT_OK, "%s", tt_last_error());
	cr_expect_eq(memcmp(got, v, n * 4), 0);
	/* Chip (1, 0), core (0, 1): rows 32.. of [1, 0], row-major f32. */
	{
		float first = 0;
		uint32_t addr = tt_buffer_address(tt_mesh_tensor_buffer(t, 1, 0));

		cr_assert_eq(tt_device_l1_read(tt_mesh_tensor_chip(t, 1, 0), tt_core(0, 1), addr,
					       &first, 4),
			     TT_OK);
		cr_expect_eq(first, v[((1 * 2 + 0) * 64 + 32) * 64], "%g", (double)first);
	}
	tt_mesh_tensor_free(t);

	/* d0 down the rows: both chips of a row hold the same shards. */
	{
		struct tt_layout_mesh rows = { .device_dims = 1, .over = TT_LAYOUT_MESH_ROWS };
		size_t bytes;

		d.n_intervals = 1;
		d.intervals[0] = (struct tt_layout_interval){ 1, -1 }; /* (d0, d1 * 64 + d2, d3) */
		d.grid_rank = 3;
		d.grid[0] = 2, d.grid[1] = 2, d.grid[2] = 4;
		cr_assert_eq(tt_layout_create(&l, &d), TT_OK, "%s", tt_last_error());
		cr_assert_eq(tt_mesh_tensor_create(sys, &l, &rows, &t), TT_OK, "%s",
			     tt_last_error());
		cr_assert_eq(tt_mesh_tensor_write(t, v), TT_OK, "%s", tt_last_error());
		for (uint32_t i = 0; i < 4; i++)
			w[i] = chip_bytes(t, i / 2, i % 2);
		bytes = tt_buffer_size(tt_mesh_tensor_buffer(t, 0, 0));
		cr_expect_eq(memcmp(w[0], w[1], bytes), 0, "row 0's chips agree");
		cr_expect_eq(memcmp(w[2], w[3], bytes), 0, "row 1's chips agree");
		cr_expect_neq(memcmp(w[0], w[2], bytes), 0, "the rows hold different batches");
		for (uint32_t i = 0; i < 4; i++)
			free(w[i]);
		memset(got, 0, n * 4);
		cr_assert_eq(tt_mesh_tensor_read(t, got), TT_OK, "%s", tt_last_error());
		cr_expect_eq(memcmp(got, v, n * 4), 0);
		tt_mesh_tensor_free(t);
	}

	/* The whole layout on every chip. */
	{
		struct tt_layout_mesh every = { .device_dims = 0 };
		size_t bytes;

		d.n_intervals = 0; /* (d0 * 128 + d1 * 64 + d2, d3) */
		d.grid_rank = 2;
		d.grid[0] = 2, d.grid[1] = 4;
		cr_assert_eq(tt_layout_create(&l, &d), TT_OK, "%s", tt_last_error());
		cr_assert_eq(tt_mesh_tensor_create(sys, &l, &every, &t), TT_OK, "%s",
			     tt_last_error());
		cr_assert_eq(tt_mesh_tensor_write(t, v), TT_OK, "%s", tt_last_error());
		bytes = tt_buffer_size(tt_mesh_tensor_buffer(t, 0, 0));
		w[0] = chip_bytes(t, 0, 0);
		for (uint32_t i = 1; i < 4; i++) {
			w[i] = chip_bytes(t, i / 2, i % 2);
			cr_expect_eq(memcmp(w[0], w[i], bytes), 0, "chip %u holds it all", i);
			free(w[i]);
		}
		free(w[0]);
		tt_mesh_tensor_free(t);
	}
	tt_system_close(sys);
	free(v);
	free(got);
}
