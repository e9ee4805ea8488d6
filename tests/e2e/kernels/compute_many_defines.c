// SPDX-License-Identifier: Apache-2.0
/*
 * A compute kernel built with 1000 defines (MANY_DEFINE_<i> = i) and
 * 800 compile-time args (arg i = i): it only builds if they all arrived.
 */
#include "compute_kernel_api.h"

#if MANY_DEFINE_999 != 999 || MANY_DEFINE_0 != 0
#error "the defines did not reach the compute kernel"
#endif

_Static_assert(get_compile_time_arg_val(799) == 799, "compile-time arg 799");

void kernel_main(void)
{}
