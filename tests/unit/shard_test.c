// SPDX-License-Identifier: Apache-2.0
/*
 * Tests of shard specs (tt/shard.h): HEIGHT, WIDTH and BLOCK page
 * mappings with partial last shards, core placement in both orientations,
 * invalid specs, scatter / gather with padding and aligned pages, and a
 * property test over random specs.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <tt/error.h>
#include <tt/shard.h>

static char why[256];

static void valid(const struct tt_shard_spec *s)
{
	int err = tt_shard_check(s, why, sizeof(why));

	cr_assert_eq(err, TT_OK, "tt_shard_check: %s", why);
}

static void invalid(const struct tt_shard_spec *s, const char *needle)
{
	why[0] = '\0';
	cr_assert_eq(tt_shard_check(s, why, sizeof(why)), TT_ELAYOUT);
	cr_assert(strstr(why, needle), "reason \"%s\" lacks \"%s\"", why,
		  needle);
}

static void expect_locate(const struct tt_shard_spec *s, uint32_t page,
			  uint32_t shard, uint32_t offset)
{
	uint32_t k, o, back;

	cr_assert_eq(tt_shard_locate(s, page, &k, &o), TT_OK);
	cr_assert_eq(k, shard, "page %u: shard %u, expected %u", page, k, shard);
	cr_assert_eq(o, offset, "page %u: offset %u, expected %u", page, o,
		     offset);
	cr_assert_eq(tt_shard_page(s, k, o, &back), TT_OK);
	cr_assert_eq(back, page);
}

static void expect_core(const struct tt_shard_spec *s, uint32_t shard,
			uint32_t x, uint32_t y)
{
	uint32_t cx, cy;

	cr_assert_eq(tt_shard_core(s, shard, &cx, &cy), TT_OK);
	cr_assert_eq(cx, x, "shard %u: x %u, expected %u", shard, cx, x);
	cr_assert_eq(cy, y, "shard %u: y %u, expected %u", shard, cy, y);
}

/*
 * Row-major 100x64 tensor, one page per row (1x64), shards of 32 rows:
 * 100 pages, ceil(100 / 32) = 4 shards, the last with 100 - 96 = 4 rows.
 * Page 40 is row 8 of shard 1; offset 4 of shard 3 would be page 100.
 */
Test(shard, height_row_major_pages)
{
	struct tt_shard_spec s = {
		.layout = TT_SHARD_HEIGHT, .tensor_shape = { 100, 64 },
		.shard_shape = { 32, 64 }, .page_shape = { 1, 64 },
		.grid_x = 4, .grid_y = 1, .orientation = TT_SHARD_ROW_MAJOR,
	};
	uint32_t page, g[2];

	valid(&s);
	cr_assert_eq(tt_shard_num_pages(&s), 100);
	cr_assert_eq(tt_shard_count(&s), 4);
	cr_assert_eq(tt_shard_pages_per_shard(&s), 32);
	tt_shard_grid(&s, g);
	cr_assert_eq(g[0], 4);
	cr_assert_eq(g[1], 1);
	expect_locate(&s, 0, 0, 0);
	expect_locate(&s, 40, 1, 8);
	expect_locate(&s, 99, 3, 3);
	cr_assert_eq(tt_shard_page(&s, 3, 4, &page), TT_ENOENT);
	cr_assert_eq(tt_shard_page(&s, 3, 32, &page), TT_ERANGE);
	cr_assert_eq(tt_shard_page(&s, 4, 0, &page), TT_ERANGE);
	cr_assert_eq(tt_shard_locate(&s, 100, &page, &page), TT_ERANGE);
	cr_assert_eq(tt_shard_data_pages(&s, 0), 32);
	cr_assert_eq(tt_shard_data_pages(&s, 3), 4);
	expect_core(&s, 3, 3, 0);

	/* The same shards on a 2x2 grid: ROW_MAJOR x first, COL_MAJOR y. */
	s.grid_x = 2;
	s.grid_y = 2;
	valid(&s);
	expect_core(&s, 1, 1, 0);
	expect_core(&s, 2, 0, 1);
	s.orientation = TT_SHARD_COL_MAJOR;
	valid(&s);
	expect_core(&s, 1, 0, 1);
	expect_core(&s, 2, 1, 0);
}

/*
 * 64x200 in 32x32 tiles: 2x7 pages.  WIDTH shards of 64x64 = 2x2 pages:
 * ceil(7 / 2) = 4 shards, the last one column of pages wide.  Page 9 is
 * (row 1, col 2): shard 1, offset 1 * 2 + 0 = 2.
 */
Test(shard, width_tiles)
{
	struct tt_shard_spec s = {
		.layout = TT_SHARD_WIDTH, .tensor_shape = { 64, 200 },
		.shard_shape = { 64, 64 }, .page_shape = { 32, 32 },
		.grid_x = 8, .grid_y = 8,
	};
	uint32_t page;

	valid(&s);
	cr_assert_eq(tt_shard_count(&s), 4);
	expect_locate(&s, 9, 1, 2);
	expect_locate(&s, 13, 3, 2);
	expect_locate(&s, 6, 3, 0);
	cr_assert_eq(tt_shard_page(&s, 3, 1, &page), TT_ENOENT);
	cr_assert_eq(tt_shard_page(&s, 3, 3, &page), TT_ENOENT);
	cr_assert_eq(tt_shard_data_pages(&s, 3), 2);
	expect_core(&s, 3, 3, 0);
}

/*
 * 96x128 in 32x32 tiles: 3x4 pages; BLOCK shards of 64x64 = 2x2 pages,
 * a 2x2 grid of shards whose bottom row is half empty.  Page 11 is
 * (row 2, col 3): shard (1, 1) = 3, offset 0 * 2 + 1 = 1.  ROW_MAJOR puts
 * shard (row 1, col 0) on core (x 0, y 1); COL_MAJOR on (x 1, y 0).
 */
Test(shard, block_tiles)
{
	struct tt_shard_spec s = {
		.layout = TT_SHARD_BLOCK, .tensor_shape = { 96, 128 },
		.shard_shape = { 64, 64 }, .page_shape = { 32, 32 },
		.grid_x = 2, .grid_y = 2,
	};

	valid(&s);
	expect_locate(&s, 11, 3, 1);
	expect_locate(&s, 5, 0, 3);
	expect_locate(&s, 8, 2, 0);
	cr_assert_eq(tt_shard_data_pages(&s, 0), 4);
	cr_assert_eq(tt_shard_data_pages(&s, 2), 2);
	expect_core(&s, 2, 0, 1);
	expect_core(&s, 1, 1, 0);
	s.orientation = TT_SHARD_COL_MAJOR;
	valid(&s);
	expect_core(&s, 2, 1, 0);
	expect_core(&s, 1, 0, 1);

	/* 2x3 shards need 3 columns of cores in ROW_MAJOR, 3 rows in COL. */
	s.tensor_shape[1] = 192;
	s.grid_x = 3;
	s.grid_y = 2;
	invalid(&s, "needs a 2x3 (x by y) core grid, not 3x2");
	s.orientation = TT_SHARD_ROW_MAJOR;
	valid(&s);
	expect_core(&s, 5, 2, 1);
}

Test(shard, rejects_invalid_specs)
{
	struct tt_shard_spec s = {
		.layout = TT_SHARD_HEIGHT, .tensor_shape = { 53, 63 },
		.shard_shape = { 18, 64 }, .page_shape = { 32, 32 },
		.grid_x = 8, .grid_y = 8,
	};

	invalid(&s, "shard 18x64 is not made of whole 32x32 pages (rows): round it up to 32x64");
	s.shard_shape[0] = 32;
	s.shard_shape[1] = 32;
	invalid(&s, "HEIGHT sharding splits rows only, so a shard spans the full width: shard width 32 must be 64 (2 pages of 32)");
	s.layout = TT_SHARD_WIDTH;
	invalid(&s, "shard height 32 must be 64");
	s.layout = TT_SHARD_BLOCK;
	s.grid_x = 1;
	s.grid_y = 2;
	invalid(&s, "BLOCK sharding makes 4 shards (2x2) but the core grid 1x2 has 2 cores");
	s.grid_x = 0;
	invalid(&s, "core grid 0x2 is empty");
	s.grid_x = 2;
	s.page_shape[0] = 0;
	invalid(&s, "must all be at least 1x1");
	s.page_shape[0] = 32;
	s.layout = 0;
	invalid(&s, "sharding scheme 0 is unknown");
	s.layout = TT_SHARD_BLOCK;
	s.orientation = 7;
	invalid(&s, "shard orientation 7 is unknown");
	s.orientation = TT_SHARD_ROW_MAJOR;
	valid(&s);
	cr_assert_eq(tt_shard_check(&s, NULL, 0), TT_OK);
}

/*
 * 50x70 uint16 tensor, 16x16 pages (4x5 pages, the last row and column of
 * pages partial), BLOCK shards of 32x48 = 2x3 pages: 2x2 shards.  Pages
 * are stored 16 * 16 * 2 = 512 bytes apart plus 32 bytes of alignment.
 * Element (40, 60) is in page (2, 3) = shard 3, offset 0, at row 8,
 * column 12 of the page.  Element (50, 0) lies past the last row: its
 * slot (shard 2, offset 3, page row 2) holds the pad value.
 */
Test(shard, scatter_gather_block_with_padding)
{
	enum { H = 50, W = 70, STRIDE = 512 + 32 };
	struct tt_shard_spec s = {
		.layout = TT_SHARD_BLOCK, .tensor_shape = { H, W },
		.shard_shape = { 32, 48 }, .page_shape = { 16, 16 },
		.grid_x = 2, .grid_y = 2,
	};
	static uint16_t src[H * W], back[H * W];
	const uint16_t pad = 0xbeef;
	uint8_t *shards[4];
	size_t bytes;
	uint16_t v;

	valid(&s);
	bytes = tt_shard_buffer_bytes(&s, 2, STRIDE);
	cr_assert_eq(bytes, 6 * STRIDE);
	for (int i = 0; i < H * W; i++)
		src[i] = (uint16_t)i;
	for (int k = 0; k < 4; k++) {
		shards[k] = malloc(bytes);
		memset(shards[k], 0xa5, bytes);
	}
	cr_assert_eq(tt_shard_scatter(&s, 2, STRIDE, src,
				      (void *const *)shards, &pad), TT_OK);

	memcpy(&v, shards[3] + 0 * STRIDE + (8 * 16 + 12) * 2, 2);
	cr_assert_eq(v, 40 * W + 60);
	/*
	 * Page (3, 0), rows 48-63, is offset 1 * 3 + 0 = 3 of shard 2: its
	 * row 1 is tensor row 49, its row 2 would be row 50, padding.
	 */
	memcpy(&v, shards[2] + 3 * STRIDE + (2 * 16 + 0) * 2, 2);
	cr_assert_eq(v, 0xbeef);
	memcpy(&v, shards[2] + 3 * STRIDE + (1 * 16 + 0) * 2, 2);
	cr_assert_eq(v, 49 * W);
	/* Column 70 onwards is padding: page (0, 4) col 6 = column 70. */
	memcpy(&v, shards[1] + 1 * STRIDE + 6 * 2, 2);
	cr_assert_eq(v, 0xbeef);
	/* Shard 3 offset 2 would be page column 6: a whole padding page. */
	memcpy(&v, shards[3] + 2 * STRIDE + 100, 2);
	cr_assert_eq(v, 0xbeef);
	/* The alignment gap after each page is zeroed. */
	for (int i = 512; i < STRIDE; i++)
		cr_assert_eq(shards[0][i], 0);

	memset(back, 0, sizeof(back));
	cr_assert_eq(tt_shard_gather(&s, 2, STRIDE,
				     (const void *const *)shards, back), TT_OK);
	cr_assert_eq(memcmp(src, back, sizeof(src)), 0);

	/* Without pad the slots are zeroed; a short stride is refused. */
	cr_assert_eq(tt_shard_scatter(&s, 2, 0, src, (void *const *)shards,
				      NULL), TT_OK);
	memcpy(&v, shards[2] + 3 * 512 + (2 * 16) * 2, 2);
	cr_assert_eq(v, 0);
	cr_assert_eq(tt_shard_scatter(&s, 2, 100, src, (void *const *)shards,
				      NULL), TT_EINVAL);
	cr_assert_eq(tt_shard_gather(&s, 0, 0, (const void *const *)shards,
				     back), TT_EINVAL);
	for (int k = 0; k < 4; k++)
		free(shards[k]);
}

/*
 * Tiles as elements: a tiled 64x96 bf16 tensor is 2x3 tiles of 2048
 * bytes (already tilized, in page order); WIDTH sharding one tile
 * column per core moves whole tiles.
 */
Test(shard, tiles_as_elements)
{
	struct tt_shard_spec s = {
		.layout = TT_SHARD_WIDTH, .tensor_shape = { 2, 3 },
		.shard_shape = { 2, 1 }, .page_shape = { 1, 1 },
		.grid_x = 3, .grid_y = 1,
	};
	static uint8_t tiles[6 * 2048], sh[3][2 * 2048];
	void *const shards[3] = { sh[0], sh[1], sh[2] };

	valid(&s);
	for (int t = 0; t < 6; t++)
		memset(tiles + t * 2048, t + 1, 2048);
	cr_assert_eq(tt_shard_scatter(&s, 2048, 0, tiles, shards, NULL), TT_OK);
	/* Core 1 holds tiles 1 (row 0, col 1) and 4 (row 1, col 1). */
	cr_assert_eq(sh[1][0], 2);
	cr_assert_eq(sh[1][2048], 5);
}

static uint64_t rng_state = 0x13198a2e03707344ull;

static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 33) % n;
}

/*
 * Random specs: every page has one (shard, offset), no two pages share
 * one, data pages per shard add up, shards sit on distinct cores inside
 * the grid, and scatter + gather returns the tensor.
 */
Test(shard, property_random_specs)
{
	unsigned done = 0;

	for (unsigned iter = 0; done < 300 && iter < 5000; iter++) {
		struct tt_shard_spec s = {
			.layout = (enum tt_shard_layout)(1 + rnd(3)),
			.orientation = (enum tt_shard_orientation)rnd(2),
			.page_shape = { 1 + rnd(4), 1 + rnd(4) },
			.tensor_shape = { 1 + rnd(30), 1 + rnd(30) },
			.grid_x = 1 + rnd(5), .grid_y = 1 + rnd(5),
		};
		uint32_t tp[2], per, n, nshards, elems, *seen, *cores;
		uint32_t data_sum = 0;
		uint8_t **shards;
		uint32_t *src, *back;

		tt_shard_tensor_pages(&s, tp);
		for (int i = 0; i < 2; i++)
			s.shard_shape[i] = s.page_shape[i] * (1 + rnd(tp[i]));
		if (s.layout == TT_SHARD_HEIGHT)
			s.shard_shape[1] = tp[1] * s.page_shape[1];
		if (s.layout == TT_SHARD_WIDTH)
			s.shard_shape[0] = tp[0] * s.page_shape[0];
		if (tt_shard_check(&s, NULL, 0))
			continue;
		done++;

		n = tt_shard_num_pages(&s);
		per = tt_shard_pages_per_shard(&s);
		nshards = tt_shard_count(&s);
		seen = calloc((size_t)per * nshards, sizeof(*seen));
		cores = calloc((size_t)s.grid_x * s.grid_y, sizeof(*cores));
		for (uint32_t p = 0; p < n; p++) {
			uint32_t k, o, back_page;

			cr_assert_eq(tt_shard_locate(&s, p, &k, &o), TT_OK);
			cr_assert_lt(k, nshards);
			cr_assert_lt(o, per);
			cr_assert_eq(seen[k * per + o], 0, "pages collide");
			seen[k * per + o] = p + 1;
			cr_assert_eq(tt_shard_page(&s, k, o, &back_page),
				     TT_OK);
			cr_assert_eq(back_page, p);
		}
		for (uint32_t k = 0; k < nshards; k++) {
			uint32_t x, y, in = 0, page;

			for (uint32_t o = 0; o < per; o++) {
				int err = tt_shard_page(&s, k, o, &page);

				cr_assert_eq(err, seen[k * per + o] ? TT_OK :
					     TT_ENOENT);
				in += !err;
			}
			cr_assert_eq(tt_shard_data_pages(&s, k), in);
			data_sum += in;
			cr_assert_eq(tt_shard_core(&s, k, &x, &y), TT_OK);
			cr_assert_lt(x, s.grid_x);
			cr_assert_lt(y, s.grid_y);
			cr_assert_eq(cores[y * s.grid_x + x], 0,
				     "two shards on core (%u, %u)", x, y);
			cores[y * s.grid_x + x] = 1;
		}
		cr_assert_eq(data_sum, n);

		elems = s.tensor_shape[0] * s.tensor_shape[1];
		src = malloc(elems * sizeof(*src));
		back = calloc(elems, sizeof(*back));
		shards = malloc(nshards * sizeof(*shards));
		for (uint32_t i = 0; i < elems; i++)
			src[i] = i * 2654435761u;
		for (uint32_t k = 0; k < nshards; k++)
			shards[k] = malloc(tt_shard_buffer_bytes(&s, 4, 0));
		cr_assert_eq(tt_shard_scatter(&s, 4, 0, src,
					      (void *const *)shards, NULL),
			     TT_OK);
		cr_assert_eq(tt_shard_gather(&s, 4, 0,
					     (const void *const *)shards, back),
			     TT_OK);
		cr_assert_eq(memcmp(src, back, elems * sizeof(*src)), 0);
		for (uint32_t k = 0; k < nshards; k++)
			free(shards[k]);
		free(shards);
		free(src);
		free(back);
		free(seen);
		free(cores);
	}
	cr_assert_eq(done, 300);
}
