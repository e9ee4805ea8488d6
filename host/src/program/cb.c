// SPDX-License-Identifier: Apache-2.0
/*
 * Circular buffers of a program (tt-metal CreateCircularBuffer): their
 * placement in L1 and the config words each core gets in its
 * kernel-config blob (hal/tt_cb.h).
 *
 * Placement follows tt-metal's CB allocator in spirit: a new CB starts
 * above every earlier CB of the program that shares a core with it, from
 * the start of the unreserved L1, aligned for the NoC; so a CB has one
 * address on all its cores and CBs of a core never overlap.  Whether the
 * region clashes with L1 buffers depends on the buffers allocated when
 * the program is launched, so program.c checks that at launch
 * (tt_bank_check_cb).  A globally allocated CB sits in an L1 buffer
 * instead: it has that buffer's address and stays out of the CB region.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "program/program.h"
#include "tt_cb.h"
#include "tt_data_format.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"

/* Can a CB of @size bytes live inside @buf? */
static bool fits_buffer(const struct tt_buffer *buf, uint32_t size)
{
	return tt_buffer_type(buf) != TT_BUFFER_DRAM && size <= tt_buffer_bank_size(buf);
}

/* Is @buf usable for a globally allocated CB of @size bytes?  @fn fails. */
static int global_check(const char *fn, const struct tt_buffer *buf, uint32_t size)
{
	int rc = tt_buf_check(buf, fn);

	if (rc)
		return rc;
	if (tt_buffer_type(buf) == TT_BUFFER_DRAM)
		return tt_fail(TT_EINVAL,
			       "%s: a CB cannot live in a DRAM buffer: "
			       "use an L1 or L1_SMALL buffer",
			       fn);
	if (!fits_buffer(buf, size))
		return tt_fail(TT_EINVAL,
			       "%s: a CB of %u B does not fit the buffer's "
			       "%llu B per core",
			       fn, size, (unsigned long long)tt_buffer_bank_size(buf));
	return TT_OK;
}

/*
 * Address of CB @cb in the CB region: above every CB of the region among
 * the first @n of @set that shares a core with it, aligned for the NoC.
 */
static uint64_t place(const struct tt_cb_set *set, uint32_t n, const struct tt_cb *cb)
{
	uint64_t base = TT_MEM_L1_UNRESERVED_BASE;

	for (uint32_t i = 0; i < n; i++) {
		const struct tt_cb *o = &set->cbs[i];

		if (!o->global && tt_core_range_sets_meet(&o->cores, &cb->cores) &&
		    o->addr + (uint64_t)o->size > base)
			base = o->addr + (uint64_t)o->size;
	}
	return (base + TT_NOC_DRAM_ALIGNMENT - 1) & ~(uint64_t)(TT_NOC_DRAM_ALIGNMENT - 1);
}

/*
 * Place the CBs of the region again, in creation order, after one changed
 * size: tt-metal reallocates a program's CBs the same way.
 */
static int replace_all(const char *fn, struct tt_cb_set *set)
{
	for (uint32_t i = 0; i < set->count; i++) {
		struct tt_cb *cb = &set->cbs[i];
		uint64_t base;

		if (cb->global)
			continue;
		base = place(set, i, cb);
		if (base + cb->size > UINT32_MAX)
			return tt_fail(TT_EINVAL,
				       "%s: CB %u of %u B at 0x%llx does not "
				       "fit the 32-bit L1 address space",
				       fn, i, cb->size, (unsigned long long)base);
		cb->addr = (uint32_t)base;
	}
	return TT_OK;
}

/* Does @size suit every page size of @cb?  @fn fails if not. */
static int sizes_check(const char *fn, const struct tt_cb *cb, uint32_t size, uint32_t index,
		       uint32_t page_size)
{
	for (uint32_t i = 0; i < TT_NUM_CBS; i++) {
		uint32_t ps = i == index ? page_size : cb->page_size[i];

		if (!(cb->mask & (1u << i)))
			continue;
		if (!size || !ps || size % ps)
			return tt_fail(TT_EINVAL,
				       "%s: CB index %u: page size %u B does "
				       "not divide total_size %u B",
				       fn, i, ps, size);
		if (size / ps > UINT16_MAX)
			return tt_fail(TT_EINVAL,
				       "%s: CB index %u: %u pages, at most "
				       "%u (16-bit page counters)",
				       fn, i, size / ps, UINT16_MAX);
	}
	return TT_OK;
}

static int create(const char *fn, struct tt_program *prog, const struct tt_core_range_set *cores,
		  const struct tt_cb_config *cfg, const struct tt_buffer *global, tt_cb_handle *out)
{
	struct tt_cb_set *set;
	struct tt_cb cb = { 0 }, *grown;
	uint64_t base = TT_MEM_L1_UNRESERVED_BASE;
	char text[400];
	int rc = tt_prog_check(prog, fn);

	if (rc)
		return rc;
	set = tt_program_cbs(prog);
	if (!cfg || !out)
		return tt_fail(TT_EINVAL, "%s: the %s is NULL", fn,
			       !cfg ? "config" : "result pointer");
	rc = tt_core_range_set_check(cores, fn, "CB");
	if (rc)
		return rc;
	if (!cfg->total_size)
		return tt_fail(TT_EINVAL, "%s: CB total_size is 0", fn);
	if (!cfg->formats || !cfg->num_formats)
		return tt_fail(TT_EINVAL,
			       "%s: a CB needs at least one index in "
			       "formats (%u given%s)",
			       fn, cfg->num_formats, cfg->formats ? "" : ", array NULL");
	for (uint32_t i = 0; i < cfg->num_formats; i++) {
		const struct tt_cb_format *f = &cfg->formats[i];

		if (f->index >= TT_NUM_CBS)
			return tt_fail(TT_EINVAL,
				       "%s: CB index %u is out of range: "
				       "0..%u",
				       fn, f->index, TT_NUM_CBS - 1);
		if (cb.mask & (1u << f->index))
			return tt_fail(TT_EINVAL,
				       "%s: CB index %u is listed twice in "
				       "formats",
				       fn, f->index);
		if (!tt_df_valid(f->data_format))
			return tt_fail(TT_EINVAL,
				       "%s: CB index %u: data format %u is "
				       "unknown (TT_DF_*)",
				       fn, f->index, f->data_format);
		if (!f->page_size || cfg->total_size % f->page_size)
			return tt_fail(TT_EINVAL,
				       "%s: CB index %u: page size %u B does "
				       "not divide total_size %u B",
				       fn, f->index, f->page_size, cfg->total_size);
		if (cfg->total_size / f->page_size > UINT16_MAX)
			return tt_fail(TT_EINVAL,
				       "%s: CB index %u: %u pages, at most "
				       "%u (16-bit page counters)",
				       fn, f->index, cfg->total_size / f->page_size, UINT16_MAX);
		cb.mask |= 1u << f->index;
		cb.page_size[f->index] = f->page_size;
		cb.data_format[f->index] = (uint8_t)f->data_format;
	}
	if (global) {
		rc = global_check(fn, global, cfg->total_size);
		if (rc)
			return rc;
		cb.global = true;
		cb.buf = global;
	}
	for (uint32_t i = 0; i < set->count; i++) {
		const struct tt_cb *o = &set->cbs[i];

		if (tt_core_range_sets_meet(&o->cores, cores) && (o->mask & cb.mask))
			return tt_fail(TT_EEXIST,
				       "%s: CB index %u is already used by "
				       "CB %u of the program on a core of %s",
				       fn, (unsigned int)__builtin_ctz(o->mask & cb.mask), i,
				       tt_core_range_set_text(cores, text, sizeof(text)));
	}
	cb.cores = *cores;
	cb.size = cfg->total_size;
	base = cb.global ? tt_buffer_address(global) : place(set, set->count, &cb);
	if (base + cfg->total_size > UINT32_MAX)
		return tt_fail(TT_EINVAL,
			       "%s: a CB of %u B at 0x%llx does not fit "
			       "the 32-bit L1 address space",
			       fn, cfg->total_size, (unsigned long long)base);
	cb.addr = (uint32_t)base;
	grown = realloc(set->cbs, (set->count + 1) * sizeof(*grown));
	if (!grown)
		return tt_fail(TT_ENOMEM, "%s: out of host memory", fn);
	set->cbs = grown;
	set->cbs[set->count] = cb;
	*out = set->count++;
	return TT_OK;
}

int tt_cb_create(struct tt_program *prog, const struct tt_core_range_set *cores,
		 const struct tt_cb_config *cfg, tt_cb_handle *out)
{
	return create("tt_cb_create", prog, cores, cfg, NULL, out);
}

int tt_cb_create_globally_allocated(struct tt_program *prog, const struct tt_core_range_set *cores,
				    const struct tt_cb_config *cfg, const struct tt_buffer *buf,
				    tt_cb_handle *out)
{
	static const char fn[] = "tt_cb_create_globally_allocated";

	if (!buf)
		return tt_fail(TT_EINVAL, "%s: the buffer is NULL", fn);
	return create(fn, prog, cores, cfg, buf, out);
}

/* Is @h a CB of @set?  If not, an error on behalf of @fn. */
static int cb_handle_check(const char *fn, const struct tt_cb_set *set, tt_cb_handle h)
{
	if (h >= set->count)
		return tt_fail(TT_EINVAL,
			       "%s: CB handle %u is not a CB of the "
			       "program (it has %u)",
			       fn, h, set->count);
	return TT_OK;
}

/* CB @h of @prog and the program's CBs, or an error on behalf of @fn. */
static int cb_get(const char *fn, struct tt_program *prog, tt_cb_handle h, struct tt_cb_set **setp,
		  struct tt_cb **cbp)
{
	struct tt_cb_set *set;
	int rc = tt_prog_check(prog, fn);

	if (!rc)
		rc = cb_handle_check(fn, tt_program_cbs(prog), h);
	if (rc)
		return rc;
	set = tt_program_cbs(prog);
	*setp = set;
	*cbp = &set->cbs[h];
	return TT_OK;
}

/*
 * Move globally allocated CB @h of @prog into @buf, and (@resize) to
 * @total_size bytes; on behalf of @fn.
 */
static int global_move(const char *fn, struct tt_program *prog, tt_cb_handle h,
		       const struct tt_buffer *buf, bool resize, uint32_t total_size)
{
	struct tt_cb_set *set;
	struct tt_cb *cb;
	int rc = cb_get(fn, prog, h, &set, &cb);

	if (rc)
		return rc;
	if (!cb->global)
		return tt_fail(TT_EINVAL, "%s: CB %u is not globally allocated", fn, h);
	if (!resize)
		total_size = cb->size;
	else
		rc = sizes_check(fn, cb, total_size, TT_NUM_CBS, 0);
	if (!rc)
		rc = global_check(fn, buf, total_size);
	if (rc)
		return rc;
	cb->size = total_size;
	cb->addr = tt_buffer_address(buf);
	cb->buf = buf;
	return TT_OK;
}

int tt_cb_update_address(struct tt_program *prog, tt_cb_handle h, const struct tt_buffer *buf)
{
	return global_move("tt_cb_update_address", prog, h, buf, false, 0);
}

/*
 * A globally allocated CB keeps its buffer's address: once the buffer is
 * freed, the kernels would read and write whatever is allocated there
 * next.  Caught at launch instead.
 */
int tt_cb_check_globals(const struct tt_cb_set *set, const struct tt_device *dev, char *why,
			size_t whylen)
{
	for (uint32_t i = 0; i < set->count; i++) {
		const struct tt_cb *cb = &set->cbs[i];

		if (!cb->global)
			continue;
		if (!tt_buf_live_on(cb->buf, dev)) {
			snprintf(why, whylen,
				 "CB %u is globally allocated in buffer %p, "
				 "which was freed (or belongs to another device): give "
				 "it a live buffer with tt_cb_update_address",
				 i, (const void *)cb->buf);
			return TT_EINVAL;
		}
		if (tt_buffer_address(cb->buf) != cb->addr) {
			snprintf(why, whylen,
				 "CB %u is globally allocated at 0x%x, but "
				 "its buffer %p is at 0x%x now (freed and allocated "
				 "again?): call tt_cb_update_address",
				 i, cb->addr, (const void *)cb->buf, tt_buffer_address(cb->buf));
			return TT_EINVAL;
		}
	}
	return TT_OK;
}

int tt_cb_update_total_size(struct tt_program *prog, tt_cb_handle h, uint32_t total_size)
{
	static const char fn[] = "tt_cb_update_total_size";
	struct tt_cb_set *set;
	struct tt_cb *cb;
	uint32_t old;
	int rc = cb_get(fn, prog, h, &set, &cb);

	if (!rc)
		rc = sizes_check(fn, cb, total_size, TT_NUM_CBS, 0);
	if (rc)
		return rc;
	if (cb->global && total_size > cb->size)
		return tt_fail(TT_EINVAL,
			       "%s: globally allocated CB %u grows to %u B: "
			       "use tt_cb_update_address_and_size with its buffer",
			       fn, h, total_size);
	old = cb->size;
	cb->size = total_size;
	rc = replace_all(fn, set);
	if (rc) {
		cb->size = old;
		replace_all(fn, set);
	}
	return rc;
}

int tt_cb_update_page_size(struct tt_program *prog, tt_cb_handle h, uint32_t index,
			   uint32_t page_size)
{
	static const char fn[] = "tt_cb_update_page_size";
	struct tt_cb_set *set;
	struct tt_cb *cb;
	int rc = cb_get(fn, prog, h, &set, &cb);

	if (rc)
		return rc;
	if (index >= TT_NUM_CBS || !(cb->mask & (1u << index)))
		return tt_fail(TT_EINVAL, "%s: CB %u does not serve index %u", fn, h, index);
	rc = sizes_check(fn, cb, cb->size, index, page_size);
	if (rc)
		return rc;
	cb->page_size[index] = page_size;
	return TT_OK;
}

int tt_cb_update_address_and_size(struct tt_program *prog, tt_cb_handle h,
				  const struct tt_buffer *buf, uint32_t total_size)
{
	return global_move("tt_cb_update_address_and_size", prog, h, buf, true, total_size);
}

int tt_cb_address(const struct tt_program *prog, tt_cb_handle h, uint32_t *addr)
{
	static const char fn[] = "tt_cb_address";
	const struct tt_cb_set *set;
	int rc = tt_prog_check(prog, fn);

	if (rc)
		return rc;
	set = tt_program_cbs_const(prog);
	if (!addr)
		return tt_fail(TT_EINVAL, "%s: the result pointer is NULL", fn);
	rc = cb_handle_check(fn, set, h);
	if (rc)
		return rc;
	*addr = set->cbs[h].addr;
	return TT_OK;
}

void tt_cb_set_free(struct tt_cb_set *set)
{
	free(set->cbs);
	set->cbs = NULL;
	set->count = 0;
}

uint32_t tt_cb_core_config(const struct tt_cb_set *set, struct tt_core xy, uint32_t *words,
			   uint64_t *end)
{
	uint32_t mask = 0;

	memset(words, 0, TT_NUM_CBS * TT_CB_CONFIG_BYTES);
	*end = 0;
	for (uint32_t i = 0; i < set->count; i++) {
		const struct tt_cb *cb = &set->cbs[i];

		if (!tt_core_range_set_contains(&cb->cores, xy))
			continue;
		for (uint32_t idx = 0; idx < TT_NUM_CBS; idx++) {
			uint32_t *w = &words[idx * TT_CB_CONFIG_WORDS];

			if (!(cb->mask & (1u << idx)))
				continue;
			w[TT_CB_CONFIG_ADDR] = cb->addr;
			w[TT_CB_CONFIG_SIZE] = cb->size;
			w[TT_CB_CONFIG_NUM_PAGES] = cb->size / cb->page_size[idx];
			w[TT_CB_CONFIG_PAGE_SIZE] = cb->page_size[idx];
		}
		mask |= cb->mask;
		if (!cb->global && cb->addr + (uint64_t)cb->size > *end)
			*end = cb->addr + (uint64_t)cb->size;
	}
	return mask;
}

int tt_cb_formats(const struct tt_cb_set *set, const struct tt_core_range_set *cores, uint8_t *df)
{
	uint32_t seen = 0;

	memset(df, TT_DF_INVALID, TT_NUM_CBS);
	for (uint32_t i = 0; i < set->count; i++) {
		const struct tt_cb *cb = &set->cbs[i];

		if (!tt_core_range_sets_meet(&cb->cores, cores))
			continue;
		for (uint32_t idx = 0; idx < TT_NUM_CBS; idx++) {
			if (!(cb->mask & (1u << idx)))
				continue;
			if ((seen & (1u << idx)) && df[idx] != cb->data_format[idx])
				return tt_fail(TT_EINVAL,
					       "CB %u has data format %u on some "
					       "cores of the kernel and %u on others",
					       idx, df[idx], cb->data_format[idx]);
			df[idx] = cb->data_format[idx];
			seen |= 1u << idx;
		}
	}
	return TT_OK;
}
