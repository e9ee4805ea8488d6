// SPDX-License-Identifier: Apache-2.0
/*
 * On-target tests of the resident firmware: what every kernel may rely on
 * once BRISC has booted the core and a launch is running.  Run on every
 * RISC of several cores by tests/fw/fwtest_test.c (docs/firmware-tests.md).
 */
#include "tt_fwtest.h"
#include "tt_bank_table.h"
#include "tt_mailbox.h"
#include "tt_noc_map.h"
#include "tt_noc_regs.h"

static const volatile struct tt_mailbox *mailbox(void)
{
	return (const volatile struct tt_mailbox *)TT_MEM_MAILBOX_BASE;
}

static uint32_t kernel_slot(uint32_t risc)
{
	return TT_MEM_KERNEL_TEXT_BASE + risc * TT_MEM_KERNEL_SLOT_SIZE;
}

extern uint32_t __kernel_data_start[]; /* linker/kernel.ld.S */

static uint32_t read_sp(void)
{
	uint32_t sp;

	__asm__ volatile("mv %0, sp" : "=r"(sp));
	return sp;
}

TT_TEST(core_booted)
{
	ASSERT_EQ(mailbox()->core_info.magic, TT_CORE_MAGIC_WORKER);
	EXPECT_EQ(mailbox()->core_info.l1_unreserved_start, TT_MEM_L1_UNRESERVED_BASE);
}

TT_TEST(risc_identity)
{
	EXPECT_EQ(fw_risc, TT_TEST_RISC());
}

TT_TEST(coordinates)
{
	const volatile struct tt_core_info *ci = &mailbox()->core_info;

	EXPECT_EQ(get_absolute_logical_x(), ci->absolute_logical_x);
	EXPECT_EQ(get_absolute_logical_y(), ci->absolute_logical_y);
	EXPECT_LT(ci->absolute_logical_x, ci->grid_x);
	EXPECT_LT(ci->absolute_logical_y, ci->grid_y);
	/* WH B0 virtual coordinates of a worker. */
	EXPECT_EQ(fw_noc_x, TT_NOC_VIRTUAL_WORKER_X0 + fw_my_x);
	EXPECT_EQ(fw_noc_y, TT_NOC_VIRTUAL_WORKER_Y0 + fw_my_y);
	EXPECT_EQ(ci->noc_x, fw_noc_x);
	EXPECT_EQ(ci->noc_y, fw_noc_y);
}

TT_TEST(launch_message)
{
	const volatile struct tt_kernel_config_msg *k = &mailbox()->launch[0].kernel_config;
	uint32_t risc = TT_TEST_RISC();
	uint32_t bit = risc == TT_RISC_BRISC	? TT_ENABLE_DM0
		       : risc == TT_RISC_NCRISC ? TT_ENABLE_DM1
						: TT_ENABLE_MATH0;

	EXPECT_EQ(mailbox()->go_message.signal, TT_RUN_MSG_GO);
	EXPECT_EQ(k->mode, TT_DISPATCH_MODE_HOST);
	EXPECT_TRUE(k->enables & bit);
	EXPECT_EQ(k->kernel_config_base, TT_MEM_KERNEL_CONFIG_BASE);
	EXPECT_EQ(fw_kernel_config_base, k->kernel_config_base);
	EXPECT_EQ(mailbox()->result[risc].status, TT_KERNEL_STATUS_RUNNING);
}

TT_TEST(runs_from_own_text_slot)
{
	uint32_t pc = (uint32_t)(uintptr_t)&kernel_main;
	uint32_t slot = kernel_slot(TT_TEST_RISC());

	EXPECT_GE(pc, slot);
	EXPECT_LT(pc, slot + TT_MEM_KERNEL_SLOT_SIZE);
}

/* The kernel's stack: below its data, above the base of local memory. */
TT_TEST(stack_in_local_memory)
{
	uint32_t sp = read_sp();

	EXPECT_GT(sp, TT_MEM_LOCAL_BASE);
	EXPECT_LE(sp, (uint32_t)(uintptr_t)__kernel_data_start);
	EXPECT_EQ(sp % 16, 0);
}

TT_TEST(interrupts_for_wfi_only)
{
	uint32_t mstatus, mie;

	__asm__ volatile("csrr %0, mstatus" : "=r"(mstatus));
	__asm__ volatile("csrr %0, mie" : "=r"(mie));
	/* Woken by MSIP through wfi, never taken as an interrupt. */
	EXPECT_EQ(mstatus & (1u << 3), 0);
	EXPECT_EQ(mie & TT_CSR_MIP_MSIP, TT_CSR_MIP_MSIP);
}

TT_TEST(bank_tables)
{
	const volatile struct tt_bank_table *t =
		(const volatile struct tt_bank_table *)TT_MEM_BANK_TO_NOC_BASE;
	static const uint8_t dram_x[] = TT_NOC_DRAM_X_INIT;
	static const uint8_t dram_y[] = TT_NOC_DRAM_Y_INIT;

	ASSERT_EQ(t->magic, TT_BANK_TABLE_MAGIC);
	ASSERT_EQ(t->num_dram_banks, sizeof(dram_x));
	for (uint32_t b = 0; b < t->num_dram_banks; b++) {
		uint16_t xy = t->dram_bank_to_noc_xy[0][b];

		/* Stored as the ADDR_MID word of a NoC address. */
		EXPECT_EQ(TT_FIELD_GET(NOC, ADDR_MID, X, xy), dram_x[b]);
		EXPECT_EQ(TT_FIELD_GET(NOC, ADDR_MID, Y, xy), dram_y[b]);
	}
	EXPECT_EQ(t->num_l1_banks,
		  (uint32_t)mailbox()->core_info.grid_x * mailbox()->core_info.grid_y);
}

TT_TEST(local_memory_private)
{
	/* Each hart has its own copy of the same local address. */
	static volatile uint32_t mine;

	uint32_t size = TT_TEST_RISC() <= TT_RISC_NCRISC ? TT_MEM_BRISC_LOCAL_SIZE
							 : TT_MEM_TRISC_LOCAL_SIZE;

	mine = 0x1000 + TT_TEST_RISC();
	EXPECT_EQ(mine, 0x1000 + TT_TEST_RISC());
	/* Kernel data sits right below the firmware's part of local memory. */
	EXPECT_GE((uint32_t)(uintptr_t)&mine, TT_MEM_LOCAL_BASE);
	EXPECT_LT((uint32_t)(uintptr_t)&mine, TT_MEM_LOCAL_BASE + size - TT_MEM_LOCAL_FW_SIZE);
}
