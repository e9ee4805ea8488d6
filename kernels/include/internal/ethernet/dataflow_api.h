// SPDX-License-Identifier: Apache-2.0
/* tt-metal's ethernet dataflow header: here, the dataflow API with the link calls. */
#ifndef TT_INTERNAL_ETHERNET_DATAFLOW_API_H
#define TT_INTERNAL_ETHERNET_DATAFLOW_API_H

#include "dataflow_api.h"
#include "eth_api.h"

#endif /* TT_INTERNAL_ETHERNET_DATAFLOW_API_H */
