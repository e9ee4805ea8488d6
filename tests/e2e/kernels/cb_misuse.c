// SPDX-License-Identifier: Apache-2.0
/*
 * Breaks one CB rule, chosen by arg0, on a 4-page CB at index arg1:
 *   0  push 2 pages after reserving 1
 *   1  pop 2 pages after waiting for 1
 *   2  reserve 5 pages
 *   3  wait for 5 pages
 *   4  use index arg1 + 1, which the program did not configure
 * Modes 2-4 stop the kernel; 0 and 1 only warn unless TT_EMU_STRICT_CB=1.
 * The kernel writes 0xbad to arg2 when it reaches its end.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t mode = get_arg_val(0), cb = get_arg_val(1);

	switch (mode) {
	case 0:
		cb_reserve_back(cb, 1);
		cb_push_back(cb, 2);
		break;
	case 1:
		cb_reserve_back(cb, 1);
		cb_push_back(cb, 1);
		cb_wait_front(cb, 1);
		cb_pop_front(cb, 2);
		break;
	case 2:
		cb_reserve_back(cb, 5);
		break;
	case 3:
		cb_wait_front(cb, 5);
		break;
	default:
		cb_reserve_back(cb + 1, 1);
		break;
	}
	*(volatile uint32_t *)get_arg_val(2) = 0xbad;
}
