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

#define GX		2
#define GY		2
#define NCORES		(GX * GY)

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

#define IN0		0x40000u	/* L1 tiles of the tests */
#define IN1		0x41000u
#define OUT		0x42000u

static uint32_t cmd(unsigned risc, uint32_t c, uint32_t a0, uint32_t a1, uint32_t a2,
		    uint32_t a3)
{
	const uint32_t args[4] = { a0, a1, a2, a3 };
	uint64_t v;

	for (unsigned i = 0; i < 4; i++)
		cr_assert(ttx_chip_write(F.chip, 0, risc, TT_MMIO_TILE_BASE +
					 TT_A_TILE_ARG0 + 4 * i, 4, args[i]));
	cr_assert(ttx_chip_write(F.chip, 0, risc, TT_MMIO_TILE_BASE + TT_A_TILE_CMD, 4, c));
	cr_assert(ttx_chip_read(F.chip, 0, risc, TT_MMIO_TILE_BASE + TT_A_TILE_STATUS, 4,
				&v));
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

#define U TT_RISC_TRISC0
#define M TT_RISC_TRISC1
#define P TT_RISC_TRISC2
#define OK TT_TILE_STATUS_OK
#define BLOCKED TT_TILE_STATUS_BLOCKED
#define EINVAL TT_TILE_STATUS_EINVAL

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
	cr_expect_eq(cmd(TT_RISC_BRISC, TT_TILE_CMD_CONFIG,
			 TT_FIELD_VAL(TILE, CONFIG, FIDELITY, 4), 0, 0, 0), OK);
	formats(TT_DF_FLOAT16_B);
	/* UNPACK: in0 -> SrcA, in1 -> SrcB. */
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN1, TT_DF_FLOAT16_B, 0), OK);
	/* MATH: acquire, Dst[0] = A + B, commit. */
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ELTWISE, TT_TILE_ELTWISE_ADD, TT_TILE_BCAST_NONE,
			 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	/* PACK: wait, Dst[0] -> OUT, release; the model reports the landing. */
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_PACK, 0, OUT, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), OK);
	cr_expect_eq(F.landed_addr, OUT);
	cr_expect_eq(F.landed_len, TT_TILE_BYTES_FLOAT16_B);
	/* 1 + k/128 + 2 = 3 + k/128, rounded to 8 significant bits (even). */
	cr_expect_eq(tile(OUT)[0], 0x4040);
	cr_expect_eq(tile(OUT)[1], 0x4040);	/* 3 + 1/128: tie to even */
	cr_expect_eq(tile(OUT)[2], 0x4041);
	cr_expect_eq(tile(OUT)[127], 0x4080);	/* 3 + 127/128 -> 4 */
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

Test(compute, stalls_report_blocked_and_change_nothing)
{
	fill_inputs();
	formats(TT_DF_FLOAT16_B);
	/* Nothing committed: the packer's wait stalls. */
	cr_expect_eq(cmd(P, TT_TILE_CMD_WAIT, 0, 0, 0, 0), BLOCKED);
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
	cr_expect_eq(cmd(P, TT_TILE_CMD_RELEASE, 0, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_ACQUIRE, 0, 0, 0, 0), OK);
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

Test(compute, successful_commands_wake_the_triscs)
{
	unsigned before[TT_RISCS_PER_CORE];

	memcpy(before, F.wakes[0], sizeof(before));
	cr_expect_eq(cmd(M, TT_TILE_CMD_COMMIT, 0, 0, 0, 0), OK);
	for (unsigned r = TT_RISC_TRISC0; r <= TT_RISC_TRISC2; r++)
		cr_expect_eq(F.wakes[0][r], before[r] + 1, "%s", tt_risc_name(r));
	cr_expect_eq(F.wakes[0][TT_RISC_BRISC], before[TT_RISC_BRISC]);
	cr_expect_eq(F.wakes[0][TT_RISC_NCRISC], before[TT_RISC_NCRISC]);
	/* A stalled command wakes nobody. */
	memcpy(before, F.wakes[0], sizeof(before));
	cr_expect_eq(cmd(M, TT_TILE_CMD_ELTWISE, 0, 0, 0, 0), BLOCKED);
	cr_expect_eq(memcmp(before, F.wakes[0], sizeof(before)), 0);
	cr_expect_eq(F.wakes[1][TT_RISC_TRISC0], 0, "another core was woken");
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

#define IN2		0x43000u
#define REF		0x44000u	/* the library's result */

static void random_tile(uint32_t addr, uint32_t seed)
{
	for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
		seed = seed * 1103515245u + 12345u;
		/* bf16 in [-4, 4): sign, exponent 125..128, 7 mantissa bits */
		tile(addr)[i] = (uint16_t)(((seed >> 31) << 15) | ((125 + ((seed >> 20) & 3)) << 7) |
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
	cr_assert_eq(cmd(TT_RISC_BRISC, TT_TILE_CMD_CONFIG,
			 TT_FIELD_VAL(TILE, CONFIG, FIDELITY, 4), 0, 0, 0), OK);
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
			cr_log_error("%s: element %u is 0x%04x, want 0x%04x", what, i,
				     tile(OUT)[i], tile(REF)[i]);
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
					   tile(IN1), transpose, 0), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_matmul_tiles(e, TT_DF_FLOAT16_B, tile(IN1), TT_DF_FLOAT16_B,
					   tile(IN2), transpose, 0), TTX_TILE_OK);
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
			 TT_FIELD_VAL(TILE, UNPACK, TRANSPOSE, 1)), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_SRC_DVALID, 1, 0, 0, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_DATACOPY, 0, 0, 0, 0), OK);
	end();
	for (unsigned r = 0; r < TT_TILE_DIM; r++)
		for (unsigned c = 0; c < TT_TILE_DIM; c++)
			cr_expect_eq(tile(OUT)[ttx_tile_index(r, c)], tile(IN0)[ttx_tile_index(c, r)],
				     "(%u, %u)", r, c);
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

static void reduce(uint32_t pool, uint32_t dim)
{
	TTTileEngine *e = ref_engine();
	uint16_t s = pool == TT_TILE_POOL_AVG ? 0x3d00 : 0x3f80;	/* 1/32 or 1 */

	random_tile(IN0, 10 + pool * 3 + dim);
	for (unsigned i = 0; i < TT_TILE_ELEMS; i++)
		tile(IN1)[i] = s;
	begin();
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 1, IN1, TT_DF_FLOAT16_B, 0), OK);
	cr_expect_eq(cmd(M, TT_TILE_CMD_REDUCE, pool, dim, 0, 0), OK);
	end();
	cr_assert_eq(ttx_tile_reduce_tile(e, (TTPoolType)pool, (TTReduceDim)dim, TT_DF_FLOAT16_B,
					  tile(IN0), TT_DF_FLOAT16_B, tile(IN1), 0), TTX_TILE_OK);
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
			cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, t ? IN1 : IN0, TT_DF_FLOAT16_B,
					 0), OK);
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
	cr_expect_eq(cmd(U, TT_TILE_CMD_UNPACK, 0, IN0, TT_DF_FLOAT16_B, 4),
		     TT_TILE_STATUS_EINVAL);
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
