// SPDX-License-Identifier: Apache-2.0
//
// KernelSpec: a kernel as compiled: its source, compiler options and
// compile-time args, the DFBs, semaphores and tensors it binds (each under
// an accessor name its source uses: dfb::<name>, sem::<name>, ta::<name>),
// the names of the runtime args it takes at each run, and the hardware it
// drives (data movement or compute).  One spec may run as several threads
// (num_threads; Quasar only, 1 elsewhere).  The nodes it runs on come from
// the WorkUnitSpecs that list it; each node runs its own instance, with
// its own runtime args.  Several specs may share one source file, bound or
// configured differently.
//
// On Wormhole a KernelSpec becomes one kernel (CreateKernel): named
// compile-time args are named compile-time args, the tensors' accessor
// args are positional compile-time args, and the runtime args are laid out
// named ones first, then varargs (common ones: named, then each bound
// tensor's address and runtime fields, then varargs).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/metal2_host_api/compute_hardware_config.hpp>
#include <tt-metalium/experimental/metal2_host_api/data_movement_hardware_config.hpp>
#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/semaphore_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/tensor_parameter.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental {

// The name of a KernelSpec within its ProgramSpec.
using KernelSpecName = ttsl::StrongType<std::string, struct KernelSpecNameTag>;

struct KernelSpec {
	KernelSpecName unique_id;

	// A source file (a string literal is taken as one), resolved as
	// CreateKernel resolves paths, or the source itself in SourceCode.
	struct SourceCode {
		std::string code;
	};
	std::variant<std::filesystem::path, SourceCode> source;

	uint32_t num_threads = 1;

	bool is_data_movement_kernel() const
	{
		return std::holds_alternative<DataMovementHardwareConfig>(hw_config);
	}
	bool is_compute_kernel() const
	{
		return std::holds_alternative<ComputeHardwareConfig>(hw_config);
	}

	struct CompilerOptions {
		using IncludePaths = std::vector<std::filesystem::path>;
		using Defines = Table<std::string, std::string>;
		using OptLevel = tt::tt_metal::KernelBuildOptLevel;

		IncludePaths include_paths;
		Defines defines;
		OptLevel opt_level = OptLevel::O2;
	};
	CompilerOptions compiler_options = {};

	// A DFB this kernel produces into or consumes from.  The access
	// pattern says how several threads share the entries (each takes every
	// Nth, each takes all, or blocks); with one thread it does not matter.
	struct DFBBinding {
		enum class EndpointType { PRODUCER, CONSUMER };
		enum class AccessPattern { STRIDED, ALL, BLOCKED };

		DFBSpecName dfb_spec_name;
		std::string accessor_name;
		EndpointType endpoint_type;
		AccessPattern access_pattern = AccessPattern::STRIDED;
	};
	Group<DFBBinding> dfb_bindings;

	struct SemaphoreBinding {
		SemaphoreSpecName semaphore_spec_name;
		std::string accessor_name;
	};
	Group<SemaphoreBinding> semaphore_bindings;

	struct TensorBinding {
		TensorParamName tensor_parameter_name;
		std::string accessor_name;
	};
	Group<TensorBinding> tensor_bindings;

	// Named compile-time args (uint32_t values), fixed for the program.
	using CompileTimeArgs = Table<std::string, uint32_t>;
	CompileTimeArgs compile_time_args;

	// Names of the runtime args ProgramRunArgs gives each run: per node
	// and common to all nodes.  They must be distinct C++ identifiers, and
	// distinct from the compile-time args' names.
	struct RuntimeArgSchema {
		Group<std::string> runtime_arg_names;
		Group<std::string> common_runtime_arg_names;
	};
	RuntimeArgSchema runtime_arg_schema{};

	std::variant<DataMovementHardwareConfig, ComputeHardwareConfig> hw_config;

	KernelAdvancedOptions advanced_options;
};

using DFBEndpointType = KernelSpec::DFBBinding::EndpointType;
using DFBAccessPattern = KernelSpec::DFBBinding::AccessPattern;
using DFBBinding = KernelSpec::DFBBinding;
using TensorBinding = KernelSpec::TensorBinding;
using SemaphoreBinding = KernelSpec::SemaphoreBinding;

// The producer end of a DFB (producers are always STRIDED).
inline DFBBinding ProducerOf(DFBSpecName dfb_spec_name, std::string accessor_name)
{
	return DFBBinding{ .dfb_spec_name = std::move(dfb_spec_name),
			   .accessor_name = std::move(accessor_name),
			   .endpoint_type = DFBEndpointType::PRODUCER,
			   .access_pattern = DFBAccessPattern::STRIDED };
}

// The consumer end of a DFB, STRIDED; for one-thread kernels, where the
// pattern does not matter.
inline DFBBinding ConsumerOf(DFBSpecName dfb_spec_name, std::string accessor_name)
{
	return DFBBinding{ .dfb_spec_name = std::move(dfb_spec_name),
			   .accessor_name = std::move(accessor_name),
			   .endpoint_type = DFBEndpointType::CONSUMER,
			   .access_pattern = DFBAccessPattern::STRIDED };
}

// The consumer end, each thread taking every Nth entry.
inline DFBBinding StridedConsumerOf(DFBSpecName dfb_spec_name, std::string accessor_name)
{
	return ConsumerOf(std::move(dfb_spec_name), std::move(accessor_name));
}

// The consumer end, every thread taking every entry.
inline DFBBinding AllConsumerOf(DFBSpecName dfb_spec_name, std::string accessor_name)
{
	return DFBBinding{ .dfb_spec_name = std::move(dfb_spec_name),
			   .accessor_name = std::move(accessor_name),
			   .endpoint_type = DFBEndpointType::CONSUMER,
			   .access_pattern = DFBAccessPattern::ALL };
}

} // namespace tt::tt_metal::experimental
