// SPDX-License-Identifier: Apache-2.0
/*
 * Tensor layouts (seed "Tensor Layout", tt-mlir #tt.metal_layout): building
 * the affine map from collapse intervals and stride bumps, validating it,
 * the derived shapes, logical <-> physical <-> (shard, offset) mapping,
 * padding queries, the printable form and the TTNN view.
 *
 * The map is a matrix of non-negative strides, map[r][d] for result r and
 * logical dim d.  It must be one-to-one, and it is inverted without search:
 * a result that uses a single dim gives that dim directly (tt-mlir's
 * "(d0 * 96 + d1, d1, d2)" recovers d1 from result 1), and in every other
 * result the dims not yet known must have strides that never overlap (each
 * stride larger than the span of the faster dims), so greedy division
 * recovers them.  tt_layout_validate() rejects maps that break this.
 */
#include <tt/layout.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <tt/error.h>

#include "base/base.h"
#include "tt_data_format.h"

#define R TT_LAYOUT_MAX_RANK

static bool mul_over(uint64_t a, uint64_t b, uint64_t *res)
{
	return __builtin_mul_overflow(a, b, res);
}

static bool add_over(uint64_t a, uint64_t b, uint64_t *res)
{
	return __builtin_add_overflow(a, b, res);
}

static uint64_t ceil_div(uint64_t a, uint64_t b)
{
	return a / b + (a % b != 0);
}

static uint64_t round_up(uint64_t a, uint64_t b)
{
	return ceil_div(a, b) * b;
}

/* ---- text output ------------------------------------------------------ */

/* snprintf into a fixed buffer, counting what would have been written. */
struct sbuf {
	char *buf;
	size_t len;
	size_t pos;
};

static void sb_printf(struct sbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sb_printf(struct sbuf *sb, const char *fmt, ...)
{
	char *dst = NULL;
	size_t room = 0;
	va_list ap;
	int n;

	if (sb->pos < sb->len) {
		dst = sb->buf + sb->pos;
		room = sb->len - sb->pos;
	}
	va_start(ap, fmt);
	n = vsnprintf(dst, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		sb->pos += (size_t)n;
}

static void sb_init(struct sbuf *sb, char *buf, size_t len)
{
	sb->buf = buf;
	sb->len = buf ? len : 0;
	sb->pos = 0;
	if (sb->len)
		buf[0] = '\0';
}

static void sb_dims(struct sbuf *sb, const uint64_t *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		sb_printf(sb, "%s%llu", i ? "x" : "", (unsigned long long)v[i]);
}

static void sb_map(struct sbuf *sb, uint32_t rank, uint32_t phys_rank, const uint64_t (*map)[R])
{
	sb_printf(sb, "(");
	for (uint32_t d = 0; d < rank; d++)
		sb_printf(sb, "%sd%u", d ? ", " : "", d);
	sb_printf(sb, ") -> (");
	for (uint32_t r = 0; r < phys_rank; r++) {
		bool first = true;

		sb_printf(sb, "%s", r ? ", " : "");
		for (uint32_t d = 0; d < rank; d++) {
			if (!map[r][d])
				continue;
			sb_printf(sb, "%sd%u", first ? "" : " + ", d);
			if (map[r][d] != 1)
				sb_printf(sb, " * %llu", (unsigned long long)map[r][d]);
			first = false;
		}
		if (first)
			sb_printf(sb, "0");
	}
	sb_printf(sb, ")");
}

/* The seed's spelling of @dtype in the printed form. */
static const char *dtype_name(uint32_t dtype)
{
	switch (dtype) {
	case TT_DF_FLOAT32:
		return "f32";
	case TT_DF_FLOAT16_B:
		return "bf16";
	case TT_DF_BFP8_B:
		return "bfp_bf8";
	}
	return "?";
}

static const char *mem_name(enum tt_layout_mem mem)
{
	switch (mem) {
	case TT_LAYOUT_L1:
		return "l1";
	case TT_LAYOUT_DRAM:
		return "dram";
	case TT_LAYOUT_SYSTEM:
		return "system";
	}
	return "?";
}

/* ---- sizes ------------------------------------------------------------ */

float tt_layout_oob_value(const struct tt_layout_oob *oob)
{
	TT_IGNORE_NULL(oob, 0.0f);
	switch (oob->kind) {
	case TT_LAYOUT_OOB_UNDEF: /* host routines write 0 */
	case TT_LAYOUT_OOB_ZERO:
		return 0.0f;
	case TT_LAYOUT_OOB_ONE:
		return 1.0f;
	case TT_LAYOUT_OOB_NEG_INF:
		return -INFINITY;
	case TT_LAYOUT_OOB_POS_INF:
		return INFINITY;
	case TT_LAYOUT_OOB_NAN:
		return NAN;
	case TT_LAYOUT_OOB_NUMBER:
		return oob->number;
	}
	return 0.0f;
}

/* ---- map analysis ----------------------------------------------------- */

/* One logical dim inside a result: its stride and extent. */
struct term {
	uint32_t dim;
	uint64_t coef;
	uint64_t ext;
};

/*
 * How to invert the map.  solo[r] is the dim of a result that uses one
 * dim only (or R); terms[r] are the other results' dims that no solo
 * result gives, extent > 1, by falling stride.
 */
struct plan {
	uint32_t solo[R];
	uint32_t nterms[R];
	struct term terms[R][R];
	bool separable;
};

static int build_plan(const struct tt_layout *l, struct plan *p)
{
	uint32_t uses[R] = { 0 };
	uint32_t owner[R];
	bool known[R] = { false };

	p->separable = true;
	for (uint32_t d = 0; d < l->rank; d++)
		owner[d] = R;

	for (uint32_t r = 0; r < l->phys_rank; r++) {
		uint32_t n = 0, last = 0;

		for (uint32_t d = 0; d < l->rank; d++) {
			if (l->map[r][d]) {
				uses[d]++;
				n++;
				last = d;
			}
		}
		if (!n)
			return tt_fail(TT_ELAYOUT,
				       "result %u of the map uses no logical dim: every physical "
				       "dim must come from at least one logical dim",
				       r);
		p->solo[r] = n == 1 ? last : R;
		if (n == 1)
			known[last] = true;
		p->nterms[r] = 0;
	}
	for (uint32_t d = 0; d < l->rank; d++) {
		if (!uses[d])
			return tt_fail(
				TT_ELAYOUT,
				"logical dim d%u appears in no result of the map, so indices that "
				"differ only in d%u would share a slot: give d%u a non-zero stride",
				d, d, d);
		if (uses[d] != 1)
			p->separable = false;
	}

	for (uint32_t r = 0; r < l->phys_rank; r++) {
		struct term *t = p->terms[r];
		uint32_t n = 0;
		uint64_t span;

		if (p->solo[r] != R)
			continue;
		for (uint32_t d = 0; d < l->rank; d++) {
			if (!l->map[r][d] || known[d] || l->shape[d] == 1)
				continue;
			if (owner[d] != R)
				return tt_fail(TT_ELAYOUT,
					       "logical dim d%u is mixed with other dims in "
					       "results %u and %u, so its value cannot be "
					       "recovered from a physical index: keep it in one "
					       "result, or give it a result of its own",
					       d, owner[d], r);
			owner[d] = r;
			t[n].dim = d;
			t[n].coef = l->map[r][d];
			t[n].ext = l->shape[d];
			n++;
		}
		/* Insertion sort by falling stride (n <= 8). */
		for (uint32_t i = 1; i < n; i++) {
			struct term x = t[i];
			uint32_t j = i;

			while (j && t[j - 1].coef < x.coef) {
				t[j] = t[j - 1];
				j--;
			}
			t[j] = x;
		}
		/*
		 * Each stride must be at least the span of the faster dims
		 * combined with it.  That makes the result one-to-one and
		 * greedy division exact; it also rejects a few exotic
		 * one-to-one maps whose spans interleave.  Spans stay below
		 * the physical extent, which was checked for overflow.
		 */
		span = 1;
		for (uint32_t i = n; i-- > 0;) {
			if (t[i].coef < span)
				return tt_fail(
					TT_ELAYOUT,
					"result %u of the map gives d%u stride %llu but the faster "
					"dims of that result span %llu values: strides must not "
					"overlap, or two logical indices may share a slot; make "
					"the stride of d%u at least %llu",
					r, t[i].dim, (unsigned long long)t[i].coef,
					(unsigned long long)span, t[i].dim,
					(unsigned long long)span);
			span += (t[i].ext - 1) * t[i].coef;
		}
		p->nterms[r] = n;
	}
	return TT_OK;
}

/* map(logical); the caller guarantees the index is in range. */
static void apply_map(const struct tt_layout *l, const uint64_t *x, uint64_t *phys)
{
	for (uint32_t r = 0; r < l->phys_rank; r++) {
		uint64_t v = 0;

		for (uint32_t d = 0; d < l->rank; d++)
			v += l->map[r][d] * x[d];
		phys[r] = v;
	}
}

/* Inverse of apply_map(); false if no logical index maps to @phys. */
static bool invert(const struct tt_layout *l, const struct plan *p, const uint64_t *phys,
		   uint64_t *x)
{
	uint64_t check[R];

	for (uint32_t d = 0; d < l->rank; d++)
		x[d] = 0;
	for (uint32_t r = 0; r < l->phys_rank; r++) {
		uint32_t d = p->solo[r];
		uint64_t c, v;

		if (d == R)
			continue;
		c = l->map[r][d];
		if (phys[r] % c)
			return false;
		v = phys[r] / c;
		if (v >= l->shape[d])
			return false;
		x[d] = v;
	}
	for (uint32_t r = 0; r < l->phys_rank; r++) {
		const struct term *t = p->terms[r];
		uint64_t rem = phys[r], known = 0;

		if (p->solo[r] != R)
			continue;
		/* Dims given by solo results (or of extent 1) are known. */
		for (uint32_t d = 0; d < l->rank; d++) {
			bool term = false;

			for (uint32_t i = 0; i < p->nterms[r]; i++)
				term |= t[i].dim == d;
			if (!term)
				known += l->map[r][d] * x[d];
		}
		if (rem < known)
			return false;
		rem -= known;
		for (uint32_t i = 0; i < p->nterms[r]; i++) {
			uint64_t v = rem / t[i].coef;

			if (v >= t[i].ext)
				return false;
			x[t[i].dim] = v;
			rem -= v * t[i].coef;
		}
		if (rem)
			return false;
	}
	/* A dim given by two solo results must agree: recheck the map. */
	apply_map(l, x, check);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		if (check[r] != phys[r])
			return false;
	return true;
}

/* ---- validation ------------------------------------------------------- */

static int check_shape(uint32_t rank, const uint64_t *shape)
{
	uint64_t n = 1;

	if (rank < 1 || rank > R)
		return tt_fail(TT_ELAYOUT,
			       "rank %u is not supported: a layout has 1 to %u logical dims", rank,
			       R);
	for (uint32_t d = 0; d < rank; d++) {
		if (!shape[d])
			return tt_fail(TT_ELAYOUT,
				       "dim %u of the shape is 0: every dim needs at least one "
				       "element (use 1 for a unit dim)",
				       d);
		if (mul_over(n, shape[d], &n))
			return tt_fail(TT_ELAYOUT, "the shape has more than 2^64 elements");
	}
	return TT_OK;
}

/*
 * Normalise @n intervals of a rank-@rank shape to [b, e) with
 * 0 <= b <= e <= rank and cut the dims into groups: group g is
 * [gb[g], ge[g]).  Returns the number of groups or a negative code.
 */
static int make_groups(uint32_t rank, uint32_t n, const struct tt_layout_interval *iv, uint32_t *gb,
		       uint32_t *ge)
{
	int32_t b[R], e[R];
	uint32_t in_group[R];
	uint32_t ng = 0;

	if (n > R)
		return tt_fail(TT_ELAYOUT, "%u collapse intervals given; at most %u fit", n, R);
	for (uint32_t d = 0; d < rank; d++)
		in_group[d] = R;
	for (uint32_t i = 0; i < n; i++) {
		int32_t r = (int32_t)rank;

		b[i] = iv[i].begin;
		e[i] = iv[i].end;
		if (b[i] < -r || b[i] > r || e[i] < -r || e[i] > r)
			return tt_fail(TT_ELAYOUT,
				       "collapse interval (%d, %d) is out of range for a rank-%u "
				       "shape: indices go from -%u to %u",
				       iv[i].begin, iv[i].end, rank, rank, rank);
		if (b[i] < 0)
			b[i] += r;
		if (e[i] < 0)
			e[i] += r;
		if (b[i] > e[i])
			return tt_fail(
				TT_ELAYOUT,
				"collapse interval (%d, %d) is reversed: it is [%d, %d) once "
				"negative indices wrap, and the begin must not pass the end",
				iv[i].begin, iv[i].end, b[i], e[i]);
		for (int32_t d = b[i]; d < e[i]; d++) {
			if (in_group[d] != R) {
				uint32_t j = in_group[d];

				return tt_fail(
					TT_ELAYOUT,
					"collapse intervals (%d, %d) and (%d, %d) overlap on dim "
					"%d: each dim may be collapsed by one interval only",
					iv[j].begin, iv[j].end, iv[i].begin, iv[i].end, d);
			}
			in_group[d] = i;
		}
	}
	for (uint32_t d = 0; d < rank;) {
		uint32_t end = d + 1;

		if (in_group[d] != R)
			end = (uint32_t)e[in_group[d]];
		gb[ng] = d;
		ge[ng] = end;
		ng++;
		d = end;
	}
	return (int)ng;
}

static uint64_t phys_extent(const struct tt_layout *l, uint32_t r)
{
	uint64_t v = 1;

	for (uint32_t d = 0; d < l->rank; d++)
		v += l->map[r][d] * (l->shape[d] - 1);
	return v;
}

/* Footprint of one shard in bytes, or an error on overflow. */
static int shard_bytes(const struct tt_layout *l, uint64_t *bytes)
{
	uint64_t p[R], n = 1, b;

	tt_layout_padded_shard_shape(l, p);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		if (mul_over(n, p[r], &n))
			return tt_fail(TT_ELAYOUT, "one shard would hold more than 2^64 slots");
	if (l->tiled) {
		n /= (uint64_t)l->tile[0] * l->tile[1];
		b = tt_df_tile_bytes(l->dtype, l->tile[0], l->tile[1]);
	} else {
		b = tt_df_elem_bytes(l->dtype);
	}
	if (mul_over(n, b, bytes))
		return tt_fail(TT_ELAYOUT, "one shard would need more than 2^64 bytes");
	return TT_OK;
}

int tt_layout_validate(const struct tt_layout *l)
{
	struct plan p;
	uint64_t bytes;
	int err;

	TT_REFUSE_NULL(l);
	err = check_shape(l->rank, l->shape);
	if (err)
		return err;
	if (l->dtype != TT_DF_FLOAT32 && l->dtype != TT_DF_FLOAT16_B && l->dtype != TT_DF_BFP8_B)
		return tt_fail(TT_ELAYOUT,
			       "element type %u is not supported: use TT_DF_FLOAT32, "
			       "TT_DF_FLOAT16_B or TT_DF_BFP8_B",
			       l->dtype);
	if (l->phys_rank < 1 || l->phys_rank > R)
		return tt_fail(TT_ELAYOUT, "the map has %u results; it needs 1 to %u", l->phys_rank,
			       R);

	if (l->n_intervals) {
		uint32_t gb[R], ge[R];
		int ng = make_groups(l->rank, l->n_intervals, l->intervals, gb, ge);

		if (ng < 0)
			return ng;
		if ((uint32_t)ng != l->phys_rank)
			return tt_fail(TT_ELAYOUT,
				       "the collapse intervals make %d physical dims but the map "
				       "has %u results",
				       ng, l->phys_rank);
		for (uint32_t g = 0; g < (uint32_t)ng; g++)
			for (uint32_t d = 0; d < l->rank; d++)
				if (!l->map[g][d] != (d < gb[g] || d >= ge[g]))
					return tt_fail(TT_ELAYOUT,
						       "result %u of the map does not match "
						       "collapse interval [%u, %u): it must use "
						       "exactly dims d%u to d%u",
						       g, gb[g], ge[g], gb[g], ge[g] - 1);
	}

	/* Physical extents must fit in 64 bits before anything else. */
	for (uint32_t r = 0; r < l->phys_rank; r++) {
		uint64_t v = 1, t;

		for (uint32_t d = 0; d < l->rank; d++)
			if (mul_over(l->map[r][d], l->shape[d] - 1, &t) || add_over(v, t, &v))
				return tt_fail(TT_ELAYOUT,
					       "physical dim %u of the map exceeds 2^64: the "
					       "strides are too large",
					       r);
	}
	err = build_plan(l, &p);
	if (err)
		return err;

	for (uint32_t r = 0; r < l->phys_rank; r++) {
		uint64_t t;

		if (!l->grid[r])
			return tt_fail(TT_ELAYOUT,
				       "grid dim %u is 0: every grid dim needs at least one shard",
				       r);
		if (mul_over(l->grid[r], ceil_div(phys_extent(l, r), l->grid[r]), &t))
			return tt_fail(TT_ELAYOUT, "grid dim %u times the shard exceeds 2^64", r);
	}

	if (l->tiled) {
		if (l->phys_rank < 2)
			return tt_fail(TT_ELAYOUT,
				       "a tiled layout needs at least 2 physical dims but the map "
				       "has %u: fold fewer dims or do not tile",
				       l->phys_rank);
		for (int i = 0; i < 2; i++)
			if (!l->tile[i] || (l->tile[i] > 16 && l->tile[i] % 16))
				return tt_fail(TT_ELAYOUT,
					       "tile %ux%u is not supported: each tile dim must be "
					       "1..16 or a multiple of 16 (faces are 16x16)",
					       l->tile[0], l->tile[1]);
		if (!tt_df_tile_bytes(l->dtype, l->tile[0], l->tile[1]))
			return tt_fail(TT_ELAYOUT,
				       "Bfp8_b tiles need a width that is a multiple of 16 (16 "
				       "values share one exponent), not %u",
				       l->tile[1]);
	} else if (l->dtype == TT_DF_BFP8_B) {
		return tt_fail(
			TT_ELAYOUT,
			"Bfp8_b exists only in tiles (16 values share one exponent): set tiled");
	}
	if ((unsigned)l->oob.kind > TT_LAYOUT_OOB_NUMBER)
		return tt_fail(TT_ELAYOUT, "oob_val kind %d is unknown", (int)l->oob.kind);
	if ((unsigned)l->mem > TT_LAYOUT_SYSTEM)
		return tt_fail(TT_ELAYOUT, "memory space %d is unknown", (int)l->mem);

	err = shard_bytes(l, &bytes);
	if (err)
		return err;
	if (l->max_shard_bytes && bytes > l->max_shard_bytes) {
		char m[160];
		struct sbuf sb;
		uint64_t s[R];

		sb_init(&sb, m, sizeof(m));
		tt_layout_memref_shape(l, s);
		sb_dims(&sb, s, l->phys_rank);
		return tt_fail(TT_ELAYOUT,
			       "one shard (memref %s of %s%s) needs %llu bytes per core but only "
			       "%llu are available: use a larger grid, a smaller format, or DRAM",
			       m, l->tiled ? "tiles of " : "", dtype_name(l->dtype),
			       (unsigned long long)bytes, (unsigned long long)l->max_shard_bytes);
	}
	return TT_OK;
}

int tt_layout_create(struct tt_layout *l, const struct tt_layout_desc *d)
{
	static const struct tt_layout_interval def = { 0, -1 };
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(d);
	memset(l, 0, sizeof(*l));
	err = check_shape(d->rank, d->shape);
	if (err)
		return err;
	l->rank = d->rank;
	memcpy(l->shape, d->shape, sizeof(l->shape));
	l->dtype = d->dtype;
	l->tiled = d->tiled;
	l->tile[0] = d->tile[0];
	l->tile[1] = d->tile[1];
	if (d->tiled && !d->tile[0] && !d->tile[1])
		l->tile[0] = l->tile[1] = TT_TILE_DIM;
	l->oob = d->oob;
	l->mem = d->mem;
	l->max_shard_bytes = d->max_shard_bytes;

	if (d->map_rank) {
		for (uint32_t i = 0; i < R; i++)
			if (d->stride_align[i] > 1)
				return tt_fail(
					TT_ELAYOUT,
					"stride_align applies to collapse intervals; with an "
					"explicit map write the bumped stride into the map");
		if (d->n_intervals)
			return tt_fail(
				TT_ELAYOUT,
				"give either collapse intervals or an explicit map, not both");
		if (d->map_rank > R)
			return tt_fail(TT_ELAYOUT, "the map has %u results; it needs 1 to %u",
				       d->map_rank, R);
		l->phys_rank = d->map_rank;
		for (uint32_t r = 0; r < d->map_rank; r++)
			for (uint32_t i = 0; i < d->rank; i++)
				l->map[r][i] = d->map[r][i];
	} else {
		uint32_t gb[R], ge[R];
		int ng;

		if (d->n_intervals) {
			if (d->n_intervals > R)
				return tt_fail(TT_ELAYOUT,
					       "%u collapse intervals given; at most %u fit",
					       d->n_intervals, R);
			l->n_intervals = d->n_intervals;
			memcpy(l->intervals, d->intervals, d->n_intervals * sizeof(def));
		} else {
			l->n_intervals = 1;
			l->intervals[0] = def;
		}
		ng = make_groups(l->rank, l->n_intervals, l->intervals, gb, ge);
		if (ng < 0)
			return ng;
		for (uint32_t g = 0; g < (uint32_t)ng; g++) {
			uint64_t next = 1; /* stride * extent of d + 1 */

			for (uint32_t i = ge[g]; i-- > gb[g];) {
				uint64_t a = d->stride_align[i] ? d->stride_align[i] : 1;
				uint64_t s;

				if (add_over(next, a - 1, &s))
					return tt_fail(TT_ELAYOUT, "stride of d%u exceeds 2^64", i);
				s = s / a * a;
				l->map[g][i] = s;
				if (mul_over(s, l->shape[i], &next))
					return tt_fail(TT_ELAYOUT, "stride of d%u exceeds 2^64", i);
			}
		}
		l->phys_rank = (uint32_t)ng;
	}

	if (d->grid_rank != l->phys_rank) {
		char m[256];
		struct sbuf sb;

		sb_init(&sb, m, sizeof(m));
		sb_map(&sb, l->rank, l->phys_rank, l->map);
		if (d->map_rank)
			return tt_fail(TT_ELAYOUT,
				       "the map %s has %u results but the grid has rank %u: the "
				       "grid needs one dim per result",
				       m, l->phys_rank, d->grid_rank);
		return tt_fail(
			TT_ELAYOUT,
			"the collapse intervals fold the rank-%u shape into %u physical dims, %s, "
			"but the grid has rank %u: use a rank-%u grid, or intervals that leave %u "
			"dims (a one-dim interval such as (0, 1) folds nothing)",
			l->rank, l->phys_rank, m, d->grid_rank, l->phys_rank, d->grid_rank);
	}
	memcpy(l->grid, d->grid, sizeof(l->grid));
	return tt_layout_validate(l);
}

/* ---- derived shapes --------------------------------------------------- */

uint32_t tt_layout_physical_shape(const struct tt_layout *l, uint64_t *out)
{
	TT_IGNORE_NULL(l, 0);
	TT_IGNORE_NULL(out, 0);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		out[r] = phys_extent(l, r);
	return l->phys_rank;
}

uint32_t tt_layout_shard_shape(const struct tt_layout *l, uint64_t *out)
{
	TT_IGNORE_NULL(l, 0);
	TT_IGNORE_NULL(out, 0);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		out[r] = ceil_div(phys_extent(l, r), l->grid[r]);
	return l->phys_rank;
}

uint32_t tt_layout_padded_shard_shape(const struct tt_layout *l, uint64_t *out)
{
	uint32_t n = tt_layout_shard_shape(l, out);

	if (!n)
		return 0;
	if (l->tiled && n >= 2) { /* validated layouts: always */
		out[n - 2] = round_up(out[n - 2], l->tile[0]);
		out[n - 1] = round_up(out[n - 1], l->tile[1]);
	}
	return n;
}

uint32_t tt_layout_memref_shape(const struct tt_layout *l, uint64_t *out)
{
	uint32_t n = tt_layout_padded_shard_shape(l, out);

	if (!n)
		return 0;
	if (l->tiled && n >= 2) { /* validated layouts: always */
		out[n - 2] /= l->tile[0];
		out[n - 1] /= l->tile[1];
	}
	return n;
}

uint64_t tt_layout_num_elems(const struct tt_layout *l)
{
	uint64_t n = 1;

	TT_IGNORE_NULL(l, 0);
	for (uint32_t d = 0; d < l->rank; d++)
		n *= l->shape[d];
	return n;
}

uint64_t tt_layout_num_shards(const struct tt_layout *l)
{
	uint64_t n = 1;

	TT_IGNORE_NULL(l, 0);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		n *= l->grid[r];
	return n;
}

uint64_t tt_layout_shard_slots(const struct tt_layout *l)
{
	uint64_t p[R], n = 1;

	TT_IGNORE_NULL(l, 0);
	tt_layout_padded_shard_shape(l, p);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		n *= p[r];
	return n;
}

uint64_t tt_layout_shard_bytes(const struct tt_layout *l)
{
	uint64_t b = 0;

	TT_IGNORE_NULL(l, 0);
	shard_bytes(l, &b);
	return b;
}

/* ---- index mapping ---------------------------------------------------- */

/* TT_ERANGE: index @idx of @what dim @dim is not below @limit. */
static int out_of_range(const char *what, uint32_t dim, uint64_t idx, uint64_t limit)
{
	return tt_fail(TT_ERANGE, "tt_layout: %s index %llu of dim %u is outside 0..%llu", what,
		       (unsigned long long)idx, dim, (unsigned long long)(limit ? limit - 1 : 0));
}

int tt_layout_to_physical(const struct tt_layout *l, const uint64_t *logical, uint64_t *phys)
{
	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(logical);
	TT_REFUSE_NULL(phys);
	for (uint32_t d = 0; d < l->rank; d++)
		if (logical[d] >= l->shape[d])
			return out_of_range("logical", d, logical[d], l->shape[d]);
	apply_map(l, logical, phys);
	return TT_OK;
}

int tt_layout_to_logical(const struct tt_layout *l, const uint64_t *phys, uint64_t *logical)
{
	uint64_t s[R];
	struct plan p;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(phys);
	TT_REFUSE_NULL(logical);
	tt_layout_shard_shape(l, s);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		if (phys[r] >= l->grid[r] * s[r])
			return out_of_range("physical", r, phys[r], l->grid[r] * s[r]);
	if (build_plan(l, &p))
		return TT_ELAYOUT;
	return invert(l, &p, phys, logical) ? TT_OK : TT_ENOENT;
}

int tt_layout_locate(const struct tt_layout *l, const uint64_t *phys, uint64_t *grid_coord,
		     uint64_t *offset)
{
	uint64_t s[R];

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(phys);
	TT_REFUSE_NULL(grid_coord);
	TT_REFUSE_NULL(offset);
	tt_layout_shard_shape(l, s);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		if (phys[r] >= l->grid[r] * s[r])
			return out_of_range("physical", r, phys[r], l->grid[r] * s[r]);
	for (uint32_t r = 0; r < l->phys_rank; r++) {
		grid_coord[r] = phys[r] / s[r];
		offset[r] = phys[r] % s[r];
	}
	return TT_OK;
}

/*
 * Storage position of a shard offset: tile number and index inside the
 * tile (faces of at most 16x16, row-major faces, row-major inside a face,
 * as hal/tt_data_format.h lays out a tile).  Untiled shards
 * are one row-major "tile".
 */
static int slot_pos(const struct tt_layout *l, const uint64_t *offset, uint64_t *tile,
		    uint64_t *in_tile)
{
	uint64_t p[R], lead = 0, th, tw, fh, fw, rr, cc, face;
	uint32_t n = tt_layout_padded_shard_shape(l, p);

	for (uint32_t r = 0; r < n; r++)
		if (offset[r] >= p[r])
			return out_of_range("shard offset", r, offset[r], p[r]);
	if (!l->tiled) {
		for (uint32_t r = 0; r < n; r++)
			lead = lead * p[r] + offset[r];
		*tile = 0;
		*in_tile = lead;
		return TT_OK;
	}

	th = l->tile[0];
	tw = l->tile[1];
	fh = th < 16 ? th : 16;
	fw = tw < 16 ? tw : 16;
	rr = offset[n - 2] % th;
	cc = offset[n - 1] % tw;
	face = (rr / fh) * (tw / fw) + cc / fw;
	for (uint32_t r = 0; r + 2 < n; r++)
		lead = lead * p[r] + offset[r];
	*tile = (lead * (p[n - 2] / th) + offset[n - 2] / th) * (p[n - 1] / tw) +
		offset[n - 1] / tw;
	*in_tile = face * fh * fw + (rr % fh) * fw + cc % fw;
	return TT_OK;
}

int tt_layout_slot_index(const struct tt_layout *l, const uint64_t *offset, uint64_t *index)
{
	uint64_t t, i;
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(offset);
	TT_REFUSE_NULL(index);
	err = slot_pos(l, offset, &t, &i);
	if (err)
		return err;
	*index = l->tiled ? t * l->tile[0] * l->tile[1] + i : i;
	return TT_OK;
}

int tt_layout_slot_byte(const struct tt_layout *l, const uint64_t *offset, uint64_t *byte)
{
	uint64_t t, i;
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(offset);
	TT_REFUSE_NULL(byte);
	err = slot_pos(l, offset, &t, &i);
	if (err)
		return err;
	if (l->dtype == TT_DF_BFP8_B) {
		uint64_t n = (uint64_t)l->tile[0] * l->tile[1];

		*byte = t * tt_df_tile_bytes(l->dtype, l->tile[0], l->tile[1]) +
			round_up(n / TT_TILE_FACE_DIM, 16) + i;
		return TT_OK;
	}
	if (l->tiled)
		i += t * l->tile[0] * l->tile[1];
	*byte = i * tt_df_elem_bytes(l->dtype);
	return TT_OK;
}

int tt_layout_slot_to_logical(const struct tt_layout *l, const uint64_t *grid_coord,
			      const uint64_t *offset, uint64_t *logical)
{
	uint64_t s[R], p[R], phys[R];
	struct plan pl;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(grid_coord);
	TT_REFUSE_NULL(offset);
	TT_REFUSE_NULL(logical);
	tt_layout_shard_shape(l, s);
	tt_layout_padded_shard_shape(l, p);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		if (grid_coord[r] >= l->grid[r] || offset[r] >= p[r])
			return grid_coord[r] >= l->grid[r]
				       ? out_of_range("grid", r, grid_coord[r], l->grid[r])
				       : out_of_range("shard offset", r, offset[r], p[r]);
	for (uint32_t r = 0; r < l->phys_rank; r++) {
		if (offset[r] >= s[r])
			return TT_ENOENT; /* tile padding */
		phys[r] = grid_coord[r] * s[r] + offset[r];
	}
	if (build_plan(l, &pl))
		return TT_ELAYOUT;
	return invert(l, &pl, phys, logical) ? TT_OK : TT_ENOENT;
}

int tt_layout_is_padding(const struct tt_layout *l, const uint64_t *grid_coord,
			 const uint64_t *offset)
{
	uint64_t x[R];
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(grid_coord);
	TT_REFUSE_NULL(offset);
	err = tt_layout_slot_to_logical(l, grid_coord, offset, x);
	if (err == TT_ENOENT)
		return 1;
	return err ? err : 0;
}

/* ---- padding ---------------------------------------------------------- */

static uint64_t terms_total(const struct term *t, uint32_t n)
{
	uint64_t v = 1;

	for (uint32_t i = 0; i < n; i++)
		v *= t[i].ext;
	return v;
}

/*
 * Values below @x that the terms (falling strides, no overlap) can form.
 * Digits under the top one span less than its stride, so the top digit of
 * every formable value below x is at most x / stride.
 */
static uint64_t count_below(const struct term *t, uint32_t n, uint64_t x)
{
	uint64_t q;

	if (!n)
		return x > 0;
	q = x / t[0].coef;
	if (q >= t[0].ext)
		return terms_total(t, n);
	return q * terms_total(t + 1, n - 1) + count_below(t + 1, n - 1, x - q * t[0].coef);
}

/* Terms of separable result @r, by falling stride, extents > 1 only. */
static uint32_t result_terms(const struct tt_layout *l, const struct plan *p, uint32_t r,
			     struct term *t)
{
	uint32_t d = p->solo[r];

	if (d == R) {
		memcpy(t, p->terms[r], p->nterms[r] * sizeof(*t));
		return p->nterms[r];
	}
	if (l->shape[d] == 1)
		return 0;
	t[0].dim = d;
	t[0].coef = l->map[r][d];
	t[0].ext = l->shape[d];
	return 1;
}

/*
 * Elements of a non-separable map that land in the window
 * [lo, lo + n) of every result: walk the logical indices, narrowing dims
 * that a solo result gives to the window's range.
 */
static uint64_t count_window(const struct tt_layout *l, const struct plan *p, const uint64_t *lo,
			     const uint64_t *n)
{
	uint64_t a[R], b[R], x[R], phys[R], count = 0;

	for (uint32_t d = 0; d < l->rank; d++) {
		a[d] = 0;
		b[d] = l->shape[d];
	}
	for (uint32_t r = 0; r < l->phys_rank; r++) {
		uint32_t d = p->solo[r];
		uint64_t c;

		if (d == R)
			continue;
		c = l->map[r][d];
		if (ceil_div(lo[r], c) > a[d])
			a[d] = ceil_div(lo[r], c);
		if (ceil_div(lo[r] + n[r], c) < b[d])
			b[d] = ceil_div(lo[r] + n[r], c);
	}
	for (uint32_t d = 0; d < l->rank; d++) {
		if (a[d] >= b[d])
			return 0;
		x[d] = a[d];
	}
	for (;;) {
		bool in = true;
		uint32_t d;

		apply_map(l, x, phys);
		for (uint32_t r = 0; r < l->phys_rank; r++)
			in &= phys[r] >= lo[r] && phys[r] < lo[r] + n[r];
		count += in;
		for (d = l->rank; d-- > 0;) {
			if (++x[d] < b[d])
				break;
			x[d] = a[d];
		}
		if (d == UINT32_MAX)
			return count;
	}
}

int tt_layout_shard_padding(const struct tt_layout *l, const uint64_t *grid_coord,
			    struct tt_layout_shard_pad *out)
{
	uint64_t phys[R];
	struct plan p;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(grid_coord);
	TT_REFUSE_NULL(out);
	for (uint32_t r = 0; r < l->phys_rank; r++)
		if (grid_coord[r] >= l->grid[r])
			return out_of_range("grid", r, grid_coord[r], l->grid[r]);
	if (build_plan(l, &p))
		return TT_ELAYOUT;

	memset(out, 0, sizeof(*out));
	out->rank = l->phys_rank;
	out->separable = p.separable;
	tt_layout_physical_shape(l, phys);
	tt_layout_shard_shape(l, out->extent);
	tt_layout_padded_shard_shape(l, out->padded);
	out->slots = 1;
	out->elems = 1;
	for (uint32_t r = 0; r < l->phys_rank; r++) {
		uint64_t o = grid_coord[r] * out->extent[r];

		out->origin[r] = o;
		out->in_bounds[r] = o >= phys[r] ? 0
						 : (phys[r] - o < out->extent[r] ? phys[r] - o
										 : out->extent[r]);
		out->slots *= out->padded[r];
		if (p.separable) {
			struct term t[R];
			uint32_t n = result_terms(l, &p, r, t);

			out->mapped[r] =
				count_below(t, n, o + out->in_bounds[r]) - count_below(t, n, o);
			out->elems *= out->mapped[r];
		}
	}
	if (!p.separable)
		out->elems = count_window(l, &p, out->origin, out->in_bounds);
	out->padding = out->slots - out->elems;
	return TT_OK;
}

/* Collects ascending ranges, merging neighbours, counting past @max. */
struct range_out {
	struct tt_layout_range *v;
	size_t max;
	size_t n;
	bool have;
	struct tt_layout_range cur;
};

static void range_emit(struct range_out *o, uint64_t lo, uint64_t hi)
{
	if (lo >= hi)
		return;
	if (o->have && o->cur.hi == lo) {
		o->cur.hi = hi;
		return;
	}
	if (o->have) {
		if (o->n < o->max)
			o->v[o->n] = o->cur;
		o->n++;
	}
	o->have = true;
	o->cur.lo = lo;
	o->cur.hi = hi;
}

/* Formable values of the terms, offset by @base, clipped to [lo, hi). */
static void range_walk(struct range_out *o, const struct term *t, uint32_t n, uint64_t base,
		       uint64_t lo, uint64_t hi)
{
	uint64_t i;

	if (!n) {
		if (base >= lo && base < hi)
			range_emit(o, base, base + 1);
		return;
	}
	if (n == 1 && t[0].coef == 1) {
		uint64_t a = base > lo ? base : lo;
		uint64_t b = base + t[0].ext < hi ? base + t[0].ext : hi;

		range_emit(o, a, b);
		return;
	}
	/* Digits under i0 end at or before lo (their span is < coef). */
	i = lo > base ? (lo - base) / t[0].coef : 0;
	for (; i < t[0].ext; i++) {
		uint64_t start = base + i * t[0].coef;

		if (start >= hi)
			break;
		range_walk(o, t + 1, n - 1, start, lo, hi);
	}
}

int tt_layout_shard_ranges(const struct tt_layout *l, const uint64_t *grid_coord, uint32_t dim,
			   struct tt_layout_range *ranges, size_t max, size_t *n)
{
	struct tt_layout_shard_pad pad;
	struct range_out o = { .v = ranges, .max = ranges ? max : 0 };
	struct term t[R];
	struct plan p;
	uint32_t nt;
	uint64_t lo;
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(grid_coord);
	TT_REFUSE_NULL(n);
	if (dim >= l->phys_rank)
		return tt_fail(TT_ERANGE, "physical dim %u does not exist: the layout has %u", dim,
			       l->phys_rank);
	err = build_plan(l, &p);
	if (err)
		return err;
	if (!p.separable)
		return tt_fail(TT_ENOSYS,
			       "a logical dim feeds several results of this map, so padding is not "
			       "a product of per-dim ranges: ask tt_layout_is_padding() per slot");
	err = tt_layout_shard_padding(l, grid_coord, &pad);
	if (err)
		return tt_fail(err, "grid coordinate outside the %u-dim grid", l->phys_rank);
	nt = result_terms(l, &p, dim, t);
	lo = pad.origin[dim];
	range_walk(&o, t, nt, 0, lo, lo + pad.in_bounds[dim]);
	if (o.have) {
		if (o.n < o.max)
			o.v[o.n] = o.cur;
		o.n++;
	}
	for (size_t i = 0; ranges && i < o.n && i < o.max; i++) {
		ranges[i].lo -= lo;
		ranges[i].hi -= lo;
	}
	*n = o.n;
	return TT_OK;
}

/* ---- printing --------------------------------------------------------- */

int tt_layout_print_map(const struct tt_layout *l, char *buf, size_t len)
{
	struct sbuf sb;

	TT_REFUSE_NULL(l);
	sb_init(&sb, buf, len);
	sb_map(&sb, l->rank, l->phys_rank, l->map);
	return (int)sb.pos;
}

int tt_layout_print(const struct tt_layout *l, char *buf, size_t len)
{
	static const char *const oob[] = {
		[TT_LAYOUT_OOB_UNDEF] = "undef", [TT_LAYOUT_OOB_ZERO] = "zero",
		[TT_LAYOUT_OOB_ONE] = "one",	 [TT_LAYOUT_OOB_NEG_INF] = "neginf",
		[TT_LAYOUT_OOB_POS_INF] = "inf", [TT_LAYOUT_OOB_NAN] = "nan",
	};
	uint64_t m[R];
	struct sbuf sb;

	TT_REFUSE_NULL(l);
	sb_init(&sb, buf, len);
	sb_printf(&sb, "#tt.metal_layout<");
	sb_map(&sb, l->rank, l->phys_rank, l->map);
	if (l->oob.kind == TT_LAYOUT_OOB_NUMBER)
		sb_printf(&sb, ", %.9g, <", (double)l->oob.number);
	else if ((unsigned)l->oob.kind < TT_LAYOUT_OOB_NUMBER)
		sb_printf(&sb, ", %s, <", oob[l->oob.kind]);
	else
		sb_printf(&sb, ", ?, <");
	sb_dims(&sb, l->grid, l->phys_rank);
	sb_printf(&sb, ">, memref<");
	tt_layout_memref_shape(l, m);
	sb_dims(&sb, m, l->phys_rank);
	if (l->tiled)
		sb_printf(&sb, "x!tt.tile<%ux%u, %s>", l->tile[0], l->tile[1],
			  dtype_name(l->dtype));
	else
		sb_printf(&sb, "x%s", dtype_name(l->dtype));
	sb_printf(&sb, ", #tt.memory_space<%s>>>", mem_name(l->mem));
	return (int)sb.pos;
}

/* ---- TTNN view -------------------------------------------------------- */

int tt_layout_to_ttnn(const struct tt_layout *l, struct tt_layout_ttnn *t)
{
	uint32_t last;
	uint64_t s[R], w;
	char m[256];
	struct sbuf sb;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(t);
	last = l->rank - 1;
	w = l->shape[last];
	sb_init(&sb, m, sizeof(m));
	sb_map(&sb, l->rank, l->phys_rank, l->map);
	if (l->phys_rank != 2)
		return tt_fail(TT_ELAYOUT,
			       "TTNN layouts are 2-D but the map %s has %u results: fold every dim "
			       "but the last into rows (the default collapse [(0, -1)])%s",
			       m, l->phys_rank,
			       l->rank == 1 ? "; a rank-1 tensor must be reshaped to 1xN first"
					    : "");
	for (uint32_t d = 0; d < l->rank; d++)
		if (l->map[1][d] != (d == last))
			return tt_fail(TT_ELAYOUT,
				       "TTNN keeps the last logical dim as the row with stride 1, "
				       "but result 1 of the map %s is not just d%u",
				       m, last);
	if (l->map[0][last])
		return tt_fail(TT_ELAYOUT,
			       "TTNN folds only the dims before the last into rows, but result 0 "
			       "of the map %s uses d%u",
			       m, last);

	memset(t, 0, sizeof(*t));
	t->rank = l->rank;
	memcpy(t->shape, l->shape, sizeof(t->shape));
	for (uint32_t d = 0; d < last; d++)
		if (mul_over(l->map[0][d], w, &t->stride[d]))
			return tt_fail(TT_ELAYOUT, "stride of d%u exceeds 2^64 in elements", d);
	t->stride[last] = 1;

	tt_layout_physical_shape(l, s);
	for (int r = 0; r < 2; r++) {
		uint64_t shard = ceil_div(s[r], l->grid[r]);

		if (ceil_div(s[r], shard) != l->grid[r])
			return tt_fail(TT_ELAYOUT,
				       "grid dim %d is %llu but shards of %llu cover the %llu "
				       "physical %s in %llu: TTNN derives the grid from the shard "
				       "shape and cannot describe cores without data",
				       r, (unsigned long long)l->grid[r], (unsigned long long)shard,
				       (unsigned long long)s[r], r ? "columns" : "rows",
				       (unsigned long long)ceil_div(s[r], shard));
		t->shard_shape[r] = shard;
		t->grid_shape[r] = l->grid[r];
	}
	tt_layout_padded_shard_shape(l, t->physical_shard_shape);
	t->tile_shape[0] = l->tiled ? l->tile[0] : 1;
	t->tile_shape[1] = l->tiled ? l->tile[1] : 1;
	t->dtype = l->dtype;
	t->mem = l->mem;
	return TT_OK;
}

int tt_layout_from_ttnn(struct tt_layout *l, const struct tt_layout_ttnn *t,
			const struct tt_layout_oob *oob, uint64_t max_shard_bytes)
{
	struct tt_layout_desc d;
	uint32_t last;
	uint64_t w, s[R] = { 0 }, p[R] = { 0 };
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(t);
	err = check_shape(t->rank, t->shape);
	if (err)
		return err;
	if (t->rank < 2)
		return tt_fail(TT_ELAYOUT,
			       "a TTNN view needs rank 2 or more: reshape a rank-1 tensor to 1xN");
	last = t->rank - 1;
	w = t->shape[last];
	if (t->stride[last] != 1)
		return tt_fail(TT_ELAYOUT,
			       "stride[%u] is %llu: the last dim must be contiguous (stride 1)",
			       last, (unsigned long long)t->stride[last]);

	memset(&d, 0, sizeof(d));
	d.rank = t->rank;
	memcpy(d.shape, t->shape, sizeof(d.shape));
	d.dtype = t->dtype;
	d.map_rank = 2;
	for (uint32_t i = 0; i < last; i++) {
		if (t->stride[i] % w)
			return tt_fail(TT_ELAYOUT,
				       "stride[%u] = %llu is not a multiple of the row width %llu "
				       "(shape[-1]): a metal layout cannot pad inside a row",
				       i, (unsigned long long)t->stride[i], (unsigned long long)w);
		d.map[0][i] = t->stride[i] / w;
	}
	d.map[1][last] = 1;
	d.grid_rank = 2;
	d.grid[0] = t->grid_shape[0];
	d.grid[1] = t->grid_shape[1];
	if (t->tile_shape[0] != 1 || t->tile_shape[1] != 1) {
		d.tiled = true;
		d.tile[0] = t->tile_shape[0];
		d.tile[1] = t->tile_shape[1];
	}
	d.oob = *oob;
	d.mem = t->mem;
	d.max_shard_bytes = max_shard_bytes;
	err = tt_layout_create(l, &d);
	if (err)
		return err;

	tt_layout_physical_shape(l, s);
	for (int r = 0; r < 2; r++) {
		uint64_t shard = ceil_div(s[r], l->grid[r]);

		if (!t->shard_shape[r] || t->shard_shape[r] != shard ||
		    ceil_div(s[r], t->shard_shape[r]) != t->grid_shape[r])
			return tt_fail(
				TT_ELAYOUT,
				"shard_shape[%d] = %llu and grid_shape[%d] = %llu do not fit the "
				"%llu physical %s: the metal layout uses shard = ceil(%llu / %llu) "
				"= %llu, and that shard must need the whole grid",
				r, (unsigned long long)t->shard_shape[r], r,
				(unsigned long long)t->grid_shape[r], (unsigned long long)s[r],
				r ? "columns" : "rows", (unsigned long long)s[r],
				(unsigned long long)t->grid_shape[r], (unsigned long long)shard);
	}
	tt_layout_padded_shard_shape(l, p);
	for (int r = 0; r < 2; r++)
		if (t->physical_shard_shape[r] != p[r])
			return tt_fail(TT_ELAYOUT,
				       "physical_shard_shape[%d] = %llu but the shard padded to "
				       "the %ux%u tile is %llu",
				       r, (unsigned long long)t->physical_shard_shape[r],
				       t->tile_shape[0], t->tile_shape[1],
				       (unsigned long long)p[r]);
	return TT_OK;
}
