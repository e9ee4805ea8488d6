// SPDX-License-Identifier: Apache-2.0
/*
 * The host's end of a system's ethernet links (hal/tt_link.h): the links
 * file and wake FIFOs, the chips joining them, and the commits that
 * release launches.
 */
#ifndef TT_SYSTEM_LINK_H
#define TT_SYSTEM_LINK_H

#include <stdint.h>

#include "tt_link.h"

struct tt_device;
struct tt_links;

/* Create the links of @nchips chips whose channels reach @peer. */
int tt_links_open(uint32_t nchips, const uint16_t (*peer)[TT_LINK_CHANNELS], struct tt_links **out);
/* Chip @chip (@dev) joins them; TT_EDEVICE with the device's reason. */
int tt_links_join(struct tt_links *l, struct tt_device *dev, uint32_t chip);
/* The chips are about to close: they forget the links (before close). */
void tt_links_detach(struct tt_links *l);
void tt_links_close(struct tt_links *l);

/* Commits wait while held, and one is made when the last hold ends. */
void tt_links_hold(struct tt_links *l);
void tt_links_unhold(struct tt_links *l);

#endif /* TT_SYSTEM_LINK_H */
