// SPDX-License-Identifier: Apache-2.0
/*
 * Device 2.0 endpoints (tt-metal api/dataflow/endpoints.h): a core's L1
 * by NoC coordinates (UnicastEndpoint), a rectangle of cores
 * (MulticastEndpoint) and a bank of the allocator (AllocatorBank<L1|DRAM>).
 */
#ifndef TT_API_DATAFLOW_ENDPOINTS_H
#define TT_API_DATAFLOW_ENDPOINTS_H

#include "api/dataflow/noc.h"

struct UnicastEndpoint {
	uint64_t get_noc_unicast_addr(uint32_t x, uint32_t y, uint32_t addr, uint8_t noc) const
	{
		return ::get_noc_addr(x, y, addr, noc);
	}
};

struct MulticastEndpoint {
	uint64_t get_noc_multicast_addr(uint32_t xs, uint32_t ys, uint32_t xe, uint32_t ye,
					uint32_t addr, uint8_t noc) const
	{
		return ::get_noc_multicast_addr(xs, ys, xe, ye, addr, noc);
	}
};

enum class AllocatorBankType { L1, DRAM };

template <AllocatorBankType bank_type>
struct AllocatorBank {
	uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t addr, uint8_t noc) const
	{
		return ::get_noc_addr_from_bank_id<bank_type == AllocatorBankType::DRAM>(bank_id,
											 addr, noc);
	}
};

template <>
struct noc_traits_t<UnicastEndpoint> {
	struct src_args_type {
		uint32_t noc_x{};
		uint32_t noc_y{};
		uint32_t addr{};
	};
	using dst_args_type = src_args_type;

	template <Noc::AddressType address_type>
	static uint64_t src_addr(const UnicastEndpoint &e, const Noc &noc, const src_args_type &a)
	{
		if constexpr (address_type == Noc::AddressType::LOCAL_L1)
			return a.addr;
		else
			return e.get_noc_unicast_addr(a.noc_x, a.noc_y, a.addr, noc.get_noc_id());
	}
	template <Noc::AddressType address_type>
	static uint64_t dst_addr(const UnicastEndpoint &e, const Noc &noc, const dst_args_type &a)
	{
		return src_addr<address_type>(e, noc, a);
	}
};

template <>
struct noc_traits_t<MulticastEndpoint> {
	struct dst_args_mcast_type {
		uint32_t noc_x_start{};
		uint32_t noc_y_start{};
		uint32_t noc_x_end{};
		uint32_t noc_y_end{};
		uint32_t addr{};
	};

	template <Noc::AddressType address_type>
	static uint64_t dst_addr_mcast(const MulticastEndpoint &e, const Noc &noc,
				       const dst_args_mcast_type &a)
	{
		static_assert(address_type == Noc::AddressType::NOC,
			      "multicast needs NoC addresses");
		return e.get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end,
						a.noc_y_end, a.addr, noc.get_noc_id());
	}
};

template <AllocatorBankType bank_type>
struct noc_traits_t<AllocatorBank<bank_type>> {
	struct src_args_type {
		uint32_t bank_id{};
		uint32_t addr{};
	};
	using dst_args_type = src_args_type;

	template <Noc::AddressType address_type>
	static uint64_t src_addr(const AllocatorBank<bank_type> &b, const Noc &noc,
				 const src_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::NOC, "a bank is a NoC endpoint");
		return b.get_noc_addr_from_bank_id(a.bank_id, a.addr, noc.get_noc_id());
	}
	template <Noc::AddressType address_type>
	static uint64_t dst_addr(const AllocatorBank<bank_type> &b, const Noc &noc,
				 const dst_args_type &a)
	{
		return src_addr<address_type>(b, noc, a);
	}
};

/* The names under experimental::, where earlier tt-metal releases had them. */
namespace experimental {
using ::AllocatorBank;
using ::AllocatorBankType;
using ::CircularBuffer;
using ::MulticastEndpoint;
using ::Noc;
using ::UnicastEndpoint;
} // namespace experimental

#endif
