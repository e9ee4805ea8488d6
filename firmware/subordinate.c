// SPDX-License-Identifier: Apache-2.0
/*
 * NCRISC and TRISC0..2 firmware: after boot, report DONE in this RISC's
 * byte of subordinate_sync; then, each time BRISC sets it to GO, run this
 * RISC's kernel, set it back to DONE and wake BRISC.
 */
#include "fw.h"

static volatile uint8_t *my_sync(void)
{
	volatile uint8_t *bytes = (volatile uint8_t *)&FW_MAILBOX->subordinate_sync;

	/* Byte order of tt_subordinate_sync: dm1, trisc0, trisc1, trisc2. */
	return &bytes[fw_risc - TT_RISC_NCRISC];
}

static void report_done(void)
{
	*my_sync() = TT_RUN_SYNC_MSG_DONE;
	tt_notify(1u << TT_RISC_BRISC);
}

void fw_main(void)
{
	volatile uint8_t *sync;

	fw_identify();
	sync = my_sync();
	fw_waypoint("GW  ");
	report_done();
	for (;;) {
		TT_WAIT_UNTIL(*sync == TT_RUN_SYNC_MSG_GO, TT_WAIT_SUBORDINATE_GO,
			      TT_MAILBOX_SUBORDINATE_SYNC_OFFSET + fw_risc - 1, TT_RUN_SYNC_MSG_GO,
			      *sync);
		fw_run_kernel();
		fw_waypoint("GW  ");
		report_done();
	}
}
