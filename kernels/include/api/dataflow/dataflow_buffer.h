// SPDX-License-Identifier: Apache-2.0
/*
 * Metal 2.0 DataflowBuffer (tt-metal api/dataflow/dataflow_buffer.h): a
 * FIFO of entries between a producer and a consumer kernel on one core.
 * On Wormhole a DFB is the circular buffer whose index is its id, so this
 * is the CB API under the DFB names: an entry is a page.  A kernel made
 * from a KernelSpec names its DFBs dfb::<accessor name> (a DFBAccessor,
 * from the bindings the host generates), or a DFB is named by its id.
 *
 * On compute kernels reserve/push act on the PACK thread and wait/pop on
 * UNPACK, as the compute CB calls do, and the sizes and pointers are in
 * 16-byte units, as tt-metal's tt-1xx TRISCs keep them (a kernel shifts
 * them left by 4 for a byte address).
 */
#ifndef TT_API_DATAFLOW_DATAFLOW_BUFFER_H
#define TT_API_DATAFLOW_DATAFLOW_BUFFER_H

#include <cstdint>

#include "api/tt_cxx_common.h"
#include "circular_buffer.h"

#ifdef COMPILE_FOR_TRISC
#include "compute_kernel_api.h"
#else
#include "api/dataflow/noc.h"
#endif

/* The id of a DFB, as the generated bindings name it. */
struct DFBAccessor {
	explicit constexpr DFBAccessor(uint16_t id) : id_(id) {}
	constexpr operator uint32_t() const { return id_; }
	constexpr uint16_t resolve_id() const { return id_; }

private:
	uint16_t id_;
};

class DataflowBuffer {
public:
	DataflowBuffer(DFBAccessor accessor) : id_(accessor.resolve_id()) {}
	DataflowBuffer(uint16_t logical_dfb_id) : id_(logical_dfb_id) {}

	uint16_t get_id() const { return id_; }
	uint32_t get_entry_size() const
	{
		return units(get_local_cb_interface(id_)->fifo_page_size);
	}
	uint32_t get_stride_size() const { return get_entry_size(); }

	void reserve_back(uint16_t num_entries) { cb_reserve_back(id_, num_entries); }
	void push_back(uint16_t num_entries) { cb_push_back(id_, num_entries); }
	void wait_front(uint16_t num_entries) { cb_wait_front(id_, num_entries); }
	void pop_front(uint16_t num_entries) { cb_pop_front(id_, num_entries); }
	/* Nothing is left in flight on Wormhole once the last entry moved. */
	void finish() {}

	uint32_t get_write_ptr() const { return units(::get_write_ptr(id_)); }
	uint32_t get_read_ptr() const { return units(::get_read_ptr(id_)); }

	uint32_t get_tile_size() const { return ::get_tile_size(id_); }
	DataFormat get_dataformat() const { return (DataFormat)tt_get_dataformat(id_); }

#ifndef COMPILE_FOR_TRISC
	bool pages_reservable_at_back(int32_t num_pages) const
	{
		return cb_pages_reservable_at_back(id_, (uint32_t)num_pages);
	}
	bool pages_available_at_front(int32_t num_pages) const
	{
		return cb_pages_available_at_front(id_, (uint32_t)num_pages);
	}
	/* The writes that filled entries have landed. */
	void write_barrier(const Noc &noc) const
	{
		noc.async_write_barrier();
	}
#endif

private:
	/* Bytes on data-movement cores, 16-byte units on compute cores. */
	static uint32_t units(uint32_t bytes)
	{
#ifdef COMPILE_FOR_TRISC
		return bytes >> 4;
#else
		return bytes;
#endif
	}

	uint16_t id_;
};

#ifndef COMPILE_FOR_TRISC

/* As a NoC endpoint: the front (read pointer) as a source, the back as a destination. */
template <>
struct noc_traits_t<DataflowBuffer> : tt_cb_noc_args {
	template <Noc::AddressType address_type>
	static uint32_t src_addr(const DataflowBuffer &src, const Noc &, const src_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::LOCAL_L1,
			      "a DataflowBuffer is a local L1 source");
		return src.get_read_ptr() + a.offset_bytes;
	}
	template <Noc::AddressType address_type>
	static uint32_t dst_addr(const DataflowBuffer &dst, const Noc &, const dst_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::LOCAL_L1,
			      "a DataflowBuffer is a local L1 destination");
		return dst.get_write_ptr() + a.offset_bytes;
	}
	template <Noc::AddressType address_type>
	static uint64_t dst_addr_mcast(const DataflowBuffer &dst, const Noc &noc,
				       const dst_args_mcast_type &a)
	{
		static_assert(address_type == Noc::AddressType::NOC,
			      "a multicast DataflowBuffer destination is a NoC address");
		return ::get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end,
						a.noc_y_end, dst.get_write_ptr() + a.offset_bytes,
						noc.get_noc_id());
	}
};

#endif

#endif
