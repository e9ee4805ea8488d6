// SPDX-License-Identifier: Apache-2.0
/*
 * Interleaved and sharded buffers on the device's bank managers, the
 * bank-to-NoC coordinate map and the tables kernels read it from
 * (hal/tt_bank_table.h), and the arguments of the sharded address
 * generator (kernels/include/sharded_addr_gen.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tt/memory_report.h>

#include "memory/memory.h"
#include "tt_mem_map.h"
#include "tt_noc_regs.h"
#include "tt_sharded_args.h"

struct tt_buffer {
	struct tt_device *dev;
	uint64_t dev_serial; /* dev->serial when created */
	enum tt_buffer_type type;
	enum tt_buffer_layout layout;
	uint64_t size;
	uint64_t page_size;
	uint64_t aligned_page;
	uint64_t bank_size; /* bytes per bank */
	uint64_t addr;
	struct tt_page_map map; /* page -> bank, core, address */
	/* Sharded buffers only. */
	struct tt_shard_spec spec;
	uint32_t nshards;
	uint32_t *shard_bank; /* shard -> bank id, until the map is made */
	bool view;	      /* placed at an address another buffer holds */
};

/* Most cores a shard grid may list (bounds the host memory of a check). */
#define TT_SHARD_GRID_MAX_CORES (1u << 20)

int tt_buf_check(const struct tt_buffer *buf, const char *fn)
{
	if (!buf)
		return tt_fail(TT_EINVAL, "%s: the buffer is NULL", fn);
	if (!tt_handle_live(buf, TT_HANDLE_BUFFER))
		return tt_fail(TT_EINVAL,
			       "%s: %p is not a live buffer (freed "
			       "already, or not a buffer)",
			       fn, (const void *)buf);
	if (!tt_handle_live(buf->dev, TT_HANDLE_DEVICE) || buf->dev->serial != buf->dev_serial)
		return tt_fail(TT_ENODEV,
			       "%s: the buffer's device was closed: "
			       "the buffer can only be freed",
			       fn);
	return TT_OK;
}

static const char *type_name(enum tt_buffer_type t)
{
	return tt_bank_type_name(tt_bank_type_of(t));
}

static const char *const layout_name[] = {
	[TT_BUFFER_INTERLEAVED] = "INTERLEAVED",
	[TT_BUFFER_HEIGHT_SHARDED] = "HEIGHT_SHARDED",
	[TT_BUFFER_WIDTH_SHARDED] = "WIDTH_SHARDED",
	[TT_BUFFER_BLOCK_SHARDED] = "BLOCK_SHARDED",
};

/*
 * Cores of @grid, or 0 with the error set if a range is inverted or the
 * grid lists more than TT_SHARD_GRID_MAX_CORES cores (counted in 64 bits:
 * a range as wide as the coordinates has 2^32 columns).
 */
static uint32_t grid_count(const struct tt_core_range_set *grid)
{
	uint64_t n = 0, w, h;

	for (uint32_t i = 0; i < grid->count; i++) {
		const struct tt_core_range *r = &grid->ranges[i];

		if (r->start.x > r->end.x || r->start.y > r->end.y) {
			(void)tt_fail(TT_ELAYOUT,
				      "shard grid range %u (%u,%u)-(%u,%u) is inverted: start must "
				      "not exceed end",
				      i, r->start.x, r->start.y, r->end.x, r->end.y);
			return 0;
		}
		w = (uint64_t)r->end.x - r->start.x + 1;
		h = (uint64_t)r->end.y - r->start.y + 1;
		/* Each factor at most 2^20 first: w * h cannot wrap. */
		if (w > TT_SHARD_GRID_MAX_CORES || h > TT_SHARD_GRID_MAX_CORES ||
		    n + w * h > TT_SHARD_GRID_MAX_CORES) {
			(void)tt_fail(TT_ELAYOUT,
				      "shard grid range %u (%u,%u)-(%u,%u) is %llux%llu cores; a "
				      "shard grid lists at most %u cores in all",
				      i, r->start.x, r->start.y, r->end.x, r->end.y,
				      (unsigned long long)w, (unsigned long long)h,
				      TT_SHARD_GRID_MAX_CORES);
			return 0;
		}
		n += w * h;
	}
	return (uint32_t)n;
}

/*
 * A set of cores for the duplicate check: open addressing over a power
 * of two at least twice the number of cores, so each insert is O(1).
 */
struct core_set {
	uint64_t *keys; /* (x << 32 | y) + 1; 0 is empty */
	size_t mask;
};

/* Add @c; false if it was there already. */
static bool core_set_add(struct core_set *set, struct tt_core c)
{
	uint64_t key = ((uint64_t)c.x << 32 | c.y) + 1;
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & set->mask;

	while (set->keys[i]) {
		if (set->keys[i] == key)
			return false;
		i = (i + 1) & set->mask;
	}
	set->keys[i] = key;
	return true;
}

/*
 * The @n = grid_count() cores of @grid in shard order into @cores: range
 * by range, each walked in @orientation's order.  TT_ELAYOUT with the
 * error set if a core is listed twice.  Linear in @n.
 */
static int grid_cores(const struct tt_core_range_set *grid, enum tt_shard_orientation orientation,
		      uint32_t n, struct tt_core *cores)
{
	struct core_set seen;
	size_t slots = 64;
	uint32_t k = 0;
	int rc = TT_OK;

	while (slots < 2 * (size_t)n)
		slots *= 2;
	seen.mask = slots - 1;
	seen.keys = calloc(slots, sizeof(*seen.keys));
	if (!seen.keys)
		return tt_fail(TT_ENOMEM, "out of host memory checking a shard grid of %u cores",
			       n);
	for (uint32_t i = 0; i < grid->count && !rc; i++) {
		const struct tt_core_range *r = &grid->ranges[i];
		uint32_t w = r->end.x - r->start.x + 1, h = r->end.y - r->start.y + 1;

		for (uint32_t j = 0; j < w * h; j++) {
			struct tt_core c;

			if (orientation == TT_SHARD_COL_MAJOR)
				c = tt_core(r->start.x + j / h, r->start.y + j % h);
			else
				c = tt_core(r->start.x + j % w, r->start.y + j / w);
			if (!core_set_add(&seen, c)) {
				rc = tt_fail(TT_ELAYOUT,
					     "shard grid lists core (%u,%u) twice: ranges must not "
					     "overlap",
					     c.x, c.y);
				break;
			}
			cores[k++] = c;
		}
	}
	free(seen.keys);
	return rc;
}

/* Fill buf->spec, nshards and shard_bank from @cfg. */
static int shard_setup(struct tt_buffer *buf, const struct tt_buffer_config *cfg)
{
	const struct tt_buffer_shard_spec *sh = cfg->shard;
	struct tt_device *dev = buf->dev;
	const char *lname = layout_name[cfg->layout];
	struct tt_shard_spec *s = &buf->spec;
	struct tt_core *cores = NULL;
	uint32_t ncores;
	uint64_t pages;
	int rc = TT_OK;

	if (!sh)
		return tt_fail(TT_EINVAL, "%s buffer without a shard spec: set cfg->shard", lname);
	if (!sh->grid.count || sh->grid.count > TT_CORE_RANGE_SET_MAX)
		return tt_fail(TT_ELAYOUT, "shard grid has %u core ranges: give 1 to %u",
			       sh->grid.count, TT_CORE_RANGE_SET_MAX);
	if (!sh->page_shape[0] || !sh->page_shape[1] || !sh->tensor_pages[0] ||
	    !sh->tensor_pages[1])
		return tt_fail(TT_ELAYOUT,
			       "page shape %ux%u and tensor %ux%u pages must be at least 1x1",
			       sh->page_shape[0], sh->page_shape[1], sh->tensor_pages[0],
			       sh->tensor_pages[1]);
	pages = (uint64_t)sh->tensor_pages[0] * sh->tensor_pages[1];
	if (pages * cfg->page_size != cfg->size)
		return tt_fail(TT_EINVAL,
			       "size %llu B is not the tensor's %ux%u pages of %llu B (%llu B): "
			       "make size = pages * page_size",
			       (unsigned long long)cfg->size, sh->tensor_pages[0],
			       sh->tensor_pages[1], (unsigned long long)cfg->page_size,
			       (unsigned long long)(pages * cfg->page_size));
	if ((uint64_t)sh->tensor_pages[0] * sh->page_shape[0] > UINT32_MAX ||
	    (uint64_t)sh->tensor_pages[1] * sh->page_shape[1] > UINT32_MAX)
		return tt_fail(TT_ELAYOUT, "tensor of %ux%u pages of %ux%u elements is too large",
			       sh->tensor_pages[0], sh->tensor_pages[1], sh->page_shape[0],
			       sh->page_shape[1]);

	s->layout = (enum tt_shard_layout)cfg->layout;
	s->orientation = sh->orientation;
	for (int i = 0; i < 2; i++) {
		s->tensor_shape[i] = sh->tensor_pages[i] * sh->page_shape[i];
		s->shard_shape[i] = sh->shape[i];
		s->page_shape[i] = sh->page_shape[i];
	}
	if (sh->orientation != TT_SHARD_ROW_MAJOR && sh->orientation != TT_SHARD_COL_MAJOR)
		return tt_fail(TT_ELAYOUT,
			       "shard orientation %d is unknown: use TT_SHARD_ROW_MAJOR or "
			       "TT_SHARD_COL_MAJOR",
			       (int)sh->orientation);
	if (cfg->layout == TT_BUFFER_BLOCK_SHARDED && sh->grid.count != 1)
		return tt_fail(TT_ELAYOUT,
			       "BLOCK_SHARDED needs one rectangle of cores, the grid has %u "
			       "ranges: give their bounding range",
			       sh->grid.count);

	ncores = grid_count(&sh->grid);
	if (!ncores)
		return TT_ELAYOUT;
	cores = calloc(ncores, sizeof(*cores));
	if (!cores)
		return tt_fail(TT_ENOMEM, "out of host memory");
	rc = grid_cores(&sh->grid, sh->orientation, ncores, cores);
	if (rc)
		goto out;
	if (sh->grid.count == 1) {
		s->grid_x = sh->grid.ranges[0].end.x - sh->grid.ranges[0].start.x + 1;
		s->grid_y = sh->grid.ranges[0].end.y - sh->grid.ranges[0].start.y + 1;
	} else {
		/* Shard k goes to the k-th core of the list. */
		s->grid_x = sh->orientation == TT_SHARD_ROW_MAJOR ? ncores : 1;
		s->grid_y = sh->orientation == TT_SHARD_ROW_MAJOR ? 1 : ncores;
	}
	if (tt_shard_check(s)) {
		rc = tt_fail(TT_ELAYOUT, "%s %s shard spec: %s", type_name(cfg->type), lname,
			     tt_last_error());
		goto out;
	}

	buf->nshards = tt_shard_count(s);
	buf->shard_bank = calloc(buf->nshards, sizeof(*buf->shard_bank));
	if (!buf->shard_bank) {
		rc = tt_fail(TT_ENOMEM, "out of host memory");
		goto out;
	}
	for (uint32_t k = 0; k < buf->nshards; k++) {
		struct tt_core c;
		struct tt_bank_core bc;
		uint32_t x, y, id;

		rc = tt_shard_core(s, k, &x, &y);
		if (rc)
			break;
		c = sh->grid.count == 1 ? tt_core(sh->grid.ranges[0].start.x + x,
						  sh->grid.ranges[0].start.y + y)
					: cores[sh->orientation == TT_SHARD_ROW_MAJOR ? x : y];
		bc.x = c.x;
		bc.y = c.y;
		if (cfg->type == TT_BUFFER_DRAM) {
			if (c.y || c.x >= dev->arch->dram_banks) {
				rc = tt_fail(TT_ERANGE,
					     "shard %u of %u goes to DRAM bank (%u,%u), but DRAM "
					     "banks are (0..%u, 0): shrink the shard grid",
					     k, buf->nshards, c.x, c.y, dev->arch->dram_banks - 1);
				break;
			}
		} else if (c.x >= dev->grid_x || c.y >= dev->grid_y) {
			rc = tt_fail(TT_ERANGE,
				     "shard %u of %u goes to core (%u,%u), outside the %ux%u "
				     "worker grid: shrink or move the shard grid",
				     k, buf->nshards, c.x, c.y, dev->grid_x, dev->grid_y);
			break;
		}
		if (tt_bank_ids_of_core(&dev->banks, tt_bank_type_of(cfg->type), bc, &id, 1) != 1) {
			rc = tt_fail(TT_ERANGE, "core (%u,%u) holds no %s bank", c.x, c.y,
				     type_name(cfg->type));
			break;
		}
		buf->shard_bank[k] = id;
	}
out:
	free(cores);
	return rc;
}

/*
 * Checking mode (TT_EMU_POISON_FREED=1): the device refuses NoC transfers
 * into the ranges of freed buffers until they are allocated again.  One
 * range per distinct bank offset of the buffer's kind; the oldest ranges
 * go when the list is full.
 */
static void freed_edit(struct tt_buffer *buf, bool add)
{
	struct tt_device *dev = buf->dev;
	struct tt_ctl_freed *f = &dev->freed;
	enum tt_bank_type bt = tt_bank_type_of(buf->type);
	uint32_t kind = buf->type == TT_BUFFER_DRAM ? TT_CTL_FREED_DRAM : TT_CTL_FREED_L1;
	uint32_t nbanks = tt_bank_count(&dev->banks, bt);

	for (uint32_t b = 0; b < nbanks; b++) {
		int64_t boff = 0;
		uint64_t lo, hi;
		bool seen = false;

		(void)tt_bank_offset(&dev->banks, bt, b, &boff); /* b < nbanks: no failure */
		lo = (uint64_t)((int64_t)buf->addr + boff);
		hi = lo + buf->bank_size;
		for (uint32_t i = 0; i < f->count; i++) {
			struct tt_ctl_freed_range *r = &f->r[i];

			if (r->kind != kind || r->lo >= hi || lo >= r->hi)
				continue;
			if (add && r->lo == lo && r->hi == hi) {
				seen = true;
				continue;
			}
			if (add)
				continue;
			memmove(r, r + 1, (f->count - i - 1) * sizeof(*r));
			f->count--;
			i--;
			dev->freed_dirty = true;
		}
		if (!add || seen)
			continue;
		if (f->count == TT_CTL_MAX_FREED) {
			memmove(&f->r[0], &f->r[1], (f->count - 1) * sizeof(f->r[0]));
			f->count--;
		}
		f->r[f->count++] = (struct tt_ctl_freed_range){ .kind = kind, .lo = lo, .hi = hi };
		dev->freed_dirty = true;
	}
}

int tt_dev_send_freed(struct tt_device *dev)
{
	if (!dev->freed_dirty)
		return TT_OK;
	dev->freed_dirty = false;
	return tt_dev_send(dev, TT_CTL_FREED, &dev->freed,
			   (uint16_t)(offsetof(struct tt_ctl_freed, r) +
				      dev->freed.count * sizeof(dev->freed.r[0])));
}

bool tt_buf_live_on(const struct tt_buffer *buf, const struct tt_device *dev)
{
	return tt_handle_live(buf, TT_HANDLE_BUFFER) && buf->dev == dev &&
	       buf->dev_serial == dev->serial;
}

static int buffer_create(struct tt_device *dev, const struct tt_buffer_config *cfg,
			 const uint64_t *at, struct tt_buffer **out)
{
	const struct tt_bank_config *bc;
	enum tt_bank_type bt;
	struct tt_buffer *buf;
	uint64_t align, alloc_size;
	uint32_t nbanks = TT_BANK_INTERLEAVED;
	bool sharded;
	int rc;

	if (out)
		*out = NULL;
	rc = tt_dev_check(dev, "tt_buffer_create");
	if (rc)
		return rc;
	if (!cfg || !out)
		return tt_fail(TT_EINVAL, "tt_buffer_create: NULL config or result");
	if (!cfg->size || !cfg->page_size)
		return tt_fail(TT_EINVAL,
			       "buffer of %llu B in pages of %llu B: both must be non-zero",
			       (unsigned long long)cfg->size, (unsigned long long)cfg->page_size);
	if (cfg->type != TT_BUFFER_DRAM && cfg->type != TT_BUFFER_L1 &&
	    cfg->type != TT_BUFFER_L1_SMALL)
		return tt_fail(TT_EINVAL,
			       "buffer type %d is unknown: use TT_BUFFER_DRAM, TT_BUFFER_L1 or "
			       "TT_BUFFER_L1_SMALL",
			       (int)cfg->type);
	if (cfg->layout < TT_BUFFER_INTERLEAVED || cfg->layout > TT_BUFFER_BLOCK_SHARDED)
		return tt_fail(TT_EINVAL,
			       "buffer layout %d is unknown: use TT_BUFFER_INTERLEAVED or "
			       "HEIGHT/WIDTH/BLOCK_SHARDED",
			       (int)cfg->layout);
	sharded = cfg->layout != TT_BUFFER_INTERLEAVED;
	if (!sharded && cfg->type == TT_BUFFER_L1_SMALL)
		return tt_fail(TT_EINVAL, "L1_SMALL holds sharded buffers only: use TT_BUFFER_L1 "
					  "for an interleaved buffer");
	if (cfg->size % cfg->page_size)
		return tt_fail(TT_EALIGN, "size %llu B is not a multiple of the page size %llu B",
			       (unsigned long long)cfg->size, (unsigned long long)cfg->page_size);
	if (!dev->banks_ok)
		return tt_fail(TT_EPERM,
			       "the device has no bank managers: its %ux%u grid has a bank count "
			       "the allocator cannot interleave over (use a power-of-two number of "
			       "cores) or its l1_small_size does not fit L1",
			       dev->grid_x, dev->grid_y);
	bt = tt_bank_type_of(cfg->type);
	if (!tt_bank_count(&dev->banks, bt))
		return tt_fail(TT_ENOMEM,
			       "the device has no %s region: open it with "
			       "tt_device_config.l1_small_size > 0",
			       type_name(cfg->type));
	bc = tt_bank_config(&dev->banks);
	align = cfg->type == TT_BUFFER_DRAM ? bc->dram_alignment : bc->l1_alignment;
	buf = calloc(1, sizeof(*buf));
	if (!buf)
		return tt_fail(TT_ENOMEM, "out of host memory");
	buf->dev = dev;
	buf->dev_serial = dev->serial;
	buf->type = cfg->type;
	buf->layout = cfg->layout;
	buf->size = cfg->size;
	buf->page_size = cfg->page_size;
	buf->aligned_page = (cfg->page_size + align - 1) & ~(align - 1);
	alloc_size = cfg->size;
	if (sharded) {
		uint64_t per;

		rc = shard_setup(buf, cfg);
		if (rc)
			goto out_free;
		per = tt_shard_pages_per_shard(&buf->spec);
		if (per * buf->aligned_page > tt_bank_size(&dev->banks, bt)) {
			rc = tt_fail(TT_ENOMEM,
				     "a shard of %llu pages takes %llu B per %s, but a %s bank has "
				     "%llu B: use smaller shards or more cores",
				     (unsigned long long)per,
				     (unsigned long long)(per * buf->aligned_page),
				     cfg->type == TT_BUFFER_DRAM ? "bank" : "core",
				     type_name(cfg->type),
				     (unsigned long long)tt_bank_size(&dev->banks, bt));
			goto out_free;
		}
		/* Padding pages of a partial shard take room too. */
		nbanks = buf->nshards;
		alloc_size = per * buf->nshards * cfg->page_size;
	}
	if (at) {
		buf->view = true;
		buf->addr = *at;
		if (buf->addr % align) {
			rc = tt_fail(TT_EALIGN,
				     "a buffer view at %#llx: a %s address is a multiple of %llu B",
				     (unsigned long long)buf->addr, type_name(cfg->type),
				     (unsigned long long)align);
			goto out_free;
		}
	} else {
		rc = tt_bank_alloc(&dev->banks, bt, alloc_size, cfg->page_size, nbanks,
				   TT_BANK_DEFAULT, &buf->addr);
		if (rc)
			goto out_free; /* the bank manager said why */
	}
	rc = tt_bank_size_spread(alloc_size, cfg->page_size,
				 sharded ? nbanks : tt_bank_count(&dev->banks, bt), align,
				 &buf->bank_size);
	if (rc)
		rc = tt_fail(rc, "a buffer of %llu B does not spread over its banks",
			     (unsigned long long)alloc_size);
	else
		rc = tt_page_map_init(&buf->map, dev, cfg->type, buf->addr, cfg->page_size,
				      buf->aligned_page, cfg->size / cfg->page_size,
				      sharded ? &buf->spec : NULL, buf->shard_bank);
	if (!rc && tt_handle_add(buf, TT_HANDLE_BUFFER))
		rc = tt_fail(TT_ENOMEM, "out of host memory");
	if (rc) {
		tt_page_map_free(&buf->map);
		/* Just allocated: freeing it cannot fail; the first error stands. */
		if (!buf->view)
			(void)tt_bank_free(&dev->banks, bt, buf->addr);
		goto out_free;
	}
	if (dev->poison_freed && !buf->view)
		freed_edit(buf, false);
	free(buf->shard_bank);
	buf->shard_bank = NULL;
	*out = buf;
	return TT_OK;

out_free:
	free(buf->shard_bank);
	free(buf);
	return rc;
}

int tt_buffer_create(struct tt_device *dev, const struct tt_buffer_config *cfg,
		     struct tt_buffer **out)
{
	return buffer_create(dev, cfg, NULL, out);
}

int tt_buffer_create_view(struct tt_device *dev, const struct tt_buffer_config *cfg, uint64_t addr,
			  struct tt_buffer **out)
{
	return buffer_create(dev, cfg, &addr, out);
}

/*
 * A buffer whose device was closed has nothing left on the device: its
 * host memory is released and the call succeeds, so buffers may be freed
 * in any order around tt_device_close().
 */
int tt_buffer_free(struct tt_buffer *buf)
{
	bool dev_open;
	int rc = TT_OK;

	if (!buf)
		return TT_OK;
	if (!tt_handle_remove(buf, TT_HANDLE_BUFFER))
		return tt_fail(TT_EDOUBLEFREE,
			       "tt_buffer_free: %p is not a live buffer "
			       "(freed twice?)",
			       (void *)buf);
	dev_open =
		tt_handle_live(buf->dev, TT_HANDLE_DEVICE) && buf->dev->serial == buf->dev_serial;
	if (dev_open && !buf->view) {
		rc = tt_bank_free(&buf->dev->banks, tt_bank_type_of(buf->type), buf->addr);
		if (rc)
			rc = tt_fail(rc, "tt_buffer_free: %s", tt_last_error());
		else if (buf->dev->poison_freed)
			freed_edit(buf, true);
	}
	tt_page_map_free(&buf->map);
	free(buf);
	return rc;
}

/* The getters return 0 for a handle tt_buf_check() refuses. */
uint32_t tt_buffer_address(const struct tt_buffer *buf)
{
	return tt_buf_check(buf, "tt_buffer_address") ? 0 : (uint32_t)buf->addr;
}

uint64_t tt_buffer_size(const struct tt_buffer *buf)
{
	return tt_buf_check(buf, "tt_buffer_size") ? 0 : buf->size;
}

uint64_t tt_buffer_page_size(const struct tt_buffer *buf)
{
	return tt_buf_check(buf, "tt_buffer_page_size") ? 0 : buf->page_size;
}

enum tt_buffer_type tt_buffer_type(const struct tt_buffer *buf)
{
	return tt_buf_check(buf, "tt_buffer_type") ? TT_BUFFER_DRAM : buf->type;
}

enum tt_buffer_layout tt_buffer_layout(const struct tt_buffer *buf)
{
	return tt_buf_check(buf, "tt_buffer_layout") ? TT_BUFFER_INTERLEAVED : buf->layout;
}

uint64_t tt_buffer_bank_size(const struct tt_buffer *buf)
{
	return tt_buf_check(buf, "tt_buffer_bank_size") ? 0 : buf->bank_size;
}

uint64_t tt_buffer_aligned_page_size(const struct tt_buffer *buf)
{
	return tt_buf_check(buf, "tt_buffer_aligned_page_size") ? 0 : buf->aligned_page;
}

int tt_buffer_shard_spec(const struct tt_buffer *buf, struct tt_shard_spec *spec)
{
	int rc = tt_buf_check(buf, "tt_buffer_shard_spec");

	if (rc)
		return rc;
	if (!spec)
		return tt_fail(TT_EINVAL, "tt_buffer_shard_spec: the result pointer is NULL");
	if (buf->layout == TT_BUFFER_INTERLEAVED)
		return tt_fail(TT_EINVAL,
			       "tt_buffer_shard_spec: the buffer is interleaved, not sharded");
	*spec = buf->spec;
	return TT_OK;
}

int tt_buffer_shard_core(const struct tt_buffer *buf, uint32_t shard, struct tt_core *core)
{
	int rc = tt_buf_check(buf, "tt_buffer_shard_core");

	if (rc)
		return rc;
	if (!core)
		return tt_fail(TT_EINVAL, "tt_buffer_shard_core: the result pointer is NULL");
	if (buf->layout == TT_BUFFER_INTERLEAVED)
		return tt_fail(TT_EINVAL,
			       "tt_buffer_shard_core: the buffer is interleaved, not sharded");
	if (shard >= buf->nshards)
		return tt_fail(TT_ERANGE,
			       "tt_buffer_shard_core: shard %u of a buffer "
			       "with %u shards",
			       shard, buf->nshards);
	*core = buf->map.banks[shard].core;
	return TT_OK;
}

int tt_buffer_page_location(const struct tt_buffer *buf, uint64_t page, struct tt_core *core,
			    uint64_t *addr)
{
	uint32_t bank;
	uint64_t row;
	int rc = tt_buf_check(buf, "tt_buffer_page_location");

	if (rc)
		return rc;
	if (!core || !addr)
		return tt_fail(TT_EINVAL, "tt_buffer_page_location: a result pointer is NULL");
	if (page >= buf->map.npages)
		return tt_fail(TT_ERANGE,
			       "tt_buffer_page_location: page %llu of a "
			       "buffer with %llu pages",
			       (unsigned long long)page, (unsigned long long)buf->map.npages);
	tt_page_map_locate(&buf->map, page, &bank, &row);
	*core = buf->map.banks[bank].core;
	*addr = buf->map.banks[bank].addr + row * buf->map.stride;
	return TT_OK;
}

/* Zero the padding slots of partial shards. */
static void zero_padding(struct tt_buffer *buf)
{
	uint32_t per = tt_shard_pages_per_shard(&buf->spec);

	for (uint32_t k = 0; k < buf->map.nbanks; k++) {
		if (tt_shard_data_pages(&buf->spec, k) == per)
			continue;
		for (uint32_t o = 0; o < per; o++)
			if (tt_page_map_is_padding(&buf->map, k, o))
				memset(tt_page_map_host(&buf->map, k, o), 0, buf->page_size);
	}
}

/* @size of copy_region(): the whole buffer (known once @buf is checked). */
#define WHOLE_BUFFER UINT64_MAX

/*
 * Copy @size bytes at byte @offset of @buf's contents (pages in order) to
 * (@write) or from the host memory at @host, a page piece at a time.
 */
static int copy_region(struct tt_buffer *buf, const char *fn, uint64_t offset, void *host,
		       uint64_t size, bool write)
{
	uint8_t *h = host;
	int rc = tt_buf_check(buf, fn);

	if (rc)
		return rc;
	if (!host)
		return tt_fail(TT_EINVAL, "%s: the %s is NULL", fn,
			       write ? "source" : "destination");
	if (size == WHOLE_BUFFER)
		size = buf->size;
	if (offset > buf->size || size > buf->size - offset)
		return tt_fail(TT_ERANGE,
			       "%s: %llu bytes at offset %llu run past the "
			       "%llu-byte buffer",
			       fn, (unsigned long long)size, (unsigned long long)offset,
			       (unsigned long long)buf->size);
	while (size) {
		uint64_t page = offset / buf->page_size, in = offset % buf->page_size;
		uint64_t n = buf->page_size - in < size ? buf->page_size - in : size;
		uint64_t row;
		uint32_t bank;
		uint8_t *dev;

		tt_page_map_locate(&buf->map, page, &bank, &row);
		dev = tt_page_map_host(&buf->map, bank, row) + in;
		if (write)
			memcpy(dev, h, n);
		else
			memcpy(h, dev, n);
		h += n;
		offset += n;
		size -= n;
	}
	if (write && buf->layout != TT_BUFFER_INTERLEAVED)
		zero_padding(buf);
	return TT_OK;
}

int tt_buffer_write_region(struct tt_buffer *buf, uint64_t offset, const void *src, uint64_t size)
{
	return copy_region(buf, "tt_buffer_write_region", offset, (void *)src, size, true);
}

int tt_buffer_read_region(struct tt_buffer *buf, uint64_t offset, void *dst, uint64_t size)
{
	return copy_region(buf, "tt_buffer_read_region", offset, dst, size, false);
}

int tt_buffer_write(struct tt_buffer *buf, const void *src)
{
	return copy_region(buf, "tt_buffer_write", 0, (void *)src, WHOLE_BUFFER, true);
}

int tt_buffer_read(struct tt_buffer *buf, void *dst)
{
	return copy_region(buf, "tt_buffer_read", 0, dst, WHOLE_BUFFER, false);
}

int tt_buffer_sharded_args(const struct tt_buffer *buf, uint32_t *args, uint32_t max,
			   uint32_t *count)
{
	static const char fn[] = "tt_buffer_sharded_args";
	uint32_t sp[2], tp[2], g[2];
	int rc = tt_buf_check(buf, fn);

	if (rc)
		return rc;
	if (!count)
		return tt_fail(TT_EINVAL, "%s: the count pointer is NULL", fn);
	if (buf->layout == TT_BUFFER_INTERLEAVED)
		return tt_fail(TT_EINVAL, "%s: the buffer is interleaved, not sharded", fn);
	*count = TT_SHARDED_ARGS_HEADER + buf->nshards;
	if (!args || max < *count)
		return tt_fail(TT_E2BIG, "%s: %u words needed, room for %u", fn, *count,
			       args ? max : 0);
	tt_shard_shard_pages(&buf->spec, sp);
	tt_shard_tensor_pages(&buf->spec, tp);
	tt_shard_grid(&buf->spec, g);
	args[TT_SHARDED_ARGS_FLAGS] = buf->type == TT_BUFFER_DRAM ? TT_SHARDED_ARGS_DRAM : 0;
	args[TT_SHARDED_ARGS_PAGE_SIZE] = (uint32_t)buf->page_size;
	args[TT_SHARDED_ARGS_ALIGNED_PAGE_SIZE] = (uint32_t)buf->aligned_page;
	args[TT_SHARDED_ARGS_TENSOR_W_PAGES] = tp[1];
	args[TT_SHARDED_ARGS_SHARD_H_PAGES] = sp[0];
	args[TT_SHARDED_ARGS_SHARD_W_PAGES] = sp[1];
	args[TT_SHARDED_ARGS_SHARDS_PER_ROW] = g[1];
	args[TT_SHARDED_ARGS_NUM_SHARDS] = buf->nshards;
	for (uint32_t k = 0; k < buf->nshards; k++) {
		enum tt_buffer_type t = buf->type == TT_BUFFER_DRAM ? TT_BUFFER_DRAM : TT_BUFFER_L1;
		struct tt_core c = buf->map.banks[k].core, xy[2];
		struct tt_bank_core bc = { c.x, c.y };
		uint32_t bank = buf->map.banks[k].bank;
		int64_t off[2];

		/* The NoC tables know L1 banks: L1_SMALL's core has one too. */
		if (t == TT_BUFFER_L1 &&
		    tt_bank_ids_of_core(&buf->dev->banks, TT_BANK_L1, bc, &bank, 1) != 1)
			return tt_fail(TT_ENOSYS,
				       "%s: core (%u,%u) of shard %u holds no "
				       "L1 bank",
				       fn, c.x, c.y, k);
		for (unsigned int noc = 0; noc < 2; noc++) {
			if (tt_dev_bank_noc(buf->dev, t, bank, noc, &xy[noc], &off[noc]))
				return tt_fail(TT_ENOSYS,
					       "%s: %s describes no NoC endpoints "
					       "of its DRAM banks",
					       fn, buf->dev->arch->name);
			if (off[noc])
				return tt_fail(TT_ENOSYS,
					       "%s: shard %u's bank %u has offset "
					       "%lld, which the words cannot carry",
					       fn, k, bank, (long long)off[noc]);
		}
		args[TT_SHARDED_ARGS_HEADER + k] =
			TT_FIELD_VAL(SHARDED_ARGS, XY, NOC0, tt_dev_noc_xy(xy[0])) |
			TT_FIELD_VAL(SHARDED_ARGS, XY, NOC1, tt_dev_noc_xy(xy[1]));
	}
	return TT_OK;
}

int tt_device_dump_memory_state(struct tt_device *dev, const char *dir, const char *prefix,
				bool svg)
{
	int rc = tt_dev_check(dev, "tt_device_dump_memory_state");

	if (rc)
		return rc;
	if (!dev->banks_ok)
		return tt_fail(TT_EPERM,
			       "tt_device_dump_memory_state: the device has no "
			       "bank managers (its %ux%u grid cannot interleave)",
			       dev->grid_x, dev->grid_y);
	return tt_memory_report_dump_memory_state(&dev->banks, dir, prefix ? prefix : "",
						  svg ? TT_MEMORY_REPORT_SVG : 0);
}

int tt_device_alloc_stats(const struct tt_device *dev, enum tt_buffer_type type,
			  struct tt_alloc_stats *st)
{
	int rc = tt_dev_check(dev, "tt_device_alloc_stats");

	if (rc)
		return rc;
	if (!dev->banks_ok)
		return tt_fail(TT_EPERM,
			       "tt_device_alloc_stats: the device has no bank managers (its "
			       "%ux%u grid cannot interleave)",
			       dev->grid_x, dev->grid_y);
	return tt_bank_stats(&dev->banks, tt_bank_type_of(type), st);
}
