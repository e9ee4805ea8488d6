// SPDX-License-Identifier: Apache-2.0
/*
 * The Noc object's options and the state-based and transaction-id forms,
 * page by page: pages of the source tensor come in and go out again each
 * by another path, part of one output page is zeroed from a zeroed
 * scratch CB, and the Device 2.0 Semaphore object synchronises with two
 * helper cores (probe/noc_options_helper.cpp) whose reports arrive as
 * inline writes.
 *
 * Compile-time args: TensorAccessorArgs of src, then of dst.
 * Runtime args: src, dst, pages (at least 6), helper 1 x, y, helper 2 x, y
 * (virtual NoC coordinates), the helpers' report slot offset.
 * CB 0: the staging pages, CB 1: one scratch page, CB 2: the report page.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"
#include "api/dataflow/endpoints.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t page = 2048;

void kernel_main()
{
	uint32_t src_addr = get_arg_val<uint32_t>(0);
	uint32_t dst_addr = get_arg_val<uint32_t>(1);
	uint32_t pages = get_arg_val<uint32_t>(2);
	uint32_t h1x = get_arg_val<uint32_t>(3), h1y = get_arg_val<uint32_t>(4);
	uint32_t h2x = get_arg_val<uint32_t>(5), h2y = get_arg_val<uint32_t>(6);
	constexpr auto src_args = TensorAccessorArgs<0>();
	constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
	const auto src = TensorAccessor(src_args, src_addr, page);
	const auto dst = TensorAccessor(dst_args, dst_addr, page);
	Noc noc;
	CircularBuffer stage(0), scratch(1), report(2);
	Semaphore<> sem(0);

	stage.reserve_back(pages);
	uint32_t l1 = stage.get_write_ptr();

	/* In: page 0 with a transaction id, page 1 on another VC. */
	noc.async_read<NocOptions::TXN_ID>(src, stage, page, { .page_id = 0 },
					   { .offset_bytes = 0 }, { .trid = 3 });
	noc.async_read_barrier<NocOptions::TXN_ID>({ .trid = 3 });
	if (!noc.is_read_trid_flushed(3))
		__builtin_trap();
	noc.async_read<NocOptions::CUSTOM_VC>(src, stage, page, { .page_id = 1 },
					      { .offset_bytes = page }, { .vc = 2 });
	noc.async_read_barrier();
	noc_async_read_set_trid(0, noc.get_noc_id());

	/* Page 2: a one-packet state read not counted, then counted by hand. */
	uint64_t p2 = src.get_noc_addr(2);
	noc_async_read_one_packet_set_state<true>(p2, page, 1);
	noc_async_read_one_packet_with_state<false, true>((uint32_t)p2, l1 + 2 * page, 1);
	noc_async_read_inc_num_issued(1, noc_index);
	noc_async_read_barrier();

	/* Pages 3 and 4: the object's state forms (one packet, then any size). */
	noc.set_async_read_state<NocOptions::DEFAULT, NOC_MAX_BURST_SIZE>(src, page,
									  { .page_id = 3 });
	noc.async_read_with_state<NocOptions::DEFAULT, NOC_MAX_BURST_SIZE>(
		src, stage, page, { .page_id = 3 }, { .offset_bytes = 3 * page });
	noc.set_async_read_state(src, page, { .page_id = 4 });
	noc.async_read_with_state(src, stage, page, { .page_id = 4 }, { .offset_bytes = 4 * page });
	noc.async_read_barrier();

	/* The rest: transaction ids on the stateful free functions. */
	for (uint32_t i = 5; i < pages; i++) {
		uint64_t a = src.get_noc_addr(i);

		noc_async_read_one_packet_set_state(a, page);
		noc_async_read_one_packet_with_state_with_trid(0, (uint32_t)a, l1 + i * page, 9);
	}
	noc_async_read_barrier_with_trid(9, noc_index);
	noc_async_read_set_trid(0, noc_index);
	stage.push_back(pages);
	stage.wait_front(pages);
	uint32_t out = stage.get_read_ptr();

	/* Out: page 0 tagged, page 1 posted, page 2 through the object's state. */
	noc.async_write<NocOptions::TXN_ID>(stage, dst, page, { .offset_bytes = 0 },
					    { .page_id = 0 }, { .trid = 4 });
	noc.async_write_barrier<NocOptions::TXN_ID>({ .trid = 4 });
	noc.async_write<NocOptions::POSTED>(stage, dst, page, { .offset_bytes = page },
					    { .page_id = 1 });
	noc.async_writes_flushed<NocOptions::POSTED>();
	noc.set_async_write_state<NocOptions::DEFAULT, NOC_MAX_BURST_SIZE>(dst, page,
									   { .page_id = 2 });
	noc.async_write_with_state<NocOptions::DEFAULT, NOC_MAX_BURST_SIZE>(
		stage, dst, page, { .offset_bytes = 2 * page }, { .page_id = 2 });
	noc.async_write_barrier();

	/* Page 3: a tagged write on the free function; page 4: posted with state. */
	noc_async_write_one_packet_with_trid<true, false>(out + 3 * page, dst.get_noc_addr(3), page,
							  7, write_cmd_buf, noc_index);
	noc_async_write_barrier_with_trid(7, noc_index);
	noc_async_write_one_packet_set_state<true>(dst.get_noc_addr(4), page);
	noc_async_write_one_packet_with_state<true>(out + 4 * page, (uint32_t)dst.get_noc_addr(4));
	noc_async_posted_writes_flushed(noc_index);
	noc_async_write_set_trid(0, noc_index);

	/* The rest go out plain; then zero bytes 512..1535 of page 5. */
	for (uint32_t i = 5; i < pages; i++)
		noc_async_write_page(i, dst, out + i * page);
	noc_async_write_barrier();
	scratch.reserve_back(1);
	noc.async_write_zeros(scratch, page);
	noc.write_zeros_l1_barrier();
	scratch.push_back(1);
	scratch.wait_front(1);
	noc.async_write_zeros(dst, 1024, { .page_id = 5, .offset_bytes = 512 }, scratch);
	noc.write_zeros_dram_barrier();
	scratch.pop_front(1);
	stage.pop_front(pages);

	/* Semaphores: each helper adds 5; then both get 7 + 1 = 8 from here. */
	sem.down(10);
	sem.set(7);
	sem.set_multicast(noc, h1x < h2x ? h1x : h2x, h1y, h1x < h2x ? h2x : h1x, h2y, 2);
	noc.async_write_barrier();
	sem.set(0);
	sem.inc_multicast(noc, h1x < h2x ? h1x : h2x, h1y, h1x < h2x ? h2x : h1x, h2y, 1, 2);
	noc.async_atomic_barrier();

	/* Each helper reports what it saw with an inline write, then adds 1. */
	sem.down(2);
	report.reserve_back(1);
	uint32_t rep = report.get_write_ptr();
	volatile uint32_t *r = reinterpret_cast<volatile uint32_t *>(rep);
	/* Words 2.. from here: inline writes with state, then posted. */
	noc_inline_dw_write_set_state<false, true>(get_noc_addr(rep + 8), 0x11111111, 0xF,
						   write_at_cmd_buf, noc_index);
	noc_inline_dw_write_with_state<false, true, false, false, false>(0, 0, write_at_cmd_buf,
									 noc_index);
	noc_inline_dw_write_with_state<true, true, false, false, true>(0x22222222, rep + 12,
								       write_at_cmd_buf, noc_index);
	noc.inline_dw_write<NocOptions::POSTED>(
		UnicastEndpoint{}, 0x33333333,
		{ .noc_x = my_x[noc_index], .noc_y = my_y[noc_index], .addr = rep + 16 });
	noc_inline_dw_write<InlineWriteDst::L1, false>(get_noc_addr(rep + 20), 0x44444444, 0x3);
	noc.async_write_barrier();
	noc_async_posted_writes_flushed(noc_index);
	(void)r;
	report.push_back(1);
	report.wait_front(1);
	noc_async_write_page(pages, dst, report.get_read_ptr());
	noc_async_write_barrier();
	report.pop_front(1);
}
