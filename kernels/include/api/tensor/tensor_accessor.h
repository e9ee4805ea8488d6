// SPDX-License-Identifier: Apache-2.0
/*
 * TensorAccessor (tt-metal api/tensor/tensor_accessor.h): page id -> NoC
 * address of an interleaved or sharded buffer described by
 * TensorAccessorArgs, for get_noc_addr() and noc_async_{read,write}_page.
 *
 * Interleaved: page p is in bank p % banks at row p / banks, as
 * tt_interleaved_noc_addr() of the C API computes it.
 * Sharded: the page's coordinates in the tensor (row-major over the
 * tensor shape in pages) give its shard (row-major over the shard grid,
 * ceil(tensor / shard) per dimension) and its place in the shard
 * (row-major over the shard shape); shard s lives on bank s % banks as
 * that bank's (s / banks)-th shard.  L1 banks are addressed by their
 * virtual x, y; DRAM banks by their bank id (the x of their coordinate).
 *
 * Not yet implemented: the page and shard iterators (pages(), shards()),
 * get_noc_addr with a coordinate array.
 */
#ifndef TT_API_TENSOR_TENSOR_ACCESSOR_H
#define TT_API_TENSOR_TENSOR_ACCESSOR_H

#include <cstddef>
#include <cstdint>

#include "api/tensor/tensor_accessor_args.h"
#include <dataflow_api.h>

namespace tensor_accessor {

/*
 * A tensor bound to a Metal 2.0 kernel (the host generates ta::<name> of
 * this type): its accessor args start at compile-time arg CTA_OFFSET, and
 * at common runtime arg byte ADDR_CRTA_OFFSET are its base address and,
 * after it, the fields its args config says are runtime ones.
 */
template <std::uint32_t CTA_OFFSET, std::uint32_t ADDR_CRTA_OFFSET>
struct TensorAccessorBindingToken {
	static constexpr std::uint32_t cta_offset = CTA_OFFSET;
	static constexpr std::uint32_t addr_crta_index = ADDR_CRTA_OFFSET / sizeof(std::uint32_t);
};

} // namespace tensor_accessor

template <class Args>
struct TensorAccessor {
	static constexpr bool is_dram = Args::is_dram;
	static constexpr bool is_sharded = Args::is_sharded;

	Args args;
	uint32_t bank_base_address;
	uint32_t aligned_page_size;

	struct PageMapping {
		uint32_t bank_id;
		uint32_t bank_page_offset;
	};

	constexpr TensorAccessor(const Args &a, std::size_t base,
				 uint32_t page_size = Args::AlignedPageSize)
	    : args(a), bank_base_address((uint32_t)base), aligned_page_size(page_size)
	{}

	/* The tensor a Metal 2.0 binding names: TensorAccessor accessor(ta::<name>). */
	template <std::uint32_t CTA_OFFSET, std::uint32_t ADDR_CRTA_OFFSET>
	TensorAccessor(tensor_accessor::TensorAccessorBindingToken<CTA_OFFSET, ADDR_CRTA_OFFSET>)
	    : args(), bank_base_address(get_common_arg_val<uint32_t>(
			      (int)tensor_accessor::TensorAccessorBindingToken<
				      CTA_OFFSET, ADDR_CRTA_OFFSET>::addr_crta_index)),
	      aligned_page_size(Args::AlignedPageSize)
	{}

	FORCE_INLINE uint32_t get_aligned_page_size() const { return aligned_page_size; }
	FORCE_INLINE uint32_t get_bank_base_address() const { return bank_base_address; }

	/* Bank and page slot (in pages from the bank base) of sharded page @page_id. */
	PageMapping get_bank_and_offset(uint32_t page_id) const
	{
		uint32_t rank = args.get_rank(), shard_id = 0, in_shard = 0;
		uint32_t grid_stride = 1, shard_stride = 1, shard_volume = 1;

		for (int i = (int)rank - 1; i >= 0; i--) {
			uint32_t dim = args.tensor_shape(i), sdim = args.shard_shape(i);
			uint32_t c = page_id % dim;

			page_id /= dim;
			shard_id += (c / sdim) * grid_stride;
			in_shard += (c % sdim) * shard_stride;
			grid_stride *= (dim + sdim - 1) / sdim;
			shard_stride *= sdim;
		}
		shard_volume = shard_stride;
		return { shard_id % args.get_num_banks(),
			 shard_id / args.get_num_banks() * shard_volume + in_shard };
	}

	/* NoC address of @offset into bank @bank's page slot @slot. */
	FORCE_INLINE uint64_t bank_noc_addr(uint32_t bank, uint32_t slot, uint32_t offset,
					    uint8_t noc) const
	{
		uint32_t xy = args.bank_coord(bank);
		uint32_t addr = bank_base_address + slot * aligned_page_size + offset;

		if constexpr (is_dram)
			return ::get_noc_addr_from_bank_id<true>(xy >> 8, addr, noc);
		else
			return ::get_noc_addr(xy >> 8, xy & 0xff, addr, noc);
	}

	FORCE_INLINE uint64_t get_noc_addr(uint32_t page_id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		if constexpr (!is_sharded) {
			tt_noc::scope s(noc);

			return tt_interleaved_noc_addr(is_dram, bank_base_address,
						       aligned_page_size, page_id, offset);
		} else {
			PageMapping m = get_bank_and_offset(page_id);

			return bank_noc_addr(m.bank_id, m.bank_page_offset, offset, noc);
		}
	}

	/* NoC address of @offset into shard @shard_id (sharded only). */
	FORCE_INLINE uint64_t get_shard_noc_addr(uint32_t shard_id, uint32_t offset = 0,
						 uint8_t noc = noc_index) const
	{
		static_assert(is_sharded, "get_shard_noc_addr needs a sharded tensor");
		uint32_t volume = 1;

		for (uint32_t i = 0; i < args.get_rank(); i++)
			volume *= args.shard_shape(i);
		return bank_noc_addr(shard_id % args.get_num_banks(),
				     shard_id / args.get_num_banks() * volume, offset, noc);
	}

	FORCE_INLINE bool is_local_addr(uint64_t noc_addr, uint8_t noc = noc_index) const
	{
		(void)noc;
		return (uint32_t)(noc_addr >> TT_NOC_ADDR_COORD_SHIFT) ==
		       (uint32_t)NOC_XY_ENCODING(my_x, my_y);
	}

	FORCE_INLINE bool is_local_page(uint32_t page_id, uint8_t noc = noc_index) const
	{
		return is_local_addr(get_noc_addr(page_id, 0, noc), noc);
	}

	FORCE_INLINE bool is_local_shard(uint32_t shard_id, uint8_t noc = noc_index) const
	{
		return is_local_addr(get_shard_noc_addr(shard_id, 0, noc), noc);
	}
};

template <std::uint32_t CTA_OFFSET, std::uint32_t ADDR_CRTA_OFFSET>
TensorAccessor(tensor_accessor::TensorAccessorBindingToken<CTA_OFFSET, ADDR_CRTA_OFFSET>)
	-> TensorAccessor<TensorAccessorArgs<
		CTA_OFFSET, tensor_accessor::TensorAccessorBindingToken<
				    CTA_OFFSET, ADDR_CRTA_OFFSET>::addr_crta_index +
				    1>>;

#endif
