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

#ifndef __ASSEMBLER__
static inline const char *tt_risc_name(unsigned int risc)
{
	static const char *const names[TT_RISCS_PER_CORE] = {
		"BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
	};
	return risc < TT_RISCS_PER_CORE ? names[risc] : "?";
}
#endif

#endif /* TT_HAL_RISCV_H */
