/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Circular buffers: tt-metal's CreateCircularBuffer with a
 * CircularBufferConfig in C.
 *
 * A CB is a ring of pages in the L1 of each core of a range set, the same
 * address on every one of them, through which a producer kernel hands
 * pages to a consumer kernel on the same core (cb_reserve_back /
 * cb_push_back / cb_wait_front / cb_pop_front on the device).  One CB may
 * serve several indices (tt-metal's multi-index CBs), each with its own
 * data format and page size; the number of pages of an index is
 * total_size / page_size.
 *
 * CBs of a program are placed bottom-up from the start of the unreserved
 * L1 (above the kernel-config region), each above every earlier CB of the
 * program that shares a core with it.  When the program is launched, each
 * core's CB region is checked against the L1 buffers allocated at that
 * moment; a clash refuses the launch with a message that says how many
 * bytes overlap and which buffer is in the way.
 *
 * A CB may instead live inside an L1 buffer (tt-metal's
 * set_globally_allocated_address): typically a sharded buffer, so that on
 * each shard core the CB's pages are that core's shard.  Such a CB takes
 * the buffer's address, takes no room in the CB region and moves no other
 * CB; the buffer must stay allocated while programs using the CB run.
 */
#ifndef TT_CB_H
#define TT_CB_H

#include <stdint.h>

#include <tt/buffer.h>
#include <tt/core.h>
#include <tt/program.h>

/* Index of a CB inside its program (tt-metal: CBHandle). */
typedef uint32_t tt_cb_handle;

/* One index of a CB: its data format (TT_DF_*, tt_data_format.h) and page size. */
struct tt_cb_format {
	uint32_t index;	      /* 0 .. TT_NUM_CBS - 1 (hal/<arch>/tt_mem_map.h;
					 * tt-metal tt::CBIndex) */
	uint32_t data_format; /* TT_DF_* */
	uint32_t page_size;   /* bytes; divides total_size */
};

struct tt_cb_config {
	uint32_t total_size; /* bytes of L1 per core */
	const struct tt_cb_format *formats;
	uint32_t num_formats; /* indices sharing this CB, at least one */
};

/*
 * Add a CB to @prog on every core of @cores.  Returns TT_OK, TT_EINVAL
 * (bad index, format, or page size that does not divide total_size),
 * TT_ERANGE (a core range outside the largest grid; the device's grid is
 * checked at enqueue), TT_EEXIST (an index already used by another CB of
 * @prog on one of these cores) or TT_ENOMEM; tt_last_error() says which
 * index, value and limit.
 */
int tt_cb_create(struct tt_program *prog, const struct tt_core_range_set *cores,
		 const struct tt_cb_config *cfg, tt_cb_handle *out);

/*
 * As tt_cb_create(), but the CB lives inside @buf, an L1 or L1_SMALL
 * buffer (tt-metal's CircularBufferConfig::set_globally_allocated_address):
 * its address is tt_buffer_address(@buf) and @cfg->total_size must fit
 * the buffer's bytes per core (tt_buffer_bank_size()).  TT_EINVAL also for
 * a DRAM buffer or a CB larger than that.
 */
int tt_cb_create_globally_allocated(struct tt_program *prog, const struct tt_core_range_set *cores,
				    const struct tt_cb_config *cfg, const struct tt_buffer *buf,
				    tt_cb_handle *out);

/*
 * Move globally allocated CB @cb into @buf (tt-metal's
 * UpdateDynamicCircularBufferAddress), same rules.  TT_EINVAL if @cb is
 * not globally allocated.
 */
int tt_cb_update_address(struct tt_program *prog, tt_cb_handle cb, const struct tt_buffer *buf);

/*
 * Resize CB @cb to @total_size bytes (tt-metal's
 * UpdateCircularBufferTotalSize).  The CBs of the CB region are placed
 * again in creation order, so those created after @cb on its cores may
 * move; the next launch uses the new layout.  TT_EINVAL if a page size no
 * longer divides the size, or a globally allocated CB would grow (move it
 * with tt_cb_update_address_and_size).
 */
int tt_cb_update_total_size(struct tt_program *prog, tt_cb_handle cb, uint32_t total_size);

/* Page size of index @index of CB @cb (UpdateCircularBufferPageSize). */
int tt_cb_update_page_size(struct tt_program *prog, tt_cb_handle cb, uint32_t index,
			   uint32_t page_size);

/*
 * Move globally allocated CB @cb into @buf with a new size
 * (UpdateDynamicCircularBufferAddressAndTotalSize); the rules of both.
 */
int tt_cb_update_address_and_size(struct tt_program *prog, tt_cb_handle cb,
				  const struct tt_buffer *buf, uint32_t total_size);

/* L1 address of CB @cb on each of its cores. */
int tt_cb_address(const struct tt_program *prog, tt_cb_handle cb, uint32_t *addr);

#endif /* TT_CB_H */
