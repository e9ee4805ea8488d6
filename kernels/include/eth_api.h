/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ethernet kernel API (ERISC: kernels built with COMPILE_FOR_ERISC or
 * COMPILE_FOR_IDLE_ERISC), tt-metal names in C; dataflow_api.h includes
 * it for those kernels.
 *
 * An ethernet core sends bytes of its L1 to the same kind of core at the
 * far end of its link (EMU ETH_TX_*, hal/tt_emu_regs.h): they land there
 * at the start of the far chip's next step (hal/tt_link.h).  Two linked
 * cores signal each other through erisc_info, at the same L1 address on
 * both: the sender adds the bytes it sent to channels[0].bytes_sent and
 * sends that word after the data; the receiver waits for the count, then
 * clears it and sends the cleared word back (eth_receiver_done), which
 * the sender waits for (eth_wait_for_receiver_done).
 *
 * Waiting sleeps, as every wait here does (hal/tt_wait.h): packets landing
 * wake the core.  tt-metal's loops that poll erisc_info or a semaphore and
 * call run_routing() in between work too: run_routing() sleeps until
 * something lands.  A loop that polls without it keeps its chip from ever
 * finishing a step, and every other chip of the system waits for it.
 *
 * The optional trailing arguments of tt-metal's calls (bytes per packet,
 * wait_min) are accepted and change nothing: a send is one transfer.
 */
#ifndef TT_ETH_API_H
#define TT_ETH_API_H

#include <stdbool.h>
#include <stdint.h>

#include "eth_l1_address_map.h"
#include "tt_emu_regs.h"
#include "tt_kernel.h"
#include "tt_mem_map.h"
#include "tt_wait.h"

#define ETH_WORD_SIZE_BYTES		16
#define MAX_NUM_CONCURRENT_TRANSACTIONS 8

typedef struct {
	volatile uint32_t bytes_sent;
	volatile uint32_t receiver_ack;
	volatile uint32_t src_id;
	uint32_t reserved_2;
} eth_channel_sync_t;

typedef struct {
	volatile uint32_t launch_user_kernel;
	volatile uint32_t unused_arg0;
	volatile uint32_t unused_arg1;
	volatile uint32_t unused_arg2;
	volatile eth_channel_sync_t channels[MAX_NUM_CONCURRENT_TRANSACTIONS];
} erisc_info_t;

#ifdef __cplusplus
static_assert(sizeof(erisc_info_t) <= TT_MEM_ERISC_SYNC_SIZE, "erisc_info must fit its slot");
#else
_Static_assert(sizeof(erisc_info_t) <= TT_MEM_ERISC_SYNC_SIZE, "erisc_info must fit its slot");
#endif

#define erisc_info ((erisc_info_t *)(uintptr_t)TT_MEM_ERISC_SYNC_BASE)

/* Is a send still waiting for room on the link? */
static FORCE_INLINE bool eth_txq_is_busy(void)
{
	return TT_EMU_REG(ETH_TX_CMD) != 0;
}

/* Sleep until something lands in this core's L1 (or a send goes). */
static FORCE_INLINE void run_routing(void)
{
	/* A wake raised since the caller's test makes wfi return at once. */
	tt_wfi();
	tt_wake_ack();
}

static FORCE_INLINE void tt_eth_wait_txq(void)
{
	TT_WAIT_UNTIL(!eth_txq_is_busy(), TT_WAIT_ETH_TX, 0, 0, 1);
}

/* Send [src, src + bytes) of this L1 to dst of the far core's L1. */
static FORCE_INLINE void tt_eth_send(uint32_t src, uint32_t dst, uint32_t bytes)
{
	tt_eth_wait_txq();
	TT_EMU_REG(ETH_TX_SRC) = src;
	TT_EMU_REG(ETH_TX_DST) = dst;
	TT_EMU_REG(ETH_TX_LEN) = bytes;
	TT_EMU_REG(ETH_TX_CMD) = 1;
}

static FORCE_INLINE uint32_t tt_eth_sync_addr(uint32_t channel)
{
	return (uint32_t)(uintptr_t)&erisc_info->channels[channel];
}

/* The first five of a call's arguments, defaults after those given. */
#define TT_ETH_ARGS5(a, b, c, d, e, ...) a, b, c, d, e
#define TT_ETH_ARGS2(a, b, ...)		 a, b

static FORCE_INLINE void tt_eth_send_bytes(uint32_t src, uint32_t dst, uint32_t bytes,
					   uint32_t per_send, uint32_t per_send_words)
{
	(void)per_send, (void)per_send_words;
	tt_eth_send(src, dst, bytes);
	erisc_info->channels[0].bytes_sent += bytes;
}

/* eth_send_bytes(src, dst, bytes[, bytes_per_send, words_per_send]) */
#define eth_send_bytes(...) tt_eth_send_bytes(TT_ETH_ARGS5(__VA_ARGS__, 16, 1))

static FORCE_INLINE void tt_eth_send_payload(uint32_t src, uint32_t dst, uint32_t bytes,
					     uint32_t per_send, uint32_t per_send_words)
{
	(void)per_send, (void)per_send_words;
	tt_eth_send(src, dst, bytes);
}

#define eth_send_bytes_over_channel_payload_only(...) \
	tt_eth_send_payload(TT_ETH_ARGS5(__VA_ARGS__, 16, 1))
#define eth_send_bytes_over_channel_payload_only_unsafe(...) \
	tt_eth_send_payload(TT_ETH_ARGS5(__VA_ARGS__, 16, 1))
#define eth_send_bytes_over_channel_payload_only_unsafe_one_packet(src, dst, bytes) \
	tt_eth_send((src), (dst), (bytes))

/* The count of @channel, bytes_sent = @bytes and receiver_ack = 0, to the far end. */
static FORCE_INLINE void eth_send_payload_complete_signal_over_channel(uint32_t channel,
								       uint32_t bytes)
{
	erisc_info->channels[channel].bytes_sent = bytes;
	erisc_info->channels[channel].receiver_ack = 0;
	tt_eth_send(tt_eth_sync_addr(channel), tt_eth_sync_addr(channel), 16);
}

static FORCE_INLINE void tt_eth_send_bytes_over_channel(uint32_t src, uint32_t dst, uint32_t bytes,
							uint32_t channel, uint32_t per_send,
							uint32_t per_send_words)
{
	(void)per_send, (void)per_send_words;
	tt_eth_send(src, dst, bytes);
	eth_send_payload_complete_signal_over_channel(channel, bytes);
}

#define TT_ETH_ARGS6(a, b, c, d, e, f, ...) a, b, c, d, e, f
/* eth_send_bytes_over_channel(src, dst, bytes, channel[, per_send, words]) */
#define eth_send_bytes_over_channel(...) \
	tt_eth_send_bytes_over_channel(TT_ETH_ARGS6(__VA_ARGS__, 16, 1))

/* Sleep until channel @ch's bytes_sent satisfies @cond. */
#define TT_ETH_WAIT_SYNC(ch, cond, expect)                                    \
	TT_WAIT_UNTIL(cond, TT_WAIT_ETH_DATA, tt_eth_sync_addr(ch), (expect), \
		      erisc_info->channels[ch].bytes_sent)

static FORCE_INLINE void tt_eth_wait_for_bytes(uint32_t bytes, uint32_t wait_min)
{
	(void)wait_min;
	TT_ETH_WAIT_SYNC(0, erisc_info->channels[0].bytes_sent == bytes, bytes);
}

/* eth_wait_for_bytes(bytes[, wait_min]) */
#define eth_wait_for_bytes(...) tt_eth_wait_for_bytes(TT_ETH_ARGS2(__VA_ARGS__, 0))

static FORCE_INLINE void tt_eth_wait_for_bytes_on_channel(uint32_t bytes, uint32_t channel,
							  uint32_t wait_min)
{
	(void)wait_min;
	TT_ETH_WAIT_SYNC(channel, erisc_info->channels[channel].bytes_sent == bytes, bytes);
}

#define TT_ETH_ARGS3(a, b, c, ...) a, b, c
/* eth_wait_for_bytes_on_channel(bytes, channel[, wait_min]) */
#define eth_wait_for_bytes_on_channel(...) \
	tt_eth_wait_for_bytes_on_channel(TT_ETH_ARGS3(__VA_ARGS__, 0))

static FORCE_INLINE bool eth_bytes_are_available_on_channel(uint32_t channel)
{
	return erisc_info->channels[channel].bytes_sent != 0;
}

/* Receiver: the bytes are used; clear the count here and at the sender. */
static FORCE_INLINE void eth_receiver_channel_done(uint32_t channel)
{
	erisc_info->channels[channel].bytes_sent = 0;
	erisc_info->channels[channel].receiver_ack = 0;
	tt_eth_send(tt_eth_sync_addr(channel), tt_eth_sync_addr(channel), 16);
}

static FORCE_INLINE void eth_receiver_done(void)
{
	erisc_info->channels[0].bytes_sent = 0;
	tt_eth_send(tt_eth_sync_addr(0), tt_eth_sync_addr(0), 16);
}

/* Sender: wait until the receiver cleared the count (channel 0). */
static FORCE_INLINE void tt_eth_wait_receiver_done(void)
{
	TT_ETH_WAIT_SYNC(0, erisc_info->channels[0].bytes_sent == 0, 0);
}

/* Sender: send the count (channel 0), then wait for the receiver to clear it. */
static FORCE_INLINE void tt_eth_wait_for_receiver_done(void)
{
	tt_eth_send(tt_eth_sync_addr(0), tt_eth_sync_addr(0), 16);
	tt_eth_wait_receiver_done();
}

#define eth_wait_for_receiver_done(...) tt_eth_wait_for_receiver_done()
#define eth_wait_receiver_done(...)	tt_eth_wait_receiver_done()

static FORCE_INLINE bool eth_is_receiver_channel_send_acked(uint32_t channel)
{
	return erisc_info->channels[channel].receiver_ack != 0;
}

static FORCE_INLINE bool eth_is_receiver_channel_send_done(uint32_t channel)
{
	return erisc_info->channels[channel].bytes_sent == 0;
}

static FORCE_INLINE void eth_wait_for_receiver_channel_done(uint32_t channel)
{
	TT_ETH_WAIT_SYNC(channel, erisc_info->channels[channel].bytes_sent == 0, 0);
}

static FORCE_INLINE void eth_clear_sender_channel_ack(uint32_t channel)
{
	erisc_info->channels[channel].receiver_ack = 0;
}

/*
 * Receiver: first-level ack.  @ack_word_addr is 16 bytes of this L1 whose
 * first word is 1: its second word is set to 1 and the 16 bytes go to the
 * far end's channel sync from its receiver_ack on.
 */
static FORCE_INLINE void eth_receiver_channel_ack(uint32_t channel, uint32_t ack_word_addr)
{
	erisc_info->channels[channel].receiver_ack = 1;
	((volatile uint32_t *)(uintptr_t)ack_word_addr)[1] = 1;
	tt_eth_send(ack_word_addr, tt_eth_sync_addr(channel), 16);
}

/* Receiver: bytes_sent = 1 here and at the far end (a handshake). */
static FORCE_INLINE void tt_eth_receiver_acknowledge(uint32_t channel)
{
	erisc_info->channels[channel].bytes_sent = 1;
	tt_eth_send(tt_eth_sync_addr(channel), tt_eth_sync_addr(channel), 16);
}

static FORCE_INLINE void tt_eth_wait_receiver_acknowledge(uint32_t channel)
{
	TT_ETH_WAIT_SYNC(channel, erisc_info->channels[channel].bytes_sent == 1, 1);
}

/* (channel = 0): the channel given, else 0. */
#define TT_ETH_CHANNEL_ARG(dummy, ch, ...) ch
#define eth_receiver_acknowledge(...) \
	tt_eth_receiver_acknowledge(TT_ETH_CHANNEL_ARG(0, ##__VA_ARGS__, 0))
#define eth_wait_receiver_acknowledge(...) \
	tt_eth_wait_receiver_acknowledge(TT_ETH_CHANNEL_ARG(0, ##__VA_ARGS__, 0))

/* Wait until the link takes another send. */
static FORCE_INLINE void tt_wait_for_eth_txq_cmd_space(void)
{
	tt_eth_wait_txq();
}

#define wait_for_eth_txq_cmd_space(...) tt_wait_for_eth_txq_cmd_space()

/* tt-metal's semaphore waits on an ethernet core: the same sleep. */
#define eth_noc_semaphore_wait(sem, val, ...)	  noc_semaphore_wait((sem), (val))
#define eth_noc_semaphore_wait_min(sem, val, ...) noc_semaphore_wait_min((sem), (val))
#define eth_noc_async_read_barrier(...)		  noc_async_read_barrier()
#define eth_noc_async_write_barrier(...)	  noc_async_write_barrier()

#ifdef __cplusplus
/* tt-metal's raw transmit-queue calls: word (16-byte) addresses and sizes. */
namespace internal_ {
inline bool eth_txq_is_busy(uint32_t q)
{
	(void)q;
	return ::eth_txq_is_busy();
}

template <bool ctx_switch = true>
inline void eth_send_packet(uint32_t q, uint32_t src_word, uint32_t dst_word, uint32_t words)
{
	(void)q;
	tt_eth_send(src_word << 4, dst_word << 4, words << 4);
}

inline void eth_send_packet_unsafe(uint32_t q, uint32_t src_word, uint32_t dst_word, uint32_t words)
{
	(void)q;
	tt_eth_send(src_word << 4, dst_word << 4, words << 4);
}

inline void eth_send_packet_bytes_unsafe(uint32_t q, uint32_t src, uint32_t dst, uint32_t bytes)
{
	(void)q;
	tt_eth_send(src, dst, bytes);
}

/* The firmware's turn on a real ERISC; here, sleep until something lands. */
inline void risc_context_switch(bool skip_sync = false)
{
	(void)skip_sync;
	run_routing();
}
} // namespace internal_
#endif

#endif /* TT_ETH_API_H */
