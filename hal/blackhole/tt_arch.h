/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Blackhole: everything the host's architecture descriptor lists, from
 * the two per-architecture maps of this directory (see
 * hal/wormhole/tt_arch.h).  Described, not emulated: libtt knows its
 * numbers (allocator, layouts, sharding) but opens Wormhole B0 devices
 * only.
 */
#ifndef TT_HAL_BLACKHOLE_ARCH_H
#define TT_HAL_BLACKHOLE_ARCH_H

#define TT_ARCH_NAME			"blackhole"

#include "tt_mem_map.h"
#include "tt_noc_map.h"

#endif /* TT_HAL_BLACKHOLE_ARCH_H */
