/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Small numeric helpers shared by the tile-engine tests: a seeded
 * xorshift generator and float/bf16 bit conversions done the test's own
 * way (nearest even), independent of the model under test.
 */
#ifndef TT_TESTS_NUM_UTIL_H
#define TT_TESTS_NUM_UTIL_H

#include <stdint.h>
#include <string.h>

static uint64_t rng_state = 12345;

static inline void rng_seed(uint64_t s)
{
	rng_state = s * 0x9e3779b97f4a7c15ull + 1;
}

/* A uniform double in [lo, hi). */
static inline double rnd(double lo, double hi)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return lo + (hi - lo) * (double)(rng_state >> 11) / 0x1p53;
}

static inline uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

static inline float bitsf(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/* A float rounded to bf16, nearest even. */
static inline uint16_t rne_bf16(float f)
{
	uint32_t u = fbits(f);

	return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}

static inline float bf16f(uint16_t h)
{
	return bitsf((uint32_t)h << 16);
}

#endif /* TT_TESTS_NUM_UTIL_H */
