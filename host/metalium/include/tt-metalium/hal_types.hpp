// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <tt-metalium/buffer_types.hpp>

namespace tt::tt_metal {
// The classes of a core's RISCs: data movement (BRISC, NCRISC, an ERISC)
// and compute (the three TRISCs).
enum class HalProcessorClassType : uint8_t { DM = 0, COMPUTE = 1 };

enum class HalProgrammableCoreType {
	TENSIX = 0,
	ACTIVE_ETH = 1,
	IDLE_ETH = 2,
	DRAM = 3,
	COUNT = 4
};
static constexpr uint32_t NumHalProgrammableCoreTypes =
	static_cast<uint32_t>(HalProgrammableCoreType::COUNT);

// Regions of a core's L1, as tt-metal names them; the test-support Hal
// (get_dev_addr) answers for the ones the emulated chips lay out alike.
enum class HalL1MemAddrType : uint8_t {
	BASE,
	BARRIER,
	MAILBOX,
	LAUNCH,
	WATCHER,
	DPRINT_BUFFERS,
	PROFILER,
	KERNEL_CONFIG,
	UNRESERVED,
	DEFAULT_UNRESERVED,
	CORE_INFO,
	GO_MSG,
	LAUNCH_MSG_BUFFER_RD_PTR,
	GO_MSG_INDEX,
	LOCAL,
	BANK_TO_NOC_SCRATCH,
	LOGICAL_TO_VIRTUAL_SCRATCH,
	APP_SYNC_INFO,
	APP_ROUTING_INFO,
	RETRAIN_COUNT,
	RETRAIN_FORCE,
	CRC_ERR,
	CORR_CW,
	UNCORR_CW,
	LINK_UP,
	FABRIC_TELEMETRY,
	ROUTING_TABLE,
	ROUTER_STATE,
	ROUTER_COMMAND,
	ETH_FW_MAILBOX,
	TENSIX_FABRIC_CONNECTIONS,
	FABRIC_CONNECTION_LOCK,
	COUNT
};
enum class CoreType { WORKER = 0, DRAM = 1, ETH = 2 };
enum class HalMemType : uint8_t { L1 = 0, DRAM = 1, HOST = 2, COUNT = 3 };
} // namespace tt::tt_metal
