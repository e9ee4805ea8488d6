// SPDX-License-Identifier: Apache-2.0
/*
 * Page maps: where each page of a buffer lives, worked out once when the
 * buffer is created.  They are the host-side twin of the kernels' address
 * generators (InterleavedAddrGen with the bank tables, ShardedAddrGen with
 * hal/tt_sharded_args.h): a table of the buffer's banks, each with its
 * core, its address (bank offset included) and the host pointer to it in
 * the device's shared memory, and the arithmetic that takes a page id to
 * (bank, row).  Reads and writes walk the map; nothing asks the bank
 * managers per page.
 */
#include <stdlib.h>
#include <string.h>

#include "memory/memory.h"

/* Host pointer to @addr of bank @core (DRAM bank: (bank, 0)), or NULL. */
static uint8_t *host_of(struct tt_device *dev, enum tt_buffer_type type, struct tt_core core,
			uint64_t addr)
{
	if (type == TT_BUFFER_DRAM)
		return dev->dram + (uint64_t)core.x * dev->arch->dram_bank_size + addr;
	if (core.x >= dev->grid_x || core.y >= dev->grid_y)
		return NULL; /* a storage-only core: not mapped */
	return tt_dev_l1(dev, core.y * dev->grid_x + core.x) + addr;
}

/* Fill bank entry @e for bank @bank of @type, buffer at @addr. */
static int bank_entry(struct tt_device *dev, enum tt_buffer_type type, uint32_t bank, uint64_t addr,
		      struct tt_page_bank *e)
{
	enum tt_bank_type bt = tt_bank_type_of(type);
	struct tt_bank_core c;
	int64_t off = 0;

	if (tt_bank_core_of(&dev->banks, bt, bank, &c) ||
	    tt_bank_offset(&dev->banks, bt, bank, &off))
		return tt_fail(TT_EINVAL, "%s bank %u does not exist", tt_bank_type_name(bt), bank);
	e->core = tt_core(c.x, c.y);
	e->bank = bank;
	e->addr = (uint64_t)((int64_t)addr + off);
	e->host = host_of(dev, type, e->core, e->addr);
	if (!e->host)
		return tt_fail(TT_ENOSYS,
			       "%s bank %u is on core (%u,%u), outside the "
			       "worker grid the host maps",
			       tt_bank_type_name(bt), bank, c.x, c.y);
	return TT_OK;
}

int tt_page_map_init(struct tt_page_map *m, struct tt_device *dev, enum tt_buffer_type type,
		     uint64_t addr, uint64_t page_size, uint64_t stride, uint64_t npages,
		     const struct tt_shard_spec *spec, const uint32_t *shard_bank)
{
	int rc = TT_OK;

	memset(m, 0, sizeof(*m));
	m->npages = npages;
	m->page_size = page_size;
	m->stride = stride;
	if (spec) {
		uint32_t tp[2], sp[2], g[2];

		tt_shard_tensor_pages(spec, tp);
		tt_shard_shard_pages(spec, sp);
		tt_shard_grid(spec, g);
		m->sharded = true;
		m->tensor_h = tp[0];
		m->tensor_w = tp[1];
		m->shard_h = sp[0];
		m->shard_w = sp[1];
		m->shards_per_row = g[1];
		m->nbanks = tt_shard_count(spec);
	} else {
		m->nbanks = tt_dev_num_banks(dev, type);
	}
	m->banks = calloc(m->nbanks, sizeof(*m->banks));
	if (!m->banks)
		return tt_fail(TT_ENOMEM, "out of host memory for a map of %u banks", m->nbanks);
	for (uint32_t k = 0; k < m->nbanks && !rc; k++)
		rc = bank_entry(dev, type, spec ? shard_bank[k] : k, addr, &m->banks[k]);
	if (rc)
		tt_page_map_free(m);
	return rc;
}

void tt_page_map_free(struct tt_page_map *m)
{
	free(m->banks);
	m->banks = NULL;
	m->nbanks = 0;
}

bool tt_page_map_is_padding(const struct tt_page_map *m, uint32_t bank, uint64_t row)
{
	uint64_t r, c;

	if (!m->sharded)
		return false;
	r = (uint64_t)(bank / m->shards_per_row) * m->shard_h + row / m->shard_w;
	c = (uint64_t)(bank % m->shards_per_row) * m->shard_w + row % m->shard_w;
	return r >= m->tensor_h || c >= m->tensor_w;
}
