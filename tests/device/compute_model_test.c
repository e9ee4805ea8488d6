// SPDX-License-Identifier: Apache-2.0
/*
 * Tile-engine command block of the device model at register level,
 * without QEMU: a fake environment gives the model in-memory L1s and
 * records wake events, L1 landings and guest errors.  Each test issues
 * commands as the compute API's three threads do and checks the packed
 * tiles, the BLOCKED stalls, the wakes and the rejected commands.  The
 * matmul, reduce, broadcast and binary SFPU commands are checked bit for
 * bit against the engine library (ttx_tile.h, unit-tested on its own)
 * driven directly with the same operands.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_ctl.h"
#include "tt_data_format.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_riscv.h"
#include "tt_tile_regs.h"
#include "ttx_chip.h"

#include "fake_chip.h"
#include "ttx_tile.h"

#define GX     2
#define GY     2
#define NCORES (GX * GY)

static void setup(void)
{
	fake_chip_setup(GX, GY, 0);
}

static void teardown(void)
{
	fake_chip_teardown();
}

TestSuite(compute, .init = setup, .fini = teardown);

/* Helpers: commands as hart (core 0, risc) issues them. ------------------ */

#define IN0 0x40000u /* L1 tiles of the tests */
#define IN1 0x41000u
#define OUT 0x42000u

static uint32_t cmd(unsigned risc, uint32_t c, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
	const uint32_t args[4] = { a0, a1, a2, a3 };
	uint64_t v;

	for (unsigned i = 0; i < 4; i++)
		cr_assert(ttx_chip_write(F.chip, 0, risc,
					 TT_MMIO_TILE_BASE + TT_A_TILE_ARG0 + 4 * i, 4, args[i]));
	cr_assert(ttx_chip_write(F.chip, 0, risc, TT_MMIO_TILE_BASE + TT_A_TILE_CMD, 4, c));
	cr_assert(ttx_chip_read(F.chip, 0, risc, TT_MMIO_TILE_BASE + TT_A_TILE_STATUS, 4, &v));
	return (uint32_t)v;
}

static uint16_t *tile(uint32_t addr)
{
	return (uint16_t *)(F.l1 + addr);
}

/* bf16 tiles: in0[i] = 1 + i/1024 (rounded), in1 = 2. */
static void fill_inputs(void)
{
	for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
		tile(IN0)[i] = (uint16_t)(0x3f80 + (i & 0x7f));
		tile(IN1)[i] = 0x4000;
	}
}

#define U	TT_RISC_TRISC0
#define M	TT_RISC_TRISC1
#define P	TT_RISC_TRISC2
#define OK	TT_TILE_STATUS_OK
#define BLOCKED TT_TILE_STATUS_BLOCKED
#define EINVAL	TT_TILE_STATUS_EINVAL

/* The FMT argument of CB @cb holding @df. */
static uint32_t fmt(uint32_t df, uint32_t cb)
{
	return TT_FIELD_VAL(TILE, FMT, DF, df) | TT_FIELD_VAL(TILE, FMT, CB, cb);
}

/* What a full init does: unpackers A and B and the packer set to @df. */
static void formats(uint32_t df)
{
	cr_assert_eq(cmd(U, TT_TILE_CMD_UNPACK_CONFIG, 0, fmt(df, 0), 0, 0), OK);
	cr_assert_eq(cmd(U, TT_TILE_CMD_UNPACK_CONFIG, 1, fmt(df, 1), 0, 0), OK);
	cr_assert_eq(cmd(P, TT_TILE_CMD_PACK_CONFIG, fmt(df, 16), 0, 0, 0), OK);
}

Test(compute, add_two_tiles_through_the_three_threads)
{
	fill_inputs();
	cr_expect_eq(cmd(TT_RISC_BRISC, TT_TILE_CMD_CONFIG, TT_FIELD_VAL(TILE, CONFIG, FIDELITY, 4),
			 0, 0, 0),
		     OK);
	formats(TT_DF_FLOAT16_B);
	/* UNPACK: in0 -> SrcA, in1 -> SrcB. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN1, TT_DF_FLOAT16_B, 0), OK);
	/* MATH: acquire, Dst[0] = A + B, commit. */
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ELTWISE, TT_TILE_ELTWISE_ADD, TT_TILE_BCAST_NONE, 0, 0),
		     OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	/* PACK: wait, Dst[0] -> OUT, release; the model reports the landing. */
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), OK);
	cr_expect_eq(F.landed_addr, OUT);
	cr_expect_eq(F.landed_len, TT_TILE_BYTES_FLOAT16_B);
	/* 1 + k/128 + 2 = 3 + k/128, rounded to 8 significant bits (even). */
	cr_expect_eq(tile(OUT)[0], 0x4040);
	cr_expect_eq(tile(OUT)[1], 0x4040); /* 3 + 1/128: tie to even */
	cr_expect_eq(tile(OUT)[2], 0x4041);
	cr_expect_eq(tile(OUT)[127], 0x4080); /* 3 + 127/128 -> 4 */
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

/*
 * Own Dst on both threads, for commands checked without a whole
 * acquire..release round: one section committed and waited for (pack
 * owns it), the next acquired (math owns it).
 */
static void own_dst(void)
{
	cr_assert_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_assert_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	cr_assert_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_assert_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
}

Test(compute, stalls_report_blocked_and_change_nothing)
{
	fill_inputs();
	formats(TT_DF_FLOAT16_B);
	/* Nothing committed: the packer's wait stalls. */
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), BLOCKED);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	/* Src not unpacked: the FPU op stalls. */
	cr_expect_eq(cmd(M, TT_TILE_CMD_ELTWISE, TT_TILE_ELTWISE_ADD, 0, 0, 0), BLOCKED);
	/* Two SrcA banks, then the unpacker stalls until the FPU consumes one. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), BLOCKED);
	cr_expect_eq(cmd(U, TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_DATACOPY, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
	/* SyncHalf: two sections may be committed, the third acquire stalls. */
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), BLOCKED);
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

/* Math outside acquire..commit and pack outside wait..release are refused. */
Test(compute, dst_ownership_is_checked)
{
	fill_inputs();
	formats(TT_DF_FLOAT16_B);
	cr_expect_eq(cmd(M, TT_TILE_CMD_DATACOPY, 0, 0, 0, 0), EINVAL);
	cr_expect(strstr(F.last_error, "DATACOPY refused: math on Dst without "
				       "tile_regs_acquire"),
		  "%s", F.last_error);
	cr_expect_eq(F.last_ev.src.risc, M);
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), EINVAL);
	cr_expect(strstr(F.last_error, "tile_regs_commit without tile_regs_acquire"), "%s",
		  F.last_error);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	/* Committed, but math gave Dst up: a math op needs a new acquire. */
	cr_expect_eq(cmd(M, TT_TILE_CMD_SFPU_UNARY, TT_TILE_SFPU_EXP, 0, 0, 0), EINVAL);
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, TT_DF_FLOAT16_B, 0), EINVAL);
	cr_expect(strstr(F.last_error, "PACK refused: pack from Dst without tile_regs_wait"), "%s",
		  F.last_error);
	cr_expect_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), EINVAL);
	cr_expect(strstr(F.last_error, "tile_regs_release without tile_regs_wait"), "%s",
		  F.last_error);
	cr_expect_eq(F.errors, 5);
	/* The right order goes through. */
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), OK);
	/* CONFIG (every launch) starts with neither thread owning Dst. */
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(TT_RISC_BRISC, TT_TILE_CMD_CONFIG, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), EINVAL);
	cr_expect_eq(F.errors, 6);
}

/* Hart (core 0, @risc)'s wait as the EMU registers show it. */
static uint32_t wait_reg(unsigned risc, uint32_t reg)
{
	uint64_t v;

	cr_assert(ttx_chip_read(F.chip, 0, risc, TT_MMIO_EMU_BASE + reg, 4, &v));
	return (uint32_t)v;
}

/*
 * A stalled command does the sleep protocol's first half for its hart:
 * takes its wake and describes the wait.  A command that changes the
 * engine wakes the core's other TRISCs whose last command stalled, and
 * only those; the next command that goes through ends the wait.
 */
Test(compute, stalls_describe_the_wait_and_wake_only_the_stalled)
{
	unsigned before[TT_RISCS_PER_CORE];

	fill_inputs();
	formats(TT_DF_FLOAT16_B);
	F.level[0][P] = 1; /* a stale wake */
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), BLOCKED);
	cr_expect_eq(F.level[0][P], 0, "the stalled hart's wake was not taken");
	cr_expect_eq(wait_reg(P, TT_A_EMU_WAIT_KIND), TT_WAIT_TILE_ENGINE);
	cr_expect_eq(wait_reg(P, TT_A_EMU_WAIT_ID), TT_TILE_CMD_WAIT);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL, 0, 0, 0, 0), BLOCKED);
	cr_expect_eq(wait_reg(M, TT_A_EMU_WAIT_ID), TT_TILE_CMD_MATMUL);

	/* UNPACK changes the engine: math and pack stalled, so both wake. */
	memcpy(before, F.wakes[0], sizeof(before));
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(F.wakes[0][M], before[M] + 1);
	cr_expect_eq(F.wakes[0][P], before[P] + 1);
	cr_expect_eq(F.wakes[0][U], before[U], "the issuing hart was woken");
	cr_expect_eq(F.wakes[0][TT_RISC_BRISC], before[TT_RISC_BRISC]);
	cr_expect_eq(F.wakes[0][TT_RISC_NCRISC], before[TT_RISC_NCRISC]);
	cr_expect_eq(F.wakes[1][M], 0, "another core was woken");
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN1, TT_DF_FLOAT16_B, 0), OK);

	/* Math goes through: its wait ends; pack, still stalled, is woken. */
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL, 0, 0, 0, 0), OK);
	cr_expect_eq(wait_reg(M, TT_A_EMU_WAIT_KIND), TT_WAIT_NONE);
	cr_expect_eq(wait_reg(P, TT_A_EMU_WAIT_KIND), TT_WAIT_TILE_ENGINE);
	cr_expect_eq(F.wakes[0][P], before[P] + 3);
	/* Pack woke, went back to sleep: only math, now running, is not woken. */
	memcpy(before, F.wakes[0], sizeof(before));
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	cr_expect_eq(F.wakes[0][P], before[P] + 1);
	cr_expect_eq(F.wakes[0][U], before[U], "a hart that did not stall was woken");
	cr_expect_eq(F.wakes[0][M], before[M]);
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_expect_eq(wait_reg(P, TT_A_EMU_WAIT_KIND), TT_WAIT_NONE);
	/* With nobody stalled, a command wakes nobody. */
	memcpy(before, F.wakes[0], sizeof(before));
	cr_expect_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), OK);
	cr_expect_eq(memcmp(before, F.wakes[0], sizeof(before)), 0);
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

/*
 * The plain registers of a hart's command page (ttx_chip_latches): ARG0..6
 * and SFPI_IMM, a word each per hart.  What QEMU stores there itself is
 * what the registers read and what the next command uses.
 */
Test(compute, plain_registers_are_per_hart_words)
{
	const uint32_t *mask = NULL, *mask1 = NULL;
	uint32_t *u = ttx_chip_latches(F.chip, 0, U, TT_MMIO_TILE_BASE, &mask);
	uint32_t *p = ttx_chip_latches(F.chip, 0, P, TT_MMIO_TILE_BASE, &mask1);
	uint32_t *other = ttx_chip_latches(F.chip, 1, U, TT_MMIO_TILE_BASE, &mask1);
	char want[96];
	uint64_t v;

	cr_assert_not_null(u);
	cr_assert_not_null(p);
	cr_assert_not_null(other);
	cr_expect(u != p && u != other, "harts share plain register words");
	for (uint32_t off = 0; off < 4096; off += 4) {
		unsigned i = off / 4;
		bool plain = (mask[i / 32] >> (i % 32)) & 1;
		bool arg =
			off <= TT_A_TILE_ARG3 || (off >= TT_A_TILE_ARG4 && off <= TT_A_TILE_ARG6);

		cr_expect_eq(plain, arg || off == TT_A_TILE_SFPI_IMM, "word 0x%x plain: %d", off,
			     plain);
	}
	cr_expect_null(ttx_chip_latches(F.chip, 0, U, TT_MMIO_TILE_BASE + 4, &mask1));

	/* An UNPACK from a Src that does not exist, its arguments stored. */
	u[TT_A_TILE_ARG0 / 4] = 7;
	u[TT_A_TILE_ARG1 / 4] = IN0;
	u[TT_A_TILE_ARG2 / 4] = TT_DF_FLOAT16_B;
	u[TT_A_TILE_ARG3 / 4] = 0;
	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_CMD, 4,
				 TT_TILE_CMD_UNPACK));
	cr_assert(ttx_chip_read(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_STATUS, 4, &v));
	cr_expect_eq(v, EINVAL);
	snprintf(want, sizeof(want), "args 0x7 0x%x 0x%x 0x0", IN0, TT_DF_FLOAT16_B);
	cr_expect(strstr(F.last_error, want), "%s", F.last_error);
	p[TT_A_TILE_ARG5 / 4] = 0x55;
	cr_assert(ttx_chip_read(F.chip, 0, P, TT_MMIO_TILE_BASE + TT_A_TILE_ARG5, 4, &v));
	cr_expect_eq(v, 0x55);
	cr_assert(ttx_chip_write(F.chip, 0, P, TT_MMIO_TILE_BASE + TT_A_TILE_SFPI_IMM, 4, 0x66));
	cr_expect_eq(p[TT_A_TILE_SFPI_IMM / 4], 0x66);
}

Test(compute, arguments_are_per_hart)
{
	uint64_t v;

	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG1, 4, 11));
	cr_assert(ttx_chip_write(F.chip, 0, P, TT_MMIO_TILE_BASE + TT_A_TILE_ARG1, 4, 22));
	cr_assert(ttx_chip_read(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG1, 4, &v));
	cr_expect_eq(v, 11);
	cr_assert(ttx_chip_read(F.chip, 0, P, TT_MMIO_TILE_BASE + TT_A_TILE_ARG1, 4, &v));
	cr_expect_eq(v, 22);
}

Test(compute, bad_commands_are_guest_errors)
{
	formats(TT_DF_FLOAT16_B);
	own_dst();
	/* A tile that runs past the end of L1. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, TT_MEM_L1_SIZE - 16, TT_DF_FLOAT16_B, 0),
		     TT_TILE_STATUS_EINVAL);
	cr_expect(strstr(F.last_error, "outside L1"), "%s", F.last_error);
	/* A format the engine lacks. */
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, TT_DF_INT32, 0), TT_TILE_STATUS_EINVAL);
	cr_expect(strstr(F.last_error, "format 8"), "%s", F.last_error);
	/* An unknown command and an unknown op. */
	cr_expect_eq(cmd(M, 0x1234, 0, 0, 0, 0), TT_TILE_STATUS_EINVAL);
	cr_expect_eq(cmd(M, TT_TILE_CMD_SFPU_UNARY, 99, 0, 0, 0), TT_TILE_STATUS_EINVAL);
	cr_expect(strstr(F.last_error, "SFPU_UNARY rejected"), "%s", F.last_error);
	cr_expect_eq(F.errors, 4);
}

/* Commands against the engine library --------------------------------------- */

#define IN2 0x43000u
#define REF 0x44000u /* the library's result */

static void random_tile(uint32_t addr, uint32_t seed)
{
	for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
		seed = seed * 1103515245u + 12345u;
		/* bf16 in [-4, 4): sign, exponent 125..128, 7 mantissa bits */
		tile(addr)[i] =
			(uint16_t)(((seed >> 31) << 15) | ((125 + ((seed >> 20) & 3)) << 7) |
				   ((seed >> 8) & 0x7f));
	}
}

/* A fresh library engine at HiFi4, bf16 Dst, with Dst half 0 acquired. */
static TTTileEngine *ref_engine(void)
{
	static const TTTileConfig cfg = { .fidelity = TTX_HIFI4 };
	TTTileEngine *e = malloc(sizeof(*e));

	cr_assert_not_null(e);
	ttx_tile_init(e, &cfg);
	cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
	return e;
}

/* Pack the library's Dst tile 0 to REF and free the engine. */
static void ref_pack(TTTileEngine *e)
{
	cr_assert_eq(ttx_tile_commit(e), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_wait(e), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_pack(e, 0, TT_DF_FLOAT16_B, tile(REF)), TTX_TILE_OK);
	free(e);
}

/* Model side: configure HiFi4, acquire; then commit, pack Dst 0 to OUT. */
static void begin(void)
{
	cr_assert_eq(cmd(TT_RISC_BRISC, TT_TILE_CMD_CONFIG, TT_FIELD_VAL(TILE, CONFIG, FIDELITY, 4),
			 0, 0, 0),
		     OK);
	formats(TT_DF_FLOAT16_B);
	cr_assert_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
}

static void end(void)
{
	cr_assert_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	cr_assert_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_assert_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, TT_DF_FLOAT16_B, 0), OK);
	cr_assert_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), OK);
}

static void expect_out_is_ref(const char *what)
{
	unsigned bad = 0;

	for (unsigned i = 0; i < TT_TILE_ELEMS; i++)
		if (tile(OUT)[i] != tile(REF)[i] && bad++ < 4)
			cr_log_error("%s: element %u is 0x%04x, want 0x%04x", what, i, tile(OUT)[i],
				     tile(REF)[i]);
	cr_expect_eq(bad, 0, "%s: %u elements differ", what, bad);
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

static void matmul(bool transpose)
{
	TTTileEngine *e = ref_engine();
	uint32_t flags = TT_FIELD_VAL(TILE, UNPACK, TRANSPOSE, transpose);

	random_tile(IN0, 1);
	random_tile(IN1, 2);
	random_tile(IN2, 3);
	begin();
	/* Two accumulations: Dst = in0 @ in1 + in1 @ in2 (in0 in SrcB). */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN0, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN1, TT_DF_FLOAT16_B, flags), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL, 0, 0, 0, 0), BLOCKED);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN1, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN2, TT_DF_FLOAT16_B, flags), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL, 0, 0, 0, 0), OK);
	end();
	cr_assert_eq(ttx_tile_matmul_tiles(e, TT_DF_FLOAT16_B, tile(IN0), TT_DF_FLOAT16_B,
					   tile(IN1), transpose, 0),
		     TTX_TILE_OK);
	cr_assert_eq(ttx_tile_matmul_tiles(e, TT_DF_FLOAT16_B, tile(IN1), TT_DF_FLOAT16_B,
					   tile(IN2), transpose, 0),
		     TTX_TILE_OK);
	ref_pack(e);
	expect_out_is_ref(transpose ? "matmul transposed" : "matmul");
}

Test(compute, matmul_accumulates_as_the_engine)
{
	matmul(false);
}

Test(compute, matmul_with_transposed_in1)
{
	matmul(true);
}

Test(compute, unpack_transpose_then_datacopy_transposes)
{
	random_tile(IN0, 4);
	begin();
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B,
			 TT_FIELD_VAL(TILE, UNPACK, TRANSPOSE, 1)),
		     OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_DATACOPY, 0, 0, 0, 0), OK);
	end();
	for (unsigned r = 0; r < TT_TILE_DIM; r++)
		for (unsigned c = 0; c < TT_TILE_DIM; c++)
			cr_expect_eq(tile(OUT)[ttx_tile_index(r, c)],
				     tile(IN0)[ttx_tile_index(c, r)], "(%u, %u)", r, c);
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

static void reduce(uint32_t pool, uint32_t dim)
{
	TTTileEngine *e = ref_engine();
	uint16_t s = pool == TT_TILE_POOL_AVG ? 0x3d00 : 0x3f80; /* 1/32 or 1 */

	random_tile(IN0, 10 + pool * 3 + dim);
	for (unsigned i = 0; i < TT_TILE_ELEMS; i++)
		tile(IN1)[i] = s;
	begin();
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN1, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_REDUCE, pool, dim, 0, 0), OK);
	end();
	cr_assert_eq(ttx_tile_reduce_tile(e, (TTPoolType)pool, (TTReduceDim)dim, TT_DF_FLOAT16_B,
					  tile(IN0), TT_DF_FLOAT16_B, tile(IN1), 0),
		     TTX_TILE_OK);
	ref_pack(e);
	expect_out_is_ref("reduce");
}

Test(compute, reduce_sum_row)
{
	reduce(TT_TILE_POOL_SUM, TT_TILE_REDUCE_ROW);
}

Test(compute, reduce_avg_col)
{
	reduce(TT_TILE_POOL_AVG, TT_TILE_REDUCE_COL);
}

Test(compute, reduce_max_scalar)
{
	reduce(TT_TILE_POOL_MAX, TT_TILE_REDUCE_SCALAR);
}

Test(compute, broadcast_ops_match_the_engine)
{
	static const uint32_t ops[] = { TT_TILE_ELTWISE_ADD, TT_TILE_ELTWISE_SUB,
					TT_TILE_ELTWISE_MUL };

	random_tile(IN0, 20);
	random_tile(IN1, 21);
	for (unsigned o = 0; o < 3; o++) {
		for (uint32_t b = TT_TILE_BCAST_ROW; b <= TT_TILE_BCAST_SCALAR; b++) {
			TTTileEngine *e = ref_engine();

			begin();
			cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
			cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN1, TT_DF_FLOAT16_B, 0), OK);
			cr_expect_eq(cmd(M, TT_TILE_CMD_ELTWISE, ops[o], b, 0, 0), OK);
			end();
			cr_assert_eq(ttx_tile_binary_tiles(e, (TTEltwiseOp)ops[o], (TTBcast)b,
							   TT_DF_FLOAT16_B, tile(IN0),
							   TT_DF_FLOAT16_B, tile(IN1), 0),
				     TTX_TILE_OK);
			ref_pack(e);
			expect_out_is_ref("broadcast");
		}
	}
}

Test(compute, sfpu_binary_ops_on_two_dst_tiles)
{
	static const uint32_t ops[] = { TT_TILE_SFPU_BINARY_ADD, TT_TILE_SFPU_BINARY_SUB,
					TT_TILE_SFPU_BINARY_MUL };

	random_tile(IN0, 30);
	random_tile(IN1, 31);
	for (unsigned o = 0; o < 3; o++) {
		TTTileEngine *e = ref_engine();

		begin();
		for (unsigned t = 0; t < 2; t++) {
			cr_expect_eq(
				cmd(U, TT_TILE_CMD_UNPACK, 0, t ? IN1 : IN0, TT_DF_FLOAT16_B, 0),
				OK);
			cr_expect_eq(cmd(U, TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0), OK);
			cr_expect_eq(cmd(M, TT_TILE_CMD_DATACOPY, 0, t, 0, 0), OK);
		}
		cr_expect_eq(cmd(M, TT_TILE_CMD_SFPU_BINARY, ops[o], 0, 1, 0), OK);
		end();
		cr_assert_eq(ttx_tile_copy_tile(e, TT_DF_FLOAT16_B, tile(IN0), 0), TTX_TILE_OK);
		cr_assert_eq(ttx_tile_copy_tile(e, TT_DF_FLOAT16_B, tile(IN1), 1), TTX_TILE_OK);
		cr_assert_eq(ttx_sfpu_binary(e, (TTSfpuBinaryOp)ops[o], 0, 1), TTX_TILE_OK);
		ref_pack(e);
		expect_out_is_ref("SFPU binary");
	}
}

Test(compute, bad_new_command_arguments_are_guest_errors)
{
	own_dst();
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 4), TT_TILE_STATUS_EINVAL);
	cr_expect(strstr(F.last_error, "UNPACK rejected"), "%s", F.last_error);
	cr_expect_eq(cmd(M, TT_TILE_CMD_REDUCE, 3, 0, 0, 0), TT_TILE_STATUS_EINVAL);
	cr_expect(strstr(F.last_error, "REDUCE rejected"), "%s", F.last_error);
	cr_expect_eq(cmd(M, TT_TILE_CMD_REDUCE, 0, 3, 0, 0), TT_TILE_STATUS_EINVAL);
	cr_expect_eq(cmd(M, TT_TILE_CMD_SFPU_BINARY, 3, 0, 1, 0), TT_TILE_STATUS_EINVAL);
	cr_expect(strstr(F.last_error, "SFPU_BINARY rejected"), "%s", F.last_error);
	/* A Dst tile past the capacity (8 in SyncHalf with bf16 Dst). */
	cr_expect_eq(cmd(M, TT_TILE_CMD_SFPU_BINARY, 0, 0, 8, 0), TT_TILE_STATUS_EINVAL);
	cr_expect_eq(F.errors, 5);
}

/* Data formats, tilize / untilize, matmul blocks --------------------------- */

Test(compute, formats_must_be_configured_and_match)
{
	uint64_t v;

	fill_inputs();
	own_dst();
	/* Nothing configured: the unpack names the missing init. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, fmt(TT_DF_FLOAT16_B, 3), 0), EINVAL);
	cr_expect(strstr(F.last_error, "CB 3 (Float16_b): unpacker A has no data format "
				       "configured; call compute_kernel_hw_startup()"),
		  "%s", F.last_error);
	cr_expect_eq(F.last_ev.src.risc, U);
	/* SrcA configured from CB 3 (bf16); CB 5 holds Float32. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_CONFIG, 0, fmt(TT_DF_FLOAT16_B, 3), 0, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, fmt(TT_DF_FLOAT32, 5), 0), EINVAL);
	cr_expect(strstr(F.last_error,
			 "UNPACK of CB 5: the CB holds Float32 but unpacker A is "
			 "configured for Float16_b (CB 3); call reconfig_data_format_srca(5)"),
		  "%s", F.last_error);
	/* SrcB and unpack to Dst (unpacker A) are checked the same way. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_CONFIG, 1, fmt(TT_DF_BFP8_B, 4), 0, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN1, fmt(TT_DF_FLOAT16_B, 1), 0), EINVAL);
	cr_expect(strstr(F.last_error, "Bfp8_b (CB 4); call reconfig_data_format_srcb(1)"), "%s",
		  F.last_error);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_TO_DST, IN0, fmt(TT_DF_FLOAT16, 2), 0, 0), EINVAL);
	cr_expect(strstr(F.last_error, "reconfig_data_format_srca(2)"), "%s", F.last_error);
	/* The packer. */
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, fmt(TT_DF_FLOAT16_B, 16), 0), EINVAL);
	cr_expect(strstr(F.last_error, "the packer has no data format configured"), "%s",
		  F.last_error);
	cr_expect_eq(F.last_ev.src.risc, P);
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK_CONFIG, fmt(TT_DF_FLOAT32, 17), 0, 0, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, fmt(TT_DF_FLOAT16_B, 16), 0), EINVAL);
	cr_expect(strstr(F.last_error,
			 "PACK to CB 16: the CB holds Float16_b but the packer is "
			 "configured for Float32 (CB 17); call pack_reconfig_data_format(16)"),
		  "%s", F.last_error);
	cr_expect_eq(F.errors, 6);
	/* Reconfigured, the same unpack and pack go through. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_CONFIG, 0, fmt(TT_DF_FLOAT32, 5), 0, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, fmt(TT_DF_FLOAT32, 5), 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK_CONFIG, fmt(TT_DF_FLOAT16_B, 16), 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, fmt(TT_DF_FLOAT16_B, 16), 0), OK);
	/* A format the engine lacks cannot be configured; CONFIG forgets all. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_CONFIG, 0, fmt(TT_DF_INT8, 7), 0, 0), EINVAL);
	cr_expect(strstr(F.last_error, "CB 7 has data format 14"), "%s", F.last_error);
	cr_expect_eq(cmd(TT_RISC_BRISC, TT_TILE_CMD_CONFIG,
			 TT_FIELD_VAL(TILE, CONFIG, FP32_DEST, 1), 0, 0, 0),
		     OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, fmt(TT_DF_FLOAT32, 5), 0), EINVAL);
	cr_expect(strstr(F.last_error, "no data format configured"), "%s", F.last_error);
	/* CONFIG reads back. */
	cr_assert(ttx_chip_read(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_CONFIG, 4, &v));
	cr_expect_eq(v, TT_FIELD_VAL(TILE, CONFIG, FP32_DEST, 1));
}

#define ROWS 0x50000u /* row-major data of the tilize tests */
#define BACK 0x60000u

/*
 * Tilize then untilize @w tiles of row-major @df data through the command
 * block, as tilize_block and untilize_block drive it: UNPACK with a row
 * stride (to Dst for Float32 with an fp32 Dst), dummy SrcB, DATACOPY,
 * PACK; then PACK with a row stride.  Tiles must be the face-order image
 * of the rows and the rows must come back bit for bit.
 */
static void tilize_commands(uint32_t df, bool fp32_dest)
{
	const uint32_t w = 3, es = df == TT_DF_FLOAT32 ? 4 : 2, stride = w * 32 * es;
	uint32_t to_dst = TT_FIELD_VAL(TILE, UNPACK, TO_DST, df == TT_DF_FLOAT32);
	uint8_t *rows = F.l1 + ROWS, *back = F.l1 + BACK;
	uint32_t seed = 99;

	for (uint32_t i = 0; i < 32 * stride; i++) {
		seed = seed * 1103515245u + 12345u;
		rows[i] = (uint8_t)(seed >> 16);
		if (es == 2 && (i & 1))
			rows[i] = (uint8_t)((rows[i] & 0x83) | 0x3c); /* no denormals */
	}
	memset(back, 0x5a, 32 * stride);
	cr_assert_eq(cmd(TT_RISC_BRISC, TT_TILE_CMD_CONFIG,
			 TT_FIELD_VAL(TILE, CONFIG, FP32_DEST, fp32_dest), 0, 0, 0),
		     OK);
	formats(df);
	for (uint32_t t = 0; t < w; t++) {
		uint8_t *tl = F.l1 + OUT;

		cr_assert_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, ROWS + t * 32 * es, fmt(df, 0),
				 TT_FIELD_VAL(TILE, UNPACK, ROW_STRIDE, stride) | to_dst),
			     OK);
		cr_assert_eq(cmd(U, TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0), OK);
		cr_assert_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
		cr_assert_eq(cmd(M, TT_TILE_CMD_DATACOPY, 0, 0, 0, 0), OK);
		cr_assert_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
		cr_assert_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
		cr_assert_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, fmt(df, 16), 0), OK);
		for (unsigned r = 0; r < 32; r++)
			for (unsigned c = 0; c < 32; c++)
				cr_assert_arr_eq(tl + ttx_tile_index(r, c) * es,
						 rows + r * stride + (t * 32 + c) * es, es,
						 "tile %u (%u, %u)", t, r, c);
		cr_assert_eq(cmd(P, TT_TILE_CMD_PACK, 0, BACK + t * 32 * es, fmt(df, 16),
				 TT_FIELD_VAL(TILE, PACK, ROW_STRIDE, stride)),
			     OK);
		cr_expect_eq(F.landed_addr, BACK + t * 32 * es);
		cr_expect_eq(F.landed_len, 31 * stride + 32 * es);
		cr_assert_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), OK);
	}
	cr_expect_arr_eq(back, rows, 32 * stride);
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

Test(compute, tilize_untilize_commands_bf16)
{
	tilize_commands(TT_DF_FLOAT16_B, false);
}

Test(compute, tilize_untilize_commands_fp32)
{
	tilize_commands(TT_DF_FLOAT32, true);
}

Test(compute, bad_row_layouts_are_guest_errors)
{
	own_dst();
	formats(TT_DF_BFP8_B);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, ROWS, fmt(TT_DF_BFP8_B, 0),
			 TT_FIELD_VAL(TILE, UNPACK, ROW_STRIDE, 256)),
		     EINVAL);
	cr_expect(strstr(F.last_error, "must be Float32, Float16 or Float16_b, not Bfp8_b"), "%s",
		  F.last_error);
	formats(TT_DF_FLOAT16_B);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, ROWS, fmt(TT_DF_FLOAT16_B, 0),
			 TT_FIELD_VAL(TILE, UNPACK, ROW_STRIDE, 32)),
		     EINVAL);
	cr_expect(strstr(F.last_error, "row stride of 32 bytes is shorter than a tile row"), "%s",
		  F.last_error);
	/* 32 rows 64 KiB apart from near the top of L1 run past its end. */
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, TT_MEM_L1_SIZE - 0x10000, fmt(TT_DF_FLOAT16_B, 16),
			 TT_FIELD_VAL(TILE, PACK, ROW_STRIDE, 0x10000)),
		     EINVAL);
	cr_expect(strstr(F.last_error, "outside L1"), "%s", F.last_error);
	cr_expect_eq(F.errors, 3);
}

/* In0 block of rt x kt tiles from IN0 on, in1 of kt x ct from IN1 + 0x10000 on. */
#define BIN0   0x70000u
#define BIN1   0x90000u
#define TILE16 TT_TILE_BYTES_FLOAT16_B

Test(compute, matmul_block_matches_per_tile_matmul)
{
	const uint32_t rt = 2, ct = 3, kt = 2;
	uint32_t block = TT_FIELD_VAL(TILE, BLOCK, CT, ct) | TT_FIELD_VAL(TILE, BLOCK, RT, rt);
	TTTileEngine *e = ref_engine();

	for (uint32_t i = 0; i < rt * kt; i++)
		random_tile(BIN0 + i * TILE16, 60 + i);
	for (uint32_t i = 0; i < kt * ct; i++)
		random_tile(BIN1 + i * TILE16, 70 + i);
	begin();
	/* tt-metal's loop: in0 index k (row stride kt tiles), in1 index k * ct. */
	for (uint32_t k = 0; k < kt; k++) {
		cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG4, 4,
					 kt * TILE16));
		cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG5, 4,
					 TILE16));
		cr_assert(
			ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG6, 4, block));
		cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_MATMUL_BLOCK, BIN0 + k * TILE16,
				 BIN1 + k * ct * TILE16, fmt(TT_DF_FLOAT16_B, 0),
				 fmt(TT_DF_FLOAT16_B, 1)),
			     OK);
		cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL_BLOCK, 1, block, 0, 0), OK);
		for (uint32_t r = 0; r < rt; r++)
			for (uint32_t c = 0; c < ct; c++)
				cr_assert_eq(
					ttx_tile_matmul_tiles(e, TT_DF_FLOAT16_B,
							      tile(BIN0 + (r * kt + k) * TILE16),
							      TT_DF_FLOAT16_B,
							      tile(BIN1 + (k * ct + c) * TILE16),
							      false, 1 + r * ct + c),
					TTX_TILE_OK);
	}
	cr_assert_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	cr_assert_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_assert_eq(ttx_tile_commit(e), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_wait(e), TTX_TILE_OK);
	for (uint32_t d = 0; d <= rt * ct; d++) {
		cr_assert_eq(cmd(P, TT_TILE_CMD_PACK, d, OUT, fmt(TT_DF_FLOAT16_B, 16), 0), OK);
		cr_assert_eq(ttx_tile_pack(e, d, TT_DF_FLOAT16_B, tile(REF)), TTX_TILE_OK);
		expect_out_is_ref("matmul_block");
	}
	ttx_tile_fini(e);
	free(e);
}

Test(compute, bad_matmul_blocks_are_guest_errors)
{
	uint32_t b22 = TT_FIELD_VAL(TILE, BLOCK, CT, 2) | TT_FIELD_VAL(TILE, BLOCK, RT, 2);

	begin();
	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG4, 4, TILE16));
	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG5, 4, TILE16));
	/* ct 0, rt 17. */
	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG6, 4,
				 TT_FIELD_VAL(TILE, BLOCK, RT, 1)));
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_MATMUL_BLOCK, BIN0, BIN1, fmt(TT_DF_FLOAT16_B, 0),
			 fmt(TT_DF_FLOAT16_B, 1)),
		     EINVAL);
	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG6, 4,
				 TT_FIELD_VAL(TILE, BLOCK, RT, 17) |
					 TT_FIELD_VAL(TILE, BLOCK, CT, 1)));
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_MATMUL_BLOCK, BIN0, BIN1, fmt(TT_DF_FLOAT16_B, 0),
			 fmt(TT_DF_FLOAT16_B, 1)),
		     EINVAL);
	cr_expect(strstr(F.last_error, "UNPACK_MATMUL_BLOCK rejected"), "%s", F.last_error);
	/* in0 formats are checked against SrcB, in1 against SrcA. */
	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG6, 4, b22));
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_MATMUL_BLOCK, BIN0, BIN1, fmt(TT_DF_FLOAT32, 2),
			 fmt(TT_DF_FLOAT16_B, 1)),
		     EINVAL);
	cr_expect(strstr(F.last_error, "reconfig_data_format_srcb(2)"), "%s", F.last_error);
	/* An in0 row past the end of L1. */
	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG4, 4,
				 TT_MEM_L1_SIZE));
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_MATMUL_BLOCK, BIN0, BIN1, fmt(TT_DF_FLOAT16_B, 0),
			 fmt(TT_DF_FLOAT16_B, 1)),
		     EINVAL);
	cr_expect(strstr(F.last_error, "in0 tile of 2048 bytes"), "%s", F.last_error);
	/* A 2 x 2 block, then math asks for 1 x 2 or a single-tile matmul. */
	cr_assert(ttx_chip_write(F.chip, 0, U, TT_MMIO_TILE_BASE + TT_A_TILE_ARG4, 4, TILE16));
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK_MATMUL_BLOCK, BIN0, BIN1, fmt(TT_DF_FLOAT16_B, 0),
			 fmt(TT_DF_FLOAT16_B, 1)),
		     OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL_BLOCK, 0,
			 TT_FIELD_VAL(TILE, BLOCK, CT, 2) | TT_FIELD_VAL(TILE, BLOCK, RT, 1), 0, 0),
		     EINVAL);
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL, 0, 0, 0, 0), EINVAL);
	cr_expect(strstr(F.last_error, "MATMUL rejected"), "%s", F.last_error);
	/* Dst 6 + 4 tiles is past SyncHalf's 8. */
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL_BLOCK, 6, b22, 0, 0), EINVAL);
	cr_expect_eq(cmd(M, TT_TILE_CMD_MATMUL_BLOCK, 4, b22, 0, 0), OK);
	cr_expect_eq(F.errors, 7);
}
