// SPDX-License-Identifier: Apache-2.0
/*
 * Break one NoC sanitizer rule, chosen by arg 0, then wait on the
 * barrier as a correct kernel would (it must not hang).  Arg 1: a
 * scratch L1 address.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t l1 = get_arg_val(1);

	switch (get_arg_val(0)) {
	case 0: /* coordinates of nothing */
		noc_async_read(get_noc_addr(3, 3, l1), l1, 64);
		break;
	case 1: /* into the mailbox of another core */
		noc_async_write(l1, get_noc_addr(my_x + 1, my_y, TT_MEM_MAILBOX_BASE), 16);
		break;
	case 2: /* source and destination differ modulo 16 */
		noc_async_write(l1 + 4, get_noc_addr(my_x + 1, my_y, l1 + 8), 64);
		break;
	case 3: /* one packet over the burst limit */
		noc_async_read_one_packet(get_noc_addr(my_x + 1, my_y, l1), l1, 9000);
		break;
	case 4: /* past the end of DRAM bank 0 */
		noc_async_read(get_noc_addr_from_bank_id(true, 0, 0x3ffffc00u), l1, 2048);
		break;
	case 5: /* multicast rectangle reaching past the grid */
		noc_async_write_multicast(
			l1, get_noc_multicast_addr(my_x, my_y, my_x + 8, my_y, l1), 64, 8);
		break;
	default:
		break;
	}
	noc_async_full_barrier();
}
