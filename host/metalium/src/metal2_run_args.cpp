// SPDX-License-Identifier: Apache-2.0
//
// The values of each run of a Metal 2.0 program (metal2_host_api/program.hpp
// and program_run_args.hpp): ProgramRunArgs are checked against what the
// spec declared (the schema each kernel registered), then laid out in the
// kernels' runtime args:
//
//   per node: the named args in declaration order, then the varargs;
//   common:   the named args in declaration order, then for each tensor
//             binding its tensor's address and runtime fields, then the
//             varargs.
//
// A borrowed DFB's circular buffer is (re)placed in its tensor's buffer.
// The full path (SetProgramRunArgs) must give everything; the partial ones
// (UpdateProgramRunArgs, UpdateTensorArgs) patch what they are given and
// keep the rest.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include <tt-metalium/experimental/metal2_host_api/program.hpp>
#include <tt-metalium/host_api.hpp>

#include "internal.hpp"

namespace tt::tt_metal::experimental {

namespace {

using Schema = detail::ProgramImpl::KernelRTASchema;

const Schema &schema_of(const detail::ProgramImpl &impl, const KernelSpecName &kernel)
{
	const Schema *s = impl.get_kernel_rta_schema(*kernel);
	TT_FATAL(s,
		 "Kernel '{}' has no RTA schema registered: the program has no kernel of that "
		 "name (was it made from a ProgramSpec?)",
		 *kernel);
	return *s;
}

// The tensors given, checked against the declared TensorParameters: each
// known, each matching its spec as strictly as the parameter asks, and,
// when @require_all, every parameter given (else the enqueue-invariant
// ones may be missing).
void check_tensor_args(const detail::ProgramImpl &impl,
		       const Table<TensorParamName, TensorArgument> &tensor_args, bool require_all)
{
	std::unordered_set<std::string> given;
	for (const auto &[name, arg] : tensor_args) {
		given.insert(*name);
		const TensorSpec *declared = impl.get_tensor_parameter_layout(*name);
		TT_FATAL(declared, "TensorArgument references unknown TensorParameter '{}'.",
			 *name);
		const TensorSpec &spec = mesh_tensor_of(arg).tensor_spec();
		if (impl.get_tensor_parameter_dynamic_tensor_shape(*name)) {
			TT_FATAL(spec.tensor_layout() == declared->tensor_layout(),
				 "TensorArgument for binding '{}' supplied a MeshTensor whose "
				 "tensor_layout does not match the binding's declared layout; "
				 "dynamic_tensor_shape lets the shape vary, not the data type, "
				 "pages "
				 "or memory",
				 *name);
			TT_FATAL(spec.logical_shape().rank() == declared->logical_shape().rank(),
				 "TensorArgument for binding '{}' supplied a MeshTensor whose "
				 "logical_shape rank ({}) differs from the declared rank ({}); "
				 "dynamic_tensor_shape lets the dimensions vary, not their number",
				 *name, spec.logical_shape().rank(),
				 declared->logical_shape().rank());
		} else if (impl.get_tensor_parameter_match_padded_shape_only(*name)) {
			TT_FATAL(
				spec.tensor_layout() == declared->tensor_layout(),
				"TensorArgument for binding '{}' supplied a MeshTensor whose "
				"tensor_layout does not match the binding's declared layout; "
				"match_padded_shape_only lets the logical shape vary, nothing else",
				*name);
			TT_FATAL(spec.padded_shape() == declared->padded_shape(),
				 "TensorArgument for binding '{}' supplied a MeshTensor whose "
				 "padded_shape does not match the binding's declared padded_shape "
				 "(dynamic_tensor_shape lets it vary)",
				 *name);
		} else {
			TT_FATAL(spec == *declared,
				 "TensorArgument for binding '{}' supplied a MeshTensor whose "
				 "TensorSpec does not match the binding's declared spec (shape, "
				 "data "
				 "type, layout and memory must all be the declared ones)",
				 *name);
		}
	}
	for (const auto &name : impl.get_registered_tensor_parameter_names()) {
		if (!require_all && impl.get_tensor_parameter_enqueue_invariant(name))
			continue;
		TT_FATAL(
			given.contains(name),
			"TensorParameter '{}' is declared in the Program but has no TensorArgument "
			"entry.",
			name);
	}
}

void check_dfb_overrides(const detail::ProgramImpl &impl, const ProgramRunArgs &params)
{
	std::unordered_set<DFBSpecName> seen;
	for (const auto &o : params.dfb_run_overrides) {
		TT_FATAL(seen.insert(o.dfb).second,
			 "Duplicate DFB '{}' in ProgramRunArgs.dfb_run_overrides: a DFB appears at "
			 "most once",
			 *o.dfb);
		TT_FATAL(!o.entry_size && !o.num_entries,
			 "DFB size overrides are not yet implemented (DFB '{}')", *o.dfb);
		impl.get_dfb_handle(*o.dfb);
	}
}

// Varargs: the right count on each node that has them (and on no node
// the kernel does not run on), and the right number of common ones.
void check_varargs(const KernelRunArgs &kra, const Kernel &k, const Schema &s, bool partial)
{
	std::unordered_set<CoreCoord> given;
	for (const auto &[node, args] : kra.advanced_options.runtime_varargs) {
		given.insert(node);
		TT_FATAL(k.is_on_logical_core(node),
			 "Kernel '{}' is setting runtime_varargs for node {}, but the kernel does "
			 "not "
			 "run on that node.",
			 *kra.kernel, node);
		auto it = s.num_runtime_varargs_per_node.find(node);
		const size_t want = it == s.num_runtime_varargs_per_node.end() ? 0 : it->second;
		TT_FATAL(args.size() == want,
			 "Kernel '{}' node {} expects {} vararg runtime args, but {} were provided",
			 *kra.kernel, node, want, args.size());
	}
	for (const auto &[node, want] : s.num_runtime_varargs_per_node)
		TT_FATAL(want == 0 || given.contains(node),
			 "Kernel '{}' is missing vararg runtime args for node {} (expected {} "
			 "args{})",
			 *kra.kernel, node, want,
			 partial ? "; varargs cannot be enqueue-invariant" : "");
	TT_FATAL(kra.advanced_options.common_runtime_varargs.size() == s.num_common_runtime_varargs,
		 "Kernel '{}' expects {} vararg common runtime args, but {} were provided",
		 *kra.kernel, s.num_common_runtime_varargs,
		 kra.advanced_options.common_runtime_varargs.size());
}

// Named runtime args: declared names only, on the kernel's nodes, each
// node once; every name on every node (@partial: every name not
// enqueue-invariant).
void check_named_args(const KernelRunArgs &kra, const Kernel &k, const Schema &s, bool partial)
{
	const std::unordered_set<std::string> declared(s.runtime_arg_names.begin(),
						       s.runtime_arg_names.end());
	std::vector<std::string> required;
	for (const auto &n : s.runtime_arg_names)
		if (!partial || !s.enqueue_invariant_runtime_arg_names.contains(n))
			required.push_back(n);
	std::unordered_set<CoreCoord> nodes;
	for (const auto &[node, args] : kra.runtime_arg_values) {
		TT_FATAL(nodes.insert(node).second,
			 "Duplicate node_coord {} in runtime_arg_values for kernel '{}'.", node,
			 *kra.kernel);
		TT_FATAL(k.is_on_logical_core(node),
			 "Kernel '{}' is setting runtime_arg_values for node {}, but the kernel "
			 "does "
			 "not run on that node.",
			 *kra.kernel, node);
		if (!partial)
			TT_FATAL(args.size() == s.runtime_arg_names.size(),
				 "Kernel '{}' node {} expects {} named RTAs, but {} were provided",
				 *kra.kernel, node, s.runtime_arg_names.size(), args.size());
		for (const auto &[name, v] : args)
			TT_FATAL(declared.contains(name),
				 "Kernel '{}' node {} sets named RTA '{}' which is not declared in "
				 "the schema.",
				 *kra.kernel, node, name);
		for (const auto &name : required)
			TT_FATAL(args.contains(name),
				 "Kernel '{}' node {} is missing named RTA '{}'{}", *kra.kernel,
				 node, name,
				 partial ? ", which is not enqueue-invariant and so must be given"
					 : "");
	}
	if (required.empty())
		return;
	for (const auto &node : k.logical_cores())
		TT_FATAL(nodes.contains(node),
			 "Kernel '{}' has named RTAs declared but no runtime_arg_values provided "
			 "for "
			 "node {}.",
			 *kra.kernel, node);
}

void check_named_common_args(const KernelRunArgs &kra, const Schema &s, bool partial)
{
	const auto &given = kra.common_runtime_arg_values;
	for (const auto &[name, v] : given)
		TT_FATAL(std::find(s.common_runtime_arg_names.begin(),
				   s.common_runtime_arg_names.end(),
				   name) != s.common_runtime_arg_names.end(),
			 "Kernel '{}' sets named CRTA '{}' which is not declared in the schema.",
			 *kra.kernel, name);
	for (const auto &name : s.common_runtime_arg_names) {
		if (partial && s.enqueue_invariant_common_runtime_arg_names.contains(name))
			continue;
		TT_FATAL(given.contains(name), "Kernel '{}' is missing named CRTA '{}'{}",
			 *kra.kernel, name,
			 partial ? ", which is not enqueue-invariant and so must be given" : ".");
	}
}

// Whether a kernel left out of @params still had something to give.
bool needs_args(const Schema &s, const Kernel &k, bool partial)
{
	auto regular = [&](const std::vector<std::string> &names,
			   const std::set<std::string> &invariant) {
		return std::any_of(names.begin(), names.end(), [&](const std::string &n) {
			return !partial || !invariant.contains(n);
		});
	};
	const bool varargs =
		!s.num_runtime_varargs_per_node.empty() || s.num_common_runtime_varargs > 0;
	// A full set also fills every tensor binding's words from the tensors.
	const bool tensors = !partial && !k.tensor_binding_handles().empty();
	return regular(s.runtime_arg_names, s.enqueue_invariant_runtime_arg_names) ||
	       regular(s.common_runtime_arg_names, s.enqueue_invariant_common_runtime_arg_names) ||
	       varargs || tensors;
}

void check_run_args(const detail::ProgramImpl &impl, const ProgramRunArgs &params, bool partial)
{
	std::unordered_set<KernelSpecName> given;
	for (const auto &kra : params.kernel_run_args) {
		TT_FATAL(
			given.insert(kra.kernel).second,
			"Duplicate kernel '{}' in ProgramRunArgs.kernel_run_args: a kernel appears "
			"at most once",
			*kra.kernel);
		const Schema &s = schema_of(impl, kra.kernel);
		const Kernel &k = *impl.get_kernel_by_spec_name(*kra.kernel);
		check_varargs(kra, k, s, partial);
		check_named_args(kra, k, s, partial);
		check_named_common_args(kra, s, partial);
		if (!partial)
			TT_FATAL(kra.common_runtime_arg_values.size() ==
					 s.common_runtime_arg_names.size(),
				 "Kernel '{}' expects {} user-named CRTAs, but {} were provided",
				 *kra.kernel, s.common_runtime_arg_names.size(),
				 kra.common_runtime_arg_values.size());
	}
	for (const auto &name : impl.get_registered_kernel_names()) {
		if (given.contains(KernelSpecName{ name }))
			continue;
		const Schema &s = *impl.get_kernel_rta_schema(name);
		const bool missing = needs_args(s, *impl.get_kernel_by_spec_name(name), partial);
		if (partial)
			TT_FATAL(!missing,
				 "Kernel '{}' has runtime args that are not enqueue-invariant (or "
				 "varargs) but was omitted from UpdateProgramRunArgs",
				 name);
		else
			TT_FATAL(!missing,
				 "Kernel '{}' is registered in the Program with a non-empty "
				 "RTA/CRTA "
				 "schema but has no runtime parameters specified in ProgramRunArgs "
				 "(it declares runtime args, varargs or tensor bindings)",
				 name);
	}
	check_dfb_overrides(impl, params);
	check_tensor_args(impl, params.tensor_args, !partial);
}

std::unordered_map<std::string, const MeshTensor *>
tensors_by_name(const Table<TensorParamName, TensorArgument> &tensor_args)
{
	std::unordered_map<std::string, const MeshTensor *> out;
	for (const auto &[name, arg] : tensor_args)
		out[*name] = &mesh_tensor_of(arg);
	return out;
}

// A binding's common runtime words for @tensor: its address, then (for a
// sharded tensor with a dynamic shape) its shape in pages.
std::vector<uint32_t> binding_words(const TensorBindingHandle &h, const MeshTensor &tensor)
{
	const uint64_t address = tensor.address();
	TT_FATAL(address <= UINT32_MAX,
		 "tensor of TensorParameter '{}' at address {:#x}, past 32 bits",
		 h.tensor_parameter_name, address);
	std::vector<uint32_t> out = { static_cast<uint32_t>(address) };
	if (h.num_runtime_field_crta_words == 0)
		return out;
	const auto sharding = tensor.tensor_spec().compute_buffer_sharding_args();
	const auto &dist = sharding.buffer_distribution_spec();
	TT_FATAL(dist,
		 "tensor of TensorParameter '{}' is not sharded, yet its binding takes its "
		 "shape at run time",
		 h.tensor_parameter_name);
	const Shape &shape = dist->tensor_shape_in_pages();
	TT_FATAL(shape.rank() == h.num_runtime_field_crta_words,
		 "tensor of TensorParameter '{}' has a shape in pages of rank {}, its binding "
		 "{}",
		 h.tensor_parameter_name, shape.rank(), h.num_runtime_field_crta_words);
	out.insert(out.end(), shape.begin(), shape.end());
	return out;
}

void patch_bindings(Kernel &k, const std::unordered_map<std::string, const MeshTensor *> &tensors)
{
	RuntimeArgsData &crta = k.common_runtime_args_data();
	for (const auto &h : k.tensor_binding_handles()) {
		auto it = tensors.find(h.tensor_parameter_name);
		if (it == tensors.end())
			continue;
		const auto words = binding_words(h, *it->second);
		const size_t at = h.addr_crta_offset / sizeof(uint32_t);
		TT_FATAL(at + words.size() <= crta.size(),
			 "kernel '{}': binding '{}' past its common runtime args", k.spec_name(),
			 h.accessor_name);
		std::copy(words.begin(), words.end(), crta.data() + at);
	}
}

// Put each borrowed DFB's circular buffer in the buffer of its tensor (for
// those given).
void attach_borrowed(Program &program,
		     const std::unordered_map<std::string, const MeshTensor *> &tensors)
{
	auto &impl = program.impl();
	for (const auto &[id, name] : impl.get_dfb_borrowed_bindings()) {
		auto it = tensors.find(name);
		if (it == tensors.end())
			continue;
		const Buffer *buffer = it->second->mesh_buffer().get_reference_buffer();
		auto dfb = impl.get_dataflow_buffer(id);
		const uint64_t bytes = uint64_t{ dfb->config.entry_size } * dfb->config.num_entries;
		TT_FATAL(
			buffer->is_l1(),
			"DFB {} borrows the memory of TensorParameter '{}', whose tensor is not in "
			"L1",
			id, name);
		TT_FATAL(bytes <= buffer->aligned_size_per_bank(),
			 "DFB {} ({} bytes) does not fit in the {} bytes per core of the tensor of "
			 "TensorParameter '{}' it borrows",
			 id, bytes, buffer->aligned_size_per_bank(), name);
		dfb->set_borrowed_memory_base_addr(buffer->address());
		if (impl.not_runnable_arch)
			continue;
		if (dfb->cb) {
			UpdateDynamicCircularBufferAddress(program, *dfb->cb, *buffer);
			continue;
		}
		const tt::DataFormat format = dfb->config.data_format == tt::DataFormat::Invalid
						      ? tt::DataFormat::RawUInt8
						      : dfb->config.data_format;
		CircularBufferConfig config(static_cast<uint32_t>(bytes));
		config.index(static_cast<uint8_t>(id))
			.set_data_format(format)
			.set_page_size(dfb->config.entry_size);
		for (uint32_t a : dfb->aliases) {
			auto alias = impl.get_dataflow_buffer(a);
			config.index(static_cast<uint8_t>(a))
				.set_data_format(alias->config.data_format ==
								 tt::DataFormat::Invalid
							 ? tt::DataFormat::RawUInt8
							 : alias->config.data_format)
				.set_page_size(alias->config.entry_size);
		}
		config.set_globally_allocated_address(*buffer);
		const CBHandle cb = CreateCircularBuffer(program, dfb->cores, config);
		dfb->cb = cb;
		for (uint32_t a : dfb->aliases) {
			auto alias = impl.get_dataflow_buffer(a);
			alias->cb = cb;
			alias->set_borrowed_memory_base_addr(buffer->address());
		}
	}
}

} // namespace

void SetProgramRunArgs(Program &program, const ProgramRunArgs &params, bool skip_validation)
{
	auto &impl = program.impl();
	if (!skip_validation)
		check_run_args(impl, params, false);
	const auto tensors = tensors_by_name(params.tensor_args);
	for (const auto &kra : params.kernel_run_args) {
		const Schema &s = schema_of(impl, kra.kernel);
		Kernel &k = *impl.get_kernel_by_spec_name(*kra.kernel);

		std::unordered_map<CoreCoord, const KernelRunArgs::RuntimeArgValues *> named;
		for (const auto &[node, args] : kra.runtime_arg_values)
			named[node] = &args;
		for (const auto &node : k.logical_cores()) {
			auto n = named.find(node);
			auto v = kra.advanced_options.runtime_varargs.get(node);
			if (s.runtime_arg_names.empty() && !v)
				continue;
			std::vector<uint32_t> args;
			for (const auto &name : s.runtime_arg_names) {
				TT_FATAL(n != named.end() && n->second->contains(name),
					 "Kernel '{}' node {} is missing named RTA '{}'",
					 *kra.kernel, node, name);
				args.push_back(*n->second->get(name));
			}
			if (v)
				args.insert(args.end(), v->begin(), v->end());
			k.set_runtime_args(node, args);
		}

		std::vector<uint32_t> common;
		for (const auto &name : s.common_runtime_arg_names) {
			auto v = kra.common_runtime_arg_values.get(name);
			TT_FATAL(v, "Kernel '{}' is missing named CRTA '{}'.", *kra.kernel, name);
			common.push_back(*v);
		}
		for (const auto &h : k.tensor_binding_handles()) {
			auto t = tensors.find(h.tensor_parameter_name);
			TT_FATAL(t != tensors.end(),
				 "TensorParameter '{}' is declared in the Program but has no "
				 "TensorArgument entry.",
				 h.tensor_parameter_name);
			const auto words = binding_words(h, *t->second);
			common.insert(common.end(), words.begin(), words.end());
		}
		const auto &cv = kra.advanced_options.common_runtime_varargs;
		common.insert(common.end(), cv.begin(), cv.end());
		if (common.empty())
			continue;
		// Keep the buffer in place once it exists: views of it stay valid.
		if (k.common_set) {
			RuntimeArgsData &crta = k.common_runtime_args_data();
			TT_FATAL(
				crta.size() == common.size(),
				"Kernel '{}' common runtime args count cannot change from {} to {}",
				*kra.kernel, crta.size(), common.size());
			std::copy(common.begin(), common.end(), crta.data());
		} else {
			k.set_common_runtime_args(common);
		}
	}
	attach_borrowed(program, tensors);
	impl.run_args_set = true;
}

void UpdateTensorArgs(Program &program, const Table<TensorParamName, TensorArgument> &tensor_args)
{
	auto &impl = program.impl();
	check_tensor_args(impl, tensor_args, true);
	const auto tensors = tensors_by_name(tensor_args);
	for (const auto &name : impl.get_registered_kernel_names()) {
		Kernel &k = *impl.get_kernel_by_spec_name(name);
		if (k.tensor_binding_handles().empty())
			continue;
		TT_FATAL(k.common_set,
			 "UpdateTensorArgs called on Program before SetProgramRunArgs: kernel '{}' "
			 "binds tensors but has no common runtime args yet to patch",
			 name);
		patch_bindings(k, tensors);
	}
	attach_borrowed(program, tensors);
}

void UpdateProgramRunArgs(Program &program, const ProgramRunArgs &params, bool skip_validation)
{
	auto &impl = program.impl();
	if (!skip_validation)
		check_run_args(impl, params, true);
	for (const auto &kra : params.kernel_run_args) {
		const Schema &s = schema_of(impl, kra.kernel);
		Kernel &k = *impl.get_kernel_by_spec_name(*kra.kernel);
		const auto with_args = k.cores_with_runtime_args();
		auto rta_of = [&](const CoreCoord &node) -> RuntimeArgsData & {
			TT_FATAL(with_args.contains(node),
				 "UpdateProgramRunArgs: kernel '{}' has no runtime args on node {} "
				 "yet: call SetProgramRunArgs first",
				 *kra.kernel, node);
			return k.runtime_args_data(node);
		};
		for (const auto &[node, args] : kra.runtime_arg_values) {
			RuntimeArgsData &rta = rta_of(node);
			for (const auto &[name, value] : args)
				rta[s.runtime_arg_name_to_slot.at(name)] = value;
		}
		const size_t named = s.runtime_arg_names.size();
		for (const auto &[node, values] : kra.advanced_options.runtime_varargs) {
			if (values.empty())
				continue;
			RuntimeArgsData &rta = rta_of(node);
			std::copy(values.begin(), values.end(), rta.data() + named);
		}
		const auto &cv = kra.advanced_options.common_runtime_varargs;
		if (kra.common_runtime_arg_values.empty() && cv.empty())
			continue;
		TT_FATAL(k.common_set,
			 "UpdateProgramRunArgs: kernel '{}' CRTA buffer not allocated: call "
			 "SetProgramRunArgs first",
			 *kra.kernel);
		RuntimeArgsData &crta = k.common_runtime_args_data();
		for (const auto &[name, value] : kra.common_runtime_arg_values)
			crta[s.common_runtime_arg_name_to_slot.at(name)] = value;
		std::copy(cv.begin(), cv.end(),
			  crta.data() + k.get_crta_layout().vararg_section_offset);
	}
	if (params.tensor_args.empty())
		return;
	const auto tensors = tensors_by_name(params.tensor_args);
	for (const auto &name : impl.get_registered_kernel_names()) {
		Kernel &k = *impl.get_kernel_by_spec_name(name);
		const auto &handles = k.tensor_binding_handles();
		const bool touched =
			std::any_of(handles.begin(), handles.end(), [&](const auto &h) {
				return tensors.contains(h.tensor_parameter_name);
			});
		if (!touched)
			continue;
		TT_FATAL(k.common_set,
			 "UpdateProgramRunArgs: kernel '{}' CRTA buffer not allocated, so its "
			 "tensor "
			 "bindings cannot be patched: call SetProgramRunArgs first",
			 name);
		patch_bindings(k, tensors);
	}
	attach_borrowed(program, tensors);
}

namespace {

void merge_kernel(KernelRunArgs &into, const KernelRunArgs &from, bool skip_validation)
{
	for (const auto &[name, value] : from.common_runtime_arg_values) {
		TT_FATAL(skip_validation || !into.common_runtime_arg_values.contains(name),
			 "MergeProgramRunArgs: kernel '{}' common runtime arg '{}' is specified in "
			 "more than one ProgramRunArgs.",
			 *into.kernel, name);
		into.common_runtime_arg_values.insert({ name, value });
	}
	for (const auto &node_args : from.runtime_arg_values) {
		auto it =
			std::find_if(into.runtime_arg_values.begin(), into.runtime_arg_values.end(),
				     [&](const auto &n) { return n.node == node_args.node; });
		if (it == into.runtime_arg_values.end()) {
			into.runtime_arg_values.push_back(node_args);
			continue;
		}
		for (const auto &[name, value] : node_args.args) {
			TT_FATAL(skip_validation || !it->args.contains(name),
				 "MergeProgramRunArgs: kernel '{}' node {} runtime arg '{}' is "
				 "specified in more than one ProgramRunArgs.",
				 *into.kernel, node_args.node, name);
			it->args.insert({ name, value });
		}
	}
	for (const auto &[node, values] : from.advanced_options.runtime_varargs) {
		const bool taken = into.advanced_options.runtime_varargs.contains(node);
		TT_FATAL(
			skip_validation || !taken,
			"MergeProgramRunArgs: kernel '{}' node {} runtime varargs are specified in "
			"more than one ProgramRunArgs (positional args cannot be merged).",
			*into.kernel, node);
		if (!taken)
			into.advanced_options.runtime_varargs.insert({ node, values });
	}
	const auto &cv = from.advanced_options.common_runtime_varargs;
	if (cv.empty())
		return;
	const bool taken = !into.advanced_options.common_runtime_varargs.empty();
	TT_FATAL(skip_validation || !taken,
		 "MergeProgramRunArgs: kernel '{}' common runtime varargs are specified in more "
		 "than one ProgramRunArgs (positional args cannot be merged).",
		 *into.kernel);
	if (!taken)
		into.advanced_options.common_runtime_varargs = cv;
}

} // namespace

ProgramRunArgs MergeProgramRunArgs(ProgramRunArgs base, std::span<const ProgramRunArgs> rest,
				   bool skip_validation)
{
	for (const ProgramRunArgs &other : rest) {
		for (const auto &[name, arg] : other.tensor_args) {
			TT_FATAL(skip_validation || !base.tensor_args.contains(name),
				 "MergeProgramRunArgs: TensorParameter '{}' is specified in more "
				 "than "
				 "one ProgramRunArgs.",
				 *name);
			base.tensor_args.insert({ name, arg });
		}
		for (const auto &o : other.dfb_run_overrides) {
			const bool taken = std::any_of(
				base.dfb_run_overrides.begin(), base.dfb_run_overrides.end(),
				[&](const auto &b) { return b.dfb == o.dfb; });
			TT_FATAL(skip_validation || !taken,
				 "MergeProgramRunArgs: DFB '{}' overrides are specified in more "
				 "than "
				 "one ProgramRunArgs.",
				 *o.dfb);
			base.dfb_run_overrides.push_back(o);
		}
		for (const auto &kra : other.kernel_run_args) {
			auto it = std::find_if(
				base.kernel_run_args.begin(), base.kernel_run_args.end(),
				[&](const auto &b) { return b.kernel == kra.kernel; });
			if (it == base.kernel_run_args.end())
				base.kernel_run_args.push_back(kra);
			else
				merge_kernel(*it, kra, skip_validation);
		}
	}
	return base;
}

} // namespace tt::tt_metal::experimental
