/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Memory of a device: buffers on its bank managers (tt/bank.h,
 * tt/alloc.h) and the memory reports (tt/memory_report.h).  Builds on device/;
 * program/ builds on it.
 */
#ifndef TT_HOST_MEMORY_H
#define TT_HOST_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include <tt/buffer.h>
#include <tt/shard.h>

#include "device/device.h"

/*
 * TT_OK if @buf is a live buffer whose device is still open, else
 * TT_EINVAL (not a live buffer) or TT_ENODEV (its device was closed)
 * with the last error set on behalf of @fn.
 */
int tt_buf_check(const struct tt_buffer *buf, const char *fn);

/* Is @buf a live buffer of @dev (no error is set)? */
bool tt_buf_live_on(const struct tt_buffer *buf, const struct tt_device *dev);

/* Send the freed-buffer list to the device if it changed (checking mode). */
int tt_dev_send_freed(struct tt_device *dev);

/* Page maps (page_map.c) ------------------------------------------------- */

/* One bank a buffer occupies: where its pages of that bank start. */
struct tt_page_bank {
	struct tt_core core; /* logical core, or (bank, 0) for DRAM */
	uint32_t bank;	     /* bank id of the buffer's type */
	uint64_t addr;	     /* buffer address + the bank's offset */
	uint8_t *host;	     /* the host's view of addr */
};

/*
 * Page id -> (bank, row) -> core, address and host pointer.  Interleaved:
 * page p is in bank p % nbanks at row p / nbanks.  Sharded (row-major
 * pages of a tensor_h x tensor_w page grid, shards of shard_h x shard_w
 * pages numbered row-major, shards_per_row to a row): bank k is shard k
 * and the row is the page's slot in its shard.  Row r of a bank is at
 * addr + r * stride.
 */
struct tt_page_map {
	uint64_t npages;
	uint64_t page_size;
	uint64_t stride; /* page size rounded to the alignment */
	uint32_t nbanks;
	struct tt_page_bank *banks;
	bool sharded;
	uint32_t tensor_h, tensor_w; /* sharded: in pages */
	uint32_t shard_h, shard_w;
	uint32_t shards_per_row;
};

/*
 * Build the map of a buffer of @type at @addr: every bank of the type
 * when interleaved (@spec NULL), else one bank per shard of @spec, shard
 * k in bank @shard_bank[k].  TT_OK, or an error with the last error set.
 */
int tt_page_map_init(struct tt_page_map *m, struct tt_device *dev, enum tt_buffer_type type,
		     uint64_t addr, uint64_t page_size, uint64_t stride, uint64_t npages,
		     const struct tt_shard_spec *spec, const uint32_t *shard_bank);
void tt_page_map_free(struct tt_page_map *m);

/* Bank and row of page @page (< npages). */
static inline void tt_page_map_locate(const struct tt_page_map *m, uint64_t page, uint32_t *bank,
				      uint64_t *row)
{
	uint64_t r, c;

	if (!m->sharded) {
		*bank = (uint32_t)(page % m->nbanks);
		*row = page / m->nbanks;
		return;
	}
	r = page / m->tensor_w;
	c = page % m->tensor_w;
	*bank = (uint32_t)((r / m->shard_h) * m->shards_per_row + c / m->shard_w);
	*row = (r % m->shard_h) * m->shard_w + c % m->shard_w;
}

/* Host pointer to row @row of bank @bank. */
static inline uint8_t *tt_page_map_host(const struct tt_page_map *m, uint32_t bank, uint64_t row)
{
	return m->banks[bank].host + row * m->stride;
}

/* Is row @row of bank @bank a padding slot of a partial shard? */
bool tt_page_map_is_padding(const struct tt_page_map *m, uint32_t bank, uint64_t row);

#endif /* TT_HOST_MEMORY_H */
