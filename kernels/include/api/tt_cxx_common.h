// SPDX-License-Identifier: Apache-2.0
/*
 * What every C++ kernel sees, data movement and compute alike (tt-metal's
 * risc_attribs.h, common_globals.h, tt_backend_api_types DataFormat,
 * the runtime-arg templates of dataflow_api.h), over tt_kernel.h.
 */
#ifndef TT_API_CXX_COMMON_H
#define TT_API_CXX_COMMON_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "circular_buffer.h"
#include "tt_data_format.h"
#include "tt_kernel.h"
#include "tt_mailbox.h"

#include "api/compile_time_args.h"
#include "hostdevcommon/common_values.hpp"
#include "hostdevcommon/kernel_structs.h"

/* tt-metal's kernels (and its SFPU code) use uint for uint32_t. */
using uint = std::uint32_t;

/* Pointer qualifiers of tt-metal's kernels: plain pointers here. */
#ifndef tt_l1_ptr
#define tt_l1_ptr
#endif
#ifndef tt_reg_ptr
#define tt_reg_ptr
#endif
#ifndef ALWI
#define ALWI inline __attribute__((always_inline))
#endif
#ifndef ATTR_PACK
#define ATTR_PACK __attribute__((packed))
#endif

/* tt-metal's DataFormat: the TT_DF_* numbers of hal/tt_data_format.h. */
enum class DataFormat : std::uint8_t {
	Float32 = TT_DF_FLOAT32,
	Float16 = TT_DF_FLOAT16,
	Bfp8 = TT_DF_BFP8,
	Bfp4 = TT_DF_BFP4,
	Tf32 = TT_DF_TF32,
	Float16_b = TT_DF_FLOAT16_B,
	Bfp8_b = TT_DF_BFP8_B,
	Bfp4_b = TT_DF_BFP4_B,
	Int32 = TT_DF_INT32,
	UInt16 = TT_DF_UINT16,
	Lf8 = TT_DF_LF8,
	Bfp2 = TT_DF_BFP2,
	Int8 = TT_DF_INT8,
	Bfp2_b = TT_DF_BFP2_B,
	UInt32 = TT_DF_UINT32,
	UInt8 = TT_DF_UINT8,
	RawUInt8 = TT_DF_RAW_UINT8,
	RawUInt16 = TT_DF_RAW_UINT16,
	RawUInt32 = TT_DF_RAW_UINT32,
	Invalid = TT_DF_INVALID,
};

namespace tt {
using ::DataFormat;
} // namespace tt

/*
 * get_dataformat(cb): a DataFormat as in tt-metal, that also converts to
 * the uint32_t TT_DF_* number the C API takes.
 */
struct tt_data_format_value {
	uint32_t df;
	constexpr operator DataFormat() const { return static_cast<DataFormat>(df); }
	constexpr operator uint32_t() const { return df; }
};

FORCE_INLINE tt_data_format_value get_dataformat(uint32_t cb)
{
	return { tt_get_dataformat(cb) };
}

/* Runtime arg @arg_idx as a T (4 bytes: uint32_t, int32_t, float, ...). */
template <typename T>
FORCE_INLINE T get_arg_val(int arg_idx)
{
	static_assert(sizeof(T) == 4, "runtime args are 4-byte values");
	tt_arg_check(TT_FAULT_RTA_PAST_END, fw_rta_base, arg_idx);
	return *reinterpret_cast<volatile T *>(get_arg_addr(arg_idx));
}

/* Common runtime arg @arg_idx as a T. */
template <typename T>
FORCE_INLINE T get_common_arg_val(int arg_idx)
{
	static_assert(sizeof(T) == 4, "runtime args are 4-byte values");
	tt_arg_check(TT_FAULT_CRTA_PAST_END, fw_crta_base, arg_idx);
	return *reinterpret_cast<volatile T *>(get_common_arg_addr(arg_idx));
}

/*
 * Wormhole's RISCs have no L1 data cache (Blackhole's do) and no L2
 * (Quasar's do): nothing to invalidate or enable, as on silicon.
 */
inline __attribute__((always_inline)) void invalidate_l1_cache()
{}

inline __attribute__((always_inline)) void invalidate_l2_cache_line(uint32_t)
{}

template <bool enable = true>
inline __attribute__((always_inline)) void set_l1_data_cache()
{}

/* tt-metal's kinds of programmable core (get_semaphore<>, the mailbox). */
enum class ProgrammableCoreType : std::uint8_t { TENSIX, ACTIVE_ETH, IDLE_ETH, COUNT };

/*
 * tt-metal's view of the mailbox (its dev_msgs.h mailboxes_t at
 * MEM_MAILBOX_BASE), for kernels that read their own launch message: the
 * fields before the go message, laid over struct tt_mailbox (hal/
 * tt_mailbox.h, checked below).  A launch has one kernel-config base for
 * every core type, so kernel_config_base[type] answers it for each.
 */
#define MEM_MAILBOX_BASE TT_MEM_MAILBOX_BASE

struct kernel_config_base_t {
	uint32_t addr;
	constexpr uint32_t operator[](ProgrammableCoreType) const { return addr; }
};

struct kernel_config_msg_t {
	kernel_config_base_t kernel_config_base;
	uint16_t sem_offset;
	uint16_t local_cb_offset;
	struct tt_rta_offset rta_offset[TT_RISCS_PER_CORE];
	uint32_t kernel_text_offset[TT_RISCS_PER_CORE];
	uint32_t local_cb_mask;
	uint8_t brisc_noc_id;
	uint8_t ncrisc_noc_id;
	uint8_t mode;
	uint8_t compute_cfg;
	uint32_t host_assigned_id;
	uint32_t enables;
};

struct launch_msg_t {
	kernel_config_msg_t kernel_config;
};

struct mailboxes_t {
	uint32_t ncrisc_halt[2];
	struct tt_subordinate_sync subordinate_sync;
	uint32_t launch_msg_rd_ptr;
	launch_msg_t launch[1];
};

static_assert(sizeof(kernel_config_msg_t) == sizeof(struct tt_kernel_config_msg) &&
		      offsetof(kernel_config_msg_t, local_cb_offset) ==
			      offsetof(struct tt_kernel_config_msg, local_cb_offset) &&
		      offsetof(kernel_config_msg_t, enables) ==
			      offsetof(struct tt_kernel_config_msg, enables),
	      "kernel_config_msg_t is struct tt_kernel_config_msg");
static_assert(offsetof(mailboxes_t, launch_msg_rd_ptr) ==
			      offsetof(struct tt_mailbox, launch_msg_rd_ptr) &&
		      offsetof(mailboxes_t, launch) == TT_MAILBOX_LAUNCH_OFFSET,
	      "mailboxes_t lies over struct tt_mailbox");

/* How a data-movement kernel uses the NoCs: each has its own, always. */
enum noc_mode : uint8_t { DM_DEDICATED_NOC = 0, DM_DYNAMIC_NOC = 1, DM_INVALID_NOC = 2 };
constexpr uint8_t noc_mode = DM_DEDICATED_NOC;

/* Burn about @cycles cycles on this RISC (no sleep, no other hart waits). */
inline void riscv_wait(uint32_t cycles)
{
	for (uint32_t i = 0; i < cycles; i++)
		__asm__ volatile("nop");
}

#endif
