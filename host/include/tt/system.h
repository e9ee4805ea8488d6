/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Systems of chips: a set of emulated chips laid out as a mesh, the way
 * tt-metal names its machines.  Each chip is a whole device (tt/device.h:
 * its own grid, L1s, DRAM banks, firmware, run state, QEMU process); the
 * system opens them together and says where each one sits.
 *
 *   name      chips  mesh   links (per neighbouring pair)
 *   N150      1      1x1    none
 *   N300      2      1x2    the card's two chips
 *   T3000     8      2x4    mesh neighbours
 *   Galaxy    32     8x4    mesh neighbours (tt-metal's system mesh;
 *                          a 4x8 mesh opens on it transposed)
 *   RxC       R*C    RxC    mesh neighbours (e.g. "2x2")
 *
 * TT_VISIBLE_DEVICES=<ids> keeps the PCIe devices listed, as in tt-metal:
 * each N300 card brings its second chip, so two cards of a T3000 are a
 * 2x2 mesh; on a Galaxy or a plain mesh k chips are a 1xk line.
 *
 * Chip ids are row-major over the mesh: chip r * cols + c sits at (r, c).
 * A timeline trace (trace_path or TT_EMU_TRACE, docs/trace.md) is one file
 * per chip beside the path given: run.json -> run.chip0.json, ...
 * Names are case-insensitive; TG is another name for Galaxy.
 */
#ifndef TT_SYSTEM_H
#define TT_SYSTEM_H

#include <stdbool.h>
#include <stdint.h>

#include <tt/device.h>

struct tt_system;

/* Chips of a system beyond which an open is refused (a 8x8 mesh). */
#define TT_SYSTEM_MAX_CHIPS 64

struct tt_system_desc {
	char name[16];	     /* "T3000", or "2x2" for a plain mesh */
	uint32_t rows, cols; /* mesh shape */
	uint32_t pcie_chips; /* chips with a PCIe link of their own: one
				 * per N300 card, every chip elsewhere */
};

/*
 * Fill @out for the system named @name; NULL or "" means the one the
 * environment picks (TT_EMU_SYSTEM, else N150).  TT_EINVAL, with the
 * names it knows in the last error, for anything else.
 */
int tt_system_describe(const char *name, struct tt_system_desc *out);

struct tt_system_config {
	const char *name;	      /* as tt_system_describe() takes it */
	struct tt_device_config chip; /* every chip is opened with it */
};

/*
 * Open every chip of the system (several at once, one per host CPU) and
 * return when all are ready.  @cfg may be NULL for the defaults.  If one
 * chip fails to open, the others are closed and the error names the chip.
 */
int tt_system_open(const struct tt_system_config *cfg, struct tt_system **out);

/* Close every chip (tt_device_close); safe on NULL. */
int tt_system_close(struct tt_system *sys);

/* What @sys is; NULL if it is not an open system. */
const struct tt_system_desc *tt_system_desc(const struct tt_system *sys);

/* Chip @id (0 .. rows * cols - 1), or NULL (last error says why). */
struct tt_device *tt_system_chip(const struct tt_system *sys, uint32_t id);

/* Ethernet links between chips @a and @b (0: not neighbours). */
uint32_t tt_system_links(const struct tt_system *sys, uint32_t a, uint32_t b);

/*
 * Which ethernet channel of a chip joins which neighbour: each side of a
 * chip has four channels, west 0-3, north 4-7, east 8-11, south 12-15
 * (rows grow southwards, columns eastwards), and the k links to a
 * neighbour use the first k of that side.  East channel 8 + i joins the
 * east neighbour's west channel i, south 12 + i the south neighbour's
 * north 4 + i.  (A real cluster's wiring differs from card to card; tt-
 * metal programs ask for it, as they do here, through their device's
 * active ethernet cores and sockets.)
 *
 * The chip and channel at the far end of channel @channel of chip @chip:
 * TT_OK, TT_ENOENT when that channel has no link (an idle ethernet core),
 * TT_EINVAL for a chip or channel that does not exist.
 */
int tt_system_eth_peer(const struct tt_system *sys, uint32_t chip, uint32_t channel,
		       uint32_t *peer_chip, uint32_t *peer_channel);

/*
 * Ethernet between chips (docs/multi-device.md).  The chips of a system
 * with links run in steps: a kernel's packet reaches the far chip at the
 * start of its next step, so a run of several chips is as deterministic
 * as one of a single chip.  A launch on a chip starts once the whole
 * system is idle; launches made between tt_system_hold() and
 * tt_system_unhold() (TT-Metalium's EnqueueMeshWorkload on several chips)
 * start together.  Holds nest.  (TT_EMU_PARALLEL=1 runs chips without
 * links: their ethernet sends are guest errors.)
 */
int tt_system_hold(struct tt_system *sys);
int tt_system_unhold(struct tt_system *sys);

#endif /* TT_SYSTEM_H */
