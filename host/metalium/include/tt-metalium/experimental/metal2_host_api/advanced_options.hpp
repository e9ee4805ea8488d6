// SPDX-License-Identifier: Apache-2.0
//
// The advanced options of the Metal 2.0 specs: the last field of each
// spec, for what is niche, unsafe or unsettled.  Each option below says
// what it costs to use.  DFBSpecName lives here because these options
// name DFBs and dataflow_buffer_spec.hpp includes this header.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental {

// The name of a DataflowBufferSpec within its ProgramSpec.
using DFBSpecName = ttsl::StrongType<std::string, struct DFBSpecNameTag>;

struct KernelAdvancedOptions {
	// Per-node thread counts instead of KernelSpec::num_threads.  Not
	// implemented: a spec that sets any is refused.
	Table<Nodes, uint32_t> node_specific_thread_counts;

	// Named runtime args (and common ones) that UpdateProgramRunArgs may
	// leave out, keeping the value the last SetProgramRunArgs gave them.
	// Unsafe: the caller must know the kept value is still right.
	Group<std::string> enqueue_invariant_runtime_args;
	Group<std::string> enqueue_invariant_common_runtime_args;

	// Positional runtime args ("varargs"), read by index in the kernel,
	// after the named ones: how many per node, and how many common ones.
	uint32_t num_runtime_varargs = 0;
	uint32_t num_common_runtime_varargs = 0;

	// A different vararg count on some nodes (the others keep
	// num_runtime_varargs; a count of 0 takes a node's varargs away).
	// Entries must not share a node.
	[[deprecated("per-node vararg counts are deprecated and will be removed")]] Table<Nodes,
											  uint32_t>
		num_runtime_varargs_per_node;

	// For a compute kernel that is both producer and consumer of a DFB:
	// whether each thread uses the DFB on its own (INTRA, the default and
	// the only one supported) or threads hand entries to each other
	// (INTER, refused).
	enum class DFBSelfLoopConnectivity { INTRA, INTER };
	Table<DFBSpecName, DFBSelfLoopConnectivity> dfb_self_loop_connectivities;
};

using DFBSelfLoopConnectivity = KernelAdvancedOptions::DFBSelfLoopConnectivity;

struct DFBAdvancedOptions {
	// DFBs that share this one's memory.  Nothing stops one from
	// overwriting another's entries: the kernels must.  Every member of a
	// group lists every other member, and all have the same total size
	// (entry_size * num_entries) and the same nodes.
	Group<DFBSpecName> alias_with;
};

struct AdvancedKernelRunArgs {
	using Varargs = std::vector<uint32_t>;

	// Runtime varargs per node, as many as KernelAdvancedOptions declares
	// for that node.
	Table<NodeCoord, Varargs> runtime_varargs;
	// Common runtime varargs, the same on every node.
	Varargs common_runtime_varargs;
};

struct SemaphoreAdvancedOptions {
	// A semaphore's value when the program starts.  Only 0 on Quasar.
	[[deprecated(
		"non-zero semaphore initial values are deprecated and will be removed")]] uint32_t
		initial_value = 0;
};

struct TensorParameterAdvancedOptions {
	// The tensor bound to this parameter may be left out of
	// UpdateProgramRunArgs, keeping the last one.  Unsafe: that tensor must
	// still be alive.
	bool enqueue_invariant = false;

	// Accept tensors whose logical shape differs from the declared one as
	// long as the padded shape is the same.  Unsafe for most kernels.
	bool match_padded_shape_only = false;

	// Accept tensors of another shape of the same rank.  For a sharded
	// tensor the shape in pages then reaches the kernel as common runtime
	// args instead of compile-time args.  Wins over match_padded_shape_only.
	bool dynamic_tensor_shape = false;
};

} // namespace tt::tt_metal::experimental
