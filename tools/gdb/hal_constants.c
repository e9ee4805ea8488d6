// SPDX-License-Identifier: Apache-2.0
/*
 * Writes tt_hal.py, the Python module of layout facts that gdb's tt
 * commands use (tools/gdb/tensix_gdb): addresses, struct offsets, register
 * offsets and fields, enum values and names, all taken from hal/ by the C
 * compiler, so the Python layer repeats no number.  Built and run by the
 * Makefile into $(O)/gdb/tt_hal.py.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tt_cb.h"
#include "tt_data_format.h"
#include "tt_emu_regs.h"
#include "tt_kernel_config.h"
#include "tt_mailbox.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"
#include "tt_noc_regs.h"
#include "tt_riscv.h"
#include "tt_stream_regs.h"
#include "tt_tile_regs.h"
#include "tt/program.h"

#define C(name)		      printf("%s = %llu\n", #name + 3, (unsigned long long)(name))
#define OFF(py, type, member) printf("%s = %zu\n", py, offsetof(type, member))
#define SIZE(py, type)	      printf("%s = %zu\n", py, sizeof(type))
/* A TT_FIELD: shift and width. */
#define F(blk, reg, fld)                                                                        \
	printf("R_%s_%s_%s = (%d, %d)\n", #blk, #reg, #fld, TT_R_##blk##_##reg##_##fld##_SHIFT, \
	       TT_R_##blk##_##reg##_##fld##_WIDTH)
/* An entry of a {value: "NAME"} table. */
#define N(name) printf("    %llu: \"%s\",\n", (unsigned long long)(name), #name + 3)

static void memory_map(void)
{
	C(TT_MEM_L1_SIZE);
	C(TT_MEM_MAILBOX_BASE);
	C(TT_MEM_FIRMWARE_BASE);
	C(TT_MEM_FIRMWARE_SLOT_SIZE);
	C(TT_MEM_FIRMWARE_END);
	C(TT_MEM_CB_INTERFACE_BASE);
	C(TT_MEM_CB_INTERFACE_SLOT_SIZE);
	C(TT_MEM_CB_INTERFACE_ENTRY_SIZE);
	C(TT_MEM_KERNEL_CONFIG_BASE);
	C(TT_MEM_KERNEL_TEXT_BASE);
	C(TT_MEM_KERNEL_SLOT_SIZE);
	C(TT_MEM_KERNEL_CONFIG_END);
	C(TT_MEM_LOCAL_BASE);
	C(TT_MMIO_BASE);
	C(TT_MMIO_NOC0_BASE);
	C(TT_MMIO_NOC1_BASE);
	C(TT_MMIO_STREAM_BASE);
	C(TT_MMIO_EMU_BASE);
	C(TT_MMIO_TILE_BASE);
	C(TT_NUM_CBS);
	C(TT_MAX_SEMAPHORES);
	C(TT_SEMAPHORE_STRIDE);
	C(TT_NOC_L1_ALIGNMENT);
	C(TT_NOC_VIRTUAL_WORKER_X0);
	C(TT_NOC_VIRTUAL_WORKER_Y0);
	C(TT_DRAM_BANKS);
}

static void riscs(void)
{
	C(TT_RISCS_PER_CORE);
	C(TT_RISC_BRISC);
	C(TT_RISC_NCRISC);
	C(TT_RISC_TRISC0);
	C(TT_RISC_TRISC1);
	C(TT_RISC_TRISC2);
	printf("RISC_NAMES = [");
	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++)
		printf("%s\"%s\"", r ? ", " : "", tt_risc_name(r));
	printf("]\n");
	C(TT_ENABLE_DM0);
	C(TT_ENABLE_DM1);
	C(TT_ENABLE_MATH0);
	C(TT_CSR_MIP_MSIP);
}

static void mailbox(void)
{
	const size_t launch =
		TT_MAILBOX_LAUNCH_OFFSET + offsetof(struct tt_launch_msg, kernel_config);

#define KC(py, member) \
	printf("%s = %zu\n", py, launch + offsetof(struct tt_kernel_config_msg, member))
	KC("MB_KERNEL_CONFIG_BASE", kernel_config_base);
	KC("MB_SEM_OFFSET", sem_offset);
	KC("MB_LOCAL_CB_OFFSET", local_cb_offset);
	KC("MB_RTA_OFFSET", rta_offset);
	KC("MB_LOCAL_CB_MASK", local_cb_mask);
	KC("MB_BRISC_NOC_ID", brisc_noc_id);
	KC("MB_NCRISC_NOC_ID", ncrisc_noc_id);
	KC("MB_HOST_ASSIGNED_ID", host_assigned_id);
	KC("MB_ENABLES", enables);
#undef KC
	SIZE("RTA_OFFSET_SIZE", struct tt_rta_offset);
	OFF("RTA_OFFSET_RTA", struct tt_rta_offset, rta_offset);
	OFF("RTA_OFFSET_CRTA", struct tt_rta_offset, crta_offset);
	printf("MB_GO_SIGNAL = %zu\n",
	       (size_t)TT_MAILBOX_GO_OFFSET + offsetof(struct tt_go_msg, signal));
	printf("MB_RESULT = %d\n", TT_MAILBOX_RESULT_OFFSET);
	SIZE("RESULT_SIZE", struct tt_kernel_result);
	OFF("RESULT_STATUS", struct tt_kernel_result, status);
	OFF("RESULT_MCAUSE", struct tt_kernel_result, mcause);
	OFF("RESULT_MEPC", struct tt_kernel_result, mepc);
	printf("MB_WAYPOINT = %zu\n",
	       (size_t)TT_MAILBOX_DEBUG_OFFSET + offsetof(struct tt_debug_msg, waypoint));
	C(TT_RUN_MSG_GO);
	C(TT_RUN_MSG_DONE);
	printf("KERNEL_STATUS = {\n");
	N(TT_KERNEL_STATUS_IDLE);
	N(TT_KERNEL_STATUS_RUNNING);
	N(TT_KERNEL_STATUS_OK);
	N(TT_KERNEL_STATUS_TRAPPED);
	printf("}\n");
}

static void circular_buffers(void)
{
	C(TT_CB_CONFIG_BYTES);
	printf("CB_CONFIG_ADDR = %d\n", TT_CB_CONFIG_ADDR * 4);
	printf("CB_CONFIG_SIZE = %d\n", TT_CB_CONFIG_SIZE * 4);
	printf("CB_CONFIG_NUM_PAGES = %d\n", TT_CB_CONFIG_NUM_PAGES * 4);
	printf("CB_CONFIG_PAGE_SIZE = %d\n", TT_CB_CONFIG_PAGE_SIZE * 4);
	OFF("CBI_FIFO_SIZE", struct tt_cb_interface, fifo_size);
	OFF("CBI_FIFO_LIMIT", struct tt_cb_interface, fifo_limit);
	OFF("CBI_PAGE_SIZE", struct tt_cb_interface, fifo_page_size);
	OFF("CBI_NUM_PAGES", struct tt_cb_interface, fifo_num_pages);
	OFF("CBI_RD_PTR", struct tt_cb_interface, fifo_rd_ptr);
	OFF("CBI_WR_PTR", struct tt_cb_interface, fifo_wr_ptr);
	OFF("CBI_RESERVED", struct tt_cb_interface, reserved);
	OFF("CBI_WAITED", struct tt_cb_interface, waited);
	OFF("CBI_USED", struct tt_cb_interface, used);
	C(TT_STREAM_STRIDE);
	C(TT_A_STREAM_TILES_ACKED);
	C(TT_A_STREAM_TILES_RECEIVED);
	F(STREAM, COUNTER, PAGES);
}

static void emu_block(void)
{
	C(TT_A_EMU_ID);
	C(TT_A_EMU_WAIT_KIND);
	C(TT_A_EMU_WAIT_ID);
	C(TT_A_EMU_WAIT_EXPECT);
	C(TT_A_EMU_WAIT_CURRENT);
	C(TT_A_EMU_TIME_L);
	C(TT_A_EMU_HART_TIME_L);
	C(TT_A_EMU_NOC_HELD0);
	C(TT_A_EMU_NOC_HELD1);
	C(TT_A_EMU_NOC_HELD_CMD0);
	F(EMU, NOC_HELD_INFO, KIND);
	F(EMU, NOC_HELD_INFO, RISC);
	F(EMU, NOC_HELD_INFO, BUF);
	F(EMU, NOC_HELD_INFO, TRID);
	C(TT_EMU_NOC_HELD_MAX);
	C(TT_EMU_NOC_HELD_BYTES);
	C(TT_EMU_NOC_HELD_INFO);
	C(TT_EMU_NOC_HELD_TARG_ADDR_LO);
	C(TT_EMU_NOC_HELD_TARG_ADDR_MID);
	C(TT_EMU_NOC_HELD_RET_ADDR_LO);
	C(TT_EMU_NOC_HELD_RET_ADDR_MID);
	C(TT_EMU_NOC_HELD_AT_LEN_BE);
	printf("NOC_HELD_KINDS = {\n");
	N(TT_NOC_HELD_READ);
	N(TT_NOC_HELD_WRITE);
	N(TT_NOC_HELD_POSTED_WRITE);
	printf("}\n");
	printf("WAIT_KINDS = {\n");
	N(TT_WAIT_NONE);
	N(TT_WAIT_RESET);
	N(TT_WAIT_GO);
	N(TT_WAIT_SUBORDINATE_GO);
	N(TT_WAIT_SUBORDINATES_DONE);
	N(TT_WAIT_CB_FRONT);
	N(TT_WAIT_CB_BACK);
	N(TT_WAIT_SEMAPHORE);
	N(TT_WAIT_SEMAPHORE_MIN);
	N(TT_WAIT_NOC_BARRIER);
	N(TT_WAIT_TILE_ENGINE);
	N(TT_WAIT_HALTED);
	printf("}\n");
}

static void noc(void)
{
	C(TT_NOC_COUNT);
	C(TT_A_NOC_STATUS0);
	C(TT_NOC_MAX_TRANSACTION_ID);
	F(NOC, ADDR_MID, X);
	F(NOC, ADDR_MID, Y);
	C(TT_NOC_ST_MST_RD_RESP_RECEIVED);
	C(TT_NOC_ST_MST_WR_ACK_RECEIVED);
	C(TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT);
	C(TT_NOC_ST_MST_POSTED_WR_REQ_SENT);
	C(TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED);
	printf("NOC_ST_MST_REQS_OUTSTANDING_ID = %d\n", TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0));
	printf("NOC_ST_MST_WRITE_REQS_OUTGOING_ID = %d\n", TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(0));
	/* wait descriptors' barrier ids, in the hang report's words */
	printf("NOC_BARRIER_NAMES = {\n");
	for (uint32_t id = 0; id <= TT_NOC_BARRIER_WRITES_SENT_TRID(TT_NOC_MAX_TRANSACTION_ID);
	     id++)
		if (tt_noc_barrier_is_trid(id) || id <= TT_NOC_BARRIER_ATOMICS)
			printf("    %u: (\"%s\", %s),\n", id, tt_noc_barrier_name(id),
			       tt_noc_barrier_is_trid(id) ? "True" : "False");
	printf("}\n");
}

static void tile_engine(void)
{
	printf("TILE_WAIT_NAMES = {\n");
	for (uint32_t cmd = TT_TILE_CMD_CONFIG; cmd <= TT_TILE_CMD_MATMUL_BLOCK; cmd++)
		printf("    %u: \"%s\",\n", cmd, tt_tile_cmd_wait_name(cmd));
	printf("}\n");
}

static void data_formats(void)
{
	C(TT_TILE_DIM);
	C(TT_TILE_FACE_DIM);
	C(TT_TILE_ELEMS);
	printf("DATA_FORMATS = {\n");
	N(TT_DF_FLOAT32);
	N(TT_DF_FLOAT16);
	N(TT_DF_BFP8);
	N(TT_DF_BFP4);
	N(TT_DF_TF32);
	N(TT_DF_FLOAT16_B);
	N(TT_DF_BFP8_B);
	N(TT_DF_BFP4_B);
	N(TT_DF_INT32);
	N(TT_DF_UINT16);
	N(TT_DF_LF8);
	N(TT_DF_BFP2);
	N(TT_DF_INT8);
	N(TT_DF_BFP2_B);
	N(TT_DF_UINT32);
	N(TT_DF_UINT8);
	printf("}\n");
	C(TT_DF_INT32);
	C(TT_DF_UINT32);
	C(TT_DF_UINT16);
	C(TT_DF_UINT8);
	C(TT_DF_INT8);
	C(TT_DF_INVALID);
}

int main(void)
{
	printf("# Generated by tools/gdb/hal_constants.c from hal/: do not edit.\n");
	memory_map();
	riscs();
	mailbox();
	circular_buffers();
	emu_block();
	noc();
	tile_engine();
	data_formats();
	return 0;
}
