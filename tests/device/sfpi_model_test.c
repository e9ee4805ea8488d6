// SPDX-License-Identifier: Apache-2.0
/*
 * SFPI vector unit tests (device/model/ttx_sfpi.c): instruction words as
 * the kernel API writes them, checked lane by lane against values worked
 * out here from the Wormhole ISA's rules: SFPMAD's single rounding and
 * its flushes, the Dst lane mapping and store conversions, predication
 * with nested if / elseif / else on the flag stack, the integer and
 * field operations, the conversions, compares as sfpi lowers them, and
 * the instructions the unit rejects.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ttx_tile.h"

#include "num_util.h"

#define LANES TT_SFPI_LANES
#define ZERO  TT_SFPI_CREG(9)
#define ONE   TT_SFPI_CREG(10)

static TTTileEngine *eng;
static uint32_t result;

static void setup(void)
{
	TTTileConfig cfg = { .fp32_dest = true, .fidelity = TTX_HIFI4 };

	eng = malloc(sizeof(*eng));
	cr_assert_not_null(eng);
	ttx_tile_init(eng, &cfg);
}

static void teardown(void)
{
	free(eng);
}

TestSuite(sfpi, .init = setup, .fini = teardown);

static uint32_t word(unsigned op, unsigned d, unsigned a, unsigned b, unsigned c)
{
	return TT_FIELD_VAL(TILE, SFPI, OP, op) | TT_FIELD_VAL(TILE, SFPI, VD, d) |
	       TT_FIELD_VAL(TILE, SFPI, VA, a) | TT_FIELD_VAL(TILE, SFPI, VB, b) |
	       TT_FIELD_VAL(TILE, SFPI, VC, c);
}

static int exec_imm(unsigned op, uint32_t imm, unsigned d, unsigned a, unsigned b, unsigned c)
{
	const char *why = NULL;

	return ttx_sfpi_exec(eng, word(op, d, a, b, c), imm, &result, &why);
}

/* Run an instruction that must be accepted. */
static void x(unsigned op, unsigned d, unsigned a, unsigned b, unsigned c)
{
	cr_assert_eq(exec_imm(op, 0, d, a, b, c), TTX_TILE_OK, "op %u", op);
}

static void xi(unsigned op, uint32_t imm, unsigned d, unsigned a, unsigned b, unsigned c)
{
	cr_assert_eq(exec_imm(op, imm, d, a, b, c), TTX_TILE_OK, "op %u", op);
}

static int dst_op(unsigned op, unsigned slot, unsigned addr, unsigned fmt)
{
	const char *why = NULL;
	uint32_t w = TT_FIELD_VAL(TILE, SFPI, OP, op) | TT_FIELD_VAL(TILE, SFPI, VD, slot) |
		     TT_FIELD_VAL(TILE, SFPI, ADDR, addr) | TT_FIELD_VAL(TILE, SFPI, MOD, fmt);

	return ttx_sfpi_exec(eng, w, 0, &result, &why);
}

static uint32_t *lanes(unsigned slot)
{
	return eng->sfpi.reg[slot];
}

static void splat(unsigned slot, uint32_t v)
{
	xi(TT_SFPI_LOADI, v, slot, 0, 0, 0);
}

static void splatf(unsigned slot, float f)
{
	splat(slot, fbits(f));
}

/* One lane's MAD: slots 0, 1, 2 -> 3. */
static uint32_t mad1(uint32_t a, uint32_t b, uint32_t c)
{
	splat(0, a);
	splat(1, b);
	splat(2, c);
	x(TT_SFPI_MAD, 3, 0, 1, 2);
	return lanes(3)[7];
}

Test(sfpi, mad_rounds_once_and_flushes)
{
	float a = 1.0f + 0x1p-12f, b = 1.0f - 0x1p-12f;

	/* a * b = 1 - 2^-24 exactly; plus -1 is -2^-24 with one rounding,
	 * where a rounded product would give 0. */
	cr_assert_eq(mad1(fbits(a), fbits(b), fbits(-1.0f)), fbits(-0x1p-24f));
	/* Ties go to even: 1 + 2^-24 is halfway between 1 and its successor. */
	cr_assert_eq(mad1(fbits(1.0f), fbits(1.0f), fbits(0x1p-24f)), fbits(1.0f));
	cr_assert_eq(mad1(fbits(1.0f + 0x1p-23f), fbits(1.0f), fbits(0x1p-24f)),
		     fbits(1.0f + 0x1p-22f));
	/* A denormal input reads as zero. */
	cr_assert_eq(mad1(0x00400000u, fbits(0x1p100f), fbits(0.0f)), 0);
	cr_assert_eq(mad1(fbits(1.0f), fbits(1.0f), 0x00000001u), fbits(1.0f));
	/* Denormal and -0 results become +0. */
	cr_assert_eq(mad1(fbits(0x1p-100f), fbits(0x1p-30f), 0), 0);
	cr_assert_eq(mad1(fbits(-0x1p-100f), fbits(0x1p-30f), 0), 0);
	cr_assert_eq(mad1(fbits(-1.0f), fbits(0.0f), fbits(-0.0f)), 0);
	cr_assert_eq(mad1(fbits(1.0f), fbits(1.0f), fbits(-1.0f)), 0);
	/* Overflow is infinity (nearest even). */
	cr_assert_eq(mad1(fbits(0x1p127f), fbits(4.0f), 0), fbits(INFINITY));
}

/* Dst tile @t of the math half holds element i = @base + i (FP32). */
static void fill_tile(unsigned t, uint32_t base)
{
	for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
		eng->dst[t][i] = base + i;
	}
	eng->defined[t] = ~0ull;
}

Test(sfpi, load_store_lane_mapping)
{
	fill_tile(1, 0x40000000u);
	/* dst_reg[32 + 9]: tile 1, rows 16..19 (face 1), odd columns. */
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 4, 2 * (32 + 9), TT_SFPI_FMT_DEFAULT), TTX_TILE_OK);
	for (unsigned l = 0; l < LANES; l++) {
		unsigned row = 16 + l / 8, col = 2 * (l % 8) + 1;

		cr_assert_eq(lanes(4)[l], 0x40000000u + row * 16 + col, "lane %u", l);
	}
	/* The same address relative to a moved dst_reg[0]. */
	xi(TT_SFPI_DST_SET, 64 + 16, 0, 0, 0, 0);
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 5, 2, TT_SFPI_FMT_DEFAULT), TTX_TILE_OK);
	cr_assert_eq(memcmp(lanes(4), lanes(5), sizeof(uint32_t) * LANES), 0);
	/* Store to tile 2, dst_reg[0] of face 0: even columns of rows 0..3. */
	xi(TT_SFPI_DST_SET, 128, 0, 0, 0, 0);
	cr_assert_eq(dst_op(TT_SFPI_STORE, 4, 0, TT_SFPI_FMT_DEFAULT), TTX_TILE_OK);
	for (unsigned i = 0; i < 4 * 16; i++) {
		uint32_t want = i % 2 ? 0 : lanes(4)[(i / 16) * 8 + (i % 16) / 2];

		cr_assert_eq(eng->dst[2][i], want, "elem %u", i);
	}
	cr_assert_eq(eng->defined[2], 0xfull);
	/* Past the Dst tiles of this acquire (4 in SyncHalf, 32-bit). */
	xi(TT_SFPI_DST_SET, 4 * 64, 0, 0, 0, 0);
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 4, 0, TT_SFPI_FMT_DEFAULT), TTX_TILE_EINVAL);
}

/*
 * dst_reg++ moves the counter; the next face goes from the carriage
 * return, so a face walked with dst_reg++ still ends at the next face.
 */
Test(sfpi, dst_counter_and_next_face)
{
	fill_tile(0, 0);
	xi(TT_SFPI_DST_SET, 0, 0, 0, 0, 0);
	for (int i = 0; i < 3; i++) {
		xi(TT_SFPI_DST_INC, TT_SFPI_DST_STRIDE, 0, 0, 0, 0);
	}
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 0, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(lanes(0)[0], 4u * 16 + 1, "dst_reg[3]: rows 4.., odd columns");
	xi(TT_SFPI_DST_NEXT, 16, 0, 0, 0, 0);
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 0, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(lanes(0)[0], 16u * 16, "face 1, not 16 rows past dst_reg[3]");
	xi(TT_SFPI_DST_INC, TT_SFPI_DST_STRIDE, 0, 0, 0, 0);
	xi(TT_SFPI_DST_NEXT, 16, 0, 0, 0, 0);
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 0, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(lanes(0)[0], 32u * 16, "face 2");
}

Test(sfpi, loads_keep_bits_and_sign_magnitude)
{
	eng->dst[0][0] = 0x00000001u;  /* a denormal stays as bits */
	eng->dst[0][16] = 0x80000005u; /* sign-magnitude -5 */
	eng->defined[0] = ~0ull;
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 0, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(lanes(0)[0], 1u);
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 1, 0, TT_SFPI_FMT_SM32), 0);
	cr_assert_eq(lanes(1)[8], (uint32_t)-5);
	/* Two's complement -7 goes back to Dst as sign-magnitude. */
	splat(2, (uint32_t)-7);
	cr_assert_eq(dst_op(TT_SFPI_STORE, 2, 0, TT_SFPI_FMT_SM32), 0);
	cr_assert_eq(eng->dst[0][0], 0x80000007u);
	/* Rows not written since ZEROACC read as 0. */
	eng->defined[0] = 0;
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 0, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(lanes(0)[0], 0u);
}

Test(sfpi, store_to_16bit_dst_truncates)
{
	TTTileConfig cfg = { .fidelity = TTX_HIFI4 };
	uint32_t v = fbits(1.0f + 0x1p-7f + 0x1p-8f + 0x1p-9f);

	ttx_tile_init(eng, &cfg);
	splat(0, v);
	cr_assert_eq(dst_op(TT_SFPI_STORE, 0, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(eng->kind[0], TTX_DST_BF16);
	cr_assert_eq(eng->dst[0][0], v >> 16, "BF16 truncates, no rounding");
	/* Denormals flush to signed zero on the way. */
	splat(0, 0x80000001u);
	cr_assert_eq(dst_op(TT_SFPI_STORE, 0, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(eng->dst[0][0], 0x8000u);
	/* And a load widens it back exactly. */
	eng->dst[0][2] = 0x3f81u;
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 1, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(lanes(1)[1], 0x3f810000u);
	/* FP16 Dst: overflow saturates to the 0x7fff pattern. */
	eng->kind[0] = TTX_DST_FP16;
	splatf(0, -1e6f);
	cr_assert_eq(dst_op(TT_SFPI_STORE, 0, 0, TT_SFPI_FMT_DEFAULT), 0);
	cr_assert_eq(eng->dst[0][0], 0xffffu);
	/* A 16-bit store format has no meaning on a 32-bit Dst here. */
	ttx_tile_init(eng, &(TTTileConfig){ .fp32_dest = true });
	cr_assert_eq(dst_op(TT_SFPI_STORE, 0, 0, TT_SFPI_FMT_BF16), TTX_TILE_EINVAL);
}

/* Lanes where slot @s holds @v. */
static uint32_t where(unsigned s, uint32_t v)
{
	uint32_t m = 0;

	for (unsigned l = 0; l < LANES; l++) {
		m |= (uint32_t)(lanes(s)[l] == v) << l;
	}
	return m;
}

/* Slot 1 = lane index (LReg15 holds 2 * lane). */
static void lane_ids(void)
{
	xi(TT_SFPI_SHFTI, (uint32_t)-1, 1, TT_SFPI_CREG(15), 0, 0);
}

/* SETCC from a CMP of slot 1 (lane index) against @imm. */
static void cond_lane(unsigned cmp, uint32_t imm)
{
	xi(TT_SFPI_CMP, imm, 0, 1, 0, cmp | TT_SFPI_CMP_INT | TT_SFPI_CMP_IMM);
	xi(TT_SFPI_SETCC, result, 0, 0, 0, 0);
}

Test(sfpi, predication_if_elseif_else_nested)
{
	lane_ids();
	splat(2, 0);
	/* v_if (l < 8) r = 1; v_elseif (l < 20) { r = 2; v_if (l >= 16) r = 5;
	 * v_endif } v_else r = 3; v_endif */
	xi(TT_SFPI_ENCC, 3, 0, 0, 0, 0);
	x(TT_SFPI_PUSHC, 0, 0, 0, 0);
	cond_lane(TT_SFPI_CMP_LT, 8);
	splat(2, 1);
	x(TT_SFPI_COMPC, 0, 0, 0, 0);
	x(TT_SFPI_PUSHC, 0, 0, 0, 0);
	cond_lane(TT_SFPI_CMP_LT, 20);
	splat(2, 2);
	x(TT_SFPI_PUSHC, 0, 0, 0, 0);
	cond_lane(TT_SFPI_CMP_GTE, 16);
	splat(2, 5);
	x(TT_SFPI_POPC, 0, 0, 0, 0);
	x(TT_SFPI_COMPC, 0, 0, 0, 0);
	splat(2, 3);
	x(TT_SFPI_POPC, 0, 0, 0, 0);
	x(TT_SFPI_POPC, 0, 0, 0, 0);
	cr_assert_eq(where(2, 1), 0x000000ffu);
	cr_assert_eq(where(2, 2), 0x0000ff00u);
	cr_assert_eq(where(2, 5), 0x000f0000u);
	cr_assert_eq(where(2, 3), 0xfff00000u);
	/* Back outside: every lane enabled again. */
	splat(2, 9);
	cr_assert_eq(where(2, 9), 0xffffffffu);
	cr_assert_eq(eng->sfpi.depth, 0u);
}

Test(sfpi, predication_gates_dst_and_all_writers)
{
	lane_ids();
	fill_tile(0, 0);
	splatf(3, 2.0f);
	xi(TT_SFPI_ENCC, 3, 0, 0, 0, 0);
	x(TT_SFPI_PUSHC, 0, 0, 0, 0);
	cond_lane(TT_SFPI_CMP_EQ, 3);
	cr_assert_eq(dst_op(TT_SFPI_STORE, 3, 0, TT_SFPI_FMT_DEFAULT), 0);
	x(TT_SFPI_MAD, 3, 3, 3, ZERO);
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 4, 2, TT_SFPI_FMT_DEFAULT), 0);
	x(TT_SFPI_POPC, 0, 0, 0, 0);
	/* Only lane 3 (row 0, column 6) was stored. */
	for (unsigned i = 0; i < 64; i++) {
		cr_assert_eq(eng->dst[0][i], i == 6 ? fbits(2.0f) : i, "elem %u", i);
	}
	cr_assert_eq(where(3, fbits(4.0f)), 1u << 3);
	cr_assert_eq(where(3, fbits(2.0f)), ~(1u << 3));
	cr_assert_eq(lanes(4)[3], 7u);
}

Test(sfpi, flag_stack_limits)
{
	for (int i = 0; i < TTX_SFPI_STACK; i++) {
		x(TT_SFPI_PUSHC, 0, 0, 0, 0);
	}
	cr_assert_eq(exec_imm(TT_SFPI_PUSHC, 0, 0, 0, 0, 0), TTX_TILE_EINVAL);
	for (int i = 0; i < TTX_SFPI_STACK; i++) {
		x(TT_SFPI_POPC, 0, 0, 0, 0);
	}
	cr_assert_eq(exec_imm(TT_SFPI_POPC, 0, 0, 0, 0, 0), TTX_TILE_EINVAL);
}

/* Slot 0 = @a in every lane, slot 1 = @b; op -> slot 2, lane 0. */
static uint32_t op2(unsigned op, uint32_t a, uint32_t b, unsigned mod, uint32_t imm)
{
	splat(0, a);
	splat(1, b);
	xi(op, imm, 2, 0, 1, mod);
	return lanes(2)[0];
}

Test(sfpi, integer_ops)
{
	cr_assert_eq(op2(TT_SFPI_IADD, 0x7fffffffu, 1, 0, 0), 0x80000000u);
	cr_assert_eq(op2(TT_SFPI_ISUB, 3, 5, 0, 0), (uint32_t)-2);
	cr_assert_eq(op2(TT_SFPI_IADDI, 10, 0, 0, (uint32_t)-11), (uint32_t)-1);
	cr_assert_eq(op2(TT_SFPI_AND, 0xf0f0u, 0xff00u, 0, 0), 0xf000u);
	cr_assert_eq(op2(TT_SFPI_OR, 0xf0f0u, 0xff00u, 0, 0), 0xfff0u);
	cr_assert_eq(op2(TT_SFPI_XOR, 0xf0f0u, 0xff00u, 0, 0), 0x0ff0u);
	cr_assert_eq(op2(TT_SFPI_NOT, 0xf0f0u, 0, 0, 0), ~0xf0f0u);
	/* Shifts: left by a non-negative amount, logical right by a negative. */
	cr_assert_eq(op2(TT_SFPI_SHFT, 0x80000001u, 4, 0, 0), 0x10u);
	cr_assert_eq(op2(TT_SFPI_SHFT, 0x80000001u, (uint32_t)-4, 0, 0), 0x08000000u);
	cr_assert_eq(op2(TT_SFPI_SHFTI, 0x80000000u, 0, 0, (uint32_t)-31), 1u);
	cr_assert_eq(op2(TT_SFPI_SHFTI, 3, 0, 0, 33), 6u, "amount mod 32");
	/* Integer abs keeps -2^31; float abs keeps -NaN. */
	cr_assert_eq(op2(TT_SFPI_ABS, (uint32_t)-9, 0, 0, 0), 9u);
	cr_assert_eq(op2(TT_SFPI_ABS, 0x80000000u, 0, 0, 0), 0x80000000u);
	cr_assert_eq(op2(TT_SFPI_ABS, fbits(-2.5f), 0, 1, 0), fbits(2.5f));
	cr_assert_eq(op2(TT_SFPI_ABS, 0xffc00001u, 0, 1, 0), 0xffc00001u);
	cr_assert_eq(op2(TT_SFPI_LZ, 0x00010000u, 0, 0, 0), 15u);
	cr_assert_eq(op2(TT_SFPI_LZ, 0, 0, 0, 0), 32u);
	cr_assert_eq(op2(TT_SFPI_LZ, 0x80000001u, 0, 1, 0), 31u);
}

Test(sfpi, float_fields)
{
	uint32_t v = fbits(-6.5f); /* -1.625 * 2^2 */

	cr_assert_eq(op2(TT_SFPI_EXEXP, v, 0, 0, 0), 2u);
	cr_assert_eq(op2(TT_SFPI_EXEXP, fbits(0.25f), 0, 0, 0), (uint32_t)-2);
	cr_assert_eq(op2(TT_SFPI_EXEXP, v, 0, 1, 0), 129u);
	cr_assert_eq(op2(TT_SFPI_EXMAN, v, 0, 0, 0), 0xd00000u);
	cr_assert_eq(op2(TT_SFPI_EXMAN, v, 0, 1, 0), 0x500000u);
	cr_assert_eq(op2(TT_SFPI_SETEXP, v, 0, 0, 127), fbits(-1.625f));
	cr_assert_eq(op2(TT_SFPI_SETEXP, v, 0x17f, 1, 0), fbits(-1.625f), "low 8 bits");
	cr_assert_eq(op2(TT_SFPI_SETEXP, v, fbits(0.5f), 2, 0), fbits(-0.8125f));
	cr_assert_eq(op2(TT_SFPI_SETMAN, v, 0, 0, 0x400000u), fbits(-6.0f));
	cr_assert_eq(op2(TT_SFPI_SETMAN, v, 0xff000000u, 1, 0), fbits(-4.0f));
	cr_assert_eq(op2(TT_SFPI_SETSGN, v, 0, 0, 0), fbits(6.5f));
	cr_assert_eq(op2(TT_SFPI_SETSGN, fbits(6.5f), 0x80000000u, 1, 0), v);
	cr_assert_eq(op2(TT_SFPI_DIVP2, v, 0, 1, (uint32_t)-3), fbits(-0.8125f));
	cr_assert_eq(op2(TT_SFPI_DIVP2, fbits(INFINITY), 0, 1, 5), fbits(INFINITY));
	cr_assert_eq(op2(TT_SFPI_DIVP2, v, 0, 0, 126), fbits(-0.8125f));
	cr_assert_eq(op2(TT_SFPI_MOV, v, 0, 1, 0), fbits(6.5f), "sign flip");
	cr_assert_eq(op2(TT_SFPI_MOV, 0, 0, 1, 0), 0x80000000u, "-0, no flush");
}

Test(sfpi, conversions)
{
	/* SFPCAST: sign-magnitude to FP32, nearest even. */
	cr_assert_eq(op2(TT_SFPI_CAST, 0x80000003u, 0, 0, 0), fbits(-3.0f));
	cr_assert_eq(op2(TT_SFPI_CAST, 0, 0, 0, 0), 0u);
	cr_assert_eq(op2(TT_SFPI_CAST, (1u << 24) + 1, 0, 0, 0), fbits(16777216.0f), "tie to even");
	cr_assert_eq(op2(TT_SFPI_CAST, (1u << 24) + 3, 0, 0, 0), fbits(16777220.0f), "tie to even");
	cr_assert_eq(op2(TT_SFPI_CAST, 0x7fffffffu, 0, 0, 0), fbits(2147483648.0f));
	/* SFPSTOCHRND to BF16 precision: half an ulp rounds away from zero. */
	cr_assert_eq(op2(TT_SFPI_STOCHRND, 0x3f808000u, 0, TT_SFPI_RND_FP16B, 0), 0x3f810000u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, 0xbf818000u, 0, TT_SFPI_RND_FP16B, 0), 0xbf820000u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, 0x3f807fffu, 0, TT_SFPI_RND_FP16B, 0), 0x3f800000u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, 0x00012345u, 0, TT_SFPI_RND_FP16B, 0), 0u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, 0x7fc01234u, 0, TT_SFPI_RND_FP16B, 0), 0x7f800000u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, 0x3f801000u, 0, TT_SFPI_RND_FP16A, 0), 0x3f802000u);
	/* The stochastic mode is modelled as nearest. */
	cr_assert_eq(
		op2(TT_SFPI_STOCHRND, 0x3f808000u, 0, TT_SFPI_RND_FP16B | TT_SFPI_RND_STOCH, 0),
		0x3f810000u);
	/* To integers: sign-magnitude, clamped. */
	cr_assert_eq(op2(TT_SFPI_STOCHRND, fbits(-2.5f), 0, TT_SFPI_RND_INT16, 0), 0x80000003u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, fbits(2.49f), 0, TT_SFPI_RND_INT16, 0), 2u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, fbits(-1e9f), 0, TT_SFPI_RND_INT16, 0), 0x80007fffu);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, fbits(-7.0f), 0, TT_SFPI_RND_UINT8, 0), 7u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, fbits(300.0f), 0, TT_SFPI_RND_UINT8, 0), 255u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, fbits(-0.3f), 0, TT_SFPI_RND_INT8, 0), 0u);
	cr_assert_eq(op2(TT_SFPI_STOCHRND, fbits(70000.0f), 0, TT_SFPI_RND_UINT16, 0), 65535u);
}

/* CMP of slot 0 = @a against slot 1 = @b or the immediate. */
static uint32_t cmp1(uint32_t a, uint32_t b, unsigned mod)
{
	splat(0, a);
	splat(1, b);
	xi(TT_SFPI_CMP, b, 0, 0, 1, mod);
	return result;
}

Test(sfpi, float_compares_as_sfpi_lowers_them)
{
	const uint32_t all = 0xffffffffu;

	cr_assert_eq(cmp1(fbits(1.0f), fbits(2.0f), TT_SFPI_CMP_LT), all);
	cr_assert_eq(cmp1(fbits(2.0f), fbits(2.0f), TT_SFPI_CMP_LTE), all);
	cr_assert_eq(cmp1(fbits(2.0f), fbits(2.0f), TT_SFPI_CMP_GT), 0u);
	cr_assert_eq(cmp1(fbits(-3.0f), fbits(2.0f), TT_SFPI_CMP_GTE | TT_SFPI_CMP_IMM), 0u);
	/* A difference that is denormal flushes to 0: equal. */
	cr_assert_eq(cmp1(fbits(0x1.000002p-126f), fbits(0x1p-126f), TT_SFPI_CMP_EQ), all);
	cr_assert_eq(cmp1(fbits(0x1.000002p-126f), fbits(0x1p-126f), TT_SFPI_CMP_GT), 0u);
	/* Against an immediate zero the bits are tested: -0 < 0. */
	cr_assert_eq(cmp1(fbits(-0.0f), 0, TT_SFPI_CMP_LT | TT_SFPI_CMP_IMM), all);
	cr_assert_eq(cmp1(fbits(-0.0f), 0, TT_SFPI_CMP_EQ | TT_SFPI_CMP_IMM), 0u);
	/* Against a zero vector it is subtracted: -0 - 0 is +0. */
	cr_assert_eq(cmp1(fbits(-0.0f), 0, TT_SFPI_CMP_LT), 0u);
	cr_assert_eq(cmp1(fbits(-0.0f), 0, TT_SFPI_CMP_EQ), all);
}

Test(sfpi, integer_compares_wrap)
{
	const unsigned i = TT_SFPI_CMP_INT;

	cr_assert_eq(cmp1((uint32_t)-5, 3, TT_SFPI_CMP_LT | i), 0xffffffffu);
	cr_assert_eq(cmp1(7, 7, TT_SFPI_CMP_GTE | i | TT_SFPI_CMP_IMM), 0xffffffffu);
	cr_assert_eq(cmp1(7, 7, TT_SFPI_CMP_NE | i), 0u);
	/* The sign of the wrapping difference: INT_MIN < 1 is false. */
	cr_assert_eq(cmp1(0x80000000u, 1, TT_SFPI_CMP_LT | i), 0u);
	cr_assert_eq(cmp1(0x80000000u, 1, TT_SFPI_CMP_GT | i), 0xffffffffu);
	/* A bad condition is rejected. */
	cr_assert_eq(exec_imm(TT_SFPI_CMP, 0, 0, 0, 1, TT_SFPI_CMP_INT), TTX_TILE_EINVAL);
}

Test(sfpi, swap_min_max_and_config)
{
	splatf(0, -1.0f);
	splatf(1, -2.0f);
	x(TT_SFPI_SWAP, 0, 1, 0, TT_SFPI_SWAP_MIN_MAX);
	cr_assert_eq(lanes(0)[5], fbits(-2.0f));
	cr_assert_eq(lanes(1)[5], fbits(-1.0f));
	x(TT_SFPI_SWAP, 0, 1, 0, TT_SFPI_SWAP_MAX_MIN);
	cr_assert_eq(lanes(0)[5], fbits(-1.0f));
	x(TT_SFPI_SWAP, 0, 1, 0, TT_SFPI_SWAP_SWAP);
	cr_assert_eq(lanes(0)[5], fbits(-2.0f));
	/* CONFIG: lanes 0..7 of the source, repeated in the four rows. */
	lane_ids();
	x(TT_SFPI_CONFIG, TT_SFPI_CREG(12), 1, 0, 0);
	for (unsigned l = 0; l < LANES; l++) {
		cr_assert_eq(lanes(TT_SFPI_CREG(12))[l], l % 8);
	}
	cr_assert_eq(exec_imm(TT_SFPI_CONFIG, 0, TT_SFPI_CREG(10), 1, 0, 0), TTX_TILE_EINVAL);
}

Test(sfpi, constants_and_rejections)
{
	cr_assert_eq(lanes(TT_SFPI_CREG(8))[0], fbits(0.8373f));
	cr_assert_eq(lanes(TT_SFPI_CREG(11))[31], fbits(-1.0f));
	cr_assert_eq(lanes(TT_SFPI_CREG(15))[31], 62u);
	cr_assert_eq(exec_imm(TT_SFPI_LOADI, 1, ONE, 0, 0, 0), TTX_TILE_EINVAL);
	cr_assert_eq(exec_imm(TT_SFPI_MAD, 0, TT_SFPI_NEG_ONE, 0, 0, 0), TTX_TILE_EINVAL);
	cr_assert_eq(lanes(ONE)[0], fbits(1.0f));
	cr_assert_eq(exec_imm(TT_SFPI_OP_COUNT, 0, 0, 0, 0, 0), TTX_TILE_EINVAL);
	cr_assert_eq(exec_imm(TT_SFPI_EXEXP, 0, 0, 0, 0, 2), TTX_TILE_EINVAL);
	cr_assert_eq(dst_op(TT_SFPI_LOAD, 0, 0, 5), TTX_TILE_EINVAL, "int8 not modelled");
}
