// SPDX-License-Identifier: Apache-2.0
/*
 * The registry of live handles: a set of (pointer, kind) pairs, one per
 * device, buffer and program libtt has handed out and not yet released.
 *
 * Entry points look a handle up here before they dereference it, so a
 * double free, a use after free or a buffer passed where a device is
 * expected is refused with an error instead of touching freed memory.  A
 * pointer the C library later reuses for a new object of the same kind is
 * live again: the registry catches stale handles until then, which is
 * every case where the memory behind them is really gone.
 *
 * An open-addressing hash set with linear probing and backward-shift
 * deletion (no tombstones), grown at half full, behind one mutex: callers
 * from different threads driving different devices share it.
 */
#include <pthread.h>
#include <stdlib.h>

#include "base/base.h"

struct slot {
	uintptr_t key; /* 0: empty */
	enum tt_handle_kind kind;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct slot *slots;
static size_t cap; /* a power of two, or 0 */
static size_t used;

static size_t home(uintptr_t key)
{
	uint64_t h = (uint64_t)key * 0x9e3779b97f4a7c15ull;

	return (size_t)(h >> 32) & (cap - 1);
}

/* Index of @key, or of the empty slot where it would go. */
static size_t find(uintptr_t key)
{
	size_t i = home(key);

	while (slots[i].key && slots[i].key != key)
		i = (i + 1) & (cap - 1);
	return i;
}

static int grow(void)
{
	size_t old_cap = cap, ncap = cap ? cap * 2 : 64;
	struct slot *old = slots, *n = calloc(ncap, sizeof(*n));

	if (!n)
		return TT_ENOMEM;
	slots = n;
	cap = ncap;
	for (size_t i = 0; i < old_cap; i++)
		if (old[i].key)
			slots[find(old[i].key)] = old[i];
	free(old);
	return TT_OK;
}

int tt_handle_add(const void *obj, enum tt_handle_kind kind)
{
	uintptr_t key = (uintptr_t)obj;
	int rc = TT_OK;
	size_t i;

	pthread_mutex_lock(&lock);
	if ((used + 1) * 2 > cap)
		rc = grow();
	if (!rc) {
		i = find(key);
		if (!slots[i].key)
			used++;
		slots[i].key = key;
		slots[i].kind = kind;
	}
	pthread_mutex_unlock(&lock);
	return rc;
}

bool tt_handle_remove(const void *obj, enum tt_handle_kind kind)
{
	uintptr_t key = (uintptr_t)obj;
	size_t i, j;

	if (!obj)
		return false;
	pthread_mutex_lock(&lock);
	if (!cap) {
		pthread_mutex_unlock(&lock);
		return false;
	}
	i = find(key);
	if (!slots[i].key || slots[i].kind != kind) {
		pthread_mutex_unlock(&lock);
		return false;
	}
	/* Shift back every later entry of the run whose home allows it. */
	slots[i].key = 0;
	used--;
	for (j = (i + 1) & (cap - 1); slots[j].key; j = (j + 1) & (cap - 1)) {
		size_t h = home(slots[j].key);

		/* Keep slots[j] where it is if its home lies in (i, j]. */
		if (i <= j ? (i < h && h <= j) : (i < h || h <= j))
			continue;
		slots[i] = slots[j];
		slots[j].key = 0;
		i = j;
	}
	pthread_mutex_unlock(&lock);
	return true;
}

bool tt_handle_live(const void *obj, enum tt_handle_kind kind)
{
	bool live = false;
	size_t i;

	if (!obj)
		return false;
	pthread_mutex_lock(&lock);
	if (cap) {
		i = find((uintptr_t)obj);
		live = slots[i].key && slots[i].kind == kind;
	}
	pthread_mutex_unlock(&lock);
	return live;
}
