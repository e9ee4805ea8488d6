// SPDX-License-Identifier: Apache-2.0
/*
 * The on-target harness checking itself: every outcome a case can have,
 * with known values, so tests/fw/fwtest_test.c can compare what the host
 * reports (status, line, message, counts) with what happened here.
 * The lines of the failing checks are given to the host by FAIL_LINE_*.
 */
#include "tt_fwtest.h"

TT_TEST(passes)
{
	EXPECT_EQ(2 + 2, 4);
	EXPECT_NE(1, 2);
	EXPECT_LT(-1, 1);
	EXPECT_TRUE(1);
	EXPECT_FALSE(0);
}

TT_TEST(expect_keeps_going)
{
	volatile int three = 3;

	EXPECT_EQ(three, 4); /* the first failure is the one reported */
	EXPECT_EQ(three, 5);
	EXPECT_EQ(three, 3);
}

TT_TEST(assert_stops)
{
	volatile uint32_t big = 0xdeadbeef;

	ASSERT_EQ(big, 0u);
	EXPECT_EQ(1, 2); /* never reached */
}

TT_TEST(memory_difference)
{
	uint8_t a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	uint8_t b[8] = { 1, 2, 3, 4, 5, 0x66, 7, 8 };

	EXPECT_MEM_EQ(a, b, sizeof(a));
}

TT_TEST(skipped_off_brisc)
{
	if (TT_TEST_RISC() != TT_RISC_BRISC)
		TT_SKIP("BRISC only");
	EXPECT_EQ(fw_risc, TT_RISC_BRISC);
}

TT_TEST(negative_values)
{
	volatile int minus_two = -2;

	EXPECT_EQ(minus_two, 7);
}
