// SPDX-License-Identifier: Apache-2.0
/*
 * A packer that waits for Dst while math never commits: the hang report
 * must say PACK waits in tile_regs_wait.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	tile_regs_acquire();
	tile_regs_wait();
}
