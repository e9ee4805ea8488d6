// SPDX-License-Identifier: Apache-2.0
/*
 * Interleaved buffers on the device's bank managers, the bank-to-NoC
 * coordinate map and the tables kernels read it from (hal/tt_bank_table.h).
 */
#include <stdlib.h>
#include <string.h>

#include <tt/report.h>

#include "internal.h"
#include "tt_bank_table.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"
#include "tt_noc_regs.h"

static const uint8_t dram_x[TT_NOC_DRAM_BANKS] = TT_NOC_DRAM_X_INIT;
static const uint8_t dram_y[TT_NOC_DRAM_BANKS] = TT_NOC_DRAM_Y_INIT;

struct tt_buffer {
	struct tt_device *dev;
	enum tt_buffer_type type;
	uint64_t size;
	uint64_t page_size;
	uint64_t aligned_page;
	uint64_t addr;
};

static enum tt_bank_type bank_type(enum tt_buffer_type t)
{
	return t == TT_BUFFER_DRAM ? TT_BANK_DRAM : TT_BANK_L1;
}

uint32_t tt_device_num_banks(const struct tt_device *dev,
			     enum tt_buffer_type type)
{
	if (type == TT_BUFFER_DRAM)
		return dev->arch->dram_banks;
	return dev->banks_ok ? tt_bank_count(&dev->banks, TT_BANK_L1) : dev->ncores;
}

int tt_device_bank_noc(const struct tt_device *dev, enum tt_buffer_type type,
		       uint32_t bank_id, unsigned int noc,
		       struct tt_core *noc_xy, int64_t *offset)
{
	const struct tt_arch *a = dev->arch;
	struct tt_bank_core c = { bank_id % dev->grid_x, bank_id / dev->grid_x };

	if (noc > 1 || bank_id >= tt_device_num_banks(dev, type))
		return TT_ERANGE;
	*offset = 0;
	if (type == TT_BUFFER_DRAM) {
		uint32_t x = dram_x[bank_id], y = dram_y[bank_id];

		/* DRAM is not virtualized on WH: NoC1 sees it mirrored. */
		*noc_xy = noc ? tt_core(a->noc_size_x - 1 - x, a->noc_size_y - 1 - y) :
				tt_core(x, y);
		if (dev->banks_ok)
			tt_bank_offset(&dev->banks, TT_BANK_DRAM, bank_id, offset);
		return TT_OK;
	}
	if (dev->banks_ok) {
		tt_bank_core_of(&dev->banks, TT_BANK_L1, bank_id, &c);
		tt_bank_offset(&dev->banks, TT_BANK_L1, bank_id, offset);
	}
	*noc_xy = tt_core(a->virtual_worker_x0 + c.x, a->virtual_worker_y0 + c.y);
	return TT_OK;
}

static uint16_t xy_encoding(struct tt_core c)
{
	return (uint16_t)(TT_FIELD_VAL(NOC, ADDR_MID, X, c.x) |
			  TT_FIELD_VAL(NOC, ADDR_MID, Y, c.y));
}

void tt_dev_write_bank_tables(struct tt_device *dev)
{
	struct tt_bank_table t;
	struct tt_core xy;
	int64_t off;

	memset(&t, 0, sizeof(t));
	t.magic = TT_BANK_TABLE_MAGIC;
	t.num_dram_banks = tt_device_num_banks(dev, TT_BUFFER_DRAM);
	t.num_l1_banks = tt_device_num_banks(dev, TT_BUFFER_L1);
	if (t.num_l1_banks > TT_BANK_TABLE_MAX_L1)
		t.num_l1_banks = TT_BANK_TABLE_MAX_L1;
	for (unsigned int noc = 0; noc < 2; noc++) {
		for (uint32_t b = 0; b < t.num_dram_banks; b++) {
			tt_device_bank_noc(dev, TT_BUFFER_DRAM, b, noc, &xy, &off);
			t.dram_bank_to_noc_xy[noc][b] = xy_encoding(xy);
			t.bank_to_dram_offset[b] = (int32_t)off;
		}
		for (uint32_t b = 0; b < t.num_l1_banks; b++) {
			tt_device_bank_noc(dev, TT_BUFFER_L1, b, noc, &xy, &off);
			t.l1_bank_to_noc_xy[noc][b] = xy_encoding(xy);
			t.bank_to_l1_offset[b] = (int32_t)off;
		}
	}
	for (uint32_t c = 0; c < dev->ncores; c++)
		memcpy(tt_dev_l1(dev, c) + TT_MEM_BANK_TO_NOC_BASE, &t, sizeof(t));
}

int tt_buffer_create(struct tt_device *dev, const struct tt_buffer_config *cfg,
		     struct tt_buffer **out)
{
	const struct tt_bank_config *bc;
	struct tt_buffer *buf;
	uint64_t align;
	int rc;

	*out = NULL;
	if (!dev || !cfg || !cfg->size || !cfg->page_size ||
	    (cfg->type != TT_BUFFER_DRAM && cfg->type != TT_BUFFER_L1))
		return TT_EINVAL;
	if (!dev->banks_ok)
		return TT_EPERM;
	bc = tt_bank_config(&dev->banks);
	align = cfg->type == TT_BUFFER_DRAM ? bc->dram_alignment : bc->l1_alignment;
	buf = calloc(1, sizeof(*buf));
	if (!buf)
		return TT_ENOMEM;
	buf->dev = dev;
	buf->type = cfg->type;
	buf->size = cfg->size;
	buf->page_size = cfg->page_size;
	buf->aligned_page = (cfg->page_size + align - 1) & ~(align - 1);
	rc = tt_bank_alloc(&dev->banks, bank_type(cfg->type), cfg->size,
			   cfg->page_size, TT_BANK_INTERLEAVED, TT_BANK_DEFAULT,
			   &buf->addr);
	if (rc) {
		free(buf);
		return rc;
	}
	*out = buf;
	return TT_OK;
}

int tt_buffer_free(struct tt_buffer *buf)
{
	int rc;

	if (!buf)
		return TT_OK;
	rc = tt_bank_free(&buf->dev->banks, bank_type(buf->type), buf->addr);
	free(buf);
	return rc;
}

uint32_t tt_buffer_address(const struct tt_buffer *buf)
{
	return (uint32_t)buf->addr;
}

uint64_t tt_buffer_size(const struct tt_buffer *buf)
{
	return buf->size;
}

uint64_t tt_buffer_page_size(const struct tt_buffer *buf)
{
	return buf->page_size;
}

/* Host pointer to page @page of @buf. */
static uint8_t *page_ptr(struct tt_buffer *buf, uint64_t page)
{
	struct tt_device *dev = buf->dev;
	uint32_t banks = tt_device_num_banks(dev, buf->type);
	uint32_t bank = (uint32_t)(page % banks);
	uint64_t off = buf->addr + (page / banks) * buf->aligned_page;
	struct tt_bank_core c;
	int64_t boff = 0;

	tt_bank_offset(&dev->banks, bank_type(buf->type), bank, &boff);
	off += (uint64_t)boff;
	if (buf->type == TT_BUFFER_DRAM)
		return dev->dram + (uint64_t)bank * dev->arch->dram_bank_size + off;
	tt_bank_core_of(&dev->banks, TT_BANK_L1, bank, &c);
	return tt_dev_l1(dev, c.y * dev->grid_x + c.x) + off;
}

int tt_buffer_write(struct tt_buffer *buf, const void *src)
{
	const uint8_t *s = src;

	if (!buf || !src)
		return TT_EINVAL;
	for (uint64_t p = 0; p < buf->size / buf->page_size; p++)
		memcpy(page_ptr(buf, p), s + p * buf->page_size, buf->page_size);
	return TT_OK;
}

int tt_buffer_read(struct tt_buffer *buf, void *dst)
{
	uint8_t *d = dst;

	if (!buf || !dst)
		return TT_EINVAL;
	for (uint64_t p = 0; p < buf->size / buf->page_size; p++)
		memcpy(d + p * buf->page_size, page_ptr(buf, p), buf->page_size);
	return TT_OK;
}

int tt_device_dump_memory_state(struct tt_device *dev, const char *dir,
				const char *prefix, bool svg)
{
	if (!dev)
		return TT_EINVAL;
	if (!dev->banks_ok)
		return TT_EPERM;
	return tt_report_dump_memory_state(&dev->banks, dir, prefix ? prefix : "",
					   svg ? TT_REPORT_SVG : 0);
}
