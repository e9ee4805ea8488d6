/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What every kernel can use, whatever RISC it runs on: runtime arguments
 * (unique per core and common), compile-time arguments, the core's own
 * coordinates, profiler markers (tt_profile.h).  Names follow tt-metal's
 * kernel API so porting a kernel is mechanical; C replaces templates
 * (get_arg_val(i) returns uint32_t).
 *
 * The values live in firmware globals (firmware/fw_common.c), set up
 * before each kernel call and resolved by name when the kernel is linked.
 */
#ifndef TT_KERNEL_H
#define TT_KERNEL_H

#include <stdint.h>

#include "tt_emu_regs.h"
#include "tt_fw_globals.h"
#include "tt_mem_map.h"
#include "tt_profile.h"
#include "tt_riscv.h"
#include "tt_wait.h"

#define FORCE_INLINE inline __attribute__((always_inline))

/*
 * One byte to the print port, the path printf's _write takes too: the
 * device hands it to the host and never makes the hart wait.
 */
static FORCE_INLINE void tt_print_putc(char c)
{
	TT_EMU_REG(PUTC) = (uint8_t)c;
}

/*
 * Stop the kernel after a check failed and was reported: an ecall that
 * names @site, so the report gives the kernel's own source line (the
 * firmware catches it; firmware/fw_common.c).
 */
static __attribute__((noinline, cold, noreturn, unused)) void tt_kernel_stop_at(uint32_t site)
{
	tt_ecall_stop(TT_ECALL_FAULT, 0, site);
}

/* Report @kind to the host, then stop the kernel at @site. */
static __attribute__((noinline, cold, noreturn, unused)) void
tt_kernel_fault_at(uint32_t kind, uint32_t id, uint32_t arg0, uint32_t arg1, uint32_t site)
{
	TT_EMU_REG(FAULT_KIND) = kind;
	TT_EMU_REG(FAULT_ID) = id;
	TT_EMU_REG(FAULT_ARG0) = arg0;
	TT_EMU_REG(FAULT_ARG1) = arg1;
	TT_EMU_REG(FAULT_REPORT) = 1;
	tt_kernel_stop_at(site);
}

/*
 * The pc of the code this is inlined into: each check names its own
 * site, even when the compiler merges the calls that follow it.
 */
static FORCE_INLINE uint32_t tt_here(void)
{
	uint32_t pc;

	__asm__ volatile("auipc %0, 0" : "=r"(pc));
	return pc;
}

#define tt_kernel_fault(kind, id, arg0, arg1) \
	tt_kernel_fault_at((kind), (id), (arg0), (arg1), tt_here())

/*
 * Stop the kernel here if the tile engine's SFPU status @status says it
 * rejected an sfpi instruction since the launch (the engine has reported
 * which and why).  The C API checks before tile_regs_commit, sfpi at the
 * end of each face loop.
 */
#define tt_sfpi_stop_unless_ok(status)                \
	do {                                          \
		if ((status) != TT_TILE_STATUS_OK)    \
			tt_kernel_stop_at(tt_here()); \
	} while (0)

/* The RISC this kernel is built for (the host passes COMPILE_FOR_*). */
#if defined(COMPILE_FOR_BRISC)
#define TT_KERNEL_RISC TT_RISC_BRISC
#elif defined(COMPILE_FOR_NCRISC)
#define TT_KERNEL_RISC TT_RISC_NCRISC
#elif defined(COMPILE_FOR_TRISC)
#define TT_KERNEL_RISC (TT_RISC_TRISC0 + COMPILE_FOR_TRISC)
#else
#define TT_KERNEL_RISC fw_risc
#endif

/* Entry point of every kernel (C linkage in C++ kernels too). */
#ifdef __cplusplus
extern "C" void kernel_main(void);
#else
void kernel_main(void);
#endif

/* Runtime args ----------------------------------------------------------- */

static FORCE_INLINE uint32_t get_arg_addr(int arg_idx)
{
	return (uint32_t)(uintptr_t)&fw_rta_base[arg_idx];
}

static FORCE_INLINE uint32_t get_common_arg_addr(int arg_idx)
{
	return (uint32_t)(uintptr_t)&fw_crta_base[arg_idx];
}

/*
 * Rules silicon does not enforce (pushing pages that were not reserved,
 * popping pages that were not waited for, reading runtime args past those
 * set) do not stop the kernel: the first time a call site breaks one, a
 * warning record goes to the host on the print port, which reports it
 * with the site's file:line.  Built with TT_CB_STRICT (TT_EMU_STRICT_CB=1
 * on the host) or TT_ARGS_STRICT (TT_EMU_STRICT_ARGS=1) they stop it
 * instead.  Record: "\001tt-warn <kind> <id> <arg0> <arg1> <pc>\n", hex.
 */
#define TT_WARN_PREFIX "\001tt-warn "

static uint32_t tt_warned_pc __attribute__((unused));

static inline void tt_put_hex(uint32_t v)
{
	for (int i = 28; i >= 0; i -= 4)
		tt_print_putc("0123456789abcdef"[(v >> i) & 0xf]);
	tt_print_putc(' ');
}

static __attribute__((noinline, cold, unused)) void tt_kernel_warn(uint32_t kind, uint32_t id,
								   uint32_t arg0, uint32_t arg1)
{
	uint32_t pc = TT_CALL_SITE();

	if (pc == tt_warned_pc)
		return;
	tt_warned_pc = pc;
	for (const char *p = TT_WARN_PREFIX; *p; p++)
		tt_print_putc(*p);
	tt_put_hex(kind);
	tt_put_hex(id);
	tt_put_hex(arg0);
	tt_put_hex(arg1);
	tt_put_hex(pc);
	tt_print_putc('\n');
}

/*
 * The word before a kernel's unique (common) args holds how many the host
 * set (hal/tt_kernel_config.h): reading past them returns whatever
 * follows in L1, as on silicon, with a warning naming the call's line
 * (TT_EMU_STRICT_ARGS=1: it stops the kernel).
 */
static FORCE_INLINE void tt_arg_check(uint32_t kind, volatile uint32_t *base, int arg_idx)
{
	if ((uint32_t)arg_idx >= base[-1]) {
#ifdef TT_ARGS_STRICT
		tt_kernel_fault(kind, (uint32_t)arg_idx, base[-1], 0);
#else
		tt_kernel_warn(kind, (uint32_t)arg_idx, base[-1], 0);
#endif
	}
}

/* Unique runtime arg @arg_idx of this core (SetRuntimeArgs). */
static FORCE_INLINE uint32_t get_arg_val(int arg_idx)
{
	tt_arg_check(TT_FAULT_RTA_PAST_END, fw_rta_base, arg_idx);
	return fw_rta_base[arg_idx];
}

/* Common runtime arg @arg_idx, the same on every core (SetCommonRuntimeArgs). */
static FORCE_INLINE uint32_t get_common_arg_val(int arg_idx)
{
	tt_arg_check(TT_FAULT_CRTA_PAST_END, fw_crta_base, arg_idx);
	return fw_crta_base[arg_idx];
}

/*
 * Compile-time args: the host passes -DKERNEL_COMPILE_TIME_ARG_<i>=<v> for
 * each value and -DKERNEL_COMPILE_TIME_ARGS=v0,v1,...; the index must be a
 * literal, and the result is a constant expression.
 */
#ifndef __cplusplus
#define get_compile_time_arg_val(i) KERNEL_COMPILE_TIME_ARG_##i
#endif

/* Identity --------------------------------------------------------------- */

/* Logical coordinates of this core in the worker grid. */
static FORCE_INLINE uint32_t get_absolute_logical_x(void)
{
	return fw_my_x;
}
static FORCE_INLINE uint32_t get_absolute_logical_y(void)
{
	return fw_my_y;
}

/*
 * Virtual NoC coordinates of this core (what get_noc_addr takes).  In C++
 * also my_x[noc] as in tt-metal: virtual coordinates are the same on both
 * NoCs.
 */
#ifdef __cplusplus
struct tt_my_coord {
	const uint32_t *v;
	operator uint32_t() const { return *v; }
	uint32_t operator[](uint32_t noc) const { return (void)noc, *v; }
};
#define my_x (tt_my_coord{ &fw_noc_x })
#define my_y (tt_my_coord{ &fw_noc_y })
#else
#define my_x ((uint32_t)fw_noc_x)
#define my_y ((uint32_t)fw_noc_y)
#endif

/* Which RISC runs this kernel: TT_RISC_BRISC ... TT_RISC_TRISC2. */
static FORCE_INLINE uint32_t tt_my_risc(void)
{
	return fw_risc;
}

/* C++ kernels: get_compile_time_arg_val(i) for any constant i, named args. */
#ifdef __cplusplus
#include "api/compile_time_args.h"
#endif

#endif /* TT_KERNEL_H */
