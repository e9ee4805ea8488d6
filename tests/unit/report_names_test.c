// SPDX-License-Identifier: Apache-2.0
/*
 * How reports name things: demangled C++ function names shortened to
 * what a reader looks for (host/src/device/symbolize.c), and arch names
 * in any case (host/src/device/arch.c).
 */
#include <criterion/criterion.h>
#include <stdio.h>

#include <tt/tt.h>

#include "device/device.h"

static void expect_short(const char *demangled, const char *want)
{
	char name[256];

	snprintf(name, sizeof(name), "%s", demangled);
	tt_short_function_name(name);
	cr_expect_str_eq(name, want, "\"%s\"", demangled);
}

Test(report_names, templates_parameters_and_return_types_go)
{
	expect_short("kernel_main", "kernel_main");
	expect_short("void noc_async_write<true, 16u>(unsigned int, unsigned long long, "
		     "unsigned int, unsigned char)",
		     "noc_async_write");
	expect_short("TensorAccessor<TensorAccessorArgs<0u, 0u>, "
		     "std::integral_constant<bool, true> >::get_noc_addr(unsigned int, "
		     "unsigned int, unsigned char) const",
		     "TensorAccessor::get_noc_addr");
	expect_short("ckernel::sfpu::calculate_exponential<false, true, 8>()",
		     "ckernel::sfpu::calculate_exponential");
	expect_short("(anonymous namespace)::fill<unsigned short>(unsigned int)",
		     "(anonymous namespace)::fill");
}

Test(report_names, operators_are_kept)
{
	expect_short("Vec::operator<(Vec const&) const", "Vec::operator<");
	expect_short("Vec::operator()(int)", "Vec::operator()");
	expect_short("bool operator<< <int>(Out&, int)", "operator<<");
	expect_short("Pool::operator new(unsigned long)", "Pool::operator new");
}

Test(report_names, arch_names_in_any_case)
{
	cr_expect_not_null(tt_arch_by_name("wormhole_b0"));
	cr_expect_eq(tt_arch_by_name("Wormhole_B0"), tt_arch_by_name("wormhole_b0"));
	cr_expect_eq(tt_arch_by_name("BLACKHOLE"), tt_arch_by_name("blackhole"));
	cr_expect_null(tt_arch_by_name("grayskull"));
}
