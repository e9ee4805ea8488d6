/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A device for host-only unit tests: the bank layout of a grid of @gx x
 * @gy cores of architecture @arch (host_device(): Wormhole B0), plain
 * host memory for its L1 and DRAM (reserved, not committed), no emulator,
 * registered like an opened device so every entry point accepts it.
 * tt_device_close() releases it like a real one (there is no QEMU or
 * control socket to stop); host_device_free() does it without the checks.
 * Tests that include it link the sanitised libtt and see its internals.
 */
#ifndef TT_TESTS_HOST_DEVICE_H
#define TT_TESTS_HOST_DEVICE_H

#include <criterion/criterion.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "program/program.h"

static inline struct tt_device *host_device_arch(enum tt_arch_id arch, uint32_t gx, uint32_t gy,
						 uint64_t l1_small)
{
	struct tt_device *dev = calloc(1, sizeof(*dev));
	struct tt_bank_config cfg;

	cr_assert(dev);
	dev->qemu = -1;
	dev->ctl = -1;
	dev->qemu_log = -1;
	dev->arch = tt_arch_get(arch);
	cr_assert(dev->arch);
	dev->grid_x = gx;
	dev->grid_y = gy;
	dev->ncores = gx * gy;
	dev->l1_map_size = (size_t)dev->ncores * dev->arch->l1_size;
	dev->dram_map_size = (size_t)dev->arch->dram_banks * dev->arch->dram_bank_size;
	dev->l1 = mmap(NULL, dev->l1_map_size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	dev->dram = mmap(NULL, dev->dram_map_size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	cr_assert(dev->l1 != MAP_FAILED && dev->dram != MAP_FAILED);
	cr_assert_eq(tt_bank_config_from_arch(&cfg, dev->arch, l1_small, 0), TT_OK);
	cfg.grid_x = gx;
	cfg.grid_y = gy;
	cr_assert_eq(tt_bank_init(&dev->banks, &cfg), TT_OK, "%s", tt_last_error());
	dev->banks_ok = true;
	cr_assert_eq(tt_dev_register(dev), TT_OK);
	return dev;
}

static inline struct tt_device *host_device(uint32_t gx, uint32_t gy, uint64_t l1_small)
{
	return host_device_arch(TT_ARCH_WORMHOLE_B0, gx, gy, l1_small);
}

static inline void host_device_free(struct tt_device *dev)
{
	tt_dev_unregister(dev);
	tt_bank_destroy(&dev->banks);
	munmap(dev->l1, dev->l1_map_size);
	munmap(dev->dram, dev->dram_map_size);
	free(dev);
}

#endif /* TT_TESTS_HOST_DEVICE_H */
