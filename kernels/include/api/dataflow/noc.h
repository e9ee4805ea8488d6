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
 * NocOptions: TXN_ID tags reads and writes with NocOptVals::trid (the
 * read tag stays set, as on the hardware) and makes the barriers wait for
 * that id; POSTED writes are not acknowledged; CUSTOM_VC puts the command
 * on NocOptVals::vc (carried, but no contention is modelled).
 * set_async_{read,write}_state program the command buffer once for
 * async_{read,write}_with_state; async_write_zeros zeroes a CB's L1 (NoC
 * reads of MEM_ZEROS) or, from such a zeroed scratch CB, pages of a DRAM
 * tensor.
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

private:
	template <typename Src>
	uint64_t src_noc(const Src &src, const src_args_t<Src> &a) const
	{
		return noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, a);
	}
	template <typename Src>
	uint32_t src_l1(const Src &src, const src_args_t<Src> &a) const
	{
		return (uint32_t)noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(
			src, *this, a);
	}
	template <typename Dst>
	uint64_t dst_noc(const Dst &dst, const dst_args_t<Dst> &a) const
	{
		return noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, a);
	}
	template <typename Dst>
	uint32_t dst_l1(const Dst &dst, const dst_args_t<Dst> &a) const
	{
		return (uint32_t)noc_traits_t<Dst>::template dst_addr<AddressType::LOCAL_L1>(
			dst, *this, a);
	}
	template <NocOptions opts>
	static uint32_t vc_of(const NocOptVals &o)
	{
		return has_flag(opts, NocOptions::CUSTOM_VC) ? o.vc : NOC_UNICAST_WRITE_VC;
	}

public:
	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
		  typename Src, typename Dst>
	void async_read(const Src &src, const Dst &dst, uint32_t size_bytes,
			const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
			const NocOptVals &noc_opts = {}) const
	{
		if constexpr (has_flag(opts, NocOptions::TXN_ID))
			::noc_async_read_set_trid(noc_opts.trid, noc_id_);
		::noc_async_read<max_page_size, enable_noc_tracing>(
			src_noc(src, src_args), dst_l1(dst, dst_args), size_bytes, noc_id_,
			vc_of<opts>(noc_opts));
	}

	/* Program the read command buffer for async_read_with_state from @src's core. */
	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src>
	void set_async_read_state(const Src &src, uint32_t size_bytes,
				  const src_args_t<Src> &src_args,
				  const NocOptVals &noc_opts = {}) const
	{
		tt_noc::scope s(noc_id_);

		if constexpr (max_page_size <= NOC_MAX_BURST_SIZE)
			::noc_async_read_one_packet_set_state(src_noc(src, src_args), size_bytes);
		else
			::noc_async_read_set_state(src_noc(src, src_args));
		if constexpr (has_flag(opts, NocOptions::TXN_ID))
			::noc_async_read_set_trid(noc_opts.trid);
	}

	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src, typename Dst>
	void async_read_with_state(const Src &src, const Dst &dst, uint32_t size_bytes,
				   const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
				   const NocOptVals &noc_opts = {}) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID) ||
				      max_page_size <= NOC_MAX_BURST_SIZE,
			      "NocOptions::TXN_ID with state needs one-packet reads "
			      "(max_page_size <= NOC_MAX_BURST_SIZE)");
		tt_noc::scope s(noc_id_);

		(void)noc_opts;
		if constexpr (max_page_size <= NOC_MAX_BURST_SIZE)
			::noc_read_with_state((uint32_t)src_noc(src, src_args),
					      dst_l1(dst, dst_args), true);
		else
			::noc_read_any_len_with_state((uint32_t)src_noc(src, src_args),
						      dst_l1(dst, dst_args), size_bytes, true);
	}

	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
		  typename Src, typename Dst>
	void async_write(const Src &src, const Dst &dst, uint32_t size_bytes,
			 const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
			 const NocOptVals &noc_opts = {}) const
	{
		constexpr bool posted = has_flag(opts, NocOptions::POSTED);

		if constexpr (has_flag(opts, NocOptions::TXN_ID)) {
			tt_noc::scope s(noc_id_);
			uint32_t from = src_l1(src, src_args), n;
			uint64_t to = dst_noc(dst, dst_args);

			::noc_set_trid(TT_NOC_WR_CMD_BUF, noc_opts.trid);
			do {
				n = size_bytes > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE
								    : size_bytes;
				::noc_fast_write(noc_index, TT_NOC_WR_CMD_BUF, from, to, n,
						 ::noc_unicast_ctrl_vc(vc_of<opts>(noc_opts)),
						 !posted, 1);
				from += n;
				to += n;
				size_bytes -= n;
			} while (size_bytes);
		} else {
			::noc_async_write<max_page_size, enable_noc_tracing, posted>(
				src_l1(src, src_args), dst_noc(dst, dst_args), size_bytes, noc_id_,
				vc_of<opts>(noc_opts));
		}
	}

	/* Program the write command buffer for async_write_with_state to @dst's core. */
	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Dst>
	void set_async_write_state(const Dst &dst, uint32_t size_bytes,
				   const dst_args_t<Dst> &dst_args,
				   const NocOptVals &noc_opts = {}) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID),
			      "NocOptions::TXN_ID is not supported for set_async_write_state; use "
			      "async_write<NocOptions::TXN_ID>");
		tt_noc::scope s(noc_id_);

		::noc_write_set_state(TT_NOC_WR_CMD_BUF, dst_noc(dst, dst_args),
				      max_page_size <= NOC_MAX_BURST_SIZE ? size_bytes : 0,
				      !has_flag(opts, NocOptions::POSTED), vc_of<opts>(noc_opts));
	}

	template <NocOptions opts = NocOptions::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src, typename Dst>
	void async_write_with_state(const Src &src, const Dst &dst, uint32_t size_bytes,
				    const src_args_t<Src> &src_args,
				    const dst_args_t<Dst> &dst_args,
				    const NocOptVals &noc_opts = {}) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID),
			      "NocOptions::TXN_ID is not supported for async_write_with_state; use "
			      "async_write<NocOptions::TXN_ID>");
		constexpr bool nonposted = !has_flag(opts, NocOptions::POSTED);
		tt_noc::scope s(noc_id_);

		(void)noc_opts;
		if constexpr (max_page_size <= NOC_MAX_BURST_SIZE)
			::noc_write_with_state(TT_NOC_WR_CMD_BUF, src_l1(src, src_args),
					       (uint32_t)dst_noc(dst, dst_args), 0, nonposted,
					       true);
		else
			::noc_write_any_len_with_state(TT_NOC_WR_CMD_BUF, src_l1(src, src_args),
						       (uint32_t)dst_noc(dst, dst_args), size_bytes,
						       nonposted);
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
			::noc_async_write_multicast<max_page_size>(s, d, size_bytes, num_dsts,
								   linked, noc_id_);
	}

	template <NocOptions opts = NocOptions::DEFAULT, typename Dst>
	void inline_dw_write(const Dst &dst, uint32_t val, const dst_args_t<Dst> &dst_args,
			     uint8_t be = 0xF, const NocOptVals &noc_opts = {}) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID),
			      "TxnId is not supported for inline_dw_write");
		static_assert(!(has_flag(opts, NocOptions::INLINE_L1) &&
				has_flag(opts, NocOptions::INLINE_REG)),
			      "INLINE_L1 and INLINE_REG are mutually exclusive in inline_dw_write");
		tt_noc::scope s(noc_id_);

		::noc_inline_write(TT_NOC_WR_REG_CMD_BUF, dst_noc(dst, dst_args), val, be, false, 1,
				   !has_flag(opts, NocOptions::POSTED), vc_of<opts>(noc_opts),
				   true);
	}

	/* Have all reads tagged @trid landed?  Never waits. */
	bool is_read_trid_flushed(uint32_t trid) const
	{
		tt_noc::scope s(noc_id_);

		return ::noc_read_with_trid_flushed(trid);
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

	/*
	 * Zero @size_bytes of a CB's (or other local endpoint's) L1 at its
	 * write position; write_zeros_l1_barrier() waits for it.
	 */
	template <typename Dst>
	void async_write_zeros(const Dst &dst, uint32_t size_bytes,
			       const dst_args_t<Dst> &args = {}) const
	{
		tt_noc::scope s(noc_id_);

		::noc_async_zero_l1(dst_l1(dst, args), size_bytes);
	}

	/*
	 * Zero @size_bytes of page @args.page_id of a tensor from @scratch,
	 * whose read position holds at least min(size, NOC_MAX_BURST_SIZE)
	 * zero bytes (zeroed with the overload above);
	 * write_zeros_dram_barrier() waits for it.
	 */
	template <typename DSpecT, typename Scratch>
	void async_write_zeros(const ::TensorAccessor<DSpecT> &accessor, uint32_t size_bytes,
			       const dst_args_t<::TensorAccessor<DSpecT>> &args,
			       const Scratch &scratch) const
	{
		tt_noc::scope s(noc_id_);
		uint32_t from = src_l1(scratch, {}), n;
		uint64_t to = dst_noc(accessor, args);

		do {
			n = size_bytes > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size_bytes;
			::noc_async_write_one_packet(from, to, n);
			to += n;
			size_bytes -= n;
		} while (size_bytes);
	}

	void write_zeros_l1_barrier() const { ::noc_async_read_barrier(noc_id_); }

	void write_zeros_dram_barrier() const { ::noc_async_write_barrier(noc_id_); }
};

#include "api/dataflow/circular_buffer.h"

#endif
