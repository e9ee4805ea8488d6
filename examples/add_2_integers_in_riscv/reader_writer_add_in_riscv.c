// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's add_2_integers_in_riscv: read two integers from DRAM, add them
 * on the RISC-V, write the sum back to DRAM.
 * Args: src0 bank address, src1 bank address, dst bank address, L1 scratch.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	InterleavedAddrGen a = { .bank_base_address = get_arg_val(0),
				 .page_size = 4,
				 .is_dram = true };
	InterleavedAddrGen b = { .bank_base_address = get_arg_val(1),
				 .page_size = 4,
				 .is_dram = true };
	InterleavedAddrGen c = { .bank_base_address = get_arg_val(2),
				 .page_size = 4,
				 .is_dram = true };
	uint32_t l1 = get_arg_val(3);
	volatile uint32_t *x = (volatile uint32_t *)l1;
	volatile uint32_t *y = (volatile uint32_t *)(l1 + 16);
	volatile uint32_t *sum = (volatile uint32_t *)(l1 + 32);

	noc_async_read_page(0, &a, l1);
	noc_async_read_page(0, &b, l1 + 16);
	noc_async_read_barrier();
	*sum = *x + *y;
	noc_async_write_page(0, &c, l1 + 32);
	noc_async_write_barrier();
}
