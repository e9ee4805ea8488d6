/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Interleaved DRAM and L1 buffers: tt-metal's CreateBuffer with an
 * InterleavedBufferConfig, EnqueueWriteBuffer / EnqueueReadBuffer and
 * DeallocateBuffer in C.
 *
 * A buffer of @size bytes is cut into pages of @page_size bytes; page i
 * lives in bank i % banks at row i / banks, each row a page rounded up to
 * the type's alignment (DRAM 32 B, L1 16 B on WH), at the same address in
 * every bank (the device's lockstep allocator, tt/bank.h).  Kernels find
 * the pages with InterleavedAddrGen(Fast) and the bank-to-NoC tables
 * (reference/ttmetal-facts.md §5.1, §7).  Host reads and writes scatter
 * and gather pages through the shared memory of the device: no kernel
 * runs for them.
 */
#ifndef TT_BUFFER_H
#define TT_BUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include <tt/core.h>
#include <tt/device.h>

enum tt_buffer_type {
	TT_BUFFER_DRAM = 0,		/* interleaved over the DRAM banks */
	TT_BUFFER_L1 = 1,		/* interleaved over the workers' L1 */
};

struct tt_buffer_config {
	uint64_t size;			/* bytes, a multiple of page_size */
	uint64_t page_size;		/* bytes per page (a tile: 2048 for bf16) */
	enum tt_buffer_type type;
};

struct tt_buffer;

/*
 * Allocate a buffer on @dev.  Returns TT_OK, TT_EINVAL, TT_EALIGN (size
 * not a multiple of page_size), TT_ENOMEM (no room), TT_EPERM (this grid
 * has a bank count interleaving cannot use).
 */
int tt_buffer_create(struct tt_device *dev, const struct tt_buffer_config *cfg,
		     struct tt_buffer **out);

/* Release the buffer's banks; safe on NULL. */
int tt_buffer_free(struct tt_buffer *buf);

/* Address in every bank (what kernels get as bank_base_address). */
uint32_t tt_buffer_address(const struct tt_buffer *buf);
uint64_t tt_buffer_size(const struct tt_buffer *buf);
uint64_t tt_buffer_page_size(const struct tt_buffer *buf);

/* Write / read the whole buffer (size bytes) from / to @src / @dst. */
int tt_buffer_write(struct tt_buffer *buf, const void *src);
int tt_buffer_read(struct tt_buffer *buf, void *dst);

/*
 * tt-metal's detail::DumpDeviceMemoryState: write memory_usage_summary.csv,
 * l1_usage_summary.csv and detailed_memory_usage.csv for the buffers
 * allocated on @dev into @dir (NULL: generated/reports), file names
 * prefixed with @prefix; with @svg also <prefix>memory_map.svg, a picture of
 * every bank's occupancy (docs/allocator.md).
 */
int tt_device_dump_memory_state(struct tt_device *dev, const char *dir,
				const char *prefix, bool svg);

/* Banks of @type on @dev (DRAM: 12 on WH; L1: one per worker). */
uint32_t tt_device_num_banks(const struct tt_device *dev,
			     enum tt_buffer_type type);

/*
 * NoC coordinates of bank @bank_id of @type as seen on NoC @noc (0 or 1),
 * and the offset added to a buffer address in that bank.
 */
int tt_device_bank_noc(const struct tt_device *dev, enum tt_buffer_type type,
		       uint32_t bank_id, unsigned int noc,
		       struct tt_core *noc_xy, int64_t *offset);

#endif /* TT_BUFFER_H */
