// SPDX-License-Identifier: Apache-2.0
// tt-metal's llk_math_eltwise_binary_sfpu_params.h: the SFPU face loops live in one header here.
#ifndef TT_LLK_MATH_ELTWISE_BINARY_SFPU_PARAMS_H
#define TT_LLK_MATH_ELTWISE_BINARY_SFPU_PARAMS_H

#include "llk_math_eltwise_sfpu_common.h"

#endif
