// SPDX-License-Identifier: Apache-2.0
/*
 * Systems of chips (tt/system.h): the machines tt-metal names and their
 * meshes, opening every chip of one, one program in flight on all chips
 * at once, programs on some chips only, the links between neighbours,
 * and prints that say which chip they come from.  Chips are 1x1 grids
 * here: what is tested is the system, not the grid.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define SCRATCH 0x100000u /* free L1 */

Test(system, names_and_meshes)
{
	static const struct {
		const char *name, *canon;
		uint32_t rows, cols;
	} known[] = {
		{ "N150", "N150", 1, 1 },     { "n300", "N300", 1, 2 }, { "T3000", "T3000", 2, 4 },
		{ "galaxy", "Galaxy", 8, 4 }, { "TG", "TG", 8, 4 },	{ "3x2", "3x2", 3, 2 },
	};
	struct tt_system_desc d;

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		cr_assert_eq(tt_system_describe(known[i].name, &d), TT_OK, "%s: %s", known[i].name,
			     tt_last_error());
		cr_expect_str_eq(d.name, known[i].canon);
		cr_expect_eq(d.rows, known[i].rows, "%s", known[i].name);
		cr_expect_eq(d.cols, known[i].cols, "%s", known[i].name);
	}
	cr_expect_eq(tt_system_describe("T4000", &d), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "'T4000' is unknown: use N150, N300, T3000"), "%s",
		  tt_last_error());
	cr_expect_eq(tt_system_describe("0x4", &d), TT_EINVAL);
	cr_expect_eq(tt_system_describe("2x", &d), TT_EINVAL);
	cr_expect_eq(tt_system_describe("9x9", &d), TT_ERANGE);
	cr_expect(strstr(tt_last_error(), "81 chips, but a system holds at most 64"), "%s",
		  tt_last_error());
	/* No name: the environment's, else a lone N150. */
	unsetenv("TT_EMU_SYSTEM");
	cr_assert_eq(tt_system_describe(NULL, &d), TT_OK);
	cr_expect_str_eq(d.name, "N150");
	setenv("TT_EMU_SYSTEM", "t3000", 1);
	cr_assert_eq(tt_system_describe("", &d), TT_OK);
	cr_expect_eq(d.rows * d.cols, 8);
	setenv("TT_EMU_SYSTEM", "bogus", 1);
	cr_expect_eq(tt_system_describe(NULL, &d), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "TT_EMU_SYSTEM='bogus'"), "%s", tt_last_error());
	unsetenv("TT_EMU_SYSTEM");
	cr_expect_eq(tt_system_describe(NULL, NULL), TT_EINVAL);
}

/* TT_VISIBLE_DEVICES keeps PCIe devices; each N300 card brings its partner. */
Test(system, visible_devices)
{
	struct tt_system_desc d;

	setenv("TT_VISIBLE_DEVICES", "0,1", 1);
	cr_assert_eq(tt_system_describe("T3000", &d), TT_OK, "%s", tt_last_error());
	cr_expect_eq(d.rows, 2);
	cr_expect_eq(d.cols, 2);
	cr_expect_eq(d.pcie_chips, 2);
	setenv("TT_VISIBLE_DEVICES", "3", 1);
	cr_assert_eq(tt_system_describe("T3000", &d), TT_OK);
	cr_expect_str_eq(d.name, "N300");
	cr_expect_eq(d.rows * d.cols, 2);
	setenv("TT_VISIBLE_DEVICES", "0,5,9", 1);
	cr_assert_eq(tt_system_describe("Galaxy", &d), TT_OK);
	cr_expect_str_eq(d.name, "1x3");
	cr_expect_eq(d.pcie_chips, 3);
	setenv("TT_VISIBLE_DEVICES", "4", 1);
	cr_expect_eq(tt_system_describe("T3000", &d), TT_ERANGE);
	cr_expect(strstr(tt_last_error(), "the T3000 has PCIe devices 0..3"), "%s",
		  tt_last_error());
	setenv("TT_VISIBLE_DEVICES", "1,1", 1);
	cr_expect_eq(tt_system_describe("T3000", &d), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "device 1 twice"), "%s", tt_last_error());
	setenv("TT_VISIBLE_DEVICES", "a", 1);
	cr_expect_eq(tt_system_describe("N300", &d), TT_EINVAL);
	unsetenv("TT_VISIBLE_DEVICES");
	cr_assert_eq(tt_system_describe("T3000", &d), TT_OK);
	cr_expect_eq(d.pcie_chips, 4);
	cr_assert_eq(tt_system_describe("N300", &d), TT_OK);
	cr_expect_eq(d.pcie_chips, 1);
}

/* One program in flight on every chip at once; each chip has its own L1. */
Test(system, one_program_on_every_chip, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("1x4");
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog =
		e2e_program(KERNEL("args_to_l1.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	uint32_t args[4] = { SCRATCH, 4, 0, 0xc0ffee };

	cr_assert_eq(tt_system_desc(sys)->cols, 4);
	cr_expect_null(tt_system_chip(sys, 4));
	cr_expect(strstr(tt_last_error(), "chip 4, but 1x4 has chips 0..3"), "%s", tt_last_error());
	for (uint32_t c = 0; c < 4; c++)
		for (uint32_t d = c + 1; d < 4; d++)
			cr_assert_neq(tt_system_chip(sys, c), tt_system_chip(sys, d));

	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 4), TT_OK);
	for (uint32_t c = 0; c < 4; c++)
		cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, c), prog, &rep), TT_OK,
			     "chip %u: %s", c, tt_last_error());
	for (uint32_t c = 0; c < 4; c++)
		cr_assert_eq(tt_finish(tt_system_chip(sys, c), 30000, &rep), TT_OK, "chip %u: %s",
			     c, tt_last_error());
	for (uint32_t c = 0; c < 4; c++) {
		uint32_t seen[4] = { 0 };

		cr_assert_eq(tt_device_l1_read(tt_system_chip(sys, c), tt_core(0, 0), SCRATCH, seen,
					       sizeof(seen)),
			     TT_OK);
		cr_expect_eq(seen[3], 0xc0ffee, "chip %u", c);
	}

	/* Then on chip 2 alone, with other args: the others keep theirs. */
	args[3] = 0x2222;
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 4), TT_OK);
	e2e_run_ok(tt_system_chip(sys, 2), prog, &rep);
	for (uint32_t c = 0; c < 4; c++) {
		uint32_t seen[4] = { 0 };

		cr_assert_eq(tt_device_l1_read(tt_system_chip(sys, c), tt_core(0, 0), SCRATCH, seen,
					       sizeof(seen)),
			     TT_OK);
		cr_expect_eq(seen[3], c == 2 ? 0x2222u : 0xc0ffeeu, "chip %u", c);
	}
	tt_program_destroy(prog);
	cr_expect_eq(tt_system_close(sys), TT_OK);
	cr_expect_eq(tt_system_close(sys), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "not an open system"), "%s", tt_last_error());
	cr_expect_null(tt_system_desc(sys));
}

/* Destroying a program in flight on several chips stops it on each. */
Test(system, destroy_stops_every_chip, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("N300");
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *spin =
		e2e_program(KERNEL("spin.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	struct tt_program *empty =
		e2e_program(KERNEL("empty.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);

	for (uint32_t c = 0; c < 2; c++)
		cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, c), spin, &rep), TT_OK);
	tt_program_destroy(spin);
	for (uint32_t c = 0; c < 2; c++)
		e2e_run_ok(tt_system_chip(sys, c), empty, &rep);
	tt_program_destroy(empty);
	tt_system_close(sys);
}

Test(system, links_follow_the_machine, .timeout = 120)
{
	struct tt_system *n300 = e2e_open_system("N300"), *t3k = e2e_open_system("T3000");

	cr_expect_eq(tt_system_links(n300, 0, 1), 2);
	cr_expect_eq(tt_system_links(n300, 1, 0), 2);
	cr_expect_eq(tt_system_links(n300, 0, 0), 0);
	/* 2x4: chip r * 4 + c; neighbours along rows and columns only. */
	cr_expect_eq(tt_system_links(t3k, 0, 1), 2);
	cr_expect_eq(tt_system_links(t3k, 0, 4), 2);
	cr_expect_eq(tt_system_links(t3k, 6, 7), 2);
	cr_expect_eq(tt_system_links(t3k, 0, 5), 0, "diagonal");
	cr_expect_eq(tt_system_links(t3k, 3, 4), 0, "end of a row is not the next row");
	cr_expect_eq(tt_system_links(t3k, 0, 8), 0, "no chip 8");
	tt_system_close(n300);
	tt_system_close(t3k);
}

/* Which ethernet channel joins which chip: both ends agree, link counts hold. */
Test(system, ethernet_channels_pair_up, .timeout = 120)
{
	struct tt_system *t3k = e2e_open_system("T3000");
	uint32_t pc, pch, back, back_ch, active[8] = { 0 };

	/* chip 1 (row 0, column 1): west 0,1 -> chip 0; east 8,9 -> chip 2; south 12,13 -> 5 */
	cr_assert_eq(tt_system_eth_peer(t3k, 1, 0, &pc, &pch), TT_OK);
	cr_expect(pc == 0 && pch == 8, "chip 1 channel 0 -> chip %u channel %u", pc, pch);
	cr_assert_eq(tt_system_eth_peer(t3k, 1, 9, &pc, &pch), TT_OK);
	cr_expect(pc == 2 && pch == 1, "chip 1 channel 9 -> chip %u channel %u", pc, pch);
	cr_assert_eq(tt_system_eth_peer(t3k, 1, 13, &pc, &pch), TT_OK);
	cr_expect(pc == 5 && pch == 5, "chip 1 channel 13 -> chip %u channel %u", pc, pch);
	cr_expect_eq(tt_system_eth_peer(t3k, 1, 4, &pc, &pch), TT_ENOENT, "no chip north");
	cr_expect_eq(tt_system_eth_peer(t3k, 1, 10, &pc, &pch), TT_ENOENT, "two links only");
	cr_expect_eq(tt_system_eth_peer(t3k, 8, 0, &pc, &pch), TT_EINVAL);
	cr_expect_eq(tt_system_eth_peer(t3k, 0, 16, &pc, &pch), TT_EINVAL);
	for (uint32_t chip = 0; chip < 8; chip++)
		for (uint32_t ch = 0; ch < 16; ch++) {
			if (tt_system_eth_peer(t3k, chip, ch, &pc, &pch) != TT_OK)
				continue;
			active[chip]++;
			cr_assert_eq(tt_system_eth_peer(t3k, pc, pch, &back, &back_ch), TT_OK);
			cr_expect(back == chip && back_ch == ch,
				  "chip %u channel %u -> %u/%u -> %u/%u", chip, ch, pc, pch, back,
				  back_ch);
		}
	/* corners have two neighbours, the others three: two links each */
	cr_expect_eq(active[0], 4);
	cr_expect_eq(active[1], 6);
	cr_expect_eq(active[7], 4);
	tt_system_close(t3k);
}

/* A chip's prints say which chip: "chip 1 core (0,0) BRISC: ...". */
Test(system, prints_name_the_chip, .timeout = 120, .init = cr_redirect_stdout)
{
	struct tt_system *sys = e2e_open_system("N300");
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog =
		e2e_program(KERNEL("print.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	uint32_t v = 7;

	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), &v, 1), TT_OK);
	e2e_run_ok(tt_system_chip(sys, 1), prog, &rep);
	tt_program_destroy(prog);
	tt_system_close(sys);
	fflush(stdout);
	cr_expect_stdout_eq_str("chip 1 core (0,0) BRISC: hello from logical (0,0) value 7\n"
				"chip 1 core (0,0) BRISC: second line without newline\n");
}

/* More gdb ports than one: refused before any chip opens. */
Test(system, one_gdb_port_is_one_chip)
{
	struct tt_system_config cfg = { .name = "N300", .chip = { .gdb_port = 1234 } };
	struct tt_system *sys = NULL;

	cr_expect_eq(tt_system_open(&cfg, &sys), TT_EINVAL);
	cr_expect_null(sys);
	cr_expect(strstr(tt_last_error(), "N300 has 2 chips but one gdb port (1234)"), "%s",
		  tt_last_error());
}

/* A chip whose QEMU dies is reported lost; the other chips run on. */
Test(system, a_lost_chip_leaves_the_others, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("N300");
	struct tt_device *a = tt_system_chip(sys, 0), *b = tt_system_chip(sys, 1);
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *spin =
		e2e_program(KERNEL("spin.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	struct tt_program *empty =
		e2e_program(KERNEL("empty.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);

	cr_assert_eq(tt_enqueue_program(a, spin, &rep), TT_OK);
	cr_assert_eq(tt_enqueue_program(b, spin, &rep), TT_OK);
	cr_assert_gt(tt_device_qemu_pid(b), 0);
	cr_assert_eq(kill(tt_device_qemu_pid(b), SIGKILL), 0);
	cr_expect_neq(tt_finish(b, 30000, &rep), TT_OK);
	cr_expect(strstr(tt_last_error(), "lost the device: QEMU exited"), "%s", tt_last_error());
	/* Chip 0 still runs: its spin is stopped, then a program runs. */
	cr_expect_eq(tt_finish(a, 300, &rep), TT_ETIMEDOUT);
	e2e_run_ok(a, empty, &rep);
	tt_program_destroy(spin);
	tt_program_destroy(empty);
	tt_system_close(sys);
}
