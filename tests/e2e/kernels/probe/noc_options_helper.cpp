// SPDX-License-Identifier: Apache-2.0
/*
 * Helper core of probe/noc_options_main.cpp: adds 5 to the main core's
 * semaphore 0, waits until its own semaphore 0 is 8 (set there by a
 * multicast and an atomic multicast), writes (@slot + 1) << 8 | what it
 * saw into word @slot of the main core's report page, then adds 1 to the
 * main core's semaphore.
 *
 * Runtime args: main core x, y (virtual NoC), the report page's address,
 * slot.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"
#include "api/dataflow/endpoints.h"

void kernel_main()
{
	uint32_t mx = get_arg_val<uint32_t>(0), my = get_arg_val<uint32_t>(1);
	uint32_t report = get_arg_val<uint32_t>(2), slot = get_arg_val<uint32_t>(3);
	Noc noc;
	Semaphore<> sem(0);

	sem.up(noc, mx, my, 5);
	sem.wait(8);
	uint32_t seen = *reinterpret_cast<volatile uint32_t *>(get_semaphore(0));
	noc.inline_dw_write(UnicastEndpoint{}, (slot + 1) << 8 | seen,
			    { .noc_x = mx, .noc_y = my, .addr = report + 4 * slot });
	noc.async_write_barrier();
	sem.up(noc, mx, my, 1);
	noc.async_atomic_barrier();
}
