/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One chip's end of its system's ethernet links and steps (hal/tt_link.h
 * has the shared file and the protocol).  Plain POSIX: the chip calls it
 * from the thread that runs its harts, with every hart asleep for
 * ttx_link_poll and ttx_link_arrive.
 */
#ifndef TTX_LINK_H
#define TTX_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct TTLink TTLink;

/* A packet for the ethernet core of @channel, to land at @addr. */
typedef void (*TTLinkDeliver)(void *opaque, unsigned channel, uint32_t addr,
                              const uint8_t *data, uint32_t len);

/*
 * Join the system whose links file is in @dir as chip @chip.  NULL on
 * failure, with the reason in @err.
 */
TTLink *ttx_link_open(const char *dir, unsigned chip, char *err, size_t errlen);
void ttx_link_close(TTLink *l);

/* The FIFO that wakes this chip between steps (readable: call poll). */
int ttx_link_fd(const TTLink *l);

/* Far end of @channel: chip << 8 | channel, or TT_LINK_NO_PEER. */
uint32_t ttx_link_peer(const TTLink *l, unsigned channel);

/* ttx_link_poll's result. */
#define TTX_LINK_STEP (1u << 0)      /* a step began: retry waiting sends */
#define TTX_LINK_QUIESCENT (1u << 1) /* tell the host the chip is idle */

/*
 * Every hart sleeps: begin a step the system has given this chip, if
 * any, delivering the packets sent to it before it; say whether the
 * system has become quiescent since the last call.
 */
unsigned ttx_link_poll(TTLink *l, TTLinkDeliver deliver, void *opaque);

/* Host messages this chip may apply (those a commit has released). */
uint32_t ttx_link_release(const TTLink *l);

/* Is no chip of the system active (nothing can run without the host)? */
bool ttx_link_quiescent(const TTLink *l);

/* Every hart sleeps: the chip is done with its step. */
void ttx_link_arrive(TTLink *l);

/*
 * Send @len bytes from @channel to @addr of the far ethernet core: 0 when
 * sent, 1 when the link has no room left in this step (the chip takes
 * part in the next step; send again then), -1 when @channel has no far
 * end, -2 when @len is more than a link moves in a step.
 */
int ttx_link_send(TTLink *l, unsigned channel, uint32_t addr, const void *data,
                  uint32_t len);

#endif /* TTX_LINK_H */
