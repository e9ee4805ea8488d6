// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's tensix_types.h: the tile-engine configuration structs and
 * Tensix constants of its LLK layer.  Kernels that include it for the
 * data-movement API need nothing from it; tensix-emu's tile engine keeps
 * its facts in hal/ (docs/decisions.md, "Compute path"), so this header
 * only makes that include build.
 */
#ifndef TT_TENSIX_TYPES_H
#define TT_TENSIX_TYPES_H

#include <stdint.h>

#endif
