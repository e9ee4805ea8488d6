/* SPDX-License-Identifier: Apache-2.0 */
/*
 * DRAM and L1 buffers, interleaved or sharded: tt-metal's CreateBuffer
 * with an InterleavedBufferConfig or a ShardedBufferConfig,
 * EnqueueWriteBuffer / EnqueueReadBuffer and DeallocateBuffer in C.
 *
 * A buffer of @size bytes is cut into pages of @page_size bytes; page i
 * lives in bank i % banks at row i / banks, each row a page rounded up to
 * the type's alignment (DRAM 32 B, L1 16 B on WH), at the same address in
 * every bank (the device's lockstep allocator, tt/bank.h).  Kernels find
 * the pages with InterleavedAddrGen(Fast) and the bank-to-NoC tables.
 * Host reads and writes scatter
 * and gather pages through the shared memory of the device: no kernel
 * runs for them.
 *
 * A sharded buffer holds a 2-D tensor of pages cut into shards (tt/shard.h
 * has the page and shard arithmetic): shard k lives on the k-th core of a
 * core range set (L1, L1_SMALL) or DRAM bank (DRAM, cores (bank, 0)).  The
 * allocator places it with the number of shards as the bank count, so
 * every shard core (and every other bank of the type) reserves
 * pages-per-shard aligned pages at the same address.  Pages of a partial
 * last shard are padding: the host writes zeros there.  Kernels find pages
 * with the sharded address generator (kernels/include/sharded_addr_gen.h)
 * and the words tt_buffer_sharded_args() makes for it.
 */
#ifndef TT_BUFFER_H
#define TT_BUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include <tt/alloc.h>
#include <tt/core.h>
#include <tt/device.h>
#include <tt/shard.h>

/* tt-metal's BufferType without SYSTEM_MEMORY and TRACE. */
enum tt_buffer_type {
	TT_BUFFER_DRAM = 0,	/* the DRAM banks */
	TT_BUFFER_L1 = 1,	/* the workers' L1 */
	TT_BUFFER_L1_SMALL = 2, /* top of L1, sharded buffers only */
};

/* tt-metal's TensorMemoryLayout. */
enum tt_buffer_layout {
	TT_BUFFER_INTERLEAVED = 0,
	TT_BUFFER_HEIGHT_SHARDED = TT_SHARD_HEIGHT,
	TT_BUFFER_WIDTH_SHARDED = TT_SHARD_WIDTH,
	TT_BUFFER_BLOCK_SHARDED = TT_SHARD_BLOCK,
};

/*
 * tt-metal's ShardSpecBuffer: a ShardSpec (grid, shape, orientation) plus
 * the page shape and the tensor's 2-D shape in pages.
 *
 * @grid lists the cores that hold shards: logical worker cores for L1 and
 * L1_SMALL, (bank, 0) for DRAM banks.  HEIGHT and WIDTH shards take the
 * cores range by range, each range walked in @orientation's order
 * (ROW_MAJOR: x fastest); BLOCK needs one rectangle and puts shard (row r,
 * col c) on (start.x + c, start.y + r) in ROW_MAJOR, (start.x + r,
 * start.y + c) in COL_MAJOR.  Shapes are rows then columns.
 */
struct tt_buffer_shard_spec {
	struct tt_core_range_set grid;
	uint32_t shape[2]; /* shard, in elements */
	enum tt_shard_orientation orientation;
	uint32_t page_shape[2];	  /* one page, in elements */
	uint32_t tensor_pages[2]; /* the tensor, in pages */
};

struct tt_buffer_config {
	uint64_t size;	    /* bytes, a multiple of page_size */
	uint64_t page_size; /* bytes per page (a tile: 2048 for bf16) */
	enum tt_buffer_type type;
	enum tt_buffer_layout layout;		  /* TT_BUFFER_INTERLEAVED when zeroed */
	const struct tt_buffer_shard_spec *shard; /* sharded layouts only */
};

struct tt_buffer;

/*
 * Allocate a buffer on @dev.  Returns TT_OK, TT_EINVAL, TT_EALIGN (size
 * not a multiple of page_size), TT_ENOMEM (no room), TT_EPERM (this grid
 * has a bank count interleaving cannot use), TT_ELAYOUT (bad shard spec),
 * TT_ERANGE (a shard core outside the grid or the DRAM banks).  On failure
 * tt_last_error() says what is wrong and how to fix it.
 */
int tt_buffer_create(struct tt_device *dev, const struct tt_buffer_config *cfg,
		     struct tt_buffer **out);

/*
 * A buffer laid out as @cfg says at address @addr, which it does not
 * allocate: a view of memory another buffer holds (tt-metal's
 * MeshBuffer::create at an address).  Reads and writes go to @addr;
 * tt_buffer_free releases the view, not the memory.  Returns what
 * tt_buffer_create does, and TT_EALIGN for an address that is not a
 * multiple of the type's alignment.
 */
int tt_buffer_create_view(struct tt_device *dev, const struct tt_buffer_config *cfg, uint64_t addr,
			  struct tt_buffer **out);

/*
 * Release the buffer's banks; safe on NULL.  TT_EDOUBLEFREE for a buffer
 * already freed.  After its device was closed only the host memory is
 * left, and this releases it (TT_OK).
 */
int tt_buffer_free(struct tt_buffer *buf);

/*
 * Every call below refuses a buffer that is not live (TT_EINVAL) or whose
 * device was closed (TT_ENODEV); the getters then return 0 (and the type
 * and layout getters DRAM and INTERLEAVED), with tt_last_error() set.
 */

/* Address in every bank (what kernels get as bank_base_address). */
uint32_t tt_buffer_address(const struct tt_buffer *buf);
uint64_t tt_buffer_size(const struct tt_buffer *buf);
uint64_t tt_buffer_page_size(const struct tt_buffer *buf);
enum tt_buffer_type tt_buffer_type(const struct tt_buffer *buf);
enum tt_buffer_layout tt_buffer_layout(const struct tt_buffer *buf);

/*
 * Bytes the buffer takes in each bank: pages per bank (per shard when
 * sharded) times the page size rounded up to the type's alignment.  That
 * rounded page size is the page stride inside a bank or shard.
 */
uint64_t tt_buffer_bank_size(const struct tt_buffer *buf);
uint64_t tt_buffer_aligned_page_size(const struct tt_buffer *buf);

/*
 * Where host page @page of @buf lives: the logical core (L1, L1_SMALL) or
 * (bank, 0) (DRAM) in *@core, and its address there in *@addr.
 * TT_ERANGE past the last page.
 */
int tt_buffer_page_location(const struct tt_buffer *buf, uint64_t page, struct tt_core *core,
			    uint64_t *addr);

/* Shard spec of a sharded buffer in tt/shard.h form: TT_EINVAL if not. */
int tt_buffer_shard_spec(const struct tt_buffer *buf, struct tt_shard_spec *spec);

/*
 * Core (or DRAM bank as (bank, 0)) of shard @shard of a sharded buffer.
 * TT_EINVAL if not sharded, TT_ERANGE past the last shard.
 */
int tt_buffer_shard_core(const struct tt_buffer *buf, uint32_t shard, struct tt_core *core);

/*
 * Words of the sharded address generator (sharded_addr_gen.h; their
 * layout is hal/tt_sharded_args.h): fills @args[0 .. *@count) when @max
 * is large enough, and always sets *@count (the header words plus one per
 * shard).  Pass them as runtime args (unique or common) and hand the
 * generator their address together with tt_buffer_address().
 * Returns TT_OK, TT_EINVAL (not sharded, NULL), TT_E2BIG (@max too small;
 * *@count says how many are needed) or TT_ENOSYS (a shard's bank has a
 * non-zero bank offset, which the words cannot carry, or the arch does not
 * describe its DRAM banks' NoC endpoints; worker cores and Wormhole DRAM
 * banks have none).
 */
int tt_buffer_sharded_args(const struct tt_buffer *buf, uint32_t *args, uint32_t max,
			   uint32_t *count);

/* Write / read the whole buffer (size bytes) from / to @src / @dst. */
int tt_buffer_write(struct tt_buffer *buf, const void *src);
int tt_buffer_read(struct tt_buffer *buf, void *dst);

/*
 * Write / read @size bytes at byte @offset of the buffer's contents (its
 * pages in order; tt-metal's BufferRegion).  TT_ERANGE past the end.
 */
int tt_buffer_write_region(struct tt_buffer *buf, uint64_t offset, const void *src, uint64_t size);
int tt_buffer_read_region(struct tt_buffer *buf, uint64_t offset, void *dst, uint64_t size);

/*
 * tt-metal's detail::DumpDeviceMemoryState: write memory_usage_summary.csv,
 * l1_usage_summary.csv and detailed_memory_usage.csv for the buffers
 * allocated on @dev into @dir (NULL: generated/reports), file names
 * prefixed with @prefix; with @svg also <prefix>memory_map.svg, a picture of
 * every bank's occupancy (docs/allocator.md).
 */
int tt_device_dump_memory_state(struct tt_device *dev, const char *dir, const char *prefix,
				bool svg);

/* Banks of @type on @dev (DRAM: 12 on WH; L1: one per worker). */
uint32_t tt_device_num_banks(const struct tt_device *dev, enum tt_buffer_type type);

/*
 * tt-metal's Allocator::get_statistics: the allocator's figures for one
 * bank of @type on @dev.  Every bank of a type is allocated in lockstep,
 * so one bank stands for all.  TT_EPERM when the device has no bank
 * managers (a grid that cannot interleave).
 */
int tt_device_alloc_stats(const struct tt_device *dev, enum tt_buffer_type type,
			  struct tt_alloc_stats *st);

/*
 * NoC coordinates of bank @bank_id of @type as seen on NoC @noc (0 or 1),
 * and the offset added to a buffer address in that bank.
 */
int tt_device_bank_noc(const struct tt_device *dev, enum tt_buffer_type type, uint32_t bank_id,
		       unsigned int noc, struct tt_core *noc_xy, int64_t *offset);

#endif /* TT_BUFFER_H */
