/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SFPU ops on Dst tiles, in FP32 as the vector unit computes them:
 * loads widen BF16/FP16 exactly and
 * flush denormals, every multiply-add rounds once to nearest even and
 * flushes denormal and -0 results to +0 (SFPMAD), and stores to a 16-bit
 * Dst truncate (SFPSTORE) unless the op rounds first.  The algorithms are
 * the LLK's: Schraudolph's exp trick with the LLK constants for
 * approx exp, Moroz's exp_21f (BF16 Dst) or Cody-Waite + degree-7 Taylor
 * (FP32 Dst) for precise exp, the quadratic seed + Newton reciprocal, the
 * cubic log, the three-piece tanh table.  Where the LLK gives no constants the
 * model uses its own routine of the same shape; docs/tile-engine.md lists
 * which is which and the error bound tested for each op.
 *
 * Not yet implemented:
 *   - the LUT coefficients of the hardware's approx sigmoid and gelu
 *     (approx sigmoid/gelu are built from approx exp and reciprocal);
 *   - stochastic rounding in approx exp (round to nearest even here);
 *   - vector modes R and C, Dst reads of undefined rows (0 here, UB on
 *     the hardware); integer ops are SFPI's (ttx_sfpi.c).
 */
#include "ttx_tile.h"

#include <math.h>
#include <string.h>

/*
 * The helpers the tile loops use are inlined into them, so that the
 * FMA build of a loop (unary_fma()) has fmaf() as one instruction.
 */
#define SFPU_INLINE static inline __attribute__((always_inline))

SFPU_INLINE uint32_t f2u(float f)
{
    uint32_t u;

    memcpy(&u, &f, sizeof(u));
    return u;
}

SFPU_INLINE float u2f(uint32_t u)
{
    float f;

    memcpy(&f, &u, sizeof(f));
    return f;
}

/* SFPMAD output rule: denormals and -0 become +0. */
SFPU_INLINE float flush(float y)
{
    return (f2u(y) & 0x7f800000u) ? y : 0.0f;
}

/* Denormal inputs read as zero (sign kept). */
SFPU_INLINE float flush_in(float x)
{
    uint32_t u = f2u(x);

    return (u & 0x7f800000u) ? x : u2f(u & 0x80000000u);
}

SFPU_INLINE float mad(float a, float b, float c)
{
    return flush(fmaf(a, b, c));
}

uint32_t ttx_sfpu_mad(uint32_t a, uint32_t b, uint32_t c)
{
    return f2u(mad(flush_in(u2f(a)), flush_in(u2f(b)), flush_in(u2f(c))));
}

SFPU_INLINE float mul(float a, float b)
{
    return mad(a, b, 0.0f);
}

SFPU_INLINE float add(float a, float b)
{
    return mad(a, 1.0f, b);
}

/* SFPEXEXP (debiased) and SFPSETEXP. */
SFPU_INLINE int exexp(float x)
{
    return (int)((f2u(x) >> 23) & 0xff) - 127;
}

SFPU_INLINE float setexp(float x, unsigned e)
{
    return u2f((f2u(x) & 0x807fffffu) | (e & 0xff) << 23);
}

SFPU_INLINE float setsgn(float x, unsigned s)
{
    return u2f((f2u(x) & 0x7fffffffu) | s << 31);
}

static bool is_inf_nan(float x)
{
    return ((f2u(x) >> 23) & 0xff) == 0xff;
}

/* ---- exp --------------------------------------------------------- */

/*
 * Approx: the LLK fast path, y = A*x + (B - C) with A = 2^8/ln2,
 * B = 127*2^8, C ~ 11.2, rounded to a 16-bit unsigned integer and shifted
 * into the exponent; inputs below -88.5 are clamped first.  The hardware
 * rounds stochastically; [I] nearest even here.  Saturation at 0xffff
 * (x > ~89.4) yields the 0x7fff8000 pattern as on the hardware.
 */
SFPU_INLINE float exp_approx(float x)
{
    float t =
        mad(369.329925537109375f, x < -88.5f ? -88.5f : x, 32500.818359375f);
    uint32_t i = 0;

    if (t >= 65535.0f) {
        i = 65535;
    } else if (t > 0.0f) {
        float fr;

        i = (uint32_t)t;
        fr = t - (float)i;
        if (fr > 0.5f || (fr == 0.5f && (i & 1))) {
            i++;
        }
    }
    return u2f(i << 15);
}

/*
 * Precise, BF16 Dst: exp_21f (Moroz et al. 2022) as tt-metal runs it:
 * z = (x/ln2 + 127) clamped to [0, 255] in 9.23 fixed point, integer
 * part -> exponent, fraction -> 2^f by a degree-2 polynomial.
 */
SFPU_INLINE float exp_21f(float x)
{
    float xlog2 = mad(x, 1.4426950216293334961f, 127.0f);
    uint32_t z, ipart;
    float frac, p;

    xlog2 = xlog2 < 0.0f ? 0.0f : xlog2;
    xlog2 = xlog2 > 255.0f ? 255.0f : xlog2;
    z = (uint32_t)(xlog2 * 8388608.0f);
    ipart = z >> 23;
    frac = (float)(z & 0x7fffff);
    p = mad(mad(4.791750143340323e-15f, frac, 7.839635491371155e-08f), frac,
            1.0017248f);
    return flush(setexp(p, ipart));
}

/*
 * Precise, FP32 Dst: Cody-Waite reduction x = n ln2 + r, |r| <= ln2/2,
 * then the degree-7 Taylor polynomial, scaled by 2^n ("fp32 ->
 * Cody-Waite + 7th-order Taylor"; constants are the model's).
 */
SFPU_INLINE float exp_cw(float x)
{
    static const float c[] = {
        1.0f / 5040, 1.0f / 720, 1.0f / 120, 1.0f / 24,
        1.0f / 6,    0.5f,       1.0f,       1.0f,
    };
    float n, r, p;
    int ni;

    if (x > 88.72283f) {
        return INFINITY;
    }
    if (x < -87.33654f) {
        return 0.0f; /* below 2^-126: flushed */
    }
    n = add(mad(x, 1.44269502f, 12582912.0f), -12582912.0f);
    r = mad(n, -0.693145751953125f, x);
    r = mad(n, -1.428606765330187e-06f, r);
    p = c[0];
    for (unsigned k = 1; k < sizeof(c) / sizeof(c[0]); k++) {
        p = mad(p, r, c[k]);
    }
    ni = (int)n;
    if (ni > 127) {
        return mul(mul(p, 0x1p127f), u2f((uint32_t)(ni - 127 + 127) << 23));
    }
    if (ni < -126) {
        return mul(mul(p, 0x1p-126f), u2f((uint32_t)(ni + 126 + 127) << 23));
    }
    return mul(p, u2f((uint32_t)(ni + 127) << 23));
}

SFPU_INLINE float exp_precise(float x, bool fp32)
{
    return fp32 ? exp_cw(x) : exp_21f(x);
}

/* ---- reciprocal ------------------------------------------------- */

/*
 * Quadratic seed on [1, 2) (k0 = 0.3232325, k1 = 1.4545460,
 * k2 = 2.1212125) then @iters Newton steps y = y (2 - m y).
 */
static float recip(float x, int iters)
{
    unsigned sign = f2u(x) >> 31;
    float m, y;
    int e;

    if (x == 0.0f) {
        return setsgn(INFINITY, sign);
    }
    if (is_inf_nan(x)) {
        return x != x ? x : setsgn(0.0f, sign);
    }
    m = setexp(setsgn(x, 0), 127);
    y = mad(mad(0.3232325f, m, -1.4545460f), m, 2.1212125f);
    for (int i = 0; i < iters; i++) {
        y = mul(y, mad(-m, y, 2.0f));
    }
    e = exexp(y) + 127 - exexp(x);
    if (e <= 0) {
        return 0.0f;
    }
    if (e >= 255) {
        return setsgn(INFINITY, sign);
    }
    return setsgn(setexp(y, (unsigned)e), sign);
}

/* ---- sqrt, rsqrt ------------------------------------------------ */

/*
 * Magic-constant seed with one modified Newton step (Moroz et al.'s
 * InvSqrt: about 10 correct bits, the "approx" algorithm); the precise
 * mode adds two classic Newton steps.
 */
static float rsqrt_core(float x, bool precise)
{
    float y = u2f(0x5f1ffff9u - (f2u(x) >> 1));
    float hx = mul(0.5f, x);

    y = mul(mul(0.703952253f, y), mad(-mul(x, y), y, 2.38924456f));
    if (precise) {
        for (int i = 0; i < 2; i++) {
            y = mul(y, mad(-mul(hx, y), y, 1.5f));
        }
    }
    return y;
}

static float sqrt_op(float x, bool rsqrt, bool precise, bool fp32)
{
    float y, s;

    if (x < 0.0f) {
        /* NaN with an FP32 Dst, the Inf pattern with a BF16 Dst. */
        return fp32 ? NAN : INFINITY;
    }
    if (x == 0.0f) {
        return rsqrt ? INFINITY : 0.0f;
    }
    if (is_inf_nan(x)) {
        return x != x ? x : (rsqrt ? 0.0f : x);
    }
    y = rsqrt_core(x, precise);
    if (rsqrt) {
        return y;
    }
    s = mul(x, y);
    if (precise) {
        /* One residual correction: s += (y/2) (x - s^2). */
        s = mad(mul(0.5f, y), mad(-s, s, x), s);
    }
    return s;
}

/* ---- log --------------------------------------------------------- */

static float log_op(float x, bool approx)
{
    float m, s, s2, p;
    int e;

    if (x == 0.0f) {
        return -INFINITY;
    }
    if (x < 0.0f || x != x) {
        return NAN;
    }
    if (is_inf_nan(x)) {
        return x;
    }
    e = exexp(x);
    m = setexp(x, 127);
    if (approx) {
        /* The LLK cubic on [1, 2): ((A m + B) m + C) m + D, + e ln2. */
        s = mad(mad(mad(0.1058f, m, -0.7116f), m, 2.0871f), m, -1.4753f);
        return mad((float)e, 0.693147182f, s);
    }
    /*
     * Model's precise routine: m in [sqrt(1/2), sqrt(2)), s = (m-1)/(m+1),
     * ln m = 2 (s + s^3/3 + ... + s^9/9).
     */
    if (m > 1.41421356f) {
        m = setexp(m, 126);
        e++;
    }
    s = mul(add(m, -1.0f), recip(add(m, 1.0f), 2));
    s2 = mul(s, s);
    p = 2.0f / 9;
    p = mad(p, s2, 2.0f / 7);
    p = mad(p, s2, 2.0f / 5);
    p = mad(p, s2, 2.0f / 3);
    p = mad(p, s2, 2.0f);
    p = mul(p, s);
    return mad((float)e, 0.693145751953125f,
               mad((float)e, 1.428606765330187e-06f, p));
}

/* ---- sigmoid, tanh, gelu ------------------------------------------------ */

static float sigmoid_op(float x, bool approx, bool fp32)
{
    float nx = -x > 88.0f ? 88.0f : -x;
    float ex = approx ? exp_approx(nx) : exp_precise(nx, fp32);

    /* 1 / (1 + e^-x): approx exp + one-step reciprocal when approx. */
    return recip(add(1.0f, ex), approx ? 1 : (fp32 ? 2 : 1));
}

static float tanh_op(float x, bool approx, bool fp32)
{
    unsigned sign = f2u(x) >> 31;
    float a = setsgn(x, 0), y;

    if (approx) {
        /* the LLK's three-segment table. */
        if (a < 1.0f) {
            y = mul(0.90625f, a);
        } else if (a < 2.0f) {
            y = mad(0.09375f, a, 0.8125f);
        } else {
            y = 1.0f;
        }
    } else if (a < 0.55f) {
        /* Odd Taylor series through x^15. */
        static const float c[] = {
            -929569.0f / 638512875.0f,
            21844.0f / 6081075,
            -1382.0f / 155925,
            62.0f / 2835,
            -17.0f / 315,
            2.0f / 15,
            -1.0f / 3,
            1.0f,
        };
        float a2 = mul(a, a), p = c[0];

        for (unsigned k = 1; k < sizeof(c) / sizeof(c[0]); k++) {
            p = mad(p, a2, c[k]);
        }
        y = mul(p, a);
    } else {
        float ex = exp_precise(a > 44.0f ? 88.0f : 2.0f * a, fp32);

        y = mad(-2.0f, recip(add(ex, 1.0f), fp32 ? 2 : 1), 1.0f);
    }
    return y == 0.0f ? 0.0f : setsgn(y, sign);
}

static float gelu_op(float x, bool approx, bool fp32)
{
    float w, z, t, poly, ec;
    static const float c[] = {
        0.17087277f,  -0.82215223f, 1.48851587f, -1.13520398f, 0.27886807f,
        -0.18628806f, 0.09678418f,  0.37409196f, 1.00002368f,  -1.26551223f,
    };

    if (approx) {
        /* x * sigmoid(2 sqrt(2/pi) (x + 0.044715 x^3)), approx ops. */
        float inner =
            mul(mul(1.5957691216f, x), mad(mul(0.044715f, x), x, 1.0f));

        return mul(x, sigmoid_op(inner, true, fp32));
    }
    /*
     * x * Phi(x) = x/2 * erfc(-x/sqrt2), erfc by the Chebyshev fit of
     * Numerical Recipes (erfcc, relative error < 1.2e-7).
     */
    w = mul(-0.70710678f, x);
    z = setsgn(w, 0);
    t = recip(mad(0.5f, z, 1.0f), 2);
    poly = c[0];
    for (unsigned k = 1; k < sizeof(c) / sizeof(c[0]); k++) {
        poly = mad(poly, t, c[k]);
    }
    ec = mul(t, exp_precise(mad(-z, z, poly), fp32));
    if (w < 0.0f) {
        ec = add(2.0f, -ec);
    }
    return mul(mul(0.5f, x), ec);
}

/* ---- dispatch --------------------------------------------------------- */

static inline float sfpu_eval_inl(TTSfpuOp op, float x, bool approx,
                                  bool fp32_dest, float s)
{
    switch (op) {
    case TTX_SFPU_EXP:
        if (approx) {
            return exp_approx(x);
        }
        return exp_precise(x, fp32_dest);
    case TTX_SFPU_RECIP:
        /* approx 1 step, BF16 precise 1 step (+ RNE), FP32 2 steps. */
        return recip(x, approx || !fp32_dest ? 1 : 2);
    case TTX_SFPU_SQRT:
        return sqrt_op(x, false, !approx, fp32_dest);
    case TTX_SFPU_RSQRT:
        return sqrt_op(x, true, !approx, fp32_dest);
    case TTX_SFPU_LOG:
        return log_op(x, approx);
    case TTX_SFPU_RELU:
        return x > 0.0f ? x : 0.0f;
    case TTX_SFPU_GELU:
        return gelu_op(x, approx, fp32_dest);
    case TTX_SFPU_SIGMOID:
        return sigmoid_op(x, approx, fp32_dest);
    case TTX_SFPU_TANH:
        return tanh_op(x, approx, fp32_dest);
    case TTX_SFPU_ABS:
        return setsgn(x, 0);
    case TTX_SFPU_SQUARE:
        return mul(x, x);
    case TTX_SFPU_NEGATIVE:
        return setsgn(x, !(f2u(x) >> 31));
    case TTX_SFPU_SILU:
        return mul(x, sigmoid_op(x, approx, fp32_dest));
    case TTX_SFPU_SIGN:
        /* flush_in made denormals zero: they are neither sign. */
        return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f;
    case TTX_SFPU_ADD_SCALAR:
        return add(x, s);
    case TTX_SFPU_SUB_SCALAR:
        return mad(s, -1.0f, x);
    case TTX_SFPU_MUL_SCALAR:
    case TTX_SFPU_DIV_SCALAR:
        return mul(x, s);
    case TTX_SFPU_RSUB_SCALAR:
        return mad(x, -1.0f, s);
    default:
        return x;
    }
}

float ttx_sfpu_eval(TTSfpuOp op, float x, bool approx, bool fp32_dest)
{
    return sfpu_eval_inl(op, flush_in(x), approx, fp32_dest, 0.0f);
}

const char *ttx_sfpu_name(TTSfpuOp op)
{
    static const char *const names[TTX_SFPU_UNARY_COUNT] = {
        [TTX_SFPU_EXP] = "exp",
        [TTX_SFPU_RECIP] = "recip",
        [TTX_SFPU_SQRT] = "sqrt",
        [TTX_SFPU_RSQRT] = "rsqrt",
        [TTX_SFPU_LOG] = "log",
        [TTX_SFPU_RELU] = "relu",
        [TTX_SFPU_GELU] = "gelu",
        [TTX_SFPU_SIGMOID] = "sigmoid",
        [TTX_SFPU_TANH] = "tanh",
        [TTX_SFPU_ABS] = "abs",
        [TTX_SFPU_SQUARE] = "square",
        [TTX_SFPU_NEGATIVE] = "negative",
        [TTX_SFPU_SILU] = "silu",
        [TTX_SFPU_SIGN] = "sign",
        [TTX_SFPU_ADD_SCALAR] = "add_unary",
        [TTX_SFPU_SUB_SCALAR] = "sub_unary",
        [TTX_SFPU_MUL_SCALAR] = "mul_unary",
        [TTX_SFPU_DIV_SCALAR] = "div_unary",
        [TTX_SFPU_RSUB_SCALAR] = "rsub_unary",
    };

    return op < TTX_SFPU_UNARY_COUNT ? names[op] : "?";
}

/* ---- Dst load / store (SFPLOAD, SFPSTORE) ---------------------------- */

int ttx_sfpu_math_slot(const TTTileEngine *e, unsigned idst)
{
    unsigned cap = ttx_tile_dst_capacity(e);

    if (idst >= cap) {
        return -1;
    }
    return (int)((e->cfg.full_sync ? 0 : e->math_section * cap) + idst);
}

SFPU_INLINE float sfpu_load(const TTTileEngine *e, unsigned slot, unsigned i)
{
    uint32_t v = e->dst[slot][i];

    if (!((e->defined[slot] >> (i / 16)) & 1)) {
        return 0.0f;
    }
    switch (e->kind[slot]) {
    case TTX_DST_BF16:
        return flush_in(u2f(v << 16));
    case TTX_DST_FP16:
        if (!(v & 0x7c00)) {
            return 0.0f;
        }
        return u2f(ttx_fmt_fp16_to_fp32((uint16_t)v));
    default:
        return flush_in(u2f(v));
    }
}

/*
 * Store to Dst: FP32 as is; BF16/FP16 truncate (SFPSTORE), or round to
 * nearest even first when @rne (LLK ops round explicitly in precise
 * mode); denormals flush, FP16 overflow gives the 0x7fff pattern.
 */
SFPU_INLINE uint32_t store_bits_inl(uint32_t u, TTDstKind kind, bool rne)
{
    uint32_t sign = u >> 31, e = (u >> 23) & 0xff;

    if (kind == TTX_DST_FP32) {
        return u;
    }
    if (!e) {
        return sign << 15;
    }
    if (kind == TTX_DST_BF16) {
        if (e == 0xff) {
            return (u >> 16) | ((u & 0x7fffff) ? 0x40 : 0);
        }
        if (rne) {
            u += 0x7fffu + ((u >> 16) & 1);
        }
        return u >> 16;
    }
    if (e == 0xff) {
        return sign << 15 | 0x7fff;
    }
    if (rne) {
        u += 0xfffu + ((u >> 13) & 1);
        e = (u >> 23) & 0xff;
    }
    if ((int)e - 127 + 15 > 31) {
        return sign << 15 | 0x7fff;
    }
    if ((int)e - 127 + 15 < 1) {
        return sign << 15;
    }
    return sign << 15 | (e - 112) << 10 | ((u >> 13) & 0x3ff);
}

uint32_t ttx_sfpu_store_bits(uint32_t u, TTDstKind kind, bool rne)
{
    return store_bits_inl(u, kind, rne);
}

static uint32_t sfpu_store(float y, TTDstKind kind, bool rne)
{
    return store_bits_inl(f2u(y), kind, rne);
}

/*
 * ttx_sfpu_unary() on a whole tile: load, op, store, each as its own
 * loop with the kind and op decided once outside it (the per-element
 * functions are the same ones, so are the bits).  Built portable and,
 * on x86-64 hosts that have it, with FMA: fmaf() is then one instruction
 * instead of a call, and both are the correctly rounded fused
 * multiply-add.
 */
SFPU_INLINE void unary_body(TTTileEngine *e, unsigned slot, TTSfpuOp op,
                            float s)
{
    bool approx = e->cfg.approx, fp32 = e->cfg.fp32_dest;
    /* silu rounds to nearest even before its store, approx or not. */
    bool rne = !approx || op == TTX_SFPU_SILU;
    TTDstKind kind = e->kind[slot];
    float x[TT_TILE_ELEMS];

    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        x[i] = flush_in(sfpu_load(e, slot, i));
    }
    if (op == TTX_SFPU_EXP && approx) {
        for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
            x[i] = exp_approx(x[i]);
        }
    } else if (op == TTX_SFPU_EXP) {
        for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
            x[i] = exp_precise(x[i], fp32);
        }
    } else {
        for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
            x[i] = sfpu_eval_inl(op, x[i], approx, fp32, s);
        }
    }
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        e->dst[slot][i] = sfpu_store(x[i], kind, rne);
    }
    e->defined[slot] = ~0ull;
}

static void unary_portable(TTTileEngine *e, unsigned slot, TTSfpuOp op, float s)
{
    unary_body(e, slot, op, s);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target("avx2,fma"))) static void
unary_fma(TTTileEngine *e, unsigned slot, TTSfpuOp op, float s)
{
    unary_body(e, slot, op, s);
}
#else
static void unary_fma(TTTileEngine *e, unsigned slot, TTSfpuOp op, float s)
{
    unary_body(e, slot, op, s);
}
#endif

int ttx_sfpu_unary(TTTileEngine *e, TTSfpuOp op, unsigned idst, uint32_t scalar)
{
    int slot = ttx_sfpu_math_slot(e, idst);
    /* The scalar is loaded into an LReg as FP32: denormals read as 0. */
    float s = flush_in(u2f(scalar));

    if (slot < 0 || op >= TTX_SFPU_UNARY_COUNT) {
        return TTX_TILE_EINVAL;
    }
    if (ttx_tile_simd_level() >= TTX_SIMD_AVX2) {
        unary_fma(e, (unsigned)slot, op, s);
    } else {
        unary_portable(e, (unsigned)slot, op, s);
    }
    return TTX_TILE_OK;
}

int ttx_sfpu_binary(TTTileEngine *e, TTSfpuBinaryOp op, unsigned idst0,
                    unsigned idst1)
{
    int s0 = ttx_sfpu_math_slot(e, idst0), s1 = ttx_sfpu_math_slot(e, idst1);

    if (s0 < 0 || s1 < 0 || op > TTX_SFPU_MUL) {
        return TTX_TILE_EINVAL;
    }
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        float a = sfpu_load(e, (unsigned)s0, i);
        float b = sfpu_load(e, (unsigned)s1, i);
        float y = op == TTX_SFPU_ADD   ? add(a, b)
                  : op == TTX_SFPU_SUB ? mad(b, -1.0f, a)
                                       : mul(a, b);

        e->dst[s0][i] = sfpu_store(y, e->kind[s0], !e->cfg.approx);
    }
    e->defined[s0] = ~0ull;
    return TTX_TILE_OK;
}
