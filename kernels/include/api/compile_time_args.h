// SPDX-License-Identifier: Apache-2.0
/*
 * Compile-time args of C++ kernels (tt-metal api/compile_time_args.h).
 *
 * The host passes KERNEL_COMPILE_TIME_ARGS=v0,v1,... and, for named args,
 * KERNEL_COMPILE_TIME_ARG_MAP={"name",value},...  Both functions are
 * constant expressions:
 *
 *     constexpr uint32_t cb = get_compile_time_arg_val(0);
 *     constexpr auto args = TensorAccessorArgs<cb + 1>();
 *     constexpr uint32_t n = get_named_compile_time_arg_val("num_tiles");
 *
 * An index past the last arg or a name the host did not pass is a compile
 * error that names the problem.
 */
#ifndef TT_API_COMPILE_TIME_ARGS_H
#define TT_API_COMPILE_TIME_ARGS_H

#include <array>
#include <cstdint>

#ifndef KERNEL_COMPILE_TIME_ARGS
#define KERNEL_COMPILE_TIME_ARGS
#endif

namespace tt_ct {

template <std::uint32_t... V>
struct args {
	static constexpr std::uint32_t count = sizeof...(V);
	static constexpr std::uint32_t values[sizeof...(V) + 1] = { V..., 0u };
};

using kernel_args = args<KERNEL_COMPILE_TIME_ARGS>;

template <std::uint32_t I>
constexpr std::uint32_t get()
{
	static_assert(I < kernel_args::count,
		      "get_compile_time_arg_val: index past the kernel's compile-time args");
	return kernel_args::values[I];
}

struct named_arg {
	const char *name;
	std::uint32_t value;
};

constexpr named_arg named_args[] = {
#ifdef KERNEL_COMPILE_TIME_ARG_MAP
	KERNEL_COMPILE_TIME_ARG_MAP,
#endif
	{ nullptr, 0u },
};

constexpr bool same_name(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* Not constexpr: reaching it in a constant expression is the error. */
inline std::uint32_t no_such_named_compile_time_arg(const char *name)
{
	(void)name;
	__builtin_trap();
}

} // namespace tt_ct

/* All of them, as tt-metal names the array: kernel_compile_time_args[i]. */
constexpr std::array<std::uint32_t, tt_ct::kernel_args::count> kernel_compile_time_args = {
	KERNEL_COMPILE_TIME_ARGS
};

#define get_compile_time_arg_val(arg_idx) (tt_ct::get<(arg_idx)>())

/* The value of the named compile-time arg @name (a string literal). */
constexpr std::uint32_t get_named_compile_time_arg_val(const char *name)
{
	for (const tt_ct::named_arg *a = tt_ct::named_args; a->name; a++)
		if (tt_ct::same_name(a->name, name))
			return a->value;
	return tt_ct::no_such_named_compile_time_arg(name);
}

#endif
