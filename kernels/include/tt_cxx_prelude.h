// SPDX-License-Identifier: Apache-2.0
/*
 * Pre-included into every C++ kernel (host/src/program/build.c), as tt-metal's
 * build does: data-movement kernels see the dataflow API and
 * TensorAccessor, compute kernels the compute API, both DPRINT and the
 * profiler markers, without including them.  kernel_main has C linkage so the kernel entry calls it;
 * the older compute spelling `namespace NAMESPACE { void MAIN { ... } }`
 * defines that same function.
 */
#ifndef TT_CXX_PRELUDE_H
#define TT_CXX_PRELUDE_H

extern "C" void kernel_main(void);

#if defined(COMPILE_FOR_TRISC)
#include "api/compute/compute_kernel_api.h"
#include "api/debug/dprint.h"
#include "tools/profiler/kernel_profiler.hpp"

namespace tt_compute_kernel {
extern "C" void kernel_main(void);
} // namespace tt_compute_kernel

#define NAMESPACE tt_compute_kernel
#define MAIN	  kernel_main()
#else
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"
#include "tools/profiler/kernel_profiler.hpp"
#endif

#endif
