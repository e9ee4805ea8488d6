/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Data-movement kernel API (BRISC/NCRISC), tt-metal names in C.
 *
 * Not yet implemented: NoC reads/writes, barriers, semaphores, multicast,
 * address generators (the NoC engine of the device model comes first),
 * and circular buffers.
 */
#ifndef TT_DATAFLOW_API_H
#define TT_DATAFLOW_API_H

#include "tt_kernel.h"

#endif /* TT_DATAFLOW_API_H */
