// SPDX-License-Identifier: Apache-2.0
/*
 * Metal 2.0 named kernel args (tt-metal experimental/kernel_args.h): a
 * kernel made from a KernelSpec reads its args by name,
 * get_arg(args::<name>), whether the host passes them as runtime args (per
 * core), common runtime args or compile-time args; the host generates
 * args::<name> for each (RtaArg and CrtaArg with the arg's byte offset
 * from the start of the named args, CtaVal with the value), and
 * get_vararg(i) / get_common_vararg(i) for the positional args after
 * them.  Only uint32_t args for now.
 */
#ifndef TT_EXPERIMENTAL_KERNEL_ARGS_H
#define TT_EXPERIMENTAL_KERNEL_ARGS_H

#include <cstdint>

#include "api/tt_cxx_common.h"

namespace experimental {

template <typename T>
struct RtaArg {
	uint32_t byte_offset;
};

template <typename T>
struct CrtaArg {
	uint32_t byte_offset;
};

template <typename T>
struct CtaVal {
	T value;
};

template <typename T>
FORCE_INLINE T get_arg(RtaArg<T> arg)
{
	static_assert(sizeof(T) == 4, "named args are uint32_t for now");
	return get_arg_val<T>((int)(arg.byte_offset / sizeof(uint32_t)));
}

template <typename T>
FORCE_INLINE T get_arg(CrtaArg<T> arg)
{
	static_assert(sizeof(T) == 4, "named args are uint32_t for now");
	return get_common_arg_val<T>((int)(arg.byte_offset / sizeof(uint32_t)));
}

/* A compile-time arg is a constant: constexpr auto x = get_arg(args::x). */
template <typename T>
FORCE_INLINE constexpr T get_arg(CtaVal<T> arg)
{
	return arg.value;
}

} // namespace experimental

#endif
