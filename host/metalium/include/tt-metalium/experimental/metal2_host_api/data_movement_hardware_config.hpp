// SPDX-License-Identifier: Apache-2.0
//
// DataMovementHardwareConfig: where a data-movement kernel runs.  Wormhole
// and Blackhole ("Gen1") have two data-movement RISC-Vs, each with a NoC
// it uses by default: a READER role puts the kernel on RISCV_1 with NoC 0,
// a WRITER role on RISCV_0 with NoC 1, as ReaderDataMovementConfig and
// WriterDataMovementConfig do; or a Gen1Config says exactly (with the role
// left UNSPECIFIED).  One of the two is required there.  Quasar ("Gen2")
// places data-movement kernels itself; its config only turns off the
// implicit DFB synchronisation for some DFBs, and may be left out.  Code
// for both may fill in both.
#pragma once

#include <optional>

#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>
#include <tt-metalium/kernel_types.hpp>

namespace tt::tt_metal::experimental {

struct DataMovementHardwareConfig {
	enum class RoleHint { READER, WRITER, UNSPECIFIED };
	RoleHint role = RoleHint::UNSPECIFIED;

	struct Gen1Config {
		tt::tt_metal::DataMovementProcessor processor =
			tt::tt_metal::DataMovementProcessor::RISCV_0;
		tt::tt_metal::NOC noc = tt::tt_metal::NOC::RISCV_0_default;
		tt::tt_metal::NOC_MODE noc_mode = tt::tt_metal::NOC_MODE::DM_DEDICATED_NOC;
	};
	std::optional<Gen1Config> gen1_config = std::nullopt;

	struct Gen2Config {
		// Bound DFBs this kernel synchronises on explicitly.
		Group<DFBSpecName> disable_implicit_sync_for;
	};
	std::optional<Gen2Config> gen2_config = std::nullopt;
};

using DataMovementRoleHint = DataMovementHardwareConfig::RoleHint;

} // namespace tt::tt_metal::experimental
