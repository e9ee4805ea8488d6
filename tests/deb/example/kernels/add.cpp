// SPDX-License-Identifier: Apache-2.0
/*
 * c[i] = a[i] + b[i] over uint32 vectors in interleaved DRAM buffers, a
 * page at a time through the two pages of CB 0.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t a = get_arg_val<uint32_t>(0), b = get_arg_val<uint32_t>(1);
	uint32_t c = get_arg_val<uint32_t>(2), pages = get_arg_val<uint32_t>(3);
	uint32_t page = get_arg_val<uint32_t>(4);
	const InterleavedAddrGen<true> ga = { .bank_base_address = a, .page_size = page };
	const InterleavedAddrGen<true> gb = { .bank_base_address = b, .page_size = page };
	const InterleavedAddrGen<true> gc = { .bank_base_address = c, .page_size = page };
	uint32_t la = get_write_ptr(tt::CBIndex::c_0), lb = la + page;
	auto *x = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(la);
	auto *y = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(lb);

	for (uint32_t p = 0; p < pages; p++) {
		noc_async_read(get_noc_addr(p, ga), la, page);
		noc_async_read(get_noc_addr(p, gb), lb, page);
		noc_async_read_barrier();
		for (uint32_t i = 0; i < page / 4; i++)
			x[i] = x[i] + y[i];
		noc_async_write(la, get_noc_addr(p, gc), page);
		noc_async_write_barrier();
	}
}
