// SPDX-License-Identifier: Apache-2.0
/*
 * Profiler markers from a C kernel: tt-metal's macros (the scoped zone
 * ends through the cleanup attribute) and the tt_ calls.  Arg 0: loops.
 */
#include "dataflow_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	DeviceZoneScopedN("c-outer");
	for (uint32_t i = 0; i < n; i++) {
		DeviceZoneScopedN("c-loop");
		DeviceRecordEvent(i);
	}
	tt_zone_begin("c-manual");
	tt_timestamped_data("c-data", 0x123456789ull);
	tt_zone_end();
}
