/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Core coordinates: tt-metal's CoreCoord, CoreRange and CoreRangeSet in C.
 * Coordinates are logical worker coordinates (x = column, y = row) unless a
 * name says "noc".  Ranges are inclusive at both ends, as in tt-metal.
 */
#ifndef TT_CORE_H
#define TT_CORE_H

#include <stdbool.h>
#include <stdint.h>

#define TT_CORE_RANGE_SET_MAX 16

struct tt_core {
	uint32_t x;
	uint32_t y;
};

struct tt_core_range {
	struct tt_core start;
	struct tt_core end; /* inclusive */
};

struct tt_core_range_set {
	uint32_t count;
	struct tt_core_range ranges[TT_CORE_RANGE_SET_MAX];
};

static inline struct tt_core tt_core(uint32_t x, uint32_t y)
{
	struct tt_core c = { x, y };
	return c;
}

static inline struct tt_core_range tt_core_range(uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
	struct tt_core_range r = { { x0, y0 }, { x1, y1 } };
	return r;
}

/* A set holding the single range @r. */
static inline struct tt_core_range_set tt_core_range_set(struct tt_core_range r)
{
	struct tt_core_range_set s = { 1, { r } };
	return s;
}

/* A set holding only @c. */
static inline struct tt_core_range_set tt_core_set(struct tt_core c)
{
	return tt_core_range_set(tt_core_range(c.x, c.y, c.x, c.y));
}

static inline bool tt_core_range_contains(const struct tt_core_range *r, struct tt_core c)
{
	return c.x >= r->start.x && c.x <= r->end.x && c.y >= r->start.y && c.y <= r->end.y;
}

static inline bool tt_core_range_set_contains(const struct tt_core_range_set *s, struct tt_core c)
{
	for (uint32_t i = 0; i < s->count; i++)
		if (tt_core_range_contains(&s->ranges[i], c))
			return true;
	return false;
}

#endif /* TT_CORE_H */
