/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One chip's end of the system's links (ttx_link.h, hal/tt_link.h).
 *
 * The step protocol needs no coordinator: whoever completes a step (the
 * last chip to arrive, or a chip that finds a step complete because the
 * host marked a dead chip arrived, or a commit waiting on a quiescent
 * system) ends it under the shared lock and wakes the chips the next step
 * concerns.  A chip learns of a new step only in ttx_link_poll, which the
 * machine calls with every hart asleep, so packets and host messages land
 * at the same instruction count on every run.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tt_link.h"
#include "ttx_link.h"

struct TTLink {
    struct tt_link_sys *sys;
    uint8_t *map;
    size_t map_size;
    unsigned chip;
    unsigned nchips;
    int wake_rd;                    /* our FIFO */
    int wake_wr[TT_LINK_MAX_CHIPS]; /* the chips' FIFOs, opened on use */
    char dir[256];
    uint64_t step;                   /* the step this chip has begun */
    uint32_t release;                /* host messages it may apply */
    uint32_t quiescent_seen;         /* last quiescence reported */
    uint64_t sent[TT_LINK_CHANNELS]; /* ring bytes sent in this step */
    uint8_t *buf;                    /* one packet's bytes */
};

static void link_lock(struct tt_link_sys *sys)
{
    if (pthread_mutex_lock(&sys->lock) == EOWNERDEAD) {
        /* A chip died holding it: the fields it was changing are whole
         * words, and its part is taken over by the host (dead). */
        pthread_mutex_consistent(&sys->lock);
    }
}

static void link_wake(TTLink *l, unsigned chip)
{
    static const char byte = 1;

    if (l->wake_wr[chip] < 0) {
        char path[300];

        snprintf(path, sizeof(path), "%s/wake.%u", l->dir, chip);
        l->wake_wr[chip] = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (l->wake_wr[chip] < 0) {
            return; /* not joined yet: it polls when it joins */
        }
    }
    /* EAGAIN: the FIFO is full of wakes already. */
    if (write(l->wake_wr[chip], &byte, 1) < 0 && errno != EAGAIN) {
        close(l->wake_wr[chip]);
        l->wake_wr[chip] = -1;
    }
}

/*
 * The step is complete (every active chip arrived) or none is running:
 * decide who takes part in the next one.  Lock held.  A chip that was
 * sent packets, or waits to send, takes part; when none does, the
 * system is quiescent and the oldest commit starts the chips it
 * releases, or, with none left, every chip is told so.
 */
static void link_end_step(TTLink *l, uint8_t *wake)
{
    struct tt_link_sys *sys = l->sys;
    bool next[TT_LINK_MAX_CHIPS] = {false};
    unsigned n = 0;

    for (unsigned a = 0; a < sys->nchips; a++) {
        for (unsigned ch = 0; ch < TT_LINK_CHANNELS; ch++) {
            struct tt_link_ring *r = &sys->ring[a][ch];
            unsigned p = sys->peer[a][ch], b = p >> 8;

            if (r->tail == r->head) {
                continue;
            }
            if (p == TT_LINK_NO_PEER || b >= sys->nchips || sys->chip[b].dead) {
                r->head = r->tail; /* nobody will read them */
                continue;
            }
            n += !next[b];
            next[b] = true;
        }
    }
    for (unsigned c = 0; c < sys->nchips; c++) {
        if (sys->chip[c].waiting && !sys->chip[c].dead && !next[c]) {
            next[c] = true;
            n++;
        }
    }
    while (!n && sys->commit_head != sys->commit_tail) {
        const struct tt_link_commit *cm =
            &sys->commits[sys->commit_head % TT_LINK_COMMITS];

        for (unsigned c = 0; c < sys->nchips; c++) {
            if (!sys->chip[c].dead && cm->sent[c] > sys->chip[c].release) {
                sys->chip[c].release = cm->sent[c];
                next[c] = true;
                n++;
            }
        }
        sys->commit_head++;
    }
    sys->step++;
    sys->quiescent = !n;
    if (!n) {
        sys->quiescent_gen++;
    }
    for (unsigned c = 0; c < sys->nchips; c++) {
        sys->chip[c].active = next[c];
        sys->chip[c].arrived = 0;
        if (next[c]) {
            sys->chip[c].step = sys->step;
        }
        if ((next[c] || !n) && !sys->chip[c].dead) {
            wake[c] = 1;
        }
    }
    sys->nactive = n;
    sys->narrived = 0;
}

/* A step left complete, or commits left waiting on a quiescent system. */
static void link_settle(TTLink *l, uint8_t *wake)
{
    struct tt_link_sys *sys = l->sys;

    if ((sys->nactive && sys->narrived >= sys->nactive) ||
        (!sys->nactive && sys->commit_head != sys->commit_tail)) {
        link_end_step(l, wake);
    }
}

static void link_wake_all(TTLink *l, const uint8_t *wake)
{
    for (unsigned c = 0; c < l->nchips; c++) {
        if (wake[c]) {
            link_wake(l, c);
        }
    }
}

static void ring_read(const uint8_t *ring, uint64_t pos, void *out, size_t len)
{
    size_t off = pos % TT_LINK_RING_SIZE, first = TT_LINK_RING_SIZE - off;

    if (first >= len) {
        memcpy(out, ring + off, len);
    } else {
        memcpy(out, ring + off, first);
        memcpy((uint8_t *)out + first, ring, len - first);
    }
}

static void ring_write(uint8_t *ring, uint64_t pos, const void *in, size_t len)
{
    size_t off = pos % TT_LINK_RING_SIZE, first = TT_LINK_RING_SIZE - off;

    if (first >= len) {
        memcpy(ring + off, in, len);
    } else {
        memcpy(ring + off, in, first);
        memcpy(ring, (const uint8_t *)in + first, len - first);
    }
}

static uint64_t packet_bytes(uint32_t len)
{
    return sizeof(struct tt_link_packet) + ((len + 15u) & ~15u);
}

/* Packets sent to this chip before its current step. */
static void link_deliver(TTLink *l, TTLinkDeliver deliver, void *opaque)
{
    for (unsigned ch = 0; ch < TT_LINK_CHANNELS; ch++) {
        unsigned p = l->sys->peer[l->chip][ch], a = p >> 8, ach = p & 0xff;
        struct tt_link_ring *r;
        const uint8_t *ring;
        uint64_t head, tail;

        if (p == TT_LINK_NO_PEER || a >= l->nchips || ach >= TT_LINK_CHANNELS) {
            continue;
        }
        r = &l->sys->ring[a][ach];
        ring = l->map + TT_LINK_RING_OFFSET(a, ach);
        head = r->head;
        tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
        while (tail - head >= sizeof(struct tt_link_packet)) {
            struct tt_link_packet pk;

            ring_read(ring, head, &pk, sizeof(pk));
            if (pk.step >= l->step || pk.len > TT_LINK_STEP_BYTES) {
                break;
            }
            ring_read(ring, head + sizeof(pk), l->buf, pk.len);
            deliver(opaque, ch, pk.addr, l->buf, pk.len);
            head += packet_bytes(pk.len);
        }
        __atomic_store_n(&r->head, head, __ATOMIC_RELEASE);
    }
}

TTLink *ttx_link_open(const char *dir, unsigned chip, char *err, size_t errlen)
{
    TTLink *l = calloc(1, sizeof(*l));
    char path[300];
    struct stat st;
    int fd;

    if (!l) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    for (unsigned c = 0; c < TT_LINK_MAX_CHIPS; c++) {
        l->wake_wr[c] = -1;
    }
    l->wake_rd = -1;
    l->buf = malloc(TT_LINK_STEP_BYTES);
    if (!l->buf) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    snprintf(l->dir, sizeof(l->dir), "%s", dir);
    l->chip = chip;
    snprintf(path, sizeof(path), "%s/links", dir);
    fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st) < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        goto fail;
    }
    l->map_size = (size_t)st.st_size;
    l->map = mmap(NULL, l->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (l->map == MAP_FAILED) {
        l->map = NULL;
        snprintf(err, errlen, "mapping %s: %s", path, strerror(errno));
        goto fail;
    }
    l->sys = (struct tt_link_sys *)l->map;
    if (l->map_size < TT_LINK_HEADER_SIZE || l->sys->magic != TT_LINK_MAGIC ||
        l->sys->version != TT_LINK_VERSION ||
        l->sys->nchips > TT_LINK_MAX_CHIPS || chip >= l->sys->nchips ||
        l->map_size < TT_LINK_FILE_SIZE(l->sys->nchips)) {
        snprintf(err, errlen,
                 "%s is not the links file of a system with chip %u", path,
                 chip);
        goto fail;
    }
    l->nchips = l->sys->nchips;
    snprintf(path, sizeof(path), "%s/wake.%u", dir, chip);
    /* Read and write: the FIFO never reads end-of-file. */
    l->wake_rd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (l->wake_rd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        goto fail;
    }
    link_lock(l->sys);
    l->step = l->sys->chip[chip].step;
    l->release = l->sys->chip[chip].release;
    l->quiescent_seen = l->sys->quiescent_gen;
    pthread_mutex_unlock(&l->sys->lock);
    return l;

fail:
    ttx_link_close(l);
    return NULL;
}

void ttx_link_close(TTLink *l)
{
    if (!l) {
        return;
    }
    for (unsigned c = 0; c < TT_LINK_MAX_CHIPS; c++) {
        if (l->wake_wr[c] >= 0) {
            close(l->wake_wr[c]);
        }
    }
    if (l->wake_rd >= 0) {
        close(l->wake_rd);
    }
    if (l->map) {
        munmap(l->map, l->map_size);
    }
    free(l->buf);
    free(l);
}

int ttx_link_fd(const TTLink *l)
{
    return l->wake_rd;
}

uint32_t ttx_link_peer(const TTLink *l, unsigned channel)
{
    return channel < TT_LINK_CHANNELS ? l->sys->peer[l->chip][channel]
                                      : TT_LINK_NO_PEER;
}

uint32_t ttx_link_release(const TTLink *l)
{
    return l->release;
}

bool ttx_link_quiescent(const TTLink *l)
{
    return __atomic_load_n(&l->sys->quiescent, __ATOMIC_ACQUIRE) != 0;
}

unsigned ttx_link_poll(TTLink *l, TTLinkDeliver deliver, void *opaque)
{
    struct tt_link_sys *sys = l->sys;
    struct tt_link_chip *me = &sys->chip[l->chip];
    uint8_t wake[TT_LINK_MAX_CHIPS] = {0};
    unsigned flags = 0;
    char drain[64];

    while (read(l->wake_rd, drain, sizeof(drain)) > 0) {
    }
    link_lock(sys);
    link_settle(l, wake);
    if (me->active && me->step != l->step) {
        l->step = me->step;
        l->release = me->release;
        me->waiting = 0;
        flags |= TTX_LINK_STEP;
    }
    if (sys->quiescent && sys->quiescent_gen != l->quiescent_seen) {
        l->quiescent_seen = sys->quiescent_gen;
        flags |= TTX_LINK_QUIESCENT;
    }
    pthread_mutex_unlock(&sys->lock);
    link_wake_all(l, wake);
    if (flags & TTX_LINK_STEP) {
        memset(l->sent, 0, sizeof(l->sent));
        link_deliver(l, deliver, opaque);
    }
    return flags;
}

void ttx_link_arrive(TTLink *l)
{
    struct tt_link_sys *sys = l->sys;
    struct tt_link_chip *me = &sys->chip[l->chip];
    uint8_t wake[TT_LINK_MAX_CHIPS] = {0};

    link_lock(sys);
    /* Only a step this chip has begun (polled) can end. */
    if (me->active && !me->arrived && me->step == l->step) {
        me->arrived = 1;
        sys->narrived++;
        link_settle(l, wake);
    }
    pthread_mutex_unlock(&sys->lock);
    link_wake_all(l, wake);
}

int ttx_link_send(TTLink *l, unsigned channel, uint32_t addr, const void *data,
                  uint32_t len)
{
    struct tt_link_sys *sys = l->sys;
    struct tt_link_ring *r;
    struct tt_link_packet pk = {.step = l->step, .addr = addr, .len = len};
    uint8_t *ring;
    uint64_t tail;

    if (channel >= TT_LINK_CHANNELS ||
        sys->peer[l->chip][channel] == TT_LINK_NO_PEER) {
        return -1;
    }
    r = &sys->ring[l->chip][channel];
    tail = r->tail;
    /*
     * The budget counts ring bytes, so a ring holds at most two steps (the
     * one its receiver has not begun, this one): the room test below is a
     * safety net that a deterministic run never reaches.
     */
    if (len > TT_LINK_STEP_BYTES) {
        return -2;
    }
    if ((l->sent[channel] &&
         l->sent[channel] + packet_bytes(len) > TT_LINK_STEP_BYTES) ||
        tail - __atomic_load_n(&r->head, __ATOMIC_ACQUIRE) + packet_bytes(len) >
            TT_LINK_RING_SIZE) {
        link_lock(sys);
        sys->chip[l->chip].waiting = 1;
        pthread_mutex_unlock(&sys->lock);
        return 1;
    }
    ring = l->map + TT_LINK_RING_OFFSET(l->chip, channel);
    ring_write(ring, tail, &pk, sizeof(pk));
    ring_write(ring, tail + sizeof(pk), data, len);
    __atomic_store_n(&r->tail, tail + packet_bytes(len), __ATOMIC_RELEASE);
    l->sent[channel] += packet_bytes(len);
    return 0;
}
