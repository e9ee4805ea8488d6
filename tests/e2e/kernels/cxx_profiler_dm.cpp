// SPDX-License-Identifier: Apache-2.0
/*
 * Profiler markers on a data-movement RISC, as tt-metal kernels write
 * them: an outer zone, a zone per iteration with a timestamped value and
 * an event inside, and a summed zone.  Names say which RISC marked them,
 * so the host can check each landed on its own track.
 */
#include <cstdint>

#if defined(COMPILE_FOR_BRISC)
#define WHO "brisc"
#else
#define WHO "ncrisc"
#endif

static void busy(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		asm volatile("nop");
}

void kernel_main()
{
	uint32_t n = get_arg_val<uint32_t>(0);

	DeviceZoneScopedN("outer-" WHO);
	for (uint32_t i = 0; i < n; i++) {
		DeviceZoneScopedN("iteration-" WHO);
		DeviceTimestampedData("step-" WHO, (uint64_t)i << 32 | (i * 3));
		DeviceRecordEvent(100 + i);
		busy(20);
	}
	for (uint32_t i = 0; i < n; i++) {
		DeviceZoneScopedSumN1("summed-" WHO);
		busy(10);
	}
}
