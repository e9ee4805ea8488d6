// SPDX-License-Identifier: Apache-2.0
/*
 * Firmware pieces common to all five RISCs: identity, the kernel API
 * globals, NoC set-up, CB interfaces, launching the kernel of this RISC,
 * trap reports and fatal halts.
 */
#include "fw.h"

uint32_t fw_risc;
uint32_t fw_kernel_config_base;
volatile uint32_t *fw_rta_base;
volatile uint32_t *fw_crta_base;
uint32_t fw_sem_base;
uint32_t fw_my_x, fw_my_y;
uint32_t fw_my_eth;
uint32_t fw_noc_x, fw_noc_y;
uint8_t *fw_heap_ptr;
uint8_t *fw_heap_end;
uint32_t fw_noc_index;
uint32_t fw_noc_reads_num_issued[TT_NOC_COUNT];
uint32_t fw_noc_nonposted_writes_num_issued[TT_NOC_COUNT];
uint32_t fw_noc_nonposted_writes_acked[TT_NOC_COUNT];
uint32_t fw_noc_nonposted_atomics_acked[TT_NOC_COUNT];
uint32_t fw_noc_posted_writes_num_issued[TT_NOC_COUNT];

void fw_identify(void)
{
	uint32_t id = TT_EMU_REG(ID);
	uint32_t noc_xy = TT_EMU_REG(NOC_XY);

	fw_risc = TT_FIELD_GET(EMU, ID, RISC, id);
	fw_my_x = TT_FIELD_GET(EMU, ID, X, id);
	fw_my_y = TT_FIELD_GET(EMU, ID, Y, id);
	fw_my_eth = TT_FIELD_GET(EMU, ID, ETH, id);
	fw_noc_x = TT_FIELD_GET(EMU, NOC_XY, X, noc_xy);
	fw_noc_y = TT_FIELD_GET(EMU, NOC_XY, Y, noc_xy);
}

#define FW_NOC_REG(noc, buf, reg)                                            \
	(*(volatile uint32_t *)(TT_MMIO_NOC0_BASE + (noc)*TT_MMIO_NOC_SIZE + \
				(buf)*TT_NOC_CMD_BUF_STRIDE + (reg)))
#define FW_NOC_STATUS(noc, idx) FW_NOC_REG(noc, 0, TT_A_NOC_STATUS0 + 4 * (idx))

/*
 * As tt-metal's noc_init: the local end of every command buffer (the
 * source of writes, the destination of reads and atomic returns) is this
 * core, so the kernel API writes only the remote coordinates.
 */
void fw_noc_init(void)
{
	uint32_t xy =
		TT_FIELD_VAL(NOC, ADDR_MID, X, fw_noc_x) | TT_FIELD_VAL(NOC, ADDR_MID, Y, fw_noc_y);

	for (uint32_t noc = 0; noc < TT_NOC_COUNT; noc++) {
		for (uint32_t buf = 0; buf < TT_NOC_CMD_BUFS; buf++) {
			FW_NOC_REG(noc, buf, TT_A_NOC_TARG_ADDR_MID) = xy;
			FW_NOC_REG(noc, buf, TT_A_NOC_RET_ADDR_MID) = xy;
		}
	}
}

void fw_noc_local_state_init(void)
{
	for (uint32_t noc = 0; noc < TT_NOC_COUNT; noc++) {
		fw_noc_reads_num_issued[noc] = FW_NOC_STATUS(noc, TT_NOC_ST_MST_RD_RESP_RECEIVED);
		fw_noc_nonposted_writes_num_issued[noc] =
			FW_NOC_STATUS(noc, TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT);
		fw_noc_nonposted_writes_acked[noc] =
			FW_NOC_STATUS(noc, TT_NOC_ST_MST_WR_ACK_RECEIVED);
		fw_noc_nonposted_atomics_acked[noc] =
			FW_NOC_STATUS(noc, TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED);
		fw_noc_posted_writes_num_issued[noc] =
			FW_NOC_STATUS(noc, TT_NOC_ST_MST_POSTED_WR_REQ_SENT);
	}
}

#define FW_STREAM_REG(cb, reg) \
	(*(volatile uint32_t *)(TT_MMIO_STREAM_BASE + (cb)*TT_STREAM_STRIDE + TT_A_STREAM_##reg))

void fw_cb_reset_counters(uint32_t mask)
{
	for (uint32_t cb = 0; cb < TT_NUM_CBS; cb++) {
		if (!(mask & (1u << cb)))
			continue;
		FW_STREAM_REG(cb, TILES_RECEIVED) = 0;
		FW_STREAM_REG(cb, TILES_ACKED) = 0;
	}
}

void fw_tile_configure(uint32_t cfg)
{
	volatile uint32_t *tile = (volatile uint32_t *)TT_MMIO_TILE_BASE;

	tile[TT_A_TILE_ARG0 / 4] = cfg;
	tile[TT_A_TILE_CMD / 4] = TT_TILE_CMD_CONFIG;
}

/*
 * tt-metal's setup_local_cb_read_write_interfaces: this RISC's interface
 * of every CB in the launch's mask from the config words in the blob;
 * the others are marked unconfigured (no pages).
 */
static void fw_cb_init(uint32_t cfg_base, uint32_t mask)
{
	struct tt_cb_interface *cb = TT_CB_INTERFACE(fw_risc);
	const volatile uint32_t *cfg = (const volatile uint32_t *)cfg_base;

	for (uint32_t i = 0; i < TT_NUM_CBS; i++, cb++, cfg += TT_CB_CONFIG_WORDS) {
		uint32_t addr = cfg[TT_CB_CONFIG_ADDR];

		if (!(mask & (1u << i))) {
			cb->fifo_num_pages = 0;
			continue;
		}
		cb->fifo_size = cfg[TT_CB_CONFIG_SIZE];
		cb->fifo_limit = addr + cb->fifo_size;
		cb->fifo_num_pages = cfg[TT_CB_CONFIG_NUM_PAGES];
		cb->fifo_page_size = cfg[TT_CB_CONFIG_PAGE_SIZE];
		cb->fifo_rd_ptr = addr;
		cb->fifo_wr_ptr = addr;
		cb->reserved = 0;
		cb->waited = 0;
		cb->used = 0;
	}
}

uint32_t fw_run_kernel(void)
{
	volatile struct tt_kernel_config_msg *kc = &FW_MAILBOX->launch[0].kernel_config;
	volatile struct tt_kernel_result *res = &FW_MAILBOX->result[fw_risc];
	uint32_t base = kc->kernel_config_base;
	uint32_t trapped;

	fw_kernel_config_base = base;
	fw_rta_base = (volatile uint32_t *)(base + kc->rta_offset[fw_risc].rta_offset);
	fw_crta_base = (volatile uint32_t *)(base + kc->rta_offset[fw_risc].crta_offset);
	fw_sem_base = base + kc->sem_offset;
	fw_heap_ptr = (uint8_t *)(TT_MEM_HEAP_BASE + fw_risc * TT_MEM_HEAP_SLOT_SIZE);
	fw_heap_end = fw_heap_ptr + TT_MEM_HEAP_SLOT_SIZE;
	fw_noc_index = fw_risc == TT_RISC_NCRISC ? kc->ncrisc_noc_id : kc->brisc_noc_id;
	if (fw_risc <= TT_RISC_NCRISC)
		fw_noc_local_state_init();
	fw_cb_init(base + kc->local_cb_offset, kc->local_cb_mask);

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

/*
 * Called from fw_trap_entry with a usable stack and the trapped code's
 * a0, a1 and a7.  An ecall from a kernel's exit() or abort()
 * (firmware/kernel_entry.c) or from a kernel API check (tt_kernel_fault)
 * is reported as what it is: the cause says which, the pc is the call
 * site, the tval the exit code.
 */
void fw_trap_report(uint32_t a0, uint32_t a1, uint32_t a7)
{
	uint32_t cause, epc, tval;

	__asm__ volatile("csrr %0, mcause" : "=r"(cause));
	__asm__ volatile("csrr %0, mepc" : "=r"(epc));
	__asm__ volatile("csrr %0, mtval" : "=r"(tval));
	if (cause == TT_MCAUSE_ECALL_M && a7 >= TT_ECALL_EXIT && a7 <= TT_ECALL_FAULT) {
		cause = TT_MCAUSE_KERNEL_EXIT + (a7 - TT_ECALL_EXIT);
		epc = a1;
		tval = a0;
	}
	TT_EMU_REG(TRAP_CAUSE) = cause;
	TT_EMU_REG(TRAP_EPC) = epc;
	TT_EMU_REG(TRAP_TVAL) = tval;
	TT_EMU_REG(TRAP_REPORT) = 1;
}

#define FW_CSRW(csr, v) __asm__ volatile("csrw " #csr ", %0" : : "r"(v))

/*
 * What kernels may not write (trap.S runs them with MPRV, so these
 * entries check their loads and stores; the firmware is not bound by
 * unlocked entries).  Priority is by index; the last entry allows the
 * rest of the address space, where unmapped accesses still reach the
 * device model and are reported by it.  Every boundary is on a page, so
 * QEMU keeps caching the checks per page.
 *
 *   0  [0, system data end)            R    mailbox, MEM_ZEROS, bank tables
 *   1  [.., firmware end)              R X  firmware text of the five RISCs
 *   2  [.., kernel text base)          R W  heap, CB interfaces, args
 *   3  [.., kernel config end)         R X  kernel text of the five RISCs
 *   4  everything (NAPOT 4 GiB)        R W X
 */
void fw_pmp_init(void)
{
	uint32_t cfg0 = (TT_PMP_TOR | TT_PMP_R) | (TT_PMP_TOR | TT_PMP_R | TT_PMP_X) << 8 |
			(TT_PMP_TOR | TT_PMP_R | TT_PMP_W) << 16 |
			(TT_PMP_TOR | TT_PMP_R | TT_PMP_X) << 24;

	FW_CSRW(pmpaddr0, TT_MEM_SYSTEM_DATA_END >> 2);
	FW_CSRW(pmpaddr1, TT_MEM_FIRMWARE_END >> 2);
	FW_CSRW(pmpaddr2, TT_MEM_KERNEL_TEXT_BASE >> 2);
	FW_CSRW(pmpaddr3, TT_MEM_KERNEL_CONFIG_END >> 2);
	FW_CSRW(pmpaddr4, 0x1fffffffu);
	FW_CSRW(pmpcfg1, TT_PMP_NAPOT | TT_PMP_R | TT_PMP_W | TT_PMP_X);
	FW_CSRW(pmpcfg0, cfg0);
}

/* The trap registers still hold the trap fw_trap_report() sent. */
void fw_halt(void)
{
	fw_waypoint("DEAD");
	tt_wait_describe(TT_WAIT_HALTED, TT_EMU_REG(TRAP_CAUSE), TT_EMU_REG(TRAP_EPC), 0);
	for (;;)
		tt_wfi();
}
