// SPDX-License-Identifier: Apache-2.0
//
// Internal, not TT-Metalium API: a kernel of a Program as the library
// keeps it (Program::impl().get_kernel(handle), tt-metal's internal view,
// which its tests inspect): the libtt kernel, its cores and config, and
// its runtime args, kept here until a launch sends them to libtt.  Kernels
// made from Metal 2.0 specs also carry their tensor bindings and the
// layout of their common runtime args.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/impl/host_api/temp_quasar_api.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/runtime_args_data.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

// Where a bound tensor's accessor args sit.  Its static layout is a run
// of positional compile-time args from cta_offset; at each run its base
// address, then num_runtime_field_crta_words runtime fields (the shape in
// pages of a sharded tensor with a dynamic shape), are common runtime
// args from byte addr_crta_offset.
struct TensorBindingHandle {
	std::string accessor_name;
	std::string tensor_parameter_name;
	uint32_t cta_offset = 0;
	uint32_t addr_crta_offset = 0;
	uint32_t num_runtime_field_crta_words = 0;

	bool operator==(const TensorBindingHandle &) const = default;
};

// A Metal 2.0 kernel's common runtime args: the named ones, then the
// tensor bindings' words, then the varargs from vararg_section_offset.
struct KernelCrtaLayout {
	uint32_t num_named_words = 0;
	uint32_t binding_section_words = 0;
	uint32_t vararg_section_offset = 0;

	bool operator==(const KernelCrtaLayout &) const = default;
};

// tt-metal's ethernet kernels (CreateKernel with an EthernetConfig): an
// active core's (SENDER, RECEIVER: its channel has a link) or an idle
// one's.  Wormhole's ethernet cores have one RISC: processor must be
// RISCV_0.
enum Eth : uint8_t {
	SENDER = 0,
	RECEIVER = 1,
	IDLE = 2,
};

struct EthernetConfig {
	Eth eth_mode = Eth::SENDER;
	NOC noc = NOC::NOC_0;
	DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
	std::vector<uint32_t> compile_args;
	std::map<std::string, std::string> defines;
	std::unordered_map<std::string, uint32_t> named_compile_args;
	KernelBuildOptLevel opt_level = KernelBuildOptLevel::Os;
	NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
};

class Program;

KernelHandle CreateKernel(Program &program, const std::string &file_name,
			  const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			  const EthernetConfig &config);
KernelHandle
CreateKernelFromString(Program &program, const std::string &kernel_src_code,
		       const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
		       const EthernetConfig &config);

using KernelConfig = std::variant<DataMovementConfig, ComputeConfig, EthernetConfig,
				  experimental::quasar::QuasarDataMovementConfig,
				  experimental::quasar::QuasarComputeConfig>;

class Kernel {
public:
	Kernel(std::string source, const CoreRangeSet &cores, KernelConfig config);
	Kernel(const Kernel &) = delete;
	Kernel &operator=(const Kernel &) = delete;

	// The path of the source file, or the source itself.
	const std::string &source() const { return source_; }
	const KernelConfig &config() const { return config_; }
	bool is_compute() const;
	// Its RISCs' class (data movement or compute), and the class's
	// @index-th RISC it runs on: BRISC 0 / NCRISC 1 for data movement (an
	// ERISC is 0), TRISC @index for compute.
	HalProcessorClassType get_kernel_processor_class() const;
	int get_kernel_processor_type(int index) const;
	// On ethernet cores (an EthernetConfig): its cores are (0, channel).
	bool is_ethernet() const { return std::holds_alternative<EthernetConfig>(config_); }
	const CoreRangeSet &core_range_set() const { return cores_; }
	const std::set<CoreCoord> &logical_cores() const { return core_list_; }
	// Its cores as the ranges they were given in.
	const std::vector<CoreRange> &logical_coreranges() const { return cores_.ranges(); }
	bool is_on_logical_core(const CoreCoord &core) const { return core_list_.count(core) != 0; }
	// What decides the binary: source, config, args baked in at compile
	// time.  Equal for kernels that compile to the same code.
	size_t compute_hash() const;

	// Runtime args of @core; throws if the core has none.
	std::vector<uint32_t> &runtime_args(const CoreCoord &core);
	RuntimeArgsData &runtime_args_data(const CoreCoord &core);
	// Cores with runtime args set.
	std::set<CoreCoord> cores_with_runtime_args() const;
	void set_runtime_args(const CoreCoord &core, ttsl::Span<const uint32_t> args);
	std::vector<uint32_t> &common_runtime_args() { return common_; }
	RuntimeArgsData &common_runtime_args_data();
	void set_common_runtime_args(ttsl::Span<const uint32_t> args);

	// Metal 2.0: the KernelSpec this kernel was made from.
	const std::string &spec_name() const { return spec_name_; }
	const std::vector<TensorBindingHandle> &tensor_binding_handles() const { return bindings_; }
	const KernelCrtaLayout &get_crta_layout() const { return crta_layout_; }
	void set_metal2(std::string spec_name, std::vector<TensorBindingHandle> bindings,
			KernelCrtaLayout crta_layout);

	// The libtt kernel (0 for a program that cannot run).
	uint32_t handle = 0;
	// Per core, reserved to max_runtime_args so views stay valid.
	std::map<CoreCoord, std::vector<uint32_t>> args;
	std::map<CoreCoord, RuntimeArgsData> views;
	std::vector<std::vector<RuntimeArgsData>> grid_views;
	std::vector<uint32_t> common_;
	RuntimeArgsData common_view;
	bool common_set = false;

private:
	std::string source_;
	CoreRangeSet cores_;
	std::set<CoreCoord> core_list_;
	KernelConfig config_;
	std::string spec_name_;
	std::vector<TensorBindingHandle> bindings_;
	KernelCrtaLayout crta_layout_;
};

} // namespace tt::tt_metal
