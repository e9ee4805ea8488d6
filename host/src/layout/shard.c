// SPDX-License-Identifier: Apache-2.0
/*
 * Shard specs of paged 2-D tensors: validation, page id <-> (shard,
 * offset), shard -> core, and scatter / gather of host data.  The
 * conventions are listed in tt/shard.h.
 */
#include <tt/shard.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <tt/error.h>

#include "base/base.h"

/* Every refusal of a shard spec is TT_ELAYOUT, explained in the last error. */
#define fail(...) tt_fail(TT_ELAYOUT, __VA_ARGS__)

static uint32_t ceil_div(uint32_t a, uint32_t b)
{
	return a / b + (a % b != 0);
}

static uint32_t round_up(uint32_t a, uint32_t b)
{
	return ceil_div(a, b) * b;
}

static const char *const layout_name[] = {
	[TT_SHARD_HEIGHT] = "HEIGHT",
	[TT_SHARD_WIDTH] = "WIDTH",
	[TT_SHARD_BLOCK] = "BLOCK",
};

int tt_shard_check(const struct tt_shard_spec *s)
{
	static const char *const dim[2] = { "rows", "cols" };
	uint32_t tp[2], sp[2], g[2], cores;
	uint64_t n;

	TT_REFUSE_NULL(s);
	if (s->layout < TT_SHARD_HEIGHT || s->layout > TT_SHARD_BLOCK)
		return fail("sharding scheme %d is unknown: use HEIGHT, WIDTH or BLOCK",
			    (int)s->layout);
	if (s->orientation != TT_SHARD_ROW_MAJOR && s->orientation != TT_SHARD_COL_MAJOR)
		return fail("shard orientation %d is unknown: use ROW_MAJOR or COL_MAJOR",
			    (int)s->orientation);
	/* Both dims first: the message below divides by either page dim. */
	for (int i = 0; i < 2; i++)
		if (!s->tensor_shape[i] || !s->shard_shape[i] || !s->page_shape[i])
			return fail(
				"tensor %ux%u, shard %ux%u and page %ux%u must all be at least 1x1",
				s->tensor_shape[0], s->tensor_shape[1], s->shard_shape[0],
				s->shard_shape[1], s->page_shape[0], s->page_shape[1]);
	for (int i = 0; i < 2; i++) {
		if (s->shard_shape[i] % s->page_shape[i])
			return fail("shard %ux%u is not made of whole %ux%u pages (%s): round it "
				    "up to %ux%u",
				    s->shard_shape[0], s->shard_shape[1], s->page_shape[0],
				    s->page_shape[1], dim[i],
				    round_up(s->shard_shape[0], s->page_shape[0]),
				    round_up(s->shard_shape[1], s->page_shape[1]));
		tp[i] = ceil_div(s->tensor_shape[i], s->page_shape[i]);
		sp[i] = s->shard_shape[i] / s->page_shape[i];
		g[i] = ceil_div(tp[i], sp[i]);
	}
	if (s->layout == TT_SHARD_HEIGHT && sp[1] != tp[1])
		return fail("HEIGHT sharding splits rows only, so a shard spans the full width: "
			    "shard width %u must be %u (%u pages of %u)",
			    s->shard_shape[1], tp[1] * s->page_shape[1], tp[1], s->page_shape[1]);
	if (s->layout == TT_SHARD_WIDTH && sp[0] != tp[0])
		return fail("WIDTH sharding splits columns only, so a shard spans every row: shard "
			    "height %u must be %u (%u pages of %u)",
			    s->shard_shape[0], tp[0] * s->page_shape[0], tp[0], s->page_shape[0]);
	if ((uint64_t)tp[0] * tp[1] > UINT32_MAX ||
	    (uint64_t)sp[0] * sp[1] * g[0] * g[1] > UINT32_MAX)
		return fail("more than 2^32 pages: use larger pages");
	if (!s->grid_x || !s->grid_y)
		return fail("core grid %ux%u is empty", s->grid_x, s->grid_y);
	n = (uint64_t)g[0] * g[1];
	cores = s->grid_x * s->grid_y;
	if ((uint64_t)s->grid_x * s->grid_y > UINT32_MAX || n > cores)
		return fail("%s sharding makes %llu shards (%ux%u) but the core grid %ux%u has %u "
			    "cores: use larger shards or more cores",
			    layout_name[s->layout], (unsigned long long)n, g[0], g[1], s->grid_x,
			    s->grid_y, cores);
	if (s->layout == TT_SHARD_BLOCK) {
		bool row = s->orientation == TT_SHARD_ROW_MAJOR;
		uint32_t need_x = row ? g[1] : g[0], need_y = row ? g[0] : g[1];

		if (need_x > s->grid_x || need_y > s->grid_y)
			return fail(
				"BLOCK sharding with %s orientation puts the %ux%u grid of shards "
				"on cores %s, which needs a %ux%u (x by y) core grid, not %ux%u",
				row ? "ROW_MAJOR" : "COL_MAJOR", g[0], g[1],
				row ? "(x = shard col, y = shard row)"
				    : "(x = shard row, y = shard col)",
				need_x, need_y, s->grid_x, s->grid_y);
	}
	return TT_OK;
}

void tt_shard_tensor_pages(const struct tt_shard_spec *s, uint32_t *pages)
{
	TT_IGNORE_NULL(pages);
	pages[0] = pages[1] = 0;
	TT_IGNORE_NULL(s);
	for (int i = 0; i < 2; i++)
		pages[i] = ceil_div(s->tensor_shape[i], s->page_shape[i]);
}

void tt_shard_shard_pages(const struct tt_shard_spec *s, uint32_t *pages)
{
	TT_IGNORE_NULL(pages);
	pages[0] = pages[1] = 0;
	TT_IGNORE_NULL(s);
	for (int i = 0; i < 2; i++)
		pages[i] = s->shard_shape[i] / s->page_shape[i];
}

void tt_shard_grid(const struct tt_shard_spec *s, uint32_t *shards)
{
	uint32_t tp[2], sp[2];

	TT_IGNORE_NULL(shards);
	shards[0] = shards[1] = 0;
	TT_IGNORE_NULL(s);
	tt_shard_tensor_pages(s, tp);
	tt_shard_shard_pages(s, sp);
	for (int i = 0; i < 2; i++)
		shards[i] = ceil_div(tp[i], sp[i]);
}

uint32_t tt_shard_count(const struct tt_shard_spec *s)
{
	uint32_t g[2];

	tt_shard_grid(s, g);
	return g[0] * g[1];
}

uint32_t tt_shard_num_pages(const struct tt_shard_spec *s)
{
	uint32_t tp[2];

	tt_shard_tensor_pages(s, tp);
	return tp[0] * tp[1];
}

uint32_t tt_shard_pages_per_shard(const struct tt_shard_spec *s)
{
	uint32_t sp[2];

	tt_shard_shard_pages(s, sp);
	return sp[0] * sp[1];
}

uint32_t tt_shard_data_pages(const struct tt_shard_spec *s, uint32_t shard)
{
	uint32_t tp[2], sp[2], g[2], n = 1;

	TT_IGNORE_NULL(s, 0);
	tt_shard_tensor_pages(s, tp);
	tt_shard_shard_pages(s, sp);
	tt_shard_grid(s, g);
	if (shard >= g[0] * g[1])
		return 0;
	for (int i = 0; i < 2; i++) {
		uint32_t k = i ? shard % g[1] : shard / g[1];
		uint32_t left = tp[i] - k * sp[i];

		n *= left < sp[i] ? left : sp[i];
	}
	return n;
}

int tt_shard_locate(const struct tt_shard_spec *s, uint32_t page, uint32_t *shard, uint32_t *offset)
{
	uint32_t tp[2], sp[2], g[2], pr, pc;

	TT_REFUSE_NULL(s);
	TT_REFUSE_NULL(shard);
	TT_REFUSE_NULL(offset);
	tt_shard_tensor_pages(s, tp);
	tt_shard_shard_pages(s, sp);
	tt_shard_grid(s, g);
	if (page >= tp[0] * tp[1])
		return tt_fail(TT_ERANGE, "tt_shard_locate: page %u of a tensor of %u pages", page,
			       tp[0] * tp[1]);
	pr = page / tp[1];
	pc = page % tp[1];
	*shard = (pr / sp[0]) * g[1] + pc / sp[1];
	*offset = (pr % sp[0]) * sp[1] + pc % sp[1];
	return TT_OK;
}

int tt_shard_page(const struct tt_shard_spec *s, uint32_t shard, uint32_t offset, uint32_t *page)
{
	uint32_t tp[2], sp[2], g[2], pr, pc;

	TT_REFUSE_NULL(s);
	TT_REFUSE_NULL(page);
	tt_shard_tensor_pages(s, tp);
	tt_shard_shard_pages(s, sp);
	tt_shard_grid(s, g);
	if (shard >= g[0] * g[1] || offset >= sp[0] * sp[1])
		return tt_fail(TT_ERANGE,
			       "tt_shard_page: slot %u of shard %u: there are "
			       "%u shards of %u slots",
			       offset, shard, g[0] * g[1], sp[0] * sp[1]);
	pr = (shard / g[1]) * sp[0] + offset / sp[1];
	pc = (shard % g[1]) * sp[1] + offset % sp[1];
	if (pr >= tp[0] || pc >= tp[1])
		return TT_ENOENT;
	*page = pr * tp[1] + pc;
	return TT_OK;
}

int tt_shard_core(const struct tt_shard_spec *s, uint32_t shard, uint32_t *x, uint32_t *y)
{
	bool row;
	uint32_t g[2];

	TT_REFUSE_NULL(s);
	TT_REFUSE_NULL(x);
	TT_REFUSE_NULL(y);
	row = s->orientation == TT_SHARD_ROW_MAJOR;
	tt_shard_grid(s, g);
	if (shard >= g[0] * g[1])
		return tt_fail(TT_ERANGE, "tt_shard_core: shard %u of %u", shard, g[0] * g[1]);
	if (s->layout == TT_SHARD_BLOCK) {
		uint32_t r = shard / g[1], c = shard % g[1];

		*x = row ? c : r;
		*y = row ? r : c;
	} else if (row) {
		*x = shard % s->grid_x;
		*y = shard / s->grid_x;
	} else {
		*x = shard / s->grid_y;
		*y = shard % s->grid_y;
	}
	return TT_OK;
}

static size_t page_bytes(const struct tt_shard_spec *s, size_t elem_size)
{
	return (size_t)s->page_shape[0] * s->page_shape[1] * elem_size;
}

size_t tt_shard_buffer_bytes(const struct tt_shard_spec *s, size_t elem_size, size_t page_stride)
{
	TT_IGNORE_NULL(s, 0);
	if (!page_stride)
		page_stride = page_bytes(s, elem_size);
	return (size_t)tt_shard_pages_per_shard(s) * page_stride;
}

/* Host offset of a run that lies outside the tensor. */
#define NO_HOST UINT64_MAX

/*
 * Walk every page slot of every shard and call @fn for each run of one
 * page row: @slot is the run's byte offset in shard @k, @host the byte
 * offset of its first element in the tensor (NO_HOST for padding), @bytes
 * its length.  The tail of a page up to the page stride is a padding run.
 */
static int walk(const struct tt_shard_spec *s, size_t elem_size, size_t page_stride,
		void (*fn)(void *ctx, uint32_t k, size_t slot, uint64_t host, size_t bytes),
		void *ctx)
{
	uint32_t ph = s->page_shape[0], pw = s->page_shape[1];
	uint32_t tp[2], nshards = tt_shard_count(s);
	uint32_t per = tt_shard_pages_per_shard(s);
	size_t pb = page_bytes(s, elem_size), row_bytes = pw * elem_size;

	if (!page_stride)
		page_stride = pb;
	if (page_stride < pb)
		return tt_fail(TT_EINVAL, "shard: page stride %zu B is below a page's %zu B",
			       page_stride, pb);
	tt_shard_tensor_pages(s, tp);
	for (uint32_t k = 0; k < nshards; k++) {
		for (uint32_t o = 0; o < per; o++) {
			size_t slot = (size_t)o * page_stride;
			uint32_t page, pr = 0, pc = 0;
			bool data = !tt_shard_page(s, k, o, &page);

			if (data) {
				pr = page / tp[1];
				pc = page % tp[1];
			}
			for (uint32_t r = 0; r < ph; r++) {
				uint64_t row = (uint64_t)pr * ph + r;
				uint64_t col = (uint64_t)pc * pw;
				size_t at = slot + r * row_bytes, n = 0;

				if (data && row < s->tensor_shape[0])
					n = s->tensor_shape[1] - col < pw ? s->tensor_shape[1] - col
									  : pw;
				if (n)
					fn(ctx, k, at, (row * s->tensor_shape[1] + col) * elem_size,
					   n * elem_size);
				if (n < pw)
					fn(ctx, k, at + n * elem_size, NO_HOST,
					   (pw - n) * elem_size);
			}
			if (page_stride > pb)
				fn(ctx, k, slot + pb, NO_HOST, page_stride - pb);
		}
	}
	return TT_OK;
}

struct scatter_ctx {
	const uint8_t *src;
	uint8_t *const *shards;
	const uint8_t *pad;
	size_t elem_size;
	size_t page_bytes;
	size_t page_stride;
};

static void scatter_run(void *ctx, uint32_t k, size_t slot, uint64_t host, size_t bytes)
{
	struct scatter_ctx *c = ctx;
	uint8_t *dst = c->shards[k] + slot;
	bool tail = slot % c->page_stride >= c->page_bytes;

	if (host != NO_HOST) {
		memcpy(dst, c->src + host, bytes);
	} else if (c->pad && !tail) {
		for (size_t i = 0; i < bytes; i += c->elem_size)
			memcpy(dst + i, c->pad, c->elem_size);
	} else {
		memset(dst, 0, bytes);
	}
}

struct gather_ctx {
	uint8_t *dst;
	const uint8_t *const *shards;
};

static void gather_run(void *ctx, uint32_t k, size_t slot, uint64_t host, size_t bytes)
{
	struct gather_ctx *c = ctx;

	if (host != NO_HOST)
		memcpy(c->dst + host, c->shards[k] + slot, bytes);
}

static bool shards_ok(const struct tt_shard_spec *s, const void *const *shards)
{
	uint32_t n = tt_shard_count(s);

	if (!shards)
		return false;
	for (uint32_t k = 0; k < n; k++)
		if (!shards[k])
			return false;
	return true;
}

int tt_shard_scatter(const struct tt_shard_spec *s, size_t elem_size, size_t page_stride,
		     const void *src, void *const *shards, const void *pad)
{
	struct scatter_ctx c;

	TT_REFUSE_NULL(s);
	TT_REFUSE_NULL(src);
	TT_REFUSE_NULL(shards);
	c = (struct scatter_ctx){
		.src = src,
		.shards = (uint8_t *const *)shards,
		.pad = pad,
		.elem_size = elem_size,
		.page_bytes = page_bytes(s, elem_size),
		.page_stride = page_stride ? page_stride : page_bytes(s, elem_size),
	};
	if (!elem_size || !shards_ok(s, (const void *const *)shards))
		return tt_fail(TT_EINVAL, "tt_shard_scatter: element size 0, or a NULL "
					  "shard buffer");
	return walk(s, elem_size, page_stride, scatter_run, &c);
}

int tt_shard_gather(const struct tt_shard_spec *s, size_t elem_size, size_t page_stride,
		    const void *const *shards, void *dst)
{
	struct gather_ctx c = {
		.dst = dst,
		.shards = (const uint8_t *const *)shards,
	};

	TT_REFUSE_NULL(s);
	TT_REFUSE_NULL(shards);
	TT_REFUSE_NULL(dst);
	if (!elem_size || !shards_ok(s, shards))
		return tt_fail(TT_EINVAL, "tt_shard_gather: element size 0, or a NULL "
					  "shard buffer");
	return walk(s, elem_size, page_stride, gather_run, &c);
}
