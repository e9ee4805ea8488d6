// SPDX-License-Identifier: Apache-2.0
/*
 * A GlobalSemaphore shared by two cores.  Runtime args: the semaphore's
 * address, role, the other core's x, y (virtual NoC), a value.  Role 1
 * adds the value to the other core's semaphore; role 0 waits until its
 * own is at least the value, then sets it to 100.
 */
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t addr = get_arg_val<uint32_t>(0), role = get_arg_val<uint32_t>(1);
	uint32_t x = get_arg_val<uint32_t>(2), y = get_arg_val<uint32_t>(3);
	uint32_t value = get_arg_val<uint32_t>(4);
	volatile uint32_t *sem = reinterpret_cast<volatile uint32_t *>(addr);

	if (role == 1) {
		noc_semaphore_inc(get_noc_addr(x, y, addr), value);
		noc_async_atomic_barrier();
	} else {
		noc_semaphore_wait_min(sem, value);
		noc_semaphore_set(sem, 100);
	}
}
