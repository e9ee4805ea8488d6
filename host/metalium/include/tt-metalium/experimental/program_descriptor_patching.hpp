// SPDX-License-Identifier: Apache-2.0
//
// Repointing a program built from a ProgramDescriptor at other buffers
// without rebuilding it.  resolve_bindings() finds, for each buffer
// binding of the descriptor (KernelDescriptor::emplace_runtime_args, a
// CBDescriptor's buffer or tensor), which entry of a list of buffers it
// is; apply_resolved_bindings() then writes the addresses of another list
// of the same shape into those args and CBs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/program_descriptors.hpp>

namespace tt::tt_metal {

class Program;

// Runtime arg @arg_idx of kernel @kernel_idx (on @core, or common) holds
// the address of buffer @tensor_buffer_idx.
struct ResolvedRtArgBinding {
	uint32_t kernel_idx = 0;
	CoreCoord core{};
	uint32_t arg_idx = 0;
	uint32_t tensor_buffer_idx = 0;
	bool is_common = false;
};

// CB @cb_id lives at @address_offset in buffer @tensor_buffer_idx.
struct ResolvedCbBinding {
	uintptr_t cb_id = 0;
	uint32_t tensor_buffer_idx = 0;
	uint32_t address_offset = 0;
};

struct ResolvedBindings {
	std::vector<ResolvedRtArgBinding> rt_args;
	std::vector<ResolvedCbBinding> cbs;
	bool empty() const noexcept { return rt_args.empty() && cbs.empty(); }
};

// Every runtime-arg binding of @desc must name a buffer of @tensor_buffers
// (throws otherwise); a CB whose buffer is not there is left out.  The
// first @num_input_buffers of @tensor_buffers are the inputs: when one of
// them appears twice, which binding is which cannot be told, and the
// result is empty.
ResolvedBindings resolve_bindings(Program &program, const ProgramDescriptor &desc,
				  std::span<Buffer *const> tensor_buffers,
				  size_t num_input_buffers = std::numeric_limits<size_t>::max());

// Write the addresses of @current_buffers (the same shape as at
// resolve_bindings) into the args and CBs @bindings name.
void apply_resolved_bindings(Program &program, const ResolvedBindings &bindings,
			     std::span<Buffer *const> current_buffers);

// A runtime arg whose value changes from one dispatch to the next.
struct DynamicRuntimeArg {
	uint32_t kernel_idx = 0;
	CoreCoord core{};
	uint32_t arg_idx = 0;
	uint32_t value = 0;
	bool is_common = false;
};

void apply_dynamic_runtime_args(Program &program, std::span<const DynamicRuntimeArg> dynamic_args);

} // namespace tt::tt_metal
