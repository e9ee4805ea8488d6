// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's include path internal/risc_attribs.h: the pointer qualifiers
 * (tt_l1_ptr, tt_reg_ptr) and FORCE_INLINE, which every C++ kernel has
 * from api/tt_cxx_common.h.
 */
#ifndef TT_INTERNAL_RISC_ATTRIBS_H
#define TT_INTERNAL_RISC_ATTRIBS_H

#include "api/tt_cxx_common.h"

#endif
