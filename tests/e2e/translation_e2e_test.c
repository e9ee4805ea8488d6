// SPDX-License-Identifier: Apache-2.0
/*
 * Translations shared among cores ("Shared translations" in
 * device/qemu/tensix.c): every core boots the same firmware from core 0's
 * firmware slots and the cores share translation blocks (QEMU patch 0015),
 * and cores whose kernel text holds the same bytes use one copy's blocks
 * (patch 0019), so sixteen cores translate about what one does; cores
 * with different kernels at one address still run their own.  Launching
 * a kernel keeps the harts' TLBs and jump caches (patch 0021).
 */
#include <criterion/criterion.h>

#include "e2e.h"
#include "tt_emu_regs.h"

#define RESULT 0x100000u /* free L1 */

/*
 * EMU register @reg (a statistic) as emu_read.c read it on the cores of
 * @set: the largest any read.
 */
static uint32_t emu_after(struct tt_device *dev, struct tt_core_range_set set, uint32_t reg)
{
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	uint32_t args[2] = { RESULT, reg }, most = 0;
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("emu_read.c"), &set, &cfg, &k), TT_OK);
	for (uint32_t i = 0; i < set.count; i++)
		for (uint32_t y = set.ranges[i].start.y; y <= set.ranges[i].end.y; y++)
			for (uint32_t x = set.ranges[i].start.x; x <= set.ranges[i].end.x; x++)
				tt_kernel_set_runtime_args(prog, k, tt_core(x, y), args, 2);
	e2e_run_ok(dev, prog, &rep);
	for (uint32_t i = 0; i < set.count; i++)
		for (uint32_t y = set.ranges[i].start.y; y <= set.ranges[i].end.y; y++)
			for (uint32_t x = set.ranges[i].start.x; x <= set.ranges[i].end.x; x++) {
				uint32_t got = 0;

				tt_device_l1_read(dev, tt_core(x, y), RESULT, &got, sizeof(got));
				most = got > most ? got : most;
			}
	tt_program_destroy(prog);
	return most;
}

/* EMU_TBS after emu_read.c ran on the cores of @set. */
static uint32_t tbs_after(struct tt_device *dev, struct tt_core_range_set set)
{
	return emu_after(dev, set, TT_A_EMU_TBS);
}

/* Translation blocks held after a device of @gx x @gy ran one kernel on (0,0). */
static uint32_t tbs_after_one_launch(uint32_t gx, uint32_t gy)
{
	struct tt_device *dev = e2e_open(gx, gy);
	uint32_t n = tbs_after(dev, tt_core_set(tt_core(0, 0)));

	tt_device_close(dev);
	return n;
}

Test(translation, firmware_is_translated_once_for_all_cores, .timeout = 60)
{
	uint32_t one = tbs_after_one_launch(1, 1), sixteen = tbs_after_one_launch(4, 4);

	cr_assert_gt(one, 0, "EMU_TBS reads 0");
	/*
	 * Each core translating its own firmware multiplies the boot's blocks
	 * (5118 against 438 without the patch; 613 with it).
	 */
	cr_expect_lt(sixteen, 2 * one, "%u translation blocks on 16 cores, %u on one", sixteen,
		     one);
}

Test(translation, one_kernel_is_translated_once_for_all_cores, .timeout = 60)
{
	struct tt_device *dev = e2e_open(4, 4);
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 3, 3));
	uint32_t again, sixteen;

	tbs_after(dev, one); /* translates the kernel on core 0 */
	again = tbs_after(dev, one);
	sixteen = tbs_after(dev, all);

	/*
	 * The fifteen cores that had not run it find its translations at core
	 * 0's copy: 1 more block here, 282 without patch 0019.
	 */
	cr_expect_lt(sixteen - again, 50, "%u blocks before, %u after 15 more cores ran it", again,
		     sixteen);
	tt_device_close(dev);
}

/* Runs sig_a.c on the cores of @a and sig_b.c on those of @b; checks each result. */
static void run_signatures(struct tt_device *dev, const struct tt_core *a, int na,
			   const struct tt_core *b, int nb)
{
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	struct tt_core_range_set sa = { 0 }, sb = { 0 };
	uint32_t arg = RESULT, zero = 0;
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle ka, kb;

	for (int i = 0; i < na; i++)
		sa.ranges[sa.count++] = tt_core_range(a[i].x, a[i].y, a[i].x, a[i].y);
	for (int i = 0; i < nb; i++)
		sb.ranges[sb.count++] = tt_core_range(b[i].x, b[i].y, b[i].x, b[i].y);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("sig_a.c"), &sa, &cfg, &ka), TT_OK);
	if (nb)
		cr_assert_eq(tt_kernel_create(prog, KERNEL("sig_b.c"), &sb, &cfg, &kb), TT_OK);
	for (int i = 0; i < na; i++) {
		tt_device_l1_write(dev, a[i], RESULT, &zero, sizeof(zero));
		tt_kernel_set_runtime_args(prog, ka, a[i], &arg, 1);
	}
	for (int i = 0; i < nb; i++) {
		tt_device_l1_write(dev, b[i], RESULT, &zero, sizeof(zero));
		tt_kernel_set_runtime_args(prog, kb, b[i], &arg, 1);
	}
	e2e_run_ok(dev, prog, &rep);
	for (int i = 0; i < na + nb; i++) {
		struct tt_core c = i < na ? a[i] : b[i - na];
		uint32_t got = 0, want = i < na ? 0xA0000000u : 0xB0000000u;

		tt_device_l1_read(dev, c, RESULT, &got, sizeof(got));
		cr_expect_eq(got, want + c.x * 16 + c.y,
			     "core (%u,%u) ran the wrong kernel: 0x%08x", c.x, c.y, got);
	}
	tt_program_destroy(prog);
}

/*
 * Cores share translations only while their kernel text is the same:
 * kernels swapped between cores, then one kernel on all, then split
 * again, each core must run its own kernel every time.
 */
Test(translation, each_core_runs_its_own_kernel, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_core c0 = tt_core(0, 0), c1 = tt_core(1, 0), c2 = tt_core(0, 1),
		       c3 = tt_core(1, 1);
	struct tt_core a1[] = { c0, c2 }, b1[] = { c1, c3 };
	struct tt_core a2[] = { c1, c3 }, b2[] = { c0, c2 };
	struct tt_core all[] = { c0, c1, c2, c3 };
	struct tt_core a4[] = { c3 }, b4[] = { c0, c1, c2 };

	run_signatures(dev, a1, 2, b1, 2);
	run_signatures(dev, a2, 2, b2, 2);
	run_signatures(dev, all, 4, NULL, 0);
	run_signatures(dev, a4, 1, b4, 3);
	run_signatures(dev, a1, 2, b1, 2);
	tt_device_close(dev);
}

/*
 * The firmware runs each kernel under mstatus.MPRV and clears it on the
 * way back.  QEMU flushed a hart's TLB (and jump cache) at each change;
 * with patch 0021 the bits only choose an MMU index, so launches flush no
 * TLB (36 flushes of MMU modes in three launches on four cores without it).
 */
Test(translation, kernel_launches_flush_no_tlb, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 1, 1));
	uint32_t before, after;

	emu_after(dev, all, TT_A_EMU_TLB_FLUSHES);
	before = emu_after(dev, all, TT_A_EMU_TLB_FLUSHES);
	for (int i = 0; i < 3; i++)
		after = emu_after(dev, all, TT_A_EMU_TLB_FLUSHES);
	cr_expect_lt(after - before, 4, "%u TLB flushes in 3 launches on 4 cores", after - before);
	tt_device_close(dev);
}
