/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Circular-buffer API shared by data-movement and compute kernels,
 * tt-metal names in C.  A CB is a ring
 * of fifo_num_pages pages in L1 with two shared counters in the core's
 * stream registers (hal/tt_stream_regs.h): the producer reserves free
 * pages at the back, fills them at get_write_ptr() and pushes them; the
 * consumer waits for pages at the front, reads them at get_read_ptr() and
 * pops them.  Counters wrap at 16 bits and are compared as uint16_t.
 * Waits sleep in the HAL primitive (hal/tt_wait.h) and are woken by the
 * model on every counter write; the hang report says what they wait for.
 *
 * Each RISC keeps its own read/write pointers in its CB interface array
 * in L1 (hal/tt_cb.h), set up by the firmware at every launch.
 *
 * Misuse that would hang or corrupt on silicon stops the kernel with a
 * report naming the CB and the counts: reserving or waiting for more
 * pages than the CB holds, using a CB index the program did not
 * configure on this core.  Pushing more pages than reserved or popping
 * more than waited for works on silicon: a warning with the call's
 * file:line, or an error with TT_EMU_STRICT_CB=1 (tt_kernel_warn below).
 *
 * Not yet implemented: remote (global) CBs, dataflow buffers.
 */
#ifndef TT_KERNEL_CIRCULAR_BUFFER_H
#define TT_KERNEL_CIRCULAR_BUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include "tt_cb.h"
#include "tt_emu_regs.h"
#include "tt_kernel.h"
#include "tt_stream_regs.h"
#include "tt_wait.h"

#ifdef TT_CB_STRICT
#define tt_cb_rule(kind, id, arg0, arg1) tt_kernel_fault(kind, id, arg0, arg1)
#else
#define tt_cb_rule(kind, id, arg0, arg1) tt_kernel_warn(kind, id, arg0, arg1)
#endif

static FORCE_INLINE volatile uint32_t *cb_stream_reg(uint32_t cb, uint32_t reg)
{
	return (volatile uint32_t *)(TT_MMIO_STREAM_BASE + cb * TT_STREAM_STRIDE + reg);
}

static FORCE_INLINE volatile uint32_t *get_cb_tiles_received_ptr(uint32_t cb)
{
	return cb_stream_reg(cb, TT_A_STREAM_TILES_RECEIVED);
}

static FORCE_INLINE volatile uint32_t *get_cb_tiles_acked_ptr(uint32_t cb)
{
	return cb_stream_reg(cb, TT_A_STREAM_TILES_ACKED);
}

/* This RISC's interface of CB @cb; stops the kernel if @cb is not configured. */
static FORCE_INLINE struct tt_cb_interface *get_local_cb_interface(uint32_t cb)
{
	struct tt_cb_interface *ifc = TT_CB_INTERFACE(TT_KERNEL_RISC) + cb;

	if (cb >= TT_NUM_CBS || !ifc->fifo_num_pages)
		tt_kernel_fault(TT_FAULT_CB_UNCONFIGURED, cb, 0, 0);
	return ifc;
}

/* Data format of each CB index (TT_DF_*), from the host. */
#ifndef TT_CB_DATA_FORMATS
#define TT_CB_DATA_FORMATS \
	{                  \
		0          \
	}
#endif
static const uint8_t tt_cb_data_format[TT_NUM_CBS] __attribute__((unused)) = TT_CB_DATA_FORMATS;

/* The TT_DF_* format of CB @cb. */
static FORCE_INLINE uint32_t tt_get_dataformat(uint32_t cb)
{
	return tt_cb_data_format[cb];
}

/* tt-metal get_dataformat() (C++: api/tt_cxx_common.h, a DataFormat). */
#ifndef __cplusplus
static FORCE_INLINE uint32_t get_dataformat(uint32_t cb)
{
	return tt_get_dataformat(cb);
}
#endif

/* tt-metal get_tile_size(): bytes of one page (tile) of CB @cb. */
static FORCE_INLINE uint32_t get_tile_size(uint32_t cb)
{
	return get_local_cb_interface(cb)->fifo_page_size;
}

/* Pages pushed and not yet popped. */
static FORCE_INLINE uint32_t cb_pages_in_use(uint32_t cb)
{
	return (uint16_t)(*get_cb_tiles_received_ptr(cb) - *get_cb_tiles_acked_ptr(cb));
}

static FORCE_INLINE uint32_t cb_pages_free(const struct tt_cb_interface *ifc, uint32_t cb)
{
	uint32_t used = cb_pages_in_use(cb);

	return used < ifc->fifo_num_pages ? ifc->fifo_num_pages - used : 0;
}

/* Non-blocking: are @num_pages pages waiting at the front? */
static FORCE_INLINE bool tt_cb_pages_available_at_front(uint32_t cb, uint32_t num_pages)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);

	ifc->used |= TT_CB_USED_WAIT;
	if (cb_pages_in_use(cb) < num_pages)
		return false;
	if (num_pages > ifc->waited)
		ifc->waited = (uint16_t)num_pages;
	return true;
}

/* Non-blocking: can @num_pages pages be reserved at the back? */
static FORCE_INLINE bool tt_cb_pages_reservable_at_back(uint32_t cb, uint32_t num_pages)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);

	ifc->used |= TT_CB_USED_RESERVE;
	if (cb_pages_free(ifc, cb) < num_pages)
		return false;
	if (num_pages > ifc->reserved)
		ifc->reserved = (uint16_t)num_pages;
	return true;
}

/* Sleep until @num_pages pages are free at the back of CB @cb. */
static FORCE_INLINE void tt_cb_reserve_back(uint32_t cb, uint32_t num_pages)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);

	ifc->used |= TT_CB_USED_RESERVE;
	if (num_pages > ifc->fifo_num_pages)
		tt_kernel_fault(TT_FAULT_CB_RESERVE_TOO_BIG, cb, num_pages, ifc->fifo_num_pages);
	TT_WAIT_UNTIL(cb_pages_free(ifc, cb) >= num_pages, TT_WAIT_CB_BACK, cb, num_pages,
		      cb_pages_free(ifc, cb));
	if (num_pages > ifc->reserved)
		ifc->reserved = (uint16_t)num_pages;
}

/* Hand @num_pages reserved pages to the consumer. */
static FORCE_INLINE void tt_cb_push_back(uint32_t cb, uint32_t num_pages)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);
	volatile uint32_t *received = get_cb_tiles_received_ptr(cb);

	ifc->used |= TT_CB_USED_PUSH;
	if (num_pages > ifc->reserved) {
		tt_cb_rule(TT_FAULT_CB_PUSH_UNRESERVED, cb, num_pages, ifc->reserved);
		ifc->reserved = (uint16_t)num_pages;
	}
	ifc->reserved -= (uint16_t)num_pages;
	*received = *received + num_pages;
	ifc->fifo_wr_ptr += num_pages * ifc->fifo_page_size;
	if (ifc->fifo_wr_ptr >= ifc->fifo_limit)
		ifc->fifo_wr_ptr -= ifc->fifo_size;
}

/* Sleep until @num_pages pages wait at the front of CB @cb. */
static FORCE_INLINE void tt_cb_wait_front(uint32_t cb, uint32_t num_pages)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);

	ifc->used |= TT_CB_USED_WAIT;
	if (num_pages > ifc->fifo_num_pages)
		tt_kernel_fault(TT_FAULT_CB_WAIT_TOO_BIG, cb, num_pages, ifc->fifo_num_pages);
	TT_WAIT_UNTIL(cb_pages_in_use(cb) >= num_pages, TT_WAIT_CB_FRONT, cb, num_pages,
		      cb_pages_in_use(cb));
	if (num_pages > ifc->waited)
		ifc->waited = (uint16_t)num_pages;
}

/* Give @num_pages pages at the front back to the producer. */
static FORCE_INLINE void tt_cb_pop_front(uint32_t cb, uint32_t num_pages)
{
	struct tt_cb_interface *ifc = get_local_cb_interface(cb);
	volatile uint32_t *acked = get_cb_tiles_acked_ptr(cb);

	ifc->used |= TT_CB_USED_POP;
	if (num_pages > ifc->waited) {
		tt_cb_rule(TT_FAULT_CB_POP_UNWAITED, cb, num_pages, ifc->waited);
		ifc->waited = (uint16_t)num_pages;
	}
	ifc->waited -= (uint16_t)num_pages;
	*acked = *acked + num_pages;
	ifc->fifo_rd_ptr += num_pages * ifc->fifo_page_size;
	if (ifc->fifo_rd_ptr >= ifc->fifo_limit)
		ifc->fifo_rd_ptr -= ifc->fifo_size;
}

/* L1 byte address of the first reserved page (producer). */
static FORCE_INLINE uint32_t get_write_ptr(uint32_t cb)
{
	return get_local_cb_interface(cb)->fifo_wr_ptr;
}

/* L1 byte address of the first page at the front (consumer). */
static FORCE_INLINE uint32_t get_read_ptr(uint32_t cb)
{
	return get_local_cb_interface(cb)->fifo_rd_ptr;
}

/*
 * The public names.  Compute kernels (TT_COMPUTE_KERNEL) get their own,
 * which act only on the thread that owns the step: waits and pops on
 * UNPACK, reservations and pushes on PACK (compute_kernel_api.h).
 */
#ifndef TT_COMPUTE_KERNEL
static FORCE_INLINE bool cb_pages_available_at_front(uint32_t cb, uint32_t num_pages)
{
	return tt_cb_pages_available_at_front(cb, num_pages);
}

static FORCE_INLINE bool cb_pages_reservable_at_back(uint32_t cb, uint32_t num_pages)
{
	return tt_cb_pages_reservable_at_back(cb, num_pages);
}

static FORCE_INLINE void cb_reserve_back(uint32_t cb, uint32_t num_pages)
{
	tt_cb_reserve_back(cb, num_pages);
}

static FORCE_INLINE void cb_push_back(uint32_t cb, uint32_t num_pages)
{
	tt_cb_push_back(cb, num_pages);
}

static FORCE_INLINE void cb_wait_front(uint32_t cb, uint32_t num_pages)
{
	tt_cb_wait_front(cb, num_pages);
}

static FORCE_INLINE void cb_pop_front(uint32_t cb, uint32_t num_pages)
{
	tt_cb_pop_front(cb, num_pages);
}
#endif /* TT_COMPUTE_KERNEL */

#endif /* TT_KERNEL_CIRCULAR_BUFFER_H */
