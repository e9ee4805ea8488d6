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
#include <stdlib.h>
#include <string.h>

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
            memcpy(tile + ttx_tile_index(r, c) * es, p + r * row_stride + c * es,
                   es);
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
    if (ttx_fmt_decode_tile(fmt, t, v)) {
        return TTX_TILE_EINVAL;
    }
    reg = &e->src[src];
    bank = &reg->bank[reg->unpack_bank];
    if (bank->matrix_owned) {
        return TTX_TILE_BLOCKED;
    }
    if (flags & TTX_UNPACK_TO_DST) {
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

int ttx_tile_unpack(TTTileEngine *e, unsigned src, unsigned fmt,
                    const void *l1, unsigned flags)
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
static int fpu_gate(TTTileEngine *e, const TTSrcBank **a,
                    const TTSrcBank **b)
{
    *a = &e->src[TTX_SRC_A].bank[e->src[TTX_SRC_A].fpu_bank];
    *b = &e->src[TTX_SRC_B].bank[e->src[TTX_SRC_B].fpu_bank];
    return (*a)->matrix_owned && (*b)->matrix_owned ? TTX_TILE_OK :
           TTX_TILE_BLOCKED;
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

static void dst_put(TTTileEngine *e, unsigned slot, unsigned i,
                    uint32_t bits)
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

/*
 * Two or four doubles side by side (GNU C vectors): the matmul's inner
 * loops work on these, every lane doing exactly the scalar IEEE
 * operation, so the result is the same whatever the width.  They only
 * travel through memory (no vector arguments) to keep one ABI.
 */
typedef double v2d __attribute__((vector_size(16)));
typedef uint64_t v2u __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));
typedef uint64_t v4u __attribute__((vector_size(32)));

#define TTX_INLINE static inline __attribute__((always_inline))

/* ttx_fmt_fpu_round() of one kind, on doubles: see mm_round_row(). */
typedef struct TTRoundK {
    uint64_t keep, half1, maxb;
    double minnorm, lim;
    int shift;
} TTRoundK;

static TTRoundK round_params(TTDstKind kind)
{
    static const struct {
        int mbits;
        double minnorm, lim, max;
    } k[] = {
        [TTX_DST_BF16] = { 7, 0x1p-126, 0x1p129, 0x1p128 },
        [TTX_DST_FP16] = { 10, 0x1p-14, 0x1p17, 0x1.ffcp16 },
        [TTX_DST_FP32] = { 23, 0x1p-126, 0x1p129, 0x1p128 },
    };
    int shift = 52 - k[kind].mbits;
    TTRoundK r;

    memcpy(&r.maxb, &k[kind].max, sizeof(r.maxb));
    r.shift = shift;
    r.keep = ~((1ull << shift) - 1);
    r.half1 = (1ull << (shift - 1)) - 1;
    r.minnorm = k[kind].minnorm;
    r.lim = k[kind].lim;
    return r;
}

/*
 * One lane group of mm_round_row(), for vector types VD/VU: @out = the
 * value of ttx_fmt_fpu_round(@d + @sum, kind) with the sign of a zero
 * kept, @d = the same read back as Dst (a zero reads +0, hence + 0.0).
 * Below the normal range (before rounding) signed zero; nearest even
 * on the double's own bits, a carry out of the mantissa stepping the
 * exponent; at or past 2^(emax + 1) (or Inf/NaN) the kind's largest
 * pattern.
 */
#define MM_ROUND_LANES(VD, VU, d, sum, out, k)                              \
    do {                                                                \
        VD v_ = (d) + (sum);                                            \
        VU u_ = (VU)v_, abs_ = (VU){ 0 } + (~0ull >> 1);                \
        VU sign_ = u_ & ~abs_;                                          \
        VU ur_ = (u_ + (k)->half1 + ((u_ >> (k)->shift) & 1)) &         \
                 (k)->keep;                                             \
        VD av_ = (VD)(u_ & abs_), ar_ = (VD)(ur_ & abs_);                \
        VU tiny_ = (VU)(av_ < (VD){ 0 } + (k)->minnorm);                 \
        VU in_r_ = (VU)(ar_ < (VD){ 0 } + (k)->lim);                     \
        VU in_v_ = (VU)(av_ < (VD){ 0 } + (k)->lim);                     \
        VU big_ = ~(in_r_ & in_v_);                                     \
        (out) = (VD)((tiny_ & sign_) | (big_ & (sign_ | (k)->maxb)) |   \
                     (~(tiny_ | big_) & ur_));                          \
        (d) = (out) + 0.0;                                              \
    } while (0)

/*
 * A row's running Dst values @d += @sum, one rounding into the kind of
 * @k each; @res the rounded values (signed zeros kept).  @wide: four
 * lanes at a time (AVX2 builds only).
 */
TTX_INLINE void mm_round_row(double d[TT_TILE_DIM], double res[TT_TILE_DIM],
                             const double sum[TT_TILE_DIM],
                             const TTRoundK *k, bool wide)
{
    if (wide) {
        for (unsigned j = 0; j < TT_TILE_DIM; j += 4) {
            v4d vd, vs, vo;

            memcpy(&vd, &d[j], sizeof(vd));
            memcpy(&vs, &sum[j], sizeof(vs));
            MM_ROUND_LANES(v4d, v4u, vd, vs, vo, k);
            memcpy(&d[j], &vd, sizeof(vd));
            memcpy(&res[j], &vo, sizeof(vo));
        }
        return;
    }
    for (unsigned j = 0; j < TT_TILE_DIM; j += 2) {
        v2d vd, vs, vo;

        memcpy(&vd, &d[j], sizeof(vd));
        memcpy(&vs, &sum[j], sizeof(vs));
        MM_ROUND_LANES(v2d, v2u, vd, vs, vo, k);
        memcpy(&d[j], &vd, sizeof(vd));
        memcpy(&res[j], &vo, sizeof(vo));
    }
}

/*
 * Dst bits of @n (a multiple of 2) values @v of @kind, each
 * ttx_fmt_fpu_round(@v[i], kind): the rounding of mm_round_row(), then
 * the rounded double's fields moved into the kind's.
 */
static void round_to_bits(const double *v, uint32_t *out, unsigned n,
                          TTDstKind kind)
{
    static const struct {
        int mbits, sign_shift;
        uint64_t rebias;
    } f[] = {
        [TTX_DST_BF16] = { 7, 48, 127 - 1023 },
        [TTX_DST_FP16] = { 10, 48, 15 - 1023 },
        [TTX_DST_FP32] = { 23, 32, 127 - 1023 },
    };
    TTRoundK k = round_params(kind);
    uint64_t mmask = (1ull << f[kind].mbits) - 1;

    for (unsigned i = 0; i < n; i += 2) {
        v2d d, r, zero = { 0 };
        v2u u, bits, z;

        memcpy(&r, &v[i], sizeof(r));
        d = r;
        MM_ROUND_LANES(v2d, v2u, d, zero, r, &k);
        u = (v2u)r;
        z = (v2u)(r == zero);
        bits = (u >> f[kind].sign_shift) &
               (uint64_t)(1ull << (63 - f[kind].sign_shift));
        bits |= ~z & ((((u >> 52) & 0x7ff) + f[kind].rebias) <<
                      f[kind].mbits | ((u >> k.shift) & mmask));
        out[i] = (uint32_t)bits[0];
        out[i + 1] = (uint32_t)bits[1];
    }
}

/* ---- FPU ops ----------------------------------------------------- */

/*
 * Common start of the FPU ops that write a Dst tile in SrcA's style: both
 * Src banks owned by math (else TTX_TILE_BLOCKED, nothing changed), a Dst
 * tile inside the math section, and that tile's kind set.
 */
static int fpu_begin(TTTileEngine *e, unsigned idst, const TTSrcBank **a,
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
    set_kind(e, (unsigned)s, *kind);
    *slot = (unsigned)s;
    return TTX_TILE_OK;
}

static unsigned bcast_index(TTBcast bcast, unsigned r, unsigned c)
{
    switch (bcast) {
    case TTX_BCAST_ROW:
        return ttx_tile_index(0, c);
    case TTX_BCAST_COL:
        return ttx_tile_index(r, 0);
    case TTX_BCAST_SCALAR:
        return 0;
    default:
        return ttx_tile_index(r, c);
    }
}

int ttx_tile_eltwise(TTTileEngine *e, TTEltwiseOp op, TTBcast bcast,
                     bool acc, unsigned idst)
{
    TTSlices *s = &e->scratch;
    const TTSrcBank *a, *b;
    unsigned slot;
    unsigned np = num_phases(e->cfg.fidelity);
    TTDstKind kind;
    int rc = fpu_begin(e, idst, &a, &b, &slot, &kind);

    if (rc) {
        return rc;
    }
    if (op != TTX_ELW_MUL) {
        double v[TT_TILE_ELEMS];

        for (unsigned r = 0; r < TT_TILE_DIM; r++) {
            for (unsigned c = 0; c < TT_TILE_DIM; c++) {
                unsigned i = ttx_tile_index(r, c);
                double va = ttx_fmt_f32_value_inl(a->bits[i]);
                double vb = ttx_fmt_f32_value_inl(
                    b->bits[bcast_index(bcast, r, c)]);

                v[i] = op == TTX_ELW_ADD ? va + vb : va - vb;
                if (acc) {
                    v[i] += dst_get(e, slot, i, 0.0);
                }
            }
        }
        round_to_bits(v, e->dst[slot], TT_TILE_ELEMS, kind);
        e->defined[slot] = ~0ull;
        fpu_done(e);
        return TTX_TILE_OK;
    }
    slice_both(a, b, s);
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            unsigned i = ttx_tile_index(r, c), j = bcast_index(bcast, r, c);
            double va = ttx_fmt_f32_value_inl(a->bits[i]);
            double vb = ttx_fmt_f32_value_inl(b->bits[j]);
            uint32_t out;

            if (op == TTX_ELW_MUL) {
                /* ELWMUL always accumulates, one rounding per phase. */
                double d = dst_get(e, (unsigned)slot, i, 0.0);

                out = ttx_fmt_fpu_round_inl(d, kind);
                for (unsigned p = 0; p < np; p++) {
                    out = ttx_fmt_fpu_round_inl(d + s->a[p & 1][i] *
                                                s->b[(p >> 1) & 1][j], kind);
                    d = ttx_fmt_fpu_value_inl(out, kind);
                }
            } else {
                double v = op == TTX_ELW_ADD ? va + vb : va - vb;

                if (acc) {
                    v += dst_get(e, (unsigned)slot, i, 0.0);
                }
                out = ttx_fmt_fpu_round_inl(v, kind);
            }
            dst_put(e, (unsigned)slot, i, out);
        }
    }
    fpu_done(e);
    return TTX_TILE_OK;
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
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        dst_put(e, (unsigned)slot, i, ttx_fmt_fpu_round_inl(
                    ttx_fmt_f32_value_inl(from->bits[i]), kind));
    }
    fpu_done(e);
    return TTX_TILE_OK;
}

/*
 * Value of the FP32 pattern @u whose exponent field is not 0 (as
 * ttx_fmt_f32_value_inl()), or +0 where @keep is 0: no branch, so the
 * slicing loops below vectorise.
 */
static inline double f32_value_masked(uint32_t u, uint64_t keep)
{
    uint64_t d = (uint64_t)(u >> 31) << 63 |
                 (uint64_t)(((u >> 23) & 0xff) + 1023 - 127) << 52 |
                 (uint64_t)(u & 0x7fffff) << 29;
    double v;

    d &= keep;
    memcpy(&v, &d, sizeof(v));
    return v;
}

/*
 * slice_one() of the 16 datums of a face row @bits: @hi[c], and @lo[c]
 * unless @lo is NULL.  A zero exponent gives +0 for both, as there.
 */
static inline void slice_row16(const uint32_t *bits, uint32_t hi_mask,
                               uint32_t lo_mask, double *hi, double *lo)
{
    for (unsigned c = 0; c < 16; c++) {
        uint32_t u = bits[c];
        uint64_t keep = (u & 0x7f800000u) ? ~0ull : 0;

        hi[c] = f32_value_masked(u & hi_mask, keep);
    }
    if (!lo) {
        return;
    }
    for (unsigned c = 0; c < 16; c++) {
        uint32_t u = bits[c];
        uint64_t keep = (u & 0x7f800000u) ? ~0ull : 0;

        lo[c] = f32_value_masked(u, keep) -
                f32_value_masked(u & lo_mask, keep);
    }
}

/*
 * Matmul views of SrcA tile @bits: slices by row k and column c; the
 * odd-phase slice only when a phase uses it.
 */
static void mm_slice_a(TTSlices *s, const uint32_t bits[TT_TILE_ELEMS],
                       unsigned np)
{
    for (unsigned k = 0; k < TT_TILE_DIM; k++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c += 16) {
            slice_row16(&bits[ttx_tile_index(k, c)], 0xfff80000u,
                        0xfff83fffu, &s->ak[0][k][c],
                        np > 1 ? &s->ak[1][k][c] : NULL);
        }
    }
}

/* ... and of SrcB tile @bits, by output row r and k. */
static void mm_slice_b(TTSlices *s, const uint32_t bits[TT_TILE_ELEMS],
                       unsigned np)
{
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned k = 0; k < TT_TILE_DIM; k += 16) {
            slice_row16(&bits[ttx_tile_index(r, k)], 0xfffe0000u,
                        0xfffe1fffu, &s->bm[0][r][k],
                        np > 2 ? &s->bm[1][r][k] : NULL);
        }
    }
}

/*
 * @sum[c] = sum over k < 16 of @rb[k] * @ak[k][c], from 0.0 in k order,
 * one IEEE multiply and add each (the products of slices are exact).
 * The partial sums of 16 columns (32 when @wide) stay in registers.
 */
TTX_INLINE void mm_dot16(double sum[TT_TILE_DIM], const double *rb,
                         const double (*ak)[TT_TILE_DIM], bool wide)
{
    if (wide) {
        v4d acc[8] = { 0 };

        for (unsigned k = 0; k < 16; k++) {
            v4d bk = (v4d){ 0 } + rb[k];

#pragma GCC unroll 8
            for (unsigned j = 0; j < 8; j++) {
                v4d x;

                memcpy(&x, &ak[k][4 * j], sizeof(x));
                acc[j] += bk * x;
            }
        }
        memcpy(sum, acc, sizeof(acc));
        return;
    }
    for (unsigned h = 0; h < TT_TILE_DIM; h += 16) {
        v2d acc[8] = { 0 };

        for (unsigned k = 0; k < 16; k++) {
            v2d bk = (v2d){ 0 } + rb[k];

#pragma GCC unroll 8
            for (unsigned j = 0; j < 8; j++) {
                v2d x;

                memcpy(&x, &ak[k][h + 2 * j], sizeof(x));
                acc[j] += bk * x;
            }
        }
        memcpy(&sum[h], acc, sizeof(acc));
    }
}

/*
 * Dst @slot (of @kind) += the sliced SrcB tile @ the sliced SrcA tile.
 * Phase outer, K chunk of 16 inner: the LLK replays the tile's 16 MVMULs
 * (K faces 0 then 1 for each Dst face) once per phase and bumps the
 * fidelity counter between replays (llk_math_matmul.h).  Each element
 * sums its chunk's 16 products in k order and adds that to its Dst value
 * with one rounding into @kind.  The running Dst values stay doubles
 * between phases (a rounded value is exact in double) and become Dst
 * bits once at the end.
 */
TTX_INLINE void mm_accumulate_body(TTTileEngine *e, unsigned slot,
                                   TTDstKind kind, bool wide)
{
    const TTSlices *s = &e->scratch;
    unsigned np = num_phases(e->cfg.fidelity);
    TTRoundK rk = round_params(kind);

    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        double d[TT_TILE_DIM], res[TT_TILE_DIM], sum[TT_TILE_DIM];

        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            d[c] = dst_get(e, slot, ttx_tile_index(r, c), 0.0);
        }
        for (unsigned p = 0; p < np; p++) {
            const double (*ak)[TT_TILE_DIM] = s->ak[p & 1];
            const double *rb = s->bm[(p >> 1) & 1][r];

            for (unsigned k0 = 0; k0 < TT_TILE_DIM; k0 += 16) {
                mm_dot16(sum, rb + k0, ak + k0, wide);
                mm_round_row(d, res, sum, &rk, wide);
            }
        }
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            dst_put(e, slot, ttx_tile_index(r, c),
                    ttx_fmt_fpu_round_inl(res[c], kind));
        }
    }
}

static void mm_accumulate_narrow(TTTileEngine *e, unsigned slot,
                                 TTDstKind kind)
{
    mm_accumulate_body(e, slot, kind, false);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target("avx2")))
static void mm_accumulate_wide(TTTileEngine *e, unsigned slot,
                               TTDstKind kind)
{
    mm_accumulate_body(e, slot, kind, true);
}

/* The CPU model is read once at start-up (libgcc); this only looks. */
static bool have_wide(void)
{
    return __builtin_cpu_supports("avx2");
}
#else
static void mm_accumulate_wide(TTTileEngine *e, unsigned slot,
                               TTDstKind kind)
{
    mm_accumulate_body(e, slot, kind, false);
}

static bool have_wide(void)
{
    return false;
}
#endif

bool ttx_tile_portable_only;

static void mm_accumulate(TTTileEngine *e, unsigned slot, TTDstKind kind)
{
    set_kind(e, slot, kind);
    if (!ttx_tile_portable_only && have_wide()) {
        mm_accumulate_wide(e, slot, kind);
    } else {
        mm_accumulate_narrow(e, slot, kind);
    }
}

int ttx_tile_matmul(TTTileEngine *e, unsigned idst)
{
    const TTSrcBank *a, *b;
    unsigned slot;
    TTDstKind kind;
    int rc = fpu_begin(e, idst, &a, &b, &slot, &kind);

    if (rc) {
        return rc;
    }
    mm_slice_a(&e->scratch, a->bits, num_phases(e->cfg.fidelity));
    mm_slice_b(&e->scratch, b->bits, num_phases(e->cfg.fidelity));
    mm_accumulate(e, slot, kind);
    fpu_done(e);
    return TTX_TILE_OK;
}

int ttx_tile_matmul_block(TTTileEngine *e, unsigned idst, unsigned ct,
                          unsigned rt)
{
    const TTSrcBank *a, *b;
    int rc = fpu_gate(e, &a, &b);
    unsigned np = num_phases(e->cfg.fidelity);
    TTDstKind kind;

    if (rc) {
        return rc;
    }
    if (a->to_dst || b->to_dst || a->ntiles != ct || b->ntiles != rt ||
        !ct || !rt || idst + ct * rt > ttx_tile_dst_capacity(e)) {
        return TTX_TILE_EINVAL;
    }
    kind = fpu_kind(e, a);
    /* Each SrcA tile sliced once; the SrcB tiles are cheap to redo. */
    for (unsigned c = 0; c < ct; c++) {
        mm_slice_a(&e->scratch, bank_tile(a, c), np);
        for (unsigned r = 0; r < rt; r++) {
            mm_slice_b(&e->scratch, bank_tile(b, r), np);
            mm_accumulate(e, (unsigned)dst_slot(e, idst + r * ct + c,
                                                e->math_section), kind);
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
static void reduce_scalar_sum(TTTileEngine *e, const TTSlices *s,
                              unsigned slot, unsigned np, TTDstKind kind)
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
            old[o] = dst_get(e, (unsigned)slot, dim == TTX_REDUCE_ROW ?
                             ttx_tile_index(o, 0) : ttx_tile_index(0, o),
                             -INFINITY);
        }
        for (unsigned o = 0; o < nout; o++) {
            unsigned oi = dim == TTX_REDUCE_ROW ? ttx_tile_index(o, 0) :
                          ttx_tile_index(0, o);
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
        unsigned oi = dim == TTX_REDUCE_ROW ? ttx_tile_index(o, 0) :
                      ttx_tile_index(0, o);
        double d = dst_get(e, (unsigned)slot, oi, 0.0);
        uint32_t out = ttx_fmt_fpu_round(d, kind);

        for (unsigned p = 0; p < np; p++) {
            for (unsigned h = 0; h < 2; h++) {
                unsigned f;

                for (unsigned k = 0; k < 16; k++) {
                    idx[k] = dim == TTX_REDUCE_ROW ?
                             ttx_tile_index(o, h * 16 + k) :
                             ttx_tile_index(h * 16 + k, o);
                }
                /* REDUCE_ROW reads the transposed data: same face. */
                f = h * 2 + o / 16;
                out = ttx_fmt_fpu_round(d + gapool_chunk(s, p, f, idx),
                                        kind);
                d = ttx_fmt_fpu_value(out, kind);
            }
        }
        dst_put(e, (unsigned)slot, oi, out);
    }
    fpu_done(e);
    return TTX_TILE_OK;
}

/* ---- packer ---------------------------------------------------------- */

int ttx_tile_pack_rows(TTTileEngine *e, unsigned idst, unsigned fmt,
                       void *l1, size_t row_stride)
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
        uint32_t v = slot < 0 || !((e->defined[slot] >> (i / 16)) & 1) ?
                     0 : e->dst[slot][i];

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
    return rc ? rc : ttx_tile_eltwise(e, op, bcast, false, idst);
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

int ttx_tile_transpose_wh_tile(TTTileEngine *e, unsigned fmt,
                               const void *in, unsigned idst)
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
