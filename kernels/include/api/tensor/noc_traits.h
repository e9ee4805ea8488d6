// SPDX-License-Identifier: Apache-2.0
// A TensorAccessor as a Noc endpoint (tt-metal api/tensor/noc_traits.h):
// {.page_id, .offset_bytes} name the bytes of one page.
#ifndef TT_API_TENSOR_NOC_TRAITS_H
#define TT_API_TENSOR_NOC_TRAITS_H

#include "api/dataflow/noc.h"
#include "api/tensor/tensor_accessor.h"

template <typename Args>
struct noc_traits_t<TensorAccessor<Args>> {
	struct src_args_type {
		uint32_t page_id{};
		uint32_t offset_bytes = 0;
	};
	struct dst_args_type {
		uint32_t page_id{};
		uint32_t offset_bytes = 0;
	};

	template <Noc::AddressType address_type>
	static uint64_t addr(const TensorAccessor<Args> &t, const Noc &noc, uint32_t page_id,
			     uint32_t offset)
	{
		uint64_t a = t.get_noc_addr(page_id, offset, noc.get_noc_id());

		if constexpr (address_type == Noc::AddressType::LOCAL_L1)
			return (uint32_t)a;
		return a;
	}
	template <Noc::AddressType address_type>
	static uint64_t src_addr(const TensorAccessor<Args> &t, const Noc &noc,
				 const src_args_type &a)
	{
		return addr<address_type>(t, noc, a.page_id, a.offset_bytes);
	}
	template <Noc::AddressType address_type>
	static uint64_t dst_addr(const TensorAccessor<Args> &t, const Noc &noc,
				 const dst_args_type &a)
	{
		return addr<address_type>(t, noc, a.page_id, a.offset_bytes);
	}
};

#endif
