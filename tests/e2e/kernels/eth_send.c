// SPDX-License-Identifier: Apache-2.0
/*
 * Send arg 2 bytes from L1 arg 0 to L1 arg 1 of the ethernet core at the
 * far end of this one's link, then wait until the receiver is done with
 * them (tt-metal's eth_send_bytes / eth_wait_for_receiver_done).
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t src = get_arg_val(0), dst = get_arg_val(1), bytes = get_arg_val(2);

	eth_send_bytes(src, dst, bytes);
	eth_wait_for_receiver_done();
}
