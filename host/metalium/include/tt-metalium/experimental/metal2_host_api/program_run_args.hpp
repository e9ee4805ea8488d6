// SPDX-License-Identifier: Apache-2.0
//
// ProgramRunArgs: the values of one run of a program made from a
// ProgramSpec: each kernel's runtime args (named ones by name, per node
// and common; varargs by position), the MeshTensor for each
// TensorParameter, and DFB size overrides (not supported yet: an override
// is refused).  It is read against the spec: every arg the spec names must
// be there, and nothing else.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/kernel_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/tensor_parameter.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>

namespace tt::tt_metal::experimental {

struct ProgramRunArgs {
	struct KernelRunArgs {
		KernelSpecName kernel;

		// Every named runtime arg of the kernel, on every node it runs on.
		using RuntimeArgValues = Table<std::string, uint32_t>;
		struct NodeRuntimeArgs {
			NodeCoord node;
			RuntimeArgValues args;
		};
		Group<NodeRuntimeArgs> runtime_arg_values;

		// Every named common runtime arg.
		RuntimeArgValues common_runtime_arg_values;

		// Varargs.
		AdvancedKernelRunArgs advanced_options;
	};
	// Kernels with nothing to give (no runtime args, no varargs, no bound
	// tensors) may be left out.
	Group<KernelRunArgs> kernel_run_args;

	// The tensor of each TensorParameter, not owned: it must outlive the
	// runs that use it.
	using TensorArgument = std::variant<std::reference_wrapper<const MeshTensor>>;
	Table<TensorParamName, TensorArgument> tensor_args;

	struct DFBRunOverrides {
		DFBSpecName dfb;
		std::optional<uint32_t> entry_size = std::nullopt;
		std::optional<uint32_t> num_entries = std::nullopt;
	};
	Group<DFBRunOverrides> dfb_run_overrides;
};

using KernelRunArgs = ProgramRunArgs::KernelRunArgs;
using DFBRunOverrides = ProgramRunArgs::DFBRunOverrides;
using TensorArgument = ProgramRunArgs::TensorArgument;

inline const MeshTensor &mesh_tensor_of(const TensorArgument &arg)
{
	return std::get<std::reference_wrapper<const MeshTensor>>(arg).get();
}

// @base with the args of each of @rest added.  The inputs must give
// different args (a kernel may appear in several, with different args of
// it); a clash throws unless @skip_validation, when the first value stays.
// Varargs cannot be merged: one input at most may give a node's varargs,
// or the common ones.
ProgramRunArgs MergeProgramRunArgs(ProgramRunArgs base, std::span<const ProgramRunArgs> rest,
				   bool skip_validation = false);

// Direct views into a program's runtime args.  Not implemented:
// GetProgramRunArgsView throws.
struct ProgramRunArgsView {
	struct KernelRunArgsView {
		KernelSpecName kernel;
		Table<NodeCoord, std::span<uint32_t>> runtime_varargs;
		std::span<uint32_t> common_runtime_varargs;
	};
	Group<KernelRunArgsView> kernel_run_args;

	struct DFBRunOverridesView {
		DFBSpecName dfb;
		uint32_t *entry_size;
		uint32_t *num_entries;
	};
	Group<DFBRunOverridesView> dfb_run_overrides;
};

} // namespace tt::tt_metal::experimental
