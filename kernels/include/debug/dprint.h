// SPDX-License-Identifier: Apache-2.0
// tt-metal's older include path debug/dprint.h.
#ifndef TT_DEBUG_DPRINT_H
#define TT_DEBUG_DPRINT_H

#include "api/debug/dprint.h"

#endif
