/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The resident firmware's globals that kernels read: defined in
 * firmware/fw_common.c, exported by name (objcopy -K 'fw_*') and resolved
 * when a kernel is linked.  The one declaration of each, for the firmware
 * and for the kernel API alike.
 */
#ifndef TT_FW_GLOBALS_H
#define TT_FW_GLOBALS_H

#include <stdint.h>

#include "tt_noc_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Set up before every kernel call. */
extern uint32_t fw_risc;
extern uint32_t fw_kernel_config_base;
extern volatile uint32_t *fw_rta_base;
extern volatile uint32_t *fw_crta_base;
extern uint32_t fw_sem_base;
extern uint32_t fw_my_x, fw_my_y;   /* logical: (0, channel) on an ethernet core */
extern uint32_t fw_my_eth;	    /* an ethernet core */
extern uint32_t fw_noc_x, fw_noc_y; /* virtual NoC */

/*
 * NoC: the NoC this RISC's kernel uses, and per NoC the software
 * counters the barriers compare with the hardware status counters.
 */
extern uint32_t fw_noc_index;
extern uint32_t fw_noc_reads_num_issued[TT_NOC_COUNT];
extern uint32_t fw_noc_nonposted_writes_num_issued[TT_NOC_COUNT];
extern uint32_t fw_noc_nonposted_writes_acked[TT_NOC_COUNT];
extern uint32_t fw_noc_nonposted_atomics_acked[TT_NOC_COUNT];
extern uint32_t fw_noc_posted_writes_num_issued[TT_NOC_COUNT];

#ifdef __cplusplus
}
#endif

#endif /* TT_FW_GLOBALS_H */
