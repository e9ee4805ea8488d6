// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's internal/dataflow/dataflow_api_common.h: the data-movement
 * kernel's globals (noc_index, the bank tables, the runtime-arg bases),
 * which api/dataflow/dataflow_api.h declares here.
 */
#ifndef TT_INTERNAL_DATAFLOW_DATAFLOW_API_COMMON_H
#define TT_INTERNAL_DATAFLOW_DATAFLOW_API_COMMON_H

#include "api/dataflow/dataflow_api.h"

#endif
