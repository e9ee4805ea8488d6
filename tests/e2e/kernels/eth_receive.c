// SPDX-License-Identifier: Apache-2.0
/*
 * Wait for arg 0 bytes from the ethernet core at the far end of this
 * one's link, then tell it they are used (eth_wait_for_bytes /
 * eth_receiver_done).
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	eth_wait_for_bytes(get_arg_val(0));
	eth_receiver_done();
}
