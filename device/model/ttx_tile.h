/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tile engine of one Tensix core, value for value: the unpackers (L1 tile
 * -> SrcA/SrcB or Dst), the FPU (eltwise, broadcast, matmul, reduce,
 * datacopy, transpose) with its math-fidelity phases, the SFPU on Dst and
 * the packer (Dst -> L1 tile), plus the Src ownership handshake and the
 * math-pack semaphore over Dst halves.  QEMU-independent: it works on
 * in-memory tiles.  The numerics are the ones docs/tile-engine.md
 * describes, by section name below; every choice the model makes where the
 * hardware's behaviour is not documented is marked "[I]" here and listed
 * there.
 *
 * Four sources share this header: ttx_format.c (formats, rounding,
 * L1 tile encode/decode), ttx_tile.c (engine state, sync, unpack, FPU,
 * pack), ttx_sfpu.c (SFPU ops) and ttx_sfpi.c (the SFPU as the vector
 * unit tt-metal's sfpi programs).
 *
 * Not yet implemented:
 *   - formats other than Float32, Float16, Float16_b, Bfp8_b, Bfp4_b (the
 *     integer, Tf32, Lf8, Bfp*a and Bfp2 formats are rejected);
 *   - the 16-bit/32-bit aliasing of Dst rows (a tile is stored in the
 *     mode it was written in), Dst offsets finer than a tile;
 *   - stochastic rounding, partial faces, tiny tiles, SFPU vector modes
 *     R and C (ops always cover the four faces);
 *   - Src row/column addressing, ZEROACC of single rows, MOVD2A/MOVD2B
 *     (dest reuse) and the 19-bit truncation of 32-bit Dst on that path;
 *   - a separate math (ALU) format: the FPU takes its operand style from
 *     what the unpacker put in Src, so only the unpack and pack formats
 *     are configured state.
 */
#ifndef TTX_TILE_H
#define TTX_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tt_data_format.h"
#include "tt_tile_regs.h"

/* Return codes. */
#define TTX_TILE_OK 0
#define TTX_TILE_BLOCKED 1 /* the hardware would stall: retry later */
#define TTX_TILE_EINVAL (-22)

/* Kinds of element held in Dst (and the FPU result rounding target). */
typedef enum TTDstKind {
    TTX_DST_BF16 = 0,
    TTX_DST_FP16 = 1,
    TTX_DST_FP32 = 2,
} TTDstKind;

/* How the FPU reads a Src bank (SrcA/SrcB: 19-bit datums). */
typedef enum TTSrcStyle {
    TTX_SRC_BF16 = 0, /* 1/8/7, also Bfp*_b and truncated Float32 */
    TTX_SRC_FP16 = 1, /* 1/5/10 */
    TTX_SRC_TF32 = 2, /* 1/8/10, Float32 with fp32 Dst */
} TTSrcStyle;

/* tt-metal MathFidelity values. */
typedef enum TTMathFidelity {
    TTX_LOFI = 0,
    TTX_HIFI2 = 2,
    TTX_HIFI3 = 3,
    TTX_HIFI4 = 4,
} TTMathFidelity;

typedef enum TTEltwiseOp {
    TTX_ELW_ADD,
    TTX_ELW_SUB,
    TTX_ELW_MUL,
} TTEltwiseOp;

typedef enum TTBcast {
    TTX_BCAST_NONE,
    TTX_BCAST_ROW,    /* in1 row 0 down every row */
    TTX_BCAST_COL,    /* in1 column 0 across every column */
    TTX_BCAST_SCALAR, /* in1[0][0] everywhere */
} TTBcast;

typedef enum TTPoolType {
    TTX_POOL_SUM,
    TTX_POOL_AVG,
    TTX_POOL_MAX,
} TTPoolType;

typedef enum TTReduceDim {
    TTX_REDUCE_ROW,    /* result in column 0 */
    TTX_REDUCE_COL,    /* result in row 0 */
    TTX_REDUCE_SCALAR, /* result at [0][0] */
} TTReduceDim;

typedef enum TTSfpuOp {
    TTX_SFPU_EXP,
    TTX_SFPU_RECIP,
    TTX_SFPU_SQRT,
    TTX_SFPU_RSQRT,
    TTX_SFPU_LOG,
    TTX_SFPU_RELU,
    TTX_SFPU_GELU,
    TTX_SFPU_SIGMOID,
    TTX_SFPU_TANH,
    TTX_SFPU_ABS,
    TTX_SFPU_SQUARE,
    TTX_SFPU_NEGATIVE,
    TTX_SFPU_SILU,
    TTX_SFPU_SIGN,
    TTX_SFPU_ADD_SCALAR, /* these take a scalar: ttx_sfpu_unary's @scalar */
    TTX_SFPU_SUB_SCALAR,
    TTX_SFPU_MUL_SCALAR,
    TTX_SFPU_DIV_SCALAR, /* x * scalar, as the LLK: the caller passes 1/divisor */
    TTX_SFPU_RSUB_SCALAR,
    TTX_SFPU_UNARY_COUNT,
} TTSfpuOp;

typedef enum TTSfpuBinaryOp {
    TTX_SFPU_ADD,
    TTX_SFPU_SUB,
    TTX_SFPU_MUL,
} TTSfpuBinaryOp;

#define TTX_SRC_A 0
#define TTX_SRC_B 1

/* ttx_tile_unpack() flags. */
#define TTX_UNPACK_TRANSPOSE (1u << 0) /* transpose the 32x32 tile */
#define TTX_UNPACK_TO_DST (1u << 1)    /* bit exact, for DATACOPY to Dst */

/* Largest rt_dim / ct_dim of a matmul block: tiles one Src bank holds. */
#define TTX_BLOCK_MAX 16

/* Dst geometry: 1024 rows x 16 columns of 16 bits (Dst). */
#define TTX_DST_TILES_16B 16
#define TTX_DST_TILES_32B 8
#define TTX_DST_TILE_ROWS 64 /* 16-bit rows of one tile: 4 faces x 16 */

/* Element (r, c) of a 32x32 tile -> index in face order (hal's). */
static inline unsigned ttx_tile_index(unsigned r, unsigned c)
{
    return tt_tile_face_index(r, c);
}

/*
 * One bank of SrcA or SrcB: 64 rows x 16 columns = one tile.  A matmul
 * block unpack fills it with up to TTX_BLOCK_MAX tiles (the hardware
 * streams them; the model hands them over at once): tile 0 in bits,
 * the others in more[], allocated on first use.
 */
typedef struct TTSrcBank {
    uint32_t bits[TT_TILE_ELEMS]; /* FP32 bit pattern of each datum */
    TTSrcStyle style;
    bool matrix_owned;               /* AllowedClient == MatrixUnit */
    bool to_dst;                     /* unpack to Dst: bits are a Dst image */
    TTDstKind dst_kind;              /* ... of this kind */
    unsigned ntiles;                 /* tiles held (1 unless a block) */
    uint32_t (*more)[TT_TILE_ELEMS]; /* tiles 1..ntiles-1 of a block */
} TTSrcBank;

typedef struct TTSrcReg {
    TTSrcBank bank[2];
    unsigned unpack_bank; /* bank the unpacker writes next */
    unsigned fpu_bank;    /* bank the FPU reads next */
} TTSrcReg;

/*
 * Operand slices of the fidelity phases and their matmul views:
 * scratch space of the FPU, kept per engine so engines run in parallel.
 */
typedef struct TTSlices {
    double a[2][TT_TILE_ELEMS];             /* SrcA, [phase & 1] */
    double b[2][TT_TILE_ELEMS];             /* SrcB, [(phase >> 1) & 1] */
    double ak[2][TT_TILE_DIM][TT_TILE_DIM]; /* SrcA slice, [k][column] */
    double bm[2][TT_TILE_DIM][TT_TILE_DIM]; /* SrcB slice by row */
    uint32_t bnz[2][TT_TILE_DIM];           /* bit k: bm[.][r][k] != 0 */
    int aexp[2], bexp[2]; /* least, greatest exponent field, nonzero data */
} TTSlices;

typedef struct TTTileConfig {
    bool fp32_dest; /* fp32_dest_acc_en */
    bool full_sync; /* DstSync::SyncFull (else SyncHalf) */
    TTMathFidelity fidelity;
    bool approx; /* math_approx_mode */
} TTTileConfig;

/*
 * Data formats the kernel configured (TT_DF_INVALID: none yet) and the CB
 * each came from, for error reports.  The engine library takes a format
 * with every call; the command block (ttx_compute.c) checks those
 * against these, as the hardware's unpacker and packer only know theirs.
 */
typedef struct TTTileFormats {
    unsigned unpack[2]; /* TTX_SRC_A, TTX_SRC_B */
    unsigned unpack_cb[2];
    unsigned pack;
    unsigned pack_cb;
} TTTileFormats;

/* Depth of the SFPU's lane-flag stack (SFPPUSHC beyond it is undefined). */
#define TTX_SFPI_STACK 8

/*
 * The SFPU as tt-metal's sfpi drives it (ttx_sfpi.c): TT_SFPI_SLOTS
 * vector registers of 32 lanes, the lane flags that predicate every
 * write, their stack, and where dst_reg[0] is.  Lane masks have
 * bit i for lane i.
 */
typedef struct TTSfpi {
    uint32_t reg[TT_SFPI_SLOTS][TT_SFPI_LANES];
    uint32_t flags;     /* LaneFlags */
    uint32_t use_flags; /* UseLaneFlagsForLaneEnable */
    uint32_t stack_flags[TTX_SFPI_STACK];
    uint32_t stack_use[TTX_SFPI_STACK];
    unsigned depth;    /* entries on the stack */
    uint32_t dst_base; /* Dst row of the tile the loop is on */
    uint32_t dst_rwc;  /* the Dst counter, added to it */
    uint32_t dst_cr;   /* and the counter's carriage return */
    bool failed;       /* an instruction was rejected */
} TTSfpi;

typedef struct TTTileEngine {
    /*
     * Dst and the matmul slices come first, whole cache lines each: an
     * engine at a 64-byte boundary (ttx_compute.c allocates it so) then
     * has every Dst row and slice row on one, and the FPU's 64-byte loads
     * never straddle two lines.
     *
     * Dst by tile slot: FP32 bits (32-bit mode) or BF16/FP16 bits in the
     * low half (16-bit mode).  kind[] says which; defined[] has one bit
     * per 16-bit Dst row of the slot (face f row r -> bit 16f + r):
     * ZEROACC clears it and undefined rows read as 0 (-inf for max).
     */
    uint32_t dst[TTX_DST_TILES_16B][TT_TILE_ELEMS];
    TTSlices scratch;
    TTTileConfig cfg;
    TTTileFormats fmt;
    TTSrcReg src[2]; /* TTX_SRC_A, TTX_SRC_B */
    TTDstKind kind[TTX_DST_TILES_16B];
    uint64_t defined[TTX_DST_TILES_16B];
    unsigned sem;          /* MATH_PACK semaphore */
    unsigned math_section; /* Dst half math writes (SyncHalf) */
    unsigned pack_section; /* Dst half pack reads (SyncHalf) */
    bool math_owns_dst;    /* between acquire and commit */
    bool pack_owns_dst;    /* between wait and release */
    TTSfpi sfpi;
} TTTileEngine;

/* ---- formats and rounding (ttx_format.c) ---------------------------- */

/* Bytes of one 32x32 tile of @fmt in L1, 0 if the model lacks @fmt. */
size_t ttx_fmt_tile_bytes(unsigned fmt);
/*
 * Bytes of one element of @fmt in row-major data (tilize / untilize):
 * 4 for Float32, 2 for Float16 and Float16_b, 0 for the block formats.
 */
size_t ttx_fmt_elem_bytes(unsigned fmt);
/* tt-metal's name of @fmt ("Float16_b"), "format <n>" for unknown ones. */
const char *ttx_fmt_name(unsigned fmt, char buf[16]);

/*
 * Decode an L1 tile into FP32 bit patterns, losslessly (Unpacker):
 * Float16 exponent 31 is a normal number, Bfp sign 1 with magnitude 0 is
 * 0xff800000.  TTX_TILE_EINVAL for formats the model lacks.
 */
int ttx_fmt_decode_tile(unsigned fmt, const void *l1,
                        uint32_t out[TT_TILE_ELEMS]);

/*
 * Pack Dst values of @kind (bits as in TTTileEngine.dst) into an L1 tile
 * of @fmt with the packer's conversions (Packer conversion).
 */
int ttx_fmt_pack_tile(unsigned fmt, TTDstKind kind,
                      const uint32_t in[TT_TILE_ELEMS], void *l1);

/* Unpacker conversions: FP32 -> TF32 and FP32 -> BF16, truncating. */
uint32_t ttx_fmt_fp32_to_tf32_unpack(uint32_t f32);
uint16_t ttx_fmt_fp32_to_bf16_unpack(uint32_t f32);
/* One Bfp8 datum (Bfp4: datum << 4) with shared exponent -> BF16 bits. */
uint16_t ttx_fmt_bfp8_to_bf16(uint8_t exp, uint8_t datum);
/* FP16 bits (exponent 31 normal) -> FP32 bits, exact. */
uint32_t ttx_fmt_fp16_to_fp32(uint16_t h);

/* Packer conversions: round to nearest, ties away from zero. */
uint16_t ttx_fmt_fp32_to_bf16_pack(uint32_t f32);
uint16_t ttx_fmt_fp32_to_fp16_pack(uint32_t f32);
/*
 * 16 BF16 values (one face row) -> shared exponent and 16 sign+magnitude
 * datums of @mag_bits (7 for Bfp8, 3 for Bfp4).
 */
void ttx_fmt_bfp_pack_row(const uint16_t bf16[16], unsigned mag_bits,
                          uint8_t *exp, uint8_t datum[16]);

/*
 * Value of @bits of @kind as the FPU sees it (Bit layouts): the top
 * exponent is a finite number and denormals are zero.  For FP32/TF32/BF16
 * style Src data pass the FP32 pattern with kind TTX_DST_FP32.
 */
double ttx_fmt_fpu_value(uint32_t bits, TTDstKind kind);
/*
 * FPU Dst write (Dst write rounding): @v rounded to nearest even into
 * @kind, denormal results flushed to signed zero, overflow to the top
 * exponent with mantissa 0 (BF16/FP32) or 0x7fff (FP16).  [I]
 */
uint32_t ttx_fmt_fpu_round(double v, TTDstKind kind);

/*
 * The two above as inline functions, for the FPU's inner loops (the
 * exported forms call these).
 */
static inline double ttx_fmt_f32_value_inl(uint32_t u)
{
    /* Exponent 255 is finite, denormals are zero. */
    uint32_t e = (u >> 23) & 0xff;
    uint64_t d = (uint64_t)(u >> 31) << 63 | (uint64_t)(e - 127 + 1023) << 52 |
                 (uint64_t)(u & 0x7fffff) << 29;
    double v;

    if (!e) {
        return 0.0;
    }
    memcpy(&v, &d, sizeof(v));
    return v;
}

static inline double ttx_fmt_fpu_value_inl(uint32_t bits, TTDstKind kind)
{
    switch (kind) {
    case TTX_DST_BF16:
        return ttx_fmt_f32_value_inl(bits << 16);
    case TTX_DST_FP16:
        if (!(bits & 0x7c00)) {
            return 0.0; /* FP16 denormals are flushed */
        }
        return ttx_fmt_f32_value_inl(ttx_fmt_fp16_to_fp32((uint16_t)bits));
    default:
        return ttx_fmt_f32_value_inl(bits);
    }
}

static inline uint32_t ttx_fmt_fpu_round_inl(double v, TTDstKind kind)
{
    static const struct {
        int mbits, ebits, bias;
    } k[] = {
        [TTX_DST_BF16] = {7, 8, 127},
        [TTX_DST_FP16] = {10, 5, 15},
        [TTX_DST_FP32] = {23, 8, 127},
    };
    int mb = k[kind].mbits, eb = k[kind].ebits;
    uint64_t d;
    uint32_t sign;
    int de, be, shift = 52 - mb;
    uint64_t sig, q, rem, half = 1ull << (shift - 1);

    memcpy(&d, &v, sizeof(d));
    sign = (uint32_t)(d >> 63) << (eb + mb);
    de = (int)((d >> 52) & 0x7ff);
    be = de - 1023 + k[kind].bias;
    sig = (1ull << 52) | (d & ((1ull << 52) - 1));
    q = sig >> shift;
    rem = sig & ((1ull << shift) - 1);
    if (!de || be < 1) {
        return sign; /* zero, or below the normal range */
    }
    if (de == 0x7ff) {
        be = 1 << eb; /* cannot come from finite operands */
    }
    if (rem > half || (rem == half && (q & 1))) {
        q++;
        if (q >> (mb + 1)) {
            q >>= 1;
            be++;
        }
    }
    if (be > (1 << eb) - 1) {
        if (kind == TTX_DST_FP16) {
            return sign | 0x7fffu;
        }
        return sign | (uint32_t)((1 << eb) - 1) << mb;
    }
    return sign | (uint32_t)be << mb | (uint32_t)(q & ((1ull << mb) - 1));
}

/* ---- engine (ttx_tile.c) ------------------------------------------- */

/*
 * Initialise @e (any contents) with @cfg, formats unconfigured.  Call
 * ttx_tile_fini() before initialising an engine again or freeing it once
 * it has run a matmul block.
 */
void ttx_tile_init(TTTileEngine *e, const TTTileConfig *cfg);

/*
 * Builds of the FPU's inner loops (matmul, eltwise add/sub), narrowest
 * first.  All give the same bits; the widest the host has runs, unless
 * ttx_tile_simd_max is below it (tests lower it to compare the builds).
 */
typedef enum TTSimdLevel {
    TTX_SIMD_PORTABLE, /* GNU C vectors, any host */
    TTX_SIMD_AVX2,     /* x86-64 with AVX2 and FMA */
    TTX_SIMD_AVX512,   /* x86-64 with AVX-512F */
} TTSimdLevel;

extern TTSimdLevel ttx_tile_simd_max;
/* The level the loops run at: the host's widest, capped at the above. */
TTSimdLevel ttx_tile_simd_level(void);
void ttx_tile_fini(TTTileEngine *e);
/* Dst tiles one acquire may use: 8/4 SyncHalf, 16/8 SyncFull. */
unsigned ttx_tile_dst_capacity(const TTTileEngine *e);

/*
 * Math-pack synchronisation.  Each returns TTX_TILE_BLOCKED where
 * the hardware would stall; nothing changes then.
 *   acquire (math): blocked while the semaphore is at its max;
 *   commit  (math): semaphore + 1 (saturating at 15), flip math half;
 *   wait    (pack): blocked while the semaphore is 0;
 *   release (pack): ZEROACC the packed half (all of Dst in SyncFull),
 *                   semaphore - 1 (saturating at 0), flip pack half.
 */
int ttx_tile_acquire(TTTileEngine *e);
int ttx_tile_commit(TTTileEngine *e);
int ttx_tile_wait(TTTileEngine *e);
int ttx_tile_release(TTTileEngine *e);

/*
 * Unpack the L1 tile @l1 of @fmt into the unpacker's bank of @src
 * (TTX_SRC_A/B) and hand the bank to the FPU.  TTX_TILE_BLOCKED while
 * that bank still belongs to the FPU.  Float32 becomes TF32 with fp32 Dst
 * and truncated BF16 otherwise [I]; other formats are exact.
 */
int ttx_tile_unpack(TTTileEngine *e, unsigned src, unsigned fmt, const void *l1,
                    unsigned flags);
/*
 * ttx_tile_unpack() of a tile read out of row-major data (tilize): element
 * (r, c) at @l1 + r * @row_stride + c * ttx_fmt_elem_bytes(@fmt).  Only
 * the formats with an element size; @row_stride >= 32 elements, or 0 for
 * a tile in face order.  With TTX_UNPACK_TO_DST the bank holds the exact
 * Dst image ttx_tile_unpack_to_dst() would write (same format rules) and
 * only DATACOPY may consume it.
 */
int ttx_tile_unpack_rows(TTTileEngine *e, unsigned src, unsigned fmt,
                         const void *l1, size_t row_stride, unsigned flags);
/*
 * Matmul block unpack (tt-metal matmul_block): the @rt tiles @in0[] into
 * one SrcB bank and the @ct tiles @in1[] (each transposed when
 * @transpose) into one SrcA bank, 1 <= rt, ct <= TTX_BLOCK_MAX.
 * TTX_TILE_BLOCKED unless both unpacker banks are free.
 */
int ttx_tile_unpack_matmul_block(TTTileEngine *e, unsigned fmt0,
                                 const void *const in0[], unsigned rt,
                                 unsigned fmt1, const void *const in1[],
                                 unsigned ct, bool transpose);
/* Hand the unpacker's bank of @src to the FPU without data (dummy). */
int ttx_tile_src_dvalid(TTTileEngine *e, unsigned src);
/*
 * Unpack to Dst tile @idst of the math half, bit exact: 32-bit Dst
 * takes every format; 16-bit Dst takes the 16-bit and Bfp formats.
 */
int ttx_tile_unpack_to_dst(TTTileEngine *e, unsigned fmt, const void *l1,
                           unsigned idst);

/*
 * FPU ops.  Each waits for both Src banks to belong to the FPU
 * (TTX_TILE_BLOCKED otherwise), then hands both back to the unpackers.
 * @idst indexes the math half; TTX_TILE_EINVAL past the capacity.
 */
/*
 * MOVD2A / MOVD2B before an eltwise op (binary_dest_reuse_tiles): Dst tile
 * @idst into Src @src (TTX_SRC_A or _B) at Src precision, then the tile
 * cleared.  Waits as the FPU ops do, and hands nothing back.
 */
int ttx_tile_reuse_dst(TTTileEngine *e, unsigned src, unsigned idst);
/*
 * Dst = SrcA op SrcB (op ADD/SUB; Dst += with @acc), Dst += A * B (MUL);
 * a row broadcast repeats SrcB's row @row (0 for the others).
 */
int ttx_tile_eltwise(TTTileEngine *e, TTEltwiseOp op, TTBcast bcast,
                     unsigned row, bool acc, unsigned idst);
/* Dst = Src@src (MOVA2D / MOVB2D). */
int ttx_tile_datacopy(TTTileEngine *e, unsigned src, unsigned idst);
/* Dst += SrcB @ SrcA, i.e. in0 @ in1 with in0 in SrcB (MVMUL). */
int ttx_tile_matmul(TTTileEngine *e, unsigned idst);

/*
 * Dst[@idst + r * @ct + c] += SrcB tile r @ SrcA tile c for r < @rt,
 * c < @ct, on banks filled by ttx_tile_unpack_matmul_block() with the
 * same @rt and @ct; bit for bit rt * ct ttx_tile_matmul() calls.
 */
int ttx_tile_matmul_block(TTTileEngine *e, unsigned idst, unsigned ct,
                          unsigned rt);

/*
 * ttx_tile_matmul() in two steps, so the arithmetic can wait or run on
 * another thread: the issue checks and takes everything the matmul reads
 * (the two Src tiles, the Dst tile it goes to and that tile's kind) and
 * hands the banks back to the unpackers, as the FPU does; the run does
 * the arithmetic on Dst.  Issue then run is bit for bit
 * ttx_tile_matmul(), and so is any number of issues followed by their
 * runs in the same order, as long as nothing else reads or writes Dst,
 * the engine's configuration or its FPU scratch in between.
 */
typedef struct TTMatmulJob {
    _Alignas(64) uint32_t a[TT_TILE_ELEMS]; /* SrcA tile: FP32 patterns */
    uint32_t b[TT_TILE_ELEMS];              /* SrcB tile */
    unsigned slot;                          /* Dst slot */
    TTDstKind kind;                         /* its kind for this matmul */
} TTMatmulJob;

int ttx_tile_matmul_issue(TTTileEngine *e, unsigned idst, TTMatmulJob *job);
/* @s: the FPU scratch to use, NULL for the engine's own. */
void ttx_tile_matmul_run(TTTileEngine *e, const TTMatmulJob *job, TTSlices *s);

/*
 * Where ttx_tile_matmul_block_issue() puts its jobs: take gives a job to
 * fill, put says the one taken is filled.
 */
typedef struct TTJobSink {
    TTMatmulJob *(*take)(void *ctx);
    void (*put)(void *ctx);
    void *ctx;
} TTJobSink;

/*
 * ttx_tile_matmul_block() as issues: one job per Dst tile of the block,
 * in the order the block does them (SrcA tile c outer, SrcB tile r
 * inner), each what ttx_tile_matmul_issue() of that pair of tiles gives.
 */
int ttx_tile_matmul_block_issue(TTTileEngine *e, unsigned idst, unsigned ct,
                                unsigned rt, const TTJobSink *sink);

/* Reduce SrcA (data) with the scaler tile in SrcB (Reduce). */
int ttx_tile_reduce(TTTileEngine *e, TTPoolType pool, TTReduceDim dim,
                    unsigned idst);

/*
 * Pack Dst tile @idst of the pack half into @l1 as @fmt.  Rows never
 * written since the last ZEROACC read as 0.
 */
int ttx_tile_pack(TTTileEngine *e, unsigned idst, unsigned fmt, void *l1);
/*
 * ttx_tile_pack() writing row-major rows (untilize): element (r, c) to
 * @l1 + r * @row_stride + c * ttx_fmt_elem_bytes(@fmt); @row_stride as
 * for ttx_tile_unpack_rows().  Bytes between the rows are left alone.
 */
int ttx_tile_pack_rows(TTTileEngine *e, unsigned idst, unsigned fmt, void *l1,
                       size_t row_stride);

/* Dst tile @idst of the math half as values (tests, debugging). */
void ttx_tile_dst_read(const TTTileEngine *e, unsigned idst,
                       double out[TT_TILE_ELEMS]);

/*
 * Compute-API shaped helpers: the unpacks and the FPU op of one call of
 * the tt-metal function of the same name (FPU arithmetic).
 */
int ttx_tile_binary_tiles(TTTileEngine *e, TTEltwiseOp op, TTBcast bcast,
                          unsigned fmt0, const void *in0, unsigned fmt1,
                          const void *in1, unsigned idst);
int ttx_tile_matmul_tiles(TTTileEngine *e, unsigned fmt0, const void *in0,
                          unsigned fmt1, const void *in1, bool transpose,
                          unsigned idst);
int ttx_tile_reduce_tile(TTTileEngine *e, TTPoolType pool, TTReduceDim dim,
                         unsigned fmt, const void *in, unsigned sfmt,
                         const void *scaler, unsigned idst);
int ttx_tile_transpose_wh_tile(TTTileEngine *e, unsigned fmt, const void *in,
                               unsigned idst);
/* copy_tile: unpack-to-dest for Float32 with fp32 Dst, else via SrcA. */
int ttx_tile_copy_tile(TTTileEngine *e, unsigned fmt, const void *in,
                       unsigned idst);

/* ---- SFPU (ttx_sfpu.c) --------------------------------------------- */

/*
 * Dst[@idst] = op(Dst[@idst]) in the engine's approx mode; @scalar (FP32
 * bits) is the operand of the *_SCALAR ops.
 */
int ttx_sfpu_unary(TTTileEngine *e, TTSfpuOp op, unsigned idst,
                   uint32_t scalar);
/* Dst[@idst0] = Dst[@idst0] op Dst[@idst1]. */
int ttx_sfpu_binary(TTTileEngine *e, TTSfpuBinaryOp op, unsigned idst0,
                    unsigned idst1);
/*
 * One element through the SFPU op: @x already loaded as FP32, result
 * before the store to Dst.  @fp32_dest selects the fp32 algorithm
 * variants.  For tests and benchmarks.
 */
float ttx_sfpu_eval(TTSfpuOp op, float x, bool approx, bool fp32_dest);
const char *ttx_sfpu_name(TTSfpuOp op);

/*
 * Building blocks the SFPI unit shares (FP32 bit patterns in and out):
 * SFPMAD (a * b + c, denormal inputs read as zero, one round to nearest
 * even, denormal and -0 results become +0), the store of @u into a Dst
 * element of @kind (truncating unless @rne), and the slot of Dst tile
 * @idst of the math half (-1 past the capacity).
 */
uint32_t ttx_sfpu_mad(uint32_t a, uint32_t b, uint32_t c);
uint32_t ttx_sfpu_store_bits(uint32_t u, TTDstKind kind, bool rne);
int ttx_sfpu_math_slot(const TTTileEngine *e, unsigned idst);

/* ---- SFPI vector unit (ttx_sfpi.c) --------------------------------- */

/* The unit after reset: constants loaded, no predication, dst_reg at 0. */
void ttx_sfpi_reset(TTSfpi *s);
/*
 * Run one SFPI_INSN word @insn with immediate @imm (hal/tt_tile_regs.h);
 * a CMP leaves its lane mask in *@result.  TTX_TILE_EINVAL with a reason
 * in *@why for an instruction the unit rejects (nothing changes then).
 */
int ttx_sfpi_exec(TTTileEngine *e, uint32_t insn, uint32_t imm,
                  uint32_t *result, const char **why);
/* Name of SFPI op @op ("MAD"), "?" for none. */
const char *ttx_sfpi_op_name(unsigned op);
/*
 * The Dst element lane @lane of a LOAD or STORE at Dst row address @addr
 * reaches (sfpi's dst_reg[i] is address 2i from dst_reg[0]): the four
 * rows from @addr rounded down to a multiple of 4, lane / 8 picking the
 * row; column 2 * (lane % 8), plus one when bit 1 of @addr is set.  The
 * tile of the math half in *@tile, the element in face order in *@elem.
 */
void ttx_sfpi_lane_elem(uint32_t addr, unsigned lane, unsigned *tile,
                        unsigned *elem);

#endif /* TTX_TILE_H */
