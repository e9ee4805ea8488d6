// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's data-movement kernel API for C++ kernels
 * (api/dataflow/dataflow_api.h): templates and overloads that are thin
 * inlines over the C API of dataflow_api.h, so every command, counter,
 * check and report is the C path's.
 *
 * What C++ adds over the C names:
 *  - get_arg_val<T>, get_common_arg_val<T>, get_compile_time_arg_val in
 *    constant expressions, get_named_compile_time_arg_val("name");
 *  - InterleavedAddrGen<DRAM>, InterleavedAddrGenFast<DRAM>,
 *    InterleavedPow2AddrGen(Fast)<DRAM> and TensorAccessor with their
 *    get_noc_addr(id, offset, noc), and noc_async_{read,write}_{page,tile}
 *    over any of them;
 *  - the trailing noc argument of tt-metal's calls: a NoC other than the
 *    kernel's own (noc_index) is used for that one call;
 *  - get_noc_addr(addr) (this core), get_noc_addr_from_bank_id<DRAM>,
 *    posted writes (noc_async_write<max, tracing, true>).
 *
 *  - the template options of the state-based and transaction-id forms
 *    (inc_num_issued, use_vc, posted, update_counter, cmd_buf), inline
 *    writes with state and to a multicast rectangle.
 *
 * Not yet implemented: linked multicast chains (linked is accepted and
 * each write completes alone).  Virtual channels are accepted and
 * carried; with no contention modelled they change nothing.
 */
#ifndef TT_API_DATAFLOW_DATAFLOW_API_H
#define TT_API_DATAFLOW_DATAFLOW_API_H

#include <dataflow_api.h>

#include "api/tt_cxx_common.h"

namespace tt_noc {

/* For one call: make @noc this RISC's NoC (the C API uses noc_index). */
class scope {
	uint32_t saved_;

public:
	explicit scope(uint8_t noc) : saved_(fw_noc_index) { fw_noc_index = noc; }
	~scope() { fw_noc_index = saved_; }
	scope(const scope &) = delete;
	scope &operator=(const scope &) = delete;
};

template <class A, class = void>
struct has_aligned_page_size : std::false_type {};
template <class A>
struct has_aligned_page_size<
	A, std::void_t<decltype(std::declval<const A &>().get_aligned_page_size())>>
    : std::true_type {};
template <class A, class = void>
struct has_page_size : std::false_type {};
template <class A>
struct has_page_size<A, std::void_t<decltype(std::declval<const A &>().page_size)>>
    : std::true_type {};

/* The page size an address generator stands for, as tt-metal picks it. */
template <class A>
FORCE_INLINE uint32_t page_size_of(const A &a)
{
	if constexpr (has_aligned_page_size<A>::value)
		return a.get_aligned_page_size();
	else if constexpr (has_page_size<A>::value)
		return a.page_size;
	else
		return 1u << a.log_base_2_of_page_size;
}

} // namespace tt_noc

/* Addresses -------------------------------------------------------------- */

FORCE_INLINE uint64_t get_noc_addr(uint32_t x, uint32_t y, uint32_t addr, uint8_t noc)
{
	tt_noc::scope s(noc);

	return get_noc_addr(x, y, addr);
}

/* @addr in this core's L1, as seen on @noc. */
FORCE_INLINE uint64_t get_noc_addr(uint32_t addr, uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	return get_noc_addr_local(addr);
}

FORCE_INLINE uint64_t get_noc_multicast_addr(uint32_t xs, uint32_t ys, uint32_t xe, uint32_t ye,
					     uint32_t addr, uint8_t noc)
{
	tt_noc::scope s(noc);

	return get_noc_multicast_addr(xs, ys, xe, ye, addr);
}

template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t offset,
						uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	return get_noc_addr_from_bank_id(DRAM, bank_id, offset);
}

/* tt-metal get_semaphore<ProgrammableCoreType::TENSIX>(id): worker cores only here. */
template <ProgrammableCoreType type = ProgrammableCoreType::TENSIX>
FORCE_INLINE uint32_t get_semaphore(uint32_t semaphore_id)
{
	static_assert(type == ProgrammableCoreType::TENSIX, "tensix-emu has worker cores only");
	return ::get_semaphore(semaphore_id);
}

/* Interleaved address generators ----------------------------------------- */

template <bool DRAM>
struct InterleavedAddrGen {
	uint32_t bank_base_address;
	uint32_t page_size;

	FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		tt_noc::scope s(noc);

		return tt_interleaved_noc_addr(DRAM, bank_base_address, page_size, id, offset);
	}
};

template <bool DRAM, uint32_t tile_hw = 1024>
struct InterleavedAddrGenFast {
	uint32_t bank_base_address;
	uint32_t page_size;
	DataFormat data_format;

	FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		tt_noc::scope s(noc);

		return tt_interleaved_noc_addr(DRAM, bank_base_address, page_size, id, offset);
	}

	FORCE_INLINE void noc_async_read_tile(uint32_t id, uint32_t dst, uint32_t offset = 0,
					      uint8_t noc = noc_index) const
	{
		tt_noc::scope s(noc);

		noc_async_read(get_noc_addr(id, offset, noc), dst, page_size);
	}

	FORCE_INLINE void noc_async_write_tile(uint32_t id, uint32_t src,
					       uint8_t noc = noc_index) const
	{
		tt_noc::scope s(noc);

		noc_async_write(src, get_noc_addr(id, 0, noc), page_size);
	}
};

template <bool DRAM>
struct InterleavedPow2AddrGen {
	uint32_t bank_base_address;
	uint32_t log_base_2_of_page_size;

	FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		tt_noc::scope s(noc);

		return tt_interleaved_noc_addr(DRAM, bank_base_address,
					       1u << log_base_2_of_page_size, id, offset);
	}
};

template <bool DRAM>
struct InterleavedPow2AddrGenFast {
	uint32_t bank_base_address;
	uint32_t log_base_2_of_page_size;

	FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		tt_noc::scope s(noc);

		return tt_interleaved_noc_addr(DRAM, bank_base_address,
					       1u << log_base_2_of_page_size, id, offset);
	}
};

/* tt-metal get_noc_addr(id, addrgen, offset, noc), any address generator. */
template <class AddrGen, class = decltype(std::declval<const AddrGen &>().get_noc_addr(0u))>
FORCE_INLINE uint64_t get_noc_addr(uint32_t id, const AddrGen &s, uint32_t offset = 0,
				   uint8_t noc = noc_index)
{
	return s.get_noc_addr(id, offset, noc);
}

/* Reads and writes -------------------------------------------------------- */

template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read(uint64_t src, uint32_t dst, uint32_t size, uint8_t noc = noc_index,
				 uint32_t vc = NOC_UNICAST_WRITE_VC)
{
	tt_noc::scope s(noc);

	(void)vc;
	if constexpr (max_page_size <= NOC_MAX_BURST_SIZE)
		noc_async_read_one_packet(src, dst, size);
	else
		noc_async_read(src, dst, size);
}

template <bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read_one_packet(uint64_t src, uint32_t dst, uint32_t size,
					    uint8_t noc = noc_index,
					    uint32_t vc = NOC_UNICAST_WRITE_VC)
{
	tt_noc::scope s(noc);

	(void)vc;
	noc_async_read_one_packet(src, dst, size);
}

template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
	  bool posted = false>
FORCE_INLINE void noc_async_write(uint32_t src, uint64_t dst, uint32_t size,
				  uint8_t noc = noc_index, uint32_t vc = NOC_UNICAST_WRITE_VC)
{
	tt_noc::scope s(noc);
	uint32_t n;

	do {
		n = size > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size;
		noc_fast_write(noc_index, TT_NOC_WR_CMD_BUF, src, dst, n, noc_unicast_ctrl_vc(vc),
			       !posted, 1);
		src += n;
		dst += n;
		size -= n;
	} while (size);
}

template <bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet(uint32_t src, uint64_t dst, uint32_t size,
					     uint8_t noc = noc_index,
					     uint32_t vc = NOC_UNICAST_WRITE_VC)
{
	noc_async_write<NOC_MAX_BURST_SIZE, enable_noc_tracing, posted>(src, dst, size, noc, vc);
}

template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1>
FORCE_INLINE void noc_async_write_multicast(uint32_t src, uint64_t dst, uint32_t size,
					    uint32_t num_dests, bool linked = false,
					    uint8_t noc = noc_index,
					    uint8_t vc = NOC_MULTICAST_WRITE_VC)
{
	tt_noc::scope s(noc);

	(void)linked, (void)vc;
	noc_async_write_multicast(src, dst, size, num_dests);
}

template <bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_write_multicast_one_packet(uint32_t src, uint64_t dst, uint32_t size,
						       uint32_t num_dests, bool linked = false,
						       uint8_t noc = noc_index)
{
	noc_async_write_multicast<NOC_MAX_BURST_SIZE>(src, dst, size, num_dests, linked, noc);
}

FORCE_INLINE void noc_async_write_multicast_loopback_src(uint32_t src, uint64_t dst, uint32_t size,
							 uint32_t num_dests, bool linked,
							 uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	(void)linked;
	noc_async_write_multicast_loopback_src(src, dst, size, num_dests);
}

/* Page @id of @addrgen into L1 @dst (its page size; see page_size_of). */
template <typename AddrGen, bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read_page(uint32_t id, const AddrGen &addrgen, uint32_t dst,
				      uint32_t offset = 0, uint8_t noc = noc_index)
{
	noc_async_read<NOC_MAX_BURST_SIZE + 1, enable_noc_tracing>(
		addrgen.get_noc_addr(id, offset, noc), dst, tt_noc::page_size_of(addrgen), noc);
}

/* L1 @src to page @id of @addrgen; @size 0 is the whole page. */
template <typename AddrGen, bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write_page(uint32_t id, const AddrGen &addrgen, uint32_t src,
				       uint32_t size = 0, uint32_t offset = 0,
				       uint8_t noc = noc_index)
{
	noc_async_write<NOC_MAX_BURST_SIZE + 1, enable_noc_tracing, posted>(
		src, addrgen.get_noc_addr(id, offset, noc),
		size ? size : tt_noc::page_size_of(addrgen), noc);
}

template <typename AddrGen>
FORCE_INLINE void noc_async_read_tile(uint32_t id, const AddrGen &addrgen, uint32_t dst,
				      uint32_t offset = 0, uint8_t noc = noc_index)
{
	noc_async_read_page(id, addrgen, dst, offset, noc);
}

template <typename AddrGen>
FORCE_INLINE void noc_async_write_tile(uint32_t id, const AddrGen &addrgen, uint32_t src,
				       uint8_t noc = noc_index)
{
	noc_async_write_page(id, addrgen, src, 0, 0, noc);
}

/* State-based forms with tt-metal's template options ---------------------- */

/* use_vc: the read request goes on @vc (carried; no contention is modelled). */
template <bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_set_state(uint64_t src_noc_addr, uint32_t size,
						      const uint32_t vc = 0,
						      uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	(void)vc;
	noc_async_read_one_packet_set_state(src_noc_addr, size);
}

/* inc_num_issued = false: not counted; see noc_async_read_inc_num_issued. */
template <bool inc_num_issued = true, bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_with_state(uint32_t src, uint32_t dst,
						       const uint32_t vc = 0,
						       uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	(void)vc;
	noc_read_with_state(src, dst, inc_num_issued);
}

FORCE_INLINE void noc_async_read_set_state(uint64_t src_noc_addr, uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_read_set_state(src_noc_addr);
}

template <bool inc_num_issued = true>
FORCE_INLINE void noc_async_read_with_state(uint32_t src, uint32_t dst, uint32_t size,
					    uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	noc_read_any_len_with_state(src, dst, size, inc_num_issued);
}

FORCE_INLINE void noc_async_read_inc_num_issued(uint32_t n, uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_read_inc_num_issued(n);
}

template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_set_state(uint64_t dst_noc_addr, uint32_t size,
						       uint8_t noc = noc_index,
						       uint8_t vc = NOC_UNICAST_WRITE_VC)
{
	tt_noc::scope s(noc);

	noc_write_set_state(TT_NOC_WR_CMD_BUF, dst_noc_addr, size, !posted, vc);
}

template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_state(uint32_t src, uint32_t dst,
							uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	noc_write_with_state(TT_NOC_WR_CMD_BUF, src, dst, 0, !posted, true);
}

/* Transaction ids with tt-metal's options --------------------------------- */

constexpr uint32_t read_cmd_buf = TT_NOC_RD_CMD_BUF;
constexpr uint32_t write_cmd_buf = TT_NOC_WR_CMD_BUF;
constexpr uint32_t write_reg_cmd_buf = TT_NOC_WR_REG_CMD_BUF;
constexpr uint32_t write_at_cmd_buf = TT_NOC_AT_CMD_BUF;

/* skip_ptr_update / skip_cmdbuf_chk are silicon speed-ups: accepted, no effect. */
template <bool skip_ptr_update = false, bool skip_cmdbuf_chk = false>
FORCE_INLINE void noc_async_read_one_packet_with_state_with_trid(uint32_t src_base, uint32_t src,
								 uint32_t dst, uint32_t trid,
								 uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	noc_async_read_one_packet_with_state_with_trid(src_base, src, dst, trid);
}

FORCE_INLINE void noc_async_read_set_trid()
{
	noc_async_read_set_trid(0);
}

FORCE_INLINE void noc_async_write_set_trid(uint32_t trid, uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_write_set_trid(trid);
}

FORCE_INLINE void noc_async_write_set_trid()
{
	noc_async_write_set_trid(0);
}

/*
 * update_counter = false: not counted in the software counters, so only
 * the transaction-id barriers see it (as on Wormhole).
 */
template <bool update_counter = true, bool posted = false>
FORCE_INLINE void
noc_async_write_one_packet_with_trid(uint32_t src, uint64_t dst, uint32_t size, uint32_t trid,
				     uint8_t cmd_buf = write_cmd_buf, uint8_t noc = noc_index,
				     uint8_t vc = NOC_UNICAST_WRITE_VC)
{
	tt_noc::scope s(noc);

	noc_set_trid(cmd_buf, trid);
	noc_fast_write_uncounted(noc_index, cmd_buf, src, dst, size, noc_unicast_ctrl_vc(vc),
				 !posted);
	if (update_counter)
		noc_count_write(noc_index, !posted, 1);
}

template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_trid_set_state(uint64_t dst_noc_addr,
								 uint8_t cmd_buf = write_cmd_buf,
								 uint8_t noc = noc_index,
								 uint8_t vc = NOC_UNICAST_WRITE_VC)
{
	tt_noc::scope s(noc);

	noc_write_set_state(cmd_buf, dst_noc_addr, 0, !posted, vc);
}

template <bool update_counter = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_trid_with_state(uint32_t src, uint32_t dst,
								  uint32_t size, uint32_t trid,
								  uint8_t cmd_buf = write_cmd_buf,
								  uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	noc_set_trid(cmd_buf, trid);
	noc_write_with_state(cmd_buf, src, dst, size, !posted, update_counter);
}

FORCE_INLINE void reset_noc_trid_barrier_counter(uint32_t id_mask, uint32_t noc)
{
	tt_noc::scope s((uint8_t)noc);

	reset_noc_trid_barrier_counter(id_mask);
}

#define NOC_CLEAR_OUTSTANDING_REQ_MASK ((1ULL << (NOC_MAX_TRANSACTION_ID + 1)) - 1)

FORCE_INLINE void reset_noc_trid_barrier_counter()
{
	reset_noc_trid_barrier_counter(NOC_CLEAR_OUTSTANDING_REQ_MASK);
}

/* Inline writes ------------------------------------------------------------ */

/* Where an inline write goes; L1 and stream registers are written alike here. */
enum class InlineWriteDst : uint8_t { DEFAULT = 0, L1 = 1, REG = 2 };

/* flush and customized_src_addr matter on Blackhole only: accepted. */
template <InlineWriteDst dst_type = InlineWriteDst::DEFAULT, bool posted = false, bool flush = true>
FORCE_INLINE void noc_inline_dw_write(uint64_t addr, uint32_t val, uint8_t be = 0xF,
				      uint8_t noc = noc_index, uint8_t vc = NOC_UNICAST_WRITE_VC,
				      uint32_t customized_src_addr = 0)
{
	tt_noc::scope s(noc);

	(void)customized_src_addr;
	noc_inline_write(TT_NOC_WR_REG_CMD_BUF, addr, val, be, false, 1, !posted, vc, true);
}

/* @val to @addr in each of the @num_dest cores of a multicast rectangle. */
template <InlineWriteDst dst_type = InlineWriteDst::DEFAULT, bool posted = false, bool flush = true>
FORCE_INLINE void noc_inline_mcast_dw_write(uint64_t addr, uint32_t val, uint8_t be = 0xF,
					    uint8_t noc = noc_index,
					    uint8_t vc = NOC_MULTICAST_WRITE_VC,
					    uint32_t customized_src_addr = 0, uint32_t num_dest = 1)
{
	tt_noc::scope s(noc);

	(void)customized_src_addr, (void)vc;
	noc_inline_write(TT_NOC_WR_REG_CMD_BUF, addr, val, be, true, num_dest, !posted,
			 NOC_MULTICAST_WRITE_VC, true);
}

/* Program @cmd_buf for inline writes to @addr (and the value, with set_val). */
template <bool posted = false, bool set_val = false>
FORCE_INLINE void noc_inline_dw_write_set_state(uint64_t addr, uint32_t val = 0, uint8_t be = 0xF,
						uint8_t cmd_buf = write_at_cmd_buf,
						uint8_t noc = noc_index,
						uint8_t vc = NOC_UNICAST_WRITE_VC)
{
	if constexpr (set_val)
		TT_NOC_REG(noc, cmd_buf, AT_DATA) = val;
	TT_NOC_REG(noc, cmd_buf, CTRL) = noc_inline_ctrl(false, !posted, vc);
	TT_NOC_REG(noc, cmd_buf, TARG_ADDR_LO) = (uint32_t)addr;
	TT_NOC_REG(noc, cmd_buf, TARG_ADDR_MID) = (uint32_t)(addr >> 32);
	TT_NOC_REG(noc, cmd_buf, AT_LEN_BE) = TT_FIELD_VAL(NOC, AT_LEN_BE, BE, be);
}

/*
 * Send the inline write set up by noc_inline_dw_write_set_state, changing
 * the value (update_val), the address's low word (update_addr_lo) or its
 * coordinate word (update_addr_hi, @addr holding that word) first.
 */
template <bool update_addr_lo = false, bool update_counter = true, bool posted = false,
	  bool update_addr_hi = false, bool update_val = false,
	  InlineWriteDst dst_type = InlineWriteDst::DEFAULT>
FORCE_INLINE void noc_inline_dw_write_with_state(uint32_t val, uint32_t addr = 0,
						 uint8_t cmd_buf = write_at_cmd_buf,
						 uint8_t noc = noc_index)
{
	static_assert(!(update_addr_lo && update_addr_hi),
		      "update the low or the high address word");
	if constexpr (update_addr_lo) {
		TT_NOC_REG(noc, cmd_buf, TARG_ADDR_LO) = addr;
		if constexpr (dst_type != InlineWriteDst::REG)
			TT_NOC_REG(noc, cmd_buf, AT_LEN_BE) = TT_FIELD_VAL(NOC, AT_LEN_BE, BE, 0xF);
	} else if constexpr (update_addr_hi) {
		TT_NOC_REG(noc, cmd_buf, TARG_ADDR_MID) = addr;
	}
	if constexpr (update_val)
		TT_NOC_REG(noc, cmd_buf, AT_DATA) = val;
	noc_send(noc, cmd_buf);
	if constexpr (update_counter)
		noc_count_write(noc, !posted, 1);
}

/* Barriers on a given NoC ------------------------------------------------- */

FORCE_INLINE void noc_async_read_barrier(uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_read_barrier();
}

FORCE_INLINE void noc_async_write_barrier(uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_write_barrier();
}

FORCE_INLINE void noc_async_writes_flushed(uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_writes_flushed();
}

/* Every write has left L1 (tt-metal's older name of noc_async_writes_flushed). */
FORCE_INLINE void noc_async_write_flushed(uint8_t noc = noc_index)
{
	noc_async_writes_flushed(noc);
}

FORCE_INLINE void noc_async_posted_writes_flushed(uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_posted_writes_flushed();
}

FORCE_INLINE void noc_async_atomic_barrier(uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_atomic_barrier();
}

FORCE_INLINE void noc_async_full_barrier(uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_full_barrier();
}

FORCE_INLINE void noc_async_read_barrier_with_trid(uint32_t trid, uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_read_barrier_with_trid(trid);
}

FORCE_INLINE void noc_async_write_barrier_with_trid(uint32_t trid, uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_write_barrier_with_trid(trid);
}

FORCE_INLINE void noc_async_write_flushed_with_trid(uint32_t trid, uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_write_flushed_with_trid(trid);
}

FORCE_INLINE void noc_async_read_set_trid(uint32_t trid, uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_async_read_set_trid(trid);
}

/* Semaphores on a given NoC ------------------------------------------------ */

template <bool posted = false>
FORCE_INLINE void noc_semaphore_inc(uint64_t addr, uint32_t incr, uint8_t noc = noc_index,
				    uint8_t vc = NOC_UNICAST_WRITE_VC)
{
	tt_noc::scope s(noc);

	(void)vc;
	if constexpr (posted)
		noc_semaphore_inc_posted(addr, incr);
	else
		noc_semaphore_inc(addr, incr);
}

template <bool posted = false>
FORCE_INLINE void noc_semaphore_inc_multicast(uint64_t addr, uint32_t incr, uint32_t num_dests,
					      uint8_t noc = noc_index,
					      uint8_t vc = NOC_MULTICAST_WRITE_VC)
{
	tt_noc::scope s(noc);

	(void)vc;
	noc_semaphore_inc_multicast_nonposted(addr, incr, num_dests, !posted);
}

FORCE_INLINE void noc_semaphore_set_remote(uint32_t src, uint64_t dst, uint8_t noc)
{
	tt_noc::scope s(noc);

	noc_semaphore_set_remote(src, dst);
}

FORCE_INLINE void noc_semaphore_set_multicast(uint32_t src, uint64_t dst, uint32_t num_dests,
					      bool linked, uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	(void)linked;
	noc_semaphore_set_multicast(src, dst, num_dests);
}

FORCE_INLINE void noc_semaphore_set_multicast_loopback_src(uint32_t src, uint64_t dst,
							   uint32_t num_dests, bool linked,
							   uint8_t noc = noc_index)
{
	tt_noc::scope s(noc);

	(void)linked;
	noc_semaphore_set_multicast_loopback_src(src, dst, num_dests);
}

#include "api/tensor/tensor_accessor.h"

#endif
