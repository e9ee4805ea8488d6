// SPDX-License-Identifier: Apache-2.0
//
// ProgramDescriptor (program_descriptors.hpp): building a Program from
// one, the buffer bindings of its runtime args and CBs, and repointing a
// built program at other buffers
// (experimental/program_descriptor_patching.hpp).
#include <algorithm>
#include <bitset>
#include <set>

#include <fmt/format.h>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/experimental/program_descriptor_patching.hpp>
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/program_descriptors.hpp>
#include <tt-metalium/tile.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/reflection.hpp>

#include <tt_kernel_config.h>

namespace tt::tt_metal {

TileDescriptor::TileDescriptor(const Tile &tile)
    : height(tile.get_height()), width(tile.get_width()), transpose(tile.get_transpose_of_faces())
{}

// Emplacing args ------------------------------------------------------------------

namespace {

using TensorRef = std::reference_wrapper<const MeshTensor>;

// The buffer a MeshTensor's address is read from (its first chip's).
Buffer *buffer_of(const MeshTensor &t)
{
	Buffer *b = t.mesh_buffer().get_reference_buffer();
	TT_FATAL(b, "a MeshTensor without a device buffer cannot be a runtime arg");
	return b;
}

// Appends the value of one arg to @out; returns the buffer it is the
// address of, if any.
Buffer *put(std::vector<uint32_t> &out, uint32_t v)
{
	out.push_back(v);
	return nullptr;
}

Buffer *put(std::vector<uint32_t> &out, Buffer *b)
{
	out.push_back(b ? b->address() : 0);
	return b;
}

Buffer *put(std::vector<uint32_t> &out, TensorRef t)
{
	Buffer *b = buffer_of(t.get());
	out.push_back(b->address());
	return b;
}

template <typename Items>
std::pair<std::vector<uint32_t>, std::vector<std::pair<uint32_t, Buffer *>>>
flatten(const Items &items)
{
	std::vector<uint32_t> args;
	std::vector<std::pair<uint32_t, Buffer *>> bound;
	for (const auto &item : items) {
		auto idx = static_cast<uint32_t>(args.size());
		Buffer *b;
		if constexpr (std::is_same_v<std::decay_t<decltype(item)>, uint32_t>)
			b = put(args, item);
		else
			b = std::visit([&](const auto &v) { return put(args, v); }, item);
		if (b)
			bound.emplace_back(idx, b);
	}
	return { std::move(args), std::move(bound) };
}

} // namespace

template <typename Items>
static void emplace_unique(KernelDescriptor &kd, const CoreCoord &core, const Items &items)
{
	auto [args, bound] = flatten(items);
	for (const auto &[idx, b] : bound)
		kd.buffer_bindings.push_back(BufferBinding{ core, idx, b });
	kd.runtime_args.emplace_back(core, std::move(args));
}

template <typename Items>
static void emplace_common(KernelDescriptor &kd, const Items &items)
{
	auto [args, bound] = flatten(items);
	const auto at = static_cast<uint32_t>(kd.common_runtime_args.size());
	for (const auto &[idx, b] : bound)
		kd.common_buffer_bindings.push_back(CommonBufferBinding{ at + idx, b });
	kd.common_runtime_args.insert(kd.common_runtime_args.end(), args.begin(), args.end());
}

void KernelDescriptor::emplace_runtime_args(const CoreCoord &core,
					    std::initializer_list<uint32_t> args)
{
	emplace_unique(*this, core, args);
}

void KernelDescriptor::emplace_runtime_args(
	const CoreCoord &core, std::initializer_list<std::variant<uint32_t, Buffer *>> args)
{
	emplace_unique(*this, core, args);
}

void KernelDescriptor::emplace_runtime_args(
	const CoreCoord &core, std::initializer_list<std::variant<uint32_t, TensorRef>> args)
{
	emplace_unique(*this, core, args);
}

void KernelDescriptor::emplace_runtime_args(const CoreCoord &core, const RTArgList &args)
{
	emplace_unique(*this, core, args.items_);
}

void KernelDescriptor::emplace_runtime_args(
	const CoreCoord &core, const std::vector<std::variant<uint32_t, TensorRef>> &args)
{
	emplace_unique(*this, core, args);
}

void KernelDescriptor::emplace_runtime_args(
	const CoreCoord &core, const std::vector<std::variant<uint32_t, Buffer *>> &args)
{
	emplace_unique(*this, core, args);
}

void KernelDescriptor::emplace_common_runtime_args(std::initializer_list<uint32_t> args)
{
	emplace_common(*this, args);
}

void KernelDescriptor::emplace_common_runtime_args(
	std::initializer_list<std::variant<uint32_t, TensorRef>> args)
{
	emplace_common(*this, args);
}

void KernelDescriptor::emplace_common_runtime_args(
	std::initializer_list<std::variant<uint32_t, Buffer *>> args)
{
	emplace_common(*this, args);
}

void KernelDescriptor::emplace_common_runtime_args(const RTArgList &args)
{
	emplace_common(*this, args.items_);
}

// Semaphores and merging ----------------------------------------------------------

std::optional<uint32_t> ProgramDescriptor::find_available_semaphore_id(const CoreCoord &core,
								       CoreType core_type) const
{
	std::bitset<TT_MAX_SEMAPHORES> used;
	for (const auto &s : semaphores)
		if (s.core_type == core_type && s.id < TT_MAX_SEMAPHORES &&
		    s.core_ranges.contains(core))
			used.set(s.id);
	for (uint32_t id = 0; id < TT_MAX_SEMAPHORES; id++)
		if (!used.test(id))
			return id;
	return std::nullopt;
}

// The cores @d's kernels run on.
static std::vector<CoreRange> kernel_cores(const ProgramDescriptor &d)
{
	std::vector<CoreRange> out;
	for (const auto &k : d.kernels)
		for (const auto &r : k.core_ranges.ranges())
			out.push_back(r);
	return out;
}

ProgramDescriptor merge_program_descriptors(const std::vector<ProgramDescriptor> &descriptors)
{
	ProgramDescriptor out;
	for (size_t i = 0; i < descriptors.size(); i++) {
		for (size_t j = 0; j < i; j++)
			for (const auto &a : kernel_cores(descriptors[i]))
				for (const auto &b : kernel_cores(descriptors[j]))
					TT_FATAL(!a.intersects(b),
						 "merge_program_descriptors: descriptors {} and {} "
						 "both have kernels on cores {} and {}",
						 j, i, b.str(), a.str());
		const ProgramDescriptor &d = descriptors[i];
		out.kernels.insert(out.kernels.end(), d.kernels.begin(), d.kernels.end());
		out.semaphores.insert(out.semaphores.end(), d.semaphores.begin(),
				      d.semaphores.end());
		out.cbs.insert(out.cbs.end(), d.cbs.begin(), d.cbs.end());
	}
	return out;
}

// Building a Program --------------------------------------------------------------

// The buffer a CB lives in, if any (its buffer or its tensor's, not both).
static Buffer *cb_buffer(const CBDescriptor &cb, size_t index)
{
	TT_FATAL(!(cb.buffer && cb.tensor),
		 "CB descriptor {} sets both buffer and tensor; a CB lives in one of them", index);
	TT_FATAL(!cb.global_circular_buffer,
		 "CB descriptor {}: global circular buffers are not emulated yet", index);
	TT_FATAL(cb.address_offset == 0,
		 "CB descriptor {}: a CB at offset {} into its buffer is not supported yet "
		 "(offset 0 only)",
		 index, cb.address_offset);
	if (cb.tensor)
		return buffer_of(*cb.tensor);
	return cb.buffer;
}

static std::variant<DataMovementConfig, ComputeConfig> kernel_config(const KernelDescriptor &kd)
{
	std::map<std::string, std::string> defines(kd.defines.begin(), kd.defines.end());
	std::unordered_map<std::string, uint32_t> named(kd.named_compile_time_args.begin(),
							kd.named_compile_time_args.end());
	// What every kind of kernel config takes from the descriptor alike.
	auto common = [&](auto c) -> std::variant<DataMovementConfig, ComputeConfig> {
		c.compile_args = kd.compile_time_args;
		c.defines = defines;
		c.named_compile_args = named;
		if (kd.opt_level)
			c.opt_level = *kd.opt_level;
		c.compiler_include_paths = kd.compiler_include_paths;
		return c;
	};
	auto dm = [&](DataMovementConfig c) { return common(c); };
	return std::visit(
		[&](const auto &cfg) -> std::variant<DataMovementConfig, ComputeConfig> {
			using T = std::decay_t<decltype(cfg)>;
			if constexpr (std::is_same_v<T, ReaderConfigDescriptor>) {
				return dm(ReaderDataMovementConfig{});
			} else if constexpr (std::is_same_v<T, WriterConfigDescriptor>) {
				return dm(WriterDataMovementConfig{});
			} else if constexpr (std::is_same_v<T, DataMovementConfigDescriptor>) {
				DataMovementConfig c;
				c.processor = cfg.processor;
				c.noc = cfg.noc;
				c.noc_mode = cfg.noc_mode;
				return dm(c);
			} else {
				ComputeConfig c;
				c.math_fidelity = cfg.math_fidelity;
				c.fp32_dest_acc_en = cfg.fp32_dest_acc_en;
				c.dst_full_sync_en = cfg.dst_full_sync_en;
				c.unpack_to_dest_mode = cfg.unpack_to_dest_mode;
				c.bfp8_pack_precise = cfg.bfp8_pack_precise;
				c.math_approx_mode = cfg.math_approx_mode;
				return common(c);
			}
		},
		kd.config);
}

Program::Program(const ProgramDescriptor &desc) : Program()
{
	for (size_t i = 0; i < desc.semaphores.size(); i++) {
		const SemaphoreDescriptor &s = desc.semaphores[i];
		uint32_t id = CreateSemaphore(*this, s.core_ranges, s.initial_value, s.core_type);
		TT_FATAL(id == s.id,
			 "semaphore descriptor {} asks for id {} on {}; the next free id there is "
			 "{} "
			 "(ids are given in order, lowest free first)",
			 i, s.id, s.core_ranges.str(), id);
	}
	for (size_t i = 0; i < desc.cbs.size(); i++) {
		const CBDescriptor &cb = desc.cbs[i];
		Buffer *buffer = cb_buffer(cb, i);
		TT_FATAL(cb.remote_format_descriptors.empty(),
			 "CB descriptor {}: remote CB indices are not emulated yet", i);
		std::map<uint8_t, tt::DataFormat> formats;
		for (const auto &f : cb.format_descriptors)
			formats[f.buffer_index] = f.data_format;
		CircularBufferConfig config(cb.total_size, formats);
		for (const auto &f : cb.format_descriptors)
			config.set_page_size(f.buffer_index, f.page_size);
		if (buffer)
			config.set_globally_allocated_address(*buffer);
		CreateCircularBuffer(*this, cb.core_ranges, config);
	}
	for (const KernelDescriptor &kd : desc.kernels) {
		auto config = kernel_config(kd);
		KernelHandle k =
			kd.source_type == KernelDescriptor::SourceType::FILE_PATH
				? CreateKernel(*this, kd.kernel_source, kd.core_ranges, config)
				: CreateKernelFromString(*this, kd.kernel_source, kd.core_ranges,
							 config);
		for (const auto &[core, args] : kd.runtime_args)
			SetRuntimeArgs(*this, k, core, args);
		if (!kd.common_runtime_args.empty())
			SetCommonRuntimeArgs(*this, k, kd.common_runtime_args);
	}
}

void apply_descriptor_runtime_args(Program &program, const ProgramDescriptor &desc)
{
	for (size_t i = 0; i < desc.cbs.size(); i++)
		if (Buffer *b = cb_buffer(desc.cbs[i], i))
			UpdateDynamicCircularBufferAddress(program, i, *b);
	for (size_t k = 0; k < desc.kernels.size(); k++) {
		const KernelDescriptor &kd = desc.kernels[k];
		for (const auto &[core, args] : kd.runtime_args)
			SetRuntimeArgs(program, k, core, args);
		if (kd.common_runtime_args.empty())
			continue;
		RuntimeArgsData &common = GetCommonRuntimeArgs(program, k);
		TT_FATAL(common.size() == kd.common_runtime_args.size(),
			 "kernel {}: {} common runtime args for a program built with {}", k,
			 kd.common_runtime_args.size(), common.size());
		std::copy(kd.common_runtime_args.begin(), kd.common_runtime_args.end(),
			  common.data());
	}
}

// Patching ------------------------------------------------------------------------

ResolvedBindings resolve_bindings(Program &, const ProgramDescriptor &desc,
				  std::span<Buffer *const> tensor_buffers, size_t num_input_buffers)
{
	const size_t inputs = std::min(num_input_buffers, tensor_buffers.size());
	std::set<Buffer *> seen;
	for (size_t i = 0; i < inputs; i++)
		if (!seen.insert(tensor_buffers[i]).second)
			return {};
	auto slot = [&](Buffer *b) -> std::optional<uint32_t> {
		auto it = std::find(tensor_buffers.begin(), tensor_buffers.end(), b);
		if (it == tensor_buffers.end())
			return std::nullopt;
		return static_cast<uint32_t>(it - tensor_buffers.begin());
	};
	ResolvedBindings out;
	for (size_t k = 0; k < desc.kernels.size(); k++) {
		const KernelDescriptor &kd = desc.kernels[k];
		auto kernel = static_cast<uint32_t>(k);
		for (const auto &b : kd.buffer_bindings) {
			auto s = slot(b.buffer);
			TT_FATAL(s,
				 "kernel {} runtime arg {} on core {} is the address of a buffer "
				 "that is not one of the {} given",
				 k, b.arg_idx, b.core.str(), tensor_buffers.size());
			out.rt_args.push_back({ kernel, b.core, b.arg_idx, *s, false });
		}
		for (const auto &b : kd.common_buffer_bindings) {
			auto s = slot(b.buffer);
			TT_FATAL(s,
				 "kernel {} common runtime arg {} is the address of a buffer "
				 "that is not one of the {} given",
				 k, b.arg_idx, tensor_buffers.size());
			out.rt_args.push_back({ kernel, CoreCoord{}, b.arg_idx, *s, true });
		}
	}
	for (size_t i = 0; i < desc.cbs.size(); i++) {
		Buffer *b = cb_buffer(desc.cbs[i], i);
		if (!b)
			continue;
		// A buffer from elsewhere keeps its address: nothing to patch.
		if (auto s = slot(b))
			out.cbs.push_back({ i, *s, desc.cbs[i].address_offset });
	}
	return out;
}

static Buffer *current(std::span<Buffer *const> buffers, uint32_t idx)
{
	TT_FATAL(idx < buffers.size() && buffers[idx],
		 "binding to buffer {}, but {} buffers are given", idx, buffers.size());
	return buffers[idx];
}

void apply_resolved_bindings(Program &program, const ResolvedBindings &bindings,
			     std::span<Buffer *const> current_buffers)
{
	for (const auto &b : bindings.rt_args) {
		uint32_t address = current(current_buffers, b.tensor_buffer_idx)->address();
		if (b.is_common)
			GetCommonRuntimeArgs(program, b.kernel_idx)[b.arg_idx] = address;
		else
			GetRuntimeArgs(program, b.kernel_idx, b.core)[b.arg_idx] = address;
	}
	for (const auto &b : bindings.cbs) {
		TT_FATAL(b.address_offset == 0, "CB {} at offset {} into its buffer: offset 0 only",
			 b.cb_id, b.address_offset);
		UpdateDynamicCircularBufferAddress(program, b.cb_id,
						   *current(current_buffers, b.tensor_buffer_idx));
	}
}

void apply_dynamic_runtime_args(Program &program, std::span<const DynamicRuntimeArg> dynamic_args)
{
	for (const auto &a : dynamic_args) {
		if (a.is_common)
			GetCommonRuntimeArgs(program, a.kernel_idx)[a.arg_idx] = a.value;
		else
			GetRuntimeArgs(program, a.kernel_idx, a.core)[a.arg_idx] = a.value;
	}
}

} // namespace tt::tt_metal

// Hashes --------------------------------------------------------------------------

std::size_t std::hash<tt::tt_metal::TileDescriptor>::operator()(
	const tt::tt_metal::TileDescriptor &t) const noexcept
{
	return ttsl::hash::hash_objects_with_default_seed(t.height, t.width, t.transpose);
}

std::size_t std::hash<tt::tt_metal::ProgramDescriptor>::operator()(
	const tt::tt_metal::ProgramDescriptor &d) const noexcept
{
	if (d.custom_program_hash)
		return static_cast<std::size_t>(*d.custom_program_hash);
	using ttsl::hash::hash_objects;
	std::size_t h = ttsl::hash::hash_objects_with_default_seed(d.kernels.size(), d.cbs.size(),
								   d.semaphores.size());
	for (const auto &k : d.kernels) {
		h = hash_objects(h, k.kernel_source, static_cast<int>(k.source_type),
				 k.core_ranges.str(), k.compile_time_args, k.config.index(),
				 k.common_runtime_args.size(), k.runtime_args.size());
		for (const auto &[name, value] : k.named_compile_time_args)
			h = hash_objects(h, name, value);
		for (const auto &[name, value] : k.defines)
			h = hash_objects(h, name, value);
		for (const auto &[core, args] : k.runtime_args)
			h = hash_objects(h, core.x, core.y, args.size());
	}
	for (const auto &cb : d.cbs) {
		h = hash_objects(h, cb.total_size, cb.core_ranges.str(), cb.address_offset,
				 cb.buffer != nullptr || cb.tensor != nullptr);
		for (const auto &f : cb.format_descriptors)
			h = hash_objects(h, f.buffer_index, static_cast<int>(f.data_format),
					 f.page_size);
	}
	for (const auto &s : d.semaphores)
		h = hash_objects(h, s.id, static_cast<int>(s.core_type), s.core_ranges.str(),
				 s.initial_value);
	return h;
}
