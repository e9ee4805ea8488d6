/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Wormhole B0: everything the host's architecture descriptor lists, from
 * the two per-architecture maps of this directory.  A second architecture
 * is a directory next to this one with the same three files
 * (hal/blackhole/); nothing else names an architecture's numbers.
 */
#ifndef TT_HAL_WORMHOLE_ARCH_H
#define TT_HAL_WORMHOLE_ARCH_H

#define TT_ARCH_NAME			"wormhole_b0"

#include "tt_mem_map.h"
#include "tt_noc_map.h"

#endif /* TT_HAL_WORMHOLE_ARCH_H */
