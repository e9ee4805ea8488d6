// SPDX-License-Identifier: Apache-2.0
/*
 * Device 2.0 NoC object (tt-metal api/dataflow/noc.h): Noc moves data
 * between endpoints described by noc_traits_t<T> (TensorAccessor pages,
 * CircularBuffer front and back, unicast and multicast endpoints,
 * allocator banks, CoreLocalMem), each call a thin inline over the C API
 * on the Noc's NoC.
 *
 *     Noc noc;
 *     noc.async_read(accessor, cb, size, {.page_id = i}, {.offset_bytes = 0});
 *     noc.async_read_barrier();
 *
 * Not yet implemented: transaction-id and custom-VC options (NocOptions
 * TXN_ID, CUSTOM_VC are accepted and behave as DEFAULT), the _with_state
 * forms, async_write_zeros.
 */
#ifndef TT_API_DATAFLOW_NOC_H
#define TT_API_DATAFLOW_NOC_H

#include <cstdint>
#include <type_traits>

#include "api/dataflow/dataflow_api.h"

/* How an endpoint type gives source and destination addresses. */
template <typename T>
struct noc_traits_t {
	static_assert(sizeof(T) == 0, "NoC transactions are not supported for this type");
};

enum class NocOptions : uint32_t {
	DEFAULT = 0,
	TXN_ID = 1u << 0,
	POSTED = 1u << 1,
	CUSTOM_VC = 1u << 2,
	MCAST_INCL_SRC = 1u << 3,
	INLINE_L1 = 1u << 4,
	INLINE_REG = 1u << 5,
};

constexpr NocOptions operator|(NocOptions a, NocOptions b) noexcept
{
	return static_cast<NocOptions>(static_cast<uint32_t>(a) | static_cast<uint32_t>(b));
}

constexpr bool has_flag(NocOptions opts, NocOptions flag) noexcept
{
	return (static_cast<uint32_t>(opts) & static_cast<uint32_t>(flag)) != 0;
}

struct NocOptVals {
	uint32_t vc = NOC_UNICAST_WRITE_VC;
	uint32_t trid = 0;
};

class Noc {
public:
	enum class AddressType { NOC, LOCAL_L1 };

	static constexpr uint32_t INVALID_TXN_ID = 0xFFFFFFFF;

private:
	template <typename T>
	using src_args_t = typename noc_traits_t<T>::src_args_type;
	template <typename T>
	using dst_args_t = typename noc_traits_t<T>::dst_args_type;
	template <typename T>
	using dst_args_mcast_t = typename noc_traits_t<T>::dst_args_mcast_type;

	uint8_t noc_id_;

public:
	Noc() : noc_id_(noc_index) {}
	explicit Noc(uint8_t noc_id) : noc_id_(noc_id) {}

	uint8_t get_noc_id() const { return noc_id_; }

	bool is_local_bank(uint32_t x, uint32_t y) const
	{
		return x == my_x[noc_id_] && y == my_y[noc_id_];
	}

	bool is_local_addr(uint64_t noc_addr) const
	{
		return (uint32_t)(noc_addr >> TT_NOC_ADDR_COORD_SHIFT) ==
		       (uint32_t)NOC_XY_ENCODING(my_x, my_y);
	}

	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
		  typename Src, typename Dst>
	void async_read(const Src &src, const Dst &dst, uint32_t size_bytes,
			const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
			const NocOptVals &noc_opts = {}) const
	{
		(void)noc_opts;
		::noc_async_read<max_page_size, enable_noc_tracing>(
			noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, src_args),
			(uint32_t)noc_traits_t<Dst>::template dst_addr<AddressType::LOCAL_L1>(
				dst, *this, dst_args),
			size_bytes, noc_id_);
	}

	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
		  typename Src, typename Dst>
	void async_write(const Src &src, const Dst &dst, uint32_t size_bytes,
			 const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
			 const NocOptVals &noc_opts = {}) const
	{
		(void)noc_opts;
		::noc_async_write<max_page_size, enable_noc_tracing,
				  has_flag(opts, NocOptions::POSTED)>(
			(uint32_t)noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(
				src, *this, src_args),
			noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args),
			size_bytes, noc_id_);
	}

	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
		  typename Src, typename Dst>
	void async_write_multicast(const Src &src, const Dst &dst, uint32_t size_bytes,
				   uint32_t num_dsts, const src_args_t<Src> &src_args,
				   const dst_args_mcast_t<Dst> &dst_args, bool linked = false) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID),
			      "multicasts with a transaction id are not supported");
		uint32_t s = (uint32_t)noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(
			src, *this, src_args);
		uint64_t d = noc_traits_t<Dst>::template dst_addr_mcast<AddressType::NOC>(
			dst, *this, dst_args);

		if constexpr (has_flag(opts, NocOptions::MCAST_INCL_SRC))
			::noc_async_write_multicast_loopback_src(s, d, size_bytes, num_dsts, linked,
								 noc_id_);
		else
			::noc_async_write_multicast<max_page_size>(s, d, size_bytes, num_dsts, linked,
								   noc_id_);
	}

	template <NocOptions opts = NocOptions::DEFAULT, typename Dst>
	void inline_dw_write(const Dst &dst, uint32_t val, const dst_args_t<Dst> &dst_args,
			     uint8_t be = 0xF, const NocOptVals &noc_opts = {}) const
	{
		(void)noc_opts;
		::noc_inline_dw_write(
			noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args),
			val, be, noc_id_);
	}

	template <NocOptions opts = NocOptions::DEFAULT>
	void async_read_barrier(const NocOptVals &noc_opts = {}) const
	{
		if constexpr (has_flag(opts, NocOptions::TXN_ID))
			::noc_async_read_barrier_with_trid(noc_opts.trid, noc_id_);
		else
			::noc_async_read_barrier(noc_id_);
	}

	template <NocOptions opts = NocOptions::DEFAULT>
	void async_write_barrier(const NocOptVals &noc_opts = {}) const
	{
		if constexpr (has_flag(opts, NocOptions::TXN_ID))
			::noc_async_write_barrier_with_trid(noc_opts.trid, noc_id_);
		else
			::noc_async_write_barrier(noc_id_);
	}

	template <NocOptions opts = NocOptions::DEFAULT>
	void async_writes_flushed(const NocOptVals &noc_opts = {}) const
	{
		if constexpr (has_flag(opts, NocOptions::POSTED))
			::noc_async_posted_writes_flushed(noc_id_);
		else if constexpr (has_flag(opts, NocOptions::TXN_ID))
			::noc_async_write_flushed_with_trid(noc_opts.trid, noc_id_);
		else
			::noc_async_writes_flushed(noc_id_);
	}

	void async_atomic_barrier() const { ::noc_async_atomic_barrier(noc_id_); }

	void async_full_barrier() const { ::noc_async_full_barrier(noc_id_); }
};

#include "api/dataflow/circular_buffer.h"

#endif
