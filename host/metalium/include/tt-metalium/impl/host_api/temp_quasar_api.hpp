// SPDX-License-Identifier: Apache-2.0
//
// Internal, not TT-Metalium API: the kernel configs tt-metal gives
// Quasar's kernels, which a Metal 2.0 program built for a mock Quasar
// holds (metal2_host_api/program.hpp).  A Quasar node has 8 data-movement
// cores (2 kept by the runtime) and 4 Tensix engines of 4 compute
// processors each.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt-metalium/base_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/kernel_types.hpp>

namespace tt::tt_metal {
class Program;
}

namespace tt::tt_metal::experimental::quasar {

inline constexpr uint32_t QUASAR_NUM_DM_CORES_PER_CLUSTER = 8;
inline constexpr uint32_t QUASAR_NUM_RESERVED_DM_CORES_PER_CLUSTER = 2;
inline constexpr uint32_t QUASAR_NUM_TENSIX_ENGINES_PER_CLUSTER = 4;
inline constexpr uint32_t QUASAR_NUM_COMPUTE_PROCESSORS_PER_TENSIX_ENGINE = 4;

// Compute processor i is processor i % 4 of Tensix engine i / 4.
enum class QuasarComputeProcessor : uint8_t {
	NEO_0_COMPUTE_0,
	NEO_0_COMPUTE_1,
	NEO_0_COMPUTE_2,
	NEO_0_COMPUTE_3,
	NEO_1_COMPUTE_0,
	NEO_1_COMPUTE_1,
	NEO_1_COMPUTE_2,
	NEO_1_COMPUTE_3,
	NEO_2_COMPUTE_0,
	NEO_2_COMPUTE_1,
	NEO_2_COMPUTE_2,
	NEO_2_COMPUTE_3,
	NEO_3_COMPUTE_0,
	NEO_3_COMPUTE_1,
	NEO_3_COMPUTE_2,
	NEO_3_COMPUTE_3,
};

struct QuasarDataMovementConfig {
	uint32_t num_threads_per_cluster = 1;
	std::vector<uint32_t> compile_args;
	std::map<std::string, std::string> defines;
	std::unordered_map<std::string, uint32_t> named_compile_args;
	bool is_legacy_kernel = true;
	KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2;
	std::vector<std::filesystem::path> compiler_include_paths;
};

struct QuasarComputeConfig {
	uint32_t num_threads_per_cluster = 1;
	MathFidelity math_fidelity = MathFidelity::HiFi4;
	bool fp32_dest_acc_en = false;
	bool dst_full_sync_en = false;
	// Indexed by DFB (CB) id.
	std::vector<UnpackToDestMode> unpack_to_dest_mode;
	bool bfp8_pack_precise = false;
	bool math_approx_mode = false;
	std::vector<uint32_t> compile_args;
	std::map<std::string, std::string> defines;
	std::unordered_map<std::string, uint32_t> named_compile_args;
	KernelBuildOptLevel opt_level = KernelBuildOptLevel::O3;
	std::vector<std::filesystem::path> compiler_include_paths;
};

// tt-metal's kernel creation for Quasar's cores.  The emulated chips are
// Wormholes, which have no such cores: these throw, naming the kernel.
KernelHandle CreateKernel(Program &program, const std::string &file_name,
			  const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			  const QuasarDataMovementConfig &config);
KernelHandle CreateKernel(Program &program, const std::string &file_name,
			  const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			  const QuasarComputeConfig &config);

} // namespace tt::tt_metal::experimental::quasar
