// SPDX-License-Identifier: Apache-2.0
/*
 * BRISC firmware (and an ethernet core's one RISC's): boots the core,
 * releases the subordinates (a worker's), then serves
 * launches with slow-dispatch semantics:
 *
 *   wait for go -> zero the CB counters, configure the tile engine ->
 *   start NCRISC/TRISCs per enables -> run own kernel -> wait for the
 *   subordinates -> go = DONE -> ring the host doorbell
 *
 * Every wait sleeps in the HAL primitive; the host wakes BRISC with a
 * doorbell after writing the go message, subordinates wake it with NOTIFY.
 */
#include "fw.h"

#define SUBORDINATE_MASK                                                            \
	((1u << TT_RISC_NCRISC) | (1u << TT_RISC_TRISC0) | (1u << TT_RISC_TRISC1) | \
	 (1u << TT_RISC_TRISC2))

static volatile uint32_t *sync_word(void)
{
	return (volatile uint32_t *)&FW_MAILBOX->subordinate_sync;
}

static void release_subordinates(void)
{
	volatile uint32_t *reset_pc = (volatile uint32_t *)(TT_MMIO_EMU_BASE + TT_A_EMU_RESET_PC0);
	volatile uint32_t *soft_reset =
		(volatile uint32_t *)(TT_MMIO_RISCV_DEBUG_BASE + TT_A_DBG_SOFT_RESET_0);

	*sync_word() = TT_RUN_SYNC_MSG_ALL_INIT;
	reset_pc[TT_RISC_NCRISC] = TT_MEM_NCRISC_FIRMWARE_BASE;
	reset_pc[TT_RISC_TRISC0] = TT_MEM_TRISC0_FIRMWARE_BASE;
	reset_pc[TT_RISC_TRISC1] = TT_MEM_TRISC1_FIRMWARE_BASE;
	reset_pc[TT_RISC_TRISC2] = TT_MEM_TRISC2_FIRMWARE_BASE;
	*soft_reset = 0;
}

static void wait_subordinates_done(void)
{
	TT_WAIT_UNTIL(*sync_word() == TT_RUN_SYNC_MSG_ALL_DONE, TT_WAIT_SUBORDINATES_DONE,
		      TT_MAILBOX_SUBORDINATE_SYNC_OFFSET, TT_RUN_SYNC_MSG_ALL_DONE, *sync_word());
}

static void boot(void)
{
	volatile struct tt_core_info *ci = &FW_MAILBOX->core_info;

	fw_waypoint("INIT");
	ci->magic = 0;
	ci->absolute_logical_x = fw_my_x;
	ci->absolute_logical_y = fw_my_y;
	ci->noc_x = fw_noc_x;
	ci->noc_y = fw_noc_y;
	ci->grid_x = TT_FIELD_GET(EMU, GRID, X, TT_EMU_REG(GRID));
	ci->grid_y = TT_FIELD_GET(EMU, GRID, Y, TT_EMU_REG(GRID));
	ci->l1_unreserved_start = TT_MEM_L1_UNRESERVED_BASE;
	FW_MAILBOX->launch_msg_rd_ptr = 0;
	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++)
		FW_MAILBOX->result[r].status = TT_KERNEL_STATUS_IDLE;
	/* NoC reads of MEM_ZEROS zero L1 for kernels (noc_async_zero_l1). */
	for (uint32_t a = TT_MEM_ZEROS_BASE; a < TT_MEM_ZEROS_BASE + TT_MEM_ZEROS_SIZE; a += 4)
		*(volatile uint32_t *)a = 0;

	/* An ethernet core has no subordinates: its one RISC runs alone. */
	if (fw_my_eth) {
		*sync_word() = TT_RUN_SYNC_MSG_ALL_DONE;
	} else {
		release_subordinates();
		wait_subordinates_done();
	}

	FW_MAILBOX->go_message.signal = TT_RUN_MSG_DONE;
	ci->magic = TT_CORE_MAGIC_WORKER;
	fw_waypoint("GW  ");
	TT_EMU_REG(DOORBELL) = TT_DOORBELL_READY;
}

static void serve_launch(void)
{
	volatile struct tt_subordinate_sync *sync = &FW_MAILBOX->subordinate_sync;
	uint32_t enables = FW_MAILBOX->launch[0].kernel_config.enables;
	uint32_t wake = 0;

	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++)
		FW_MAILBOX->result[r].status = TT_KERNEL_STATUS_IDLE;
	/* TRISC0 does this on silicon; here nothing runs yet, so no race. */
	fw_cb_reset_counters(FW_MAILBOX->launch[0].kernel_config.local_cb_mask);
	if (enables & TT_ENABLE_MATH0)
		fw_tile_configure(FW_MAILBOX->launch[0].kernel_config.compute_cfg);
	if (enables & TT_ENABLE_DM1) {
		sync->dm1 = TT_RUN_SYNC_MSG_GO;
		wake |= 1u << TT_RISC_NCRISC;
	}
	if (enables & TT_ENABLE_MATH0) {
		sync->trisc0 = TT_RUN_SYNC_MSG_GO;
		sync->trisc1 = TT_RUN_SYNC_MSG_GO;
		sync->trisc2 = TT_RUN_SYNC_MSG_GO;
		wake |= (1u << TT_RISC_TRISC0) | (1u << TT_RISC_TRISC1) | (1u << TT_RISC_TRISC2);
	}
	if (wake)
		tt_notify(wake);

	if (enables & TT_ENABLE_DM0)
		fw_run_kernel();

	fw_waypoint("WSD ");
	wait_subordinates_done();
	FW_MAILBOX->go_message.signal = TT_RUN_MSG_DONE;
	fw_waypoint("GW  ");
	TT_EMU_REG(DOORBELL) = TT_DOORBELL_DONE;
}

void fw_main(void)
{
	volatile struct tt_go_msg *go = &FW_MAILBOX->go_message;

	fw_identify();
	fw_noc_init();
	boot();
	for (;;) {
		TT_WAIT_UNTIL(go->signal == TT_RUN_MSG_GO, TT_WAIT_GO, TT_MAILBOX_GO_OFFSET,
			      TT_RUN_MSG_GO, go->signal);
		serve_launch();
	}
}
