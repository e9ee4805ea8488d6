// SPDX-License-Identifier: Apache-2.0
// tt-metal's include path hw/inc/api/debug/dprint.h (from its tt_metal/ root).
#ifndef TT_HW_INC_API_DEBUG_DPRINT_H
#define TT_HW_INC_API_DEBUG_DPRINT_H

#include "api/debug/dprint.h"

#endif
