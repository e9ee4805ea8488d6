/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The SFPU as a vector unit, for tt-metal's sfpi programming model
 * (vFloat, vInt, dst_reg, v_if): the math TRISC writes one instruction
 * word per vector operation (hal/tt_tile_regs.h, SFPI_INSN) and this file
 * runs it on 32 lanes of 32 bits, lane by lane as the Wormhole ISA pages
 * of the SFPLOAD, SFPSTORE, SFPMAD, SFPIADD, SFPSETCC, SFPPUSHC,
 * SFPPOPC, SFPCOMPC, ... instructions define them.  The kernel side
 * (kernels/include/sfpi.h) keeps its variables in "slots", vector
 * registers of which the hardware has eight and the model has
 * TT_SFPI_SLOTS, so an expression never spills.
 *
 * Predication is the hardware's: LaneFlags, UseLaneFlagsForLaneEnable and
 * a stack of both, eight deep.  Every write of a slot or of Dst happens
 * in enabled lanes only.  Comparisons are the ones the sfpi compiler
 * emits: a float compare subtracts with SFPMAD (so differences that are
 * denormal compare as equal) unless it compares with the constant zero,
 * which tests the bits; an integer compare tests the sign of the wrapping
 * difference.  CMP returns the lane mask to the kernel, which combines
 * conditions (&&, ||, !) and hands the result back with SETCC.
 *
 * FP32 arithmetic goes through ttx_sfpu.c's SFPMAD and Dst stores through
 * its store rule, so SFPI and the built-in SFPU ops agree bit for bit.
 *
 * dst_reg[0] is at Dst row base + counter: the base is the tile a params
 * loop works on, the counter moves with dst_reg++ (INCRWC) and goes to
 * the next face from its carriage return (SETRWC with CR), so a face
 * function that walks its face with dst_reg++ still leaves the loop at
 * the next face, as tt-metal's LLK loops rely on.
 *
 * Lane mapping (SFPLOAD/SFPSTORE): the instruction's Dst row address
 * selects four rows (address & ~3) and, with bit 1, the even or the odd
 * columns; lane l is row l / 8, column 2 * (l % 8) (+1).  sfpi's
 * dst_reg[i] is address 2i from the base, so dst_reg[0..7] cover one
 * 16x16 face and a tile is 64 rows, dst_reg[0..31].
 *
 * Not yet implemented:
 *   - stochastic rounding (SFPSTOCHRND and SFPCAST round to nearest as in
 *     their non-stochastic modes); the PRNG;
 *   - SFPLUT/SFPLUTFP32, SFPTRANSP, SFPSHFT2, SFPLOADMACRO, the LaneConfig
 *     register and SFPSWAP's argmin/argmax and sub-vector modes;
 *   - 16-bit loads and stores (FP16, BF16) of a 32-bit Dst, and the
 *     aliasing of 32-bit and 16-bit Dst rows (32-bit formats on a 16-bit
 *     Dst tile read and write the element's FP32 image instead).
 */
#include "ttx_tile.h"

#include <string.h>

#define ALL_LANES 0xffffffffu

/* ---- slots and lanes ------------------------------------------------ */

void ttx_sfpi_reset(TTSfpi *s)
{
    static const uint32_t creg[8] = {
        0x3f56594bu, /* LReg8: 0.8373 */
        0,           /* LReg9: 0 */
        0x3f800000u, /* LReg10: 1.0 */
        0xbf800000u, /* LReg11: -1.0, as sfpi reserves it */
    };

    memset(s, 0, sizeof(*s));
    for (unsigned n = 8; n < 16; n++) {
        for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
            s->reg[TT_SFPI_CREG(n)][l] = n == 15 ? 2 * l : creg[n - 8];
        }
    }
    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        s->reg[TT_SFPI_NEG_ONE][l] = 0xbf800000u;
    }
}

/* IsLaneEnabled() of every lane. */
static uint32_t sfpi_enabled(const TTSfpi *s)
{
    return ~s->use_flags | s->flags;
}

/* Slots an instruction may write: not the constants. */
static bool sfpi_writable(unsigned slot)
{
    return slot < TT_SFPI_TEMP_END;
}

/* @v into the enabled lanes of slot @d. */
static void sfpi_commit(TTSfpi *s, unsigned d, const uint32_t *v)
{
    uint32_t en = sfpi_enabled(s);

    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        if ((en >> l) & 1) {
            s->reg[d][l] = v[l];
        }
    }
}

/* ---- Dst (SFPLOAD, SFPSTORE) ------------------------------------------ */

void ttx_sfpi_lane_elem(uint32_t addr, unsigned lane, unsigned *tile,
                        unsigned *elem)
{
    uint32_t row = (addr & ~3u) + lane / 8;
    unsigned col = (lane & 7) * 2 + ((addr >> 1) & 1);

    *tile = row / TT_SFPI_TILE_ROWS;
    *elem = (row % TT_SFPI_TILE_ROWS) * 16 + col;
}

/* SFPLOAD's FP16 read: the exponent rebiased, denormals left as bits. */
static uint32_t sfpi_fp16_bits(uint32_t h)
{
    uint32_t sign = (h >> 15) & 1, e = (h >> 10) & 0x1f, m = h & 0x3ff;

    return sign << 31 | (e ? e + 112 : 0) << 23 | m << 13;
}

/* Sign-magnitude <-> two's complement, as SFPLOAD/SFPSTORE convert. */
static uint32_t sfpi_sm_to_2c(uint32_t x)
{
    uint32_t mag = x & 0x7fffffffu;

    return (x >> 31) ? 0u - mag : mag;
}

static uint32_t sfpi_2c_to_sm(uint32_t x)
{
    return (x >> 31) ? 0x80000000u | ((0u - x) & 0x7fffffffu) : x;
}

/* The FP32 image of a Dst element of @kind. */
static uint32_t sfpi_dst_fp32(uint32_t v, TTDstKind kind)
{
    switch (kind) {
    case TTX_DST_BF16:
        return v << 16;
    case TTX_DST_FP16:
        return sfpi_fp16_bits(v);
    default:
        return v;
    }
}

/* LReg value of Dst element @v of @kind loaded as @fmt; false: not modelled. */
static bool sfpi_load_elem(uint32_t v, TTDstKind kind, unsigned fmt,
                           uint32_t *out)
{
    bool wide = kind == TTX_DST_FP32;
    uint32_t lo = v & 0xffff;

    switch (fmt) {
    case TT_SFPI_FMT_DEFAULT:
        *out = sfpi_dst_fp32(v, kind);
        return true;
    case TT_SFPI_FMT_FP16:
        *out = sfpi_fp16_bits(lo);
        return !wide;
    case TT_SFPI_FMT_BF16:
        *out = lo << 16;
        return !wide;
    case TT_SFPI_FMT_FP32:
    case TT_SFPI_FMT_INT32:
        *out = sfpi_dst_fp32(v, kind);
        return true;
    case TT_SFPI_FMT_SM32:
        *out = sfpi_sm_to_2c(sfpi_dst_fp32(v, kind));
        return true;
    case TT_SFPI_FMT_UINT16:
    case TT_SFPI_FMT_LO16:
        *out = lo;
        return true;
    case TT_SFPI_FMT_HI16:
        *out = wide ? v & 0xffff0000u : lo << 16;
        return true;
    case TT_SFPI_FMT_INT16:
        *out = (lo >> 15) << 31 | (lo & 0x7fff);
        return true;
    default:
        return false;
    }
}

/* Dst element of @kind for LReg value @u stored as @fmt. */
static bool sfpi_store_elem(uint32_t u, TTDstKind kind, unsigned fmt,
                            uint32_t *out)
{
    bool wide = kind == TTX_DST_FP32;

    switch (fmt) {
    case TT_SFPI_FMT_DEFAULT:
        *out = ttx_sfpu_store_bits(u, kind, false);
        return true;
    case TT_SFPI_FMT_FP16:
        *out = ttx_sfpu_store_bits(u, TTX_DST_FP16, false);
        return !wide;
    case TT_SFPI_FMT_BF16:
        *out = ttx_sfpu_store_bits(u, TTX_DST_BF16, false);
        return !wide;
    case TT_SFPI_FMT_SM32:
        u = sfpi_2c_to_sm(u);
        /* fall through */
    case TT_SFPI_FMT_FP32:
    case TT_SFPI_FMT_INT32:
        /* [I] a 16-bit tile keeps the top half (FP16: converted). */
        *out = kind == TTX_DST_FP16 ? ttx_sfpu_store_bits(u, kind, false)
               : wide               ? u
                                    : u >> 16;
        return true;
    case TT_SFPI_FMT_UINT16:
    case TT_SFPI_FMT_LO16:
        *out = u & 0xffff;
        return true;
    case TT_SFPI_FMT_HI16:
        *out = wide ? u & 0xffff0000u : u >> 16;
        return true;
    case TT_SFPI_FMT_INT16:
        *out = (u >> 31) << 15 | (u & 0x7fff);
        return true;
    default:
        return false;
    }
}

/* The Dst slot of address @addr; -1 past the tiles of this acquire. */
static int sfpi_dst_slot(const TTTileEngine *e, uint32_t addr)
{
    unsigned tile, elem;

    ttx_sfpi_lane_elem(addr, 0, &tile, &elem);
    return ttx_sfpu_math_slot(e, tile);
}

static int sfpi_load(TTTileEngine *e, unsigned d, uint32_t addr, unsigned fmt,
                     const char **why)
{
    TTSfpi *s = &e->sfpi;
    int slot = sfpi_dst_slot(e, addr);
    uint32_t v[TT_SFPI_LANES];

    if (slot < 0) {
        *why = "dst_reg address past the Dst tiles of this acquire";
        return TTX_TILE_EINVAL;
    }
    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        unsigned tile, i;
        uint32_t x;

        ttx_sfpi_lane_elem(addr, l, &tile, &i);
        /* Rows not written since the last ZEROACC read as 0. */
        x = ((e->defined[slot] >> (i / 16)) & 1) ? e->dst[slot][i] : 0;
        if (!sfpi_load_elem(x, e->kind[slot], fmt, &v[l])) {
            *why = "this load format is not modelled for this Dst mode";
            return TTX_TILE_EINVAL;
        }
    }
    sfpi_commit(s, d, v);
    return TTX_TILE_OK;
}

static int sfpi_store(TTTileEngine *e, unsigned src, uint32_t addr,
                      unsigned fmt, const char **why)
{
    TTSfpi *s = &e->sfpi;
    int slot = sfpi_dst_slot(e, addr);
    uint32_t en = sfpi_enabled(s), v[TT_SFPI_LANES];

    if (slot < 0) {
        *why = "dst_reg address past the Dst tiles of this acquire";
        return TTX_TILE_EINVAL;
    }
    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        if (!sfpi_store_elem(s->reg[src][l], e->kind[slot], fmt, &v[l])) {
            *why = "this store format is not modelled for this Dst mode";
            return TTX_TILE_EINVAL;
        }
    }
    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        unsigned tile, i;

        if (!((en >> l) & 1)) {
            continue;
        }
        ttx_sfpi_lane_elem(addr, l, &tile, &i);
        e->dst[slot][i] = v[l];
        e->defined[slot] |= 1ull << (i / 16);
    }
    return TTX_TILE_OK;
}

/* ---- lanewise operations ---------------------------------------------- */

/* SFPEXEXP, SFPEXMAN, SFPSETEXP, SFPSETMAN, SFPSETSGN, SFPDIVP2 fields. */
#define SGN(x) ((x)&0x80000000u)
#define EXP(x) (((x) >> 23) & 0xff)
#define MAN(x) ((x)&0x7fffffu)

/* SFPABS: integer negation keeps -2^31; float keeps -NaN. */
static uint32_t sfpi_abs(uint32_t x, bool fp)
{
    if (!(x >> 31)) {
        return x;
    }
    if (fp) {
        return x >= 0xff800000u ? x : x & 0x7fffffffu;
    }
    return 0u - x;
}

/* SFPSHFT: left by a non-negative amount, logical right by a negative one. */
static uint32_t sfpi_shift(uint32_t x, int32_t amount)
{
    if (amount >= 0) {
        return x << (amount & 31);
    }
    return x >> ((0u - (uint32_t)amount) & 31);
}

/* SFPCAST: sign-magnitude integer to FP32, round to nearest even. */
static uint32_t sfpi_cast(uint32_t c)
{
    uint32_t sign = SGN(c), mag = c & 0x7fffffffu;
    uint32_t lz = mag ? (uint32_t)__builtin_clz(mag) : 157;
    uint32_t norm = mag << (lz & 31);
    uint32_t d = sign + ((157 - lz) << 23) + (norm >> 8);

    if ((norm & 0x80) && (norm & 0x17f)) {
        d += 1;
    }
    return d;
}

/*
 * SFPSTOCHRND in its non-stochastic mode: round half away from zero (the
 * discarded bits against half an ulp).  Float to FP16A/FP16B precision in
 * FP32, or float to a sign-magnitude integer clamped to the type's range.
 */
static uint32_t sfpi_round(uint32_t x, unsigned mode)
{
    const uint32_t half = 0x400000;
    uint32_t max = 0, sign, mag;
    int e;

    if (mode == TT_SFPI_RND_FP16A || mode == TT_SFPI_RND_FP16B) {
        unsigned drop = mode == TT_SFPI_RND_FP16A ? 13 : 16;
        uint32_t low = x & ((1u << drop) - 1);

        if (!EXP(x)) {
            return 0;
        }
        if (EXP(x) == 0xff) {
            return x & 0xff800000u;
        }
        x -= low;
        return (low << (23 - drop)) >= half ? x + (1u << drop) : x;
    }
    switch (mode) {
    case TT_SFPI_RND_INT8:
        max = 127;
        break;
    case TT_SFPI_RND_UINT8:
        max = 255;
        break;
    case TT_SFPI_RND_INT16:
        max = 32767;
        break;
    default:
        max = 65535;
        break;
    }
    sign = (mode == TT_SFPI_RND_INT8 || mode == TT_SFPI_RND_INT16) ? SGN(x) : 0;
    e = (int)EXP(x) - 127;
    if (e < -1) {
        return 0;
    }
    if (e >= 16) {
        return sign + max;
    }
    {
        uint64_t m = 0x800000u | MAN(x);

        m = e >= 0 ? m << e : m >> -e;
        mag = (uint32_t)(m >> 23) + ((m & 0x7fffff) >= half);
    }
    mag = mag > max ? max : mag;
    return mag ? sign + mag : 0;
}

/* SFPSWAP's order: sign-magnitude (FP32 total order). */
static bool sfpi_smaller(uint32_t c, uint32_t d)
{
    c ^= (uint32_t)((int32_t)c >> 30) >> 1;
    d ^= (uint32_t)((int32_t)d >> 30) >> 1;
    return (int32_t)c < (int32_t)d;
}

/* The test of CMP on the difference (or value) @d. */
static bool sfpi_test(int32_t d, unsigned cond)
{
    switch (cond) {
    case TT_SFPI_CMP_LT:
        return d < 0;
    case TT_SFPI_CMP_EQ:
        return d == 0;
    case TT_SFPI_CMP_GTE:
        return d >= 0;
    case TT_SFPI_CMP_NE:
        return d != 0;
    case TT_SFPI_CMP_LTE:
        return d < 0 || d == 0;
    default:
        return d >= 0 && d != 0;
    }
}

/*
 * CMP as the sfpi compiler lowers it: integers by the sign of the wrapping
 * difference; floats by the bits of a - b computed by SFPMAD, or of a
 * itself against an immediate zero (so -0 < 0 there, as on the SFPU).
 */
static uint32_t sfpi_cmp(const TTSfpi *s, unsigned a, unsigned b, unsigned mod,
                         uint32_t imm)
{
    unsigned cond = mod & TT_SFPI_CMP_COND_MASK;
    bool use_imm = mod & TT_SFPI_CMP_IMM;
    uint32_t mask = 0;

    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        uint32_t x = s->reg[a][l], y = use_imm ? imm : s->reg[b][l], d;

        if (mod & TT_SFPI_CMP_INT) {
            d = x - y;
        } else if (use_imm && !(y & 0x7fffffffu)) {
            d = x;
        } else {
            d = ttx_sfpu_mad(y, 0xbf800000u, x);
        }
        mask |= (uint32_t)sfpi_test((int32_t)d, cond) << l;
    }
    return mask;
}

/* ---- predication (SFPENCC, SFPSETCC, SFPPUSHC, SFPPOPC, SFPCOMPC) ------ */

static int sfpi_cc(TTSfpi *s, unsigned op, uint32_t imm, const char **why)
{
    uint32_t en = sfpi_enabled(s), top_flags, top_use;

    switch (op) {
    case TT_SFPI_ENCC:
        s->use_flags = (imm & 1) ? ALL_LANES : 0;
        s->flags = (imm & 2) ? ALL_LANES : 0;
        return TTX_TILE_OK;
    case TT_SFPI_SETCC:
        /* Enabled lanes take the condition; with flags off, false. */
        s->flags = (s->flags & ~en) | (en & s->use_flags & imm);
        return TTX_TILE_OK;
    case TT_SFPI_PUSHC:
        if (s->depth >= TTX_SFPI_STACK) {
            *why = "v_if nested deeper than the SFPU's 8-entry flag stack";
            return TTX_TILE_EINVAL;
        }
        s->stack_flags[s->depth] = s->flags;
        s->stack_use[s->depth] = s->use_flags;
        s->depth++;
        return TTX_TILE_OK;
    case TT_SFPI_POPC:
        if (!s->depth) {
            *why = "flag stack popped while empty (v_endif without v_if)";
            return TTX_TILE_EINVAL;
        }
        s->depth--;
        s->flags = s->stack_flags[s->depth];
        s->use_flags = s->stack_use[s->depth];
        return TTX_TILE_OK;
    default:
        /* COMPC: the else of the innermost if, within the enclosing one. */
        top_flags = s->depth ? s->stack_flags[s->depth - 1] : ALL_LANES;
        top_use = s->depth ? s->stack_use[s->depth - 1] : ALL_LANES;
        s->flags = top_use & s->use_flags & top_flags & ~s->flags;
        return TTX_TILE_OK;
    }
}

/* SFPCONFIG of LReg11..14: lanes 0..7 of @src repeated in four rows. */
static void sfpi_config(TTSfpi *s, unsigned d, unsigned src)
{
    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        unsigned c = l & 7;

        if ((s->use_flags >> c) & 1 && !((s->flags >> c) & 1)) {
            continue;
        }
        s->reg[d][l] = s->reg[src][c];
    }
}

/* ---- dispatch --------------------------------------------------------- */

/* VD = f(VA, VB, VC, IMM) lane by lane for the plain lanewise ops. */
static bool sfpi_lanewise(TTSfpi *s, unsigned op, unsigned a, unsigned b,
                          unsigned c, uint32_t imm, uint32_t *v)
{
    unsigned mod = c;

    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        uint32_t x = s->reg[a][l], y = s->reg[b][l];

        switch (op) {
        case TT_SFPI_LOADI:
            v[l] = imm;
            break;
        case TT_SFPI_MOV:
            v[l] = (mod & 1) ? x ^ 0x80000000u : x;
            break;
        case TT_SFPI_MAD:
            v[l] = ttx_sfpu_mad(x, y, s->reg[c][l]);
            break;
        case TT_SFPI_ABS:
            v[l] = sfpi_abs(x, mod & 1);
            break;
        case TT_SFPI_IADD:
            v[l] = x + y;
            break;
        case TT_SFPI_ISUB:
            v[l] = x - y;
            break;
        case TT_SFPI_IADDI:
            v[l] = x + imm;
            break;
        case TT_SFPI_AND:
            v[l] = x & y;
            break;
        case TT_SFPI_OR:
            v[l] = x | y;
            break;
        case TT_SFPI_XOR:
            v[l] = x ^ y;
            break;
        case TT_SFPI_NOT:
            v[l] = ~x;
            break;
        case TT_SFPI_SHFT:
            v[l] = sfpi_shift(x, (int32_t)y);
            break;
        case TT_SFPI_SHFTI:
            v[l] = sfpi_shift(x, (int32_t)imm);
            break;
        case TT_SFPI_EXEXP:
            v[l] = EXP(x) - ((mod & 1) ? 0 : 127);
            break;
        case TT_SFPI_EXMAN:
            v[l] = ((mod & 1) ? 0 : 0x800000u) + MAN(x);
            break;
        case TT_SFPI_SETEXP:
            v[l] = SGN(x) | MAN(x) |
                   (mod == 0   ? imm & 0xff
                    : mod == 1 ? y & 0xff
                               : EXP(y))
                       << 23;
            break;
        case TT_SFPI_SETMAN:
            v[l] = SGN(x) | EXP(x) << 23 | MAN(mod ? y : imm);
            break;
        case TT_SFPI_SETSGN:
            v[l] = (x & 0x7fffffffu) | (mod ? SGN(y) : (imm & 1) << 31);
            break;
        case TT_SFPI_DIVP2:
            if (!mod) {
                v[l] = SGN(x) | MAN(x) | (imm & 0xff) << 23;
            } else {
                v[l] = EXP(x) == 0xff
                           ? x
                           : SGN(x) | MAN(x) | ((EXP(x) + imm) & 0xff) << 23;
            }
            break;
        case TT_SFPI_LZ:
            x = (mod & 1) ? x & 0x7fffffffu : x;
            v[l] = x ? (uint32_t)__builtin_clz(x) : 32;
            break;
        case TT_SFPI_CAST:
            v[l] = sfpi_cast(x);
            break;
        case TT_SFPI_STOCHRND:
            v[l] = sfpi_round(x, mod & 7);
            break;
        default:
            return false;
        }
    }
    return true;
}

static bool sfpi_mod_ok(unsigned op, unsigned mod)
{
    switch (op) {
    case TT_SFPI_MOV:
    case TT_SFPI_ABS:
    case TT_SFPI_EXEXP:
    case TT_SFPI_EXMAN:
    case TT_SFPI_SETMAN:
    case TT_SFPI_SETSGN:
    case TT_SFPI_DIVP2:
    case TT_SFPI_LZ:
    case TT_SFPI_CAST:
        return mod <= 1;
    case TT_SFPI_SETEXP:
        return mod <= 2;
    case TT_SFPI_STOCHRND:
        mod &= ~(unsigned)TT_SFPI_RND_STOCH;
        return mod <= 3 || mod == 6 || mod == 7;
    default:
        return true;
    }
}

/* SFPSWAP of the enabled lanes of @d and @a. */
static int sfpi_swap(TTSfpi *s, unsigned d, unsigned a, unsigned mod,
                     const char **why)
{
    uint32_t en = sfpi_enabled(s);

    if (mod != TT_SFPI_SWAP_SWAP && mod != TT_SFPI_SWAP_MIN_MAX &&
        mod != TT_SFPI_SWAP_MAX_MIN) {
        *why = "this SFPSWAP mode is not modelled";
        return TTX_TILE_EINVAL;
    }
    for (unsigned l = 0; l < TT_SFPI_LANES; l++) {
        uint32_t vd = s->reg[d][l], va = s->reg[a][l];
        bool swap = mod == TT_SFPI_SWAP_SWAP ||
                    (mod == TT_SFPI_SWAP_MIN_MAX ? sfpi_smaller(va, vd)
                                                 : !sfpi_smaller(va, vd));

        if ((en >> l) & 1 && swap) {
            s->reg[d][l] = va;
            s->reg[a][l] = vd;
        }
    }
    return TTX_TILE_OK;
}

const char *ttx_sfpi_op_name(unsigned op)
{
    static const char *const names[] = {
        "NOP",      "LOAD",   "STORE",  "LOADI",   "MOV",     "MAD",
        "ABS",      "IADD",   "ISUB",   "IADDI",   "AND",     "OR",
        "XOR",      "NOT",    "SHFT",   "SHFTI",   "EXEXP",   "EXMAN",
        "SETEXP",   "SETMAN", "SETSGN", "DIVP2",   "LZ",      "CAST",
        "STOCHRND", "SWAP",   "CMP",    "ENCC",    "SETCC",   "PUSHC",
        "POPC",     "COMPC",  "CONFIG", "DST_SET", "DST_INC", "DST_NEXT",
    };

    _Static_assert(sizeof(names) / sizeof(names[0]) == TT_SFPI_OP_COUNT,
                   "a name for every SFPI op");
    return op < TT_SFPI_OP_COUNT ? names[op] : "?";
}

int ttx_sfpi_exec(TTTileEngine *e, uint32_t insn, uint32_t imm,
                  uint32_t *result, const char **why)
{
    TTSfpi *s = &e->sfpi;
    unsigned op = TT_FIELD_GET(TILE, SFPI, OP, insn);
    unsigned d = TT_FIELD_GET(TILE, SFPI, VD, insn);
    unsigned a = TT_FIELD_GET(TILE, SFPI, VA, insn);
    unsigned b = TT_FIELD_GET(TILE, SFPI, VB, insn);
    unsigned c = TT_FIELD_GET(TILE, SFPI, VC, insn);
    uint32_t addr =
        s->dst_base + s->dst_rwc + TT_FIELD_GET(TILE, SFPI, ADDR, insn);
    uint32_t v[TT_SFPI_LANES];

    *why = "unknown instruction";
    switch (op) {
    case TT_SFPI_NOP:
        return TTX_TILE_OK;
    case TT_SFPI_LOAD:
        if (!sfpi_writable(d)) {
            break;
        }
        return sfpi_load(e, d, addr, c, why);
    case TT_SFPI_STORE:
        return sfpi_store(e, d, addr, c, why);
    case TT_SFPI_CMP:
        if (!(c & TT_SFPI_CMP_COND_MASK) ||
            (c & TT_SFPI_CMP_COND_MASK) > TT_SFPI_CMP_GT || c > 31) {
            *why = "bad compare condition";
            return TTX_TILE_EINVAL;
        }
        *result = sfpi_cmp(s, a, b, c, imm);
        return TTX_TILE_OK;
    case TT_SFPI_ENCC:
    case TT_SFPI_SETCC:
    case TT_SFPI_PUSHC:
    case TT_SFPI_POPC:
    case TT_SFPI_COMPC:
        return sfpi_cc(s, op, imm, why);
    case TT_SFPI_CONFIG:
        if (d < TT_SFPI_CREG(11) || d > TT_SFPI_CREG(14)) {
            *why = "CONFIG writes LReg11..14 only";
            return TTX_TILE_EINVAL;
        }
        sfpi_config(s, d, a);
        return TTX_TILE_OK;
    case TT_SFPI_DST_SET:
        s->dst_base = imm;
        s->dst_rwc = s->dst_cr = 0;
        return TTX_TILE_OK;
    case TT_SFPI_DST_INC:
        s->dst_rwc += imm;
        return TTX_TILE_OK;
    case TT_SFPI_DST_NEXT:
        s->dst_rwc = s->dst_cr = s->dst_cr + imm;
        return TTX_TILE_OK;
    case TT_SFPI_SWAP:
        if (!sfpi_writable(d) || !sfpi_writable(a)) {
            break;
        }
        return sfpi_swap(s, d, a, c, why);
    default:
        if (!sfpi_writable(d)) {
            break;
        }
        if (!sfpi_mod_ok(op, c)) {
            *why = "bad modifier";
            return TTX_TILE_EINVAL;
        }
        if (!sfpi_lanewise(s, op, a, b, c, imm, v)) {
            return TTX_TILE_EINVAL;
        }
        sfpi_commit(s, d, v);
        return TTX_TILE_OK;
    }
    if (op < TT_SFPI_OP_COUNT) {
        *why = "the destination is a constant register";
    }
    return TTX_TILE_EINVAL;
}
