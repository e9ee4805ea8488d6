// SPDX-License-Identifier: Apache-2.0
/*
 * A profiler zone in a compute kernel: each of the three TRISCs marks it
 * on its own track.
 */
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "tools/profiler/kernel_profiler.hpp"

void kernel_main()
{
	DeviceZoneScopedN("compute");
	for (int i = 0; i < 50; i++)
		asm volatile("nop");
}
