/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The banked, lockstep device allocator of libtt: one bank manager per
 * buffer type (DRAM, L1, L1_SMALL, TRACE), each a tt_alloc over the byte
 * range that type may use in a bank, shared by all banks of the type.  A
 * buffer takes the same address in every bank and the same number of bytes
 * per bank: ceil(pages / banks) pages, each rounded up to the type's
 * alignment.  This module also maps bank ids
 * to bank offsets and cores, checks circular buffers against L1 buffers,
 * and gives statistics, memory views and allocator state; reports and
 * pictures are in tt/memory_report.h.
 *
 * Layout of each bank:
 *   DRAM bank:  [0, dram_unreserved_base)  reserved
 *               [.., bank_size - trace)     DRAM buffers, bottom-up
 *               [.., bank_size)             TRACE buffers, top-down
 *   worker L1:  [0, l1_unreserved_base)     firmware, mailboxes, kernel config
 *               [.., l1_size - l1_small)    CBs grow up from the bottom,
 *                                           L1 buffers come down from the top
 *               [.., l1_size)               L1_SMALL buffers (sharded only)
 *   storage-only core: l1_size / storage_bank_size L1 banks, stacked
 *               downwards from the top of its L1.
 *
 * Every function that fails returns a negative TT_E* code and leaves a
 * one-line explanation in tt_last_error() (docs/errors.md); nothing is
 * printed.
 */
#ifndef TT_BANK_H
#define TT_BANK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <tt/alloc.h>

struct tt_arch;

/* Buffer types, in tt-metal's BufferType order without SYSTEM_MEMORY. */
enum tt_bank_type {
	TT_BANK_DRAM = 0,
	TT_BANK_L1 = 1,
	TT_BANK_L1_SMALL = 2,
	TT_BANK_TRACE = 3,
	TT_BANK_NTYPES = 4,
};

/* Interleaved buffer: tt_bank_alloc() with this many shards. */
#define TT_BANK_INTERLEAVED 0u

/* Placement for tt_bank_alloc(): the type's default, or as tt/alloc.h. */
#define TT_BANK_DEFAULT 0u

#define TT_BANK_MAX_STORAGE_CORES 32

/* A logical worker core. */
struct tt_bank_core {
	uint32_t x;
	uint32_t y;
};

/*
 * Everything the bank managers are built from: tt-metal's AllocatorConfig
 * cut down to what an emulated chip has.  tt_bank_config_from_arch()
 * fills it from an arch descriptor; tests and odd setups fill it by hand.
 */
struct tt_bank_config {
	/* DRAM: one bank per channel; bank id == channel. */
	uint32_t dram_banks;
	uint64_t dram_bank_size;       /* bytes per bank */
	uint64_t dram_unreserved_base; /* reserved bytes at the start of a bank */
	uint32_t dram_alignment;       /* page rounding of DRAM and TRACE */
	uint64_t trace_region_size;    /* per bank, at the top of the bank */

	/* L1: one bank per worker core of the grid_x * grid_y grid. */
	uint32_t grid_x;
	uint32_t grid_y;
	uint64_t l1_size;	     /* bytes of L1 per core */
	uint64_t l1_unreserved_base; /* where CBs start and L1 buffers end */
	uint64_t l1_small_size;	     /* top of L1, sharded buffers only */
	uint32_t l1_alignment;	     /* page rounding of L1 and L1_SMALL */

	/*
	 * Storage-only cores, outside the worker grid: each holds
	 * l1_size / storage_bank_size L1 banks and runs no kernels.  Their
	 * lowest storage_unreserved_base bytes are reserved.
	 */
	uint32_t num_storage_cores;
	struct tt_bank_core storage_cores[TT_BANK_MAX_STORAGE_CORES];
	uint64_t storage_bank_size;
	uint64_t storage_unreserved_base;

	/*
	 * Granule of every bank manager.  tt-metal passes the DRAM alignment
	 * here for all buffer types so that L1 buffers can be the
	 * target of DRAM reads; 0 means dram_alignment.
	 */
	uint32_t alloc_alignment;

	/* Skip the bank-count check and refuse interleaved buffers. */
	bool disable_interleaved;

	/*
	 * Search policy of each bank manager, indexed by enum tt_bank_type;
	 * zero (TT_ALLOC_FIRST_FIT) is what tt-metal uses for all of them.
	 * tt_bank_set_policy() changes it later.
	 */
	enum tt_alloc_policy policy[TT_BANK_NTYPES];
};

/* One bank manager; fields private to bank.c. */
struct tt_bank_mgr {
	enum tt_bank_type type;
	bool present; /* false when the region is empty */
	uint32_t num_banks;
	uint32_t num_compute_banks; /* banks on worker cores */
	uint64_t page_alignment;
	uint64_t limit; /* interleaved address limit, L1 only */
	unsigned int default_flags;
	int64_t *offsets; /* per bank id */
	struct tt_alloc alloc;
};

/* The bank managers of one device; fields private to bank.c. */
struct tt_banks {
	struct tt_bank_config cfg;
	struct tt_bank_mgr mgr[TT_BANK_NTYPES];
	struct tt_bank_core *l1_core; /* L1 bank id -> core */
};

/* Memory view of one buffer type (tt-metal's MemoryView). */
struct tt_bank_view {
	uint32_t num_banks;
	uint64_t total_bytes_per_bank;
	uint64_t total_bytes_allocated_per_bank;
	uint64_t total_bytes_free_per_bank;
	uint64_t largest_contiguous_bytes_free_per_bank;
	size_t num_blocks;
	struct tt_alloc_block_info *blocks; /* malloc'd; tt_bank_view_release() */
};

/* Allocated regions of one buffer type and the shape they fit. */
struct tt_bank_state {
	enum tt_bank_type type;
	uint32_t num_banks;
	uint64_t bank_size;
	uint64_t interleaved_address_limit;
	uint64_t alignment;
	struct tt_alloc_state regions;
};

/* Why a program's circular buffers do not fit on a core. */
struct tt_bank_cb_clash {
	struct tt_bank_core core;
	uint64_t cb_end;      /* first byte past the CB region */
	uint64_t overlap;     /* bytes of CB region at or above buffer_addr */
	uint64_t buffer_addr; /* lowest buffer on the core, in its L1 */
	uint64_t buffer_size; /* that buffer's bytes in this bank */
	enum tt_bank_type buffer_type;
};

/*
 * Fill @cfg for @arch with its default worker grid, as tt-metal's
 * generate_config() does: l1_unreserved_base and l1_small_size
 * rounded up to the DRAM alignment, trace_region_size rounded up to the
 * DRAM alignment times the number of DRAM banks.  The arch descriptor has
 * no storage-only cores.  Returns TT_OK or TT_EINVAL.
 */
int tt_bank_config_from_arch(struct tt_bank_config *cfg, const struct tt_arch *arch,
			     uint64_t l1_small_size, uint64_t trace_region_size);

/*
 * Build the bank managers of @cfg.  Bank counts are checked as in
 * tt-metal's validate_num_banks(): a power of two or one of the
 * counts with a device-side modulo; L1_SMALL is exempt, and so is
 * everything when cfg->disable_interleaved is set.
 * L1 bank ids: worker cores row by row (id = y * grid_x + x), then the
 * storage-only cores in the order given, each with bank 0 at the top of
 * its L1.  (tt-metal shuffles the worker ids with a fixed seed.)
 * Returns TT_OK, TT_EINVAL, TT_EALIGN or TT_ENOMEM.
 */
int tt_bank_init(struct tt_banks *b, const struct tt_bank_config *cfg);

/* Release everything tt_bank_init() took. */
void tt_bank_destroy(struct tt_banks *b);

/* "DRAM", "L1", "L1_SMALL", "TRACE". */
const char *tt_bank_type_name(enum tt_bank_type type);

/*
 * Bytes each bank holds for a buffer of @size bytes in @page_size pages
 * spread over @num_banks banks: ceil(pages / banks) * round_up(page_size,
 * @alignment), as calculate_bank_size_spread().  Returns TT_OK,
 * TT_EINVAL (zero sizes or banks), TT_EALIGN (@size not a multiple of
 * @page_size) or TT_ERANGE (overflow).
 */
int tt_bank_size_spread(uint64_t size, uint64_t page_size, uint32_t num_banks, uint64_t alignment,
			uint64_t *per_bank);

/*
 * Allocate a buffer of @size bytes in pages of @page_size bytes.
 * @num_shards is TT_BANK_INTERLEAVED (spread over every bank of the type)
 * or the number of shards of a sharded buffer, which is then the bank
 * count of the size spread; the range is still reserved in every bank.
 * @flags is TT_BANK_DEFAULT (DRAM bottom-up; L1, L1_SMALL and TRACE
 * top-down), TT_ALLOC_BOTTOM_UP or TT_ALLOC_TOP_DOWN.  Interleaved L1
 * buffers stay at or above the interleaved address limit.  The address
 * stored in *@addr is the same in every bank (add tt_bank_offset() for a
 * bank's own).
 * Returns TT_OK, TT_EINVAL, TT_EALIGN, TT_EPERM (interleaved disabled),
 * TT_ERANGE or TT_ENOMEM; the last error explains, with the statistics
 * for TT_ENOMEM.
 */
int tt_bank_alloc(struct tt_banks *b, enum tt_bank_type type, uint64_t size, uint64_t page_size,
		  uint32_t num_shards, unsigned int flags, uint64_t *addr);

/*
 * Allocate as tt_bank_alloc() but at @addr.  TT_ECLASH if occupied,
 * TT_EALIGN or TT_ERANGE for a bad address.
 */
int tt_bank_alloc_at(struct tt_banks *b, enum tt_bank_type type, uint64_t addr, uint64_t size,
		     uint64_t page_size, uint32_t num_shards);

/*
 * Bytes the buffer at @addr takes in each bank (its size spread, rounded
 * to the allocator granule) in *@size: TT_OK or TT_ENOTALLOC.
 */
int tt_bank_allocation_size(const struct tt_banks *b, enum tt_bank_type type, uint64_t addr,
			    uint64_t *size);

/* Free the buffer at @addr: TT_OK, TT_EDOUBLEFREE or TT_ENOTALLOC. */
int tt_bank_free(struct tt_banks *b, enum tt_bank_type type, uint64_t addr);

/* Free every buffer of @type (tt-metal's deallocate_all). */
void tt_bank_free_all(struct tt_banks *b, enum tt_bank_type type);

/*
 * Search policy of the @type manager (tt/alloc.h): first fit or best fit.
 * Buffers already placed stay.  TT_OK or TT_EINVAL (unknown type or
 * policy).
 */
int tt_bank_set_policy(struct tt_banks *b, enum tt_bank_type type, enum tt_alloc_policy policy);
enum tt_alloc_policy tt_bank_get_policy(const struct tt_banks *b, enum tt_bank_type type);

/* Shrink / reset the start of @type's region; see tt/alloc.h. */
int tt_bank_shrink(struct tt_banks *b, enum tt_bank_type type, uint64_t size);
int tt_bank_reset_size(struct tt_banks *b, enum tt_bank_type type);

/* The configuration @b was built from (alloc_alignment filled in). */
const struct tt_bank_config *tt_bank_config(const struct tt_banks *b);

/*
 * Current region of the @type manager in bank address space, [*@base,
 * *@base + *@size): TT_OK, or TT_ENOENT if the type has no region.
 */
int tt_bank_region(const struct tt_banks *b, enum tt_bank_type type, uint64_t *base,
		   uint64_t *size);

/* Number of banks of @type (0 if it has no region). */
uint32_t tt_bank_count(const struct tt_banks *b, enum tt_bank_type type);

/* Bytes the @type manager spans in each bank. */
uint64_t tt_bank_size(const struct tt_banks *b, enum tt_bank_type type);

/* Offset added to a buffer address in bank @bank_id, in *@offset. */
int tt_bank_offset(const struct tt_banks *b, enum tt_bank_type type, uint32_t bank_id,
		   int64_t *offset);

/*
 * Core of bank @bank_id: the logical worker or storage core for L1 and
 * L1_SMALL, (channel, 0) for DRAM and TRACE as tt-metal does.
 */
int tt_bank_core_of(const struct tt_banks *b, enum tt_bank_type type, uint32_t bank_id,
		    struct tt_bank_core *core);

/*
 * Bank ids of @type on @core: fills at most @max ids and returns how many
 * there are (0 if none, e.g. not a core of this type).
 */
uint32_t tt_bank_ids_of_core(const struct tt_banks *b, enum tt_bank_type type,
			     struct tt_bank_core core, uint32_t *ids, uint32_t max);

/* Per-bank statistics of @type. */
int tt_bank_stats(const struct tt_banks *b, enum tt_bank_type type, struct tt_alloc_stats *st);

/* Memory view of @type; release with tt_bank_view_release(). */
int tt_bank_view(const struct tt_banks *b, enum tt_bank_type type, struct tt_bank_view *view);
void tt_bank_view_release(struct tt_bank_view *view);

/* Print the block table of @type (tt_alloc_dump()). */
void tt_bank_dump(const struct tt_banks *b, enum tt_bank_type type, FILE *f);

/*
 * Lowest occupied address of bank @bank_id of @type, bank offset
 * included: TT_OK, TT_ENOENT (nothing allocated), TT_EINVAL, or
 * TT_ERANGE when the lowest buffer (a sharded one) would lie below
 * address 0 of a lower storage-only bank.
 */
int tt_bank_lowest_occupied(const struct tt_banks *b, enum tt_bank_type type, uint32_t bank_id,
			    uint64_t *addr);

/* First byte of the circular-buffer region of a worker core. */
uint64_t tt_bank_cb_base(const struct tt_banks *b);

/*
 * Check that a program whose circular buffers end at @cb_end (first byte
 * past them) on worker @core stays below every L1 and L1_SMALL buffer
 * there, as tt-metal's CB region validation does before a launch
 * (tt-metal looks at L1 only, which misses L1_SMALL buffers when L1 is
 * empty).  Returns TT_OK; TT_ECLASH with @clash filled (core, overlap,
 * the buffer in the way); TT_ENOSPC if @cb_end is past the end of L1;
 * TT_EINVAL if @core is not a worker core.  The last error says which in
 * words.  @clash may be NULL.
 */
int tt_bank_check_cb(const struct tt_banks *b, struct tt_bank_core core, uint64_t cb_end,
		     struct tt_bank_cb_clash *clash);

/*
 * Copy the allocated regions of @type (extract_state).  Release
 * with tt_bank_state_release().
 */
int tt_bank_extract_state(const struct tt_banks *b, enum tt_bank_type type,
			  struct tt_bank_state *st);

/*
 * Allocate every region of @st on top of what is there (apply_state).
 * TT_EINVAL if @st has another shape (can_apply_state), TT_ECLASH if a
 * region is occupied; all or nothing.
 */
int tt_bank_apply_state(struct tt_banks *b, const struct tt_bank_state *st);

/* Free every buffer of @st's type, then apply @st (override_state). */
int tt_bank_override_state(struct tt_banks *b, const struct tt_bank_state *st);

void tt_bank_state_release(struct tt_bank_state *st);

#endif /* TT_BANK_H */
