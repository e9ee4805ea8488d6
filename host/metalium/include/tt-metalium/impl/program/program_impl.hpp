// SPDX-License-Identifier: Apache-2.0
//
// Internal, not TT-Metalium API: what a Program holds (Program::impl(),
// tt-metal's internal view, which its tests inspect).  Kernels, circular
// buffers and the libtt program underneath; for programs made from Metal
// 2.0 specs also the names of their kernels, DFBs and semaphores, each
// kernel's runtime-arg schema and the declared tensors, which
// SetProgramRunArgs checks values against.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt-metalium/impl/dataflow_buffer/dataflow_buffer_impl.hpp>
#include <tt-metalium/impl/kernels/kernel.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/program.hpp>
#include <umd/device/types/arch.hpp>

struct tt_program;
struct tt_buffer;

namespace tt::tt_metal {
class IDevice;
}

namespace tt::tt_metal::detail {

struct CbState {
	uint32_t handle = 0;
	CircularBufferConfig config;
	CoreRangeSet cores;
};

class ProgramImpl {
public:
	ProgramImpl();
	~ProgramImpl();
	ProgramImpl(const ProgramImpl &) = delete;
	ProgramImpl &operator=(const ProgramImpl &) = delete;

	struct tt_program *prog = nullptr;
	std::vector<std::shared_ptr<Kernel>> kernels;
	std::deque<CbState> cbs;

	// Where semaphore 0 of @logical_core (a Tensix: CoreType::WORKER) of
	// @device is in L1: the start of each launch's kernel-config blob
	// (hal/tt_kernel_config.h), the same for every program and core.
	uint32_t get_sem_base_addr(IDevice *device, CoreCoord logical_core, CoreType core_type);
	// Bytes of the CB configs in that blob (after the semaphores): every
	// CB index's, UINT32_WORDS_PER_LOCAL_CIRCULAR_BUFFER_CONFIG words each.
	uint32_t get_cb_size(IDevice *device, CoreCoord logical_core, CoreType core_type);

	// CreateCircularBuffer's work.
	CBHandle add_circular_buffer(const CoreRangeSet &cores, const CircularBufferConfig &config);
	Kernel &kernel(KernelHandle k);
	std::shared_ptr<Kernel> get_kernel(KernelHandle k) const;
	size_t num_kernels() const { return kernels.size(); }
	// Send every runtime arg to libtt (before a launch); throws for a
	// program that cannot run.
	void push_args();

	// Metal 2.0 ---------------------------------------------------------------

	// The names and counts of a kernel's runtime args.
	struct KernelRTASchema {
		std::vector<std::string> runtime_arg_names;
		std::vector<std::string> common_runtime_arg_names;
		std::unordered_map<std::string, size_t> runtime_arg_name_to_slot;
		std::unordered_map<std::string, size_t> common_runtime_arg_name_to_slot;
		std::set<std::string> enqueue_invariant_runtime_arg_names;
		std::set<std::string> enqueue_invariant_common_runtime_arg_names;
		// Nodes with varargs, and how many (nodes not here have none).
		std::map<CoreCoord, uint32_t> num_runtime_varargs_per_node;
		uint32_t num_common_runtime_varargs = 0;
	};

	// A declared TensorParameter: its spec and how strictly tensors must
	// match it.
	struct TensorParameterInfo {
		TensorSpec spec;
		bool dynamic_tensor_shape = false;
		bool match_padded_shape_only = false;
		bool enqueue_invariant = false;
	};

	// Set when the program was built for a mock architecture the emulator
	// does not run (Quasar): it can be inspected, not enqueued.
	std::optional<tt::ARCH> not_runnable_arch;
	bool run_args_set = false;

	std::shared_ptr<Kernel> get_kernel_by_spec_name(const std::string &name) const;
	KernelHandle get_kernel_handle(const std::string &spec_name) const;
	std::vector<std::string> get_registered_kernel_names() const { return kernel_names_; }
	const KernelRTASchema *get_kernel_rta_schema(const std::string &spec_name) const;
	void register_kernel(const std::string &spec_name, KernelHandle handle,
			     KernelRTASchema schema);

	uint32_t add_dataflow_buffer(const CoreRangeSet &cores,
				     const experimental::dfb::DataflowBufferConfig &config);
	std::shared_ptr<experimental::dfb::DataflowBufferImpl>
	get_dataflow_buffer(uint32_t id) const;
	const std::vector<std::shared_ptr<experimental::dfb::DataflowBufferImpl>> &
	dataflow_buffers() const
	{
		return dfbs_;
	}
	// Make DFB @secondary share the memory of DFB @primary (and of the
	// DFBs @primary shares with).  Before the DFBs' memory is placed.
	void set_dfb_alias(uint32_t primary, uint32_t secondary);
	// Wormhole: give each DFB without memory the circular buffer that
	// carries it, one per alias group (the first member's size); those
	// borrowing a tensor get theirs when it is attached.  Done when a spec
	// is built, else before the DFBs are used.
	void make_dfb_cbs();
	// Where each DFB's memory is (uniform_alloc_addr()), after make_dfb_cbs().
	void allocate_dataflow_buffers(IDevice *device);
	void register_dfb_spec_name(const std::string &name, uint32_t id);
	uint32_t get_dfb_handle(const std::string &name) const;
	// Borrowed DFBs: id -> the TensorParameter whose tensor they live in.
	void register_dfb_borrowed_binding(uint32_t id, const std::string &tensor_parameter);
	const std::map<uint32_t, std::string> &get_dfb_borrowed_bindings() const
	{
		return borrowed_;
	}
	// Fill each DFB's per-core addresses (tt-metal does this at the first
	// enqueue): the CB's address on Wormhole, the borrowed tensor's when
	// one is attached, 0 where none is known yet.
	void finalize_dataflow_buffer_configs();

	void register_semaphore_spec_name(const std::string &name, uint32_t id);
	uint32_t get_semaphore_id(const std::string &name) const;

	void register_tensor_parameter(const std::string &name, TensorParameterInfo info);
	const TensorSpec *get_tensor_parameter_layout(const std::string &name) const;
	bool get_tensor_parameter_dynamic_tensor_shape(const std::string &name) const;
	bool get_tensor_parameter_match_padded_shape_only(const std::string &name) const;
	bool get_tensor_parameter_enqueue_invariant(const std::string &name) const;
	std::vector<std::string> get_registered_tensor_parameter_names() const;

private:
	std::vector<std::string> kernel_names_;
	std::map<std::string, KernelHandle> kernel_by_name_;
	std::map<std::string, KernelRTASchema> schemas_;
	std::vector<std::shared_ptr<experimental::dfb::DataflowBufferImpl>> dfbs_;
	std::map<std::string, uint32_t> dfb_by_name_;
	std::map<uint32_t, std::string> borrowed_;
	std::map<std::string, uint32_t> semaphore_by_name_;
	std::vector<std::string> tensor_parameter_names_;
	std::map<std::string, TensorParameterInfo> tensor_parameters_;
};

} // namespace tt::tt_metal::detail
