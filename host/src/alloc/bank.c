// SPDX-License-Identifier: Apache-2.0
/*
 * Bank managers of one device (tt/bank.h): the DRAM, L1, L1_SMALL and
 * TRACE regions, each a lockstep tt_alloc shared by all banks of the type,
 * with the bank-id maps, the size spread of a buffer over its banks, the
 * circular-buffer check and allocator state.  Behaviour follows tt-metal's
 * BankManager and L1BankingAllocator;
 * departures are noted where they are made.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <tt/arch.h>
#include <tt/bank.h>
#include <tt/error.h>

#include "base/base.h"

static const char *const type_names[TT_BANK_NTYPES] = {
	[TT_BANK_DRAM] = "DRAM",
	[TT_BANK_L1] = "L1",
	[TT_BANK_L1_SMALL] = "L1_SMALL",
	[TT_BANK_TRACE] = "TRACE",
};

/*
 * Bank counts other than powers of two for which tt-metal's dataflow API
 * has a dedicated modulo (validate_num_banks, tt-metal issue 3321).
 */
static const uint32_t modulo_bank_counts[] = {
	7, 12, 20, 48, 56, 63, 70, 72, 80, 94, 108, 110, 117, 120, 124, 126, 130, 140,
};

typedef unsigned long long ull;

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

static uint64_t align_up(uint64_t v, uint64_t align)
{
	return (v + align - 1) / align * align;
}

/* Every refusal goes to the thread's last error (docs/errors.md). */
#define fail(b, rc, ...) ((void)(b), tt_fail((rc), __VA_ARGS__))

const char *tt_bank_type_name(enum tt_bank_type type)
{
	return (unsigned int)type < TT_BANK_NTYPES ? type_names[type] : "?";
}

static bool bank_count_valid(uint32_t n)
{
	size_t i;

	if (is_pow2(n))
		return true;
	for (i = 0; i < sizeof(modulo_bank_counts) / sizeof(modulo_bank_counts[0]); i++)
		if (modulo_bank_counts[i] == n)
			return true;
	return false;
}

int tt_bank_config_from_arch(struct tt_bank_config *cfg, const struct tt_arch *arch,
			     uint64_t l1_small_size, uint64_t trace_region_size)
{
	uint64_t da;

	TT_REFUSE_NULL(cfg);
	memset(cfg, 0, sizeof(*cfg));
	TT_REFUSE_NULL(arch);
	if (!is_pow2(arch->dram_alignment) || !arch->dram_banks)
		return TT_EINVAL;
	da = arch->dram_alignment;
	cfg->dram_banks = arch->dram_banks;
	cfg->dram_bank_size = arch->dram_bank_size;
	cfg->dram_unreserved_base = arch->dram_unreserved_base;
	cfg->dram_alignment = arch->dram_alignment;
	cfg->trace_region_size = align_up(trace_region_size, da * arch->dram_banks);
	cfg->grid_x = arch->grid_x_default;
	cfg->grid_y = arch->grid_y_default;
	cfg->l1_size = arch->l1_size;
	cfg->l1_unreserved_base = align_up(arch->l1_unreserved_base, da);
	cfg->l1_small_size = align_up(l1_small_size, da);
	cfg->l1_alignment = arch->l1_alignment;
	cfg->alloc_alignment = arch->dram_alignment;
	return TT_OK;
}

static int check_config(struct tt_banks *b)
{
	const struct tt_bank_config *c = &b->cfg;
	uint64_t ga = c->alloc_alignment;
	uint32_t n;

	if (!c->dram_banks || !c->grid_x || !c->grid_y)
		return fail(b, TT_EINVAL, "config: no DRAM banks or an empty worker grid");
	if (!is_pow2(c->dram_alignment) || !is_pow2(c->l1_alignment) || !is_pow2(ga))
		return fail(b, TT_EINVAL, "config: alignments must be powers of two");
	if (c->dram_unreserved_base > c->dram_bank_size ||
	    c->trace_region_size >= c->dram_bank_size - c->dram_unreserved_base)
		return fail(b, TT_EINVAL,
			    "config: DRAM bank of %llu B leaves no room after %llu B reserved and "
			    "a %llu B trace region",
			    (ull)c->dram_bank_size, (ull)c->dram_unreserved_base,
			    (ull)c->trace_region_size);
	if (c->l1_unreserved_base >= c->l1_size)
		return fail(b, TT_EINVAL,
			    "config: L1 unreserved base %llu is not below the L1 size %llu",
			    (ull)c->l1_unreserved_base, (ull)c->l1_size);
	/* generate_config(): "Reserved size must be less than bank size". */
	if (c->l1_small_size >= c->l1_size - c->l1_unreserved_base)
		return fail(b, TT_EINVAL, "config: L1_SMALL size %llu leaves no L1 bank",
			    (ull)c->l1_small_size);
	if (c->l1_small_size % c->l1_alignment)
		return fail(b, TT_EALIGN,
			    "config: L1_SMALL size %llu is not a multiple of the L1 alignment %u",
			    (ull)c->l1_small_size, c->l1_alignment);
	if ((c->dram_unreserved_base | c->dram_bank_size | c->trace_region_size |
	     c->l1_unreserved_base | c->l1_size | c->l1_small_size) %
	    ga)
		return fail(
			b, TT_EALIGN,
			"config: region bounds must be multiples of the allocator alignment %llu",
			(ull)ga);
	if (c->num_storage_cores > TT_BANK_MAX_STORAGE_CORES)
		return fail(b, TT_EINVAL, "config: more than %d storage-only cores",
			    TT_BANK_MAX_STORAGE_CORES);
	if (c->num_storage_cores && (!c->storage_bank_size || c->l1_size % c->storage_bank_size ||
				     c->storage_unreserved_base >= c->storage_bank_size))
		return fail(b, TT_EINVAL,
			    "config: storage bank size %llu must divide the L1 size %llu and "
			    "exceed its reserved %llu B",
			    (ull)c->storage_bank_size, (ull)c->l1_size,
			    (ull)c->storage_unreserved_base);
	if (c->disable_interleaved)
		return TT_OK;
	n = c->dram_banks;
	if (!bank_count_valid(n))
		return fail(b, TT_EINVAL,
			    "config: %u DRAM banks: bank counts must be a power of two or have a "
			    "device-side modulo",
			    n);
	n = c->grid_x * c->grid_y;
	if (c->num_storage_cores)
		n += c->num_storage_cores * (uint32_t)(c->l1_size / c->storage_bank_size);
	if (!bank_count_valid(n))
		return fail(b, TT_EINVAL,
			    "config: %u L1 banks: bank counts must be a power of two or have a "
			    "device-side modulo",
			    n);
	return TT_OK;
}

static int mgr_init(struct tt_banks *b, enum tt_bank_type type, uint32_t num_banks,
		    uint32_t num_compute, uint64_t base, uint64_t size, uint64_t page_alignment,
		    uint64_t limit, unsigned int flags)
{
	struct tt_bank_mgr *m = &b->mgr[type];
	int rc;

	m->type = type;
	m->num_banks = num_banks;
	m->num_compute_banks = num_compute;
	m->page_alignment = page_alignment;
	m->limit = limit;
	m->default_flags = flags;
	m->offsets = calloc(num_banks, sizeof(*m->offsets));
	if (!m->offsets)
		return fail(b, TT_ENOMEM, "host out of memory");
	if (!size)
		return TT_OK;
	rc = tt_alloc_init(&m->alloc, base, size, b->cfg.alloc_alignment, b->cfg.alloc_alignment);
	if (rc)
		return fail(b, rc, "%s manager: %s", type_names[type], tt_strerror(rc));
	m->present = true;
	rc = tt_alloc_set_policy(&m->alloc, b->cfg.policy[type]);
	if (rc)
		return fail(
			b, rc,
			"config: %s search policy %d: use TT_ALLOC_FIRST_FIT or TT_ALLOC_BEST_FIT",
			type_names[type], (int)b->cfg.policy[type]);
	return TT_OK;
}

int tt_bank_init(struct tt_banks *b, const struct tt_bank_config *cfg)
{
	const struct tt_bank_config *c;
	uint32_t ncompute, per_storage = 0, nl1, id, s, k;
	uint64_t dram_size, l1_alloc, limit;
	int rc;

	TT_REFUSE_NULL(b);
	TT_REFUSE_NULL(cfg);
	memset(b, 0, sizeof(*b));
	c = &b->cfg;
	b->cfg = *cfg;
	if (!b->cfg.alloc_alignment)
		b->cfg.alloc_alignment = b->cfg.dram_alignment;
	rc = check_config(b);
	if (rc)
		return rc;

	/* DRAM bank: UNRESERVED | DRAM | TRACE. */
	dram_size = c->dram_bank_size - c->dram_unreserved_base - c->trace_region_size;
	rc = mgr_init(b, TT_BANK_DRAM, c->dram_banks, c->dram_banks, c->dram_unreserved_base,
		      dram_size, c->dram_alignment, 0, TT_ALLOC_BOTTOM_UP);
	if (!rc)
		rc = mgr_init(b, TT_BANK_TRACE, c->dram_banks, c->dram_banks,
			      c->dram_unreserved_base + dram_size, c->trace_region_size,
			      c->dram_alignment, 0, TT_ALLOC_TOP_DOWN);

	/*
	 * L1: allocatable from the unreserved base to L1_SMALL.  With
	 * storage-only cores a bank is only storage_bank_size bytes, so
	 * interleaved buffers must sit in the top storage_bank_size bytes of
	 * L1, above the reserved bottom of the lowest storage bank.
	 */
	ncompute = c->grid_x * c->grid_y;
	if (c->num_storage_cores)
		per_storage = (uint32_t)(c->l1_size / c->storage_bank_size);
	nl1 = ncompute + c->num_storage_cores * per_storage;
	l1_alloc = c->l1_size - c->l1_unreserved_base - c->l1_small_size;
	limit = c->l1_unreserved_base;
	if (c->num_storage_cores)
		limit = c->l1_size - c->storage_bank_size + c->storage_unreserved_base;
	if (!rc)
		rc = mgr_init(b, TT_BANK_L1, nl1, ncompute, c->l1_unreserved_base, l1_alloc,
			      c->l1_alignment, limit, TT_ALLOC_TOP_DOWN);
	if (!rc)
		rc = mgr_init(b, TT_BANK_L1_SMALL, ncompute, ncompute,
			      c->l1_unreserved_base + l1_alloc, c->l1_small_size, c->l1_alignment,
			      0, TT_ALLOC_TOP_DOWN);
	if (!rc) {
		b->l1_core = calloc(nl1, sizeof(*b->l1_core));
		if (!b->l1_core)
			rc = fail(b, TT_ENOMEM, "host out of memory");
	}
	if (rc) {
		tt_bank_destroy(b);
		return rc;
	}

	for (id = 0; id < ncompute; id++) {
		b->l1_core[id].x = id % c->grid_x;
		b->l1_core[id].y = id / c->grid_x;
	}
	/*
	 * Storage bank k of a core covers [l1_size - (k + 1) * B,
	 * l1_size - k * B).  tt-metal numbers them the other way round and
	 * only gets the offsets right for two banks per core.
	 */
	for (s = 0; s < c->num_storage_cores; s++) {
		for (k = 0; k < per_storage; k++, id++) {
			b->l1_core[id] = c->storage_cores[s];
			b->mgr[TT_BANK_L1].offsets[id] = -(int64_t)(k * c->storage_bank_size);
		}
	}
	return TT_OK;
}

void tt_bank_destroy(struct tt_banks *b)
{
	int t;

	if (!b)
		return;
	for (t = 0; t < TT_BANK_NTYPES; t++) {
		if (b->mgr[t].present)
			tt_alloc_destroy(&b->mgr[t].alloc);
		free(b->mgr[t].offsets);
		b->mgr[t].offsets = NULL;
		b->mgr[t].present = false;
	}
	free(b->l1_core);
	b->l1_core = NULL;
}

/*
 * The manager of @type, or NULL (with the reason in b->err, or for a NULL
 * @b in tt_last_error() on behalf of @fn).
 */
#define mgr_of(b, type)	 mgr_of_in(__func__, b, type)
#define cmgr_of(b, type) cmgr_of_in(__func__, b, type)

static struct tt_bank_mgr *mgr_of_in(const char *fn, struct tt_banks *b, enum tt_bank_type type)
{
	if (!b) {
		tt_set_error("%s: b is NULL", fn);
		return NULL;
	}
	if ((unsigned int)type >= TT_BANK_NTYPES) {
		(void)fail(b, TT_EINVAL, "unknown buffer type %d", (int)type); /* NULL says it */
		return NULL;
	}
	return &b->mgr[type];
}

static const struct tt_bank_mgr *cmgr_of_in(const char *fn, const struct tt_banks *b,
					    enum tt_bank_type type)
{
	if (!b) {
		tt_set_error("%s: b is NULL", fn);
		return NULL;
	}
	if ((unsigned int)type >= TT_BANK_NTYPES) {
		(void)tt_fail(TT_EINVAL, "%s: unknown buffer type %d", fn,
			      (int)type); /* NULL says it */
		return NULL;
	}
	return &b->mgr[type];
}

int tt_bank_set_policy(struct tt_banks *b, enum tt_bank_type type, enum tt_alloc_policy policy)
{
	struct tt_bank_mgr *m = mgr_of(b, type);

	if (!m)
		return TT_EINVAL;
	if (policy != TT_ALLOC_FIRST_FIT && policy != TT_ALLOC_BEST_FIT)
		return fail(b, TT_EINVAL,
			    "%s: search policy %d: use TT_ALLOC_FIRST_FIT or TT_ALLOC_BEST_FIT",
			    type_names[type], (int)policy);
	b->cfg.policy[type] = policy;
	return m->present ? tt_alloc_set_policy(&m->alloc, policy) : TT_OK;
}

enum tt_alloc_policy tt_bank_get_policy(const struct tt_banks *b, enum tt_bank_type type)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	return m ? b->cfg.policy[type] : TT_ALLOC_FIRST_FIT;
}

int tt_bank_size_spread(uint64_t size, uint64_t page_size, uint32_t num_banks, uint64_t alignment,
			uint64_t *per_bank)
{
	uint64_t pages, rows, page;

	TT_REFUSE_NULL(per_bank);
	if (!size || !page_size || !num_banks || !is_pow2(alignment))
		return TT_EINVAL;
	if (size % page_size)
		return TT_EALIGN;
	if (page_size > UINT64_MAX - alignment)
		return TT_ERANGE;
	page = align_up(page_size, alignment);
	pages = size / page_size;
	rows = pages / num_banks + (pages % num_banks != 0);
	if (rows > UINT64_MAX / page)
		return TT_ERANGE;
	*per_bank = rows * page;
	return TT_OK;
}

/* Check a request and work out its banks, bytes per bank and limit. */
static int plan(struct tt_banks *b, struct tt_bank_mgr *m, uint64_t size, uint64_t page_size,
		uint32_t num_shards, uint64_t *per_bank, uint32_t *nbanks, uint64_t *limit)
{
	const char *name = type_names[m->type];
	uint64_t bank_size;
	int rc;

	if (!m->present)
		return fail(b, TT_ENOMEM, "no %s region: its size is 0", name);
	if (!size || !page_size)
		return fail(b, TT_EINVAL,
			    "%s buffer of %llu B in pages of %llu B: sizes must not be zero", name,
			    (ull)size, (ull)page_size);
	if (size % page_size)
		return fail(b, TT_EALIGN,
			    "%s buffer of %llu B is not a whole number of %llu B pages", name,
			    (ull)size, (ull)page_size);
	*limit = 0;
	if (num_shards == TT_BANK_INTERLEAVED) {
		if (m->type == TT_BANK_L1_SMALL)
			return fail(b, TT_EINVAL, "L1_SMALL holds sharded buffers only");
		if (b->cfg.disable_interleaved)
			return fail(b, TT_EPERM, "interleaved buffers are disabled on this device");
		*nbanks = m->num_banks;
		/* Only interleaved L1 has a limit (allocate_buffer). */
		if (m->type == TT_BANK_L1)
			*limit = m->limit;
	} else {
		if (num_shards > m->num_compute_banks)
			return fail(b, TT_EINVAL, "%u shards but only %u %s banks on worker cores",
				    num_shards, m->num_compute_banks, name);
		*nbanks = num_shards;
	}
	bank_size = m->alloc.size;
	if (page_size > bank_size || align_up(page_size, m->page_alignment) > bank_size)
		return fail(b, TT_EINVAL, "%s page of %llu B does not fit a %llu B bank", name,
			    (ull)page_size, (ull)bank_size);
	rc = tt_bank_size_spread(size, page_size, *nbanks, m->page_alignment, per_bank);
	if (rc)
		return fail(b, rc, "%s buffer of %llu B is too large", name, (ull)size);
	return TT_OK;
}

static int out_of_memory(struct tt_banks *b, const struct tt_bank_mgr *m, uint64_t size,
			 uint32_t nbanks, uint64_t per_bank, uint64_t limit)
{
	struct tt_alloc_stats st;
	char where[96] = "";

	tt_alloc_stats(&m->alloc, &st);
	if (limit > m->alloc.base)
		snprintf(where, sizeof(where),
			 "; interleaved L1 buffers must start at or above 0x%llx", (ull)limit);
	return fail(
		b, TT_ENOMEM,
		"out of memory: %llu B %s buffer across %u banks needs %llu B per bank; bank "
		"allocatable %llu B, allocated %llu B, free %llu B, largest free block %llu B%s",
		(ull)size, type_names[m->type], nbanks, (ull)per_bank, (ull)st.total_allocatable,
		(ull)st.total_allocated, (ull)st.total_free, (ull)st.largest_free_block, where);
}

int tt_bank_alloc(struct tt_banks *b, enum tt_bank_type type, uint64_t size, uint64_t page_size,
		  uint32_t num_shards, unsigned int flags, uint64_t *addr)
{
	struct tt_bank_mgr *m = mgr_of(b, type);
	uint64_t per_bank = 0, limit = 0;
	uint32_t nbanks = 0;
	int rc;

	if (!m)
		return TT_EINVAL;
	TT_REFUSE_NULL(addr);
	if (flags == TT_BANK_DEFAULT)
		flags = m->default_flags;
	if (flags != TT_ALLOC_BOTTOM_UP && flags != TT_ALLOC_TOP_DOWN)
		return fail(b, TT_EINVAL, "placement flags 0x%x: pick bottom-up or top-down",
			    flags);
	rc = plan(b, m, size, page_size, num_shards, &per_bank, &nbanks, &limit);
	if (rc)
		return rc;
	rc = tt_alloc_alloc(&m->alloc, per_bank, flags, limit, addr);
	if (rc == TT_ENOMEM)
		return out_of_memory(b, m, size, nbanks, per_bank, limit);
	if (rc)
		return fail(b, rc, "%s allocation: %s", type_names[type], tt_strerror(rc));
	return TT_OK;
}

int tt_bank_alloc_at(struct tt_banks *b, enum tt_bank_type type, uint64_t addr, uint64_t size,
		     uint64_t page_size, uint32_t num_shards)
{
	struct tt_bank_mgr *m = mgr_of(b, type);
	uint64_t per_bank = 0, limit = 0;
	uint32_t nbanks = 0;
	int rc;

	if (!m)
		return TT_EINVAL;
	rc = plan(b, m, size, page_size, num_shards, &per_bank, &nbanks, &limit);
	if (rc)
		return rc;
	if (addr < limit)
		return fail(b, TT_ERANGE,
			    "interleaved L1 buffers must start at or above 0x%llx, not 0x%llx",
			    (ull)limit, (ull)addr);
	rc = tt_alloc_alloc_at(&m->alloc, addr, per_bank);
	switch (rc) {
	case TT_OK:
		return TT_OK;
	case TT_ECLASH:
		return fail(b, rc, "%s range [0x%llx, 0x%llx) overlaps an allocated buffer",
			    type_names[type], (ull)addr, (ull)(addr + per_bank));
	case TT_EALIGN:
		return fail(b, rc, "%s address 0x%llx is not a multiple of %llu", type_names[type],
			    (ull)addr, (ull)m->alloc.align);
	case TT_ERANGE:
		return fail(b, rc,
			    "%s range at 0x%llx of %llu B per bank is outside [0x%llx, 0x%llx)",
			    type_names[type], (ull)addr, (ull)per_bank, (ull)m->alloc.base,
			    (ull)(m->alloc.base + m->alloc.size));
	default:
		return fail(b, rc, "%s allocation: %s", type_names[type], tt_strerror(rc));
	}
}

int tt_bank_allocation_size(const struct tt_banks *b, enum tt_bank_type type, uint64_t addr,
			    uint64_t *size)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	if (!b)
		return TT_EINVAL;
	TT_REFUSE_NULL(size);
	if (!m || !m->present)
		return TT_ENOTALLOC;
	return tt_alloc_allocation_size(&m->alloc, addr, size);
}

int tt_bank_free(struct tt_banks *b, enum tt_bank_type type, uint64_t addr)
{
	struct tt_bank_mgr *m = mgr_of(b, type);
	int rc;

	if (!m)
		return TT_EINVAL;
	if (!m->present)
		return fail(b, TT_ENOTALLOC, "no %s region: nothing to free at 0x%llx",
			    type_names[type], (ull)addr);
	rc = tt_alloc_free(&m->alloc, addr);
	if (rc == TT_EDOUBLEFREE)
		return fail(b, rc, "%s buffer at 0x%llx freed twice", type_names[type], (ull)addr);
	if (rc)
		return fail(b, rc, "%s: no buffer starts at 0x%llx", type_names[type], (ull)addr);
	return TT_OK;
}

void tt_bank_free_all(struct tt_banks *b, enum tt_bank_type type)
{
	struct tt_bank_mgr *m = mgr_of(b, type);

	if (m && m->present)
		tt_alloc_free_all(&m->alloc);
}

int tt_bank_shrink(struct tt_banks *b, enum tt_bank_type type, uint64_t size)
{
	struct tt_bank_mgr *m = mgr_of(b, type);
	int rc;

	if (!m)
		return TT_EINVAL;
	if (!m->present)
		return fail(b, TT_ERANGE, "no %s region to shrink", type_names[type]);
	rc = tt_alloc_shrink(&m->alloc, size);
	if (rc)
		return fail(b, rc, "cannot shrink %s by %llu B: %s", type_names[type], (ull)size,
			    tt_strerror(rc));
	return TT_OK;
}

int tt_bank_reset_size(struct tt_banks *b, enum tt_bank_type type)
{
	struct tt_bank_mgr *m = mgr_of(b, type);
	int rc;

	if (!m)
		return TT_EINVAL;
	if (!m->present)
		return TT_OK;
	rc = tt_alloc_reset_size(&m->alloc);
	return rc ? fail(b, rc, "cannot reset %s: %s", type_names[type], tt_strerror(rc)) : TT_OK;
}

const struct tt_bank_config *tt_bank_config(const struct tt_banks *b)
{
	TT_IGNORE_NULL(b, NULL);
	return &b->cfg;
}

int tt_bank_region(const struct tt_banks *b, enum tt_bank_type type, uint64_t *base, uint64_t *size)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	if (!m)
		return TT_EINVAL;
	TT_REFUSE_NULL(base);
	TT_REFUSE_NULL(size);
	if (!m->present)
		return TT_ENOENT;
	*base = m->alloc.base;
	*size = m->alloc.size;
	return TT_OK;
}

uint32_t tt_bank_count(const struct tt_banks *b, enum tt_bank_type type)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	return m && m->present ? m->num_banks : 0;
}

uint64_t tt_bank_size(const struct tt_banks *b, enum tt_bank_type type)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	return m && m->present ? m->alloc.size : 0;
}

static int no_bank(const struct tt_bank_mgr *m, enum tt_bank_type type, uint32_t bank_id)
{
	return tt_fail(TT_EINVAL, "%s bank %u does not exist (%u banks)", type_names[type], bank_id,
		       m->num_banks);
}

int tt_bank_offset(const struct tt_banks *b, enum tt_bank_type type, uint32_t bank_id,
		   int64_t *offset)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	if (!m)
		return TT_EINVAL;
	TT_REFUSE_NULL(offset);
	if (bank_id >= m->num_banks)
		return no_bank(m, type, bank_id);
	*offset = m->offsets[bank_id];
	return TT_OK;
}

int tt_bank_core_of(const struct tt_banks *b, enum tt_bank_type type, uint32_t bank_id,
		    struct tt_bank_core *core)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	if (!m)
		return TT_EINVAL;
	TT_REFUSE_NULL(core);
	if (bank_id >= m->num_banks)
		return no_bank(m, type, bank_id);
	if (type == TT_BANK_DRAM || type == TT_BANK_TRACE) {
		core->x = bank_id;
		core->y = 0;
	} else {
		*core = b->l1_core[bank_id];
	}
	return TT_OK;
}

uint32_t tt_bank_ids_of_core(const struct tt_banks *b, enum tt_bank_type type,
			     struct tt_bank_core core, uint32_t *ids, uint32_t max)
{
	const struct tt_bank_config *c;
	uint32_t n = 0, id, s, per;

	TT_IGNORE_NULL(b, 0);
	TT_IGNORE_NULL(ids, 0);
	c = &b->cfg;
	switch (type) {
	case TT_BANK_DRAM:
	case TT_BANK_TRACE:
		if (core.y || core.x >= c->dram_banks)
			return 0;
		id = core.x;
		break;
	case TT_BANK_L1:
	case TT_BANK_L1_SMALL:
		if (core.x < c->grid_x && core.y < c->grid_y) {
			id = core.y * c->grid_x + core.x;
			break;
		}
		if (type == TT_BANK_L1_SMALL)
			return 0;
		per = c->num_storage_cores ? (uint32_t)(c->l1_size / c->storage_bank_size) : 0;
		for (s = 0; s < c->num_storage_cores; s++) {
			if (c->storage_cores[s].x != core.x || c->storage_cores[s].y != core.y)
				continue;
			for (n = 0; n < per; n++)
				if (n < max)
					ids[n] = c->grid_x * c->grid_y + s * per + n;
			return per;
		}
		return 0;
	default:
		return 0;
	}
	if (max)
		ids[0] = id;
	return 1;
}

int tt_bank_stats(const struct tt_banks *b, enum tt_bank_type type, struct tt_alloc_stats *st)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	TT_REFUSE_NULL(st);
	memset(st, 0, sizeof(*st));
	if (!m)
		return TT_EINVAL;
	if (m->present)
		tt_alloc_stats(&m->alloc, st);
	return TT_OK;
}

int tt_bank_view(const struct tt_banks *b, enum tt_bank_type type, struct tt_bank_view *view)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);
	struct tt_alloc_stats st;
	size_t n;

	TT_REFUSE_NULL(view);
	memset(view, 0, sizeof(*view));
	if (!m)
		return TT_EINVAL;
	if (!m->present)
		return TT_OK;
	tt_alloc_stats(&m->alloc, &st);
	view->num_banks = m->num_banks;
	view->total_bytes_per_bank = st.total_allocatable;
	view->total_bytes_allocated_per_bank = st.total_allocated;
	view->total_bytes_free_per_bank = st.total_free;
	view->largest_contiguous_bytes_free_per_bank = st.largest_free_block;
	n = tt_alloc_blocks(&m->alloc, NULL, 0);
	if (!n)
		return TT_OK;
	view->blocks = malloc(n * sizeof(*view->blocks));
	if (!view->blocks)
		return TT_ENOMEM;
	view->num_blocks = tt_alloc_blocks(&m->alloc, view->blocks, n);
	return TT_OK;
}

void tt_bank_view_release(struct tt_bank_view *view)
{
	if (!view)
		return;
	free(view->blocks);
	view->blocks = NULL;
	view->num_blocks = 0;
}

void tt_bank_dump(const struct tt_banks *b, enum tt_bank_type type, FILE *f)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	if (!m)
		return;
	TT_IGNORE_NULL(f);
	fprintf(f, "%s: %u banks\n", type_names[type], m->num_banks);
	if (m->present)
		tt_alloc_dump(&m->alloc, f);
}

int tt_bank_lowest_occupied(const struct tt_banks *b, enum tt_bank_type type, uint32_t bank_id,
			    uint64_t *addr)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);
	uint64_t a;
	int rc;

	if (!m)
		return TT_EINVAL;
	TT_REFUSE_NULL(addr);
	if (bank_id >= m->num_banks)
		return TT_EINVAL;
	if (!m->present)
		return TT_ENOENT;
	rc = tt_alloc_lowest_occupied(&m->alloc, &a);
	if (rc)
		return rc;
	/* A sharded buffer low in L1 is reserved in every bank but has no
	 * place in the lower banks of a storage-only core. */
	if ((int64_t)a + m->offsets[bank_id] < 0)
		return TT_ERANGE;
	*addr = (uint64_t)((int64_t)a + m->offsets[bank_id]);
	return TT_OK;
}

uint64_t tt_bank_cb_base(const struct tt_banks *b)
{
	TT_IGNORE_NULL(b, 0);
	return b->cfg.l1_unreserved_base;
}

int tt_bank_check_cb(const struct tt_banks *b, struct tt_bank_core core, uint64_t cb_end,
		     struct tt_bank_cb_clash *clash)
{
	static const enum tt_bank_type types[] = { TT_BANK_L1, TT_BANK_L1_SMALL };
	const struct tt_bank_config *c;
	struct tt_bank_cb_clash tmp;
	uint64_t lowest, size = 0;
	uint32_t bank;
	size_t i;

	TT_REFUSE_NULL(b);
	c = &b->cfg;
	if (!clash)
		clash = &tmp;
	memset(clash, 0, sizeof(*clash));
	clash->core = core;
	clash->cb_end = cb_end;
	if (core.x >= c->grid_x || core.y >= c->grid_y) {
		return tt_fail(TT_EINVAL, "core (%u,%u) is not a worker core of the %ux%u grid",
			       core.x, core.y, c->grid_x, c->grid_y);
	}
	if (cb_end > c->l1_size) {
		clash->overlap = cb_end - c->l1_size;
		return tt_fail(TT_ENOSPC,
			       "core (%u,%u): circular buffers end at 0x%llx, %llu B past the end "
			       "of L1 (%llu B)",
			       core.x, core.y, (ull)cb_end, (ull)clash->overlap, (ull)c->l1_size);
	}
	bank = core.y * c->grid_x + core.x;
	/* L1_SMALL sits above L1, so the first type with a buffer wins. */
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		const struct tt_bank_mgr *m = &b->mgr[types[i]];

		if (tt_bank_lowest_occupied(b, types[i], bank, &lowest))
			continue;
		if (lowest >= cb_end)
			return TT_OK;
		if (tt_alloc_allocation_size(&m->alloc,
					     (uint64_t)((int64_t)lowest - m->offsets[bank]), &size))
			size = 0;
		clash->overlap = cb_end - lowest;
		clash->buffer_addr = lowest;
		clash->buffer_size = size;
		clash->buffer_type = types[i];
		return tt_fail(TT_ECLASH,
			       "core (%u,%u): circular buffers end at 0x%llx, %llu B into the %s "
			       "buffer at 0x%llx (%llu B per bank)",
			       core.x, core.y, (ull)cb_end, (ull)clash->overlap,
			       type_names[types[i]], (ull)lowest, (ull)size);
	}
	return TT_OK;
}

int tt_bank_extract_state(const struct tt_banks *b, enum tt_bank_type type,
			  struct tt_bank_state *st)
{
	const struct tt_bank_mgr *m = cmgr_of(b, type);

	TT_REFUSE_NULL(st);
	memset(st, 0, sizeof(*st));
	if (!m)
		return TT_EINVAL;
	st->type = type;
	st->num_banks = m->num_banks;
	st->interleaved_address_limit = m->limit;
	st->alignment = m->page_alignment;
	if (!m->present)
		return TT_OK;
	st->bank_size = m->alloc.size + (m->alloc.base - m->alloc.base0);
	return tt_alloc_extract_state(&m->alloc, &st->regions);
}

int tt_bank_apply_state(struct tt_banks *b, const struct tt_bank_state *st)
{
	struct tt_bank_mgr *m;
	uint64_t bank_size;
	int rc;

	TT_REFUSE_NULL(b);
	TT_REFUSE_NULL(st);
	m = mgr_of(b, st->type);
	if (!m)
		return TT_EINVAL;
	bank_size = m->present ? m->alloc.size + (m->alloc.base - m->alloc.base0) : 0;
	/* can_apply_state(). */
	if (st->num_banks != m->num_banks || st->bank_size != bank_size ||
	    st->interleaved_address_limit != m->limit || st->alignment != m->page_alignment)
		return fail(b, TT_EINVAL, "%s state was taken from a differently shaped allocator",
			    type_names[st->type]);
	if (!m->present || !st->regions.count)
		return TT_OK;
	rc = tt_alloc_apply_state(&m->alloc, &st->regions);
	if (rc)
		return fail(b, rc, "cannot apply %s state: %s", type_names[st->type],
			    tt_strerror(rc));
	return TT_OK;
}

int tt_bank_override_state(struct tt_banks *b, const struct tt_bank_state *st)
{
	struct tt_bank_state old;
	int rc;

	TT_REFUSE_NULL(b);
	TT_REFUSE_NULL(st);
	rc = tt_bank_extract_state(b, st->type, &old);
	if (rc)
		return fail(b, rc, "cannot save %s state: %s", tt_bank_type_name(st->type),
			    tt_strerror(rc));
	tt_bank_free_all(b, st->type);
	rc = tt_bank_apply_state(b, st);
	if (rc) {
		/* Put the previous buffers back; they fitted before. */
		tt_bank_free_all(b, st->type);
		(void)tt_bank_apply_state(b, &old);
	}
	tt_bank_state_release(&old);
	return rc;
}

void tt_bank_state_release(struct tt_bank_state *st)
{
	if (!st)
		return;
	tt_alloc_state_release(&st->regions);
}
