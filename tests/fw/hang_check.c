// SPDX-License-Identifier: Apache-2.0
/*
 * A test program whose only case waits for a semaphore nobody sets: the
 * run times out and the host reports the case as crashed, with the hang
 * report naming the semaphore.
 */
#include "dataflow_api.h"
#include "tt_fwtest.h"

TT_TEST(waits_forever)
{
	static volatile uint32_t never[4] __attribute__((aligned(16)));

	/* In local memory: nothing but this hart can ever write it. */
	noc_semaphore_wait(never, 1);
}
