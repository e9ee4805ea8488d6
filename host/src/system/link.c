// SPDX-License-Identifier: Apache-2.0
/*
 * The host's end of a system's ethernet links (link.h, hal/tt_link.h).
 *
 * The host takes no part in the steps: it creates the shared file, lets
 * the chips join, appends a commit after each message that wakes harts
 * (or one for several launches, between hold and unhold), and wakes a
 * chip to apply it when the system is quiescent.  A chip whose emulator
 * died is marked so, and counts as done with its step.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/base.h"
#include "device/device.h"
#include "system/link.h"
#include "tt_ctl.h"

#define JOIN_TIMEOUT_MS 10000

struct tt_links {
	char dir[256];
	struct tt_link_sys *sys;
	size_t size;
	uint32_t nchips;
	struct tt_device *chips[TT_LINK_MAX_CHIPS];
	int wake[TT_LINK_MAX_CHIPS]; /* read-write: a FIFO always has a reader */
	uint32_t hold;
	bool held_wake; /* a message woke harts while held */
};

static void lock(struct tt_link_sys *sys)
{
	if (pthread_mutex_lock(&sys->lock) == EOWNERDEAD)
		pthread_mutex_consistent(&sys->lock);
}

static void wake(struct tt_links *l, uint32_t chip)
{
	static const char byte = 1;

	/* EAGAIN: its FIFO holds wakes already; nothing else can fail on a
	 * FIFO we hold open for reading too. */
	if (l->wake[chip] >= 0 && write(l->wake[chip], &byte, 1) < 0)
		return;
}

int tt_links_open(uint32_t nchips, const uint16_t (*peer)[TT_LINK_CHANNELS], struct tt_links **out)
{
	struct tt_links *l = calloc(1, sizeof(*l));
	pthread_mutexattr_t ma;
	char path[512];
	int fd, rc = TT_EIO;

	*out = NULL;
	if (!l)
		return tt_fail(TT_ENOMEM, "the system's links: out of host memory");
	for (uint32_t c = 0; c < TT_LINK_MAX_CHIPS; c++)
		l->wake[c] = -1;
	l->nchips = nchips;
	if (nchips > TT_LINK_MAX_CHIPS || tt_shm_dir_create(l->dir, sizeof(l->dir))) {
		free(l);
		return tt_fail(TT_EIO,
			       "the system's links: cannot create a directory in /dev/shm: %s",
			       strerror(errno));
	}
	snprintf(path, sizeof(path), "%s/links", l->dir);
	l->size = TT_LINK_FILE_SIZE(nchips);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 || ftruncate(fd, (off_t)l->size))
		goto fail;
	l->sys = mmap(NULL, l->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
	close(fd);
	fd = -1;
	if (l->sys == MAP_FAILED) {
		l->sys = NULL;
		goto fail;
	}
	l->sys->nchips = nchips;
	l->sys->quiescent = 1;
	memcpy(l->sys->peer, peer, sizeof(l->sys->peer));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&l->sys->lock, &ma);
	pthread_mutexattr_destroy(&ma);
	for (uint32_t c = 0; c < nchips; c++) {
		snprintf(path, sizeof(path), "%s/wake.%u", l->dir, c);
		if (mkfifo(path, 0600))
			goto fail;
		l->wake[c] = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
		if (l->wake[c] < 0)
			goto fail;
	}
	l->sys->version = TT_LINK_VERSION;
	__atomic_store_n(&l->sys->magic, TT_LINK_MAGIC, __ATOMIC_RELEASE);
	*out = l;
	return TT_OK;

fail:
	rc = tt_fail(rc, "the system's links: %s: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	tt_links_close(l);
	return rc;
}

static void woke(void *ctx);
static void chip_gone(void *ctx, uint32_t chip);

static void flush(void *ctx);

static struct tt_device *peer(void *ctx, uint32_t chip, uint32_t channel, uint32_t *far_channel)
{
	struct tt_links *l = ctx;
	uint32_t p;

	if (chip >= l->nchips || channel >= TT_LINK_CHANNELS)
		return NULL;
	p = l->sys->peer[chip][channel];
	if (p == TT_LINK_NO_PEER || (p >> 8) >= l->nchips)
		return NULL;
	*far_channel = p & 0xff;
	return l->chips[p >> 8];
}

static const struct tt_dev_link_hooks hooks = {
	.woke = woke, .gone = chip_gone, .flush = flush, .peer = peer
};

int tt_links_join(struct tt_links *l, struct tt_device *dev, uint32_t chip)
{
	struct tt_ctl_link m = { .chip = chip };
	struct timespec t0, t;
	int rc;

	snprintf(m.dir, sizeof(m.dir), "%s", l->dir);
	lock(l->sys);
	/* Everything before the join (the boot) needs no commit. */
	l->sys->chip[chip].release = dev->ctl_sent + 1;
	pthread_mutex_unlock(&l->sys->lock);
	dev->linked_seen = false;
	rc = tt_dev_send(dev, TT_CTL_LINK, &m, sizeof(m));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!rc && !dev->linked_seen) {
		rc = tt_dev_pump(dev, 100);
		rc = rc < 0 ? rc : TT_OK;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >
		    JOIN_TIMEOUT_MS)
			rc = TT_ETIMEDOUT;
	}
	if (rc)
		return tt_fail(rc, "chip %u did not join the system's links", chip);
	if (dev->linked_status)
		return tt_fail(TT_EDEVICE, "chip %u cannot join the system's links: %s", chip,
			       dev->linked_why);
	l->chips[chip] = dev;
	dev->links = &hooks;
	dev->links_ctx = l;
	return TT_OK;
}

void tt_links_detach(struct tt_links *l)
{
	for (uint32_t c = 0; l && c < TT_LINK_MAX_CHIPS; c++) {
		if (l->chips[c]) {
			l->chips[c]->links = NULL;
			l->chips[c]->links_ctx = NULL;
		}
		l->chips[c] = NULL;
	}
}

void tt_links_close(struct tt_links *l)
{
	if (!l)
		return;
	/* The chips may be closed already: only ours to forget. */
	for (uint32_t c = 0; c < TT_LINK_MAX_CHIPS; c++)
		if (l->wake[c] >= 0)
			close(l->wake[c]);
	if (l->sys)
		munmap(l->sys, l->size);
	if (l->dir[0])
		tt_shm_dir_remove(l->dir);
	free(l);
}

/* Release every message sent so far: one commit, applied at a quiescence. */
static void commit(struct tt_links *l)
{
	struct tt_link_sys *sys = l->sys;
	bool quiescent;

	for (;;) {
		lock(sys);
		if (sys->commit_tail - sys->commit_head < TT_LINK_COMMITS)
			break;
		/* The chips are busy with earlier launches: let them get on. */
		pthread_mutex_unlock(&sys->lock);
		usleep(1000);
	}
	for (uint32_t c = 0; c < l->nchips; c++)
		sys->commits[sys->commit_tail % TT_LINK_COMMITS].sent[c] =
			l->chips[c] ? l->chips[c]->ctl_sent : 0;
	sys->commit_tail++;
	quiescent = !sys->nactive;
	pthread_mutex_unlock(&sys->lock);
	/* Nobody runs to apply it: any live chip does. */
	for (uint32_t c = 0; quiescent && c < l->nchips; c++) {
		if (l->chips[c] && !sys->chip[c].dead) {
			wake(l, c);
			break;
		}
	}
}

static void woke(void *ctx)
{
	struct tt_links *l = ctx;

	if (l->hold)
		l->held_wake = true;
	else
		commit(l);
}

/* Someone waits for a chip whose launch a hold keeps back: let it go. */
static void flush(void *ctx)
{
	struct tt_links *l = ctx;

	if (l->held_wake)
		commit(l);
	l->held_wake = false;
}

void tt_links_hold(struct tt_links *l)
{
	l->hold++;
}

void tt_links_unhold(struct tt_links *l)
{
	if (!l->hold || --l->hold)
		return;
	if (l->held_wake)
		commit(l);
	l->held_wake = false;
}

static void chip_gone(void *ctx, uint32_t chip)
{
	struct tt_links *l = ctx;
	struct tt_link_sys *sys = l->sys;
	struct tt_link_chip *c = &sys->chip[chip];

	lock(sys);
	if (!c->dead) {
		c->dead = 1;
		if (c->active && !c->arrived) {
			c->arrived = 1;
			sys->narrived++;
		}
	}
	pthread_mutex_unlock(&sys->lock);
	/* Whoever polls first ends the step it held up. */
	for (uint32_t i = 0; i < l->nchips; i++)
		if (i != chip && !sys->chip[i].dead)
			wake(l, i);
}
