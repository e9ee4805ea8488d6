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

static void valid(const struct tt_shard_spec *s)
{
	int err = tt_shard_check(s);

	cr_assert_eq(err, TT_OK, "tt_shard_check: %s", tt_last_error());
}

static void invalid(const struct tt_shard_spec *s, const char *needle)
{
	cr_assert_eq(tt_shard_check(s), TT_ELAYOUT);
	cr_assert(strstr(tt_last_error(), needle), "reason \"%s\" lacks \"%s\"", tt_last_error(),
		  needle);
}

static void expect_locate(const struct tt_shard_spec *s, uint32_t page, uint32_t shard,
			  uint32_t offset)
{
	uint32_t k, o, back;

	cr_assert_eq(tt_shard_locate(s, page, &k, &o), TT_OK);
	cr_assert_eq(k, shard, "page %u: shard %u, expected %u", page, k, shard);
	cr_assert_eq(o, offset, "page %u: offset %u, expected %u", page, o, offset);
	cr_assert_eq(tt_shard_page(s, k, o, &back), TT_OK);
	cr_assert_eq(back, page);
}

static void expect_core(const struct tt_shard_spec *s, uint32_t shard, uint32_t x, uint32_t y)
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
		.layout = TT_SHARD_HEIGHT,
		.tensor_shape = { 100, 64 },
		.shard_shape = { 32, 64 },
		.page_shape = { 1, 64 },
		.grid_x = 4,
		.grid_y = 1,
		.orientation = TT_SHARD_ROW_MAJOR,
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
		.layout = TT_SHARD_WIDTH,
		.tensor_shape = { 64, 200 },
		.shard_shape = { 64, 64 },
		.page_shape = { 32, 32 },
		.grid_x = 8,
		.grid_y = 8,
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
		.layout = TT_SHARD_BLOCK,
		.tensor_shape = { 96, 128 },
		.shard_shape = { 64, 64 },
		.page_shape = { 32, 32 },
		.grid_x = 2,
		.grid_y = 2,
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
		.layout = TT_SHARD_HEIGHT,
		.tensor_shape = { 53, 63 },
		.shard_shape = { 18, 64 },
		.page_shape = { 32, 32 },
		.grid_x = 8,
		.grid_y = 8,
	};

	invalid(&s, "shard 18x64 is not made of whole 32x32 pages (rows): round it up to 32x64");
	s.shard_shape[0] = 32;
	s.shard_shape[1] = 32;
	invalid(&s, "HEIGHT sharding splits rows only, so a shard spans the full width: shard "
		    "width 32 must be 64 (2 pages of 32)");
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
	cr_assert_eq(tt_shard_check(&s), TT_OK);
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
		.layout = TT_SHARD_BLOCK,
		.tensor_shape = { H, W },
		.shard_shape = { 32, 48 },
		.page_shape = { 16, 16 },
		.grid_x = 2,
		.grid_y = 2,
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
	cr_assert_eq(tt_shard_scatter(&s, 2, STRIDE, src, (void *const *)shards, &pad), TT_OK);

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
	cr_assert_eq(tt_shard_gather(&s, 2, STRIDE, (const void *const *)shards, back), TT_OK);
	cr_assert_eq(memcmp(src, back, sizeof(src)), 0);

	/* Without pad the slots are zeroed; a short stride is refused. */
	cr_assert_eq(tt_shard_scatter(&s, 2, 0, src, (void *const *)shards, NULL), TT_OK);
	memcpy(&v, shards[2] + 3 * 512 + (2 * 16) * 2, 2);
	cr_assert_eq(v, 0);
	cr_assert_eq(tt_shard_scatter(&s, 2, 100, src, (void *const *)shards, NULL), TT_EINVAL);
	cr_assert_eq(tt_shard_gather(&s, 0, 0, (const void *const *)shards, back), TT_EINVAL);
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
		.layout = TT_SHARD_WIDTH,
		.tensor_shape = { 2, 3 },
		.shard_shape = { 2, 1 },
		.page_shape = { 1, 1 },
		.grid_x = 3,
		.grid_y = 1,
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
			.grid_x = 1 + rnd(5),
			.grid_y = 1 + rnd(5),
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
		if (tt_shard_check(&s))
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
			cr_assert_eq(tt_shard_page(&s, k, o, &back_page), TT_OK);
			cr_assert_eq(back_page, p);
		}
		for (uint32_t k = 0; k < nshards; k++) {
			uint32_t x, y, in = 0, page;

			for (uint32_t o = 0; o < per; o++) {
				int err = tt_shard_page(&s, k, o, &page);

				cr_assert_eq(err, seen[k * per + o] ? TT_OK : TT_ENOENT);
				in += !err;
			}
			cr_assert_eq(tt_shard_data_pages(&s, k), in);
			data_sum += in;
			cr_assert_eq(tt_shard_core(&s, k, &x, &y), TT_OK);
			cr_assert_lt(x, s.grid_x);
			cr_assert_lt(y, s.grid_y);
			cr_assert_eq(cores[y * s.grid_x + x], 0, "two shards on core (%u, %u)", x,
				     y);
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
		cr_assert_eq(tt_shard_scatter(&s, 4, 0, src, (void *const *)shards, NULL), TT_OK);
		cr_assert_eq(tt_shard_gather(&s, 4, 0, (const void *const *)shards, back), TT_OK);
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

/*
 * Sharded buffers (tt/buffer.h) on a host-only device (tests/lib/host_device.h):
 * the bank managers of a Wormhole B0 or Blackhole grid and plain host
 * memory for its L1 and DRAM, no emulator.  Every page is checked where the spec puts it,
 * computed here from the definitions (shard of a page, core of a shard,
 * slot stride), not from the library.
 */
#include <tt/buffer.h>
#include <tt/cb.h>

#include "host_device.h"
#include "tt_cb.h"
#include "tt_data_format.h"
#include "tt_noc_regs.h"
#include "tt_sharded_args.h"

/* Host memory of @addr on core (or DRAM bank) @c. */
static uint8_t *dev_mem(struct tt_device *dev, enum tt_buffer_type type, struct tt_core c,
			uint64_t addr)
{
	if (type == TT_BUFFER_DRAM)
		return dev->dram + (uint64_t)c.x * dev->arch->dram_bank_size + addr;
	return dev->l1 + (uint64_t)(c.y * dev->grid_x + c.x) * dev->arch->l1_size + addr;
}

struct sharded_case {
	const char *name;
	enum tt_buffer_type type;
	enum tt_buffer_layout layout;
	enum tt_shard_orientation orientation;
	struct tt_core_range range;
	uint32_t tensor_pages[2];
	uint32_t shard_pages[2];
};

/* Core of shard (r, c) of a @g grid of shards, from the spec's definition. */
static struct tt_core expected_core(const struct sharded_case *t, uint32_t r, uint32_t c,
				    const uint32_t *g)
{
	struct tt_core_range q = t->range;
	uint32_t w = q.end.x - q.start.x + 1, h = q.end.y - q.start.y + 1;
	bool row = t->orientation == TT_SHARD_ROW_MAJOR;
	uint32_t k = r * g[1] + c;

	if (t->layout == TT_BUFFER_BLOCK_SHARDED)
		return row ? tt_core(q.start.x + c, q.start.y + r)
			   : tt_core(q.start.x + r, q.start.y + c);
	return row ? tt_core(q.start.x + k % w, q.start.y + k / w)
		   : tt_core(q.start.x + k / h, q.start.y + k % h);
}

#define PAGE 48u /* not a multiple of either alignment */

static void sharded_round_trip(const struct sharded_case *t, enum tt_arch_id arch)
{
	struct tt_device *dev = host_device_arch(arch, 4, 4, 64 * 1024);
	uint32_t tp[2] = { t->tensor_pages[0], t->tensor_pages[1] };
	uint32_t sp[2] = { t->shard_pages[0], t->shard_pages[1] };
	uint32_t g[2] = { (tp[0] + sp[0] - 1) / sp[0], (tp[1] + sp[1] - 1) / sp[1] };
	uint32_t npages = tp[0] * tp[1], per = sp[0] * sp[1];
	/* PAGE rounded up to the type's alignment: 16 (L1), 32 or 64 (DRAM). */
	uint64_t stride = t->type == TT_BUFFER_DRAM ? 64 : 48;
	struct tt_buffer_shard_spec spec = {
		.grid = tt_core_range_set(t->range),
		.shape = { sp[0] * 2, sp[1] * 8 },
		.orientation = t->orientation,
		.page_shape = { 2, 8 },
		.tensor_pages = { tp[0], tp[1] },
	};
	struct tt_buffer_config cfg = {
		.size = (uint64_t)npages * PAGE,
		.page_size = PAGE,
		.type = t->type,
		.layout = t->layout,
		.shard = &spec,
	};
	uint8_t *in = malloc(cfg.size), *out = malloc(cfg.size);
	struct tt_buffer *buf;
	uint64_t addr, alloc;
	int rc;

	for (uint64_t i = 0; i < cfg.size; i++)
		in[i] = (uint8_t)(i * 7 + 3);
	rc = tt_buffer_create(dev, &cfg, &buf);
	cr_assert_eq(rc, TT_OK, "%s: %s (%s)", t->name, tt_strerror(rc), tt_last_error());
	addr = tt_buffer_address(buf);
	cr_assert_eq(tt_buffer_aligned_page_size(buf), stride, "%s", t->name);
	cr_assert_eq(tt_buffer_bank_size(buf), per * stride, "%s", t->name);
	/* Lockstep: every bank reserves the shard, at one address. */
	cr_assert_eq(tt_bank_allocation_size(&dev->banks,
					     t->type == TT_BUFFER_DRAM ? TT_BANK_DRAM
					     : t->type == TT_BUFFER_L1 ? TT_BANK_L1
								       : TT_BANK_L1_SMALL,
					     addr, &alloc),
		     TT_OK);
	cr_assert_geq(alloc, per * stride, "%s", t->name);

	/* Garbage everywhere the shards go, so zeroed padding shows. */
	for (uint32_t k = 0; k < g[0] * g[1]; k++)
		memset(dev_mem(dev, t->type, expected_core(t, k / g[1], k % g[1], g), addr), 0xa5,
		       per * stride);
	cr_assert_eq(tt_buffer_write(buf, in), TT_OK);
	for (uint32_t p = 0; p < npages; p++) {
		uint32_t r = p / tp[1], c = p % tp[1];
		uint32_t slot = (r % sp[0]) * sp[1] + c % sp[1];
		struct tt_core core = expected_core(t, r / sp[0], c / sp[1], g), lc;
		uint64_t la;

		cr_assert(!memcmp(dev_mem(dev, t->type, core, addr + slot * stride),
				  in + (uint64_t)p * PAGE, PAGE),
			  "%s: page %u is not at slot %u of core (%u,%u)", t->name, p, slot, core.x,
			  core.y);
		cr_assert_eq(tt_buffer_page_location(buf, p, &lc, &la), TT_OK);
		cr_assert(lc.x == core.x && lc.y == core.y && la == addr + slot * stride,
			  "%s: page %u located at (%u,%u) 0x%llx", t->name, p, lc.x, lc.y,
			  (unsigned long long)la);
	}
	/* Padding slots of partial shards are zero. */
	for (uint32_t k = 0; k < g[0] * g[1]; k++) {
		struct tt_core core = expected_core(t, k / g[1], k % g[1], g);

		for (uint32_t s = 0; s < per; s++) {
			uint32_t r = (k / g[1]) * sp[0] + s / sp[1];
			uint32_t c = (k % g[1]) * sp[1] + s % sp[1];
			const uint8_t *m = dev_mem(dev, t->type, core, addr + s * stride);

			if (r < tp[0] && c < tp[1])
				continue;
			for (uint32_t i = 0; i < PAGE; i++)
				cr_assert_eq(m[i], 0, "%s: shard %u padding slot %u byte %u",
					     t->name, k, s, i);
		}
	}
	memset(out, 0, cfg.size);
	cr_assert_eq(tt_buffer_read(buf, out), TT_OK);
	cr_assert(!memcmp(in, out, cfg.size), "%s: read differs from write", t->name);
	cr_assert_eq(tt_buffer_free(buf), TT_OK);
	free(in);
	free(out);
	host_device_free(dev);
}

/*
 * Every kind x orientation x L1 / DRAM (and L1_SMALL), each with a partial
 * last shard.  DRAM "cores" are (bank, 0): one row, so BLOCK uses a 1xN
 * grid of shards in ROW_MAJOR and an Nx1 one in COL_MAJOR.  DRAM shards
 * stay within banks 0..7, which both architectures have.
 */
static const struct sharded_case sharded_cases[] = {
	{ "L1 HEIGHT ROW",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 1, 1 }, { 2, 2 } },
	  { 10, 6 },
	  { 3, 6 } },
	{ "L1 HEIGHT COL",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 1, 1 }, { 2, 2 } },
	  { 10, 6 },
	  { 3, 6 } },
	{ "L1 WIDTH ROW",
	  TT_BUFFER_L1,
	  TT_BUFFER_WIDTH_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 0, 1 }, { 2, 3 } },
	  { 4, 17 },
	  { 4, 3 } },
	{ "L1 WIDTH COL",
	  TT_BUFFER_L1,
	  TT_BUFFER_WIDTH_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 0, 1 }, { 2, 3 } },
	  { 4, 17 },
	  { 4, 3 } },
	{ "L1 BLOCK ROW",
	  TT_BUFFER_L1,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 1, 0 }, { 3, 2 } },
	  { 7, 5 },
	  { 3, 3 } },
	{ "L1 BLOCK COL",
	  TT_BUFFER_L1,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 1, 0 }, { 3, 2 } },
	  { 7, 5 },
	  { 3, 3 } },
	{ "L1_SMALL BLOCK ROW",
	  TT_BUFFER_L1_SMALL,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 0, 0 }, { 1, 1 } },
	  { 3, 3 },
	  { 2, 2 } },
	{ "DRAM HEIGHT ROW",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_HEIGHT_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 2, 0 }, { 7, 0 } },
	  { 10, 6 },
	  { 3, 6 } },
	{ "DRAM HEIGHT COL",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_HEIGHT_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 0, 0 }, { 5, 0 } },
	  { 10, 6 },
	  { 3, 6 } },
	{ "DRAM WIDTH ROW",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_WIDTH_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 0, 0 }, { 7, 0 } },
	  { 4, 17 },
	  { 4, 3 } },
	{ "DRAM WIDTH COL",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_WIDTH_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 2, 0 }, { 7, 0 } },
	  { 4, 17 },
	  { 4, 3 } },
	{ "DRAM BLOCK ROW",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 4, 0 }, { 7, 0 } },
	  { 3, 10 },
	  { 3, 3 } },
	{ "DRAM BLOCK COL",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 1, 0 }, { 4, 0 } },
	  { 10, 3 },
	  { 3, 3 } },
};

Test(sharded_buffer, round_trips_every_kind_wormhole_b0)
{
	for (size_t i = 0; i < sizeof(sharded_cases) / sizeof(sharded_cases[0]); i++)
		sharded_round_trip(&sharded_cases[i], TT_ARCH_WORMHOLE_B0);
}

Test(sharded_buffer, round_trips_every_kind_blackhole)
{
	for (size_t i = 0; i < sizeof(sharded_cases) / sizeof(sharded_cases[0]); i++)
		sharded_round_trip(&sharded_cases[i], TT_ARCH_BLACKHOLE);
}

/* HEIGHT shards over two ranges take the cores range after range. */
Test(sharded_buffer, height_over_two_ranges)
{
	struct tt_device *dev = host_device(4, 4, 0);
	struct tt_buffer_shard_spec spec = {
		.grid = { 2, { tt_core_range(2, 3, 3, 3), tt_core_range(0, 0, 0, 1) } },
		.shape = { 1, 4 },
		.orientation = TT_SHARD_COL_MAJOR,
		.page_shape = { 1, 4 },
		.tensor_pages = { 4, 1 },
	};
	struct tt_buffer_config cfg = { .size = 4 * 16,
					.page_size = 16,
					.type = TT_BUFFER_L1,
					.layout = TT_BUFFER_HEIGHT_SHARDED,
					.shard = &spec };
	static const struct tt_core want[4] = { { 2, 3 }, { 3, 3 }, { 0, 0 }, { 0, 1 } };
	struct tt_buffer *buf;
	struct tt_core c;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	for (uint32_t k = 0; k < 4; k++) {
		cr_assert_eq(tt_buffer_shard_core(buf, k, &c), TT_OK);
		cr_expect(c.x == want[k].x && c.y == want[k].y, "shard %u on (%u,%u), want (%u,%u)",
			  k, c.x, c.y, want[k].x, want[k].y);
	}
	cr_assert_eq(tt_buffer_shard_core(buf, 4, &c), TT_ERANGE);
	tt_buffer_free(buf);
	host_device_free(dev);
}

/*
 * Region transfers: bytes at any offset, across page and bank boundaries,
 * land where a whole-buffer write of the same bytes puts them; a region
 * past the end is refused.
 */
Test(sharded_buffer, regions_cross_pages)
{
	struct tt_device *dev = host_device(2, 2, 0);
	struct tt_buffer_config cfg = { .size = 8 * 64, .page_size = 64, .type = TT_BUFFER_DRAM };
	uint8_t want[8 * 64], got[8 * 64], piece[200];
	struct tt_buffer *buf;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	for (size_t i = 0; i < sizeof(want); i++)
		want[i] = (uint8_t)(i * 13 + 5);
	cr_assert_eq(tt_buffer_write(buf, want), TT_OK);
	for (size_t i = 0; i < sizeof(piece); i++)
		want[100 + i] = piece[i] = (uint8_t)(0xa0 ^ i);
	cr_assert_eq(tt_buffer_write_region(buf, 100, piece, sizeof(piece)), TT_OK);
	cr_assert_eq(tt_buffer_read(buf, got), TT_OK);
	cr_expect(!memcmp(got, want, sizeof(want)), "a region write moved other bytes");
	memset(piece, 0, sizeof(piece));
	cr_assert_eq(tt_buffer_read_region(buf, 130, piece, 150), TT_OK);
	cr_expect(!memcmp(piece, want + 130, 150), "a region read differs");
	cr_expect_eq(tt_buffer_read_region(buf, 500, piece, 13), TT_ERANGE);
	cr_expect(strstr(tt_last_error(), "13 bytes at offset 500 run past the 512-byte buffer"),
		  "%s", tt_last_error());
	cr_expect_eq(tt_buffer_write_region(buf, UINT64_MAX, piece, 2), TT_ERANGE);
	tt_buffer_free(buf);
	host_device_free(dev);
}

/* The generator's words: shape, and per shard both NoCs' coordinates. */
Test(sharded_buffer, address_generator_args)
{
	struct tt_device *dev = host_device(4, 4, 0);
	const struct tt_arch *a = dev->arch;
	struct tt_buffer_shard_spec spec = {
		.grid = tt_core_range_set(tt_core_range(1, 2, 2, 3)),
		.shape = { 64, 64 },
		.orientation = TT_SHARD_COL_MAJOR,
		.page_shape = { 32, 32 },
		.tensor_pages = { 3, 4 },
	};
	struct tt_buffer_config cfg = { .size = 12 * 2048,
					.page_size = 2048,
					.type = TT_BUFFER_L1,
					.layout = TT_BUFFER_BLOCK_SHARDED,
					.shard = &spec };
	struct tt_buffer *l1, *dram;
	uint32_t args[32], n = 0;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &l1), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_buffer_sharded_args(l1, args, 3, &n), TT_E2BIG);
	cr_assert_eq(n, TT_SHARDED_ARGS_HEADER + 4);
	cr_assert_eq(tt_buffer_sharded_args(l1, args, 32, &n), TT_OK);
	cr_expect_eq(args[0], 0);
	cr_expect_eq(args[1], 2048);
	cr_expect_eq(args[2], 2048);
	cr_expect_eq(args[3], 4); /* tensor width in pages */
	cr_expect_eq(args[4], 2);
	cr_expect_eq(args[5], 2);
	cr_expect_eq(args[6], 2); /* 2x2 grid of shards */
	cr_expect_eq(args[7], 4);
	/* COL_MAJOR BLOCK: shard (r, c) on (1 + r, 2 + c); workers virtualized. */
	for (uint32_t k = 0; k < 4; k++) {
		uint32_t x = a->virtual_worker_x0 + 1 + k / 2;
		uint32_t y = a->virtual_worker_y0 + 2 + k % 2;
		uint32_t xy = TT_FIELD_VAL(NOC, ADDR_MID, X, x) | TT_FIELD_VAL(NOC, ADDR_MID, Y, y);

		cr_expect_eq(args[8 + k], xy | xy << 16, "shard %u: 0x%x", k, args[8 + k]);
	}

	/* DRAM: the bank's endpoint, mirrored on NoC 1. */
	spec.grid = tt_core_range_set(tt_core_range(5, 0, 8, 0));
	spec.orientation = TT_SHARD_ROW_MAJOR;
	spec.tensor_pages[0] = 2;
	spec.tensor_pages[1] = 8;
	cfg.size = 16 * 2048;
	cfg.type = TT_BUFFER_DRAM;
	cr_assert_eq(tt_buffer_create(dev, &cfg, &dram), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_buffer_sharded_args(dram, args, 32, &n), TT_OK);
	cr_expect_eq(args[0], TT_SHARDED_ARGS_DRAM);
	cr_expect_eq(n, TT_SHARDED_ARGS_HEADER + 4);
	for (uint32_t k = 0; k < 4; k++) {
		struct tt_core xy0, xy1;
		int64_t off;

		tt_device_bank_noc(dev, TT_BUFFER_DRAM, 5 + k, 0, &xy0, &off);
		tt_device_bank_noc(dev, TT_BUFFER_DRAM, 5 + k, 1, &xy1, &off);
		cr_expect_eq(xy1.x, a->noc_size_x - 1 - xy0.x);
		cr_expect_eq(args[8 + k] & 0xffff, TT_FIELD_VAL(NOC, ADDR_MID, X, xy0.x) |
							   TT_FIELD_VAL(NOC, ADDR_MID, Y, xy0.y));
		cr_expect_eq(args[8 + k] >> 16, TT_FIELD_VAL(NOC, ADDR_MID, X, xy1.x) |
							TT_FIELD_VAL(NOC, ADDR_MID, Y, xy1.y));
	}
	cr_expect_eq(tt_buffer_sharded_args(NULL, args, 32, &n), TT_EINVAL);
	tt_buffer_free(l1);
	tt_buffer_free(dram);
	host_device_free(dev);
}

/*
 * On Blackhole workers start at virtual (1, 2); its DRAM banks' NoC
 * endpoints are not described in hal/blackhole/, so DRAM words are refused.
 */
Test(sharded_buffer, address_generator_args_blackhole)
{
	struct tt_device *dev = host_device_arch(TT_ARCH_BLACKHOLE, 4, 4, 0);
	struct tt_buffer_shard_spec spec = {
		.grid = tt_core_range_set(tt_core_range(1, 2, 2, 3)),
		.shape = { 64, 64 },
		.orientation = TT_SHARD_ROW_MAJOR,
		.page_shape = { 32, 32 },
		.tensor_pages = { 3, 4 },
	};
	struct tt_buffer_config cfg = { .size = 12 * 2048,
					.page_size = 2048,
					.type = TT_BUFFER_L1,
					.layout = TT_BUFFER_BLOCK_SHARDED,
					.shard = &spec };
	struct tt_buffer *l1, *dram;
	uint32_t args[32], n = 0;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &l1), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_buffer_sharded_args(l1, args, 32, &n), TT_OK, "%s", tt_last_error());
	/* ROW_MAJOR BLOCK: shard (r, c) on (1 + c, 2 + r). */
	for (uint32_t k = 0; k < 4; k++) {
		uint32_t xy = TT_FIELD_VAL(NOC, ADDR_MID, X, 1 + 1 + k % 2) |
			      TT_FIELD_VAL(NOC, ADDR_MID, Y, 2 + 2 + k / 2);

		cr_expect_eq(args[TT_SHARDED_ARGS_HEADER + k], xy | xy << 16, "shard %u: 0x%x", k,
			     args[TT_SHARDED_ARGS_HEADER + k]);
	}
	spec.grid = tt_core_range_set(tt_core_range(0, 0, 3, 0));
	spec.shape[0] = 32;
	spec.shape[1] = 128;
	cfg.type = TT_BUFFER_DRAM;
	cfg.layout = TT_BUFFER_HEIGHT_SHARDED;
	cr_assert_eq(tt_buffer_create(dev, &cfg, &dram), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_buffer_sharded_args(dram, args, 32, &n), TT_ENOSYS);
	cr_expect(strstr(tt_last_error(), "blackhole describes no NoC endpoints"), "%s",
		  tt_last_error());
	tt_buffer_free(l1);
	tt_buffer_free(dram);
	host_device_free(dev);
}

struct bad_spec {
	const char *name;
	enum tt_buffer_type type;
	enum tt_buffer_layout layout;
	struct tt_buffer_shard_spec spec;
	uint64_t page_size; /* 0: 64 */
	int rc;
	const char *needle;
};

#define RANGE(x0, y0, x1, y1)                                        \
	{                                                            \
		.count = 1, .ranges = { { { x0, y0 }, { x1, y1 } } } \
	}
#define RANGES2(a, b, c, d, e, f, g, h)                                                  \
	{                                                                                \
		.count = 2, .ranges = { { { a, b }, { c, d } }, { { e, f }, { g, h } } } \
	}

static const struct bad_spec bad_specs[] = {
	{ "grid smaller than the shards",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  { RANGE(0, 0, 1, 0), { 1, 4 }, TT_SHARD_ROW_MAJOR, { 1, 4 }, { 4, 1 } },
	  0,
	  TT_ELAYOUT,
	  "makes 4 shards (4x1) but the core grid 2x1 has 2 cores" },
	{ "BLOCK orientation mismatch",
	  TT_BUFFER_L1,
	  TT_BUFFER_BLOCK_SHARDED,
	  { RANGE(0, 0, 2, 1), { 1, 1 }, TT_SHARD_COL_MAJOR, { 1, 1 }, { 2, 3 } },
	  0,
	  TT_ELAYOUT,
	  "COL_MAJOR orientation puts the 2x3 grid of shards" },
	{ "HEIGHT shard narrower than the tensor",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  { RANGE(0, 0, 3, 0), { 1, 4 }, TT_SHARD_ROW_MAJOR, { 1, 4 }, { 4, 2 } },
	  0,
	  TT_ELAYOUT,
	  "HEIGHT sharding splits rows only" },
	{ "shard not whole pages",
	  TT_BUFFER_L1,
	  TT_BUFFER_WIDTH_SHARDED,
	  { RANGE(0, 0, 3, 0), { 2, 6 }, TT_SHARD_ROW_MAJOR, { 2, 4 }, { 1, 4 } },
	  0,
	  TT_ELAYOUT,
	  "not made of whole 2x4 pages" },
	{ "shard larger than L1",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  { RANGE(0, 0, 1, 0), { 2, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 4, 1 } },
	  1024 * 1024,
	  TT_ENOMEM,
	  "a shard of 2 pages takes 2097152 B per core, but a L1 bank has" },
	{ "core outside the worker grid",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  { RANGE(3, 3, 4, 3), { 1, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 2, 1 } },
	  0,
	  TT_ERANGE,
	  "goes to core (4,3), outside the 4x4 worker grid" },
	{ "DRAM grid off row 0",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_HEIGHT_SHARDED,
	  { RANGE(0, 0, 0, 1), { 1, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 2, 1 } },
	  0,
	  TT_ERANGE,
	  "but DRAM banks are (0..11, 0)" },
	{ "interleaved L1_SMALL",
	  TT_BUFFER_L1_SMALL,
	  TT_BUFFER_INTERLEAVED,
	  { RANGE(0, 0, 0, 0), { 1, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 1, 1 } },
	  0,
	  TT_EINVAL,
	  "L1_SMALL holds sharded buffers only" },
	{ "unknown orientation",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  { RANGE(0, 0, 0, 0), { 1, 1 }, 7, { 1, 1 }, { 1, 1 } },
	  0,
	  TT_ELAYOUT,
	  "shard orientation 7 is unknown" },
	{ "BLOCK over two ranges",
	  TT_BUFFER_L1,
	  TT_BUFFER_BLOCK_SHARDED,
	  { RANGES2(0, 0, 0, 0, 1, 1, 1, 1), { 1, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 1, 1 } },
	  0,
	  TT_ELAYOUT,
	  "BLOCK_SHARDED needs one rectangle of cores" },
	{ "overlapping ranges",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  { RANGES2(0, 0, 1, 1, 1, 1, 2, 2), { 1, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 1, 1 } },
	  0,
	  TT_ELAYOUT,
	  "lists core (1,1) twice" },
	{ "inverted range",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  { RANGE(2, 0, 1, 0), { 1, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 1, 1 } },
	  0,
	  TT_ELAYOUT,
	  "is inverted" },
};

Test(sharded_buffer, rejects_bad_specs)
{
	struct tt_device *dev = host_device(4, 4, 0);

	for (size_t i = 0; i < sizeof(bad_specs) / sizeof(bad_specs[0]); i++) {
		const struct bad_spec *b = &bad_specs[i];
		uint64_t page = b->page_size ? b->page_size : 64;
		struct tt_buffer_config cfg = {
			.size = (uint64_t)b->spec.tensor_pages[0] * b->spec.tensor_pages[1] * page,
			.page_size = page,
			.type = b->type,
			.layout = b->layout,
			.shard = &b->spec,
		};
		struct tt_buffer *buf = (struct tt_buffer *)1;
		int rc = tt_buffer_create(dev, &cfg, &buf);

		cr_expect_eq(rc, b->rc, "%s: %s, want %s (%s)", b->name, tt_strerror(rc),
			     tt_strerror(b->rc), tt_last_error());
		cr_expect_null(buf, "%s", b->name);
		cr_expect(strstr(tt_last_error(), b->needle), "%s: \"%s\" lacks \"%s\"", b->name,
			  tt_last_error(), b->needle);
	}
	/* Nothing leaked into the banks. */
	cr_expect_eq(tt_bank_lowest_occupied(&dev->banks, TT_BANK_L1, 0, &(uint64_t){ 0 }),
		     TT_ENOENT);
	host_device_free(dev);
}

Test(sharded_buffer, rejects_bad_sizes_and_missing_regions)
{
	struct tt_device *dev = host_device(4, 4, 0);
	struct tt_buffer_shard_spec spec = {
		RANGE(0, 0, 1, 0), { 2, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 4, 1 }
	};
	struct tt_buffer_config cfg = { .size = 5 * 64,
					.page_size = 64,
					.type = TT_BUFFER_L1,
					.layout = TT_BUFFER_HEIGHT_SHARDED,
					.shard = &spec };
	struct tt_buffer *buf;

	cr_expect_eq(tt_buffer_create(dev, &cfg, &buf), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "is not the tensor's 4x1 pages of 64 B"), "%s",
		  tt_last_error());
	cfg.size = 4 * 64;
	cfg.shard = NULL;
	cr_expect_eq(tt_buffer_create(dev, &cfg, &buf), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "without a shard spec"), "%s", tt_last_error());
	cfg.shard = &spec;
	cfg.type = TT_BUFFER_L1_SMALL;
	cr_expect_eq(tt_buffer_create(dev, &cfg, &buf), TT_ENOMEM);
	cr_expect(strstr(tt_last_error(), "no L1_SMALL region"), "%s", tt_last_error());
	cfg.type = TT_BUFFER_L1;
	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	/* A call that succeeds leaves the last error as it was, like errno. */
	cr_expect(strstr(tt_last_error(), "no L1_SMALL region"), "%s", tt_last_error());
	tt_buffer_free(buf);
	host_device_free(dev);
}

/* A CB inside a sharded L1 buffer takes its address and no CB room. */
Test(sharded_buffer, globally_allocated_cb)
{
	struct tt_device *dev = host_device(4, 4, 0);
	struct tt_buffer_shard_spec spec = {
		RANGE(0, 0, 1, 1), { 2, 1 }, TT_SHARD_ROW_MAJOR, { 1, 1 }, { 8, 1 }
	};
	struct tt_buffer_config cfg = { .size = 8 * 2048,
					.page_size = 2048,
					.type = TT_BUFFER_L1,
					.layout = TT_BUFFER_HEIGHT_SHARDED,
					.shard = &spec };
	struct tt_buffer_config dcfg = { .size = 2048, .page_size = 2048, .type = TT_BUFFER_DRAM };
	struct tt_cb_format f0 = { 0, TT_DF_FLOAT16_B, 2048 }, f1 = { 1, TT_DF_FLOAT16_B, 2048 };
	struct tt_cb_format f2 = { 2, TT_DF_FLOAT16_B, 2048 };
	struct tt_cb_config plain = { 4096, &f0, 1 };
	struct tt_cb_config global = { 4096, &f1, 1 };
	struct tt_cb_config after = { 2048, &f2, 1 };
	struct tt_core_range_set cores = tt_core_range_set(tt_core_range(0, 0, 1, 1));
	struct tt_buffer *buf, *buf2, *buf3, *dbuf;
	char why[300];
	struct tt_program *prog;
	tt_cb_handle h0, h1, h2;
	uint32_t a0, a1, a2, words[TT_NUM_CBS * TT_CB_CONFIG_WORDS];
	uint64_t end;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_buffer_create(dev, &dcfg, &dbuf), TT_OK);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_cb_create(prog, &cores, &plain, &h0), TT_OK);
	cr_expect_eq(tt_cb_create_globally_allocated(prog, &cores, &global, dbuf, &h1), TT_EINVAL,
		     "a CB in a DRAM buffer");
	global.total_size = 3 * 2048; /* the buffer has 2 pages per core */
	cr_expect_eq(tt_cb_create_globally_allocated(prog, &cores, &global, buf, &h1), TT_EINVAL,
		     "a CB larger than the buffer's shard");
	global.total_size = 4096;
	cr_assert_eq(tt_cb_create_globally_allocated(prog, &cores, &global, buf, &h1), TT_OK);
	cr_assert_eq(tt_cb_create(prog, &cores, &after, &h2), TT_OK);
	tt_cb_address(prog, h0, &a0);
	tt_cb_address(prog, h1, &a1);
	tt_cb_address(prog, h2, &a2);
	cr_expect_eq(a1, tt_buffer_address(buf));
	cr_expect_eq(a2, a0 + 4096, "the next CB follows the plain one");
	cr_expect_eq(tt_cb_core_config(tt_program_cbs(prog), tt_core(1, 1), words, &end), 0x7u);
	cr_expect_eq(words[1 * TT_CB_CONFIG_WORDS + TT_CB_CONFIG_ADDR], a1);
	cr_expect_eq(words[1 * TT_CB_CONFIG_WORDS + TT_CB_CONFIG_NUM_PAGES], 2);
	cr_expect_eq(end, a2 + 2048u, "the CB region ends after the plain CBs");
	cr_expect_eq(tt_bank_check_cb(&dev->banks, (struct tt_bank_core){ 1, 1 }, end, NULL),
		     TT_OK);
	/* Moving it: only a globally allocated CB, only into a fitting buffer. */
	cr_expect_eq(tt_cb_update_address(prog, h0, buf), TT_EINVAL);
	cr_expect_eq(tt_cb_update_address(prog, h1, dbuf), TT_EINVAL);
	cfg.size = 12 * 2048; /* 3 pages per core */
	spec.tensor_pages[0] = 12;
	spec.shape[0] = 3;
	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf2), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_cb_update_address(prog, h1, buf2), TT_OK);
	tt_cb_address(prog, h1, &a1);
	cr_expect_eq(a1, tt_buffer_address(buf2));
	/* Moved with its size: the launch check follows the new buffer. */
	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf3), TT_OK, "%s", tt_last_error());
	cr_expect_eq(tt_cb_update_address_and_size(prog, h1, buf3, 6144), TT_OK);
	tt_cb_address(prog, h1, &a1);
	cr_expect_eq(a1, tt_buffer_address(buf3));
	cr_expect_eq(tt_cb_check_globals(tt_program_cbs(prog), dev, why, sizeof(why)), TT_OK, "%s",
		     why);
	tt_program_destroy(prog);
	tt_buffer_free(buf);
	tt_buffer_free(buf2);
	tt_buffer_free(buf3);
	tt_buffer_free(dbuf);
	host_device_free(dev);
}

/* A zero page dim with an uneven shard in the other dim: refused, no division by zero. */
Test(shard, zero_page_dim_is_refused_before_dividing)
{
	struct tt_shard_spec s = {
		.layout = TT_SHARD_BLOCK,
		.tensor_shape = { 64, 64 },
		.shard_shape = { 33, 32 },
		.page_shape = { 32, 0 },
		.grid_x = 2,
		.grid_y = 2,
		.orientation = TT_SHARD_ROW_MAJOR,
	};
	cr_expect_eq(tt_shard_check(&s), TT_ELAYOUT);
	cr_expect(strstr(tt_last_error(), "must all be at least 1x1"), "%s", tt_last_error());
}
