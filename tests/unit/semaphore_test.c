// SPDX-License-Identifier: Apache-2.0
/*
 * tt_semaphore_create: ids are the smallest free on every core of the
 * range, independent ranges reuse ids, and a core holds at most
 * TT_MAX_SEMAPHORES.
 */
#include <criterion/criterion.h>

#include <tt/tt.h>

#include "tt_kernel_config.h"

static struct tt_core_range_set rect(uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
	return tt_core_range_set(tt_core_range(x0, y0, x1, y1));
}

Test(semaphore, ids_per_core)
{
	struct tt_core_range_set a = rect(0, 0, 3, 3), b = rect(4, 0, 7, 3);
	struct tt_core_range_set c = rect(3, 3, 4, 4);
	struct tt_program *prog;
	uint32_t id;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_semaphore_create(prog, &a, 1, &id), TT_OK);
	cr_expect_eq(id, 0);
	cr_assert_eq(tt_semaphore_create(prog, &a, 2, &id), TT_OK);
	cr_expect_eq(id, 1);
	cr_assert_eq(tt_semaphore_create(prog, &b, 3, &id), TT_OK);
	cr_expect_eq(id, 0, "disjoint cores reuse id 0");
	cr_assert_eq(tt_semaphore_create(prog, &c, 4, &id), TT_OK);
	cr_expect_eq(id, 2, "(3,3) has 0 and 1, (4,3) has 0: first free on both is 2");
	tt_program_destroy(prog);
}

Test(semaphore, at_most_eight_per_core)
{
	struct tt_core_range_set a = rect(1, 1, 1, 1);
	struct tt_core_range_set bad = rect(2, 1, 1, 1);
	struct tt_program *prog;
	uint32_t id;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	for (uint32_t i = 0; i < TT_MAX_SEMAPHORES; i++) {
		cr_assert_eq(tt_semaphore_create(prog, &a, i, &id), TT_OK);
		cr_expect_eq(id, i);
	}
	cr_expect_eq(tt_semaphore_create(prog, &a, 0, &id), TT_ENOSPC);
	cr_expect_eq(tt_semaphore_create(prog, &bad, 0, &id), TT_EINVAL);
	tt_program_destroy(prog);
}
