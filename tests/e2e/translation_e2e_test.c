// SPDX-License-Identifier: Apache-2.0
/*
 * Translations shared among cores (QEMU patch 0015, "Shared translations"
 * in device/qemu/tensix.c): every core boots the same firmware from core
 * 0's firmware slots, so sixteen cores translate it about once, not
 * sixteen times.
 */
#include <criterion/criterion.h>

#include "e2e.h"

#define RESULT 0x100000u /* free L1 */

/* Translation blocks held after a device of @gx x @gy ran one kernel on (0,0). */
static uint32_t tbs_after_one_launch(uint32_t gx, uint32_t gy)
{
	struct tt_device *dev = e2e_open(gx, gy);
	struct tt_core_range_set core = tt_core_set(tt_core(0, 0));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	uint32_t arg = RESULT, got = 0;
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("emu_tbs.c"), &core, &cfg, &k), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), &arg, 1), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(0, 0), RESULT, &got, sizeof(got));
	tt_program_destroy(prog);
	tt_device_close(dev);
	return got;
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
