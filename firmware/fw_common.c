// SPDX-License-Identifier: Apache-2.0
/*
 * Firmware pieces common to all five RISCs: identity, the kernel API
 * globals, launching the kernel of this RISC, trap reports and fatal halts.
 */
#include "fw.h"

uint32_t fw_risc;
uint32_t fw_kernel_config_base;
volatile uint32_t *fw_rta_base;
volatile uint32_t *fw_crta_base;
uint32_t fw_sem_base;
uint32_t fw_my_x, fw_my_y;
uint32_t fw_noc_x, fw_noc_y;
uint8_t *fw_heap_ptr;
uint8_t *fw_heap_end;

/* WH B0 worker (x, y) sits at virtual NoC (18 + x, 18 + y) (§3.5). */
#define FW_VIRTUAL_WORKER_X0	18
#define FW_VIRTUAL_WORKER_Y0	18

void fw_identify(void)
{
	uint32_t id = TT_EMU_REG(ID);

	fw_risc = TT_FIELD_GET(EMU, ID, RISC, id);
	fw_my_x = TT_FIELD_GET(EMU, ID, X, id);
	fw_my_y = TT_FIELD_GET(EMU, ID, Y, id);
	fw_noc_x = FW_VIRTUAL_WORKER_X0 + fw_my_x;
	fw_noc_y = FW_VIRTUAL_WORKER_Y0 + fw_my_y;
}

uint32_t fw_run_kernel(void)
{
	volatile struct tt_kernel_config_msg *kc =
		&FW_MAILBOX->launch[0].kernel_config;
	volatile struct tt_kernel_result *res = &FW_MAILBOX->result[fw_risc];
	uint32_t base = kc->kernel_config_base;
	uint32_t trapped;

	fw_kernel_config_base = base;
	fw_rta_base = (volatile uint32_t *)(base + kc->rta_offset[fw_risc].rta_offset);
	fw_crta_base = (volatile uint32_t *)(base + kc->rta_offset[fw_risc].crta_offset);
	fw_sem_base = base + kc->sem_offset;
	fw_heap_ptr = (uint8_t *)(TT_MEM_HEAP_BASE + fw_risc * TT_MEM_HEAP_SLOT_SIZE);
	fw_heap_end = fw_heap_ptr + TT_MEM_HEAP_SLOT_SIZE;

	res->status = TT_KERNEL_STATUS_RUNNING;
	fw_waypoint("K   ");
	trapped = fw_call_kernel(base + kc->kernel_text_offset[fw_risc]);
	if (trapped) {
		res->mcause = TT_EMU_REG(TRAP_CAUSE);
		res->mepc = TT_EMU_REG(TRAP_EPC);
		res->mtval = TT_EMU_REG(TRAP_TVAL);
		res->status = TT_KERNEL_STATUS_TRAPPED;
		fw_waypoint("KT  ");
	} else {
		res->status = TT_KERNEL_STATUS_OK;
		fw_waypoint("KD  ");
	}
	return trapped;
}

/* Called from fw_trap_entry with a usable stack. */
void fw_trap_report(void)
{
	uint32_t v;

	__asm__ volatile("csrr %0, mcause" : "=r"(v));
	TT_EMU_REG(TRAP_CAUSE) = v;
	__asm__ volatile("csrr %0, mepc" : "=r"(v));
	TT_EMU_REG(TRAP_EPC) = v;
	__asm__ volatile("csrr %0, mtval" : "=r"(v));
	TT_EMU_REG(TRAP_TVAL) = v;
	TT_EMU_REG(TRAP_REPORT) = 1;
}

void fw_halt(void)
{
	tt_wait_describe(TT_WAIT_HALTED, FW_MAILBOX->debug.fatal_code,
			 FW_MAILBOX->debug.fatal_line, 0);
	for (;;)
		tt_wfi();
}

void fw_fatal(uint32_t code, uint32_t line)
{
	FW_MAILBOX->debug.fatal_code = code;
	FW_MAILBOX->debug.fatal_line = line;
	fw_waypoint("DEAD");
	fw_halt();
}
