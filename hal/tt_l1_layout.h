/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Our layout of a worker core's L1, the same on every architecture: an
 * architecture's tt_mem_map.h (hal/<arch>/) sets TT_MEM_PAGE_SIZE,
 * TT_MEM_L1_SIZE and TT_NUM_CBS, then includes this file.  Preprocessor
 * only: included by C, assembly and the linker scripts.
 *
 * Before adding a define here:
 *  - chain regions from explicit _SIZE constants; never repeat a literal;
 *  - no sizeof: struct sizes are checked against the _SIZE constants in C
 *    (_Static_assert in hal/tt_mailbox.h, hal/tt_cb.h);
 *  - every alignment assumption gets an #if ... #error below;
 *  - code and data written at run time never share a 4 KiB page: TCG takes
 *    its self-modifying-code slow path on such pages (about 60x slower).
 *
 * Low L1 up to MEM_LLK_DEBUG keeps tt-metal's Wormhole B0 addresses
 * (mailbox at 0x10, MEM_ZEROS after it).  From there on the layout is
 * ours: firmware and kernel text start on page boundaries away from
 * mailboxes, args, semaphores and CBs (docs/decisions.md, "L1 layout").
 */
#ifndef TT_HAL_L1_LAYOUT_H
#define TT_HAL_L1_LAYOUT_H

#if !defined(TT_MEM_PAGE_SIZE) || !defined(TT_MEM_L1_SIZE) || !defined(TT_NUM_CBS)
#error "include an architecture's tt_mem_map.h, not this file"
#endif

/* L1, shared by the core's five harts, at address 0. */
#define TT_MEM_L1_BASE			0x0

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
 * Ethernet cores: tt-metal's erisc_info (kernels/include/eth_api.h), the
 * words two linked ethernet cores signal each other through, at the same
 * address on both.  In NCRISC's heap slot, which an ethernet core (one
 * RISC) has no use for.
 */
#define TT_MEM_ERISC_SYNC_BASE		(TT_MEM_HEAP_BASE + 1 * TT_MEM_HEAP_SLOT_SIZE)
#define TT_MEM_ERISC_SYNC_SIZE		256

/*
 * Per-RISC circular-buffer interfaces (struct tt_cb_interface x
 * TT_NUM_CBS, hal/tt_cb.h): the CB API's read/write pointers, set up by
 * the firmware at every launch.  TRISC local memory (2 KiB on Wormhole,
 * 768 B of it firmware data) cannot hold them, so they live here, on
 * data pages: the five RISCs' arrays, rounded up to whole pages.
 */
#define TT_MEM_CB_INTERFACE_BASE	TT_MEM_HEAP_END
#define TT_MEM_CB_INTERFACE_ENTRY_SIZE	32
#define TT_MEM_CB_INTERFACE_SLOT_SIZE	(TT_NUM_CBS * TT_MEM_CB_INTERFACE_ENTRY_SIZE)
#define TT_MEM_CB_INTERFACE_SIZE	\
	((5 * TT_MEM_CB_INTERFACE_SLOT_SIZE + TT_MEM_PAGE_SIZE - 1) & ~(TT_MEM_PAGE_SIZE - 1))
#define TT_MEM_CB_INTERFACE_END		(TT_MEM_CB_INTERFACE_BASE + TT_MEM_CB_INTERFACE_SIZE)

/*
 * Kernel config region, rewritten for every launch: the args area
 * (semaphores, CB configs, runtime args: hal/tt_kernel_config.h; data)
 * and then one text slot per RISC (kernels execute in place, linked at
 * their slot).
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
#define TT_MEM_KERNEL_BASE(risc)	(TT_MEM_KERNEL_TEXT_BASE + (risc) * TT_MEM_KERNEL_SLOT_SIZE)

/* Everything above belongs to CBs (bottom-up) and the allocator. */
#define TT_MEM_MAP_END			TT_MEM_KERNEL_CONFIG_END
#define TT_MEM_L1_UNRESERVED_BASE	TT_MEM_MAP_END

#if (TT_MEM_FIRMWARE_BASE % TT_MEM_PAGE_SIZE) || (TT_MEM_KERNEL_TEXT_BASE % TT_MEM_PAGE_SIZE)
#error "firmware and kernel text must start on a page boundary"
#endif
#if (TT_MEM_FIRMWARE_SLOT_SIZE % TT_MEM_PAGE_SIZE) || (TT_MEM_KERNEL_SLOT_SIZE % TT_MEM_PAGE_SIZE)
#error "text slots must be whole pages"
#endif
#if (TT_MEM_L1_SIZE % TT_MEM_PAGE_SIZE) || (TT_MEM_L1_UNRESERVED_BASE % 32)
#error "L1 size and the allocator base must be aligned"
#endif
#if (TT_MEM_SYSTEM_DATA_END % TT_MEM_PAGE_SIZE) || (TT_MEM_FIRMWARE_END % TT_MEM_PAGE_SIZE) || \
	(TT_MEM_KERNEL_CONFIG_END % TT_MEM_PAGE_SIZE)
#error "write-protected regions must be whole pages (QEMU caches PMP checks per page)"
#endif
#if 5 * TT_MEM_CB_INTERFACE_SLOT_SIZE > TT_MEM_CB_INTERFACE_SIZE
#error "CB interfaces of the five RISCs do not fit their region"
#endif
#if TT_MEM_MAILBOX_END > TT_MEM_ZEROS_BASE
#error "mailbox overlaps MEM_ZEROS"
#endif
#if TT_MEM_L1_UNRESERVED_BASE >= TT_MEM_L1_SIZE
#error "the reserved layout does not fit L1"
#endif

#endif /* TT_HAL_L1_LAYOUT_H */
