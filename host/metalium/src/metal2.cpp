// SPDX-License-Identifier: Apache-2.0
//
// Metal 2.0 programs from specs (metal2_host_api/program.hpp).  A
// ProgramSpec goes through three steps:
//
//   1. index: look every name up once, refusing duplicate names, dangling
//      references and DFBs without both ends, and derive where each kernel
//      and DFB lives (the union of its work units' nodes);
//   2. check: the rules of the target architecture (thread counts,
//      processor placement, formats, budgets per node...), which
//      skip_validation skips;
//   3. build: on Wormhole ("Gen1") a Program made with the classic calls:
//      a circular buffer per DFB (its id is the CB index; aliased DFBs
//      share one CB), CreateSemaphore per semaphore and CreateKernel per
//      kernel, with the tensors' accessor args as positional compile-time
//      args.  For a mock Quasar ("Gen2") the same Program object, its
//      data-movement kernels placed on cores by a solver, but nothing
//      handed to libtt: it can be inspected, not enqueued.
//
// The errors name the spec, the kernel, DFB or node at fault, and the
// rule; their wording is tt-metal's where its tests look for it.
//
// Not implemented: per-node thread counts, remote DFBs and DFB size
// overrides (refused, as tt-metal refuses them); on Wormhole, DFB tiles
// other than 32x32 and partial-tile face geometries.
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <tt-metalium/experimental/metal2_host_api/program.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/impl/dataflow_buffer/dataflow_buffer.hpp>
#include <tt-metalium/impl/host_api/temp_quasar_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "internal.hpp"

namespace tt::tt_metal {

// The registry of a program made from a spec ---------------------------------------

namespace experimental::dfb {

uint32_t DataflowBufferImpl::uniform_alloc_addr() const
{
	TT_FATAL(alloc_addr,
		 "DFB {} has no memory yet: allocate the program's DFBs, or attach "
		 "the tensor it borrows",
		 id);
	return *alloc_addr;
}

uint32_t CreateDataflowBuffer(Program &program,
			      const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			      const DataflowBufferConfig &config)
{
	TT_FATAL(config.entry_size > 0 && config.num_entries > 0,
		 "CreateDataflowBuffer: a DFB of {} entries of {} bytes", config.num_entries,
		 config.entry_size);
	auto &impl = program.impl();
	TT_FATAL(impl.dataflow_buffers().size() < hal::get_arch_num_circular_buffers(),
		 "CreateDataflowBuffer: a program has at most {} DFBs",
		 hal::get_arch_num_circular_buffers());
	return impl.add_dataflow_buffer(detail::to_set(core_spec), config);
}

void BindDataflowBufferToProducerConsumerKernels(Program &, uint32_t dfb_id, KernelHandle,
						 KernelHandle)
{
	TT_THROW("BindDataflowBufferToProducerConsumerKernels (DFB {}): a Quasar call; on "
		 "Wormhole a DFB's ends are the kernels that use its CB index",
		 dfb_id);
}

void DataflowBufferImpl::set_borrowed_memory_base_addr(uint32_t addr)
{
	borrowed_addr = addr;
	alloc_addr = addr;
	for (auto &g : groups)
		for (auto &[core, a] : g.l1_by_core)
			a = addr;
}

} // namespace experimental::dfb

namespace experimental::quasar {

KernelHandle CreateKernel(Program &, const std::string &file_name,
			  const std::variant<CoreCoord, CoreRange, CoreRangeSet> &,
			  const QuasarDataMovementConfig &)
{
	TT_THROW("quasar::CreateKernel({}): a Quasar data-movement kernel, and the emulated "
		 "chips are Wormholes",
		 file_name);
}

KernelHandle CreateKernel(Program &, const std::string &file_name,
			  const std::variant<CoreCoord, CoreRange, CoreRangeSet> &,
			  const QuasarComputeConfig &)
{
	TT_THROW("quasar::CreateKernel({}): a Quasar compute kernel, and the emulated chips "
		 "are Wormholes",
		 file_name);
}

} // namespace experimental::quasar

namespace detail {

std::shared_ptr<Kernel> ProgramImpl::get_kernel_by_spec_name(const std::string &name) const
{
	return kernels[get_kernel_handle(name)];
}

KernelHandle ProgramImpl::get_kernel_handle(const std::string &spec_name) const
{
	auto it = kernel_by_name_.find(spec_name);
	TT_FATAL(it != kernel_by_name_.end(), "the program has no kernel made from KernelSpec '{}'",
		 spec_name);
	return it->second;
}

const ProgramImpl::KernelRTASchema *
ProgramImpl::get_kernel_rta_schema(const std::string &spec_name) const
{
	auto it = schemas_.find(spec_name);
	return it == schemas_.end() ? nullptr : &it->second;
}

void ProgramImpl::register_kernel(const std::string &spec_name, KernelHandle handle,
				  KernelRTASchema schema)
{
	kernel_names_.push_back(spec_name);
	kernel_by_name_[spec_name] = handle;
	schemas_[spec_name] = std::move(schema);
}

uint32_t ProgramImpl::add_dataflow_buffer(const CoreRangeSet &cores,
					  const experimental::dfb::DataflowBufferConfig &config)
{
	const auto id = static_cast<uint32_t>(dfbs_.size());
	dfbs_.push_back(std::make_shared<experimental::dfb::DataflowBufferImpl>(id, cores, config));
	return id;
}

std::shared_ptr<experimental::dfb::DataflowBufferImpl>
ProgramImpl::get_dataflow_buffer(uint32_t id) const
{
	TT_FATAL(id < dfbs_.size(), "DFB id {} is not a DFB of this program ({} DFBs)", id,
		 dfbs_.size());
	return dfbs_[id];
}

void ProgramImpl::register_dfb_spec_name(const std::string &name, uint32_t id)
{
	dfb_by_name_[name] = id;
}

uint32_t ProgramImpl::get_dfb_handle(const std::string &name) const
{
	auto it = dfb_by_name_.find(name);
	TT_FATAL(it != dfb_by_name_.end(),
		 "the program has no DFB made from DataflowBufferSpec '{}'", name);
	return it->second;
}

void ProgramImpl::register_dfb_borrowed_binding(uint32_t id, const std::string &tensor_parameter)
{
	borrowed_[id] = tensor_parameter;
}

void ProgramImpl::finalize_dataflow_buffer_configs()
{
	for (auto &d : dfbs_) {
		uint32_t addr = 0;
		if (d->borrowed_addr)
			addr = *d->borrowed_addr;
		else if (d->cb && prog)
			tt_cb_address(prog, cbs.at(*d->cb).handle, &addr);
		d->groups.clear();
		for (const auto &range : d->cores.ranges()) {
			auto &g = d->groups.emplace_back(
				experimental::dfb::DataflowBufferImpl::Group{ range, {} });
			for (const auto &core : range)
				g.l1_by_core.emplace_back(core, addr);
		}
	}
}

void ProgramImpl::set_dfb_alias(uint32_t primary, uint32_t secondary)
{
	auto a = get_dataflow_buffer(primary), b = get_dataflow_buffer(secondary);
	TT_FATAL(primary != secondary, "DFB {} cannot alias itself", primary);
	TT_FATAL(!b->cb, "DFB {} already has its memory: alias it before the program places it",
		 secondary);
	// Alias groups are closed: every member lists every other one.
	std::vector<uint32_t> group = a->aliases;
	group.push_back(primary);
	for (uint32_t m : group) {
		auto dm = get_dataflow_buffer(m);
		if (std::find(dm->aliases.begin(), dm->aliases.end(), secondary) ==
		    dm->aliases.end())
			dm->aliases.push_back(secondary);
		if (std::find(b->aliases.begin(), b->aliases.end(), m) == b->aliases.end())
			b->aliases.push_back(m);
	}
}

// The CB format of DFB @d's index: data-movement kernels do not read it.
static tt::DataFormat cb_format(const experimental::dfb::DataflowBufferImpl &d)
{
	return d.config.data_format == tt::DataFormat::Invalid ? tt::DataFormat::RawUInt8
							       : d.config.data_format;
}

void ProgramImpl::make_dfb_cbs()
{
	if (not_runnable_arch)
		return;
	for (const auto &d : dfbs_) {
		if (d->cb || borrowed_.contains(d->id))
			continue;
		// The group's memory is the size of its first member (the one
		// that places it).
		CircularBufferConfig config(d->config.entry_size * d->config.num_entries);
		std::vector<std::shared_ptr<experimental::dfb::DataflowBufferImpl>> members = { d };
		for (uint32_t a : d->aliases)
			members.push_back(get_dataflow_buffer(a));
		for (const auto &m : members)
			config.index(static_cast<uint8_t>(m->id))
				.set_data_format(cb_format(*m))
				.set_page_size(m->config.entry_size);
		const CBHandle cb = add_circular_buffer(d->cores, config);
		for (const auto &m : members)
			m->cb = cb;
	}
}

void ProgramImpl::allocate_dataflow_buffers(IDevice *)
{
	make_dfb_cbs();
	finalize_dataflow_buffer_configs();
	for (const auto &d : dfbs_)
		if (!d->groups.empty() && (d->cb || d->borrowed_addr))
			d->alloc_addr = d->groups.front().l1_by_core.front().second;
}

void ProgramImpl::register_semaphore_spec_name(const std::string &name, uint32_t id)
{
	semaphore_by_name_[name] = id;
}

uint32_t ProgramImpl::get_semaphore_id(const std::string &name) const
{
	auto it = semaphore_by_name_.find(name);
	TT_FATAL(it != semaphore_by_name_.end(),
		 "the program has no semaphore made from SemaphoreSpec '{}'", name);
	return it->second;
}

void ProgramImpl::register_tensor_parameter(const std::string &name, TensorParameterInfo info)
{
	tensor_parameter_names_.push_back(name);
	tensor_parameters_.emplace(name, std::move(info));
}

const TensorSpec *ProgramImpl::get_tensor_parameter_layout(const std::string &name) const
{
	auto it = tensor_parameters_.find(name);
	return it == tensor_parameters_.end() ? nullptr : &it->second.spec;
}

bool ProgramImpl::get_tensor_parameter_dynamic_tensor_shape(const std::string &name) const
{
	auto it = tensor_parameters_.find(name);
	return it != tensor_parameters_.end() && it->second.dynamic_tensor_shape;
}

bool ProgramImpl::get_tensor_parameter_match_padded_shape_only(const std::string &name) const
{
	auto it = tensor_parameters_.find(name);
	return it != tensor_parameters_.end() && it->second.match_padded_shape_only;
}

bool ProgramImpl::get_tensor_parameter_enqueue_invariant(const std::string &name) const
{
	auto it = tensor_parameters_.find(name);
	return it != tensor_parameters_.end() && it->second.enqueue_invariant;
}

std::vector<std::string> ProgramImpl::get_registered_tensor_parameter_names() const
{
	return tensor_parameter_names_;
}

} // namespace detail

namespace experimental {

namespace {

// Quasar's cores per node: 8 data-movement cores of which the runtime
// keeps the first 2, and 4 Tensix engines.
constexpr uint32_t kQuasarDmCores = quasar::QUASAR_NUM_DM_CORES_PER_CLUSTER;
constexpr uint32_t kQuasarReservedDmCores = quasar::QUASAR_NUM_RESERVED_DM_CORES_PER_CLUSTER;
constexpr uint32_t kQuasarUserDmCores = kQuasarDmCores - kQuasarReservedDmCores;
constexpr uint32_t kQuasarEngines = quasar::QUASAR_NUM_TENSIX_ENGINES_PER_CLUSTER;

// Gen1 RISC mask bits of a DFB end: the two data-movement RISC-Vs, then
// the compute cores.
constexpr uint16_t kGen1ComputeBit = 1u << 2;

// What specs are checked against and built for.
struct Target {
	tt::ARCH arch;
	bool gen2() const { return arch == tt::ARCH::QUASAR; }
	bool gen1() const { return arch == tt::ARCH::WORMHOLE_B0 || arch == tt::ARCH::BLACKHOLE; }
};

Target target_of(const distributed::MeshDevice &mesh_device)
{
	return Target{ detail::mock_arch().value_or(mesh_device.arch()) };
}

NodeRangeSet node_set(const Nodes &nodes)
{
	return detail::to_set(nodes);
}

// Whether @name can be a C++ variable: the generated bindings declare one
// per accessor and per named arg.  Reserved spellings (a leading
// underscore and capital, or a double underscore) and keywords are out.
bool is_identifier(std::string_view name)
{
	static const std::unordered_set<std::string_view> keywords = {
		"alignas",	 "alignof",	"and",
		"and_eq",	 "asm",		"auto",
		"bitand",	 "bitor",	"bool",
		"break",	 "case",	"catch",
		"char",		 "char8_t",	"char16_t",
		"char32_t",	 "class",	"compl",
		"concept",	 "const",	"consteval",
		"constexpr",	 "constinit",	"const_cast",
		"continue",	 "co_await",	"co_return",
		"co_yield",	 "decltype",	"default",
		"delete",	 "do",		"double",
		"dynamic_cast",	 "else",	"enum",
		"explicit",	 "export",	"extern",
		"false",	 "float",	"for",
		"friend",	 "goto",	"if",
		"inline",	 "int",		"long",
		"mutable",	 "namespace",	"new",
		"noexcept",	 "not",		"not_eq",
		"nullptr",	 "operator",	"or",
		"or_eq",	 "private",	"protected",
		"public",	 "register",	"reinterpret_cast",
		"requires",	 "return",	"short",
		"signed",	 "sizeof",	"static",
		"static_assert", "static_cast", "struct",
		"switch",	 "template",	"this",
		"thread_local",	 "throw",	"true",
		"try",		 "typedef",	"typeid",
		"typename",	 "union",	"unsigned",
		"using",	 "virtual",	"void",
		"volatile",	 "wchar_t",	"while",
		"xor",		 "xor_eq",
	};
	auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
	auto digit = [](char c) { return c >= '0' && c <= '9'; };
	if (name.empty() || !(letter(name[0]) || name[0] == '_'))
		return false;
	if (!std::all_of(name.begin(), name.end(),
			 [&](char c) { return letter(c) || digit(c) || c == '_'; }))
		return false;
	if (name.size() >= 2 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z')
		return false;
	if (name.find("__") != std::string_view::npos)
		return false;
	return !keywords.contains(name);
}

// The processor, NoC and NoC mode of a Gen1 data-movement kernel: its
// role's (as ReaderDataMovementConfig and WriterDataMovementConfig have
// them), or its explicit config.
DataMovementHardwareConfig::Gen1Config gen1_placement(const DataMovementHardwareConfig &dm)
{
	switch (dm.role) {
	case DataMovementRoleHint::READER:
		return { DataMovementProcessor::RISCV_1, NOC::NOC_0, NOC_MODE::DM_DEDICATED_NOC };
	case DataMovementRoleHint::WRITER:
		return { DataMovementProcessor::RISCV_0, NOC::NOC_1, NOC_MODE::DM_DEDICATED_NOC };
	case DataMovementRoleHint::UNSPECIFIED:
		break;
	}
	TT_FATAL(dm.gen1_config, "a data-movement kernel without a role or a Gen1 config");
	return *dm.gen1_config;
}

// Step 1: the index -------------------------------------------------------------

struct Endpoint {
	const KernelSpec *kernel;
	const DFBBinding *binding;
};

struct Endpoints {
	std::vector<Endpoint> producers;
	std::vector<Endpoint> consumers;
};

struct SpecIndex {
	std::unordered_map<KernelSpecName, const KernelSpec *> kernels;
	// Local and remote DFBs (they share one name space).
	std::unordered_map<DFBSpecName, const DataflowBufferSpec *> dfbs;
	std::unordered_map<SemaphoreSpecName, const SemaphoreSpec *> semaphores;
	std::unordered_map<TensorParamName, const TensorParameter *> tensors;
	std::unordered_map<DFBSpecName, Endpoints> ends;
	std::unordered_map<KernelSpecName, std::vector<const WorkUnitSpec *>> units_of;
	// Where each kernel runs, and where each local DFB lives.
	std::unordered_map<KernelSpecName, NodeRangeSet> kernel_nodes;
	std::unordered_map<DFBSpecName, NodeRangeSet> dfb_nodes;
};

void index_dfb_bindings(const KernelSpec &kernel, SpecIndex &idx)
{
	// One accessor name may serve a producer and a consumer binding of
	// the same DFB (a kernel feeding itself), nothing else.
	struct Seen {
		DFBSpecName dfb;
		bool producer = false;
		bool consumer = false;
	};
	std::unordered_map<std::string, Seen> seen;
	for (const auto &b : kernel.dfb_bindings) {
		auto [it, fresh] = seen.try_emplace(b.accessor_name, Seen{ b.dfb_spec_name });
		if (fresh)
			TT_FATAL(
				is_identifier(b.accessor_name),
				"Kernel '{}' DFB accessor_name '{}' must be a valid C++ identifier",
				*kernel.unique_id, b.accessor_name);
		else
			TT_FATAL(it->second.dfb == b.dfb_spec_name,
				 "Kernel '{}' uses accessor_name '{}' for two different DFBs ('{}' "
				 "and "
				 "'{}'); a name may only be shared by the producer and consumer "
				 "bindings of one DFB",
				 *kernel.unique_id, b.accessor_name, *it->second.dfb,
				 *b.dfb_spec_name);
		const bool producer = b.endpoint_type == DFBEndpointType::PRODUCER;
		bool &twice = producer ? it->second.producer : it->second.consumer;
		TT_FATAL(!twice, "Kernel '{}' has duplicate {} binding for accessor_name '{}'",
			 *kernel.unique_id, producer ? "PRODUCER" : "CONSUMER", b.accessor_name);
		twice = true;
		TT_FATAL(idx.dfbs.contains(b.dfb_spec_name),
			 "Kernel '{}' references unknown DFB '{}'", *kernel.unique_id,
			 *b.dfb_spec_name);
		auto &ends = idx.ends[b.dfb_spec_name];
		(producer ? ends.producers : ends.consumers).push_back({ &kernel, &b });
	}
}

SpecIndex index_spec(const ProgramSpec &spec)
{
	SpecIndex idx;
	for (const auto &k : spec.kernels)
		TT_FATAL(idx.kernels.emplace(k.unique_id, &k).second,
			 "Duplicate KernelSpec name '{}' in ProgramSpec '{}'", *k.unique_id,
			 spec.name);
	for (const auto &d : spec.dataflow_buffers)
		TT_FATAL(idx.dfbs.emplace(d.unique_id, &d).second,
			 "Duplicate DataflowBufferSpec name '{}' in ProgramSpec '{}'", *d.unique_id,
			 spec.name);
	for (const auto &r : spec.remote_dataflow_buffers)
		TT_FATAL(idx.dfbs.emplace(r.dfb_spec.unique_id, &r.dfb_spec).second,
			 "Duplicate DataflowBufferSpec name '{}' in ProgramSpec '{}' (local and "
			 "remote DFBs share one set of names)",
			 *r.dfb_spec.unique_id, spec.name);

	for (const auto &k : spec.kernels)
		index_dfb_bindings(k, idx);
	// Every DFB a kernel binds needs both ends; every declared DFB needs a
	// kernel.
	std::vector<const DataflowBufferSpec *> all_dfbs;
	for (const auto &d : spec.dataflow_buffers)
		all_dfbs.push_back(&d);
	for (const auto &r : spec.remote_dataflow_buffers)
		all_dfbs.push_back(&r.dfb_spec);
	for (const auto *d : all_dfbs) {
		auto it = idx.ends.find(d->unique_id);
		if (it == idx.ends.end())
			continue;
		TT_FATAL(!it->second.producers.empty(),
			 "DFB '{}' has no producer: no kernel binds "
			 "it as PRODUCER",
			 *d->unique_id);
		TT_FATAL(!it->second.consumers.empty(),
			 "DFB '{}' has no consumer: no kernel binds "
			 "it as CONSUMER",
			 *d->unique_id);
	}
	for (const auto *d : all_dfbs)
		TT_FATAL(idx.ends.contains(d->unique_id),
			 "DFB '{}' is defined but not bound by any kernel", *d->unique_id);

	for (const auto &s : spec.semaphores)
		TT_FATAL(idx.semaphores.emplace(s.unique_id, &s).second,
			 "Duplicate SemaphoreSpec name '{}' in ProgramSpec '{}'", *s.unique_id,
			 spec.name);
	for (const auto &k : spec.kernels) {
		std::unordered_set<std::string> names;
		for (const auto &b : k.semaphore_bindings) {
			TT_FATAL(names.insert(b.accessor_name).second,
				 "Kernel '{}' has duplicate semaphore accessor_name '{}'",
				 *k.unique_id, b.accessor_name);
			TT_FATAL(is_identifier(b.accessor_name),
				 "Kernel '{}' semaphore accessor_name '{}' must be a valid C++ "
				 "identifier",
				 *k.unique_id, b.accessor_name);
			TT_FATAL(idx.semaphores.contains(b.semaphore_spec_name),
				 "Kernel '{}' references unknown semaphore '{}'", *k.unique_id,
				 *b.semaphore_spec_name);
		}
	}

	for (const auto &t : spec.tensor_parameters)
		TT_FATAL(idx.tensors.emplace(t.unique_id, &t).second,
			 "Duplicate TensorParameter name '{}' in ProgramSpec '{}'", *t.unique_id,
			 spec.name);
	std::unordered_set<TensorParamName> bound_tensors;
	for (const auto &k : spec.kernels) {
		std::unordered_set<std::string> names;
		for (const auto &b : k.tensor_bindings) {
			TT_FATAL(names.insert(b.accessor_name).second,
				 "Kernel '{}' has duplicate tensor accessor_name '{}'",
				 *k.unique_id, b.accessor_name);
			TT_FATAL(is_identifier(b.accessor_name),
				 "Kernel '{}' tensor accessor_name '{}' must be a valid C++ "
				 "identifier",
				 *k.unique_id, b.accessor_name);
			TT_FATAL(idx.tensors.contains(b.tensor_parameter_name),
				 "Kernel '{}' references unknown TensorParameter '{}'",
				 *k.unique_id, *b.tensor_parameter_name);
			bound_tensors.insert(b.tensor_parameter_name);
		}
	}
	for (const auto &t : spec.tensor_parameters)
		TT_FATAL(bound_tensors.contains(t.unique_id),
			 "TensorParameter '{}' is defined but not bound by any kernel",
			 *t.unique_id);

	for (const auto &w : spec.work_units)
		for (const auto &name : w.kernels) {
			TT_FATAL(idx.kernels.contains(name),
				 "WorkUnitSpec '{}' references unknown kernel '{}'", w.name, *name);
			idx.units_of[name].push_back(&w);
		}
	for (const auto &k : spec.kernels)
		TT_FATAL(idx.units_of.contains(k.unique_id),
			 "Kernel '{}' is not referenced by any WorkUnitSpec, so it runs nowhere",
			 *k.unique_id);

	for (const auto &k : spec.kernels) {
		NodeRangeSet nodes;
		for (const auto *w : idx.units_of.at(k.unique_id))
			nodes = nodes.merge(node_set(w->target_nodes));
		idx.kernel_nodes[k.unique_id] = nodes;
	}
	for (const auto &d : spec.dataflow_buffers) {
		NodeRangeSet nodes;
		const auto &ends = idx.ends.at(d.unique_id);
		for (const auto *side : { &ends.producers, &ends.consumers })
			for (const auto &e : *side)
				nodes = nodes.merge(idx.kernel_nodes.at(e.kernel->unique_id));
		idx.dfb_nodes[d.unique_id] = nodes;
	}
	return idx;
}

// Step 2: the checks -------------------------------------------------------------

void check_node_bounds(const ProgramSpec &spec, const distributed::MeshDevice &mesh_device)
{
	const CoreCoord grid = mesh_device.compute_with_storage_grid_size();
	auto check = [&](const Nodes &nodes, std::string_view what, const std::string &name) {
		const NodeRangeSet set = node_set(nodes);
		for (const auto &range : set.ranges())
			for (const auto &node : range)
				TT_FATAL(
					node.x < grid.x && node.y < grid.y,
					"{} '{}' targets node ({},{}), which is out of bounds: the "
					"compute worker grid of this device is {}x{}",
					what, name, node.x, node.y, grid.x, grid.y);
	};
	for (const auto &w : spec.work_units)
		check(w.target_nodes, "WorkUnitSpec", w.name);
	for (const auto &s : spec.semaphores)
		check(s.target_nodes, "SemaphoreSpec", *s.unique_id);
}

void check_arg_names(const KernelSpec &k)
{
	// Named RTAs, CRTAs and CTAs are all args::<name> in the kernel.
	std::unordered_map<std::string, const char *> kind_of;
	auto add = [&](const std::string &name, const char *kind) {
		TT_FATAL(is_identifier(name),
			 "KernelSpec '{}' {} name '{}' is not a valid C++ identifier", *k.unique_id,
			 kind, name);
		auto [it, fresh] = kind_of.try_emplace(name, kind);
		TT_FATAL(
			fresh,
			"KernelSpec '{}' has a naming collision: '{}' is declared as both a {} and "
			"a {}",
			*k.unique_id, name, it->second, kind);
	};
	for (const auto &n : k.runtime_arg_schema.runtime_arg_names)
		add(n, "named RTA");
	for (const auto &n : k.runtime_arg_schema.common_runtime_arg_names)
		add(n, "named CRTA");
	for (const auto &[n, v] : k.compile_time_args)
		add(n, "named CTA");

	const auto &rtas = k.runtime_arg_schema.runtime_arg_names;
	for (const auto &n : k.advanced_options.enqueue_invariant_runtime_args)
		TT_FATAL(
			std::find(rtas.begin(), rtas.end(), n) != rtas.end(),
			"KernelSpec '{}' marks runtime arg '{}' enqueue-invariant, but it is not a "
			"declared named runtime arg (runtime_arg_schema.runtime_arg_names); "
			"varargs "
			"cannot be invariant",
			*k.unique_id, n);
	const auto &crtas = k.runtime_arg_schema.common_runtime_arg_names;
	for (const auto &n : k.advanced_options.enqueue_invariant_common_runtime_args)
		TT_FATAL(std::find(crtas.begin(), crtas.end(), n) != crtas.end(),
			 "KernelSpec '{}' marks common runtime arg '{}' enqueue-invariant, but it "
			 "is "
			 "not a declared named common runtime arg "
			 "(runtime_arg_schema.common_runtime_arg_names); varargs cannot be "
			 "invariant",
			 *k.unique_id, n);
}

void check_threads(const KernelSpec &k, const Target &t)
{
	TT_FATAL(k.num_threads > 0, "KernelSpec '{}' has no threads (num_threads is 0)",
		 *k.unique_id);
	const char *kind = k.is_compute_kernel() ? "compute" : "DM";
	if (t.gen1()) {
		TT_FATAL(k.num_threads == 1,
			 "KernelSpec '{}' specifies {} {} threads, but the target architecture "
			 "does not support multi-threaded kernels: num_threads must be 1",
			 *k.unique_id, k.num_threads, kind);
		return;
	}
	if (k.is_compute_kernel()) {
		TT_FATAL(k.num_threads <= kQuasarEngines,
			 "KernelSpec '{}' has too many threads. The architecture supports up to {} "
			 "for compute kernels.",
			 *k.unique_id, kQuasarEngines);
		TT_FATAL(k.num_threads != 3,
			 "KernelSpec '{}' has 3 threads; a compute kernel has 1, 2 or 4",
			 *k.unique_id);
	} else {
		TT_FATAL(k.num_threads <= kQuasarUserDmCores,
			 "KernelSpec '{}' has too many data movement threads. The maximum is {}.",
			 *k.unique_id, kQuasarUserDmCores);
	}
}

void check_dm_placement(const ProgramSpec &spec, const SpecIndex &idx, const Target &t)
{
	for (const auto &k : spec.kernels) {
		if (!k.is_data_movement_kernel())
			continue;
		const auto &dm = std::get<DataMovementHardwareConfig>(k.hw_config);
		TT_FATAL(dm.role == DataMovementRoleHint::UNSPECIFIED || !dm.gen1_config,
			 "KernelSpec '{}' sets both a READER/WRITER role hint and an explicit Gen1 "
			 "config; the role fills in the Gen1 config, so give one or the other "
			 "(role UNSPECIFIED to place the kernel yourself)",
			 *k.unique_id);
		if (t.gen1())
			TT_FATAL(dm.role != DataMovementRoleHint::UNSPECIFIED || dm.gen1_config,
				 "KernelSpec '{}' targets Gen1 (Wormhole/Blackhole) but specifies "
				 "neither a role hint (READER/WRITER) nor an explicit Gen1 config; "
				 "one "
				 "is required",
				 *k.unique_id);
	}
	if (!t.gen1())
		return;
	// No two data-movement kernels on one processor of one node.
	std::map<std::pair<CoreCoord, DataMovementProcessor>, KernelSpecName> taken;
	for (const auto &k : spec.kernels) {
		if (!k.is_data_movement_kernel())
			continue;
		const auto p = gen1_placement(std::get<DataMovementHardwareConfig>(k.hw_config));
		for (const auto &range : idx.kernel_nodes.at(k.unique_id).ranges())
			for (const auto &node : range) {
				auto [it, fresh] =
					taken.try_emplace({ node, p.processor }, k.unique_id);
				TT_FATAL(fresh,
					 "KernelSpec '{}' conflicts with '{}' on node ({}, {}): "
					 "both claim "
					 "the same DM processor (RISCV_{})",
					 *k.unique_id, *it->second, node.x, node.y,
					 static_cast<int>(p.processor));
			}
	}
}

// UnpackToDestFp32 is a choice only for a Float32 DFB a kernel consumes
// with a 32-bit Dest; there it must be made, elsewhere it is refused.
void check_unpack_to_dest(const KernelSpec &k, const SpecIndex &idx)
{
	const auto &cc = std::get<ComputeHardwareConfig>(k.hw_config);
	std::unordered_set<DFBSpecName> bound, consumed;
	for (const auto &b : k.dfb_bindings) {
		bound.insert(b.dfb_spec_name);
		if (b.endpoint_type == DFBEndpointType::CONSUMER)
			consumed.insert(b.dfb_spec_name);
	}
	for (const auto &[dfb, mode] : cc.unpack_to_dest_mode) {
		TT_FATAL(bound.contains(dfb),
			 "Kernel '{}' unpack_to_dest_mode entry references DFB '{}', which the "
			 "kernel "
			 "does not bind",
			 *k.unique_id, *dfb);
		if (mode == UnpackToDestMode::Default)
			continue;
		TT_FATAL(consumed.contains(dfb),
			 "Kernel '{}' unpack_to_dest_mode entry for DFB '{}' specifies "
			 "UnpackToDestFp32, but the kernel does not have a CONSUMER endpoint on "
			 "this "
			 "DFB; the mode is about unpacking, which only consumers do",
			 *k.unique_id, *dfb);
		const auto *d = idx.dfbs.at(dfb);
		if (!d->data_format_metadata)
			continue; // refused below for want of a format
		TT_FATAL(*d->data_format_metadata == tt::DataFormat::Float32,
			 "Kernel '{}' unpack_to_dest_mode entry for DFB '{}' specifies "
			 "UnpackToDestFp32, but the DFB data format is not Float32 (it is {})",
			 *k.unique_id, *dfb, fmt::streamed(*d->data_format_metadata));
		TT_FATAL(cc.fp32_dest_acc_en,
			 "Kernel '{}' unpack_to_dest_mode entry for DFB '{}' specifies "
			 "UnpackToDestFp32, but fp32_dest_acc_en is false: a 16-bit Dest cannot "
			 "hold "
			 "FP32",
			 *k.unique_id, *dfb);
	}
	if (!cc.fp32_dest_acc_en)
		return;
	for (const auto &b : k.dfb_bindings) {
		if (b.endpoint_type != DFBEndpointType::CONSUMER)
			continue;
		const auto *d = idx.dfbs.at(b.dfb_spec_name);
		if (d->data_format_metadata != tt::DataFormat::Float32)
			continue;
		TT_FATAL(
			cc.unpack_to_dest_mode.contains(b.dfb_spec_name),
			"Kernel '{}' consumes FP32 DFB '{}' with fp32_dest_acc_en=true, but has no "
			"unpack_to_dest_mode entry for it: choose Default (through SrcA/SrcB, ~19 "
			"bits, all FPU operations) or UnpackToDestFp32 (straight to Dest, full "
			"FP32, no SrcA/SrcB for this DFB)",
			*k.unique_id, *b.dfb_spec_name);
	}
}

void check_implicit_sync(const ProgramSpec &spec, const SpecIndex &idx)
{
	for (const auto &k : spec.kernels) {
		if (!k.is_data_movement_kernel())
			continue;
		const auto &dm = std::get<DataMovementHardwareConfig>(k.hw_config);
		if (!dm.gen2_config)
			continue;
		for (const auto &dfb : dm.gen2_config->disable_implicit_sync_for) {
			const bool binds = std::any_of(
				k.dfb_bindings.begin(), k.dfb_bindings.end(),
				[&](const DFBBinding &b) { return b.dfb_spec_name == dfb; });
			TT_FATAL(binds,
				 "Kernel '{}' disable_implicit_sync_for entry references DFB '{}', "
				 "which the kernel does not bind",
				 *k.unique_id, *dfb);
		}
	}
	// All data-movement kernels with a Gen2 config on one side of a DFB
	// agree (the hardware has one switch per side).
	auto side = [&](const std::vector<Endpoint> &ends, const DFBSpecName &dfb,
			const char *which) {
		std::optional<bool> first;
		for (const auto &e : ends) {
			if (!e.kernel->is_data_movement_kernel())
				continue;
			const auto &dm = std::get<DataMovementHardwareConfig>(e.kernel->hw_config);
			if (!dm.gen2_config)
				continue;
			const auto &off = dm.gen2_config->disable_implicit_sync_for;
			const bool lists = std::find(off.begin(), off.end(), dfb) != off.end();
			if (!first)
				first = lists;
			TT_FATAL(*first == lists,
				 "DFB '{}' has disagreeing disable_implicit_sync_for state on the "
				 "{} "
				 "side: its kernels there must all list it or none",
				 *dfb, which);
		}
	};
	for (const auto &d : spec.dataflow_buffers) {
		const auto &ends = idx.ends.at(d.unique_id);
		side(ends.producers, d.unique_id, "producer");
		side(ends.consumers, d.unique_id, "consumer");
	}
}

bool self_looped(const Endpoints &ends)
{
	for (const auto &p : ends.producers)
		for (const auto &c : ends.consumers)
			if (p.kernel == c.kernel)
				return true;
	return false;
}

DFBSelfLoopConnectivity self_loop_scope(const KernelSpec &k, const DFBSpecName &dfb)
{
	auto s = k.advanced_options.dfb_self_loop_connectivities.get(dfb);
	return s ? *s : DFBSelfLoopConnectivity::INTRA;
}

// Several kernels may bind one end of a DFB when they never meet on a node:
// same kind, threads and access pattern, disjoint work units; and both ends
// cover the same work units, so every copy has a producer and a consumer.
void check_dfb_ends(const DataflowBufferSpec &d, const SpecIndex &idx)
{
	const auto &ends = idx.ends.at(d.unique_id);
	auto uniform = [&](const std::vector<Endpoint> &side, const char *role) {
		if (side.size() < 2)
			return;
		const Endpoint &a = side[0];
		for (size_t i = 1; i < side.size(); i++) {
			const Endpoint &b = side[i];
			TT_FATAL(b.binding->access_pattern == a.binding->access_pattern,
				 "DFB '{}' has multiple {} bindings with mismatched access_pattern "
				 "(kernel '{}' vs kernel '{}')",
				 *d.unique_id, role, *a.kernel->unique_id, *b.kernel->unique_id);
			TT_FATAL(b.kernel->num_threads == a.kernel->num_threads,
				 "DFB '{}' has multiple {} KernelSpecs with mismatched num_threads "
				 "(kernel '{}' = {} vs kernel '{}' = {})",
				 *d.unique_id, role, *a.kernel->unique_id, a.kernel->num_threads,
				 *b.kernel->unique_id, b.kernel->num_threads);
			TT_FATAL(b.kernel->is_compute_kernel() == a.kernel->is_compute_kernel(),
				 "DFB '{}' has multiple {} KernelSpecs mixing compute and "
				 "data-movement "
				 "kinds ('{}' and '{}'); one end of a DFB is driven by one kind of "
				 "core",
				 *d.unique_id, role, *a.kernel->unique_id, *b.kernel->unique_id);
		}
	};
	uniform(ends.producers, "PRODUCER");
	uniform(ends.consumers, "CONSUMER");

	auto units = [&](const std::vector<Endpoint> &side, const char *role) {
		std::set<const WorkUnitSpec *> all;
		for (const auto &e : side)
			for (const auto *w : idx.units_of.at(e.kernel->unique_id))
				TT_FATAL(
					all.insert(w).second,
					"DFB '{}' has multiple {} KernelSpecs sharing WorkUnitSpec "
					"'{}' "
					"(kernel '{}' is the second): one node has one {} of a DFB",
					*d.unique_id, role, w->name, *e.kernel->unique_id, role);
		return all;
	};
	const auto producer_units = units(ends.producers, "PRODUCER");
	const auto consumer_units = units(ends.consumers, "CONSUMER");
	TT_FATAL(producer_units == consumer_units,
		 "Local DFB '{}' producer and consumer KernelSpecs do not cover the same "
		 "WorkUnitSpec(s): every node with the DFB needs both a producer and a consumer "
		 "(a DFB between nodes is a RemoteDataflowBufferSpec)",
		 *d.unique_id);

	if (!self_looped(ends))
		return;
	std::set<const KernelSpec *> producers, consumers;
	for (const auto &e : ends.producers)
		producers.insert(e.kernel);
	for (const auto &e : ends.consumers)
		consumers.insert(e.kernel);
	TT_FATAL(producers == consumers,
		 "DFB '{}' is self-looped (some kernel appears as both producer and consumer), but "
		 "the set of producer KernelSpecs differs from the set of consumer KernelSpecs: "
		 "every kernel bound to a self-looped DFB must bind both ends",
		 *d.unique_id);
	const KernelSpec *first = ends.producers.front().kernel;
	for (const auto &e : ends.producers)
		TT_FATAL(self_loop_scope(*e.kernel, d.unique_id) ==
				 self_loop_scope(*first, d.unique_id),
			 "DFB '{}' is self-looped, and kernels '{}' and '{}' give it different "
			 "DFBSelfLoopConnectivity",
			 *d.unique_id, *first->unique_id, *e.kernel->unique_id);
}

void check_borrowed(const DataflowBufferSpec &d, const SpecIndex &idx)
{
	if (!d.borrowed_from)
		return;
	auto it = idx.tensors.find(*d.borrowed_from);
	TT_FATAL(it != idx.tensors.end(),
		 "DFB '{}' borrows memory from TensorParameter '{}', but no such TensorParameter "
		 "is declared in the ProgramSpec",
		 *d.unique_id, **d.borrowed_from);
	const TensorSpec &ts = it->second->spec;
	TT_FATAL(ts.memory_config().buffer_type() == BufferType::L1,
		 "DFB '{}' borrows memory from TensorParameter '{}', but its TensorSpec is not "
		 "L1-resident (L1 is required)",
		 *d.unique_id, **d.borrowed_from);
	const uint64_t dfb_bytes = uint64_t{ d.entry_size } * d.num_entries;
	const uint64_t tensor_bytes = ts.compute_packed_buffer_size_bytes();
	TT_FATAL(dfb_bytes <= tensor_bytes,
		 "DFB '{}' (entry_size {} * num_entries {} = {} bytes) is larger than its borrowed "
		 "TensorParameter '{}' ({} bytes)",
		 *d.unique_id, d.entry_size, d.num_entries, dfb_bytes, **d.borrowed_from,
		 tensor_bytes);
}

void check_aliases(const ProgramSpec &spec, const SpecIndex &idx)
{
	for (const auto &d : spec.dataflow_buffers)
		for (const auto &a : d.advanced_options.alias_with) {
			TT_FATAL(idx.dfbs.contains(a),
				 "DFB '{}' lists unknown alias '{}' in alias_with", *d.unique_id,
				 *a);
			TT_FATAL(a != d.unique_id, "DFB '{}' lists itself in alias_with",
				 *d.unique_id);
		}
	auto group_of = [](const DataflowBufferSpec &d) {
		std::set<DFBSpecName> g(d.advanced_options.alias_with.begin(),
					d.advanced_options.alias_with.end());
		g.insert(d.unique_id);
		return g;
	};
	for (const auto &d : spec.dataflow_buffers) {
		const uint64_t size = uint64_t{ d.entry_size } * d.num_entries;
		for (const auto &a : d.advanced_options.alias_with) {
			const DataflowBufferSpec &o = *idx.dfbs.at(a);
			TT_FATAL(group_of(d) == group_of(o),
				 "DFBs '{}' and '{}' do not declare the same alias group: every "
				 "member "
				 "lists every other member in alias_with",
				 *d.unique_id, *a);
			const uint64_t other = uint64_t{ o.entry_size } * o.num_entries;
			TT_FATAL(size == other,
				 "Aliased DFBs '{}' and '{}' have different total sizes ({} vs {} "
				 "bytes); aliases share one piece of memory",
				 *d.unique_id, *a, size, other);
			TT_FATAL(idx.dfb_nodes.at(d.unique_id) == idx.dfb_nodes.at(a),
				 "Aliased DFBs '{}' and '{}' cover different sets of nodes: the "
				 "memory "
				 "they share must be on the same nodes",
				 *d.unique_id, *a);
			TT_FATAL(d.borrowed_from == o.borrowed_from,
				 "Aliased DFBs '{}' and '{}' have inconsistent borrowed_from: all "
				 "members of an alias group borrow the same tensor, or none does",
				 *d.unique_id, *a);
		}
	}
}

void check_self_loop_options(const KernelSpec &k, const SpecIndex &idx)
{
	const auto &scopes = k.advanced_options.dfb_self_loop_connectivities;
	if (scopes.empty())
		return;
	TT_FATAL(k.is_compute_kernel(),
		 "KernelSpec '{}' specifies dfb_self_loop_connectivities, but is not a compute "
		 "kernel; the option is for compute kernels only",
		 *k.unique_id);
	for (const auto &[dfb, scope] : scopes) {
		TT_FATAL(idx.dfbs.contains(dfb),
			 "KernelSpec '{}' has a dfb_self_loop_connectivities entry referencing "
			 "unknown DFB '{}'",
			 *k.unique_id, *dfb);
		bool produces = false, consumes = false;
		for (const auto &b : k.dfb_bindings)
			if (b.dfb_spec_name == dfb)
				(b.endpoint_type == DFBEndpointType::PRODUCER ? produces
									      : consumes) = true;
		TT_FATAL(produces && consumes,
			 "KernelSpec '{}' has a dfb_self_loop_connectivities entry for DFB '{}', "
			 "but "
			 "the kernel does not self-loop this DFB (bind it as both producer and "
			 "consumer)",
			 *k.unique_id, *dfb);
		TT_FATAL(scope != DFBSelfLoopConnectivity::INTER,
			 "KernelSpec '{}' specifies INTER scope for self-looped DFB '{}'. INTER "
			 "scope "
			 "is not yet supported by the runtime.",
			 *k.unique_id, *dfb);
	}
}

// Quasar has no legacy (non-_b) block floats and no 8-bit Lf8.
bool format_on(tt::DataFormat f, const Target &t)
{
	if (f == tt::DataFormat::Invalid)
		return false;
	if (t.gen2())
		return f != tt::DataFormat::Bfp8 && f != tt::DataFormat::Bfp4 &&
		       f != tt::DataFormat::Bfp2 && f != tt::DataFormat::Lf8;
	return true;
}

void check_work_units(const ProgramSpec &spec, const SpecIndex &idx, const Target &t)
{
	TT_FATAL(!spec.work_units.empty(),
		 "At least one WorkUnitSpec is required: ProgramSpec '{}' places no kernel",
		 spec.name);
	for (size_t i = 0; i < spec.work_units.size(); i++)
		for (size_t j = i + 1; j < spec.work_units.size(); j++)
			TT_FATAL(!node_set(spec.work_units[i].target_nodes)
					  .intersects(node_set(spec.work_units[j].target_nodes)),
				 "WorkUnitSpecs '{}' and '{}' overlap in target nodes",
				 spec.work_units[i].name, spec.work_units[j].name);
	for (const auto &w : spec.work_units)
		TT_FATAL(!w.kernels.empty(), "WorkUnitSpec '{}' has no kernels", w.name);
	for (const auto &w : spec.work_units) {
		uint32_t dm = 0, engines = 0, compute_kernels = 0;
		for (const auto &name : w.kernels) {
			const KernelSpec *k = idx.kernels.at(name);
			if (k->is_compute_kernel()) {
				engines += k->num_threads;
				compute_kernels++;
			} else {
				dm += k->num_threads;
			}
		}
		if (t.gen2()) {
			TT_FATAL(engines <= kQuasarEngines,
				 "WorkUnitSpec '{}' needs {} Tensix engines, but only {} are "
				 "available",
				 w.name, engines, kQuasarEngines);
			TT_FATAL(dm <= kQuasarUserDmCores,
				 "WorkUnitSpec '{}' requests {} data movement cores. This exceeds "
				 "the "
				 "permitted maximum of {}.",
				 w.name, dm, kQuasarUserDmCores);
		} else {
			TT_FATAL(
				engines <= 1,
				"WorkUnitSpec '{}' has {} compute threads; the target architecture "
				"runs at most one compute kernel per node",
				w.name, engines);
			TT_FATAL(dm <= 2,
				 "WorkUnitSpec '{}' has {} data movement kernels; the target "
				 "architecture runs at most two per node",
				 w.name, dm);
		}
		TT_FATAL(compute_kernels <= 1, "WorkUnitSpec '{}' has more than one compute kernel",
			 w.name);
	}
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
uint32_t semaphore_initial_value(const SemaphoreSpec &s)
{
	return s.advanced_options.initial_value;
}
const Table<Nodes, uint32_t> &varargs_per_node(const KernelSpec &k)
{
	return k.advanced_options.num_runtime_varargs_per_node;
}
#pragma GCC diagnostic pop

void check_spec(const ProgramSpec &spec, const SpecIndex &idx, const Target &t,
		const distributed::MeshDevice &mesh_device)
{
	TT_FATAL(t.gen1() || t.gen2(), "Metal 2.0 specs cannot target {}", tt::arch_to_str(t.arch));
	check_node_bounds(spec, mesh_device);

	TT_FATAL(!spec.kernels.empty(),
		 "A ProgramSpec must have at least one KernelSpec ('{}' has none)", spec.name);
	for (const auto &k : spec.kernels)
		TT_FATAL(k.advanced_options.node_specific_thread_counts.empty(),
			 "KernelSpec '{}' sets node_specific_thread_counts, but per-node thread "
			 "counts are not implemented",
			 *k.unique_id);
	for (const auto &k : spec.kernels)
		check_arg_names(k);
	for (const auto &k : spec.kernels)
		check_threads(k, t);
	check_dm_placement(spec, idx, t);
	for (const auto &k : spec.kernels)
		if (k.is_compute_kernel())
			check_unpack_to_dest(k, idx);
	for (const auto &k : spec.kernels)
		TT_FATAL(!k.is_compute_kernel() || k.semaphore_bindings.empty(),
			 "KernelSpec '{}' has semaphore bindings. Semaphore bindings are not "
			 "supported for compute kernels.",
			 *k.unique_id);
	check_implicit_sync(spec, idx);

	const uint32_t max_dfbs = hal::get_arch_num_circular_buffers();
	TT_FATAL(spec.dataflow_buffers.size() <= max_dfbs,
		 "ProgramSpec '{}' has too many DataflowBufferSpecs ({}); {} at most", spec.name,
		 spec.dataflow_buffers.size(), max_dfbs);
	for (const auto &d : spec.dataflow_buffers) {
		TT_FATAL(d.entry_size > 0, "DataflowBufferSpec '{}' has entry_size = 0",
			 *d.unique_id);
		TT_FATAL(d.num_entries > 0, "DataflowBufferSpec '{}' has num_entries = 0",
			 *d.unique_id);
	}
	for (const auto &d : spec.dataflow_buffers)
		check_dfb_ends(d, idx);
	TT_FATAL(spec.remote_dataflow_buffers.empty(),
		 "RemoteDataflowBufferSpec is not yet supported (ProgramSpec '{}' has {})",
		 spec.name, spec.remote_dataflow_buffers.size());
	for (const auto &d : spec.dataflow_buffers)
		check_borrowed(d, idx);
	check_aliases(spec, idx);
	for (const auto &d : spec.dataflow_buffers) {
		const auto &ends = idx.ends.at(d.unique_id);
		bool compute = false;
		for (const auto *side : { &ends.producers, &ends.consumers })
			for (const auto &e : *side)
				compute = compute || e.kernel->is_compute_kernel();
		TT_FATAL(!compute || d.data_format_metadata,
			 "DFB '{}' is used by a compute kernel, but no data_format_metadata is "
			 "specified",
			 *d.unique_id);
	}
	for (const auto &k : spec.kernels)
		check_self_loop_options(k, idx);
	for (const auto &d : spec.dataflow_buffers)
		TT_FATAL(!d.data_format_metadata || format_on(*d.data_format_metadata, t),
			 "DFB '{}' has data format '{}' which is not supported on {}", *d.unique_id,
			 fmt::streamed(*d.data_format_metadata), tt::arch_to_str(t.arch));
	if (t.gen2())
		for (const auto &s : spec.semaphores)
			TT_FATAL(semaphore_initial_value(s) == 0,
				 "SemaphoreSpec '{}' has initial_value={} but only zero is "
				 "supported "
				 "on Quasar",
				 *s.unique_id, semaphore_initial_value(s));
	check_work_units(spec, idx, t);
}

// Processor assignment ----------------------------------------------------------------

// Bits of each kernel's cores in a DFB's RISC masks (see DataflowBufferConfig).
using RiscMasks = std::unordered_map<const KernelSpec *, uint16_t>;

RiscMasks gen1_masks(const ProgramSpec &spec)
{
	RiscMasks out;
	for (const auto &k : spec.kernels) {
		if (k.is_compute_kernel()) {
			out[&k] = kGen1ComputeBit;
			continue;
		}
		const auto p = gen1_placement(std::get<DataMovementHardwareConfig>(k.hw_config));
		out[&k] = static_cast<uint16_t>(1u << static_cast<unsigned>(p.processor));
	}
	return out;
}

// Quasar: a compute kernel of N threads takes Tensix engines 0..N-1.  Data
// movement kernels bound to the same end of a DFB must share cores (the
// DFB has one mask per end), so they are placed as a group; each group
// gets the same cores on all its nodes, and no two groups meeting on a
// node share a core.  The search tries every choice of cores, so the
// answer does not depend on the order of kernels or work units.
struct DmGroup {
	std::vector<const KernelSpec *> members;
	std::set<CoreCoord> nodes;
	uint32_t threads = 0;
};

std::vector<DmGroup> dm_groups(const ProgramSpec &spec, const SpecIndex &idx)
{
	std::vector<const KernelSpec *> dm;
	for (const auto &k : spec.kernels)
		if (k.is_data_movement_kernel())
			dm.push_back(&k);
	std::vector<size_t> parent(dm.size());
	std::iota(parent.begin(), parent.end(), size_t{ 0 });
	std::function<size_t(size_t)> root = [&](size_t i) {
		return parent[i] == i ? i : parent[i] = root(parent[i]);
	};
	auto pos = [&](const KernelSpec *k) {
		return static_cast<size_t>(std::find(dm.begin(), dm.end(), k) - dm.begin());
	};
	for (const auto &d : spec.dataflow_buffers) {
		const auto &ends = idx.ends.at(d.unique_id);
		for (const auto *side : { &ends.producers, &ends.consumers }) {
			std::optional<size_t> first;
			for (const auto &e : *side) {
				if (!e.kernel->is_data_movement_kernel())
					continue;
				const size_t i = pos(e.kernel);
				if (first)
					parent[root(i)] = root(*first);
				else
					first = i;
			}
		}
	}
	std::map<size_t, DmGroup> by_root;
	for (size_t i = 0; i < dm.size(); i++) {
		DmGroup &g = by_root[root(i)];
		g.members.push_back(dm[i]);
		g.threads = dm[i]->num_threads;
		for (const auto &range : idx.kernel_nodes.at(dm[i]->unique_id).ranges())
			for (const auto &node : range)
				g.nodes.insert(node);
	}
	std::vector<DmGroup> out;
	for (auto &[r, g] : by_root)
		out.push_back(std::move(g));
	// Most constrained first, then by name, so the search is deterministic.
	std::sort(out.begin(), out.end(), [](const DmGroup &a, const DmGroup &b) {
		const size_t ca = a.nodes.size() * a.threads, cb = b.nodes.size() * b.threads;
		if (ca != cb)
			return ca > cb;
		return *a.members.front()->unique_id < *b.members.front()->unique_id;
	});
	return out;
}

bool place_groups(const std::vector<DmGroup> &groups, size_t next,
		  std::map<CoreCoord, uint8_t> &used, std::vector<uint8_t> &masks)
{
	if (next == groups.size())
		return true;
	const DmGroup &g = groups[next];
	uint8_t busy = 0;
	for (const auto &node : g.nodes) {
		auto it = used.find(node);
		busy |= it == used.end() ? 0 : it->second;
	}
	const uint8_t reserved = static_cast<uint8_t>((1u << kQuasarReservedDmCores) - 1);
	for (unsigned m = 0; m < (1u << kQuasarDmCores); m++) {
		const auto mask = static_cast<uint8_t>(m);
		if (std::popcount(mask) != static_cast<int>(g.threads) ||
		    (mask & (busy | reserved)))
			continue;
		for (const auto &node : g.nodes)
			used[node] |= mask;
		masks[next] = mask;
		if (place_groups(groups, next + 1, used, masks))
			return true;
		for (const auto &node : g.nodes)
			used[node] &= static_cast<uint8_t>(~mask);
	}
	return false;
}

RiscMasks gen2_masks(const ProgramSpec &spec, const SpecIndex &idx)
{
	RiscMasks out;
	for (const auto &k : spec.kernels)
		if (k.is_compute_kernel())
			out[&k] = static_cast<uint16_t>(((1u << k.num_threads) - 1) << 8);
	const auto groups = dm_groups(spec, idx);
	std::map<CoreCoord, uint8_t> used;
	std::vector<uint8_t> masks(groups.size());
	TT_FATAL(place_groups(groups, 0, used, masks),
		 "Failed to find valid processor assignments for DM kernels of ProgramSpec '{}': "
		 "no choice of data-movement cores gives each kernel the same cores on all its "
		 "nodes without two kernels sharing a core on a node",
		 spec.name);
	for (size_t i = 0; i < groups.size(); i++)
		for (const auto *k : groups[i].members)
			out[k] = masks[i];
	return out;
}

// Every kernel bound to one end of a DFB is on the same cores.
void check_uniform_masks(const ProgramSpec &spec, const SpecIndex &idx, const RiscMasks &masks)
{
	for (const auto &d : spec.dataflow_buffers) {
		const auto &ends = idx.ends.at(d.unique_id);
		for (const auto *side : { &ends.producers, &ends.consumers })
			for (const auto &e : *side)
				TT_FATAL(masks.at(e.kernel) == masks.at(side->front().kernel),
					 "DFB '{}' has multiple {} KernelSpecs ('{}', '{}') with "
					 "mismatched processor placement (risc_mask 0x{:x} vs "
					 "0x{:x}); "
					 "kernels bound to one end of a DFB must run on the same "
					 "processors",
					 *d.unique_id,
					 side == &ends.producers ? "PRODUCER" : "CONSUMER",
					 *side->front().kernel->unique_id, *e.kernel->unique_id,
					 masks.at(side->front().kernel), masks.at(e.kernel));
	}
}

// Step 3: building ----------------------------------------------------------------------

dfb::AccessPattern hw_pattern(DFBAccessPattern p)
{
	switch (p) {
	case DFBAccessPattern::STRIDED:
		return dfb::AccessPattern::STRIDED;
	case DFBAccessPattern::ALL:
		return dfb::AccessPattern::ALL;
	case DFBAccessPattern::BLOCKED:
		break;
	}
	return dfb::AccessPattern::BLOCKED;
}

dfb::DataflowBufferConfig dfb_config(const DataflowBufferSpec &d, const Endpoints &ends,
				     const RiscMasks &masks)
{
	const Endpoint &p = ends.producers.front();
	const Endpoint &c = ends.consumers.front();
	// Implicit sync is on for a side with data-movement kernels unless
	// they turned it off.
	auto implicit_sync = [&](const std::vector<Endpoint> &side) {
		bool dm = false;
		for (const auto &e : side) {
			if (!e.kernel->is_data_movement_kernel())
				continue;
			dm = true;
			const auto &hw = std::get<DataMovementHardwareConfig>(e.kernel->hw_config);
			if (hw.gen2_config) {
				const auto &off = hw.gen2_config->disable_implicit_sync_for;
				if (std::find(off.begin(), off.end(), d.unique_id) != off.end())
					return false;
			}
		}
		return dm;
	};
	std::optional<dfb::TensixScope> scope;
	if (self_looped(ends) && p.kernel->is_compute_kernel())
		scope = self_loop_scope(*p.kernel, d.unique_id) == DFBSelfLoopConnectivity::INTRA
				? dfb::TensixScope::INTRA
				: dfb::TensixScope::INTER;
	return dfb::DataflowBufferConfig{
		.entry_size = d.entry_size,
		.num_entries = d.num_entries,
		.producer_risc_mask = masks.at(p.kernel),
		.num_producers = static_cast<uint8_t>(p.kernel->num_threads),
		.pap = hw_pattern(p.binding->access_pattern),
		.consumer_risc_mask = masks.at(c.kernel),
		.num_consumers = static_cast<uint8_t>(c.kernel->num_threads),
		.cap = hw_pattern(c.binding->access_pattern),
		.enable_producer_implicit_sync = implicit_sync(ends.producers),
		.enable_consumer_implicit_sync = implicit_sync(ends.consumers),
		.data_format = d.data_format_metadata.value_or(tt::DataFormat::Invalid),
		.tile = d.tile_format_metadata,
		.unpack_face_geometry = d.unpack_face_geometry_metadata,
		.tensix_scope = scope,
		.borrows_memory = d.borrowed_from.has_value(),
	};
}

// A TensorParameter's accessor args, from its spec alone (no buffer
// exists yet): the compile-time words tt-metal's TensorAccessorArgs gives
// a buffer of that layout, and how many words past the address it needs
// in common runtime args (the shape in pages of a sharded tensor with a
// dynamic shape).
struct TensorArgsLayout {
	std::vector<uint32_t> compile_args;
	uint32_t runtime_fields = 0;
};

TensorArgsLayout tensor_args_layout(const TensorParameter &tp,
				    const distributed::MeshDevice &mesh_device)
{
	const TensorSpec &ts = tp.spec;
	const bool dram = ts.memory_config().buffer_type() == BufferType::DRAM;
	const bool sharded = ts.memory_config().is_sharded();
	const bool dynamic_shape = sharded && tp.advanced_options.dynamic_tensor_shape;
	tensor_accessor::ArgsConfig config;
	config.set(tensor_accessor::ArgConfig::Sharded, sharded);
	config.set(tensor_accessor::ArgConfig::IsDram, dram);
	config.set(tensor_accessor::ArgConfig::RuntimeTensorShape, dynamic_shape);
	const uint64_t alignment = dram ? hal::get_dram_alignment() : hal::get_l1_alignment();
	const uint64_t page =
		(ts.compute_page_size_bytes() + alignment - 1) / alignment * alignment;
	TT_FATAL(page <= UINT32_MAX, "TensorParameter '{}': a page of {} bytes", *tp.unique_id,
		 page);

	TensorArgsLayout out;
	out.compile_args = { config.raw(), static_cast<uint32_t>(page) };
	if (!sharded)
		return out;
	const auto sharding = ts.compute_buffer_sharding_args();
	const auto &dist = sharding.buffer_distribution_spec();
	TT_FATAL(dist, "TensorParameter '{}' is sharded but its spec gives no distribution",
		 *tp.unique_id);
	const Shape &tensor = dist->tensor_shape_in_pages();
	const Shape &shard = dist->shard_shape_in_pages();
	const auto &cores = dist->cores();
	out.compile_args.push_back(static_cast<uint32_t>(tensor.rank()));
	out.compile_args.push_back(static_cast<uint32_t>(cores.size()));
	if (dynamic_shape)
		out.runtime_fields = static_cast<uint32_t>(tensor.rank());
	else
		out.compile_args.insert(out.compile_args.end(), tensor.begin(), tensor.end());
	out.compile_args.insert(out.compile_args.end(), shard.begin(), shard.end());
	// NoC coordinates of the banks, two per word (the first in the low half).
	auto noc = [&](const CoreCoord &c) {
		const CoreCoord v = dram ? c : mesh_device.worker_core_from_logical_core(c);
		return static_cast<uint32_t>(((v.x & 0xFF) << 8) | (v.y & 0xFF));
	};
	for (size_t i = 0; i < cores.size(); i += 2) {
		uint32_t w = noc(cores[i]);
		if (i + 1 < cores.size())
			w |= noc(cores[i + 1]) << 16;
		out.compile_args.push_back(w);
	}
	return out;
}

// A kernel's tensor bindings: each binding's compile-time words follow the
// previous one's, and its common runtime words follow the kernel's named
// common args in binding order.
struct KernelTensorArgs {
	std::vector<TensorBindingHandle> handles;
	std::vector<uint32_t> compile_args;
	KernelCrtaLayout crta;
};

KernelTensorArgs
kernel_tensor_args(const KernelSpec &k,
		   const std::unordered_map<TensorParamName, TensorArgsLayout> &tensors)
{
	KernelTensorArgs out;
	const auto named =
		static_cast<uint32_t>(k.runtime_arg_schema.common_runtime_arg_names.size());
	uint32_t word = named;
	for (const auto &b : k.tensor_bindings) {
		const TensorArgsLayout &t = tensors.at(b.tensor_parameter_name);
		out.handles.push_back(TensorBindingHandle{
			.accessor_name = b.accessor_name,
			.tensor_parameter_name = *b.tensor_parameter_name,
			.cta_offset = static_cast<uint32_t>(out.compile_args.size()),
			.addr_crta_offset = static_cast<uint32_t>(word * sizeof(uint32_t)),
			.num_runtime_field_crta_words = t.runtime_fields,
		});
		out.compile_args.insert(out.compile_args.end(), t.compile_args.begin(),
					t.compile_args.end());
		word += 1 + t.runtime_fields;
	}
	out.crta = KernelCrtaLayout{ .num_named_words = named,
				     .binding_section_words = word - named,
				     .vararg_section_offset = word };
	return out;
}

detail::ProgramImpl::KernelRTASchema rta_schema(const KernelSpec &k, const NodeRangeSet &nodes)
{
	detail::ProgramImpl::KernelRTASchema s;
	s.runtime_arg_names = k.runtime_arg_schema.runtime_arg_names;
	s.common_runtime_arg_names = k.runtime_arg_schema.common_runtime_arg_names;
	for (size_t i = 0; i < s.runtime_arg_names.size(); i++)
		s.runtime_arg_name_to_slot[s.runtime_arg_names[i]] = i;
	for (size_t i = 0; i < s.common_runtime_arg_names.size(); i++)
		s.common_runtime_arg_name_to_slot[s.common_runtime_arg_names[i]] = i;
	s.enqueue_invariant_runtime_arg_names.insert(
		k.advanced_options.enqueue_invariant_runtime_args.begin(),
		k.advanced_options.enqueue_invariant_runtime_args.end());
	s.enqueue_invariant_common_runtime_arg_names.insert(
		k.advanced_options.enqueue_invariant_common_runtime_args.begin(),
		k.advanced_options.enqueue_invariant_common_runtime_args.end());
	if (k.advanced_options.num_runtime_varargs > 0)
		for (const auto &range : nodes.ranges())
			for (const auto &node : range)
				s.num_runtime_varargs_per_node[node] =
					k.advanced_options.num_runtime_varargs;
	// Per-node counts replace the default; 0 takes a node's varargs away.
	std::set<CoreCoord> overridden;
	for (const auto &[where, count] : varargs_per_node(k)) {
		const NodeRangeSet set = node_set(where);
		for (const auto &range : set.ranges())
			for (const auto &node : range) {
				TT_FATAL(overridden.insert(node).second,
					 "KernelSpec '{}' num_runtime_varargs_per_node has "
					 "overlapping "
					 "entries for node {}",
					 *k.unique_id, node.str());
				if (count > 0)
					s.num_runtime_varargs_per_node[node] = count;
				else
					s.num_runtime_varargs_per_node.erase(node);
			}
	}
	s.num_common_runtime_varargs = k.advanced_options.num_common_runtime_varargs;
	return s;
}

std::map<std::string, std::string> defines_of(const KernelSpec &k)
{
	return std::map<std::string, std::string>(k.compiler_options.defines.begin(),
						  k.compiler_options.defines.end());
}

std::unordered_map<std::string, uint32_t> named_args_of(const KernelSpec &k)
{
	return std::unordered_map<std::string, uint32_t>(k.compile_time_args.begin(),
							 k.compile_time_args.end());
}

// Unpack modes by DFB id, over every CB slot.
std::vector<UnpackToDestMode> unpack_modes(const KernelSpec &k,
					   const std::unordered_map<DFBSpecName, uint32_t> &ids)
{
	std::vector<UnpackToDestMode> out(hal::get_arch_num_circular_buffers(),
					  UnpackToDestMode::Default);
	for (const auto &[dfb, mode] :
	     std::get<ComputeHardwareConfig>(k.hw_config).unpack_to_dest_mode)
		out.at(ids.at(dfb)) = mode;
	return out;
}

KernelConfig gen1_config(const KernelSpec &k, const std::unordered_map<DFBSpecName, uint32_t> &ids,
			 std::vector<uint32_t> compile_args)
{
	if (k.is_data_movement_kernel()) {
		const auto p = gen1_placement(std::get<DataMovementHardwareConfig>(k.hw_config));
		return DataMovementConfig{
			.processor = p.processor,
			.noc = p.noc,
			.noc_mode = p.noc_mode,
			.compile_args = std::move(compile_args),
			.defines = defines_of(k),
			.named_compile_args = named_args_of(k),
			.opt_level = k.compiler_options.opt_level,
			.compiler_include_paths = k.compiler_options.include_paths,
		};
	}
	const auto &cc = std::get<ComputeHardwareConfig>(k.hw_config);
	return ComputeConfig{
		.math_fidelity = cc.math_fidelity,
		.fp32_dest_acc_en = cc.fp32_dest_acc_en,
		.dst_full_sync_en = cc.dst_full_sync_en,
		.unpack_to_dest_mode = unpack_modes(k, ids),
		.bfp8_pack_precise = cc.bfp8_pack_precise,
		.math_approx_mode = cc.math_approx_mode,
		.compile_args = std::move(compile_args),
		.defines = defines_of(k),
		.named_compile_args = named_args_of(k),
		.opt_level = k.compiler_options.opt_level,
		.compiler_include_paths = k.compiler_options.include_paths,
	};
}

KernelConfig gen2_config(const KernelSpec &k, const std::unordered_map<DFBSpecName, uint32_t> &ids,
			 std::vector<uint32_t> compile_args)
{
	if (k.is_data_movement_kernel())
		return quasar::QuasarDataMovementConfig{
			.num_threads_per_cluster = k.num_threads,
			.compile_args = std::move(compile_args),
			.defines = defines_of(k),
			.named_compile_args = named_args_of(k),
			.is_legacy_kernel = false,
			.opt_level = k.compiler_options.opt_level,
			.compiler_include_paths = k.compiler_options.include_paths,
		};
	const auto &cc = std::get<ComputeHardwareConfig>(k.hw_config);
	return quasar::QuasarComputeConfig{
		.num_threads_per_cluster = k.num_threads,
		.math_fidelity = cc.math_fidelity,
		.fp32_dest_acc_en = cc.fp32_dest_acc_en,
		.dst_full_sync_en = cc.dst_full_sync_en,
		.unpack_to_dest_mode = unpack_modes(k, ids),
		.bfp8_pack_precise = cc.bfp8_pack_precise,
		.math_approx_mode = cc.math_approx_mode,
		.compile_args = std::move(compile_args),
		.defines = defines_of(k),
		.named_compile_args = named_args_of(k),
		.opt_level = k.compiler_options.opt_level,
		.compiler_include_paths = k.compiler_options.include_paths,
	};
}

// The header a Gen1 kernel's build includes before its source (the
// prelude includes TT_METAL2_BINDINGS): the kernel's accessors, dfb::<name>
// (a DFB id), sem::<name> (a semaphore id) and ta::<name> (a tensor's
// compile-time and common runtime arg offsets), its named args, args::<name>
// (a runtime arg's byte offset, or a compile-time arg's value), and
// get_vararg / get_common_vararg reading past them.  Sorted by name, so one
// spec always gives one text.
std::string bindings_header(const KernelSpec &k,
			    const std::unordered_map<DFBSpecName, uint32_t> &dfbs,
			    const std::unordered_map<SemaphoreSpecName, uint32_t> &semaphores,
			    const KernelTensorArgs &targs)
{
	std::string out = fmt::format("// Generated by TT-Metalium for KernelSpec '{}'.\n"
				      "#pragma once\n\n#include <cstdint>\n\n",
				      *k.unique_id);
	if (!k.dfb_bindings.empty())
		out += "#include \"api/dataflow/dataflow_buffer.h\"\n";
	if (!k.tensor_bindings.empty())
		out += "#include \"api/tensor/tensor_accessor.h\"\n";
	out += "#include \"experimental/kernel_args.h\"\n\n";

	std::map<std::string, uint32_t> dfb_ids, sem_ids;
	for (const auto &b : k.dfb_bindings)
		dfb_ids[b.accessor_name] = dfbs.at(b.dfb_spec_name);
	for (const auto &b : k.semaphore_bindings)
		sem_ids[b.accessor_name] = semaphores.at(b.semaphore_spec_name);
	if (!dfb_ids.empty()) {
		out += "namespace dfb {\n";
		for (const auto &[name, id] : dfb_ids)
			out += fmt::format("constexpr DFBAccessor {}{{{}}};\n", name, id);
		out += "} // namespace dfb\n\n";
	}
	if (!sem_ids.empty()) {
		out += "namespace sem {\n";
		for (const auto &[name, id] : sem_ids)
			out += fmt::format("constexpr std::uint32_t {} = {}u;\n", name, id);
		out += "} // namespace sem\n\n";
	}
	if (!targs.handles.empty()) {
		out += "namespace ta {\n";
		for (const auto &h : targs.handles)
			out += fmt::format(
				"using {0}_t = ::tensor_accessor::TensorAccessorBindingToken<"
				"{1}u, {2}u>;\nconstexpr {0}_t {0}{{}};\n",
				h.accessor_name, h.cta_offset, h.addr_crta_offset);
		out += "} // namespace ta\n\n";
	}
	const auto &rtas = k.runtime_arg_schema.runtime_arg_names;
	const auto &crtas = k.runtime_arg_schema.common_runtime_arg_names;
	const std::map<std::string, uint32_t> ctas(k.compile_time_args.begin(),
						   k.compile_time_args.end());
	if (!rtas.empty() || !crtas.empty() || !ctas.empty()) {
		out += "namespace args {\n";
		for (size_t i = 0; i < rtas.size(); i++)
			out += fmt::format(
				"constexpr experimental::RtaArg<std::uint32_t> {}{{{}}};\n",
				rtas[i], i * sizeof(uint32_t));
		for (size_t i = 0; i < crtas.size(); i++)
			out += fmt::format(
				"constexpr experimental::CrtaArg<std::uint32_t> {}{{{}}};\n",
				crtas[i], i * sizeof(uint32_t));
		for (const auto &[name, value] : ctas)
			out += fmt::format(
				"constexpr experimental::CtaVal<std::uint32_t> {}{{{}u}};\n", name,
				value);
		out += "} // namespace args\n\n";
	}
	out += fmt::format("FORCE_INLINE std::uint32_t get_vararg(std::uint32_t i)\n"
			   "{{\n\treturn get_arg_val<std::uint32_t>((int)({}u + i));\n}}\n"
			   "FORCE_INLINE std::uint32_t get_common_vararg(std::uint32_t i)\n"
			   "{{\n\treturn get_common_arg_val<std::uint32_t>((int)({}u + i));\n}}\n",
			   rtas.size(), targs.crta.vararg_section_offset);
	return out;
}

// Where the header of @text is: a file named by its contents, written once.
std::string bindings_file(const std::string &text)
{
	namespace fs = std::filesystem;
	std::error_code ec;
	const fs::path dir = fs::temp_directory_path(ec) / "tt-metalium-kernels";
	fs::create_directories(dir, ec);
	const fs::path file =
		dir / fmt::format("metal2_bindings_{:016x}.h", std::hash<std::string>()(text));
	if (!fs::is_regular_file(file, ec)) {
		fs::path tmp = file;
		tmp += fmt::format(".{}", static_cast<long>(getpid()));
		{
			std::ofstream out(tmp, std::ios::binary);
			out << text;
			TT_FATAL(out.good(), "cannot write the kernel bindings header {}",
				 tmp.string());
		}
		fs::rename(tmp, file, ec);
		TT_FATAL(!ec, "cannot create the kernel bindings header {}: {}", file.string(),
			 ec.message());
	}
	return file.string();
}

// Wormhole: what a DFB's circular buffer cannot express.
void check_gen1_dfb(const DataflowBufferSpec &d)
{
	TT_FATAL(!d.tile_format_metadata || *d.tile_format_metadata == Tile(),
		 "DFB '{}' has {}x{} tiles: tensix-emu's circular buffers hold 32x32 tiles only",
		 *d.unique_id, d.tile_format_metadata->get_height(),
		 d.tile_format_metadata->get_width());
	TT_FATAL(!d.unpack_face_geometry_metadata ||
			 *d.unpack_face_geometry_metadata == FaceGeometry(),
		 "DFB '{}' has a partial-tile face geometry, which tensix-emu's unpacker does "
		 "not model",
		 *d.unique_id);
}

} // namespace

Program MakeProgramFromSpec(const distributed::MeshDevice &mesh_device, const ProgramSpec &spec,
			    bool skip_validation)
{
	const Target target = target_of(mesh_device);
	const SpecIndex idx = index_spec(spec);
	if (!skip_validation)
		check_spec(spec, idx, target, mesh_device);
	TT_FATAL(target.gen1() || target.gen2(), "Metal 2.0 specs cannot target {}",
		 tt::arch_to_str(target.arch));
	TT_FATAL(spec.remote_dataflow_buffers.empty(),
		 "RemoteDataflowBufferSpec is not yet supported (ProgramSpec '{}' has {})",
		 spec.name, spec.remote_dataflow_buffers.size());

	const RiscMasks masks = target.gen2() ? gen2_masks(spec, idx) : gen1_masks(spec);
	check_uniform_masks(spec, idx, masks);

	std::unordered_map<TensorParamName, TensorArgsLayout> tensors;
	for (const auto &tp : spec.tensor_parameters)
		tensors.emplace(tp.unique_id, tensor_args_layout(tp, mesh_device));

	Program program;
	auto &impl = program.impl();
	if (target.gen2())
		impl.not_runnable_arch = target.arch;
	for (const auto &tp : spec.tensor_parameters)
		impl.register_tensor_parameter(*tp.unique_id,
					       { tp.spec, tp.advanced_options.dynamic_tensor_shape,
						 tp.advanced_options.match_padded_shape_only,
						 tp.advanced_options.enqueue_invariant });

	// DFB ids follow the spec's order: on Wormhole they are CB indices.
	std::unordered_map<DFBSpecName, uint32_t> ids;
	for (const auto &d : spec.dataflow_buffers) {
		const uint32_t id =
			impl.add_dataflow_buffer(idx.dfb_nodes.at(d.unique_id),
						 dfb_config(d, idx.ends.at(d.unique_id), masks));
		impl.register_dfb_spec_name(*d.unique_id, id);
		if (d.borrowed_from)
			impl.register_dfb_borrowed_binding(id, **d.borrowed_from);
		ids[d.unique_id] = id;
	}
	for (const auto &d : spec.dataflow_buffers)
		for (const auto &a : d.advanced_options.alias_with)
			impl.set_dfb_alias(ids.at(d.unique_id), ids.at(a));
	if (target.gen1()) {
		for (const auto &d : spec.dataflow_buffers)
			check_gen1_dfb(d);
		impl.make_dfb_cbs();
	}

	uint32_t next_semaphore = 0;
	std::unordered_map<SemaphoreSpecName, uint32_t> semaphore_ids;
	for (const auto &s : spec.semaphores) {
		const uint32_t id = target.gen1()
					    ? CreateSemaphore(program, node_set(s.target_nodes),
							      semaphore_initial_value(s))
					    : next_semaphore++;
		impl.register_semaphore_spec_name(*s.unique_id, id);
		semaphore_ids[s.unique_id] = id;
	}

	for (const auto &k : spec.kernels) {
		const NodeRangeSet &nodes = idx.kernel_nodes.at(k.unique_id);
		KernelTensorArgs targs = kernel_tensor_args(k, tensors);
		KernelHandle handle;
		if (target.gen1()) {
			KernelConfig kc = gen1_config(k, ids, targs.compile_args);
			const std::string header =
				bindings_file(bindings_header(k, ids, semaphore_ids, targs));
			std::visit(
				[&](auto &c) {
					c.defines["TT_METAL2_BINDINGS"] = '"' + header + '"';
				},
				kc);
			auto as_variant = [&]() -> std::variant<DataMovementConfig, ComputeConfig> {
				if (auto *dm = std::get_if<DataMovementConfig>(&kc))
					return *dm;
				return std::get<ComputeConfig>(kc);
			};
			if (const auto *code = std::get_if<KernelSpec::SourceCode>(&k.source)) {
				TT_FATAL(!code->code.empty(),
					 "KernelSpec '{}' has empty source code", *k.unique_id);
				handle = CreateKernelFromString(program, code->code, nodes,
								as_variant());
			} else {
				const auto &path = std::get<std::filesystem::path>(k.source);
				TT_FATAL(!path.empty(), "KernelSpec '{}' has an empty source path",
					 *k.unique_id);
				handle = CreateKernel(program, path.string(), nodes, as_variant());
			}
		} else {
			std::string source;
			if (const auto *code = std::get_if<KernelSpec::SourceCode>(&k.source))
				source = code->code;
			else
				source = std::get<std::filesystem::path>(k.source).string();
			TT_FATAL(!source.empty(), "KernelSpec '{}' has an empty source",
				 *k.unique_id);
			impl.kernels.push_back(std::make_shared<Kernel>(
				source, nodes, gen2_config(k, ids, targs.compile_args)));
			handle = static_cast<KernelHandle>(impl.kernels.size() - 1);
		}
		impl.kernel(handle).set_metal2(*k.unique_id, std::move(targs.handles), targs.crta);
		impl.register_kernel(*k.unique_id, handle, rta_schema(k, nodes));
	}
	return program;
}

ProgramRunArgsView &GetProgramRunArgsView(Program &)
{
	TT_THROW("GetProgramRunArgsView is not implemented: set args with SetProgramRunArgs or "
		 "UpdateProgramRunArgs");
}

} // namespace experimental

} // namespace tt::tt_metal
