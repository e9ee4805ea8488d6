// SPDX-License-Identifier: Apache-2.0
//
// SemaphoreSpec: a semaphore, one L1 word on each of its target nodes.
// Any kernel of the program may bind it, wherever that kernel runs, and
// signal or wait on any node's copy; so its nodes are given here rather
// than derived from the kernels that bind it.
#pragma once

#include <string>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental {

// The name of a SemaphoreSpec within its ProgramSpec.
using SemaphoreSpecName = ttsl::StrongType<std::string, struct SemaphoreSpecNameTag>;

struct SemaphoreSpec {
	SemaphoreSpecName unique_id;
	Nodes target_nodes;
	SemaphoreAdvancedOptions advanced_options;
};

} // namespace tt::tt_metal::experimental
