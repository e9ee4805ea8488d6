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
 * inside the CMD write, so runs stay deterministic under -icount.  Where
 * the hardware would stall, the engine changes nothing and the command
 * reports BLOCKED: the TRISC sleeps (TT_WAIT_TILE_ENGINE) and issues it
 * again when woken.  Every command that changes engine state raises the
 * wake event of the core's three TRISCs.  The engine (about 150 KiB) is
 * allocated on first use, so cores that never compute cost nothing.
 *
 * Not yet implemented: tilize/untilize, unpack to Dst with a transpose,
 * per-thread format state (formats travel with every command instead).
 */
#include "ttx_compute.h"

#include <stdlib.h>

#include "tt_mem_map.h"
#include "tt_riscv.h"
#include "ttx_priv.h"
#include "ttx_tile.h"

_Static_assert(TT_TILE_ELTWISE_ADD == TTX_ELW_ADD &&
               TT_TILE_ELTWISE_SUB == TTX_ELW_SUB &&
               TT_TILE_ELTWISE_MUL == TTX_ELW_MUL, "eltwise op values");
_Static_assert(TT_TILE_BCAST_NONE == TTX_BCAST_NONE &&
               TT_TILE_BCAST_ROW == TTX_BCAST_ROW &&
               TT_TILE_BCAST_COL == TTX_BCAST_COL &&
               TT_TILE_BCAST_SCALAR == TTX_BCAST_SCALAR, "bcast values");
_Static_assert(TT_TILE_SFPU_EXP == TTX_SFPU_EXP &&
               TT_TILE_SFPU_NEGATIVE == TTX_SFPU_NEGATIVE &&
               TT_TILE_SFPU_NEGATIVE + 1 == TTX_SFPU_UNARY_COUNT,
               "SFPU op values");
_Static_assert(TT_TILE_POOL_SUM == TTX_POOL_SUM &&
               TT_TILE_POOL_AVG == TTX_POOL_AVG &&
               TT_TILE_POOL_MAX == TTX_POOL_MAX &&
               TT_TILE_REDUCE_ROW == TTX_REDUCE_ROW &&
               TT_TILE_REDUCE_COL == TTX_REDUCE_COL &&
               TT_TILE_REDUCE_SCALAR == TTX_REDUCE_SCALAR, "reduce values");
_Static_assert(TT_TILE_SFPU_BINARY_ADD == TTX_SFPU_ADD &&
               TT_TILE_SFPU_BINARY_SUB == TTX_SFPU_SUB &&
               TT_TILE_SFPU_BINARY_MUL == TTX_SFPU_MUL, "SFPU binary values");
_Static_assert(TT_R_TILE_UNPACK_TRANSPOSE_MASK == TTX_UNPACK_TRANSPOSE,
               "unpack flags");

/* Commands ----------------------------------------------------------------- */

/* ttx_compute_run(): rejected, and the reason already reported. */
#define TTX_COMPUTE_REPORTED    (-1000)

static const char *ttx_compute_cmd_name(uint32_t cmd)
{
    static const char *const names[] = {
        "CONFIG", "UNPACK", "SRC_DVALID", "UNPACK_TO_DST", "ELTWISE",
        "DATACOPY", "SFPU_UNARY", "ACQUIRE", "COMMIT", "WAIT", "RELEASE",
        "PACK", "MATMUL", "REDUCE", "SFPU_BINARY",
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

static TTTileEngine *ttx_compute_engine(TTChip *chip, unsigned core)
{
    TTCore *c = &chip->core[core];

    if (!c->tile) {
        c->tile = malloc(sizeof(*c->tile));
        if (c->tile) {
            ttx_compute_configure(c->tile, TT_FIELD_VAL(TILE, CONFIG, FIDELITY,
                                                        TTX_HIFI4));
        }
    }
    return c->tile;
}

/* Host pointer to a whole tile of @fmt at L1 @addr, or NULL (reported). */
static uint8_t *ttx_compute_tile(TTChip *chip, unsigned core, unsigned risc,
                                 uint32_t cmd, uint32_t addr, uint32_t fmt,
                                 size_t *bytes)
{
    *bytes = ttx_fmt_tile_bytes(fmt);
    if (!*bytes) {
        ttx_chip_guest_error(chip, core, risc, addr,
                             "tile engine %s: data format %u is not modelled",
                             ttx_compute_cmd_name(cmd), fmt);
        return NULL;
    }
    if (addr >= TT_MEM_L1_SIZE || *bytes > TT_MEM_L1_SIZE - addr) {
        ttx_chip_guest_error(chip, core, risc, addr,
                             "tile engine %s: tile of %zu bytes at 0x%08x is "
                             "outside L1", ttx_compute_cmd_name(cmd), *bytes,
                             addr);
        return NULL;
    }
    return chip->ops->l1(chip->opaque, core) + addr;
}

static int ttx_compute_run(TTChip *chip, unsigned core, unsigned risc,
                           uint32_t cmd)
{
    const uint32_t *a = chip->core[core].hart[risc].tile.arg;
    TTTileEngine *e = ttx_compute_engine(chip, core);
    uint8_t *l1;
    size_t bytes;
    int rc;

    if (!e) {
        return TTX_TILE_EINVAL;
    }
    switch (cmd) {
    case TT_TILE_CMD_CONFIG:
        ttx_compute_configure(e, a[0]);
        return TTX_TILE_OK;
    case TT_TILE_CMD_UNPACK:
        if (a[3] & ~(uint32_t)TT_R_TILE_UNPACK_TRANSPOSE_MASK) {
            return TTX_TILE_EINVAL;
        }
        l1 = ttx_compute_tile(chip, core, risc, cmd, a[1], a[2], &bytes);
        return l1 ? ttx_tile_unpack(e, a[0], a[2], l1, a[3]) :
               TTX_COMPUTE_REPORTED;
    case TT_TILE_CMD_SRC_DVALID:
        return a[0] > TTX_SRC_B ? TTX_TILE_EINVAL :
               ttx_tile_src_dvalid(e, a[0]);
    case TT_TILE_CMD_UNPACK_TO_DST:
        l1 = ttx_compute_tile(chip, core, risc, cmd, a[0], a[1], &bytes);
        return l1 ? ttx_tile_unpack_to_dst(e, a[1], l1, a[2]) :
               TTX_COMPUTE_REPORTED;
    case TT_TILE_CMD_ELTWISE:
        if (a[0] > TT_TILE_ELTWISE_MUL || a[1] > TT_TILE_BCAST_SCALAR) {
            return TTX_TILE_EINVAL;
        }
        return ttx_tile_eltwise(e, (TTEltwiseOp)a[0], (TTBcast)a[1], a[2],
                                a[3]);
    case TT_TILE_CMD_DATACOPY:
        return a[0] > TTX_SRC_B ? TTX_TILE_EINVAL :
               ttx_tile_datacopy(e, a[0], a[1]);
    case TT_TILE_CMD_SFPU_UNARY:
        return a[0] >= TTX_SFPU_UNARY_COUNT ? TTX_TILE_EINVAL :
               ttx_sfpu_unary(e, (TTSfpuOp)a[0], a[1]);
    case TT_TILE_CMD_MATMUL:
        return ttx_tile_matmul(e, a[0]);
    case TT_TILE_CMD_REDUCE:
        if (a[0] > TT_TILE_POOL_MAX || a[1] > TT_TILE_REDUCE_SCALAR) {
            return TTX_TILE_EINVAL;
        }
        return ttx_tile_reduce(e, (TTPoolType)a[0], (TTReduceDim)a[1], a[2]);
    case TT_TILE_CMD_SFPU_BINARY:
        return a[0] > TT_TILE_SFPU_BINARY_MUL ? TTX_TILE_EINVAL :
               ttx_sfpu_binary(e, (TTSfpuBinaryOp)a[0], a[1], a[2]);
    case TT_TILE_CMD_ACQUIRE:
        return ttx_tile_acquire(e);
    case TT_TILE_CMD_COMMIT:
        return ttx_tile_commit(e);
    case TT_TILE_CMD_WAIT:
        return ttx_tile_wait(e);
    case TT_TILE_CMD_RELEASE:
        return ttx_tile_release(e);
    case TT_TILE_CMD_PACK:
        l1 = ttx_compute_tile(chip, core, risc, cmd, a[1], a[2], &bytes);
        if (!l1) {
            return TTX_COMPUTE_REPORTED;
        }
        rc = ttx_tile_pack(e, a[0], a[2], l1);
        if (rc == TTX_TILE_OK && chip->ops->l1_written) {
            chip->ops->l1_written(chip->opaque, core, a[1], (uint32_t)bytes);
        }
        return rc;
    default:
        return TTX_TILE_EINVAL;
    }
}

/* read / write ------------------------------------------------------------ */

bool ttx_compute_read(TTChip *chip, unsigned core, unsigned risc,
                      uint32_t off, uint64_t *val)
{
    const TTTileHart *t = &chip->core[core].hart[risc].tile;

    switch (off) {
    case TT_A_TILE_ARG0:
    case TT_A_TILE_ARG1:
    case TT_A_TILE_ARG2:
    case TT_A_TILE_ARG3:
        *val = t->arg[(off - TT_A_TILE_ARG0) / 4];
        return true;
    case TT_A_TILE_STATUS:
        *val = t->status;
        return true;
    default:
        return false;
    }
}

bool ttx_compute_write(TTChip *chip, unsigned core, unsigned risc,
                       uint32_t off, uint32_t val)
{
    TTTileHart *t = &chip->core[core].hart[risc].tile;
    int rc;

    switch (off) {
    case TT_A_TILE_ARG0:
    case TT_A_TILE_ARG1:
    case TT_A_TILE_ARG2:
    case TT_A_TILE_ARG3:
        t->arg[(off - TT_A_TILE_ARG0) / 4] = val;
        return true;
    case TT_A_TILE_CMD:
        rc = ttx_compute_run(chip, core, risc, val);
        if (rc == TTX_TILE_BLOCKED) {
            t->status = TT_TILE_STATUS_BLOCKED;
        } else if (rc == TTX_TILE_OK) {
            t->status = TT_TILE_STATUS_OK;
            for (unsigned r = TT_RISC_TRISC0; r <= TT_RISC_TRISC2; r++) {
                chip->ops->set_wake(chip->opaque, core, r, true);
            }
        } else if (rc == TTX_COMPUTE_REPORTED) {
            t->status = TT_TILE_STATUS_EINVAL;
        } else {
            t->status = TT_TILE_STATUS_EINVAL;
            ttx_chip_guest_error(chip, core, risc, TT_MMIO_TILE_BASE + off,
                                 "tile engine %s rejected (args 0x%x 0x%x "
                                 "0x%x 0x%x)", ttx_compute_cmd_name(val),
                                 t->arg[0], t->arg[1], t->arg[2], t->arg[3]);
        }
        return true;
    default:
        return false;
    }
}

/* reset ------------------------------------------------------------------- */

void ttx_compute_reset(TTChip *chip, unsigned core)
{
    free(chip->core[core].tile);
    chip->core[core].tile = NULL;
}
