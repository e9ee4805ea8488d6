// SPDX-License-Identifier: Apache-2.0
/*
 * Device 2.0 CircularBuffer (tt-metal api/dataflow/circular_buffer.h): a
 * CB id with the CB calls as methods, over the C API (circular_buffer.h
 * for data movement; on compute kernels the thread-owned calls of
 * compute_kernel_api.h).  As a Noc endpoint it is the front (read
 * pointer) as a source and the back (write pointer) as a destination;
 * use<CircularBuffer::AddrSelector::...>(cb) picks the other pointer.
 */
#ifndef TT_API_DATAFLOW_CIRCULAR_BUFFER_H
#define TT_API_DATAFLOW_CIRCULAR_BUFFER_H

#include <cstdint>

#include "api/tt_cxx_common.h"
#include "circular_buffer.h"

#ifndef COMPILE_FOR_TRISC
#include "api/dataflow/noc.h"
#endif

class CircularBuffer {
public:
	enum class AddrSelector { WRITE_PTR, READ_PTR };

	explicit CircularBuffer(uint32_t cb_id) : cb_id_(cb_id) {}

	uint32_t get_cb_id() const { return cb_id_; }

	void reserve_back(int32_t num_pages) { cb_reserve_back(cb_id_, (uint32_t)num_pages); }
	void push_back(int32_t num_pages) { cb_push_back(cb_id_, (uint32_t)num_pages); }
	void wait_front(int32_t num_pages) { cb_wait_front(cb_id_, (uint32_t)num_pages); }
	void pop_front(int32_t num_pages) { cb_pop_front(cb_id_, (uint32_t)num_pages); }

	uint32_t get_tile_size() const { return ::get_tile_size(cb_id_); }
	DataFormat get_dataformat() const { return (DataFormat)tt_get_dataformat(cb_id_); }

#ifndef COMPILE_FOR_TRISC
	bool pages_reservable_at_back(int32_t num_pages) const
	{
		return cb_pages_reservable_at_back(cb_id_, (uint32_t)num_pages);
	}

	bool pages_available_at_front(int32_t num_pages) const
	{
		return cb_pages_available_at_front(cb_id_, (uint32_t)num_pages);
	}
#endif

	uint32_t get_write_ptr() const
	{
		return ::get_write_ptr(cb_id_);
	}
	uint32_t get_read_ptr() const
	{
		return ::get_read_ptr(cb_id_);
	}

private:
	uint32_t cb_id_;
};

#ifndef COMPILE_FOR_TRISC

template <CircularBuffer::AddrSelector AddrSel>
struct CircularBufferView {
	const CircularBuffer &cb;
	explicit constexpr CircularBufferView(const CircularBuffer &c) : cb(c) {}

	uint32_t addr() const
	{
		return AddrSel == CircularBuffer::AddrSelector::READ_PTR ? cb.get_read_ptr()
									 : cb.get_write_ptr();
	}
};

template <CircularBuffer::AddrSelector AddrSel>
constexpr auto use(const CircularBuffer &cb)
{
	return CircularBufferView<AddrSel>(cb);
}

/* Endpoint traits shared by CircularBuffer and its views: L1 only, or multicast. */
struct tt_cb_noc_args {
	struct src_args_type {
		uint32_t offset_bytes{};
	};
	struct dst_args_type {
		uint32_t offset_bytes{};
	};
	struct dst_args_mcast_type {
		uint32_t noc_x_start{};
		uint32_t noc_y_start{};
		uint32_t noc_x_end{};
		uint32_t noc_y_end{};
		uint32_t offset_bytes{};
	};
};

template <>
struct noc_traits_t<CircularBuffer> : tt_cb_noc_args {
	template <Noc::AddressType address_type>
	static uint32_t src_addr(const CircularBuffer &src, const Noc &, const src_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::LOCAL_L1,
			      "a CircularBuffer is a local L1 source");
		return src.get_read_ptr() + a.offset_bytes;
	}
	template <Noc::AddressType address_type>
	static uint32_t dst_addr(const CircularBuffer &dst, const Noc &, const dst_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::LOCAL_L1,
			      "a CircularBuffer is a local L1 destination");
		return dst.get_write_ptr() + a.offset_bytes;
	}
	template <Noc::AddressType address_type>
	static uint64_t dst_addr_mcast(const CircularBuffer &dst, const Noc &noc,
				       const dst_args_mcast_type &a)
	{
		return ::get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end,
						a.noc_y_end, dst.get_write_ptr() + a.offset_bytes,
						noc.get_noc_id());
	}
};

template <CircularBuffer::AddrSelector AddrSel>
struct noc_traits_t<CircularBufferView<AddrSel>> : tt_cb_noc_args {
	using view = CircularBufferView<AddrSel>;

	template <Noc::AddressType address_type>
	static uint32_t src_addr(const view &v, const Noc &, const src_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::LOCAL_L1,
			      "a CircularBuffer is a local L1 source");
		return v.addr() + a.offset_bytes;
	}
	template <Noc::AddressType address_type>
	static uint32_t dst_addr(const view &v, const Noc &, const dst_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::LOCAL_L1,
			      "a CircularBuffer is a local L1 destination");
		return v.addr() + a.offset_bytes;
	}
	template <Noc::AddressType address_type>
	static uint64_t dst_addr_mcast(const view &v, const Noc &noc, const dst_args_mcast_type &a)
	{
		return ::get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end,
						a.noc_y_end, v.addr() + a.offset_bytes,
						noc.get_noc_id());
	}
};

#endif /* !COMPILE_FOR_TRISC */

#endif
