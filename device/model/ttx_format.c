/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Number formats of the tile engine, bit for bit: the L1 tile layouts of
 * Float32, Float16, Float16_b, Bfp8_b and Bfp4_b, the unpacker's lossless
 * and truncating conversions, the packer's rounding (nearest, ties away
 * from zero), denormal flush and shared-exponent packing, and the FPU's
 * own view of a value (top exponent finite, denormals zero) with its Dst
 * write rounding, as docs/tile-engine.md (Formats) describes them.
 *
 * Not yet implemented:
 *   - Bfp8/Bfp4 "a" (5-bit exponent), Bfp2, Tf32, Lf8 and integer
 *     formats;
 *   - the packer's E8M6 early stage (Bfp output goes through BF16) and
 *     stochastic rounding.
 */
#include "ttx_tile.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static uint32_t get_le(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < n; i++) {
        v |= (uint32_t)p[i] << (8 * i);
    }
    return v;
}

static void put_le(uint8_t *p, uint32_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

/* The formats the engine implements, of hal/tt_data_format.h's. */
static bool ttx_fmt_supported(unsigned fmt)
{
    switch (fmt) {
    case TT_DF_FLOAT32:
    case TT_DF_FLOAT16:
    case TT_DF_FLOAT16_B:
    case TT_DF_BFP8_B:
    case TT_DF_BFP4_B:
        return true;
    default:
        return false;
    }
}

size_t ttx_fmt_tile_bytes(unsigned fmt)
{
    return ttx_fmt_supported(fmt)
               ? tt_df_tile_bytes(fmt, TT_TILE_DIM, TT_TILE_DIM)
               : 0;
}

size_t ttx_fmt_elem_bytes(unsigned fmt)
{
    return ttx_fmt_supported(fmt) ? tt_df_elem_bytes(fmt) : 0;
}

const char *ttx_fmt_name(unsigned fmt, char buf[16])
{
    const char *name = tt_df_name(fmt);

    if (name) {
        return name;
    }
    snprintf(buf, 16, "format %u", fmt);
    return buf;
}

/* ---- unpacker conversions (Unpacker conversion) ------------------ */

uint32_t ttx_fmt_fp32_to_tf32_unpack(uint32_t f32)
{
    /* DatumBits >> 13: the low 13 mantissa bits are truncated. */
    return f32 & 0xffffe000u;
}

uint16_t ttx_fmt_fp32_to_bf16_unpack(uint32_t f32)
{
    /* Denormals flush to signed zero, then >> 16 truncates. */
    if (!(f32 & 0x7f800000u)) {
        return (uint16_t)((f32 >> 16) & 0x8000u);
    }
    return (uint16_t)(f32 >> 16);
}

uint16_t ttx_fmt_bfp8_to_bf16(uint8_t exp, uint8_t datum)
{
    return tt_df_bfp8_to_bf16(exp, datum);
}

uint32_t ttx_fmt_fp16_to_fp32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31;
    uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;

    if (!e) {
        uint32_t e32 = 113;

        if (!m) {
            return sign;
        }
        while (!(m & 0x400)) {
            m <<= 1;
            e32--;
        }
        return sign | e32 << 23 | (m & 0x3ff) << 13;
    }
    /* Exponent 31 is an ordinary binade up to 131008 (Bit layouts). */
    return sign | (e + 112) << 23 | m << 13;
}

/* ---- packer conversions (Packer conversion) ---------------------- */

uint16_t ttx_fmt_fp32_to_bf16_pack(uint32_t f32)
{
    uint32_t sign = (f32 >> 16) & 0x8000u;
    uint32_t e = (f32 >> 23) & 0xff;

    if (!e) {
        return 0; /* denormals and -0 become +0 */
    }
    if (e == 0xff) {
        return (uint16_t)(sign | 0x7f80u); /* NaN -> Inf, Inf stays */
    }
    /* Round to nearest, ties away: add half an ulp of the result. */
    return (uint16_t)(sign | (((f32 & 0x7fffffffu) + 0x8000u) >> 16));
}

uint16_t ttx_fmt_fp32_to_fp16_pack(uint32_t f32)
{
    uint32_t sign = (f32 >> 16) & 0x8000u;
    uint32_t mag = f32 & 0x7fffffffu;
    int fe;

    if ((mag >> 23) == 0xff) {
        return (uint16_t)(sign | 0x7fffu); /* [I] saturate Inf/NaN */
    }
    if (!(mag >> 23)) {
        return 0;
    }
    /* Early stage: Round_10b_mant, to TF32, ties away. */
    mag = (mag + 0x1000u) & ~0x1fffu;
    /* Late stage: saturate the exponent, truncate (nothing left). */
    fe = (int)(mag >> 23) - 127 + 15;
    if (fe > 31) {
        return (uint16_t)(sign | 0x7fffu);
    }
    if (fe >= 1) {
        return (uint16_t)(sign | (uint32_t)fe << 10 | ((mag >> 13) & 0x3ff));
    }
    if (mag <= 0x38000000u) {
        return 0; /* |x| <= 2^-15 flushes */
    }
    /*
     * (2^-15, 2^-14): the ISA documentation says the hardware mishandles this
     * range without saying how; [U] give the truncated FP16 denormal.
     */
    return (uint16_t)(sign | ((0x400u | ((mag >> 13) & 0x3ff)) >> 1));
}

void ttx_fmt_bfp_pack_row(const uint16_t bf16[16], unsigned mag_bits,
                          uint8_t *exp, uint8_t datum[16])
{
    uint32_t maxe = 0;

    for (int i = 0; i < 16; i++) {
        uint32_t e = (bf16[i] >> 7) & 0xff;

        maxe = e > maxe ? e : maxe;
    }
    /* [I] the shared exponent is the largest of the 16. */
    *exp = (uint8_t)maxe;
    for (int i = 0; i < 16; i++) {
        uint32_t e = (bf16[i] >> 7) & 0xff, diff = maxe - e;
        uint32_t sig = 0x80u | (bf16[i] & 0x7f), mag;

        if (!e) {
            datum[i] = 0;
            continue;
        }
        /*
         * Magnitude = 1.m aligned to the shared exponent, rounded to
         * 7 bits, ties away from zero [I]; saturates at 127.
         */
        mag = diff > 8 ? 0 : (sig + (1u << diff)) >> (diff + 1);
        mag = mag > 127 ? 127 : mag;
        /* Bfp4 (and Bfp2) truncate the Bfp8 magnitude. */
        mag >>= 7 - mag_bits;
        /* [I] a zero magnitude is written +0: sign 1 would decode -Inf. */
        datum[i] = mag ? (uint8_t)((bf16[i] >> 15) << mag_bits | mag) : 0;
    }
}

/* ---- the FPU's view of values (Bit layouts, Dst write rounding) -- */

double ttx_fmt_fpu_value(uint32_t bits, TTDstKind kind)
{
    return ttx_fmt_fpu_value_inl(bits, kind);
}

uint32_t ttx_fmt_fpu_round(double v, TTDstKind kind)
{
    return ttx_fmt_fpu_round_inl(v, kind);
}

/* ---- whole tiles ---------------------------------------------------- */

/*
 * Float16_b tile -> FP32 patterns, 16 at a time in GNU C vectors (on a
 * little-endian host the tile's bytes are the vector's lanes): each lane
 * is the 16-bit datum shifted up, as the scalar form.
 */
static void decode_bf16(const uint8_t *p, uint32_t out[TT_TILE_ELEMS])
{
    typedef uint16_t v16h __attribute__((vector_size(32)));
    typedef uint32_t v16w __attribute__((vector_size(64)));

    for (int i = 0; i < TT_TILE_ELEMS; i += 16) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        v16h h;
        v16w w;

        memcpy(&h, p + 2 * i, sizeof(h));
        w = __builtin_convertvector(h, v16w) << 16;
        memcpy(&out[i], &w, sizeof(w));
#else
        for (int j = i; j < i + 16; j++) {
            out[j] = get_le(p + 2 * j, 2) << 16;
        }
#endif
    }
}

int ttx_fmt_decode_tile(unsigned fmt, const void *l1,
                        uint32_t out[TT_TILE_ELEMS])
{
    const uint8_t *p = l1;
    const uint8_t *d = p + TT_TILE_BFP_EXP_BYTES;

    switch (fmt) {
    case TT_DF_FLOAT32:
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(out, p, TT_TILE_ELEMS * sizeof(out[0]));
#else
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            out[i] = get_le(p + 4 * i, 4);
        }
#endif
        return TTX_TILE_OK;
    case TT_DF_FLOAT16_B:
        decode_bf16(p, out);
        return TTX_TILE_OK;
    case TT_DF_FLOAT16:
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            out[i] = ttx_fmt_fp16_to_fp32((uint16_t)get_le(p + 2 * i, 2));
        }
        return TTX_TILE_OK;
    case TT_DF_BFP8_B:
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            out[i] = (uint32_t)ttx_fmt_bfp8_to_bf16(p[i / 16], d[i]) << 16;
        }
        return TTX_TILE_OK;
    case TT_DF_BFP4_B:
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            /* [I] two datums a byte, the even one in the low nibble. */
            uint8_t nib = (d[i / 2] >> (4 * (i & 1))) & 0xf;

            out[i] =
                (uint32_t)ttx_fmt_bfp8_to_bf16(p[i / 16], (uint8_t)(nib << 4))
                << 16;
        }
        return TTX_TILE_OK;
    default:
        return TTX_TILE_EINVAL;
    }
}

/* Dst element of @kind -> the BF16 the packer's early stage makes. */
static uint16_t early_bf16(uint32_t v, TTDstKind kind)
{
    switch (kind) {
    case TTX_DST_BF16:
        return (uint16_t)v;
    case TTX_DST_FP16:
        return ttx_fmt_fp32_to_bf16_pack(ttx_fmt_fp16_to_fp32((uint16_t)v));
    default:
        return ttx_fmt_fp32_to_bf16_pack(v);
    }
}

int ttx_fmt_pack_tile(unsigned fmt, TTDstKind kind,
                      const uint32_t in[TT_TILE_ELEMS], void *l1)
{
    uint8_t *p = l1;
    uint8_t *d = p + TT_TILE_BFP_EXP_BYTES;
    uint16_t row[16];
    uint8_t dat[16];

    switch (fmt) {
    case TT_DF_FLOAT32:
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            uint32_t v = in[i];

            if (kind == TTX_DST_BF16) {
                v <<= 16;
            } else if (kind == TTX_DST_FP16) {
                v = ttx_fmt_fp16_to_fp32((uint16_t)v);
            }
            put_le(p + 4 * i, v, 4);
        }
        return TTX_TILE_OK;
    case TT_DF_FLOAT16_B:
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            put_le(p + 2 * i, early_bf16(in[i], kind), 2);
        }
        return TTX_TILE_OK;
    case TT_DF_FLOAT16:
        for (int i = 0; i < TT_TILE_ELEMS; i++) {
            uint32_t v = in[i];

            if (kind == TTX_DST_BF16) {
                v = ttx_fmt_fp32_to_fp16_pack(v << 16);
            } else if (kind == TTX_DST_FP32) {
                v = ttx_fmt_fp32_to_fp16_pack(v);
            }
            put_le(p + 2 * i, v, 2);
        }
        return TTX_TILE_OK;
    case TT_DF_BFP8_B:
    case TT_DF_BFP4_B:
        if (fmt == TT_DF_BFP4_B) {
            memset(d, 0, TT_TILE_ELEMS / 2);
        }
        for (int k = 0; k < TT_TILE_ELEMS / 16; k++) {
            for (int j = 0; j < 16; j++) {
                row[j] = early_bf16(in[16 * k + j], kind);
            }
            ttx_fmt_bfp_pack_row(row, fmt == TT_DF_BFP8_B ? 7 : 3, &p[k], dat);
            for (int j = 0; j < 16; j++) {
                int i = 16 * k + j;

                if (fmt == TT_DF_BFP8_B) {
                    d[i] = dat[j];
                } else {
                    d[i / 2] |= (uint8_t)(dat[j] << (4 * (i & 1)));
                }
            }
        }
        return TTX_TILE_OK;
    default:
        return TTX_TILE_EINVAL;
    }
}
