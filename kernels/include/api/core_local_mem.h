// SPDX-License-Identifier: Apache-2.0
/*
 * CoreLocalMem<T> (tt-metal api/core_local_mem.h): a typed address in
 * this core's L1 with pointer arithmetic, and a local Noc endpoint.
 */
#ifndef TT_API_CORE_LOCAL_MEM_H
#define TT_API_CORE_LOCAL_MEM_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "api/tt_cxx_common.h"
#if !defined(COMPILE_FOR_TRISC)
#include "api/dataflow/noc.h"
#endif

template <typename T, typename AddressType = uintptr_t>
class CoreLocalMem {
	using difference_type = std::ptrdiff_t;

	static_assert(std::is_integral<AddressType>::value && std::is_unsigned<AddressType>::value,
		      "AddressType must be an unsigned integer type");

public:
	CoreLocalMem(AddressType address) : address_(address) {}
	CoreLocalMem(T *ptr) : address_(reinterpret_cast<AddressType>(ptr)) {}

	T *get_unsafe_ptr() const { return reinterpret_cast<T *>(address_); }
	AddressType get_address() const { return address_; }

	T &operator[](uint32_t index) const { return get_unsafe_ptr()[index]; }
	T &operator*() const { return *get_unsafe_ptr(); }
	T *operator->() const { return get_unsafe_ptr(); }

	CoreLocalMem &operator+=(difference_type n)
	{
		address_ += n * sizeof(T);
		return *this;
	}
	CoreLocalMem &operator-=(difference_type n)
	{
		address_ -= n * sizeof(T);
		return *this;
	}
	CoreLocalMem &operator++() { return *this += 1; }
	CoreLocalMem &operator--() { return *this -= 1; }
	CoreLocalMem operator++(int)
	{
		CoreLocalMem t = *this;
		++*this;
		return t;
	}
	CoreLocalMem operator--(int)
	{
		CoreLocalMem t = *this;
		--*this;
		return t;
	}
	CoreLocalMem operator+(difference_type n) const
	{
		return CoreLocalMem(AddressType(address_ + n * sizeof(T)));
	}
	CoreLocalMem operator-(difference_type n) const
	{
		return CoreLocalMem(AddressType(address_ - n * sizeof(T)));
	}
	difference_type operator-(const CoreLocalMem &o) const
	{
		return ((difference_type)address_ - (difference_type)o.address_) /
		       (difference_type)sizeof(T);
	}

	bool operator==(const CoreLocalMem &o) const { return address_ == o.address_; }
	bool operator!=(const CoreLocalMem &o) const { return address_ != o.address_; }
	bool operator<(const CoreLocalMem &o) const { return address_ < o.address_; }
	bool operator<=(const CoreLocalMem &o) const { return address_ <= o.address_; }
	bool operator>(const CoreLocalMem &o) const { return address_ > o.address_; }
	bool operator>=(const CoreLocalMem &o) const { return address_ >= o.address_; }
	explicit operator bool() const { return address_ != 0; }

private:
	AddressType address_;
};

#if !defined(COMPILE_FOR_TRISC)
template <typename T, typename AddressType>
struct noc_traits_t<CoreLocalMem<T, AddressType>> {
	struct src_args_type {
		AddressType offset_bytes = 0;
	};
	struct dst_args_type {
		AddressType offset_bytes = 0;
	};

	template <Noc::AddressType address_type>
	static uint32_t src_addr(const CoreLocalMem<T, AddressType> &m, const Noc &,
				 const src_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::LOCAL_L1,
			      "CoreLocalMem is a local L1 source");
		return (uint32_t)(m.get_address() + a.offset_bytes);
	}
	template <Noc::AddressType address_type>
	static uint32_t dst_addr(const CoreLocalMem<T, AddressType> &m, const Noc &,
				 const dst_args_type &a)
	{
		static_assert(address_type == Noc::AddressType::LOCAL_L1,
			      "CoreLocalMem is a local L1 destination");
		return (uint32_t)(m.get_address() + a.offset_bytes);
	}
};
#endif

#endif
