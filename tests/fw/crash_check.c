// SPDX-License-Identifier: Apache-2.0
/*
 * A test program whose second case traps: the host must report the first
 * as passed, the second as crashed with the trap in the run report, and
 * the third as not run.
 */
#include "tt_fwtest.h"

TT_TEST(before)
{
	EXPECT_EQ(1, 1);
}

TT_TEST(traps)
{
	volatile uint32_t reached = 1;

	EXPECT_EQ(reached, 1);
	__asm__ volatile(".word 0" ::: "memory"); /* illegal instruction */
}

TT_TEST(after)
{
	EXPECT_EQ(1, 1);
}
