/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Data-movement kernel API (BRISC/NCRISC), tt-metal names in C.
 * Everything drives the NoC registers
 * exactly as on a Wormhole B0 (hal/tt_noc_regs.h): program a command
 * buffer, write SEND_REQ, count the command in the firmware's software
 * counters; barriers sleep until the hardware status counters match them.
 *
 * C has no overloading or templates, so:
 *  - get_noc_addr(x, y, addr) is the xy form; the local form
 *    get_noc_addr(addr) is get_noc_addr_local(addr);
 *  - InterleavedAddrGen / InterleavedAddrGenFast are structs with an
 *    is_dram field instead of a template argument, and the page forms of
 *    get_noc_addr are interleaved_addr_gen_get_noc_addr() and
 *    interleaved_addr_gen_fast_get_noc_addr();
 *  - the NoC is always noc_index (the one the host chose for the kernel),
 *    never a trailing default argument.
 * Every NoC command completes inside its SEND_REQ write in the emulator,
 * so command buffers are always ready and barriers hold at once; code
 * written against the hardware still works unchanged.  With delayed
 * completion (device option noc_delay, TT_EMU_NOC_DELAY) reads and writes
 * land only at the barrier that waits for them (or after N more
 * commands): a missing barrier shows as stale data.
 *
 * Transaction ids (trid, 0..NOC_MAX_TRANSACTION_ID) tag commands through
 * a command buffer's PACKET_TAG, which stays set until changed, as on the
 * hardware: noc_async_read_set_trid() tags every later read of this RISC.
 *
 * _set_state / _with_state: set_state programs the fields that stay the
 * same (coordinates, length, command word) once; each with_state then
 * writes only the addresses and SEND_REQ.  Nothing else may use that
 * command buffer in between (a plain read or write reprograms it).
 *
 * Circular buffers (cb_reserve_back, ..., get_write_ptr/get_read_ptr)
 * come from circular_buffer.h, shared with compute kernels.
 *
 * Sharded address generators are in sharded_addr_gen.h (included here).
 * C++ kernels also get tt-metal's templates (get_arg_val<T>,
 * InterleavedAddrGen<DRAM>, TensorAccessor, the noc argument, ...) from
 * api/dataflow/dataflow_api.h, thin inlines over these functions.
 *
 * Posted writes (noc_async_write_posted, the _with_state forms' posted
 * flag) are not acknowledged: noc_async_posted_writes_flushed waits for
 * them.  Virtual channels are carried in the command word; the model has
 * no link contention, so they change nothing.
 *
 * Not yet implemented: linked multicast.
 */
#ifndef TT_DATAFLOW_API_H
#define TT_DATAFLOW_API_H

#include <stdbool.h>
#include <stdint.h>

#include "circular_buffer.h"
#include "tt_bank_table.h"
#include "tt_data_format.h"
#include "tt_kernel.h"
#include "tt_kernel_config.h"
#include "tt_noc_map.h"
#include "tt_noc_regs.h"

/* The NoC of this kernel (DataMovementConfig.noc). */
#define noc_index ((uint8_t)fw_noc_index)

#define NOC_MAX_BURST_SIZE     TT_NOC_MAX_BURST_SIZE
#define L1_ALIGNMENT	       TT_NOC_L1_ALIGNMENT
#define DRAM_ALIGNMENT	       TT_NOC_DRAM_ALIGNMENT
#define NOC_UNICAST_WRITE_VC   1
#define NOC_MULTICAST_WRITE_VC 4
#define NOC_MAX_TRANSACTION_ID TT_NOC_MAX_TRANSACTION_ID

#define TT_NOC_REG(noc, buf, reg)                                            \
	(*(volatile uint32_t *)(TT_MMIO_NOC0_BASE + (noc)*TT_MMIO_NOC_SIZE + \
				(buf)*TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_##reg))

static FORCE_INLINE uint32_t noc_status_reg(uint32_t noc, uint32_t idx)
{
	return *(volatile uint32_t *)(TT_MMIO_NOC0_BASE + noc * TT_MMIO_NOC_SIZE +
				      TT_A_NOC_STATUS0 + 4 * idx);
}

/* Addresses -------------------------------------------------------------- */

/* Coordinate part (MID word) of a NoC address. */
#define NOC_XY_ENCODING(x, y) \
	(TT_FIELD_VAL(NOC, ADDR_MID, X, x) | TT_FIELD_VAL(NOC, ADDR_MID, Y, y))
#define NOC_MULTICAST_ENCODING(xs, ys, xe, ye)                                                 \
	(TT_FIELD_VAL(NOC, ADDR_MID, START_X, xs) | TT_FIELD_VAL(NOC, ADDR_MID, START_Y, ys) | \
	 TT_FIELD_VAL(NOC, ADDR_MID, X, xe) | TT_FIELD_VAL(NOC, ADDR_MID, Y, ye))

static FORCE_INLINE uint64_t get_noc_addr_helper(uint32_t noc_xy, uint32_t addr)
{
	return (uint64_t)noc_xy << TT_NOC_ADDR_COORD_SHIFT | addr;
}

/* @addr in the L1 (or DRAM bank) at virtual NoC coordinates (@x, @y). */
static FORCE_INLINE uint64_t get_noc_addr(uint32_t x, uint32_t y, uint32_t addr)
{
	return get_noc_addr_helper(NOC_XY_ENCODING(x, y), addr);
}

/* @addr in this core's own L1 (tt-metal: get_noc_addr(addr)). */
static FORCE_INLINE uint64_t get_noc_addr_local(uint32_t addr)
{
	return get_noc_addr(my_x, my_y, addr);
}

/* @addr in every worker of the rectangle (@xs, @ys)-(@xe, @ye). */
static FORCE_INLINE uint64_t get_noc_multicast_addr(uint32_t xs, uint32_t ys, uint32_t xe,
						    uint32_t ye, uint32_t addr)
{
	return get_noc_addr_helper(NOC_MULTICAST_ENCODING(xs, ys, xe, ye), addr);
}

/* Commands --------------------------------------------------------------- */

static FORCE_INLINE void noc_send(uint32_t noc, uint32_t buf)
{
	TT_NOC_REG(noc, buf, CMD_CTRL) = TT_FIELD_VAL(NOC, CMD_CTRL, SEND_REQ, 1);
}

/*
 * One read packet: five register writes.  The read buffer's CTRL (a plain
 * read, 0) is never anything else: it is 0 from reset and only the
 * set_state calls write it (with 0), so it is not rewritten per read.
 */
static FORCE_INLINE void noc_fast_read(uint32_t noc, uint64_t src, uint32_t dst, uint32_t len)
{
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, RET_ADDR_LO) = dst;
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, TARG_ADDR_LO) = (uint32_t)src;
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, TARG_ADDR_MID) = (uint32_t)(src >> 32);
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, AT_LEN_BE) = len;
	noc_send(noc, TT_NOC_RD_CMD_BUF);
	fw_noc_reads_num_issued[noc]++;
}

/*
 * Count a write in the software counters its barrier compares with the
 * hardware's: issued (and the acks of @acks destinations) when
 * non-posted, issued-posted otherwise.
 */
static FORCE_INLINE void noc_count_write(uint32_t noc, bool nonposted, uint32_t acks)
{
	if (nonposted) {
		fw_noc_nonposted_writes_num_issued[noc]++;
		fw_noc_nonposted_writes_acked[noc] += acks;
	} else {
		fw_noc_posted_writes_num_issued[noc]++;
	}
}

/* One write packet, not counted; @ctrl adds the multicast and VC bits. */
static FORCE_INLINE void noc_fast_write_uncounted(uint32_t noc, uint32_t buf, uint32_t src,
						  uint64_t dst, uint32_t len, uint32_t ctrl,
						  bool nonposted)
{
	ctrl |= TT_FIELD_VAL(NOC, CTRL, WR, 1) | TT_FIELD_VAL(NOC, CTRL, RESP_MARKED, nonposted);
	TT_NOC_REG(noc, buf, TARG_ADDR_LO) = src;
	TT_NOC_REG(noc, buf, RET_ADDR_LO) = (uint32_t)dst;
	TT_NOC_REG(noc, buf, RET_ADDR_MID) = (uint32_t)(dst >> 32);
	TT_NOC_REG(noc, buf, AT_LEN_BE) = len;
	TT_NOC_REG(noc, buf, CTRL) = ctrl;
	noc_send(noc, buf);
}

/* One write packet; @ctrl adds the multicast bits, @acks the destinations. */
static FORCE_INLINE void noc_fast_write(uint32_t noc, uint32_t buf, uint32_t src, uint64_t dst,
					uint32_t len, uint32_t ctrl, bool nonposted, uint32_t acks)
{
	noc_fast_write_uncounted(noc, buf, src, dst, len, ctrl, nonposted);
	noc_count_write(noc, nonposted, acks);
}

/*
 * Command bits of a unicast on virtual channel @vc.  The model has no
 * link contention, so the channel is carried but changes nothing.
 */
static FORCE_INLINE uint32_t noc_unicast_ctrl_vc(uint32_t vc)
{
	return TT_FIELD_VAL(NOC, CTRL, VC_STATIC, 1) | TT_FIELD_VAL(NOC, CTRL, STATIC_VC, vc);
}

static FORCE_INLINE uint32_t noc_unicast_ctrl(void)
{
	return noc_unicast_ctrl_vc(NOC_UNICAST_WRITE_VC);
}

static FORCE_INLINE uint32_t noc_multicast_ctrl(bool loopback)
{
	return TT_FIELD_VAL(NOC, CTRL, VC_STATIC, 1) |
	       TT_FIELD_VAL(NOC, CTRL, STATIC_VC, NOC_MULTICAST_WRITE_VC) |
	       TT_FIELD_VAL(NOC, CTRL, BRCST_PACKET, 1) | TT_FIELD_VAL(NOC, CTRL, PATH_RESERVE, 1) |
	       TT_FIELD_VAL(NOC, CTRL, BRCST_SRC_INCLUDE, loopback);
}

/* Read @size bytes (at most NOC_MAX_BURST_SIZE) from @src into L1 @dst. */
static FORCE_INLINE void noc_async_read_one_packet(uint64_t src, uint32_t dst, uint32_t size)
{
	noc_fast_read(noc_index, src, dst, size);
}

/* Read @size bytes from @src into L1 @dst, in bursts; see the barrier. */
static FORCE_INLINE void noc_async_read(uint64_t src, uint32_t dst, uint32_t size)
{
	while (size > NOC_MAX_BURST_SIZE) {
		noc_fast_read(noc_index, src, dst, NOC_MAX_BURST_SIZE);
		src += NOC_MAX_BURST_SIZE;
		dst += NOC_MAX_BURST_SIZE;
		size -= NOC_MAX_BURST_SIZE;
	}
	noc_fast_read(noc_index, src, dst, size);
}

static FORCE_INLINE void noc_async_write_one_packet(uint32_t src, uint64_t dst, uint32_t size)
{
	noc_fast_write(noc_index, TT_NOC_WR_CMD_BUF, src, dst, size, noc_unicast_ctrl(), true, 1);
}

/* Posted (unacknowledged) write of @size bytes, in bursts. */
static FORCE_INLINE void noc_async_write_posted(uint32_t src, uint64_t dst, uint32_t size)
{
	uint32_t n;

	do {
		n = size > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size;
		noc_fast_write(noc_index, TT_NOC_WR_CMD_BUF, src, dst, n, noc_unicast_ctrl(), false,
			       1);
		src += n;
		dst += n;
		size -= n;
	} while (size);
}

/* Non-posted write of @size bytes from L1 @src to @dst, in bursts. */
static FORCE_INLINE void noc_async_write(uint32_t src, uint64_t dst, uint32_t size)
{
	while (size > NOC_MAX_BURST_SIZE) {
		noc_async_write_one_packet(src, dst, NOC_MAX_BURST_SIZE);
		src += NOC_MAX_BURST_SIZE;
		dst += NOC_MAX_BURST_SIZE;
		size -= NOC_MAX_BURST_SIZE;
	}
	noc_async_write_one_packet(src, dst, size);
}

static FORCE_INLINE void noc_write_multicast(uint32_t src, uint64_t dst, uint32_t size,
					     uint32_t num_dests, bool loopback)
{
	while (size > NOC_MAX_BURST_SIZE) {
		noc_fast_write(noc_index, TT_NOC_WR_CMD_BUF, src, dst, NOC_MAX_BURST_SIZE,
			       noc_multicast_ctrl(loopback), true, num_dests);
		src += NOC_MAX_BURST_SIZE;
		dst += NOC_MAX_BURST_SIZE;
		size -= NOC_MAX_BURST_SIZE;
	}
	noc_fast_write(noc_index, TT_NOC_WR_CMD_BUF, src, dst, size, noc_multicast_ctrl(loopback),
		       true, num_dests);
}

/*
 * Write to every worker of the rectangle in @dst (get_noc_multicast_addr)
 * except this core; @num_dests is how many cores that is (acks counted).
 */
static FORCE_INLINE void noc_async_write_multicast(uint32_t src, uint64_t dst, uint32_t size,
						   uint32_t num_dests)
{
	noc_write_multicast(src, dst, size, num_dests, false);
}

/* As noc_async_write_multicast, this core included (in @num_dests too). */
static FORCE_INLINE void noc_async_write_multicast_loopback_src(uint32_t src, uint64_t dst,
								uint32_t size, uint32_t num_dests)
{
	noc_write_multicast(src, dst, size, num_dests, true);
}

/* Command bits of an inline write: unicast on @vc, or a multicast. */
static FORCE_INLINE uint32_t noc_inline_ctrl(bool mcast, bool nonposted, uint32_t vc)
{
	return (mcast ? noc_multicast_ctrl(false) : noc_unicast_ctrl_vc(vc)) |
	       TT_FIELD_VAL(NOC, CTRL, WR, 1) | TT_FIELD_VAL(NOC, CTRL, WR_INLINE, 1) |
	       TT_FIELD_VAL(NOC, CTRL, RESP_MARKED, nonposted);
}

/*
 * Inline 32-bit write of @val to @addr through command buffer @buf, byte
 * enables @be (bit i = byte i): to one core, or (@mcast) to the
 * @num_dests cores of a multicast rectangle; counted unless !@count.
 */
static FORCE_INLINE void noc_inline_write(uint32_t buf, uint64_t addr, uint32_t val, uint32_t be,
					  bool mcast, uint32_t num_dests, bool nonposted,
					  uint32_t vc, bool count)
{
	uint32_t noc = noc_index;

	TT_NOC_REG(noc, buf, AT_DATA) = val;
	TT_NOC_REG(noc, buf, TARG_ADDR_LO) = (uint32_t)addr;
	TT_NOC_REG(noc, buf, TARG_ADDR_MID) = (uint32_t)(addr >> 32);
	TT_NOC_REG(noc, buf, AT_LEN_BE) = TT_FIELD_VAL(NOC, AT_LEN_BE, BE, be);
	TT_NOC_REG(noc, buf, CTRL) = noc_inline_ctrl(mcast, nonposted, vc);
	noc_send(noc, buf);
	if (count)
		noc_count_write(noc, nonposted, num_dests);
}

/* Inline 32-bit write of @val to @addr, byte enables @be (bit i = byte i). */
static FORCE_INLINE void noc_inline_dw_write_be(uint64_t addr, uint32_t val, uint32_t be)
{
	noc_inline_write(TT_NOC_WR_REG_CMD_BUF, addr, val, be, false, 1, true, NOC_UNICAST_WRITE_VC,
			 true);
}

static FORCE_INLINE void noc_inline_dw_write(uint64_t addr, uint32_t val)
{
	noc_inline_dw_write_be(addr, val, 0xf);
}

/* State-based reads and writes ------------------------------------------ */

/*
 * Program the read command buffer for one-packet reads of @size bytes
 * from the core (or DRAM bank) of @src_noc_addr.
 */
static FORCE_INLINE void noc_async_read_one_packet_set_state(uint64_t src_noc_addr, uint32_t size)
{
	uint32_t noc = noc_index;

	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, CTRL) = 0;
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, TARG_ADDR_MID) = (uint32_t)(src_noc_addr >> 32);
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, AT_LEN_BE) = size;
}

/*
 * Read the set_state size from local address @src of that core into @dst;
 * counted as issued unless !@count (tt-metal's inc_num_issued = false:
 * the kernel adds them up itself with noc_async_read_inc_num_issued).
 */
static FORCE_INLINE void noc_read_with_state(uint32_t src, uint32_t dst, bool count)
{
	uint32_t noc = noc_index;

	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, RET_ADDR_LO) = dst;
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, TARG_ADDR_LO) = src;
	noc_send(noc, TT_NOC_RD_CMD_BUF);
	if (count)
		fw_noc_reads_num_issued[noc]++;
}

/* Read the set_state size from local address @src of that core into @dst. */
static FORCE_INLINE void noc_async_read_one_packet_with_state(uint32_t src, uint32_t dst)
{
	noc_read_with_state(src, dst, true);
}

/* @n reads were issued uncounted: count them, so the read barrier waits for them. */
static FORCE_INLINE void noc_async_read_inc_num_issued(uint32_t n)
{
	fw_noc_reads_num_issued[noc_index] += n;
}

/* As above, tagged with transaction id @trid; reads @src_base + @src. */
static FORCE_INLINE void noc_async_read_one_packet_with_state_with_trid(uint32_t src_base,
									uint32_t src, uint32_t dst,
									uint32_t trid)
{
	uint32_t noc = noc_index;

	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, PACKET_TAG) =
		TT_FIELD_VAL(NOC, PACKET_TAG, TRANSACTION_ID, trid);
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, RET_ADDR_LO) = dst;
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, TARG_ADDR_LO) = src_base + src;
	noc_send(noc, TT_NOC_RD_CMD_BUF);
	fw_noc_reads_num_issued[noc]++;
}

/* Program the read command buffer for reads from the core of @src_noc_addr. */
static FORCE_INLINE void noc_async_read_set_state(uint64_t src_noc_addr)
{
	uint32_t noc = noc_index;

	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, CTRL) = 0;
	TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, TARG_ADDR_MID) = (uint32_t)(src_noc_addr >> 32);
}

/* Read @size bytes (any size) in bursts with the set_state core; see above for @count. */
static FORCE_INLINE void noc_read_any_len_with_state(uint32_t src, uint32_t dst, uint32_t size,
						     bool count)
{
	uint32_t noc = noc_index, n;

	do {
		n = size > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size;
		TT_NOC_REG(noc, TT_NOC_RD_CMD_BUF, AT_LEN_BE) = n;
		noc_read_with_state(src, dst, count);
		src += n;
		dst += n;
		size -= n;
	} while (size);
}

/* Read @size bytes (any size) from local address @src of that core to @dst. */
static FORCE_INLINE void noc_async_read_with_state(uint32_t src, uint32_t dst, uint32_t size)
{
	noc_read_any_len_with_state(src, dst, size, true);
}

/*
 * Program write command buffer @buf for unicast writes to the core (or
 * DRAM bank) of @dst_noc_addr, non-posted unless !@nonposted, on virtual
 * channel @vc; @size is the packet size the with_state calls keep (0: they
 * set it themselves).
 */
static FORCE_INLINE void noc_write_set_state(uint32_t buf, uint64_t dst_noc_addr, uint32_t size,
					     bool nonposted, uint32_t vc)
{
	uint32_t noc = noc_index;

	TT_NOC_REG(noc, buf, CTRL) = noc_unicast_ctrl_vc(vc) | TT_FIELD_VAL(NOC, CTRL, WR, 1) |
				     TT_FIELD_VAL(NOC, CTRL, RESP_MARKED, nonposted);
	TT_NOC_REG(noc, buf, RET_ADDR_MID) = (uint32_t)(dst_noc_addr >> 32);
	if (size)
		TT_NOC_REG(noc, buf, AT_LEN_BE) = size;
}

/*
 * One write from L1 @src to local address @dst of the set_state core
 * through @buf: @size bytes, or the set_state size when @size is 0.
 * Counted (as posted or not, as set_state said) unless !@count.
 */
static FORCE_INLINE void noc_write_with_state(uint32_t buf, uint32_t src, uint32_t dst,
					      uint32_t size, bool nonposted, bool count)
{
	uint32_t noc = noc_index;

	TT_NOC_REG(noc, buf, TARG_ADDR_LO) = src;
	TT_NOC_REG(noc, buf, RET_ADDR_LO) = dst;
	if (size)
		TT_NOC_REG(noc, buf, AT_LEN_BE) = size;
	noc_send(noc, buf);
	if (count)
		noc_count_write(noc, nonposted, 1);
}

/* Write @size bytes (any size) in bursts with the set_state core. */
static FORCE_INLINE void noc_write_any_len_with_state(uint32_t buf, uint32_t src, uint32_t dst,
						      uint32_t size, bool nonposted)
{
	uint32_t n;

	do {
		n = size > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size;
		noc_write_with_state(buf, src, dst, n, nonposted, true);
		src += n;
		dst += n;
		size -= n;
	} while (size);
}

/*
 * Program the write command buffer for non-posted one-packet writes of
 * @size bytes to the core (or DRAM bank) of @dst_noc_addr.
 */
static FORCE_INLINE void noc_async_write_one_packet_set_state(uint64_t dst_noc_addr, uint32_t size)
{
	noc_write_set_state(TT_NOC_WR_CMD_BUF, dst_noc_addr, size, true, NOC_UNICAST_WRITE_VC);
}

/* Write the set_state size from L1 @src to local address @dst of that core. */
static FORCE_INLINE void noc_async_write_one_packet_with_state(uint32_t src, uint32_t dst)
{
	noc_write_with_state(TT_NOC_WR_CMD_BUF, src, dst, 0, true, true);
}

/* Transaction ids -------------------------------------------------------- */

/* Tag everything command buffer @buf sends from now on with @trid. */
static FORCE_INLINE void noc_set_trid(uint32_t buf, uint32_t trid)
{
	TT_NOC_REG(noc_index, buf, PACKET_TAG) =
		TT_FIELD_VAL(NOC, PACKET_TAG, TRANSACTION_ID, trid);
}

/* Tag this RISC's reads from now on with transaction id @trid. */
static FORCE_INLINE void noc_async_read_set_trid(uint32_t trid)
{
	noc_set_trid(TT_NOC_RD_CMD_BUF, trid);
}

/* Tag this RISC's writes from now on with transaction id @trid. */
static FORCE_INLINE void noc_async_write_set_trid(uint32_t trid)
{
	noc_set_trid(TT_NOC_WR_CMD_BUF, trid);
}

/* Non-posted one-packet write of @size bytes tagged with @trid. */
static FORCE_INLINE void noc_async_write_one_packet_with_trid(uint32_t src, uint64_t dst,
							      uint32_t size, uint32_t trid)
{
	noc_set_trid(TT_NOC_WR_CMD_BUF, trid);
	noc_fast_write(noc_index, TT_NOC_WR_CMD_BUF, src, dst, size, noc_unicast_ctrl(), true, 1);
}

/* Program the write command buffer for trid writes to the core of @dst_noc_addr. */
static FORCE_INLINE void noc_async_write_one_packet_with_trid_set_state(uint64_t dst_noc_addr)
{
	noc_write_set_state(TT_NOC_WR_CMD_BUF, dst_noc_addr, 0, true, NOC_UNICAST_WRITE_VC);
}

/* Write @size bytes from L1 @src to local address @dst of that core, tagged @trid. */
static FORCE_INLINE void noc_async_write_one_packet_with_trid_with_state(uint32_t src, uint32_t dst,
									 uint32_t size,
									 uint32_t trid)
{
	noc_set_trid(TT_NOC_WR_CMD_BUF, trid);
	noc_write_with_state(TT_NOC_WR_CMD_BUF, src, dst, size, true, true);
}

/*
 * Zero the outstanding-request counts of the transaction ids in @id_mask
 * (bit i = id i), e.g. after uncounted reads whose responses were never
 * waited for.
 */
static FORCE_INLINE void reset_noc_trid_barrier_counter(uint32_t id_mask)
{
	TT_NOC_REG(noc_index, TT_NOC_RD_CMD_BUF, CLEAR_OUTSTANDING_REQ_CNT) = id_mask;
}

/* Barriers --------------------------------------------------------------- */

#define NOC_BARRIER(kind, idx, sw)                                                            \
	TT_WAIT_UNTIL(noc_status_reg(noc_index, idx) == (sw)[noc_index], TT_WAIT_NOC_BARRIER, \
		      kind, (sw)[noc_index], noc_status_reg(noc_index, idx))

/* Every read issued so far has landed. */
static FORCE_INLINE void noc_async_read_barrier(void)
{
	NOC_BARRIER(TT_NOC_BARRIER_READS, TT_NOC_ST_MST_RD_RESP_RECEIVED, fw_noc_reads_num_issued);
}

/* Every non-posted write issued so far is acknowledged by its destinations. */
static FORCE_INLINE void noc_async_write_barrier(void)
{
	NOC_BARRIER(TT_NOC_BARRIER_WRITES_ACKED, TT_NOC_ST_MST_WR_ACK_RECEIVED,
		    fw_noc_nonposted_writes_acked);
}

/* Every non-posted write has left L1 (its source may be reused). */
static FORCE_INLINE void noc_async_writes_flushed(void)
{
	NOC_BARRIER(TT_NOC_BARRIER_WRITES_SENT, TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT,
		    fw_noc_nonposted_writes_num_issued);
}

static FORCE_INLINE void noc_async_posted_writes_flushed(void)
{
	NOC_BARRIER(TT_NOC_BARRIER_POSTED_WRITES, TT_NOC_ST_MST_POSTED_WR_REQ_SENT,
		    fw_noc_posted_writes_num_issued);
}

/* Every non-posted atomic has its response. */
static FORCE_INLINE void noc_async_atomic_barrier(void)
{
	NOC_BARRIER(TT_NOC_BARRIER_ATOMICS, TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED,
		    fw_noc_nonposted_atomics_acked);
}

#define NOC_TRID_BARRIER(kind, idx)                                                      \
	TT_WAIT_UNTIL(noc_status_reg(noc_index, idx) == 0, TT_WAIT_NOC_BARRIER, kind, 0, \
		      noc_status_reg(noc_index, idx))

/* Every read (and non-posted write) tagged @trid has its response. */
static FORCE_INLINE void noc_async_read_barrier_with_trid(uint32_t trid)
{
	NOC_TRID_BARRIER(TT_NOC_BARRIER_READS_TRID(trid), TT_NOC_ST_MST_REQS_OUTSTANDING_ID(trid));
}

/* Every non-posted write (and read) tagged @trid is acknowledged. */
static FORCE_INLINE void noc_async_write_barrier_with_trid(uint32_t trid)
{
	NOC_TRID_BARRIER(TT_NOC_BARRIER_WRITES_ACKED_TRID(trid),
			 TT_NOC_ST_MST_REQS_OUTSTANDING_ID(trid));
}

/* Every write tagged @trid has left L1 (its source may be reused). */
static FORCE_INLINE void noc_async_write_flushed_with_trid(uint32_t trid)
{
	NOC_TRID_BARRIER(TT_NOC_BARRIER_WRITES_SENT_TRID(trid),
			 TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(trid));
}

/* Have all reads tagged @trid landed?  (A poll: never waits.) */
static FORCE_INLINE bool noc_read_with_trid_flushed(uint32_t trid)
{
	return noc_status_reg(noc_index, TT_NOC_ST_MST_REQS_OUTSTANDING_ID(trid)) == 0;
}

static FORCE_INLINE void noc_async_full_barrier(void)
{
	noc_async_read_barrier();
	noc_async_writes_flushed();
	noc_async_write_barrier();
	noc_async_posted_writes_flushed();
	noc_async_atomic_barrier();
}

/* Zeroing L1 ------------------------------------------------------------ */

/*
 * Zero @size bytes of this core's L1 from @dst with NoC reads of the
 * MEM_ZEROS region (the firmware keeps it zero), as tt-metal does on
 * Wormhole: the read barrier waits for them.  Reprograms the read command
 * buffer's state.
 */
static FORCE_INLINE void noc_async_zero_l1(uint32_t dst, uint32_t size)
{
	uint32_t n;

	noc_async_read_one_packet_set_state(get_noc_addr_local(TT_MEM_ZEROS_BASE),
					    TT_MEM_ZEROS_SIZE);
	while (size) {
		n = size > TT_MEM_ZEROS_SIZE ? TT_MEM_ZEROS_SIZE : size;
		if (n != TT_MEM_ZEROS_SIZE)
			TT_NOC_REG(noc_index, TT_NOC_RD_CMD_BUF, AT_LEN_BE) = n;
		noc_read_with_state(TT_MEM_ZEROS_BASE, dst, true);
		dst += n;
		size -= n;
	}
}

/* Semaphores ------------------------------------------------------------- */

/* L1 address of semaphore @semaphore_id (tt_semaphore_create on the host). */
static FORCE_INLINE uint32_t get_semaphore(uint32_t semaphore_id)
{
	return fw_sem_base + semaphore_id * TT_SEMAPHORE_STRIDE;
}

/* Local store; wakes this core's other RISCs so their waits re-check. */
static FORCE_INLINE void noc_semaphore_set(volatile uint32_t *sem_addr, uint32_t val)
{
	*sem_addr = val;
	tt_notify(((1u << TT_RISCS_PER_CORE) - 1) & ~(1u << fw_risc));
}

/* Sleep until *@sem_addr == @val (woken by NoC landings and notifies). */
static FORCE_INLINE void noc_semaphore_wait(volatile uint32_t *sem_addr, uint32_t val)
{
	TT_WAIT_UNTIL(*sem_addr == val, TT_WAIT_SEMAPHORE, (uint32_t)(uintptr_t)sem_addr, val,
		      *sem_addr);
}

/* Sleep until *@sem_addr >= @val. */
static FORCE_INLINE void noc_semaphore_wait_min(volatile uint32_t *sem_addr, uint32_t val)
{
	TT_WAIT_UNTIL(*sem_addr >= val, TT_WAIT_SEMAPHORE_MIN, (uint32_t)(uintptr_t)sem_addr, val,
		      *sem_addr);
}

/*
 * Atomic add of @incr to the word at @addr (32-bit wrap), at one core or,
 * with @mcast, in every core of the multicast rectangle in @addr
 * (get_noc_multicast_addr; this core excluded); if @nonposted, @acks
 * answers are awaited by the atomic barrier.
 */
static FORCE_INLINE void noc_atomic_inc_to(uint64_t addr, uint32_t incr, bool nonposted, bool mcast,
					   uint32_t acks)
{
	uint32_t noc = noc_index, buf = TT_NOC_AT_CMD_BUF;

	TT_NOC_REG(noc, buf, TARG_ADDR_LO) = (uint32_t)addr;
	TT_NOC_REG(noc, buf, TARG_ADDR_MID) = (uint32_t)(addr >> 32);
	TT_NOC_REG(noc, buf, RET_ADDR_LO) = TT_MEM_NOC_ATOMIC_RET_VAL_ADDR;
	TT_NOC_REG(noc, buf, AT_LEN_BE) =
		TT_FIELD_VAL(NOC, AT_LEN_BE, INS, TT_NOC_AT_INS_INCR_GET) |
		TT_FIELD_VAL(NOC, AT_LEN_BE, WRAP, TT_NOC_AT_WRAP_FULL) |
		TT_FIELD_VAL(NOC, AT_LEN_BE, IND_32, ((uint32_t)addr >> 2) & 3);
	TT_NOC_REG(noc, buf, AT_DATA) = incr;
	TT_NOC_REG(noc, buf, CTRL) = TT_FIELD_VAL(NOC, CTRL, AT, 1) |
				     TT_FIELD_VAL(NOC, CTRL, BRCST_PACKET, mcast) |
				     TT_FIELD_VAL(NOC, CTRL, RESP_MARKED, nonposted);
	noc_send(noc, buf);
	if (nonposted)
		fw_noc_nonposted_atomics_acked[noc] += acks;
}

static FORCE_INLINE void noc_atomic_inc(uint64_t addr, uint32_t incr, bool nonposted)
{
	noc_atomic_inc_to(addr, incr, nonposted, false, 1);
}

/* Atomic, non-posted increment of the word at @addr by @incr. */
static FORCE_INLINE void noc_semaphore_inc(uint64_t addr, uint32_t incr)
{
	noc_atomic_inc(addr, incr, true);
}

/* As noc_semaphore_inc, not acknowledged (the atomic barrier does not wait). */
static FORCE_INLINE void noc_semaphore_inc_posted(uint64_t addr, uint32_t incr)
{
	noc_atomic_inc(addr, incr, false);
}

/*
 * Increment the word at multicast address @addr (get_noc_multicast_addr)
 * in every core of its rectangle except this one (@num_dests cores); the
 * atomic barrier waits for all @num_dests answers if @nonposted.
 */
static FORCE_INLINE void noc_semaphore_inc_multicast_nonposted(uint64_t addr, uint32_t incr,
							       uint32_t num_dests, bool nonposted)
{
	noc_atomic_inc_to(addr, incr, nonposted, true, num_dests);
}

static FORCE_INLINE void noc_semaphore_inc_multicast(uint64_t addr, uint32_t incr,
						     uint32_t num_dests)
{
	noc_semaphore_inc_multicast_nonposted(addr, incr, num_dests, true);
}

/* Write the local semaphore at @src to the remote one at @dst. */
static FORCE_INLINE void noc_semaphore_set_remote(uint32_t src, uint64_t dst)
{
	noc_fast_write(noc_index, TT_NOC_WR_REG_CMD_BUF, src, dst, 4, noc_unicast_ctrl(), true, 1);
}

/* Write the local semaphore at @src to every core of the rectangle @dst. */
static FORCE_INLINE void noc_semaphore_set_multicast(uint32_t src, uint64_t dst, uint32_t num_dests)
{
	noc_fast_write(noc_index, TT_NOC_WR_REG_CMD_BUF, src, dst, 4, noc_multicast_ctrl(false),
		       true, num_dests);
}

static FORCE_INLINE void noc_semaphore_set_multicast_loopback_src(uint32_t src, uint64_t dst,
								  uint32_t num_dests)
{
	noc_fast_write(noc_index, TT_NOC_WR_REG_CMD_BUF, src, dst, 4, noc_multicast_ctrl(true),
		       true, num_dests);
}

/* Interleaved buffers ---------------------------------------------------- */

/* Bank tables the host wrote at device open (hal/tt_bank_table.h). */
#define TT_BANK_TABLE ((const volatile struct tt_bank_table *)TT_MEM_BANK_TO_NOC_BASE)

/* NoC address of @offset in bank @bank_id of DRAM (@is_dram) or L1. */
static FORCE_INLINE uint64_t get_noc_addr_from_bank_id(bool is_dram, uint32_t bank_id,
						       uint32_t offset)
{
	const volatile struct tt_bank_table *t = TT_BANK_TABLE;

	if (is_dram)
		return get_noc_addr_helper(t->dram_bank_to_noc_xy[noc_index][bank_id],
					   offset + t->bank_to_dram_offset[bank_id]);
	return get_noc_addr_helper(t->l1_bank_to_noc_xy[noc_index][bank_id],
				   offset + t->bank_to_l1_offset[bank_id]);
}

/* Page @id of an interleaved buffer at @base: bank id % banks, row id / banks. */
static FORCE_INLINE uint64_t tt_interleaved_noc_addr(bool is_dram, uint32_t base,
						     uint32_t page_size, uint32_t id,
						     uint32_t offset)
{
	const volatile struct tt_bank_table *t = TT_BANK_TABLE;
	uint32_t banks = is_dram ? t->num_dram_banks : t->num_l1_banks;
	uint32_t align = is_dram ? DRAM_ALIGNMENT : L1_ALIGNMENT;
	uint32_t aligned = (page_size + align - 1) & ~(align - 1);
	uint32_t row = id / banks;

	/*
	 * One division (RISC-V has no divmod): hide the quotient, or GCC turns
	 * id - row * banks back into a remu.
	 */
	__asm__("" : "+r"(row));
	return get_noc_addr_from_bank_id(is_dram, id - row * banks, row * aligned + base + offset);
}

/*
 * tt-metal InterleavedAddrGen<DRAM>: DRAM = is_dram.  C++ kernels get the
 * class templates of api/dataflow/dataflow_api.h under these names instead.
 */
struct tt_interleaved_addr_gen {
	uint32_t bank_base_address;
	uint32_t page_size;
	bool is_dram;
};

/* tt-metal InterleavedAddrGenFast<DRAM>; page_size is the tile size. */
struct tt_interleaved_addr_gen_fast {
	uint32_t bank_base_address;
	uint32_t page_size;
	uint32_t data_format;
	bool is_dram;
};

#ifndef __cplusplus
typedef struct tt_interleaved_addr_gen InterleavedAddrGen;
typedef struct tt_interleaved_addr_gen_fast InterleavedAddrGenFast;
#endif

/* tt-metal get_noc_addr(id, addrgen, offset). */
static FORCE_INLINE uint64_t interleaved_addr_gen_get_noc_addr(
	const struct tt_interleaved_addr_gen *s, uint32_t id, uint32_t offset)
{
	return tt_interleaved_noc_addr(s->is_dram, s->bank_base_address, s->page_size, id, offset);
}

static FORCE_INLINE uint64_t interleaved_addr_gen_fast_get_noc_addr(
	const struct tt_interleaved_addr_gen_fast *s, uint32_t id, uint32_t offset)
{
	return tt_interleaved_noc_addr(s->is_dram, s->bank_base_address, s->page_size, id, offset);
}

static FORCE_INLINE void noc_async_read_page(uint32_t id, const struct tt_interleaved_addr_gen *s,
					     uint32_t dst)
{
	noc_async_read(interleaved_addr_gen_get_noc_addr(s, id, 0), dst, s->page_size);
}

static FORCE_INLINE void noc_async_write_page(uint32_t id, const struct tt_interleaved_addr_gen *s,
					      uint32_t src)
{
	noc_async_write(src, interleaved_addr_gen_get_noc_addr(s, id, 0), s->page_size);
}

static FORCE_INLINE void
noc_async_read_tile(uint32_t id, const struct tt_interleaved_addr_gen_fast *s, uint32_t dst)
{
	noc_async_read(interleaved_addr_gen_fast_get_noc_addr(s, id, 0), dst, s->page_size);
}

static FORCE_INLINE void
noc_async_write_tile(uint32_t id, const struct tt_interleaved_addr_gen_fast *s, uint32_t src)
{
	noc_async_write(src, interleaved_addr_gen_fast_get_noc_addr(s, id, 0), s->page_size);
}

#include "sharded_addr_gen.h"

/* A C++ kernel that includes this header gets tt-metal's C++ API too. */
/* Ethernet cores also get the link API. */
#if defined(COMPILE_FOR_ERISC) || defined(COMPILE_FOR_IDLE_ERISC)
#include "eth_api.h"
#endif

#ifdef __cplusplus
#include "api/dataflow/dataflow_api.h"
#endif

#endif /* TT_DATAFLOW_API_H */
