// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's add_2_integers_in_riscv: read two integers from DRAM bank 0,
 * add them on the RISC-V, write the sum back to DRAM.
 * Args: src0, src1, dst (addresses in DRAM bank 0), L1 scratch (three
 * 16-byte slots).
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t src0 = get_arg_val(0), src1 = get_arg_val(1), dst = get_arg_val(2);
	uint32_t l1 = get_arg_val(3);
	volatile uint32_t *a = (volatile uint32_t *)l1;
	volatile uint32_t *b = (volatile uint32_t *)(l1 + 16);
	volatile uint32_t *sum = (volatile uint32_t *)(l1 + 32);

	noc_async_read(get_noc_addr_from_bank_id(true, 0, src0), (uint32_t)a, 4);
	noc_async_read(get_noc_addr_from_bank_id(true, 0, src1), (uint32_t)b, 4);
	noc_async_read_barrier();
	*sum = *a + *b;
	noc_async_write((uint32_t)sum, get_noc_addr_from_bank_id(true, 0, dst), 4);
	noc_async_write_barrier();
}
