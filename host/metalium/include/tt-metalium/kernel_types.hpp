// SPDX-License-Identifier: Apache-2.0
//
// Kernel configurations, with tt-metal's field order so designated
// initialisers written for tt-metal compile unchanged.  Fields tensix-emu
// has no use for (noc_mode, opt_level, dst_full_sync_en, unpack_to_dest_mode,
// bfp8_pack_precise, compiler_include_paths) are accepted; see
// docs/coming-from-tt-metal.md for which ones are ignored.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt-metalium/base_types.hpp>
#include <umd/device/types/arch.hpp>

namespace tt::tt_metal {

enum class DataMovementProcessor {
	RISCV_0 = 0, // BRISC
	RISCV_1 = 1, // NCRISC
};

enum NOC : uint8_t {
	RISCV_0_default = 0,
	RISCV_1_default = 1,
	NOC_0 = 0,
	NOC_1 = 1,
};

enum NOC_MODE : uint8_t {
	DM_DEDICATED_NOC = 0,
	DM_DYNAMIC_NOC = 1,
};

constexpr uint32_t max_runtime_args = 341;

using KernelHandle = std::uint32_t;

enum class KernelBuildOptLevel : uint8_t { O1, O2, O3, O0, Os, Ofast, Oz };

struct DataMovementConfig {
	DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
	NOC noc = NOC::RISCV_0_default;
	NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
	std::vector<uint32_t> compile_args;
	std::map<std::string, std::string> defines;
	std::unordered_map<std::string, uint32_t> named_compile_args;
	KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2;
	std::vector<std::filesystem::path> compiler_include_paths;
};

// A reader runs on RISCV_1 with the NoC preferred for DRAM reads (NoC 0),
// a writer on RISCV_0 with the one preferred for DRAM writes (NoC 1).
struct ReaderDataMovementConfig : public DataMovementConfig {
	ReaderDataMovementConfig(std::vector<uint32_t> compile_args = {},
				 std::map<std::string, std::string> defines = {},
				 std::unordered_map<std::string, uint32_t> named_compile_args = {},
				 KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2,
				 std::vector<std::filesystem::path> compiler_include_paths = {});
};

struct WriterDataMovementConfig : public DataMovementConfig {
	WriterDataMovementConfig(std::vector<uint32_t> compile_args = {},
				 std::map<std::string, std::string> defines = {},
				 std::unordered_map<std::string, uint32_t> named_compile_args = {},
				 KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2,
				 std::vector<std::filesystem::path> compiler_include_paths = {});
};

struct ComputeConfig {
	MathFidelity math_fidelity = MathFidelity::HiFi4;
	bool fp32_dest_acc_en = false;
	bool dst_full_sync_en = false;
	std::vector<UnpackToDestMode> unpack_to_dest_mode;
	bool bfp8_pack_precise = false;
	bool math_approx_mode = false;
	std::vector<uint32_t> compile_args;
	std::map<std::string, std::string> defines;
	std::unordered_map<std::string, uint32_t> named_compile_args;
	KernelBuildOptLevel opt_level = KernelBuildOptLevel::O3;
	std::vector<std::filesystem::path> compiler_include_paths;
};

} // namespace tt::tt_metal
