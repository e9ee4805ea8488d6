// SPDX-License-Identifier: Apache-2.0
//
// ProgramSpec: what does not change between runs of a program: its
// kernels, DFBs and semaphores, the tensors it takes (declared, not
// given), and which kernels run on which nodes (WorkUnitSpecs).
// MakeProgramFromSpec (program.hpp) checks it and builds the Program; each
// run's values (runtime args, tensors) come in a ProgramRunArgs.
#pragma once

#include <string>

#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/kernel_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/semaphore_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/tensor_parameter.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>

namespace tt::tt_metal::experimental {

// Kernels that run together: every one of target_nodes runs one instance
// of each.  Work units of a program may not share a node; a kernel may be
// in several, and runs on all their nodes.
struct WorkUnitSpec {
	// For messages only.
	std::string name;
	Group<KernelSpecName> kernels;
	Nodes target_nodes;
};

struct ProgramSpec {
	// For messages only.
	std::string name;

	Group<KernelSpec> kernels;
	Group<DataflowBufferSpec> dataflow_buffers;
	Group<RemoteDataflowBufferSpec> remote_dataflow_buffers;
	Group<SemaphoreSpec> semaphores;
	Group<TensorParameter> tensor_parameters;

	// At least one, and every kernel in at least one.
	Group<WorkUnitSpec> work_units;
};

} // namespace tt::tt_metal::experimental
