/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tile engine state and FPU: SrcA/SrcB banks with their unpacker/FPU
 * ownership, Dst in 16-bit or 32-bit mode split in halves (SyncHalf) or
 * whole (SyncFull) under the math-pack semaphore, the unpacker and packer
 * at tile granularity, and the FPU ops with math-fidelity phases run one
 * by one as reference/compute-engine.md §3 gives them.  Arithmetic runs
 * in double, where every phase product is exact; each phase of each
 * 16-term chunk is added to Dst and rounded into the Dst format (§4
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
}

/* ---- math-pack semaphore (§7) --------------------------------------- */

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

/* ---- unpacker (§2 Unpacker conversion, §7 dvalid) ------------------- */

int ttx_tile_unpack(TTTileEngine *e, unsigned src, unsigned fmt,
                    const void *l1, unsigned flags)
{
    TTSrcReg *reg;
    TTSrcBank *bank;
    uint32_t v[TT_TILE_ELEMS];
    TTSrcStyle style = TTX_SRC_BF16;

    if (src > TTX_SRC_B || ttx_fmt_decode_tile(fmt, l1, v)) {
        return TTX_TILE_EINVAL;
    }
    reg = &e->src[src];
    bank = &reg->bank[reg->unpack_bank];
    if (bank->matrix_owned) {
        return TTX_TILE_BLOCKED;
    }
    for (int i = 0; i < TT_TILE_ELEMS; i++) {
        uint32_t u = v[i];

        switch (fmt) {
        case TT_DF_FLOAT32:
            /*
             * [I] Float32 becomes TF32 with a 32-bit Dst and BF16
             * otherwise (tt-metal picks the unpacker's output format
             * from fp32_dest_acc_en); both truncate (§2).
             */
            if (e->cfg.fp32_dest) {
                u = ttx_fmt_fp32_to_tf32_unpack(u);
                style = TTX_SRC_TF32;
            } else {
                u = (uint32_t)ttx_fmt_fp32_to_bf16_unpack(u) << 16;
            }
            break;
        case TT_DF_FLOAT16:
            style = TTX_SRC_FP16;
            /* The FPU flushes FP16 denormals (|x| < 2^-14) (§2). */
            if (((u >> 23) & 0xff) < 113) {
                u &= 0x80000000u;
            }
            break;
        default:
            break;
        }
        if (!(u & 0x7f800000u)) {
            u &= 0x80000000u;   /* FPU denormal flush (§2) */
        }
        v[i] = u;
    }
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            unsigned from = (flags & TTX_UNPACK_TRANSPOSE) ?
                            ttx_tile_index(c, r) : ttx_tile_index(r, c);

            bank->bits[ttx_tile_index(r, c)] = v[from];
        }
    }
    bank->style = style;
    bank->matrix_owned = true;
    reg->unpack_bank ^= 1;
    return TTX_TILE_OK;
}

int ttx_tile_src_dvalid(TTTileEngine *e, unsigned src)
{
    TTSrcReg *reg;

    if (src > TTX_SRC_B) {
        return TTX_TILE_EINVAL;
    }
    reg = &e->src[src];
    if (reg->bank[reg->unpack_bank].matrix_owned) {
        return TTX_TILE_BLOCKED;
    }
    reg->bank[reg->unpack_bank].matrix_owned = true;
    reg->unpack_bank ^= 1;
    return TTX_TILE_OK;
}

int ttx_tile_unpack_to_dst(TTTileEngine *e, unsigned fmt, const void *l1,
                           unsigned idst)
{
    int slot = dst_slot(e, idst, e->math_section);
    uint32_t v[TT_TILE_ELEMS];
    const uint8_t *p = l1;

    if (slot < 0 || ttx_fmt_decode_tile(fmt, l1, v)) {
        return TTX_TILE_EINVAL;
    }
    if (e->cfg.fp32_dest) {
        memcpy(e->dst[slot], v, sizeof(v));
        e->kind[slot] = TTX_DST_FP32;
    } else if (fmt == TT_DF_FLOAT32) {
        return TTX_TILE_EINVAL; /* [I] 32-bit data needs a 32-bit Dst */
    } else if (fmt == TT_DF_FLOAT16) {
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            e->dst[slot][i] = (uint32_t)(p[2 * i] | p[2 * i + 1] << 8);
        }
        e->kind[slot] = TTX_DST_FP16;
    } else {
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            e->dst[slot][i] = v[i] >> 16;
        }
        e->kind[slot] = TTX_DST_BF16;
    }
    e->defined[slot] = ~0ull;
    return TTX_TILE_OK;
}

/* ---- FPU helpers ---------------------------------------------------- */

/* The FPU's wait gate: both current banks must belong to it (§7). */
static int fpu_gate(TTTileEngine *e, const TTSrcBank **a,
                    const TTSrcBank **b)
{
    *a = &e->src[TTX_SRC_A].bank[e->src[TTX_SRC_A].fpu_bank];
    *b = &e->src[TTX_SRC_B].bank[e->src[TTX_SRC_B].fpu_bank];
    return (*a)->matrix_owned && (*b)->matrix_owned ? TTX_TILE_OK :
           TTX_TILE_BLOCKED;
}

/* CLR_AB: hand both banks back to the unpackers and flip. [I] always */
static void fpu_done(TTTileEngine *e)
{
    for (unsigned s = 0; s < 2; s++) {
        e->src[s].bank[e->src[s].fpu_bank].matrix_owned = false;
        e->src[s].fpu_bank ^= 1;
    }
}

/* Dst element format of an FPU result: FP32, or by SrcA style (§1). */
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
    return ttx_fmt_fpu_value(e->dst[slot][i], e->kind[slot]);
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
        e->dst[slot][i] = ttx_fmt_fpu_round(
            ttx_fmt_fpu_value(e->dst[slot][i], e->kind[slot]), kind);
    }
    e->kind[slot] = kind;
}

static unsigned num_phases(TTMathFidelity f)
{
    return f == TTX_LOFI ? 1 : (unsigned)f;
}

/*
 * The operand slices of §3, per phase bit: SrcA even phases take sign,
 * exponent, implicit one and mantissa bits 22..19, odd phases bits
 * 18..14 (bit 13 is never used); SrcB phases with bit 1 clear take bits
 * 22..17, set bits 16..13.
 */
static void slice_src(const TTSrcBank *b, bool is_a, double hi[],
                      double lo[])
{
    uint32_t hi_mask = is_a ? 0xfff80000u : 0xfffe0000u;
    uint32_t lo_mask = is_a ? 0xfff83fffu : 0xfffe1fffu;

    for (int i = 0; i < TT_TILE_ELEMS; i++) {
        uint32_t u = b->bits[i];
        double x = ttx_fmt_fpu_value(u, TTX_DST_FP32);

        hi[i] = ttx_fmt_fpu_value(u & hi_mask, TTX_DST_FP32);
        lo[i] = x - ttx_fmt_fpu_value(u & lo_mask, TTX_DST_FP32);
    }
}

static void slice_both(const TTSrcBank *a, const TTSrcBank *b, TTSlices *s)
{
    slice_src(a, true, s->a[0], s->a[1]);
    slice_src(b, false, s->b[0], s->b[1]);
}

/* ---- FPU ops (§4) ----------------------------------------------------- */

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
    if (s < 0) {
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
    if (op == TTX_ELW_MUL) {
        slice_both(a, b, s);
    }
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            unsigned i = ttx_tile_index(r, c), j = bcast_index(bcast, r, c);
            double va = ttx_fmt_fpu_value(a->bits[i], TTX_DST_FP32);
            double vb = ttx_fmt_fpu_value(b->bits[j], TTX_DST_FP32);
            uint32_t out;

            if (op == TTX_ELW_MUL) {
                /* ELWMUL always accumulates, one rounding per phase. */
                double d = dst_get(e, (unsigned)slot, i, 0.0);

                out = ttx_fmt_fpu_round(d, kind);
                for (unsigned p = 0; p < np; p++) {
                    out = ttx_fmt_fpu_round(d + s->a[p & 1][i] *
                                            s->b[(p >> 1) & 1][j], kind);
                    d = ttx_fmt_fpu_value(out, kind);
                }
            } else {
                double v = op == TTX_ELW_ADD ? va + vb : va - vb;

                if (acc) {
                    v += dst_get(e, (unsigned)slot, i, 0.0);
                }
                out = ttx_fmt_fpu_round(v, kind);
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
    if (slot < 0 || src > TTX_SRC_B) {
        return TTX_TILE_EINVAL;
    }
    from = src == TTX_SRC_A ? a : b;
    kind = fpu_kind(e, from);
    e->kind[slot] = kind;
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        dst_put(e, (unsigned)slot, i, ttx_fmt_fpu_round(
                    ttx_fmt_fpu_value(from->bits[i], TTX_DST_FP32), kind));
    }
    fpu_done(e);
    return TTX_TILE_OK;
}

int ttx_tile_matmul(TTTileEngine *e, unsigned idst)
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
    slice_both(a, b, s);
    for (unsigned h = 0; h < 2; h++) {
        for (unsigned r = 0; r < TT_TILE_DIM; r++) {
            for (unsigned k = 0; k < TT_TILE_DIM; k++) {
                s->at[h][r][k] = s->a[h][ttx_tile_index(k, r)];
                s->bm[h][r][k] = s->b[h][ttx_tile_index(r, k)];
            }
        }
    }
    /*
     * Phase outer, K chunk of 16 inner: the LLK replays the tile's 16
     * MVMULs (K faces 0 then 1 for each Dst face) once per phase and
     * bumps the fidelity counter between replays (llk_math_matmul.h).
     */
    for (unsigned r = 0; r < TT_TILE_DIM; r++) {
        for (unsigned c = 0; c < TT_TILE_DIM; c++) {
            unsigned i = ttx_tile_index(r, c);
            double d = dst_get(e, (unsigned)slot, i, 0.0);
            uint32_t out = ttx_fmt_fpu_round(d, kind);

            for (unsigned p = 0; p < np; p++) {
                const double *ra = s->at[p & 1][c];
                const double *rb = s->bm[(p >> 1) & 1][r];

                for (unsigned k0 = 0; k0 < TT_TILE_DIM; k0 += 16) {
                    double sum = 0.0;

                    for (unsigned k = k0; k < k0 + 16; k++) {
                        sum += rb[k] * ra[k];
                    }
                    out = ttx_fmt_fpu_round(d + sum, kind);
                    d = ttx_fmt_fpu_value(out, kind);
                }
            }
            dst_put(e, (unsigned)slot, i, out);
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
         * undefined (§1 ZEROACC, §4 Reduce).  Element (r, c) pairs with
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
        double d = dst_get(e, (unsigned)slot, 0, 0.0);
        uint32_t out = ttx_fmt_fpu_round(d, kind);

        for (unsigned p = 0; p < np; p++) {
            for (unsigned f = 0; f < 4; f++) {
                for (unsigned c = 0; c < 16; c++) {
                    for (unsigned k = 0; k < 16; k++) {
                        idx[k] = f * 256 + k * 16 + c;
                    }
                    out = ttx_fmt_fpu_round(d + gapool_chunk(s, p, f, idx),
                                            kind);
                    d = ttx_fmt_fpu_value(out, kind);
                }
            }
        }
        dst_put(e, (unsigned)slot, 0, out);
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

int ttx_tile_pack(TTTileEngine *e, unsigned idst, unsigned fmt, void *l1)
{
    int slot = dst_slot(e, idst, e->pack_section);
    uint32_t v[TT_TILE_ELEMS];

    if (slot < 0 || !ttx_fmt_tile_bytes(fmt)) {
        return TTX_TILE_EINVAL;
    }
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        /* Undefined rows pack as 0 (§1 ZEROACC). */
        v[i] = ((e->defined[slot] >> (i / 16)) & 1) ? e->dst[slot][i] : 0;
    }
    return ttx_fmt_pack_tile(fmt, e->kind[slot], v, l1);
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
    /* in0 -> SrcB, in1 -> SrcA, transposed by the unpacker (§4 MVMUL). */
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
