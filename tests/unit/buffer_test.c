// SPDX-License-Identifier: Apache-2.0
/*
 * Interleaved buffers on a host-only device (tests/lib/host_device.h), on
 * each architecture: page p lives in bank p % banks at row p / banks, the
 * row a page rounded up to the type's alignment (what the kernels'
 * InterleavedAddrGen computes from the bank tables), and reads and writes,
 * whole or by region, put every byte there.  Expected places are computed
 * here from that definition, not from the library.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <tt/buffer.h>
#include <tt/error.h>

#include "host_device.h"

/* Host memory of @addr on L1 bank (worker y * gx + x) or DRAM bank @bank. */
static uint8_t *bank_mem(struct tt_device *dev, enum tt_buffer_type type, uint32_t bank,
			 uint64_t addr)
{
	if (type == TT_BUFFER_DRAM)
		return dev->dram + (uint64_t)bank * dev->arch->dram_bank_size + addr;
	return dev->l1 + (uint64_t)bank * dev->arch->l1_size + addr;
}

static void interleaved(enum tt_arch_id arch, enum tt_buffer_type type)
{
	struct tt_device *dev = host_device_arch(arch, 4, 2, 0);
	const struct tt_arch *a = dev->arch;
	uint32_t banks = type == TT_BUFFER_DRAM ? a->dram_banks : 8;
	uint64_t align = type == TT_BUFFER_DRAM ? a->dram_alignment : a->l1_alignment;
	const uint64_t page = 100, npages = 3 * banks + 5;
	uint64_t stride = (page + align - 1) / align * align, base;
	struct tt_buffer_config cfg = { .size = npages * page, .page_size = page, .type = type };
	uint8_t *in = malloc(cfg.size), *out = calloc(1, cfg.size);
	struct tt_buffer *buf;

	for (uint64_t i = 0; i < cfg.size; i++)
		in[i] = (uint8_t)(i * 13 + 1);
	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	base = tt_buffer_address(buf);
	cr_expect_eq(tt_buffer_aligned_page_size(buf), stride);
	cr_expect_eq(tt_buffer_bank_size(buf), 4 * stride); /* ceil(npages / banks) rows */
	cr_assert_eq(tt_buffer_write(buf, in), TT_OK);
	for (uint64_t p = 0; p < npages; p++) {
		uint32_t bank = (uint32_t)(p % banks);
		uint64_t addr = base + p / banks * stride, la;
		struct tt_core core;

		cr_assert(!memcmp(bank_mem(dev, type, bank, addr), in + p * page, page),
			  "%s %s page %llu is not in bank %u at 0x%llx", a->name,
			  type == TT_BUFFER_DRAM ? "DRAM" : "L1", (unsigned long long)p, bank,
			  (unsigned long long)addr);
		cr_assert_eq(tt_buffer_page_location(buf, p, &core, &la), TT_OK);
		cr_expect_eq(la, addr);
		if (type == TT_BUFFER_DRAM)
			cr_expect(core.x == bank && core.y == 0);
		else
			cr_expect(core.x == bank % 4 && core.y == bank / 4);
	}
	cr_assert_eq(tt_buffer_read(buf, out), TT_OK);
	cr_expect(!memcmp(in, out, cfg.size));

	/* A region across page and bank boundaries, read back alone. */
	memset(out, 0, cfg.size);
	cr_assert_eq(tt_buffer_write_region(buf, page - 7, in, 2 * page + 9), TT_OK);
	cr_assert_eq(tt_buffer_read_region(buf, page - 7, out, 2 * page + 9), TT_OK);
	cr_expect(!memcmp(in, out, 2 * page + 9));
	cr_expect(!memcmp(bank_mem(dev, type, 1, base), in + 7, page));
	cr_expect_eq(tt_buffer_read_region(buf, cfg.size - 1, out, 2), TT_ERANGE);
	cr_expect(strstr(tt_last_error(), "run past the"), "%s", tt_last_error());
	tt_buffer_free(buf);
	free(in);
	free(out);
	host_device_free(dev);
}

Test(buffer, interleaved_dram_wormhole_b0)
{
	interleaved(TT_ARCH_WORMHOLE_B0, TT_BUFFER_DRAM);
}

Test(buffer, interleaved_l1_wormhole_b0)
{
	interleaved(TT_ARCH_WORMHOLE_B0, TT_BUFFER_L1);
}

Test(buffer, interleaved_dram_blackhole)
{
	interleaved(TT_ARCH_BLACKHOLE, TT_BUFFER_DRAM);
}

Test(buffer, interleaved_l1_blackhole)
{
	interleaved(TT_ARCH_BLACKHOLE, TT_BUFFER_L1);
}

/*
 * tt_device_alloc_stats: a DRAM bank offers its size less the reserved
 * start; a buffer takes ceil(pages / banks) aligned pages of each bank
 * and gives them back when freed.
 */
Test(buffer, alloc_stats_follow_allocations)
{
	struct tt_device *dev = host_device(2, 2, 0);
	const struct tt_arch *a = dev->arch;
	struct tt_buffer_config cfg = { .size = 5 * a->dram_banks * 64,
					.page_size = 64,
					.type = TT_BUFFER_DRAM };
	struct tt_alloc_stats before, during, after;
	struct tt_buffer *buf;

	cr_assert_eq(tt_device_alloc_stats(dev, TT_BUFFER_DRAM, &before), TT_OK, "%s",
		     tt_last_error());
	cr_expect_eq(before.total_allocatable, a->dram_bank_size - a->dram_unreserved_base);
	cr_expect_eq(before.total_allocated, 0);
	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_device_alloc_stats(dev, TT_BUFFER_DRAM, &during), TT_OK);
	cr_expect_eq(during.total_allocated, 5 * 64);
	cr_expect_eq(during.total_free, during.total_allocatable - 5 * 64);
	tt_buffer_free(buf);
	cr_assert_eq(tt_device_alloc_stats(dev, TT_BUFFER_DRAM, &after), TT_OK);
	cr_expect_eq(after.total_allocated, 0);
	cr_expect_eq(tt_device_alloc_stats(NULL, TT_BUFFER_DRAM, &after), TT_EINVAL);
	host_device_free(dev);
}

/*
 * tt_buffer_create_view: a view at another buffer's address reads what
 * that buffer holds and writes where it does; freeing it leaves the
 * memory allocated, and an address off the type's alignment is refused.
 */
Test(buffer, view_shares_memory_and_frees_none)
{
	struct tt_device *dev = host_device(2, 2, 0);
	const struct tt_arch *a = dev->arch;
	const uint64_t page = 64, size = 3 * a->dram_banks * page;
	struct tt_buffer_config cfg = { .size = size, .page_size = page, .type = TT_BUFFER_DRAM };
	uint8_t *in = malloc(size), *out = calloc(1, size);
	struct tt_alloc_stats held, after;
	struct tt_buffer *buf, *view, *bad;

	for (uint64_t i = 0; i < size; i++)
		in[i] = (uint8_t)(i * 7 + 3);
	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_buffer_write(buf, in), TT_OK);
	cr_assert_eq(tt_buffer_create_view(dev, &cfg, tt_buffer_address(buf), &view), TT_OK, "%s",
		     tt_last_error());
	cr_expect_eq(tt_buffer_address(view), tt_buffer_address(buf));
	cr_assert_eq(tt_buffer_read(view, out), TT_OK);
	cr_expect(!memcmp(in, out, size), "the view does not read what its buffer holds");
	cr_assert_eq(tt_device_alloc_stats(dev, TT_BUFFER_DRAM, &held), TT_OK);
	cr_expect_eq(tt_buffer_free(view), TT_OK);
	cr_assert_eq(tt_device_alloc_stats(dev, TT_BUFFER_DRAM, &after), TT_OK);
	cr_expect_eq(after.total_allocated, held.total_allocated,
		     "freeing a view released %llu B of its buffer's memory",
		     (unsigned long long)(held.total_allocated - after.total_allocated));
	cr_expect_eq(tt_buffer_create_view(dev, &cfg, tt_buffer_address(buf) + 1, &bad), TT_EALIGN);
	cr_expect_eq(tt_buffer_free(buf), TT_OK);
	free(in);
	free(out);
	host_device_free(dev);
}
