// SPDX-License-Identifier: Apache-2.0
/*
 * Fill @arg2 reserved pages of CB @arg1 with @arg3 bytes from L1 @arg0 of
 * this core, by a NoC read (@arg4 0) or a NoC write to itself (1), then
 * push them.  More bytes than the reserved pages hold run into pages
 * nobody reserved: the CB guard's case (TT_EMU_CB_GUARD=1).
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t src = get_arg_val(0), cb = get_arg_val(1), pages = get_arg_val(2);
	uint32_t bytes = get_arg_val(3);

	cb_reserve_back(cb, pages);
	if (get_arg_val(4)) {
		noc_async_write(src, get_noc_addr(my_x, my_y, get_write_ptr(cb)), bytes);
		noc_async_write_barrier();
	} else {
		noc_async_read(get_noc_addr(my_x, my_y, src), get_write_ptr(cb), bytes);
		noc_async_read_barrier();
	}
	cb_push_back(cb, pages);
}
