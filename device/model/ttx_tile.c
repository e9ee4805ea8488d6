/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tile engine state and FPU: SrcA/SrcB banks with their unpacker/FPU
 * ownership, Dst in 16-bit or 32-bit mode split in halves (SyncHalf) or
 * whole (SyncFull) under the math-pack semaphore, the unpacker and packer
 * at tile granularity, and the FPU ops with math-fidelity phases run one
 * by one as docs/tile-engine.md (Math fidelity) gives them.  Arithmetic runs
 * in double, where every phase product is exact; each phase of each
 * 16-term chunk is added to Dst and rounded into the Dst format (FPU
 * MVMUL precision), which is where the bf16-Dst error of the hardware
 * comes from.
 *
 * Not yet implemented:
 *   - ELWADD/ELWSUB with a fidelity other than LoFi (the LLK asserts it;
 *     the model simply adds);
 *   - the 19-bit round trip of REDUCE_ROW results through SrcB with a
 *     32-bit Dst, GMPOOL's zeroing of the other rows of its 4-row block;
 *   - broadcast forms of datacopy (unary_bcast) and dest reuse.
 */
#include "ttx_tile.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void src_unpack_bf16(const uint8_t *l1, uint32_t out[TT_TILE_ELEMS]);

static unsigned dst_slots(const TTTileEngine *e)
{
    return e->cfg.fp32_dest ? TTX_DST_TILES_32B : TTX_DST_TILES_16B;
}

unsigned ttx_tile_dst_capacity(const TTTileEngine *e)
{
    return e->cfg.full_sync ? dst_slots(e) : dst_slots(e) / 2;
}

/* Slot of tile @idst of Dst half @section, -1 past the capacity. */
static int dst_slot(const TTTileEngine *e, unsigned idst, unsigned section)
{
    unsigned cap = ttx_tile_dst_capacity(e);

    if (idst >= cap) {
        return -1;
    }
    return (int)((e->cfg.full_sync ? 0 : section * cap) + idst);
}

static void zero_slot(TTTileEngine *e, unsigned slot)
{
    memset(e->dst[slot], 0, sizeof(e->dst[slot]));
    e->defined[slot] = 0;
}

void ttx_tile_init(TTTileEngine *e, const TTTileConfig *cfg)
{
    memset(e, 0, sizeof(*e));
    e->cfg = *cfg;
    for (unsigned s = 0; s < TTX_DST_TILES_16B; s++) {
        e->kind[s] = cfg->fp32_dest ? TTX_DST_FP32 : TTX_DST_BF16;
    }
    for (unsigned s = 0; s < 2; s++) {
        e->fmt.unpack[s] = TT_DF_INVALID;
        e->src[s].bank[0].ntiles = 1;
        e->src[s].bank[1].ntiles = 1;
    }
    e->fmt.pack = TT_DF_INVALID;
    ttx_sfpi_reset(&e->sfpi);
}

void ttx_tile_fini(TTTileEngine *e)
{
    for (unsigned s = 0; s < 2; s++) {
        for (unsigned b = 0; b < 2; b++) {
            free(e->src[s].bank[b].more);
            e->src[s].bank[b].more = NULL;
        }
    }
}

/* ---- math-pack semaphore --------------------------------------- */

int ttx_tile_acquire(TTTileEngine *e)
{
    unsigned max = e->cfg.full_sync ? 1 : 2;

    return e->sem >= max ? TTX_TILE_BLOCKED : TTX_TILE_OK;
}

int ttx_tile_commit(TTTileEngine *e)
{
    e->sem = e->sem < 15 ? e->sem + 1 : 15;
    if (!e->cfg.full_sync) {
        e->math_section ^= 1;
    }
    return TTX_TILE_OK;
}

int ttx_tile_wait(TTTileEngine *e)
{
    return e->sem ? TTX_TILE_OK : TTX_TILE_BLOCKED;
}

int ttx_tile_release(TTTileEngine *e)
{
    unsigned cap = ttx_tile_dst_capacity(e);

    if (e->cfg.full_sync) {
        for (unsigned s = 0; s < dst_slots(e); s++) {
            zero_slot(e, s);
        }
    } else {
        for (unsigned t = 0; t < cap; t++) {
            zero_slot(e, (unsigned)dst_slot(e, t, e->pack_section));
        }
        e->pack_section ^= 1;
    }
    e->sem = e->sem ? e->sem - 1 : 0;
    return TTX_TILE_OK;
}

/* ---- unpacker (Unpacker conversion, dvalid) ---------------------- */

/*
 * The face-order tile of row-major data at @l1 (tilize), into @tile:
 * element (r, c) at @l1 + r * @row_stride + c * element size.
 */
static int gather_rows(unsigned fmt, const void *l1, size_t row_stride,
                       uint8_t tile[TT_TILE_BYTES_FLOAT32])
{
    size_t es = ttx_fmt_elem_bytes(fmt);
    const uint8_t *p = l1;

    if (!es || row_stride < TT_TILE_DIM * es) {
        return TTX_TILE_EINVAL;
    }
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            memcpy(tile + ttx_tile_index(r, c) * es,
                   p + r * row_stride + c * es, es);
        }
    }
    return TTX_TILE_OK;
}

/*
 * Src image of the decoded tile @v of @fmt, in place: the unpacker's
 * conversion and the FPU's denormal flush.  Returns the Src style.
 */
static TTSrcStyle src_convert(const TTTileEngine *e, unsigned fmt,
                              uint32_t v[TT_TILE_ELEMS])
{
    TTSrcStyle style = TTX_SRC_BF16;
    /* Exponent fields at or below these flush to signed zero. */
    uint32_t flush_below = 1u << 23;

    switch (fmt) {
    case TT_DF_FLOAT32:
        /*
         * [I] Float32 becomes TF32 with a 32-bit Dst and BF16 otherwise
         * (tt-metal picks the unpacker's output format from
         * fp32_dest_acc_en); both truncate.  The BF16 unpack's own
         * denormal flush is the FPU's below.
         */
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            v[i] &= e->cfg.fp32_dest ? 0xffffe000u : 0xffff0000u;
        }
        if (e->cfg.fp32_dest) {
            style = TTX_SRC_TF32;
        }
        break;
    case TT_DF_FLOAT16:
        /* The FPU flushes FP16 denormals (|x| < 2^-14). */
        style = TTX_SRC_FP16;
        flush_below = 113u << 23;
        break;
    default:
        break;
    }
    /* FPU denormal flush. */
    for (int i = 0; i < TT_TILE_ELEMS; i++) {
        uint32_t u = v[i];

        v[i] = (u & 0x7f800000u) < flush_below ? u & 0x80000000u : u;
    }
    return style;
}

/* @v into @out in face order, transposed (the unpacker's Transpose). */
static void src_place(uint32_t out[TT_TILE_ELEMS],
                      const uint32_t v[TT_TILE_ELEMS], bool transpose)
{
    if (!transpose) {
        memcpy(out, v, TT_TILE_ELEMS * sizeof(v[0]));
        return;
    }
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            out[ttx_tile_index(r, c)] = v[ttx_tile_index(c, r)];
        }
    }
}

/*
 * Dst image of the L1 tile @l1 of @fmt, decoded as @v, for unpack to
 * Dst: bit exact.  A 32-bit Dst takes every format; a 16-bit Dst
 * the 16-bit and Bfp formats. [I] 32-bit data needs a 32-bit Dst.
 */
static int dst_image(const TTTileEngine *e, unsigned fmt, const uint8_t *l1,
                     const uint32_t v[TT_TILE_ELEMS],
                     uint32_t out[TT_TILE_ELEMS], TTDstKind *kind)
{
    if (e->cfg.fp32_dest) {
        memcpy(out, v, TT_TILE_ELEMS * sizeof(v[0]));
        *kind = TTX_DST_FP32;
    } else if (fmt == TT_DF_FLOAT32) {
        return TTX_TILE_EINVAL;
    } else if (fmt == TT_DF_FLOAT16) {
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            out[i] = (uint32_t)(l1[2 * i] | l1[2 * i + 1] << 8);
        }
        *kind = TTX_DST_FP16;
    } else {
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            out[i] = v[i] >> 16;
        }
        *kind = TTX_DST_BF16;
    }
    return TTX_TILE_OK;
}

int ttx_tile_unpack_rows(TTTileEngine *e, unsigned src, unsigned fmt,
                         const void *l1, size_t row_stride, unsigned flags)
{
    uint8_t rows[TT_TILE_BYTES_FLOAT32];
    const uint8_t *t = l1;
    TTSrcReg *reg;
    TTSrcBank *bank;
    uint32_t v[TT_TILE_ELEMS];

    if (src > TTX_SRC_B ||
        (flags & ~(TTX_UNPACK_TRANSPOSE | TTX_UNPACK_TO_DST)) ||
        (flags & TTX_UNPACK_TRANSPOSE && flags & TTX_UNPACK_TO_DST)) {
        return TTX_TILE_EINVAL;
    }
    if (row_stride) {
        if (gather_rows(fmt, l1, row_stride, rows)) {
            return TTX_TILE_EINVAL;
        }
        t = rows;
    }
    reg = &e->src[src];
    bank = &reg->bank[reg->unpack_bank];
    if (!flags) {
        /*
         * Straight into the bank.  Decoding fails only on the formats
         * the model lacks, before it writes anything.
         */
        if (!ttx_fmt_tile_bytes(fmt)) {
            return TTX_TILE_EINVAL;
        }
        if (bank->matrix_owned) {
            return TTX_TILE_BLOCKED;
        }
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (fmt == TT_DF_FLOAT16_B) {
            /* Decode and convert in one pass: the common case. */
            src_unpack_bf16(t, bank->bits);
            bank->style = TTX_SRC_BF16;
        } else
#endif
            if (ttx_fmt_decode_tile(fmt, t, bank->bits)) {
            return TTX_TILE_EINVAL;
        } else {
            bank->style = src_convert(e, fmt, bank->bits);
        }
    } else if (ttx_fmt_decode_tile(fmt, t, v)) {
        return TTX_TILE_EINVAL;
    } else if (bank->matrix_owned) {
        return TTX_TILE_BLOCKED;
    } else if (flags & TTX_UNPACK_TO_DST) {
        if (dst_image(e, fmt, t, v, bank->bits, &bank->dst_kind)) {
            return TTX_TILE_EINVAL;
        }
    } else {
        bank->style = src_convert(e, fmt, v);
        src_place(bank->bits, v, flags & TTX_UNPACK_TRANSPOSE);
    }
    bank->to_dst = flags & TTX_UNPACK_TO_DST;
    bank->ntiles = 1;
    bank->matrix_owned = true;
    reg->unpack_bank ^= 1;
    return TTX_TILE_OK;
}

int ttx_tile_unpack(TTTileEngine *e, unsigned src, unsigned fmt, const void *l1,
                    unsigned flags)
{
    return ttx_tile_unpack_rows(e, src, fmt, l1, 0, flags);
}

/* Tile @i of a bank: bits, or more[i - 1] of a block. */
static const uint32_t *bank_tile(const TTSrcBank *b, unsigned i)
{
    return i ? b->more[i - 1] : b->bits;
}

/* Fill the unpacker's (free) bank of @src with the @n tiles @in[]. */
static int unpack_block(TTTileEngine *e, unsigned src, unsigned fmt,
                        const void *const in[], unsigned n, bool transpose)
{
    TTSrcReg *reg = &e->src[src];
    TTSrcBank *bank = &reg->bank[reg->unpack_bank];
    uint32_t v[TT_TILE_ELEMS];

    if (n > 1 && !bank->more) {
        bank->more = malloc((TTX_BLOCK_MAX - 1) * sizeof(*bank->more));
        if (!bank->more) {
            return TTX_TILE_EINVAL;
        }
    }
    for (unsigned i = 0; i < n; i++) {
        if (ttx_fmt_decode_tile(fmt, in[i], v)) {
            return TTX_TILE_EINVAL;
        }
        bank->style = src_convert(e, fmt, v);
        src_place(i ? bank->more[i - 1] : bank->bits, v, transpose);
    }
    bank->to_dst = false;
    bank->ntiles = n;
    bank->matrix_owned = true;
    reg->unpack_bank ^= 1;
    return TTX_TILE_OK;
}

int ttx_tile_unpack_matmul_block(TTTileEngine *e, unsigned fmt0,
                                 const void *const in0[], unsigned rt,
                                 unsigned fmt1, const void *const in1[],
                                 unsigned ct, bool transpose)
{
    TTSrcReg *a = &e->src[TTX_SRC_A], *b = &e->src[TTX_SRC_B];
    int rc;

    if (!rt || !ct || rt > TTX_BLOCK_MAX || ct > TTX_BLOCK_MAX ||
        !ttx_fmt_tile_bytes(fmt0) || !ttx_fmt_tile_bytes(fmt1)) {
        return TTX_TILE_EINVAL;
    }
    if (a->bank[a->unpack_bank].matrix_owned ||
        b->bank[b->unpack_bank].matrix_owned) {
        return TTX_TILE_BLOCKED;
    }
    /* in0 -> SrcB, in1 -> SrcA (MVMUL). */
    rc = unpack_block(e, TTX_SRC_B, fmt0, in0, rt, false);
    return rc ? rc : unpack_block(e, TTX_SRC_A, fmt1, in1, ct, transpose);
}

int ttx_tile_src_dvalid(TTTileEngine *e, unsigned src)
{
    TTSrcReg *reg;
    TTSrcBank *bank;

    if (src > TTX_SRC_B) {
        return TTX_TILE_EINVAL;
    }
    reg = &e->src[src];
    bank = &reg->bank[reg->unpack_bank];
    if (bank->matrix_owned) {
        return TTX_TILE_BLOCKED;
    }
    bank->matrix_owned = true;
    bank->to_dst = false;
    bank->ntiles = 1;
    reg->unpack_bank ^= 1;
    return TTX_TILE_OK;
}

int ttx_tile_unpack_to_dst(TTTileEngine *e, unsigned fmt, const void *l1,
                           unsigned idst)
{
    int slot = dst_slot(e, idst, e->math_section);
    uint32_t v[TT_TILE_ELEMS];
    TTDstKind kind;

    if (slot < 0 || ttx_fmt_decode_tile(fmt, l1, v) ||
        dst_image(e, fmt, l1, v, e->dst[slot], &kind)) {
        return TTX_TILE_EINVAL;
    }
    e->kind[slot] = kind;
    e->defined[slot] = ~0ull;
    return TTX_TILE_OK;
}

/* ---- FPU helpers ---------------------------------------------------- */

/* The FPU's wait gate: both current banks must belong to it. */
static int fpu_gate(TTTileEngine *e, const TTSrcBank **a, const TTSrcBank **b)
{
    *a = &e->src[TTX_SRC_A].bank[e->src[TTX_SRC_A].fpu_bank];
    *b = &e->src[TTX_SRC_B].bank[e->src[TTX_SRC_B].fpu_bank];
    return (*a)->matrix_owned && (*b)->matrix_owned ? TTX_TILE_OK
                                                    : TTX_TILE_BLOCKED;
}

/* Banks of one plain tile each: what every op but the block ones reads. */
static bool plain_tiles(const TTSrcBank *a, const TTSrcBank *b)
{
    return a->ntiles == 1 && b->ntiles == 1 && !a->to_dst && !b->to_dst;
}

/* CLR_AB: hand both banks back to the unpackers and flip. [I] always */
static void fpu_done(TTTileEngine *e)
{
    for (unsigned s = 0; s < 2; s++) {
        e->src[s].bank[e->src[s].fpu_bank].matrix_owned = false;
        e->src[s].fpu_bank ^= 1;
    }
}

/* Dst element format of an FPU result: FP32, or by SrcA style. */
static TTDstKind fpu_kind(const TTTileEngine *e, const TTSrcBank *a)
{
    if (e->cfg.fp32_dest) {
        return TTX_DST_FP32;
    }
    return a->style == TTX_SRC_FP16 ? TTX_DST_FP16 : TTX_DST_BF16;
}

/* Dst element @i of @slot as the FPU reads it; @undef if never written. */
static double dst_get(const TTTileEngine *e, unsigned slot, unsigned i,
                      double undef)
{
    if (!((e->defined[slot] >> (i / 16)) & 1)) {
        return undef;
    }
    return ttx_fmt_fpu_value_inl(e->dst[slot][i], e->kind[slot]);
}

static void dst_put(TTTileEngine *e, unsigned slot, unsigned i, uint32_t bits)
{
    e->dst[slot][i] = bits;
    e->defined[slot] |= 1ull << (i / 16);
}

/*
 * A Dst tile changing element kind (16-bit mode, BF16 <-> FP16): convert
 * what it holds so accumulation reads the same values. [I]
 */
static void set_kind(TTTileEngine *e, unsigned slot, TTDstKind kind)
{
    if (e->kind[slot] == kind) {
        return;
    }
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        e->dst[slot][i] = ttx_fmt_fpu_round_inl(
            ttx_fmt_fpu_value_inl(e->dst[slot][i], e->kind[slot]), kind);
    }
    e->kind[slot] = kind;
}

static unsigned num_phases(TTMathFidelity f)
{
    return f == TTX_LOFI ? 1 : (unsigned)f;
}

/*
 * The two fidelity slices of one Src datum @u: @hi keeps
 * the bits of @hi_mask, @lo is what @lo_mask takes away.
 */
static inline void slice_one(uint32_t u, uint32_t hi_mask, uint32_t lo_mask,
                             double *hi, double *lo)
{
    *hi = ttx_fmt_f32_value_inl(u & hi_mask);
    *lo = ttx_fmt_f32_value_inl(u) - ttx_fmt_f32_value_inl(u & lo_mask);
}

/*
 * The fidelity operand slices, per phase bit: SrcA even phases take sign,
 * exponent, implicit one and mantissa bits 22..19, odd phases bits
 * 18..14 (bit 13 is never used); SrcB phases with bit 1 clear take bits
 * 22..17, set bits 16..13.
 */
static void slice_bits(const uint32_t bits[TT_TILE_ELEMS], bool is_a,
                       double hi[], double lo[])
{
    uint32_t hi_mask = is_a ? 0xfff80000u : 0xfffe0000u;
    uint32_t lo_mask = is_a ? 0xfff83fffu : 0xfffe1fffu;

    for (int i = 0; i < TT_TILE_ELEMS; i++) {
        slice_one(bits[i], hi_mask, lo_mask, &hi[i], &lo[i]);
    }
}

static void slice_both(const TTSrcBank *a, const TTSrcBank *b, TTSlices *s)
{
    slice_bits(a->bits, true, s->a[0], s->a[1]);
    slice_bits(b->bits, false, s->b[0], s->b[1]);
}

/* ---- FPU inner loops, vectorised ------------------------------------ */

/*
 * Eight doubles side by side (GNU C vectors).  The FPU's hot loops are
 * written once on these and built three times: portable (the compiler
 * splits a vector into what the host has, SSE2 pairs on x86-64), AVX2
 * with FMA (two quads) and AVX-512 (one register); the widest the host
 * has runs, chosen at run time.  Every lane does the scalar IEEE
 * operation in the scalar order, so the width never changes a bit.  The
 * one difference between builds is that a multiply and an add may fuse
 * into one FMA: the only multiplies here are products of two fidelity
 * slices (at most 7 by 5 significant bits), exact in double, so the fused
 * form rounds the same exact sum once, as the unfused one does.  Vectors
 * only pass by pointer or through memory (never as arguments or results)
 * to keep one ABI across the builds.
 */
#define VL 8
typedef double vd __attribute__((vector_size(VL * sizeof(double))));
typedef uint64_t vu __attribute__((vector_size(VL * sizeof(uint64_t))));
typedef uint32_t vu32 __attribute__((vector_size(VL * sizeof(uint32_t))));
typedef float vf8 __attribute__((vector_size(VL * sizeof(float))));
/* Sixteen FP32 patterns, as integers and as floats. */
typedef uint32_t vw __attribute__((vector_size(16 * sizeof(uint32_t))));
typedef float vf __attribute__((vector_size(16 * sizeof(float))));

#define TTX_INLINE static inline __attribute__((always_inline))

/* ttx_fmt_fpu_round() into one kind, on doubles: see v_round(). */
typedef struct TTRoundK {
    uint64_t keep, half1, maxb;
    double minnorm, lim;
    int shift;
    /* The kind's fields: mantissa bits, where the sign goes, rebias. */
    int mbits, sign_shift;
    uint64_t rebias;
} TTRoundK;

static TTRoundK round_params(TTDstKind kind)
{
    static const struct {
        int mbits, sign_shift;
        uint64_t rebias;
        double minnorm, lim, max;
    } k[] = {
        [TTX_DST_BF16] = {7, 48, 127 - 1023, 0x1p-126, 0x1p129, 0x1p128},
        [TTX_DST_FP16] = {10, 48, 15 - 1023, 0x1p-14, 0x1p17, 0x1.ffcp16},
        [TTX_DST_FP32] = {23, 32, 127 - 1023, 0x1p-126, 0x1p129, 0x1p128},
    };
    int shift = 52 - k[kind].mbits;
    TTRoundK r;

    memcpy(&r.maxb, &k[kind].max, sizeof(r.maxb));
    r.shift = shift;
    r.keep = ~((1ull << shift) - 1);
    r.half1 = (1ull << (shift - 1)) - 1;
    r.minnorm = k[kind].minnorm;
    r.lim = k[kind].lim;
    r.mbits = k[kind].mbits;
    r.sign_shift = k[kind].sign_shift;
    r.rebias = k[kind].rebias;
    return r;
}

/* Eight FP32 patterns at @p into the lanes of @u, and back. */
TTX_INLINE void v_load32(vu *u, const uint32_t *p)
{
    vu32 x;

    memcpy(&x, p, sizeof(x));
    *u = __builtin_convertvector(x, vu);
}

TTX_INLINE void v_store32(uint32_t *p, const vu *u)
{
    vu32 x = __builtin_convertvector(*u, vu32);

    memcpy(p, &x, sizeof(x));
}

/*
 * @v = ttx_fmt_f32_value_inl(@u & @mask) per lane, +0 where @u's
 * exponent field is 0 (@mask keeps the exponent): the fields moved into
 * a double's, no branch.
 */
TTX_INLINE void v_f32_value(vd *v, const vu *u, uint32_t mask)
{
    vu m = *u & mask;
    vu bits = m >> 31 << 63 | ((m >> 23 & 0xff) + (1023 - 127)) << 52 |
              (m & 0x7fffff) << 29;
    /* All ones unless the exponent is 0, by arithmetic: SSE2 has no
     * 64-bit integer compare. */
    vu keep = (vu){0} - (((*u >> 23 & 0xff) + 0xff) >> 8);

    *v = (vd)(bits & keep);
}

/*
 * @out = ttx_fmt_fpu_round(@d + @sum) per lane, as the double it stands
 * for (the sign of a zero kept), and @d = the same read back as Dst (a
 * zero reads +0, hence + 0.0).  Below the normal range (before rounding)
 * signed zero; nearest even on the double's own bits, a carry out of the
 * mantissa stepping the exponent; at or past 2^(emax + 1) (or Inf/NaN)
 * the kind's largest pattern.  Lane for lane the scalar function's steps.
 */
TTX_INLINE void v_round(vd *out, vd *d, const vd *sum, const TTRoundK *k)
{
    vd v = *d + *sum;
    vu u = (vu)v, abs = (vu){0} + (uint64_t)(~0ull >> 1);
    vu sign = u & ~abs;
    vu ur = (u + k->half1 + ((u >> k->shift) & 1)) & k->keep;
    vd av = (vd)(u & abs), ar = (vd)(ur & abs);
    vu tiny = (vu)(av < (vd){0} + k->minnorm);
    vd lim = (vd){0} + k->lim;
    vu big = ~((vu)(ar < lim) & (vu)(av < lim));

    *out =
        (vd)((tiny & sign) | (big & (sign | k->maxb)) | (~(tiny | big) & ur));
    *d = *out + 0.0;
}

/*
 * Dst bits of the values @r that v_round() made (so exact in the kind):
 * the double's fields moved into the kind's, a zero keeping its sign.
 */
TTX_INLINE void v_to_bits(vu *bits, const vd *r, const TTRoundK *k)
{
    vu u = (vu)*r;
    vu z = (vu)(*r == (vd){0});
    vu mmask = (vu){0} + (uint64_t)((1ull << k->mbits) - 1);

    *bits = ((u >> k->sign_shift) & (uint64_t)(1ull << (63 - k->sign_shift))) |
            (~z & ((((u >> 52) & 0x7ff) + k->rebias) << k->mbits |
                   ((u >> k->shift) & mmask)));
}

/*
 * The 16 Dst elements of @slot from @i (one face row) as the FPU reads
 * them (dst_get()), into @d: 0 where the row is undefined.
 */
TTX_INLINE void v_dst_get16(const TTTileEngine *e, unsigned slot, unsigned i,
                            double d[16])
{
    TTDstKind kind = e->kind[slot];

    if (!((e->defined[slot] >> (i / 16)) & 1)) {
        memset(d, 0, 16 * sizeof(d[0]));
        return;
    }
    if (kind == TTX_DST_FP16) {
        for (unsigned c = 0; c < 16; c++) {
            d[c] = ttx_fmt_fpu_value_inl(e->dst[slot][i + c], kind);
        }
        return;
    }
    for (unsigned c = 0; c < 16; c += VL) {
        vu u;
        vd v;

        v_load32(&u, &e->dst[slot][i + c]);
        if (kind == TTX_DST_BF16) {
            u = (u << 16) & 0xffffffffu;
        }
        v_f32_value(&v, &u, ~0u);
        memcpy(&d[c], &v, sizeof(v));
    }
}

/* Dst bits of the rounded values @r into the face row of @slot at @i. */
TTX_INLINE void v_dst_put16(TTTileEngine *e, unsigned slot, unsigned i,
                            const double r[16], const TTRoundK *k)
{
    for (unsigned c = 0; c < 16; c += VL) {
        vd v;
        vu bits;

        memcpy(&v, &r[c], sizeof(v));
        v_to_bits(&bits, &v, k);
        v_store32(&e->dst[slot][i + c], &bits);
    }
    e->defined[slot] |= 1ull << (i / 16);
}

/*
 * slice_one() of the 16 datums of a face row @bits: @hi[c], and @lo[c]
 * unless @lo is NULL.  A zero exponent gives +0 for both, as there.
 */
TTX_INLINE void v_slice16(const uint32_t *bits, uint32_t hi_mask,
                          uint32_t lo_mask, double *hi, double *lo)
{
    for (unsigned c = 0; c < 16; c += VL) {
        vu u;
        vd h, whole, cut, l;

        v_load32(&u, &bits[c]);
        v_f32_value(&h, &u, hi_mask);
        memcpy(&hi[c], &h, sizeof(h));
        if (lo) {
            v_f32_value(&whole, &u, ~0u);
            v_f32_value(&cut, &u, lo_mask);
            l = whole - cut;
            memcpy(&lo[c], &l, sizeof(l));
        }
    }
}

/*
 * Matmul views of SrcA tile @bits: slices by row k and column c; the
 * odd-phase slice only when a phase uses it.
 */
/*
 * v_slice16() through float, for datums whose exponent field is below
 * 255 (the FPU's top binade is finite; float's is not): a zero exponent
 * gives +0, the high slice is the datum's bits under @hi_mask, and the
 * low slice the bits under @mid_mask less those, a difference float
 * holds exactly (at most five bits, in the datum's binade).  Both are
 * the same doubles v_slice16() makes, from one conversion each.
 */
TTX_INLINE void v_slice16_f(const uint32_t *bits, uint32_t hi_mask,
                            uint32_t mid_mask, double *hi, double *lo)
{
    for (unsigned c = 0; c < 16; c += VL) {
        vu32 u, h, m;
        vf8 fh, fm, fl;
        vd dh, dl;

        memcpy(&u, &bits[c], sizeof(u));
        u &= (vu32)((u & 0x7f800000u) != 0);
        h = u & hi_mask;
        memcpy(&fh, &h, sizeof(fh));
        dh = __builtin_convertvector(fh, vd);
        memcpy(&hi[c], &dh, sizeof(dh));
        if (lo) {
            m = u & mid_mask;
            memcpy(&fm, &m, sizeof(fm));
            fl = fm - fh;
            dl = __builtin_convertvector(fl, vd);
            memcpy(&lo[c], &dl, sizeof(dl));
        }
    }
}

/* Whether a datum of tile @bits has exponent field 255. */
TTX_INLINE bool top_binade(const uint32_t *bits)
{
    vw any = {0};

    for (unsigned i = 0; i < TT_TILE_ELEMS; i += 16) {
        vw u;

        memcpy(&u, &bits[i], sizeof(u));
        any |= (vw)((u & 0x7f800000u) == 0x7f800000u);
    }
    for (unsigned l = 1; l < 16; l++) {
        any[0] |= any[l];
    }
    return any[0];
}

typedef int32_t vi __attribute__((vector_size(16 * sizeof(int32_t))));

/*
 * @r[0], @r[1] = the least and greatest field (@bits >> @shift) & @mask
 * over the values of tile @bits in the face rows set in @rows, a zero
 * field (a zero datum) left out: @mask + 1 and 0 when every one is zero.
 * Signed compares: SSE2 has no unsigned one.
 */
TTX_INLINE void field_range(const uint32_t *bits, uint64_t rows, unsigned shift,
                            uint32_t mask, int r[2])
{
    vi lo = (vi){0} + (int32_t)(mask + 1), hi = {0};
    vi fm = (vi){0} + (int32_t)mask, big = fm + 1;

    for (unsigned i = 0; i < TT_TILE_ELEMS; i += 16) {
        vi u, f, m;

        if (!((rows >> (i / 16)) & 1)) {
            continue;
        }
        memcpy(&u, &bits[i], sizeof(u));
        f = (u >> shift) & fm;
        /* A zero field reads as mask + 1, above every other. */
        f |= big & ((f - 1) >> 31);
        m = f < lo;
        lo = (f & m) | (lo & ~m);
        f &= fm;
        m = f > hi;
        hi = (f & m) | (hi & ~m);
    }
    r[0] = lo[0];
    r[1] = hi[0];
    for (unsigned l = 1; l < 16; l++) {
        r[0] = lo[l] < r[0] ? lo[l] : r[0];
        r[1] = hi[l] > r[1] ? hi[l] : r[1];
    }
}

TTX_INLINE void mm_slice_a_body(TTSlices *s, const uint32_t *bits, unsigned np)
{
    bool top = top_binade(bits);

    field_range(bits, ~0ull, 23, 0xff, s->aexp);

    for (unsigned k = 0; k < TT_TILE_DIM; k++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c += 16) {
            const uint32_t *p = &bits[ttx_tile_index(k, c)];
            double *lo = np > 1 ? &s->ak[1][k][c] : NULL;

            if (top) {
                v_slice16(p, 0xfff80000u, 0xfff83fffu, &s->ak[0][k][c], lo);
            } else {
                v_slice16_f(p, 0xfff80000u, 0xffffc000u, &s->ak[0][k][c], lo);
            }
        }
    }
}

/*
 * Bit k of the result: datum k of the 16 at @bits has a bit of @field
 * set.  With the exponent field, the slices that are not +0.
 */
TTX_INLINE uint32_t nz_mask16(const uint32_t *bits, uint32_t field)
{
    typedef int8_t vb __attribute__((vector_size(16)));
    /* Byte k keeps bit k; the multiply adds the eight bytes into the top
     * one (no carries: the bits are distinct). */
    const uint64_t pick = 0x8040201008040201ull, add = 0x0101010101010101ull;
    vw u;
    vb t;
    uint64_t x[2];

    memcpy(&u, bits, sizeof(u));
    /* A byte of all ones per datum that has a bit of @field. */
    t = __builtin_convertvector((vi)((u & field) != (vw){0}), vb);
    memcpy(x, &t, sizeof(x));
    return (uint32_t)(((x[0] & pick) * add) >> 56) |
           (uint32_t)(((x[1] & pick) * add) >> 56) << 8;
}

/*
 * ... and of SrcB tile @bits, by output row r and k, with the k at which
 * each row's slices are not zero: a zero exponent makes both slices +0,
 * and the low slice is +0 when bits 16..13 are clear (one bit of BF16
 * data, so about half the time).
 */
TTX_INLINE void mm_slice_b_body(TTSlices *s, const uint32_t *bits, unsigned np)
{
    bool top = top_binade(bits);

    field_range(bits, ~0ull, 23, 0xff, s->bexp);

    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        s->bnz[0][r] = 0;
        s->bnz[1][r] = 0;
        for (unsigned k = 0; k < TT_TILE_DIM; k += 16) {
            const uint32_t *p = &bits[ttx_tile_index(r, k)];
            uint32_t hi = nz_mask16(p, 0x7f800000u);

            double *lo = np > 2 ? &s->bm[1][r][k] : NULL;

            if (top) {
                v_slice16(p, 0xfffe0000u, 0xfffe1fffu, &s->bm[0][r][k], lo);
            } else {
                v_slice16_f(p, 0xfffe0000u, 0xffffe000u, &s->bm[0][r][k], lo);
            }
            s->bnz[0][r] |= hi << k;
            if (np > 2) {
                s->bnz[1][r] |= (hi & nz_mask16(p, 0x0001e000u)) << k;
            }
        }
    }
}

#define MM_NV (TT_TILE_DIM / VL)

/* @acc += the eight doubles at @p times @b. */
TTX_INLINE void mm_fma(vd *acc, const double *p, double b)
{
    vd v;

    memcpy(&v, p, sizeof(v));
    *acc += v * b;
}

typedef double v2d __attribute__((vector_size(2 * sizeof(double))));
typedef double v4d __attribute__((vector_size(4 * sizeof(double))));

/*
 * mm_dot_mask() of one phase on narrower vectors: eight vectors of @T
 * (@w doubles) from column @c0, into @sum.  Named accumulators, not an
 * array: GCC keeps those in registers.
 */
#define MM_FMA_N(T, acc, p, b)                                                 \
    do {                                                                       \
        T x_;                                                                  \
                                                                               \
        memcpy(&x_, (p), sizeof(x_));                                          \
        (acc) += x_ * (b);                                                     \
    } while (0)

#define MM_DOT_NARROW(T, w)                                                    \
    TTX_INLINE void mm_dot_##T(double *sum, const double *rb, uint32_t mask,   \
                               const double(*a)[TT_TILE_DIM], unsigned c0)     \
    {                                                                          \
        T x0 = {0}, x1 = {0}, x2 = {0}, x3 = {0};                              \
        T x4 = {0}, x5 = {0}, x6 = {0}, x7 = {0};                              \
                                                                               \
        while (mask) {                                                         \
            unsigned k = (unsigned)__builtin_ctz(mask);                        \
            const double *p = &a[k][c0];                                       \
            double b = rb[k];                                                  \
                                                                               \
            mask &= mask - 1;                                                  \
            MM_FMA_N(T, x0, p, b);                                             \
            MM_FMA_N(T, x1, p + (w), b);                                       \
            MM_FMA_N(T, x2, p + 2 * (w), b);                                   \
            MM_FMA_N(T, x3, p + 3 * (w), b);                                   \
            MM_FMA_N(T, x4, p + 4 * (w), b);                                   \
            MM_FMA_N(T, x5, p + 5 * (w), b);                                   \
            MM_FMA_N(T, x6, p + 6 * (w), b);                                   \
            MM_FMA_N(T, x7, p + 7 * (w), b);                                   \
        }                                                                      \
        memcpy(sum + c0, &x0, sizeof(x0));                                     \
        memcpy(sum + c0 + (w), &x1, sizeof(x1));                               \
        memcpy(sum + c0 + 2 * (w), &x2, sizeof(x2));                           \
        memcpy(sum + c0 + 3 * (w), &x3, sizeof(x3));                           \
        memcpy(sum + c0 + 4 * (w), &x4, sizeof(x4));                           \
        memcpy(sum + c0 + 5 * (w), &x5, sizeof(x5));                           \
        memcpy(sum + c0 + 6 * (w), &x6, sizeof(x6));                           \
        memcpy(sum + c0 + 7 * (w), &x7, sizeof(x7));                           \
    }

MM_DOT_NARROW(v2d, 2)
MM_DOT_NARROW(v4d, 4)

/*
 * @sum[q][j] = sum of @a[q][k][8j .. 8j + 7] times @rb[k] for q < @nq and
 * each k of @mask in ascending order, from +0: one exact product and one
 * IEEE add each, in the lanes of the 32 columns.  The k left out have
 * rb[k] = +0, whose products are +-0; a sum that starts at +0 and adds
 * exact products is never -0, so adding +-0 would not change it.  @nq =
 * 2 forms two phases' sums (same SrcB slice) in one pass, for hosts with
 * the registers to hold both.  @narrow: pairs of doubles, 16 columns at
 * a time, for the portable build (a compiler splitting eight-lane
 * vectors into pairs itself builds the broadcast of rb[k] through
 * memory).
 */
TTX_INLINE void mm_dot_mask(vd sum[][MM_NV], unsigned nq, const double *rb,
                            uint32_t mask,
                            const double (*const a[2])[TT_TILE_DIM],
                            unsigned narrow)
{
    /* Named, not an array: GCC then keeps all eight in registers. */
    vd s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};
    vd t0 = {0}, t1 = {0}, t2 = {0}, t3 = {0};

    if (narrow == 4) {
        mm_dot_v4d((double *)sum[0], rb, mask, a[0], 0);
        return;
    }
    if (narrow) {
        mm_dot_v2d((double *)sum[0], rb, mask, a[0], 0);
        mm_dot_v2d((double *)sum[0], rb, mask, a[0], 16);
        return;
    }
    /*
     * A chunk with few zeros runs all its 16 k (adding +-0 changes
     * nothing): the loop's length is then one the branch predictor
     * learns.
     */
    if (__builtin_popcount(mask) >= 12) {
        mask = 0xffffu << ((unsigned)__builtin_ctz(mask) & ~15u);
    }
    while (mask) {
        unsigned k = (unsigned)__builtin_ctz(mask);
        double b = rb[k];
        const double *x = a[0][k], *y = a[1][k];

        mask &= mask - 1;
        mm_fma(&s0, x, b);
        mm_fma(&s1, x + VL, b);
        mm_fma(&s2, x + 2 * VL, b);
        mm_fma(&s3, x + 3 * VL, b);
        if (nq > 1) {
            mm_fma(&t0, y, b);
            mm_fma(&t1, y + VL, b);
            mm_fma(&t2, y + 2 * VL, b);
            mm_fma(&t3, y + 3 * VL, b);
        }
    }
    sum[0][0] = s0;
    sum[0][1] = s1;
    sum[0][2] = s2;
    sum[0][3] = s3;
    if (nq > 1) {
        sum[1][0] = t0;
        sum[1][1] = t1;
        sum[1][2] = t2;
        sum[1][3] = t3;
    }
}

/*
 * @s += the eight doubles at @p times @b0, @t += them times @b1, from
 * one load: GCC would fold the load into both multiply-adds, two loads,
 * and the loop is bound by loads (11% of a HiFi4 matmul_tiles).  The
 * empty asm makes the vector a register value.  Only AVX-512 builds
 * reach this (mm_accumulate_body() with @two).
 */
TTX_INLINE void mm_fma2(vd *s, vd *t, const double *p, double b0, double b1)
{
    vd v;

    memcpy(&v, p, sizeof(v));
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    __asm__("" : "+v"(v));
#endif
    *s += v * b0;
    *t += v * b1;
}

/*
 * mm_dot_mask() with two phases for two output rows at once, SrcB slice
 * rows @rb0 and @rb1, over the k of @mask (where either is not zero;
 * the other's +0 adds +-0, which changes nothing): each SrcA load feeds
 * both rows.  Sums into @sum0 and @sum1, as mm_dot_mask()'s.
 */
TTX_INLINE void mm_dot_pair(vd sum0[][MM_NV], vd sum1[][MM_NV],
                            const double *rb0, const double *rb1, uint32_t mask,
                            const double (*const a[2])[TT_TILE_DIM])
{
    vd s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};
    vd t0 = {0}, t1 = {0}, t2 = {0}, t3 = {0};
    vd u0 = {0}, u1 = {0}, u2 = {0}, u3 = {0};
    vd w0 = {0}, w1 = {0}, w2 = {0}, w3 = {0};

    if (__builtin_popcount(mask) >= 12) {
        mask = 0xffffu << ((unsigned)__builtin_ctz(mask) & ~15u);
    }
    while (mask) {
        unsigned k = (unsigned)__builtin_ctz(mask);
        double b0 = rb0[k], b1 = rb1[k];
        const double *x = a[0][k], *y = a[1][k];

        mask &= mask - 1;
        mm_fma2(&s0, &u0, x, b0, b1);
        mm_fma2(&s1, &u1, x + VL, b0, b1);
        mm_fma2(&s2, &u2, x + 2 * VL, b0, b1);
        mm_fma2(&s3, &u3, x + 3 * VL, b0, b1);
        mm_fma2(&t0, &w0, y, b0, b1);
        mm_fma2(&t1, &w1, y + VL, b0, b1);
        mm_fma2(&t2, &w2, y + 2 * VL, b0, b1);
        mm_fma2(&t3, &w3, y + 3 * VL, b0, b1);
    }
    sum0[0][0] = s0;
    sum0[0][1] = s1;
    sum0[0][2] = s2;
    sum0[0][3] = s3;
    sum0[1][0] = t0;
    sum0[1][1] = t1;
    sum0[1][2] = t2;
    sum0[1][3] = t3;
    sum1[0][0] = u0;
    sum1[0][1] = u1;
    sum1[0][2] = u2;
    sum1[0][3] = u3;
    sum1[1][0] = w0;
    sum1[1][1] = w1;
    sum1[1][2] = w2;
    sum1[1][3] = w3;
}

/* TTRoundK's constants as vectors, made once per tile. */
typedef struct TTRoundV {
    vu half1, keep, abs;
    vd minnorm, lim;
    int shift;
} TTRoundV;

TTX_INLINE void v_round_consts(TTRoundV *c, const TTRoundK *k)
{
    vu zu = {0};
    vd zd = {0};
    TTRoundV v = {
        .half1 = zu + k->half1,
        .keep = zu + k->keep,
        .abs = zu + (uint64_t)(~0ull >> 1),
        .minnorm = zd + k->minnorm,
        .lim = zd + k->lim,
        .shift = k->shift,
    };

    *c = v;
}

/*
 * v_round() where neither special case can arise, on the running value
 * alone: @d = the rounding of @d + @sum.  Lanes where the sum is below
 * the normal range but not 0, or the rounding reaches 2^(emax + 1), set
 * @bad; otherwise this is v_round()'s result (a zero sum is +0 there as
 * here: the running value is never -0, so neither is the sum).
 */
TTX_INLINE void v_round_fast(vd *d, const vd *sum, const TTRoundV *c, vu *bad)
{
    vd v = *d + *sum;
    vu u = (vu)v;
    vu ur = (u + c->half1 + ((u >> c->shift) & 1)) & c->keep;
    vd av = (vd)(u & c->abs), ar = (vd)(ur & c->abs);

    /* Double compares: SSE2 and AVX2 have no unsigned 64-bit one. */
    *bad |= ((vu)(av < c->minnorm) & (vu)(av > (vd){0})) | (vu)(ar >= c->lim);
    *d = (vd)ur;
}

/* v_round_fast() where mm_range_safe() has ruled both special cases out. */
TTX_INLINE void v_round_exact_range(vd *d, const vd *sum, const TTRoundV *c)
{
    vd v = *d + *sum;
    vu u = (vu)v;

    *d = (vd)((u + c->half1 + ((u >> c->shift) & 1)) & c->keep);
}

/*
 * Output row @r of Dst @slot (of @k's kind) += the sliced SrcB tile @ the
 * sliced SrcA tile.  Phase outer, K chunk of 16 inner: the LLK replays
 * the tile's 16 MVMULs (K faces 0 then 1 for each Dst face) once per
 * phase and bumps the fidelity counter between replays
 * (llk_math_matmul.h).  Each element sums its chunk's 16 products in k
 * order (mm_dot_mask()) and adds that to its Dst value with one rounding
 * into the kind, chunk 0 then chunk 1.  The running Dst values stay
 * doubles between phases (a rounded value is exact in double) and become
 * Dst bits once at the end.  Phases 2p and 2p + 1 share SrcB's slice, so
 * their sums are formed together (@two: in one pass); they do not depend
 * on each other, only their roundings do.
 *
 * Unless @exact, the roundings take v_round_fast() and a chunk whose
 * SrcB slice row is all zero adds +0 to values already in the kind,
 * which rounds to themselves, so it is skipped.  Returns true, without
 * writing Dst, if a special case arose: the caller runs the row again
 * with @exact, which rounds every chunk with v_round().  @pre, unless
 * NULL, holds the sums of phases 0 and 1 (by chunk), already formed.
 */
TTX_INLINE bool mm_row(TTTileEngine *e, const TTSlices *s, unsigned slot,
                       unsigned r, const TTRoundK *rk, bool exact, bool safe,
                       bool two, unsigned narrow, vd pre[2][2][MM_NV])
{
    const double(*const a[2])[TT_TILE_DIM] = {s->ak[0], s->ak[1]};
    unsigned np = num_phases(e->cfg.fidelity);
    double row[TT_TILE_DIM];
    vd d[MM_NV], out[MM_NV];
    vu bad = {0};
    TTRoundV rv;
    uint64_t any = 0;

    v_round_consts(&rv, rk);
    v_dst_get16(e, slot, ttx_tile_index(r, 0), row);
    v_dst_get16(e, slot, ttx_tile_index(r, 16), &row[16]);
    memcpy(d, row, sizeof(d));
    memcpy(out, row, sizeof(out));
    for (unsigned p = 0; p < np; p += 2) {
        unsigned nq = np - p > 1 ? 2 : 1;
        const double *rb = s->bm[p >> 1][r];
        uint32_t nz = s->bnz[p >> 1][r];
        vd sum[2][2][MM_NV]; /* [h][q] */

        for (unsigned h = 0; h < 2; h++) {
            uint32_t m = nz & (0xffffu << (16 * h));

            if (pre && p == 0) {
                memcpy(sum[h], pre[h], sizeof(sum[h]));
                continue;
            }
            if (two && nq == 2) {
                mm_dot_mask(sum[h], 2, rb, m, a, 0);
                continue;
            }
            for (unsigned q = 0; q < nq; q++) {
                mm_dot_mask(&sum[h][q], 1, rb, m, &a[q], narrow);
            }
        }
        for (unsigned q = 0; q < nq; q++) {
            for (unsigned h = 0; h < 2; h++) {
                if (exact) {
#pragma GCC unroll 4
                    for (unsigned j = 0; j < MM_NV; j++) {
                        v_round(&out[j], &d[j], &sum[h][q][j], rk);
                    }
                } else if (nz & (0xffffu << (16 * h))) {
#pragma GCC unroll 4
                    for (unsigned j = 0; j < MM_NV; j++) {
                        if (safe) {
                            v_round_exact_range(&d[j], &sum[h][q][j], &rv);
                        } else {
                            v_round_fast(&d[j], &sum[h][q][j], &rv, &bad);
                        }
                    }
                }
            }
        }
    }
    for (unsigned l = 0; l < VL; l++) {
        any |= bad[l];
    }
    if (any) {
        return true;
    }
    memcpy(row, exact ? out : d, sizeof(row));
    v_dst_put16(e, slot, ttx_tile_index(r, 0), row, rk);
    v_dst_put16(e, slot, ttx_tile_index(r, 16), &row[16], rk);
    return false;
}

/*
 * Whether no rounding of a matmul of the sliced tiles into Dst @slot (of
 * @kind) can meet a special case of v_round(), by the exponents of the
 * data (mm_slice_*_body()) and of Dst (E: unbiased exponents):
 *   - below the normal range: every slice of a datum of exponent E is a
 *     multiple of 2^(E - 9) (SrcA) or 2^(E - 10) (SrcB), a Dst value of
 *     a multiple of 2^(E - mantissa bits); so every product, sum and Dst
 *     value stays a multiple of the least of those, 2^L (a rounding to
 *     nearest of a multiple of 2^L at or above 2^L is one), and with
 *     2^L at least the least normal, a value that is not 0 is normal;
 *   - overflow: slices are below 2^(E + 1), the eight chunks' sums
 *     together below 2^(Ea + Eb + 9), Dst below 2^(Ed + 1); with M the
 *     greater of those exponents, no value reaches 2^(M + 2) (eight
 *     roundings grow a value by less than 4%), so M + 3 at most the
 *     exponent of 2^(emax + 1) keeps every rounding below it.
 */
TTX_INLINE bool mm_range_safe(const TTTileEngine *e, const TTSlices *s,
                              unsigned slot, TTDstKind kind)
{
    static const struct {
        int shift, mask, bias, mbits, emin, lim;
    } k[] = {
        [TTX_DST_BF16] = {7, 0xff, 127, 7, -126, 129},
        [TTX_DST_FP16] = {10, 0x1f, 15, 10, -14, 17},
        [TTX_DST_FP32] = {23, 0xff, 127, 23, -126, 129},
    };
    int lsb = INT32_MAX, top = INT32_MIN, d[2];

    /* Undefined rows read as 0. */
    field_range(e->dst[slot], e->defined[slot], k[kind].shift,
                (uint32_t)k[kind].mask, d);
    if (d[1]) {
        lsb = d[0] - k[kind].bias - k[kind].mbits;
        top = d[1] - k[kind].bias + 1;
    }
    if (s->aexp[1] && s->bexp[1]) {
        int p = s->aexp[0] + s->bexp[0] - 2 * 127 - 19;
        int q = s->aexp[1] + s->bexp[1] - 2 * 127 + 9;

        lsb = p < lsb ? p : lsb;
        top = q > top ? q : top;
    }
    return lsb >= k[kind].emin && top + 3 <= k[kind].lim;
}

/*
 * Dst @slot (of @kind) += the sliced SrcB tile @ the sliced SrcA tile, a
 * row at a time; with @two and two phases or more, the sums of phases 0
 * and 1 (the dense ones) for two rows at once (mm_dot_pair()).
 */
TTX_INLINE void mm_accumulate_body(TTTileEngine *e, const TTSlices *s,
                                   unsigned slot, TTDstKind kind, bool two,
                                   unsigned narrow)
{
    const double(*const a[2])[TT_TILE_DIM] = {s->ak[0], s->ak[1]};
    TTRoundK rk = round_params(kind);
    bool pair = two && num_phases(e->cfg.fidelity) > 1;
    bool safe = mm_range_safe(e, s, slot, kind);

    for (unsigned r = 0; r < TT_TILE_DIM; r += 2) {
        vd pre[2][2][2][MM_NV]; /* [row][h][phase] */

        for (unsigned h = 0; pair && h < 2; h++) {
            uint32_t m =
                (s->bnz[0][r] | s->bnz[0][r + 1]) & (0xffffu << (16 * h));

            mm_dot_pair(pre[0][h], pre[1][h], s->bm[0][r], s->bm[0][r + 1], m,
                        a);
        }
        for (unsigned i = 0; i < 2; i++) {
            if (mm_row(e, s, slot, r + i, &rk, false, safe, two, narrow,
                       pair ? pre[i] : NULL)) {
                mm_row(e, s, slot, r + i, &rk, true, false, two, narrow, NULL);
            }
        }
    }
}

/*
 * ELWADD / ELWSUB of BF16 values into a BF16 Dst, no accumulation, in
 * float: the same bits as the double form below.  A sum or difference
 * of two 8-bit-significand values rounded first to 24 bits (float) and
 * then to 8 gives the same as rounding it once, as it does through
 * double: double rounding is innocuous when the first precision is at
 * least twice the second plus two (24 >= 2 * 8 + 2; Figueroa, "When is
 * double rounding innocuous?", 1995).  With exponents below 254 the
 * float sum is finite and its BF16 rounding cannot pass the largest
 * pattern; a sum below the normal range is exact in float (both
 * operands are normal or zero) and becomes a signed zero either way.
 * + 0.0f turns a -0 sum into +0, as v_round()'s + 0.0 does.  Returns
 * whether every datum of @a and @b met the condition: a BF16 value (low
 * 16 bits clear) with an exponent field below 254; the Dst tile written
 * is only good then.
 */
TTX_INLINE bool elw_bf16_body(TTTileEngine *e, unsigned slot, const uint32_t *a,
                              const uint32_t *b, bool sub)
{
    vw any = {0};

    for (unsigned i = 0; i < TT_TILE_ELEMS; i += 16) {
        vw ua, ub, u, tiny, out;
        vf fa, fb, sum;

        memcpy(&ua, &a[i], sizeof(ua));
        memcpy(&ub, &b[i], sizeof(ub));
        /* The condition; exponent 254 or 255 carries into bit 31. */
        any |= (ua & 0xffffu) | (ub & 0xffffu) |
               (((ua & 0x7f800000u) + 0x01000000u) & 0x80000000u) |
               (((ub & 0x7f800000u) + 0x01000000u) & 0x80000000u);
        /* A zero exponent reads +0 (ttx_fmt_f32_value_inl()). */
        ua &= (vw)((ua & 0x7f800000u) != (vw){0});
        ub &= (vw)((ub & 0x7f800000u) != (vw){0});
        memcpy(&fa, &ua, sizeof(fa));
        memcpy(&fb, &ub, sizeof(fb));
        sum = (sub ? fa - fb : fa + fb) + 0.0f;
        memcpy(&u, &sum, sizeof(u));
        /* Nearest even to 16 bits; below the normal range the sign. */
        tiny = (vw)((u & 0x7f800000u) == (vw){0});
        out = (tiny & (u >> 16) & 0x8000u) |
              (~tiny & ((u + 0x7fffu + ((u >> 16) & 1)) >> 16));
        memcpy(&e->dst[slot][i], &out, sizeof(out));
    }
    e->defined[slot] = ~0ull;
    for (unsigned l = 1; l < 16; l++) {
        any[0] |= any[l];
    }
    return !any[0];
}

/*
 * ELWADD / ELWSUB into Dst @slot of @kind: SrcA @a plus or minus the
 * (already broadcast) SrcB @b, in double, plus the Dst value when @acc,
 * then one rounding into @kind (a -0 sum rounds as +0, + 0.0 in
 * v_round()).  BF16 without accumulation takes elw_bf16_body(), and
 * this form only where that reports its condition broken.
 */
TTX_INLINE void elw_addsub_body(TTTileEngine *e, unsigned slot, TTDstKind kind,
                                const uint32_t *a, const uint32_t *b, bool sub,
                                bool acc)
{
    TTRoundK rk = round_params(kind);

    if (!acc && kind == TTX_DST_BF16 && elw_bf16_body(e, slot, a, b, sub)) {
        return;
    }

    for (unsigned i = 0; i < TT_TILE_ELEMS; i += 16) {
        double d[16];

        if (acc) {
            v_dst_get16(e, slot, i, d);
        }
        for (unsigned c = 0; c < 16; c += VL) {
            vu ua, ub, bits;
            vd va, vb, v, r, zero = {0};

            v_load32(&ua, &a[i + c]);
            v_load32(&ub, &b[i + c]);
            v_f32_value(&va, &ua, ~0u);
            v_f32_value(&vb, &ub, ~0u);
            v = sub ? va - vb : va + vb;
            if (acc) {
                vd dv;

                memcpy(&dv, &d[c], sizeof(dv));
                v += dv;
            }
            v_round(&r, &v, &zero, &rk);
            v_to_bits(&bits, &r, &rk);
            v_store32(&e->dst[slot][i + c], &bits);
        }
    }
    e->defined[slot] = ~0ull;
}

/*
 * Src image of a Float16_b L1 tile @l1 (ttx_fmt_decode_tile() and
 * src_convert() in one pass): each datum shifted up, a zero exponent
 * leaving only the sign (the FPU's denormal flush).
 */
TTX_INLINE void unpack_bf16_body(const uint8_t *l1, uint32_t *out)
{
    typedef uint16_t vh __attribute__((vector_size(16 * sizeof(uint16_t))));

    for (unsigned i = 0; i < TT_TILE_ELEMS; i += 16) {
        vh h;
        vw u;

        memcpy(&h, l1 + 2 * i, sizeof(h));
        u = __builtin_convertvector(h, vw) << 16;
        u &= (vw)((u & 0x7f800000u) != (vw){0}) | 0x80000000u;
        memcpy(&out[i], &u, sizeof(u));
    }
}

/* The loops above, built for one SIMD level. */
typedef struct TTFpuLoops {
    void (*slice_a)(TTSlices *s, const uint32_t *bits, unsigned np);
    void (*slice_b)(TTSlices *s, const uint32_t *bits, unsigned np);
    void (*accumulate)(TTTileEngine *e, const TTSlices *s, unsigned slot,
                       TTDstKind kind);
    void (*addsub)(TTTileEngine *e, unsigned slot, TTDstKind kind,
                   const uint32_t *a, const uint32_t *b, bool sub, bool acc);
    void (*unpack_bf16)(const uint8_t *l1, uint32_t *out);
} TTFpuLoops;

#define TTX_FPU_LOOPS(name, pair, narrow)                                      \
    static void mm_slice_a_##name(TTSlices *s, const uint32_t *bits,           \
                                  unsigned np)                                 \
    {                                                                          \
        mm_slice_a_body(s, bits, np);                                          \
    }                                                                          \
    static void mm_slice_b_##name(TTSlices *s, const uint32_t *bits,           \
                                  unsigned np)                                 \
    {                                                                          \
        mm_slice_b_body(s, bits, np);                                          \
    }                                                                          \
    static void mm_accumulate_##name(TTTileEngine *e, const TTSlices *s,       \
                                     unsigned slot, TTDstKind kind)            \
    {                                                                          \
        mm_accumulate_body(e, s, slot, kind, pair, narrow);                    \
    }                                                                          \
    static void elw_addsub_##name(TTTileEngine *e, unsigned slot,              \
                                  TTDstKind kind, const uint32_t *a,           \
                                  const uint32_t *b, bool sub, bool acc)       \
    {                                                                          \
        elw_addsub_body(e, slot, kind, a, b, sub, acc);                        \
    }                                                                          \
    static void unpack_bf16_##name(const uint8_t *l1, uint32_t *out)           \
    {                                                                          \
        unpack_bf16_body(l1, out);                                             \
    }                                                                          \
    static const TTFpuLoops loops_##name = {                                   \
        mm_slice_a_##name, mm_slice_b_##name,  mm_accumulate_##name,           \
        elw_addsub_##name, unpack_bf16_##name,                                 \
    }

TTX_FPU_LOOPS(portable, false, 2);

TTSimdLevel ttx_tile_simd_max = TTX_SIMD_AVX512;

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
/* The same loops for AVX2 with FMA, and for AVX-512. */
#pragma GCC push_options
#pragma GCC target("avx2,fma")
TTX_FPU_LOOPS(avx2, false, 4);
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("avx512f,avx2,fma")
TTX_FPU_LOOPS(avx512, true, 0);
#pragma GCC pop_options

/* The CPU model is read once at start-up (libgcc); these only look. */
static TTSimdLevel host_simd(void)
{
    if (__builtin_cpu_supports("avx512f")) {
        return TTX_SIMD_AVX512;
    }
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        return TTX_SIMD_AVX2;
    }
    return TTX_SIMD_PORTABLE;
}
#else
static TTSimdLevel host_simd(void)
{
    return TTX_SIMD_PORTABLE;
}
#endif

TTSimdLevel ttx_tile_simd_level(void)
{
    TTSimdLevel h = host_simd();

    return h < ttx_tile_simd_max ? h : ttx_tile_simd_max;
}

static const TTFpuLoops *fpu_loops(void)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    switch (ttx_tile_simd_level()) {
    case TTX_SIMD_AVX512:
        return &loops_avx512;
    case TTX_SIMD_AVX2:
        return &loops_avx2;
    default:
        break;
    }
#endif
    return &loops_portable;
}

static void src_unpack_bf16(const uint8_t *l1, uint32_t out[TT_TILE_ELEMS])
{
    fpu_loops()->unpack_bf16(l1, out);
}

/* ---- FPU ops ----------------------------------------------------- */

/*
 * Checks of the FPU ops that write a Dst tile in SrcA's style: both Src
 * banks owned by math (else TTX_TILE_BLOCKED, nothing changed) and a Dst
 * tile inside the math section; gives the Dst slot and its kind.
 */
static int fpu_check(TTTileEngine *e, unsigned idst, const TTSrcBank **a,
                     const TTSrcBank **b, unsigned *slot, TTDstKind *kind)
{
    int s = dst_slot(e, idst, e->math_section);
    int rc = fpu_gate(e, a, b);

    if (rc) {
        return rc;
    }
    if (s < 0 || !plain_tiles(*a, *b)) {
        return TTX_TILE_EINVAL;
    }
    *kind = fpu_kind(e, *a);
    *slot = (unsigned)s;
    return TTX_TILE_OK;
}

/* fpu_check(), then that Dst tile made of its kind: the ops' common start. */
static int fpu_begin(TTTileEngine *e, unsigned idst, const TTSrcBank **a,
                     const TTSrcBank **b, unsigned *slot, TTDstKind *kind)
{
    int rc = fpu_check(e, idst, a, b, slot, kind);

    if (!rc) {
        set_kind(e, *slot, *kind);
    }
    return rc;
}

static unsigned bcast_index(TTBcast bcast, unsigned row, unsigned r, unsigned c)
{
    switch (bcast) {
    case TTX_BCAST_ROW:
        return ttx_tile_index(row, c);
    case TTX_BCAST_COL:
        return ttx_tile_index(r, 0);
    case TTX_BCAST_SCALAR:
        return 0;
    default:
        return ttx_tile_index(r, c);
    }
}

int ttx_tile_reuse_dst(TTTileEngine *e, unsigned src, unsigned idst)
{
    const TTSrcBank *a, *b;
    TTSrcBank *to;
    unsigned slot;
    TTDstKind kind;
    int rc = src > TTX_SRC_B ? TTX_TILE_EINVAL
                             : fpu_check(e, idst, &a, &b, &slot, &kind);

    if (rc) {
        return rc;
    }
    /* The bank math owns (fpu_check's @a or @b), written through. */
    to = &e->src[src].bank[e->src[src].fpu_bank];
    kind = e->kind[slot];
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        float f = (float)dst_get(e, slot, i, 0.0);
        uint32_t u;

        memcpy(&u, &f, sizeof(u));
        /* Src holds 19 bits: an FP32 Dst's datums lose 13 mantissa bits. */
        to->bits[i] = kind == TTX_DST_FP32 ? u & 0xffffe000u : u;
    }
    to->style = kind == TTX_DST_FP32   ? TTX_SRC_TF32
                : kind == TTX_DST_FP16 ? TTX_SRC_FP16
                                       : TTX_SRC_BF16;
    zero_slot(e, slot); /* ZEROACC: the op writes its result there */
    return TTX_TILE_OK;
}

int ttx_tile_eltwise(TTTileEngine *e, TTEltwiseOp op, TTBcast bcast,
                     unsigned row, bool acc, unsigned idst)
{
    TTSlices *s = &e->scratch;
    const TTSrcBank *a, *b;
    unsigned slot;
    unsigned np = num_phases(e->cfg.fidelity);
    TTDstKind kind;
    int rc;

    if (row >= TT_TILE_DIM || (row && bcast != TTX_BCAST_ROW)) {
        return TTX_TILE_EINVAL;
    }
    rc = fpu_begin(e, idst, &a, &b, &slot, &kind);
    if (rc) {
        return rc;
    }
    if (op != TTX_ELW_MUL) {
        uint32_t bb[TT_TILE_ELEMS];
        const uint32_t *in1 = b->bits;

        if (bcast != TTX_BCAST_NONE) {
            for (unsigned r = 0; r < TT_TILE_DIM; r++) {
                for (unsigned c = 0; c < TT_TILE_DIM; c++) {
                    bb[ttx_tile_index(r, c)] =
                        b->bits[bcast_index(bcast, row, r, c)];
                }
            }
            in1 = bb;
        }
        fpu_loops()->addsub(e, slot, kind, a->bits, in1, op == TTX_ELW_SUB,
                            acc);
        fpu_done(e);
        return TTX_TILE_OK;
    }
    /* ELWMUL always accumulates, one rounding per phase. */
    slice_both(a, b, s);
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            unsigned i = ttx_tile_index(r, c),
                     j = bcast_index(bcast, row, r, c);
            double d = dst_get(e, slot, i, 0.0);
            uint32_t out = ttx_fmt_fpu_round_inl(d, kind);

            for (unsigned p = 0; p < np; p++) {
                out = ttx_fmt_fpu_round_inl(
                    d + s->a[p & 1][i] * s->b[(p >> 1) & 1][j], kind);
                d = ttx_fmt_fpu_value_inl(out, kind);
            }
            dst_put(e, slot, i, out);
        }
    }
    fpu_done(e);
    return TTX_TILE_OK;
}

/*
 * MOVA2D / MOVB2D of Src image @bits into Dst bits @out of @kind where
 * ttx_fmt_fpu_round_inl() changes no value: FP32 (Src data has at most
 * 19 mantissa bits), or BF16 with the low 16 bits of every datum clear
 * (a BF16 unpack).  A zero exponent reads +0 and stays +0; every other
 * datum keeps its bits (shifted down for BF16), exponent 255 too, as
 * the FPU's top binade is finite.  Returns false, writing nothing,
 * unless every datum meets that; FP16 is never handled here.
 */
static bool copy_exact(uint32_t *out, const uint32_t *bits, TTDstKind kind)
{
    uint32_t low = kind == TTX_DST_BF16 ? 0xffffu : 0;
    unsigned shift = kind == TTX_DST_BF16 ? 16 : 0;
    uint32_t bad = 0;

    if (kind == TTX_DST_FP16) {
        return false;
    }
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        bad |= bits[i] & low;
    }
    if (bad) {
        return false;
    }
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        out[i] = (bits[i] & 0x7f800000u ? bits[i] : 0) >> shift;
    }
    return true;
}

int ttx_tile_datacopy(TTTileEngine *e, unsigned src, unsigned idst)
{
    const TTSrcBank *a, *b, *from;
    int slot = dst_slot(e, idst, e->math_section);
    TTDstKind kind;
    int rc = fpu_gate(e, &a, &b);

    if (rc) {
        return rc;
    }
    if (slot < 0 || src > TTX_SRC_B || a->ntiles != 1 || b->ntiles != 1 ||
        (src == TTX_SRC_A ? b : a)->to_dst) {
        return TTX_TILE_EINVAL;
    }
    from = src == TTX_SRC_A ? a : b;
    if (from->to_dst) {
        /* Unpack to Dst: the image lands as it is. */
        e->kind[slot] = from->dst_kind;
        memcpy(e->dst[slot], from->bits, sizeof(e->dst[slot]));
        e->defined[slot] = ~0ull;
        fpu_done(e);
        return TTX_TILE_OK;
    }
    kind = fpu_kind(e, from);
    e->kind[slot] = kind;
    if (copy_exact(e->dst[slot], from->bits, kind)) {
        e->defined[slot] = ~0ull;
        fpu_done(e);
        return TTX_TILE_OK;
    }
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        dst_put(
            e, (unsigned)slot, i,
            ttx_fmt_fpu_round_inl(ttx_fmt_f32_value_inl(from->bits[i]), kind));
    }
    fpu_done(e);
    return TTX_TILE_OK;
}

/*
 * Dst tile @slot (made @kind) += @b @ @a, tiles of FP32 patterns, with
 * @s as the FPU's scratch.
 */
static void matmul_tile(TTTileEngine *e, TTSlices *s, unsigned slot,
                        TTDstKind kind, const uint32_t *a, const uint32_t *b)
{
    const TTFpuLoops *loops = fpu_loops();
    unsigned np = num_phases(e->cfg.fidelity);

    set_kind(e, slot, kind);
    loops->slice_a(s, a, np);
    loops->slice_b(s, b, np);
    loops->accumulate(e, s, slot, kind);
}

int ttx_tile_matmul(TTTileEngine *e, unsigned idst)
{
    const TTSrcBank *a, *b;
    unsigned slot;
    TTDstKind kind;
    int rc = fpu_check(e, idst, &a, &b, &slot, &kind);

    if (rc) {
        return rc;
    }
    matmul_tile(e, &e->scratch, slot, kind, a->bits, b->bits);
    fpu_done(e);
    return TTX_TILE_OK;
}

/* @job: the matmul of Src tiles @a and @b into Dst @slot, made @kind. */
static void take_job(TTMatmulJob *job, const uint32_t *a, const uint32_t *b,
                     unsigned slot, TTDstKind kind)
{
    memcpy(job->a, a, sizeof(job->a));
    memcpy(job->b, b, sizeof(job->b));
    job->slot = slot;
    job->kind = kind;
}

int ttx_tile_matmul_issue(TTTileEngine *e, unsigned idst, TTMatmulJob *job)
{
    const TTSrcBank *a, *b;
    unsigned slot;
    TTDstKind kind;
    int rc = fpu_check(e, idst, &a, &b, &slot, &kind);

    if (rc) {
        return rc;
    }
    take_job(job, a->bits, b->bits, slot, kind);
    fpu_done(e);
    return TTX_TILE_OK;
}

void ttx_tile_matmul_run(TTTileEngine *e, const TTMatmulJob *job, TTSlices *s)
{
    matmul_tile(e, s ? s : &e->scratch, job->slot, job->kind, job->a, job->b);
}

/* The Src banks of a MATMUL_BLOCK: fpu_gate() and the shape checked. */
static int block_gate(TTTileEngine *e, unsigned idst, unsigned ct, unsigned rt,
                      const TTSrcBank **a, const TTSrcBank **b)
{
    int rc = fpu_gate(e, a, b);

    if (rc) {
        return rc;
    }
    if ((*a)->to_dst || (*b)->to_dst || (*a)->ntiles != ct ||
        (*b)->ntiles != rt || !ct || !rt ||
        idst + ct * rt > ttx_tile_dst_capacity(e)) {
        return TTX_TILE_EINVAL;
    }
    return TTX_TILE_OK;
}

int ttx_tile_matmul_block_issue(TTTileEngine *e, unsigned idst, unsigned ct,
                                unsigned rt, const TTJobSink *sink)
{
    const TTSrcBank *a, *b;
    int rc = block_gate(e, idst, ct, rt, &a, &b);
    TTDstKind kind;

    if (rc) {
        return rc;
    }
    kind = fpu_kind(e, a);
    for (unsigned c = 0; c < ct; c++) {
        for (unsigned r = 0; r < rt; r++) {
            take_job(sink->take(sink->ctx), bank_tile(a, c), bank_tile(b, r),
                     (unsigned)dst_slot(e, idst + r * ct + c, e->math_section),
                     kind);
            sink->put(sink->ctx);
        }
    }
    fpu_done(e);
    return TTX_TILE_OK;
}

int ttx_tile_matmul_block(TTTileEngine *e, unsigned idst, unsigned ct,
                          unsigned rt)
{
    const TTFpuLoops *loops = fpu_loops();
    const TTSrcBank *a, *b;
    int rc = block_gate(e, idst, ct, rt, &a, &b);
    unsigned np = num_phases(e->cfg.fidelity);
    TTDstKind kind;

    if (rc) {
        return rc;
    }
    kind = fpu_kind(e, a);
    /* Each SrcA tile sliced once; the SrcB tiles are cheap to redo. */
    for (unsigned c = 0; c < ct; c++) {
        loops->slice_a(&e->scratch, bank_tile(a, c), np);
        for (unsigned r = 0; r < rt; r++) {
            unsigned slot =
                (unsigned)dst_slot(e, idst + r * ct + c, e->math_section);

            loops->slice_b(&e->scratch, bank_tile(b, r), np);
            set_kind(e, slot, kind);
            loops->accumulate(e, &e->scratch, slot, kind);
        }
    }
    fpu_done(e);
    return TTX_TILE_OK;
}

/* 2^(exponent of @u - 127): GMPOOL scales by the scaler's power of two. */
static double pow2_of(uint32_t u)
{
    return ttx_fmt_fpu_value((u & 0x7f800000u), TTX_DST_FP32);
}

/*
 * One GAPOOL chunk: sum over k < 16 of scaler face @f row 0 column k
 * times data element @data[k], both sliced for phase @p.
 */
static double gapool_chunk(const TTSlices *s, unsigned p, unsigned f,
                           const unsigned data[16])
{
    double sum = 0.0;

    for (unsigned k = 0; k < 16; k++) {
        sum += s->b[(p >> 1) & 1][f * 256 + k] * s->a[p & 1][data[k]];
    }
    return sum;
}

/*
 * REDUCE_SCALAR SUM/AVG as tt-metal's LLK reduce does it: the four data
 * faces are pooled into one 16-wide row (column c of every face, under
 * the scaler's row 0 of that face), then that row goes through SrcB,
 * transposed, into SrcA and is pooled again with the scaler's face 0:
 * [0][0] += sum over c of scaler[0][c] * row[c].  The scaler applies
 * twice, which is why tt-metal's AVG over a tile passes 1/sqrt(N), and
 * the row keeps only SrcA's bits (the slices drop mantissa bits 13..0)
 * on its way, which costs a 32-bit Dst its precision.
 */
static void reduce_scalar_sum(TTTileEngine *e, const TTSlices *s, unsigned slot,
                              unsigned np, TTDstKind kind)
{
    uint32_t row[16];
    unsigned idx[16];
    double d;
    uint32_t out;

    for (unsigned c = 0; c < 16; c++) {
        d = 0.0;
        out = ttx_fmt_fpu_round(d, kind);
        for (unsigned p = 0; p < np; p++) {
            for (unsigned f = 0; f < 4; f++) {
                for (unsigned k = 0; k < 16; k++) {
                    idx[k] = f * 256 + k * 16 + c;
                }
                out = ttx_fmt_fpu_round(d + gapool_chunk(s, p, f, idx), kind);
                d = ttx_fmt_fpu_value(out, kind);
            }
        }
        /* As an FP32 pattern (exact: Dst values fit), to slice as SrcA. */
        row[c] = ttx_fmt_fpu_round(ttx_fmt_fpu_value(out, kind), TTX_DST_FP32);
    }
    d = dst_get(e, slot, 0, 0.0);
    out = ttx_fmt_fpu_round(d, kind);
    for (unsigned p = 0; p < np; p++) {
        double sum = 0.0;

        for (unsigned c = 0; c < 16; c++) {
            double hi, lo;

            slice_one(row[c], 0xfff80000u, 0xfff83fffu, &hi, &lo);
            sum += s->b[(p >> 1) & 1][c] * (p & 1 ? lo : hi);
        }
        out = ttx_fmt_fpu_round(d + sum, kind);
        d = ttx_fmt_fpu_value(out, kind);
    }
    dst_put(e, slot, 0, out);
}

int ttx_tile_reduce(TTTileEngine *e, TTPoolType pool, TTReduceDim dim,
                    unsigned idst)
{
    TTSlices *s = &e->scratch;
    const TTSrcBank *a, *b;
    unsigned slot;
    unsigned np = num_phases(e->cfg.fidelity);
    unsigned idx[16];
    TTDstKind kind;
    int rc = fpu_begin(e, idst, &a, &b, &slot, &kind);

    if (rc) {
        return rc;
    }
    if (pool == TTX_POOL_MAX) {
        /*
         * GMPOOL: max over the data scaled by the power of two of the
         * matching scaler element, against Dst read as -inf when
         * undefined (ZEROACC, Reduce).  Element (r, c) pairs with
         * scaler face (r/16)*2 + c/16, column r%16 (REDUCE_ROW
         * transposes the data, so column c%16 of face (c/16)*2 + r/16).
         */
        unsigned nout = dim == TTX_REDUCE_SCALAR ? 1 : TT_TILE_DIM;
        double old[TT_TILE_DIM];

        /* Read every result row before writing: rows are 16 wide. */
        for (unsigned o = 0; o < nout; o++) {
            old[o] = dst_get(e, (unsigned)slot,
                             dim == TTX_REDUCE_ROW ? ttx_tile_index(o, 0)
                                                   : ttx_tile_index(0, o),
                             -INFINITY);
        }
        for (unsigned o = 0; o < nout; o++) {
            unsigned oi = dim == TTX_REDUCE_ROW ? ttx_tile_index(o, 0)
                                                : ttx_tile_index(0, o);
            double m = old[o];

            for (unsigned r = 0; r < TT_TILE_DIM; r++) {
                for (unsigned c = 0; c < TT_TILE_DIM; c++) {
                    unsigned f, k;
                    double v;

                    if ((dim == TTX_REDUCE_COL && c != o) ||
                        (dim == TTX_REDUCE_ROW && r != o)) {
                        continue;
                    }
                    if (dim == TTX_REDUCE_ROW) {
                        f = (c / 16) * 2 + r / 16;
                        k = c % 16;
                    } else {
                        f = (r / 16) * 2 + c / 16;
                        k = r % 16;
                    }
                    v = ttx_fmt_fpu_value(a->bits[ttx_tile_index(r, c)],
                                          TTX_DST_FP32) *
                        pow2_of(b->bits[f * 256 + k]);
                    m = v > m ? v : m;
                }
            }
            dst_put(e, (unsigned)slot, oi, ttx_fmt_fpu_round(m, kind));
        }
        fpu_done(e);
        return TTX_TILE_OK;
    }
    /*
     * SUM / AVG: GAPOOL, Dst += scaler row @ data face, under the math
     * fidelity (data in SrcA, scaler in SrcB); one rounding per 16-term
     * chunk and phase, phases outer as in matmul.  AVG differs only by
     * the 1/N the caller put in the scaler.  [I] data face f pairs with
     * scaler face f; REDUCE_SCALAR chains the 64 column chunks of the
     * four faces into [0][0].
     */
    slice_both(a, b, s);
    if (dim == TTX_REDUCE_SCALAR) {
        reduce_scalar_sum(e, s, (unsigned)slot, np, kind);
        fpu_done(e);
        return TTX_TILE_OK;
    }
    for (unsigned o = 0; o < TT_TILE_DIM; o++) {
        unsigned oi =
            dim == TTX_REDUCE_ROW ? ttx_tile_index(o, 0) : ttx_tile_index(0, o);
        double d = dst_get(e, (unsigned)slot, oi, 0.0);
        uint32_t out = ttx_fmt_fpu_round(d, kind);

        for (unsigned p = 0; p < np; p++) {
            for (unsigned h = 0; h < 2; h++) {
                unsigned f;

                for (unsigned k = 0; k < 16; k++) {
                    idx[k] = dim == TTX_REDUCE_ROW
                                 ? ttx_tile_index(o, h * 16 + k)
                                 : ttx_tile_index(h * 16 + k, o);
                }
                /* REDUCE_ROW reads the transposed data: same face. */
                f = h * 2 + o / 16;
                out = ttx_fmt_fpu_round(d + gapool_chunk(s, p, f, idx), kind);
                d = ttx_fmt_fpu_value(out, kind);
            }
        }
        dst_put(e, (unsigned)slot, oi, out);
    }
    fpu_done(e);
    return TTX_TILE_OK;
}

/* ---- packer ---------------------------------------------------------- */

/*
 * Pack Dst @slot of BF16 values as a Float16_b tile in face order, the
 * usual pack: each 16-bit row the low halves of its datums, or zeros
 * where undefined, 16 datums a vector (on a little-endian host the tile's
 * bytes are the lanes), as ttx_fmt_pack_tile() does one by one.
 */
static void pack_bf16_tile(const TTTileEngine *e, unsigned slot, uint8_t *l1)
{
    typedef uint16_t vh __attribute__((vector_size(16 * sizeof(uint16_t))));

    for (unsigned r = 0; r < TT_TILE_ELEMS / 16; r++) {
        vh h = {0};

        if ((e->defined[slot] >> r) & 1) {
            vw w;

            memcpy(&w, &e->dst[slot][16 * r], sizeof(w));
            h = __builtin_convertvector(w, vh);
        }
        memcpy(l1 + sizeof(h) * r, &h, sizeof(h));
    }
}

int ttx_tile_pack_rows(TTTileEngine *e, unsigned idst, unsigned fmt, void *l1,
                       size_t row_stride)
{
    int slot = dst_slot(e, idst, e->pack_section);
    uint32_t v[TT_TILE_ELEMS];
    uint8_t tile[TT_TILE_BYTES_FLOAT32];
    size_t es = ttx_fmt_elem_bytes(fmt);
    uint8_t *p = l1;
    int rc;

    if (slot < 0 || !ttx_fmt_tile_bytes(fmt) ||
        (row_stride && (!es || row_stride < TT_TILE_DIM * es))) {
        return TTX_TILE_EINVAL;
    }
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (!row_stride && fmt == TT_DF_FLOAT16_B &&
        e->kind[slot] == TTX_DST_BF16) {
        pack_bf16_tile(e, (unsigned)slot, l1);
        return TTX_TILE_OK;
    }
#endif
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        /* Undefined rows pack as 0 (ZEROACC). */
        v[i] = ((e->defined[slot] >> (i / 16)) & 1) ? e->dst[slot][i] : 0;
    }
    if (!row_stride) {
        return ttx_fmt_pack_tile(fmt, e->kind[slot], v, l1);
    }
    rc = ttx_fmt_pack_tile(fmt, e->kind[slot], v, tile);
    if (rc) {
        return rc;
    }
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            memcpy(p + r * row_stride + c * es,
                   tile + ttx_tile_index(r, c) * es, es);
        }
    }
    return TTX_TILE_OK;
}

int ttx_tile_pack(TTTileEngine *e, unsigned idst, unsigned fmt, void *l1)
{
    return ttx_tile_pack_rows(e, idst, fmt, l1, 0);
}

void ttx_tile_dst_read(const TTTileEngine *e, unsigned idst,
                       double out[TT_TILE_ELEMS])
{
    int slot = dst_slot(e, idst, e->math_section);
    union {
        uint32_t u;
        float f;
    } x;

    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        uint32_t v = slot < 0 || !((e->defined[slot] >> (i / 16)) & 1)
                         ? 0
                         : e->dst[slot][i];

        if (slot >= 0 && e->kind[slot] == TTX_DST_BF16) {
            v <<= 16;
        } else if (slot >= 0 && e->kind[slot] == TTX_DST_FP16) {
            v = ttx_fmt_fp16_to_fp32((uint16_t)v);
        }
        x.u = v;
        out[i] = x.f;
    }
}

/* ---- compute-API shaped helpers ------------------------------------- */

int ttx_tile_binary_tiles(TTTileEngine *e, TTEltwiseOp op, TTBcast bcast,
                          unsigned fmt0, const void *in0, unsigned fmt1,
                          const void *in1, unsigned idst)
{
    int rc = ttx_tile_unpack(e, TTX_SRC_A, fmt0, in0, 0);

    if (!rc) {
        rc = ttx_tile_unpack(e, TTX_SRC_B, fmt1, in1, 0);
    }
    return rc ? rc : ttx_tile_eltwise(e, op, bcast, 0, false, idst);
}

int ttx_tile_matmul_tiles(TTTileEngine *e, unsigned fmt0, const void *in0,
                          unsigned fmt1, const void *in1, bool transpose,
                          unsigned idst)
{
    /* in0 -> SrcB, in1 -> SrcA, transposed by the unpacker (MVMUL). */
    int rc = ttx_tile_unpack(e, TTX_SRC_B, fmt0, in0, 0);

    if (!rc) {
        rc = ttx_tile_unpack(e, TTX_SRC_A, fmt1, in1,
                             transpose ? TTX_UNPACK_TRANSPOSE : 0);
    }
    return rc ? rc : ttx_tile_matmul(e, idst);
}

int ttx_tile_reduce_tile(TTTileEngine *e, TTPoolType pool, TTReduceDim dim,
                         unsigned fmt, const void *in, unsigned sfmt,
                         const void *scaler, unsigned idst)
{
    int rc = ttx_tile_unpack(e, TTX_SRC_A, fmt, in, 0);

    if (!rc) {
        rc = ttx_tile_unpack(e, TTX_SRC_B, sfmt, scaler, 0);
    }
    return rc ? rc : ttx_tile_reduce(e, pool, dim, idst);
}

int ttx_tile_transpose_wh_tile(TTTileEngine *e, unsigned fmt, const void *in,
                               unsigned idst)
{
    int rc = ttx_tile_unpack(e, TTX_SRC_A, fmt, in, TTX_UNPACK_TRANSPOSE);

    if (!rc) {
        rc = ttx_tile_src_dvalid(e, TTX_SRC_B);
    }
    return rc ? rc : ttx_tile_datacopy(e, TTX_SRC_A, idst);
}

int ttx_tile_copy_tile(TTTileEngine *e, unsigned fmt, const void *in,
                       unsigned idst)
{
    int rc;

    if (fmt == TT_DF_FLOAT32 && e->cfg.fp32_dest) {
        return ttx_tile_unpack_to_dst(e, fmt, in, idst);
    }
    rc = ttx_tile_unpack(e, TTX_SRC_A, fmt, in, 0);
    if (!rc) {
        rc = ttx_tile_src_dvalid(e, TTX_SRC_B);
    }
    return rc ? rc : ttx_tile_datacopy(e, TTX_SRC_A, idst);
}
