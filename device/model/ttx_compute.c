/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tile-engine command block: the TRISCs drive their core's tile engine
 * (ttx_tile.c, value for value) through one MMIO command per engine step
 * (hal/tt_tile_regs.h): unpack an L1 tile into SrcA/SrcB or Dst, an FPU
 * or SFPU op on Dst, pack a Dst tile to L1, and the math-pack semaphore
 * steps of tile_regs_acquire/commit/wait/release.
 *
 * Each hart has its own argument registers, so the three TRISCs never
 * see each other's half-written commands.  A command runs to completion
 * inside the CMD write, so runs stay deterministic under -icount, with
 * one exception that no hart can see: with a worker (deterministic mode),
 * a MATMUL or MATMUL_BLOCK is checked and its operands taken in the
 * write, and its arithmetic is left to a thread of its own
 * (ttx_worker.h); every other
 * command that may read or write Dst first finishes the core's queued
 * matmuls (ttx_compute_needs_dst()).  Where
 * the hardware would stall, the engine changes nothing and the command
 * reports BLOCKED, having taken the hart's wake and described its wait
 * (TT_WAIT_TILE_ENGINE): the TRISC sleeps and issues it again when woken.
 * Every command that changes engine state raises the wake event of the
 * core's other TRISCs whose last command stalled.  The argument registers
 * only hold values, and QEMU stores them itself (ttx_chip_latches).  The
 * engine (about 150 KiB) is allocated on first use, so cores that never
 * compute cost nothing.
 *
 * SFPI_INSN (tt-metal's sfpi) is one SFPU vector instruction per write,
 * run by ttx_sfpi.c on the core's engine; it never stalls.
 *
 * Data formats: the unpackers and the packer hold the formats the kernel
 * configured (UNPACK_CONFIG, PACK_CONFIG); every unpack and pack names
 * its CB and that CB's format, and a mismatch is a guest error that says
 * which reconfig call is missing, where silicon would silently convert
 * with the wrong format.
 *
 * Not yet implemented: unpack to Dst with a transpose, the math (ALU)
 * format as state of its own, pack_untilize's multi-tile row blocks as
 * one command (one PACK with a row stride per tile instead).
 */
#include "ttx_compute.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_riscv.h"
#include "ttx_tile.h"
#include "ttx_worker.h"

/*
 * The plain registers of a hart's command page (ARG0..ARG6, SFPI_IMM):
 * writes only store the value, so the emulator may store them itself
 * (ttx_compute_latches), and they are read with relaxed atomics.
 */
#define TTX_TILE_PLAIN_WORDS (TT_A_TILE_SFPI_IMM / 4 + 1)
#define TTX_TILE_PLAIN                                                         \
    (0xfu << TT_A_TILE_ARG0 / 4 | 0x7u << TT_A_TILE_ARG4 / 4 |                 \
     1u << TT_A_TILE_SFPI_IMM / 4)

_Static_assert(TT_A_TILE_ARG1 == TT_A_TILE_ARG0 + 4 &&
                   TT_A_TILE_ARG3 == TT_A_TILE_ARG0 + 12 &&
                   TT_A_TILE_ARG6 == TT_A_TILE_ARG4 + 8 &&
                   TTX_TILE_PLAIN_WORDS <= 32,
               "the plain registers fit the first mask word");

static const uint32_t ttx_tile_plain_mask[TTX_LATCH_PAGE / 4 / 32] = {
    TTX_TILE_PLAIN,
};

/* Per hart: its plain registers, at their word offsets, and its state. */
typedef struct TTTileHart {
    uint32_t plain[TTX_TILE_PLAIN_WORDS];
    uint32_t status;
    uint32_t blocked_cmd; /* the command that stalled, while status says so */
    uint32_t sfpi_result; /* SFPI_RESULT */
} TTTileHart;

/* Plain register @off of @t (ARGn, SFPI_IMM). */
static uint32_t ttx_tile_plain(const TTTileHart *t, uint32_t off)
{
    return __atomic_load_n(&t->plain[off / 4], __ATOMIC_RELAXED);
}

/* ARG0..ARG6 of hart @t, as one array. */
static void ttx_tile_args(const TTTileHart *t, uint32_t a[7])
{
    for (unsigned i = 0; i < 4; i++) {
        a[i] = ttx_tile_plain(t, TT_A_TILE_ARG0 + 4 * i);
    }
    for (unsigned i = 0; i < 3; i++) {
        a[4 + i] = ttx_tile_plain(t, TT_A_TILE_ARG4 + 4 * i);
    }
}

struct TTComputeState {
    const TTBlockEnv *env;
    TTTileEngine **engine; /* per core, allocated on first command */
    TTTileHart *hart;      /* core * TT_RISCS_PER_CORE + risc */
    TTTileWorker *worker;  /* runs MATMULs' arithmetic, or NULL */
};

_Static_assert(TT_TILE_ELTWISE_ADD == TTX_ELW_ADD &&
                   TT_TILE_ELTWISE_SUB == TTX_ELW_SUB &&
                   TT_TILE_ELTWISE_MUL == TTX_ELW_MUL,
               "eltwise op values");
_Static_assert(TT_TILE_BCAST_NONE == TTX_BCAST_NONE &&
                   TT_TILE_BCAST_ROW == TTX_BCAST_ROW &&
                   TT_TILE_BCAST_COL == TTX_BCAST_COL &&
                   TT_TILE_BCAST_SCALAR == TTX_BCAST_SCALAR,
               "bcast values");
_Static_assert(TT_TILE_SFPU_EXP == TTX_SFPU_EXP &&
                   TT_TILE_SFPU_NEGATIVE == TTX_SFPU_NEGATIVE &&
                   TT_TILE_SFPU_SILU == TTX_SFPU_SILU &&
                   TT_TILE_SFPU_MUL_SCALAR == TTX_SFPU_MUL_SCALAR &&
                   TT_TILE_SFPU_RSUB_SCALAR + 1 == TTX_SFPU_UNARY_COUNT,
               "SFPU op values");
_Static_assert(TT_TILE_POOL_SUM == TTX_POOL_SUM &&
                   TT_TILE_POOL_AVG == TTX_POOL_AVG &&
                   TT_TILE_POOL_MAX == TTX_POOL_MAX &&
                   TT_TILE_REDUCE_ROW == TTX_REDUCE_ROW &&
                   TT_TILE_REDUCE_COL == TTX_REDUCE_COL &&
                   TT_TILE_REDUCE_SCALAR == TTX_REDUCE_SCALAR,
               "reduce values");
_Static_assert(TT_TILE_SFPU_BINARY_ADD == TTX_SFPU_ADD &&
                   TT_TILE_SFPU_BINARY_SUB == TTX_SFPU_SUB &&
                   TT_TILE_SFPU_BINARY_MUL == TTX_SFPU_MUL,
               "SFPU binary values");
_Static_assert(TT_R_TILE_UNPACK_TRANSPOSE_MASK == TTX_UNPACK_TRANSPOSE &&
                   TT_R_TILE_UNPACK_TO_DST_MASK == TTX_UNPACK_TO_DST,
               "unpack flags");
_Static_assert(TT_TILE_BLOCK_MAX == TTX_BLOCK_MAX, "block size");

/* Commands ----------------------------------------------------------------- */

/* ttx_compute_run(): rejected, and the reason already reported. */
#define TTX_COMPUTE_REPORTED (-1000)

static const char *ttx_compute_cmd_name(uint32_t cmd)
{
    static const char *const names[] = {
        "CONFIG",        "UNPACK",      "SRC_DVALID",
        "UNPACK_TO_DST", "ELTWISE",     "DATACOPY",
        "SFPU_UNARY",    "ACQUIRE",     "COMMIT",
        "WAIT",          "RELEASE",     "PACK",
        "MATMUL",        "REDUCE",      "SFPU_BINARY",
        "UNPACK_CONFIG", "PACK_CONFIG", "UNPACK_MATMUL_BLOCK",
        "MATMUL_BLOCK",
    };
    uint32_t i = cmd - TT_TILE_CMD_CONFIG;

    return i < sizeof(names) / sizeof(names[0]) ? names[i] : "unknown";
}

static void ttx_compute_configure(TTTileEngine *e, uint32_t v)
{
    TTTileConfig cfg = {
        .fp32_dest = TT_FIELD_GET(TILE, CONFIG, FP32_DEST, v),
        .full_sync = TT_FIELD_GET(TILE, CONFIG, FULL_SYNC, v),
        .fidelity = (TTMathFidelity)TT_FIELD_GET(TILE, CONFIG, FIDELITY, v),
        .approx = TT_FIELD_GET(TILE, CONFIG, APPROX, v),
    };

    ttx_tile_init(e, &cfg);
}

static uint32_t ttx_compute_config_word(const TTTileEngine *e)
{
    return TT_FIELD_VAL(TILE, CONFIG, FIDELITY, e->cfg.fidelity) |
           TT_FIELD_VAL(TILE, CONFIG, FP32_DEST, e->cfg.fp32_dest) |
           TT_FIELD_VAL(TILE, CONFIG, APPROX, e->cfg.approx) |
           TT_FIELD_VAL(TILE, CONFIG, FULL_SYNC, e->cfg.full_sync);
}

static TTTileEngine *ttx_compute_engine(TTComputeState *tc, unsigned core)
{
    TTTileEngine **e = &tc->engine[core];

    if (!*e) {
        /* At a cache line: see TTTileEngine's layout. */
        *e = aligned_alloc(64, (sizeof(**e) + 63) & ~(size_t)63);
        if (*e) {
            ttx_compute_configure(
                *e, TT_FIELD_VAL(TILE, CONFIG, FIDELITY, TTX_HIFI4));
        }
    }
    return *e;
}

/*
 * Host pointer to @bytes of L1 at @addr for command @cmd, or NULL
 * (reported).
 */
static uint8_t *ttx_compute_span(TTComputeState *tc, unsigned core,
                                 unsigned risc, uint32_t cmd, uint32_t addr,
                                 uint64_t bytes, const char *what)
{
    if (addr >= TT_MEM_L1_SIZE || bytes > TT_MEM_L1_SIZE - addr) {
        ttx_block_guest_error(tc->env, core, risc, addr,
                              "tile engine %s: %s of %llu bytes at 0x%08x is "
                              "outside L1",
                              ttx_compute_cmd_name(cmd), what,
                              (unsigned long long)bytes, addr);
        return NULL;
    }
    return tc->env->l1(tc->env->opaque, core) + addr;
}

/*
 * Bytes a tile of @fmt covers in L1: the tile, or with a row stride
 * (tilize / untilize) 32 rows of 32 elements @stride apart.  0 when
 * @fmt has no such layout (reported).
 */
static uint64_t ttx_compute_extent(TTComputeState *tc, unsigned core,
                                   unsigned risc, uint32_t cmd, uint32_t addr,
                                   unsigned fmt, uint32_t stride)
{
    size_t es = ttx_fmt_elem_bytes(fmt);
    char b[16];

    if (!ttx_fmt_tile_bytes(fmt)) {
        ttx_block_guest_error(tc->env, core, risc, addr,
                              "tile engine %s: data format %u is not modelled",
                              ttx_compute_cmd_name(cmd), fmt);
        return 0;
    }
    if (!stride) {
        return ttx_fmt_tile_bytes(fmt);
    }
    if (!es) {
        ttx_block_guest_error(
            tc->env, core, risc, addr,
            "tile engine %s: row-major (tilize/untilize) data "
            "must be Float32, Float16 or Float16_b, not %s",
            ttx_compute_cmd_name(cmd), ttx_fmt_name(fmt, b));
        return 0;
    }
    if (stride < TT_TILE_DIM * es) {
        ttx_block_guest_error(
            tc->env, core, risc, addr,
            "tile engine %s: row stride of %u bytes is shorter "
            "than a tile row (%zu bytes of %s)",
            ttx_compute_cmd_name(cmd), stride, TT_TILE_DIM * es,
            ttx_fmt_name(fmt, b));
        return 0;
    }
    return (uint64_t)(TT_TILE_DIM - 1) * stride + TT_TILE_DIM * es;
}

/*
 * Is the FMT argument @f (a CB and its format) what the unpacker of
 * @src, or with @src > TTX_SRC_B the packer, is configured for?
 * Reported when not: silicon would convert with the configured format.
 */
static bool ttx_compute_fmt_ok(TTComputeState *tc, unsigned core, unsigned risc,
                               uint32_t cmd, const TTTileEngine *e,
                               unsigned src, uint32_t f)
{
    unsigned df = TT_FIELD_GET(TILE, FMT, DF, f);
    unsigned cb = TT_FIELD_GET(TILE, FMT, CB, f);
    bool pack = src > TTX_SRC_B;
    unsigned have = pack ? e->fmt.pack : e->fmt.unpack[src];
    unsigned have_cb = pack ? e->fmt.pack_cb : e->fmt.unpack_cb[src];
    char b1[16], b2[16], unit[16], fix[48];

    if (have == df) {
        return true;
    }
    if (pack) {
        snprintf(unit, sizeof(unit), "the packer");
        snprintf(fix, sizeof(fix), "pack_reconfig_data_format(%u)", cb);
    } else {
        snprintf(unit, sizeof(unit), "unpacker %c", src ? 'B' : 'A');
        snprintf(fix, sizeof(fix), "reconfig_data_format_src%c(%u)",
                 src ? 'b' : 'a', cb);
    }
    if (have == TT_DF_INVALID) {
        ttx_block_guest_error(
            tc->env, core, risc, 0,
            "tile engine %s %s CB %u (%s): %s has no data "
            "format configured; call compute_kernel_hw_startup"
            "() or a full init (binary_op_init_common, "
            "unary_op_init_common, mm_init, reduce_init, "
            "tilize_init, ...) first, or %s",
            ttx_compute_cmd_name(cmd), pack ? "to" : "of", cb,
            ttx_fmt_name(df, b1), unit, fix);
    } else {
        ttx_block_guest_error(tc->env, core, risc, 0,
                              "tile engine %s %s CB %u: the CB holds %s but %s "
                              "is configured for %s (CB %u); call %s before "
                              "using CB %u (reconfig_data_format and "
                              "pack_reconfig_data_format switch formats "
                              "between ops)",
                              ttx_compute_cmd_name(cmd), pack ? "to" : "of", cb,
                              ttx_fmt_name(df, b1), unit,
                              ttx_fmt_name(have, b2), have_cb, fix, cb);
    }
    return false;
}

/* UNPACK_CONFIG / PACK_CONFIG of FMT @f for @src (> TTX_SRC_B: packer). */
static int ttx_compute_set_fmt(TTComputeState *tc, unsigned core, unsigned risc,
                               uint32_t cmd, TTTileEngine *e, unsigned src,
                               uint32_t f)
{
    unsigned df = TT_FIELD_GET(TILE, FMT, DF, f);
    unsigned cb = TT_FIELD_GET(TILE, FMT, CB, f);

    if (f & ~(uint32_t)(TT_R_TILE_FMT_DF_MASK | TT_R_TILE_FMT_CB_MASK)) {
        return TTX_TILE_EINVAL;
    }
    if (!ttx_fmt_tile_bytes(df)) {
        ttx_block_guest_error(tc->env, core, risc, 0,
                              "tile engine %s: CB %u has data format %u, which "
                              "the tile engine does not model",
                              ttx_compute_cmd_name(cmd), cb, df);
        return TTX_COMPUTE_REPORTED;
    }
    if (src > TTX_SRC_B) {
        e->fmt.pack = df;
        e->fmt.pack_cb = cb;
    } else {
        e->fmt.unpack[src] = df;
        e->fmt.unpack_cb[src] = cb;
    }
    return TTX_TILE_OK;
}

#define TTX_PACKER 2u /* ttx_compute_fmt_ok() / _set_fmt(): the packer */

/* UNPACK: Src @a[0] from L1 @a[1] of FMT @a[2], UNPACK fields @a[3]. */
static int ttx_compute_unpack(TTComputeState *tc, unsigned core, unsigned risc,
                              uint32_t cmd, TTTileEngine *e, const uint32_t *a)
{
    const uint32_t flags =
        TT_R_TILE_UNPACK_TRANSPOSE_MASK | TT_R_TILE_UNPACK_TO_DST_MASK;
    uint32_t stride = TT_FIELD_GET(TILE, UNPACK, ROW_STRIDE, a[3]);
    unsigned df = TT_FIELD_GET(TILE, FMT, DF, a[2]);
    uint64_t bytes;
    uint8_t *l1;

    if (a[0] > TTX_SRC_B ||
        (a[3] & ~(flags | (uint32_t)TT_R_TILE_UNPACK_ROW_STRIDE_MASK)) ||
        (a[2] & ~(uint32_t)(TT_R_TILE_FMT_DF_MASK | TT_R_TILE_FMT_CB_MASK))) {
        return TTX_TILE_EINVAL;
    }
    bytes = ttx_compute_extent(tc, core, risc, cmd, a[1], df, stride);
    if (!bytes || !ttx_compute_fmt_ok(tc, core, risc, cmd, e, a[0], a[2])) {
        return TTX_COMPUTE_REPORTED;
    }
    l1 = ttx_compute_span(tc, core, risc, cmd, a[1], bytes, "tile");
    if (!l1) {
        return TTX_COMPUTE_REPORTED;
    }
    return ttx_tile_unpack_rows(e, a[0], df, l1, stride, a[3] & flags);
}

/* @n tiles of @bytes from L1 @base, @stride apart; false once reported. */
static bool ttx_compute_tiles(TTComputeState *tc, unsigned core, unsigned risc,
                              uint32_t cmd, uint32_t base, uint32_t stride,
                              unsigned n, uint64_t bytes, const char *what,
                              const void **out)
{
    for (unsigned i = 0; i < n; i++) {
        uint64_t addr = base + (uint64_t)i * stride;

        out[i] = addr > UINT32_MAX
                     ? NULL
                     : ttx_compute_span(tc, core, risc, cmd, (uint32_t)addr,
                                        bytes, what);
        if (!out[i]) {
            return false;
        }
    }
    return true;
}

/* UNPACK_MATMUL_BLOCK (hal/tt_tile_regs.h). */
static int ttx_compute_unpack_block(TTComputeState *tc, unsigned core,
                                    unsigned risc, uint32_t cmd,
                                    TTTileEngine *e, const uint32_t *a)
{
    const uint32_t known = TT_R_TILE_BLOCK_CT_MASK | TT_R_TILE_BLOCK_RT_MASK |
                           TT_R_TILE_BLOCK_TRANSPOSE_MASK;
    unsigned ct = TT_FIELD_GET(TILE, BLOCK, CT, a[6]);
    unsigned rt = TT_FIELD_GET(TILE, BLOCK, RT, a[6]);
    unsigned df0 = TT_FIELD_GET(TILE, FMT, DF, a[2]);
    unsigned df1 = TT_FIELD_GET(TILE, FMT, DF, a[3]);
    const void *in0[TTX_BLOCK_MAX], *in1[TTX_BLOCK_MAX];
    uint64_t b0, b1;

    if ((a[6] & ~known) || !ct || !rt || ct > TTX_BLOCK_MAX ||
        rt > TTX_BLOCK_MAX) {
        return TTX_TILE_EINVAL;
    }
    b0 = ttx_compute_extent(tc, core, risc, cmd, a[0], df0, 0);
    b1 = ttx_compute_extent(tc, core, risc, cmd, a[1], df1, 0);
    if (!b0 || !b1 ||
        !ttx_compute_fmt_ok(tc, core, risc, cmd, e, TTX_SRC_B, a[2]) ||
        !ttx_compute_fmt_ok(tc, core, risc, cmd, e, TTX_SRC_A, a[3])) {
        return TTX_COMPUTE_REPORTED;
    }
    if (!ttx_compute_tiles(tc, core, risc, cmd, a[0], a[4], rt, b0, "in0 tile",
                           in0) ||
        !ttx_compute_tiles(tc, core, risc, cmd, a[1], a[5], ct, b1, "in1 tile",
                           in1)) {
        return TTX_COMPUTE_REPORTED;
    }
    return ttx_tile_unpack_matmul_block(
        e, df0, in0, rt, df1, in1, ct,
        TT_FIELD_GET(TILE, BLOCK, TRANSPOSE, a[6]));
}

/* PACK: Dst @a[0] to L1 @a[1] as FMT @a[2], PACK fields @a[3]. */
/*
 * L1 accumulation (pack_reconfig_l1_acc): the packed tile added to the one
 * in L1.  [I] Both are taken as FP32 (the Dst value as it would be packed
 * to @df), added in FP32 and packed to @df with the packer's rounding.
 */
static int ttx_compute_pack_acc(TTTileEngine *e, unsigned idst, unsigned df,
                                uint8_t *l1)
{
    uint8_t tile[TT_TILE_BYTES_FLOAT32];
    uint32_t a[TT_TILE_ELEMS], b[TT_TILE_ELEMS];
    int rc = ttx_tile_pack(e, idst, df, tile);

    if (rc == TTX_TILE_OK) {
        rc = ttx_fmt_decode_tile(df, tile, a);
    }
    if (rc == TTX_TILE_OK) {
        rc = ttx_fmt_decode_tile(df, l1, b);
    }
    if (rc != TTX_TILE_OK) {
        return rc;
    }
    for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
        float x, y;

        memcpy(&x, &a[i], 4);
        memcpy(&y, &b[i], 4);
        x += y;
        memcpy(&a[i], &x, 4);
    }
    return ttx_fmt_pack_tile(df, TTX_DST_FP32, a, l1);
}

static int ttx_compute_pack(TTComputeState *tc, unsigned core, unsigned risc,
                            uint32_t cmd, TTTileEngine *e, const uint32_t *a)
{
    uint32_t stride = TT_FIELD_GET(TILE, PACK, ROW_STRIDE, a[3]);
    uint32_t rows = TT_FIELD_GET(TILE, PACK, ROWS, a[3]);
    unsigned df = TT_FIELD_GET(TILE, FMT, DF, a[2]);
    uint64_t bytes;
    uint8_t *l1;
    char b[16];
    int rc;

    if ((a[3] &
         ~(uint32_t)(TT_R_TILE_PACK_ROW_STRIDE_MASK | TT_R_TILE_PACK_ROWS_MASK |
                     TT_R_TILE_PACK_ADD_TO_L1_MASK)) ||
        (a[2] & ~(uint32_t)(TT_R_TILE_FMT_DF_MASK | TT_R_TILE_FMT_CB_MASK))) {
        return TTX_TILE_EINVAL;
    }
    bytes = ttx_compute_extent(tc, core, risc, cmd, a[1], df, stride);
    if (!bytes ||
        !ttx_compute_fmt_ok(tc, core, risc, cmd, e, TTX_PACKER, a[2])) {
        return TTX_COMPUTE_REPORTED;
    }
    if (rows) {
        /* pack_rows: the first rows of the face-ordered tile. */
        size_t es = ttx_fmt_elem_bytes(df);

        if (stride || rows > TT_TILE_ELEMS / TT_TILE_FACE_DIM || !es) {
            ttx_block_guest_error(
                tc->env, core, risc, a[1],
                "tile engine %s: pack_rows of %u rows of %s%s: 1 to 64 "
                "rows of Float32, Float16 or Float16_b",
                ttx_compute_cmd_name(cmd), rows, ttx_fmt_name(df, b),
                stride ? " untilized" : "");
            return TTX_COMPUTE_REPORTED;
        }
        bytes = (uint64_t)rows * TT_TILE_FACE_DIM * es;
    }
    l1 = ttx_compute_span(tc, core, risc, cmd, a[1], bytes, "tile");
    if (!l1) {
        return TTX_COMPUTE_REPORTED;
    }
    if (TT_FIELD_GET(TILE, PACK, ADD_TO_L1, a[3])) {
        if (stride || rows) {
            ttx_block_guest_error(
                tc->env, core, risc, a[1],
                "tile engine %s: L1 accumulation packs whole tiles in face "
                "order, not %s",
                ttx_compute_cmd_name(cmd), rows ? "pack_rows" : "untilized");
            return TTX_COMPUTE_REPORTED;
        }
        rc = ttx_compute_pack_acc(e, a[0], df, l1);
    } else if (rows) {
        uint8_t tile[TT_TILE_BYTES_FLOAT32];

        rc = ttx_tile_pack(e, a[0], df, tile);
        if (rc == TTX_TILE_OK) {
            memcpy(l1, tile, bytes);
        }
    } else {
        rc = ttx_tile_pack_rows(e, a[0], df, l1, stride);
    }
    if (rc == TTX_TILE_OK && tc->env->l1_written) {
        tc->env->l1_written(tc->env->opaque, core, a[1], (uint32_t)bytes);
    }
    return rc;
}

/*
 * Dst ownership (tt-metal's reg_api.h): math writes Dst only between
 * tile_regs_acquire and tile_regs_commit, pack reads it only between
 * tile_regs_wait and tile_regs_release.  A kernel that skips one races
 * the other thread on silicon; here the command is refused with the call
 * that is missing.  False once reported.
 */
static bool ttx_compute_owner_ok(TTComputeState *tc, unsigned core,
                                 unsigned risc, uint32_t cmd,
                                 const TTTileEngine *e)
{
    const char *what;

    switch (cmd) {
    case TT_TILE_CMD_ELTWISE:
    case TT_TILE_CMD_DATACOPY:
    case TT_TILE_CMD_SFPU_UNARY:
    case TT_TILE_CMD_SFPU_BINARY:
    case TT_TILE_CMD_MATMUL:
    case TT_TILE_CMD_MATMUL_BLOCK:
    case TT_TILE_CMD_REDUCE:
        if (e->math_owns_dst) {
            return true;
        }
        what = "math on Dst without tile_regs_acquire: the math thread owns "
               "Dst only from tile_regs_acquire to tile_regs_commit";
        break;
    case TT_TILE_CMD_COMMIT:
        if (e->math_owns_dst) {
            return true;
        }
        what = "tile_regs_commit without tile_regs_acquire";
        break;
    case TT_TILE_CMD_PACK:
        if (e->pack_owns_dst) {
            return true;
        }
        what = "pack from Dst without tile_regs_wait: the pack thread owns "
               "Dst only from tile_regs_wait to tile_regs_release";
        break;
    case TT_TILE_CMD_RELEASE:
        if (e->pack_owns_dst) {
            return true;
        }
        what = "tile_regs_release without tile_regs_wait";
        break;
    default:
        return true;
    }
    ttx_block_guest_error(
        tc->env, core, risc, TT_MMIO_TILE_BASE + TT_A_TILE_CMD,
        "tile engine %s refused: %s", ttx_compute_cmd_name(cmd), what);
    return false;
}

/*
 * Whether command @cmd may read or write Dst, the engine's configuration
 * or its FPU scratch: what the worker's queued matmuls must be done for.
 * The rest touch only the Src banks, the formats and the math-pack
 * semaphore (and MATMUL and MATMUL_BLOCK queue behind the matmuls before
 * them).
 */
static bool ttx_compute_needs_dst(uint32_t cmd)
{
    switch (cmd) {
    case TT_TILE_CMD_UNPACK_CONFIG:
    case TT_TILE_CMD_PACK_CONFIG:
    case TT_TILE_CMD_UNPACK:
    case TT_TILE_CMD_UNPACK_MATMUL_BLOCK:
    case TT_TILE_CMD_SRC_DVALID:
    case TT_TILE_CMD_ACQUIRE:
    case TT_TILE_CMD_COMMIT:
    case TT_TILE_CMD_WAIT:
    case TT_TILE_CMD_MATMUL:
    case TT_TILE_CMD_MATMUL_BLOCK:
        return false;
    default:
        return true;
    }
}

static int ttx_compute_run(TTComputeState *tc, unsigned core, unsigned risc,
                           uint32_t cmd)
{
    TTTileEngine *e = ttx_compute_engine(tc, core);
    uint32_t a[7];
    unsigned ct, rt;
    uint64_t bytes;
    uint8_t *l1;
    int rc;

    if (!e) {
        return TTX_TILE_EINVAL;
    }
    ttx_tile_args(&tc->hart[core * TT_RISCS_PER_CORE + risc], a);
    if (!ttx_compute_owner_ok(tc, core, risc, cmd, e)) {
        return TTX_COMPUTE_REPORTED;
    }
    if (tc->worker && ttx_compute_needs_dst(cmd)) {
        ttx_worker_sync(tc->worker, core);
    }
    switch (cmd) {
    case TT_TILE_CMD_CONFIG:
        ttx_tile_fini(e);
        ttx_compute_configure(e, a[0]);
        return TTX_TILE_OK;
    case TT_TILE_CMD_UNPACK_CONFIG:
        return a[0] > TTX_SRC_B
                   ? TTX_TILE_EINVAL
                   : ttx_compute_set_fmt(tc, core, risc, cmd, e, a[0], a[1]);
    case TT_TILE_CMD_PACK_CONFIG:
        return ttx_compute_set_fmt(tc, core, risc, cmd, e, TTX_PACKER, a[0]);
    case TT_TILE_CMD_UNPACK:
        return ttx_compute_unpack(tc, core, risc, cmd, e, a);
    case TT_TILE_CMD_UNPACK_MATMUL_BLOCK:
        return ttx_compute_unpack_block(tc, core, risc, cmd, e, a);
    case TT_TILE_CMD_SRC_DVALID:
        return a[0] > TTX_SRC_B ? TTX_TILE_EINVAL
                                : ttx_tile_src_dvalid(e, a[0]);
    case TT_TILE_CMD_UNPACK_TO_DST:
        if (a[1] & ~(uint32_t)(TT_R_TILE_FMT_DF_MASK | TT_R_TILE_FMT_CB_MASK)) {
            return TTX_TILE_EINVAL;
        }
        bytes = ttx_compute_extent(tc, core, risc, cmd, a[0],
                                   TT_FIELD_GET(TILE, FMT, DF, a[1]), 0);
        if (!bytes ||
            !ttx_compute_fmt_ok(tc, core, risc, cmd, e, TTX_SRC_A, a[1])) {
            return TTX_COMPUTE_REPORTED;
        }
        l1 = ttx_compute_span(tc, core, risc, cmd, a[0], bytes, "tile");
        return l1 ? ttx_tile_unpack_to_dst(e, TT_FIELD_GET(TILE, FMT, DF, a[1]),
                                           l1, a[2])
                  : TTX_COMPUTE_REPORTED;
    case TT_TILE_CMD_ELTWISE: {
        uint32_t reuse = a[1] >> TT_TILE_REUSE_SHIFT;
        int rc;

        if (a[0] > TT_TILE_ELTWISE_MUL ||
            (a[1] & TT_TILE_BCAST_KIND_MASK) > TT_TILE_BCAST_SCALAR ||
            reuse > TT_TILE_REUSE_DST_TO_SRCB) {
            return TTX_TILE_EINVAL;
        }
        if (reuse != TT_TILE_REUSE_NONE) {
            rc = ttx_tile_reuse_dst(
                e, reuse == TT_TILE_REUSE_DST_TO_SRCA ? TTX_SRC_A : TTX_SRC_B,
                a[3]);
            if (rc) {
                return rc;
            }
        }
        return ttx_tile_eltwise(
            e, (TTEltwiseOp)a[0], (TTBcast)(a[1] & TT_TILE_BCAST_KIND_MASK),
            (a[1] >> TT_TILE_BCAST_ROW_SHIFT) & TT_TILE_BCAST_ROW_MASK, a[2],
            a[3]);
    }
    case TT_TILE_CMD_DATACOPY:
        return a[0] > TTX_SRC_B ? TTX_TILE_EINVAL
                                : ttx_tile_datacopy(e, a[0], a[1]);
    case TT_TILE_CMD_SFPU_UNARY:
        return a[0] >= TTX_SFPU_UNARY_COUNT
                   ? TTX_TILE_EINVAL
                   : ttx_sfpu_unary(e, (TTSfpuOp)a[0], a[1], a[2]);
    case TT_TILE_CMD_MATMUL:
        return tc->worker ? ttx_worker_matmul(tc->worker, core, e, a[0])
                          : ttx_tile_matmul(e, a[0]);
    case TT_TILE_CMD_MATMUL_BLOCK:
        if (a[1] &
            ~(uint32_t)(TT_R_TILE_BLOCK_CT_MASK | TT_R_TILE_BLOCK_RT_MASK)) {
            return TTX_TILE_EINVAL;
        }
        ct = TT_FIELD_GET(TILE, BLOCK, CT, a[1]);
        rt = TT_FIELD_GET(TILE, BLOCK, RT, a[1]);
        return tc->worker
                   ? ttx_worker_matmul_block(tc->worker, core, e, a[0], ct, rt)
                   : ttx_tile_matmul_block(e, a[0], ct, rt);
    case TT_TILE_CMD_REDUCE:
        if (a[0] > TT_TILE_POOL_MAX || a[1] > TT_TILE_REDUCE_SCALAR) {
            return TTX_TILE_EINVAL;
        }
        return ttx_tile_reduce(e, (TTPoolType)a[0], (TTReduceDim)a[1], a[2]);
    case TT_TILE_CMD_SFPU_BINARY:
        return a[0] > TT_TILE_SFPU_BINARY_MUL
                   ? TTX_TILE_EINVAL
                   : ttx_sfpu_binary(e, (TTSfpuBinaryOp)a[0], a[1], a[2]);
    case TT_TILE_CMD_ACQUIRE:
        rc = ttx_tile_acquire(e);
        e->math_owns_dst |= rc == TTX_TILE_OK;
        return rc;
    case TT_TILE_CMD_COMMIT:
        e->math_owns_dst = false;
        return ttx_tile_commit(e);
    case TT_TILE_CMD_WAIT:
        rc = ttx_tile_wait(e);
        e->pack_owns_dst |= rc == TTX_TILE_OK;
        return rc;
    case TT_TILE_CMD_RELEASE:
        e->pack_owns_dst = false;
        return ttx_tile_release(e);
    case TT_TILE_CMD_PACK:
        return ttx_compute_pack(tc, core, risc, cmd, e, a);
    default:
        return TTX_TILE_EINVAL;
    }
}

/*
 * SFPI_INSN: one vector instruction of the SFPU (ttx_sfpi.c).  A rejected
 * one is reported once per launch and leaves SFPI_STATUS at EINVAL, which
 * the kernel API reads where the SFPU's work ends.
 */
static void ttx_compute_sfpi(TTComputeState *tc, unsigned core, unsigned risc,
                             uint32_t insn)
{
    TTTileHart *t = &tc->hart[core * TT_RISCS_PER_CORE + risc];
    TTTileEngine *e = ttx_compute_engine(tc, core);
    const char *why;

    if (!e) {
        return;
    }
    if (tc->worker) {
        ttx_worker_sync(tc->worker, core);
    }
    if (ttx_sfpi_exec(e, insn, ttx_tile_plain(t, TT_A_TILE_SFPI_IMM),
                      &t->sfpi_result, &why) == TTX_TILE_OK) {
        return;
    }
    if (!e->sfpi.failed) {
        ttx_block_guest_error(
            tc->env, core, risc, TT_MMIO_TILE_BASE + TT_A_TILE_SFPI_INSN,
            "SFPI instruction 0x%08x "
            "(%s, immediate 0x%x) rejected: %s",
            insn, ttx_sfpi_op_name(TT_FIELD_GET(TILE, SFPI, OP, insn)),
            ttx_tile_plain(t, TT_A_TILE_SFPI_IMM), why);
    }
    e->sfpi.failed = true;
}

/* Stalls ------------------------------------------------------------------ */

/*
 * Command @cmd of hart (@core, @risc) would stall: the hart's wait
 * protocol (hal/tt_wait.h) in this one access.  Its wake is taken as if
 * acknowledged before the command looked at the engine, and its wait is
 * described (TT_WAIT_TILE_ENGINE, id the command); it sleeps and issues
 * the command again, and the wait ends with its next command that does
 * not stall.
 */
static void ttx_compute_blocked(TTComputeState *tc, unsigned core,
                                unsigned risc, uint32_t cmd)
{
    const TTBlockEnv *env = tc->env;
    TTTileHart *t = &tc->hart[core * TT_RISCS_PER_CORE + risc];

    env->ack_wake(env->opaque, core, risc);
    if (t->status != TT_TILE_STATUS_BLOCKED || t->blocked_cmd != cmd) {
        env->describe_wait(env->opaque, core, risc, TT_WAIT_TILE_ENGINE, cmd, 0,
                           0);
    }
    t->status = TT_TILE_STATUS_BLOCKED;
    t->blocked_cmd = cmd;
}

/*
 * A command of hart (@core, @risc) changed the engine: wake the core's
 * TRISCs whose last command stalled, the only ones that wait for it.
 */
static void ttx_compute_wake_blocked(TTComputeState *tc, unsigned core,
                                     unsigned risc)
{
    const TTTileHart *t = &tc->hart[core * TT_RISCS_PER_CORE];

    for (unsigned r = TT_RISC_TRISC0; r <= TT_RISC_TRISC2; r++) {
        if (r != risc && t[r].status == TT_TILE_STATUS_BLOCKED) {
            tc->env->set_wake(tc->env->opaque, core, r, true);
        }
    }
}

/* read / write ------------------------------------------------------------ */

static bool ttx_compute_read(void *opaque, unsigned core, unsigned risc,
                             uint32_t off, uint64_t *val)
{
    TTComputeState *tc = opaque;
    const TTTileHart *t = &tc->hart[core * TT_RISCS_PER_CORE + risc];

    switch (off) {
    case TT_A_TILE_ARG0:
    case TT_A_TILE_ARG1:
    case TT_A_TILE_ARG2:
    case TT_A_TILE_ARG3:
    case TT_A_TILE_ARG4:
    case TT_A_TILE_ARG5:
    case TT_A_TILE_ARG6:
    case TT_A_TILE_SFPI_IMM:
        *val = ttx_tile_plain(t, off);
        return true;
    case TT_A_TILE_STATUS:
        *val = t->status;
        return true;
    case TT_A_TILE_SFPI_RESULT:
        *val = t->sfpi_result;
        return true;
    case TT_A_TILE_SFPI_STATUS: {
        const TTTileEngine *e = ttx_compute_engine(tc, core);

        *val = e && e->sfpi.failed ? TT_TILE_STATUS_EINVAL : TT_TILE_STATUS_OK;
        return true;
    }
    case TT_A_TILE_CONFIG: {
        const TTTileEngine *e = ttx_compute_engine(tc, core);

        *val = e ? ttx_compute_config_word(e) : 0;
        return true;
    }
    default:
        return false;
    }
}

static bool ttx_compute_write(void *opaque, unsigned core, unsigned risc,
                              uint32_t off, uint32_t val)
{
    TTComputeState *tc = opaque;
    TTTileHart *t = &tc->hart[core * TT_RISCS_PER_CORE + risc];
    int rc;

    switch (off) {
    case TT_A_TILE_ARG0:
    case TT_A_TILE_ARG1:
    case TT_A_TILE_ARG2:
    case TT_A_TILE_ARG3:
    case TT_A_TILE_ARG4:
    case TT_A_TILE_ARG5:
    case TT_A_TILE_ARG6:
    case TT_A_TILE_SFPI_IMM:
        __atomic_store_n(&t->plain[off / 4], val, __ATOMIC_RELAXED);
        return true;
    case TT_A_TILE_SFPI_INSN:
        ttx_compute_sfpi(tc, core, risc, val);
        return true;
    case TT_A_TILE_CMD:
        rc = ttx_compute_run(tc, core, risc, val);
        if (rc == TTX_TILE_BLOCKED) {
            ttx_compute_blocked(tc, core, risc, val);
            return true;
        }
        if (t->status == TT_TILE_STATUS_BLOCKED) {
            tc->env->describe_wait(tc->env->opaque, core, risc, TT_WAIT_NONE, 0,
                                   0, 0);
        }
        if (rc == TTX_TILE_OK) {
            t->status = TT_TILE_STATUS_OK;
            ttx_compute_wake_blocked(tc, core, risc);
        } else if (rc == TTX_COMPUTE_REPORTED) {
            t->status = TT_TILE_STATUS_EINVAL;
        } else {
            t->status = TT_TILE_STATUS_EINVAL;
            ttx_block_guest_error(tc->env, core, risc, TT_MMIO_TILE_BASE + off,
                                  "tile engine %s rejected (args 0x%x 0x%x "
                                  "0x%x 0x%x)",
                                  ttx_compute_cmd_name(val),
                                  ttx_tile_plain(t, TT_A_TILE_ARG0),
                                  ttx_tile_plain(t, TT_A_TILE_ARG1),
                                  ttx_tile_plain(t, TT_A_TILE_ARG2),
                                  ttx_tile_plain(t, TT_A_TILE_ARG3));
        }
        return true;
    default:
        return false;
    }
}

static uint32_t *ttx_compute_latches(void *opaque, unsigned core, unsigned risc,
                                     uint32_t off, const uint32_t **mask)
{
    TTComputeState *tc = opaque;

    if (off) {
        return NULL;
    }
    *mask = ttx_tile_plain_mask;
    return tc->hart[core * TT_RISCS_PER_CORE + risc].plain;
}

const TTMmioOps ttx_compute_mmio_ops = {
    .read = ttx_compute_read,
    .write = ttx_compute_write,
    .peek = ttx_compute_read, /* a read only allocates the engine */
    .latches = ttx_compute_latches,
};

/* reset ------------------------------------------------------------------- */

void ttx_compute_reset(TTComputeState *tc, unsigned core)
{
    if (tc->worker) {
        ttx_worker_sync(tc->worker, core);
    }
    /* Out of reset, no TRISC waits for the engine (the wait kind is RESET). */
    if (tc->hart) {
        memset(&tc->hart[core * TT_RISCS_PER_CORE], 0,
               TT_RISCS_PER_CORE * sizeof(*tc->hart));
    }
    if (tc->engine[core]) {
        ttx_tile_fini(tc->engine[core]);
    }
    free(tc->engine[core]);
    tc->engine[core] = NULL;
}

/* Life cycle ------------------------------------------------------------- */

TTComputeState *ttx_compute_new(const TTBlockEnv *env, bool worker)
{
    TTComputeState *tc = calloc(1, sizeof(*tc));

    if (!tc) {
        return NULL;
    }
    tc->env = env;
    tc->engine = calloc(env->ncores, sizeof(TTTileEngine *));
    tc->hart =
        calloc((size_t)env->ncores * TT_RISCS_PER_CORE, sizeof(*tc->hart));
    if (worker) {
        tc->worker = ttx_worker_new(env->ncores);
    }
    if (!tc->engine || !tc->hart || (worker && !tc->worker)) {
        ttx_compute_free(tc);
        return NULL;
    }
    return tc;
}

void ttx_compute_free(TTComputeState *tc)
{
    if (!tc) {
        return;
    }
    ttx_worker_free(tc->worker); /* first: it finishes on the engines */
    tc->worker = NULL;
    for (unsigned c = 0; tc->engine && c < tc->env->ncores; c++) {
        ttx_compute_reset(tc, c);
    }
    free(tc->engine);
    free(tc->hart);
    free(tc);
}
