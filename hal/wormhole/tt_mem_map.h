/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Wormhole B0 memory map as seen by one Tensix RISC-V hart.  Preprocessor
 * only: included by C, assembly and the linker scripts.  Selected by the include
 * path (-Ihal/wormhole), so no arch #if appears in any function.
 *
 * Before adding a define here:
 *  - chain regions from explicit _SIZE constants; never repeat a literal;
 *  - no sizeof: struct sizes are checked against the _SIZE constants in C
 *    (_Static_assert in hal/tt_mailbox.h);
 *  - every alignment assumption gets an #if ... #error below;
 *  - code and data written at run time never share a 4 KiB page: TCG takes
 *    its self-modifying-code slow path on such pages (about 60x slower).
 *
 * Low L1 up to MEM_LLK_DEBUG keeps tt-metal's WH B0 addresses
 * (reference/ttmetal-facts.md §2.1).  From there on the layout is ours:
 * firmware and kernel text start on page boundaries away from mailboxes,
 * args, semaphores and CBs (docs/decisions.md, "L1 layout").
 */
#ifndef TT_HAL_WORMHOLE_MEM_MAP_H
#define TT_HAL_WORMHOLE_MEM_MAP_H

#define TT_MEM_PAGE_SIZE		4096

/* L1, shared by the core's five harts, at address 0. */
#define TT_MEM_L1_BASE			0x0
#define TT_MEM_L1_SIZE			(1464 * 1024)

/* System data: tt-metal addresses. */
#define TT_MEM_BOOT_CODE_BASE		0
#define TT_MEM_NOC_ATOMIC_RET_VAL_ADDR	4
#define TT_MEM_L1_BARRIER		12
#define TT_MEM_MAILBOX_BASE		16
#define TT_MEM_MAILBOX_SIZE		12768
#define TT_MEM_MAILBOX_END		(TT_MEM_MAILBOX_BASE + TT_MEM_MAILBOX_SIZE)
#define TT_MEM_ZEROS_BASE		((TT_MEM_MAILBOX_END + 31) & ~31)
#define TT_MEM_ZEROS_SIZE		512
#define TT_MEM_LLK_DEBUG_BASE		(TT_MEM_ZEROS_BASE + TT_MEM_ZEROS_SIZE)
#define TT_MEM_LLK_DEBUG_SIZE		1024
#define TT_MEM_BANK_TO_NOC_BASE		(TT_MEM_LLK_DEBUG_BASE + TT_MEM_LLK_DEBUG_SIZE)
#define TT_MEM_BANK_TO_NOC_SIZE		2048
#define TT_MEM_SYSTEM_DATA_END		(TT_MEM_BANK_TO_NOC_BASE + TT_MEM_BANK_TO_NOC_SIZE)

/* Resident firmware text and its .data init image, one slot per RISC. */
#define TT_MEM_FIRMWARE_BASE		TT_MEM_SYSTEM_DATA_END
#define TT_MEM_FIRMWARE_SLOT_SIZE	(8 * 1024)
#define TT_MEM_BRISC_FIRMWARE_BASE	(TT_MEM_FIRMWARE_BASE + 0 * TT_MEM_FIRMWARE_SLOT_SIZE)
#define TT_MEM_NCRISC_FIRMWARE_BASE	(TT_MEM_FIRMWARE_BASE + 1 * TT_MEM_FIRMWARE_SLOT_SIZE)
#define TT_MEM_TRISC0_FIRMWARE_BASE	(TT_MEM_FIRMWARE_BASE + 2 * TT_MEM_FIRMWARE_SLOT_SIZE)
#define TT_MEM_TRISC1_FIRMWARE_BASE	(TT_MEM_FIRMWARE_BASE + 3 * TT_MEM_FIRMWARE_SLOT_SIZE)
#define TT_MEM_TRISC2_FIRMWARE_BASE	(TT_MEM_FIRMWARE_BASE + 4 * TT_MEM_FIRMWARE_SLOT_SIZE)
#define TT_MEM_FIRMWARE_END		(TT_MEM_FIRMWARE_BASE + 5 * TT_MEM_FIRMWARE_SLOT_SIZE)

/* Per-RISC heap for the C library of kernels (stdio buffers), data. */
#define TT_MEM_HEAP_BASE		TT_MEM_FIRMWARE_END
#define TT_MEM_HEAP_SLOT_SIZE		(4 * 1024)
#define TT_MEM_HEAP_END			(TT_MEM_HEAP_BASE + 5 * TT_MEM_HEAP_SLOT_SIZE)

/*
 * Per-RISC circular-buffer interfaces (struct tt_cb_interface x
 * TT_NUM_CBS, hal/tt_cb.h): the CB API's read/write pointers, set up by
 * the firmware at every launch.  TRISC local memory (2 KiB, 768 B of it
 * firmware data) cannot hold them, so they live here, on data pages.
 */
#define TT_NUM_CBS			32	/* WH B0 NUM_CIRCULAR_BUFFERS */
#define TT_MEM_CB_INTERFACE_BASE	TT_MEM_HEAP_END
#define TT_MEM_CB_INTERFACE_ENTRY_SIZE	32
#define TT_MEM_CB_INTERFACE_SLOT_SIZE	(TT_NUM_CBS * TT_MEM_CB_INTERFACE_ENTRY_SIZE)
#define TT_MEM_CB_INTERFACE_SIZE	(2 * TT_MEM_PAGE_SIZE)
#define TT_MEM_CB_INTERFACE_END		(TT_MEM_CB_INTERFACE_BASE + TT_MEM_CB_INTERFACE_SIZE)

/*
 * Kernel config region, rewritten for every launch: the args area
 * (runtime args, semaphores, CB configs; data) and then one text slot per
 * RISC (kernels execute in place, linked at their slot).
 */
#define TT_MEM_KERNEL_CONFIG_BASE	TT_MEM_CB_INTERFACE_END
#define TT_MEM_KERNEL_ARGS_SIZE		(16 * 1024)
#define TT_MEM_KERNEL_TEXT_BASE		(TT_MEM_KERNEL_CONFIG_BASE + TT_MEM_KERNEL_ARGS_SIZE)
#define TT_MEM_KERNEL_SLOT_SIZE		(24 * 1024)
#define TT_MEM_BRISC_KERNEL_BASE	(TT_MEM_KERNEL_TEXT_BASE + 0 * TT_MEM_KERNEL_SLOT_SIZE)
#define TT_MEM_NCRISC_KERNEL_BASE	(TT_MEM_KERNEL_TEXT_BASE + 1 * TT_MEM_KERNEL_SLOT_SIZE)
#define TT_MEM_TRISC0_KERNEL_BASE	(TT_MEM_KERNEL_TEXT_BASE + 2 * TT_MEM_KERNEL_SLOT_SIZE)
#define TT_MEM_TRISC1_KERNEL_BASE	(TT_MEM_KERNEL_TEXT_BASE + 3 * TT_MEM_KERNEL_SLOT_SIZE)
#define TT_MEM_TRISC2_KERNEL_BASE	(TT_MEM_KERNEL_TEXT_BASE + 4 * TT_MEM_KERNEL_SLOT_SIZE)
#define TT_MEM_KERNEL_CONFIG_END	(TT_MEM_KERNEL_TEXT_BASE + 5 * TT_MEM_KERNEL_SLOT_SIZE)

/* Everything above belongs to CBs (bottom-up) and the allocator. */
#define TT_MEM_MAP_END			TT_MEM_KERNEL_CONFIG_END
#define TT_MEM_L1_UNRESERVED_BASE	TT_MEM_MAP_END

/*
 * Private local memory per hart, from the top down: the firmware's part
 * (its .data and .bss, then its stack, which starts at the top), the
 * kernel's .data and .bss (linked right below the firmware's part), the
 * kernel's stack (from there down to the base).  Nothing is mapped below
 * the base, so a kernel stack that overflows faults at once, and the
 * first TT_MEM_STACK_GUARD_SIZE bytes under it are reported as a stack
 * overflow: it never runs into the firmware's data.
 */
#define TT_MEM_LOCAL_BASE		0xFFB00000
#define TT_MEM_BRISC_LOCAL_SIZE		(4 * 1024)
#define TT_MEM_NCRISC_LOCAL_SIZE	(4 * 1024)
#define TT_MEM_TRISC_LOCAL_SIZE		(2 * 1024)
#define TT_MEM_LOCAL_FW_SIZE		768	/* firmware .data, .bss, stack */
#define TT_MEM_STACK_GUARD_SIZE		(64 * 1024)

/* MMIO: everything at or above this address is registers, not memory. */
#define TT_MMIO_BASE			0xFF000000
#define TT_MMIO_RISCV_DEBUG_BASE	0xFFB12000
#define TT_MMIO_NOC0_BASE		0xFFB20000
#define TT_MMIO_NOC1_BASE		0xFFB30000
#define TT_MMIO_NOC_SIZE		0x10000
#define TT_MMIO_STREAM_BASE		0xFFB40000
#define TT_MMIO_STREAM_SIZE		0x40000
#define TT_MMIO_EMU_BASE		0xFFBF0000	/* ours: hal/tt_emu_regs.h */
#define TT_MMIO_EMU_SIZE		0x1000
#define TT_MMIO_TILE_BASE		0xFFBF1000	/* ours: hal/tt_tile_regs.h */
#define TT_MMIO_TILE_SIZE		0x1000
#define TT_MMIO_BOOTROM_BASE		0xFFBF8000	/* ours: reset vector */
#define TT_MMIO_BOOTROM_SIZE		0x100

/* DRAM, reached only through the NoC. */
#define TT_DRAM_BANKS			12
#define TT_DRAM_BANK_SIZE		(1024ULL * 1024 * 1024)

#if (TT_MEM_FIRMWARE_BASE % TT_MEM_PAGE_SIZE) || (TT_MEM_KERNEL_TEXT_BASE % TT_MEM_PAGE_SIZE)
#error "firmware and kernel text must start on a page boundary"
#endif
#if (TT_MEM_FIRMWARE_SLOT_SIZE % TT_MEM_PAGE_SIZE) || (TT_MEM_KERNEL_SLOT_SIZE % TT_MEM_PAGE_SIZE)
#error "text slots must be whole pages"
#endif
#if (TT_MEM_L1_SIZE % TT_MEM_PAGE_SIZE) || (TT_MEM_L1_UNRESERVED_BASE % 32)
#error "L1 size and the allocator base must be aligned"
#endif
#if 5 * TT_MEM_CB_INTERFACE_SLOT_SIZE > TT_MEM_CB_INTERFACE_SIZE
#error "CB interfaces of the five RISCs do not fit their region"
#endif
#if TT_MEM_MAILBOX_END > TT_MEM_ZEROS_BASE
#error "mailbox overlaps MEM_ZEROS"
#endif
#if TT_MEM_LOCAL_BASE - TT_MEM_STACK_GUARD_SIZE < TT_MMIO_BASE || \
	TT_MEM_LOCAL_BASE > TT_MMIO_RISCV_DEBUG_BASE
#error "the stack guard must be unmapped MMIO space right below local memory"
#endif
#if (TT_MEM_SYSTEM_DATA_END % TT_MEM_PAGE_SIZE) || (TT_MEM_FIRMWARE_END % TT_MEM_PAGE_SIZE) || \
	(TT_MEM_KERNEL_CONFIG_END % TT_MEM_PAGE_SIZE)
#error "write-protected regions must be whole pages (QEMU caches PMP checks per page)"
#endif

#endif /* TT_HAL_WORMHOLE_MEM_MAP_H */
