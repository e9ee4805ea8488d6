// SPDX-License-Identifier: Apache-2.0
/*
 * Build-only: tt-metal data-movement spellings beyond the corpus, so that
 * a change that drops one fails a test.  Never run.
 */
#include <cstdint>

#include "api/core_local_mem.h"
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/endpoints.h"
#include "api/debug/dprint.h"
#include "api/tensor/noc_traits.h"
#include "hostdevcommon/common_values.hpp"
#include "tools/profiler/kernel_profiler.hpp"
#include "tt-metalium/constants.hpp"

static_assert(kernel_compile_time_args.size() == 2 && kernel_compile_time_args[1] == 2048);
static_assert(tt::constants::TILE_HW == 1024 && tt::constants::FACE_HW == 256);

void kernel_main()
{
	DeviceZoneScopedN("spellings");
	uint32_t base = get_arg_val<uint32_t>(0), n = get_common_arg_val<uint32_t>(0);
	constexpr uint32_t cb = tt::CBIndex::c_2;
	const DataFormat df = get_dataformat(cb);
	const InterleavedAddrGenFast<true> fast = { .bank_base_address = base,
						    .page_size = get_tile_size(cb),
						    .data_format = df };
	const InterleavedAddrGen<false> plain = { .bank_base_address = base, .page_size = 64 };
	const InterleavedPow2AddrGenFast<true> pow2 = { .bank_base_address = base,
							.log_base_2_of_page_size = 11 };
	constexpr auto args = TensorAccessorArgs<0>();
	const auto acc = TensorAccessor(args, base, 2048);
	uint32_t sem = get_semaphore<ProgrammableCoreType::TENSIX>(0);
	uint64_t mcast = get_noc_multicast_addr(1, 1, 2, 2, sem, noc_index);

	noc_async_read_tile(0, fast, get_write_ptr(cb));
	noc_async_write_tile(1, fast, get_read_ptr(cb));
	noc_async_read_page(2, plain, get_write_ptr(cb), 16);
	noc_async_write_page(3, pow2, get_read_ptr(cb), 1024, 0, noc_index);
	noc_async_read_page(n, acc, get_write_ptr(cb));
	noc_async_write<NOC_MAX_BURST_SIZE + 1, true, true>(get_read_ptr(cb), get_noc_addr(0, acc),
							    64);
	noc_async_read_one_packet(get_noc_addr(1, 1, sem, 1), sem + 16, 4, 1);
	noc_async_posted_writes_flushed(noc_index);
	noc_async_write_multicast(get_read_ptr(cb), mcast, 64, 4, true);
	noc_semaphore_set_multicast(sem, mcast, 4, false);
	noc_semaphore_inc(get_noc_addr(1, 1, sem), 1, noc_index);
	noc_semaphore_wait(reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem), VALID);
	noc_inline_dw_write(get_noc_addr(sem), INVALID, 0xF, noc_index);
	noc_async_write_flushed();
	noc_async_full_barrier(noc_index);
	riscv_wait(10);

	Noc noc;
	CircularBuffer c(cb);
	CoreLocalMem<uint32_t> mem(base);
	UnicastEndpoint ep;
	MulticastEndpoint mep;
	AllocatorBank<AllocatorBankType::DRAM> bank;

	c.reserve_back(1);
	noc.async_read(acc, c, 2048, { .page_id = 0 }, { .offset_bytes = 0 });
	noc.async_read(bank, mem, 64, { .bank_id = 0, .addr = base }, { .offset_bytes = 0 });
	noc.async_write(use<CircularBuffer::AddrSelector::WRITE_PTR>(c), ep, 64, {},
			{ .noc_x = my_x[noc.get_noc_id()], .noc_y = my_y[0], .addr = sem });
	noc.async_write_multicast<NocOptions::MCAST_INCL_SRC>(c, mep, 64, 4, {},
							      { .noc_x_start = 1,
								.noc_y_start = 1,
								.noc_x_end = 2,
								.noc_y_end = 2,
								.addr = sem });
	noc.async_write<NocOptions::POSTED>(mem, acc, 64, {}, { .page_id = 1 });
	noc.async_read_barrier();
	noc.async_writes_flushed<NocOptions::POSTED>();
	noc.async_atomic_barrier();
	c.push_back(1);
	DPRINT << "n " << n << " " << F32(1.5f) << " " << BF16(0x3f80) << " "
	       << TileSlice(cb, 0, SliceRange::h0_w0_32()) << ENDL();
	DPRINT("{} {:>6.2f} {:08x}\n", mem[0], 2.0f, sem);
}
