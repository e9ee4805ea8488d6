/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The five RISC-V harts of a Tensix core.
 * The index is the hart's role inside its core; QEMU's global hart id is
 * core * TT_RISCS_PER_CORE + role.
 */
#ifndef TT_HAL_RISCV_H
#define TT_HAL_RISCV_H

#define TT_RISC_BRISC		0	/* DM0: firmware master, writer kernels */
#define TT_RISC_NCRISC		1	/* DM1: reader kernels */
#define TT_RISC_TRISC0		2	/* compute: unpack */
#define TT_RISC_TRISC1		3	/* compute: math */
#define TT_RISC_TRISC2		4	/* compute: pack */
#define TT_RISCS_PER_CORE	5

/* Bits of launch_msg.enables (tt-metal: DM0, DM1, MATH0 starts all TRISCs). */
#define TT_ENABLE_DM0		(1u << 0)
#define TT_ENABLE_DM1		(1u << 1)
#define TT_ENABLE_MATH0		(1u << 2)

/* CSR bits the wait primitive uses. */
#define TT_CSR_MIP_MSIP		(1u << 3)

/*
 * Kernels run in M-mode with mstatus.MPRV set and MPP = U: their loads and
 * stores are checked against the PMP entries as U-mode accesses, which
 * keeps firmware text, the mailbox, the bank tables and kernel text
 * read-only for them (firmware/fw_common.c, docs/decisions.md).
 */
#define TT_CSR_MSTATUS_MPP	(3u << 11)
#define TT_CSR_MSTATUS_MPRV	(1u << 17)
#define TT_PMP_R		(1u << 0)
#define TT_PMP_W		(1u << 1)
#define TT_PMP_X		(1u << 2)
#define TT_PMP_TOR		(1u << 3)
#define TT_PMP_NAPOT		(3u << 3)

/* mcause values. */
#define TT_MCAUSE_FETCH_FAULT	1
#define TT_MCAUSE_LOAD_MISALIGNED 4
#define TT_MCAUSE_LOAD_FAULT	5
#define TT_MCAUSE_STORE_MISALIGNED 6
#define TT_MCAUSE_STORE_FAULT	7
#define TT_MCAUSE_ECALL_M	11
/*
 * Reported by the firmware, not raised by a hart: a kernel called exit()
 * or abort(), or a kernel API check stopped it (codes 24..31 are for
 * custom use).  The report's pc is the call site, its tval the exit code.
 */
#define TT_MCAUSE_KERNEL_EXIT	24
#define TT_MCAUSE_KERNEL_ABORT	25
#define TT_MCAUSE_KERNEL_FAULT	26	/* a kernel API check (FAULT_REPORT) */

/* a7 of the ecall with which exit(), abort() or an API check stops a kernel. */
#define TT_ECALL_EXIT		0x7e01
#define TT_ECALL_ABORT		0x7e02
#define TT_ECALL_FAULT		0x7e03

#ifndef __ASSEMBLER__
static inline const char *tt_risc_name(unsigned int risc)
{
	static const char *const names[TT_RISCS_PER_CORE] = {
		"BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
	};
	return risc < TT_RISCS_PER_CORE ? names[risc] : "?";
}
#endif

/*
 * Inside a function, the address of the call instruction that entered it
 * (harts have no compressed instructions: every call is 4 bytes): the
 * site a report names.
 */
#define TT_CALL_SITE()	((uint32_t)(uintptr_t)__builtin_return_address(0) - 4)

#if defined(__riscv) && !defined(__ASSEMBLER__)
/*
 * Stop the kernel with the ecall the firmware turns into a report:
 * @what is TT_ECALL_*, @code the exit code, @site the pc to name.
 */
static inline __attribute__((noreturn, unused)) void
tt_ecall_stop(uint32_t what, uint32_t code, uint32_t site)
{
	register uint32_t a0 __asm__("a0") = code;
	register uint32_t a1 __asm__("a1") = site;
	register uint32_t a7 __asm__("a7") = what;

	for (;;)
		__asm__ volatile("ecall" : : "r"(a0), "r"(a1), "r"(a7) : "memory");
}
#endif

#endif /* TT_HAL_RISCV_H */
