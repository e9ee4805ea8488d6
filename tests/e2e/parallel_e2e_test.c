// SPDX-License-Identifier: Apache-2.0
/*
 * Parallel mode end to end: one host thread per hart, and MMIO served by
 * the device model's per-core locks instead of QEMU's global lock (QEMU
 * patch 0013, ttx_chip.c "Locking").  A ring of cores trades semaphore
 * increments for many rounds, every core sleeping on its own semaphore
 * while the others' atomics land from other threads: every count must
 * come out exact and no core may sleep through its wake.
 */
#include <criterion/criterion.h>

#include "e2e.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"

#define RESULT 0x100000u /* free L1: final semaphore, EMU_IO_LOCKED */
#define ROUNDS 2000u

static struct tt_device *open_mode(uint32_t gx, uint32_t gy, bool parallel)
{
	struct tt_device_config cfg = { .grid_x = gx, .grid_y = gy, .parallel = parallel };
	struct tt_device *dev = NULL;

	cr_assert_eq(tt_device_open(&cfg, &dev), TT_OK, "open: %s", tt_last_error());
	return dev;
}

/* Runs the ring on every core of @dev (@gx x @gy); returns EMU_IO_LOCKED of core 0. */
static uint32_t ring(struct tt_device *dev, uint32_t gx, uint32_t gy, uint32_t rounds)
{
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, gx - 1, gy - 1));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	uint32_t n = gx * gy, sem, locked = ~0u;
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("parallel_ring.c"), &all, &cfg, &k), TT_OK);
	cr_assert_eq(tt_semaphore_create(prog, &all, 0, &sem), TT_OK);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t next = (i + 1) % n;
		uint32_t a[4] = { TT_NOC_VIRTUAL_WORKER_X0 + next % gx,
				  TT_NOC_VIRTUAL_WORKER_Y0 + next / gx, rounds, RESULT };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(i % gx, i / gx), a, 4),
			     TT_OK);
	}
	e2e_run_ok(dev, prog, &rep);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t got[2];

		tt_device_l1_read(dev, tt_core(i % gx, i / gx), RESULT, got, sizeof(got));
		cr_expect_eq(got[0], rounds, "core %u: semaphore %u after %u rounds", i, got[0],
			     rounds);
		if (i == 0)
			locked = got[1];
	}
	tt_program_destroy(prog);
	return locked;
}

/* Sixteen cores, 2000 rounds each: 32000 cross-core wakes, all exact. */
Test(parallel, semaphore_ring_is_exact, .timeout = 120)
{
	struct tt_device *dev = open_mode(4, 4, true);

	for (int run = 0; run < 3; run++)
		ring(dev, 4, 4, ROUNDS);
	tt_device_close(dev);
}

/*
 * Register accesses are served without QEMU's global lock, in both modes
 * (fails if patch 0013 is dropped, or the machine stops asking for it).
 */
Test(parallel, mmio_skips_the_global_lock, .timeout = 60)
{
	for (int parallel = 0; parallel < 2; parallel++) {
		struct tt_device *dev = open_mode(2, 1, parallel);

		cr_expect_eq(ring(dev, 2, 1, 10), 0, "%s mode: an MMIO read held the BQL",
			     parallel ? "parallel" : "deterministic");
		tt_device_close(dev);
	}
}
