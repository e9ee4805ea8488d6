// SPDX-License-Identifier: Apache-2.0
//
// Programs over libtt: kernels, circular buffers, semaphores and runtime
// args.  Runtime args are kept here and sent to libtt just before each
// launch, so that writes through GetRuntimeArgs() views take effect as in
// tt-metal.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <type_traits>

#include <fmt/ostream.h>

#include <tt-metalium/host_api.hpp>

#include "internal.hpp"

namespace tt::tt_metal {

using detail::throw_tt;

static bool is_file(const std::filesystem::path &p)
{
	std::error_code ec;
	return std::filesystem::is_regular_file(p, ec);
}

// Kernel configs -----------------------------------------------------------------

ReaderDataMovementConfig::ReaderDataMovementConfig(std::vector<uint32_t> compile_args_,
						   std::map<std::string, std::string> defines_,
						   std::unordered_map<std::string, uint32_t> named_,
						   KernelBuildOptLevel opt,
						   std::vector<std::filesystem::path> includes)
    : DataMovementConfig{ DataMovementProcessor::RISCV_1,
			  NOC::NOC_0,
			  NOC_MODE::DM_DEDICATED_NOC,
			  std::move(compile_args_),
			  std::move(defines_),
			  std::move(named_),
			  opt,
			  std::move(includes) }
{}

WriterDataMovementConfig::WriterDataMovementConfig(std::vector<uint32_t> compile_args_,
						   std::map<std::string, std::string> defines_,
						   std::unordered_map<std::string, uint32_t> named_,
						   KernelBuildOptLevel opt,
						   std::vector<std::filesystem::path> includes)
    : DataMovementConfig{ DataMovementProcessor::RISCV_0,
			  NOC::NOC_1,
			  NOC_MODE::DM_DEDICATED_NOC,
			  std::move(compile_args_),
			  std::move(defines_),
			  std::move(named_),
			  opt,
			  std::move(includes) }
{}

// CircularBufferConfig ------------------------------------------------------------

CircularBufferConfig::CircularBufferConfig(uint32_t total_size,
					   const std::map<uint8_t, tt::DataFormat> &spec)
    : total_size_(total_size)
{
	for (const auto &[index, format] : spec) {
		check_index(index);
		formats_[index] = format;
		indices_.insert(index);
	}
}

CircularBufferConfig::CircularBufferConfig(uint32_t total_size,
					   const std::map<uint8_t, tt::DataFormat> &spec,
					   const Buffer &buffer)
    : CircularBufferConfig(total_size, spec)
{
	set_globally_allocated_address(buffer);
}

static std::map<uint8_t, tt::DataFormat> formats_of(const std::map<uint8_t, DataType> &spec)
{
	std::map<uint8_t, tt::DataFormat> out;
	for (const auto &[index, type] : spec)
		out[index] = datatype_to_dataformat_converter(type);
	return out;
}

CircularBufferConfig::CircularBufferConfig(uint32_t total_size,
					   const std::map<uint8_t, DataType> &spec)
    : CircularBufferConfig(total_size, formats_of(spec))
{}

CircularBufferConfig::CircularBufferConfig(uint32_t total_size) : total_size_(total_size) {}

void CircularBufferConfig::check_index(uint8_t index) const
{
	TT_FATAL(index < NUM_CIRCULAR_BUFFERS, "CB index {} is past the last one, {}", index,
		 NUM_CIRCULAR_BUFFERS - 1);
}

CircularBufferConfig &CircularBufferConfig::set_page_size(uint8_t index, uint32_t page_size)
{
	check_index(index);
	TT_FATAL(indices_.count(index),
		 "CB index {} has no data format: give it one in the constructor first", index);
	TT_FATAL(page_size && total_size_ % page_size == 0,
		 "CB index {}: total size {} is not a multiple of the page size {}", index,
		 total_size_, page_size);
	page_sizes_[index] = page_size;
	return *this;
}

CircularBufferConfig &CircularBufferConfig::set_total_size(uint32_t total_size)
{
	total_size_ = total_size;
	return *this;
}

CircularBufferConfig &CircularBufferConfig::set_globally_allocated_address(const Buffer &buffer)
{
	TT_FATAL(buffer.is_l1(), "a globally allocated CB must live in an L1 buffer");
	shadow_global_buffer = &buffer;
	return *this;
}

CircularBufferConfig &
CircularBufferConfig::set_globally_allocated_address_and_total_size(const Buffer &buffer,
								    uint32_t total_size)
{
	set_globally_allocated_address(buffer);
	return set_total_size(total_size);
}

std::optional<uint32_t> CircularBufferConfig::globally_allocated_address() const
{
	if (!shadow_global_buffer)
		return std::nullopt;
	return shadow_global_buffer->address();
}

CircularBufferConfig::Builder CircularBufferConfig::index(uint8_t buffer_index)
{
	check_index(buffer_index);
	indices_.insert(buffer_index);
	return Builder(*this, buffer_index);
}

const CircularBufferConfig::Builder &
CircularBufferConfig::Builder::set_data_format(tt::DataFormat f) const
{
	parent_.formats_[index_] = f;
	return *this;
}

const CircularBufferConfig::Builder &
CircularBufferConfig::Builder::set_total_size(uint32_t total_size) const
{
	parent_.total_size_ = total_size;
	return *this;
}

const CircularBufferConfig::Builder &
CircularBufferConfig::Builder::set_page_size(uint32_t page_size) const
{
	parent_.page_sizes_[index_] = page_size;
	return *this;
}

// Kernel ----------------------------------------------------------------------------

Kernel::Kernel(std::string source, const CoreRangeSet &cores, KernelConfig config)
    : source_(std::move(source)), cores_(cores), config_(std::move(config))
{
	for (const auto &range : cores_.ranges())
		for (const auto &core : range)
			core_list_.insert(core);
}

bool Kernel::is_compute() const
{
	return std::holds_alternative<ComputeConfig>(config_) ||
	       std::holds_alternative<experimental::quasar::QuasarComputeConfig>(config_);
}

HalProcessorClassType Kernel::get_kernel_processor_class() const
{
	return is_compute() ? HalProcessorClassType::COMPUTE : HalProcessorClassType::DM;
}

int Kernel::get_kernel_processor_type(int index) const
{
	if (is_compute())
		return index;
	if (const auto *dm = std::get_if<DataMovementConfig>(&config_))
		return dm->processor == DataMovementProcessor::RISCV_0 ? 0 : 1;
	if (std::holds_alternative<experimental::quasar::QuasarDataMovementConfig>(config_))
		return index;
	return 0; // an ethernet core's one RISC
}

// Mix @v into @seed (boost's hash_combine constant).
template <typename T>
static void hash_mix(size_t &seed, const T &v)
{
	seed ^= std::hash<T>()(v) + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2);
}

template <typename Map>
static void hash_sorted(size_t &seed, const Map &m)
{
	std::vector<std::pair<std::string, std::string>> items;
	for (const auto &[k, v] : m)
		items.emplace_back(fmt::format("{}", k), fmt::format("{}", v));
	std::sort(items.begin(), items.end());
	for (const auto &[k, v] : items) {
		hash_mix(seed, k);
		hash_mix(seed, v);
	}
}

size_t Kernel::compute_hash() const
{
	size_t seed = 0;
	hash_mix(seed, source_);
	hash_mix(seed, config_.index());
	std::visit(
		[&](const auto &c) {
			using C = std::decay_t<decltype(c)>;
			for (uint32_t a : c.compile_args)
				hash_mix(seed, a);
			hash_sorted(seed, c.defines);
			hash_sorted(seed, c.named_compile_args);
			if constexpr (!std::is_same_v<C, EthernetConfig>)
				for (const auto &p : c.compiler_include_paths)
					hash_mix(seed, p.string());
			hash_mix(seed, static_cast<int>(c.opt_level));
			if constexpr (std::is_same_v<C, EthernetConfig>) {
				hash_mix(seed, static_cast<int>(c.eth_mode));
				hash_mix(seed, static_cast<int>(c.noc));
				hash_mix(seed, static_cast<int>(c.processor));
			} else if constexpr (std::is_same_v<C, DataMovementConfig>) {
				hash_mix(seed, static_cast<int>(c.processor));
				hash_mix(seed, static_cast<int>(c.noc));
				hash_mix(seed, static_cast<int>(c.noc_mode));
			} else if constexpr (std::is_same_v<C, experimental::quasar::
								       QuasarDataMovementConfig>) {
				hash_mix(seed, c.num_threads_per_cluster);
			} else {
				if constexpr (!std::is_same_v<C, ComputeConfig>)
					hash_mix(seed, c.num_threads_per_cluster);
				hash_mix(seed, static_cast<int>(c.math_fidelity));
				hash_mix(seed, c.fp32_dest_acc_en);
				hash_mix(seed, c.dst_full_sync_en);
				hash_mix(seed, c.bfp8_pack_precise);
				hash_mix(seed, c.math_approx_mode);
				for (auto m : c.unpack_to_dest_mode)
					hash_mix(seed, static_cast<int>(m));
			}
		},
		config_);
	return seed;
}

std::vector<uint32_t> &Kernel::runtime_args(const CoreCoord &core)
{
	auto it = args.find(core);
	TT_FATAL(it != args.end(), "kernel has no runtime args on core {}", core);
	return it->second;
}

RuntimeArgsData &Kernel::runtime_args_data(const CoreCoord &core)
{
	auto it = views.find(core);
	TT_FATAL(it != views.end(), "kernel has no runtime args on core {}", core);
	return it->second;
}

std::set<CoreCoord> Kernel::cores_with_runtime_args() const
{
	std::set<CoreCoord> out;
	for (const auto &[core, v] : args)
		out.insert(core);
	return out;
}

void Kernel::set_runtime_args(const CoreCoord &core, ttsl::Span<const uint32_t> a)
{
	TT_FATAL(core_list_.count(core),
		 "runtime args: core {} is not one of the kernel's cores {}", core, cores_.str());
	TT_FATAL(a.size() <= max_runtime_args,
		 "runtime args: {} args on core {}, more than the {} allowed", a.size(), core,
		 max_runtime_args);
	// As tt-metal: once a core has args, later sets keep their count (a
	// launch's kernel-config blob is laid out from it).
	auto &v = args[core];
	TT_FATAL(v.empty() || v.size() == a.size(),
		 "runtime args on core {}: their number cannot change from {} to {} once set", core,
		 v.size(), a.size());
	if (v.capacity() < max_runtime_args)
		v.reserve(max_runtime_args);
	v.assign(a.begin(), a.end());
	views[core] = RuntimeArgsData{ v.data(), v.size() };
}

RuntimeArgsData &Kernel::common_runtime_args_data()
{
	if (!common_set) {
		common_.reserve(max_runtime_args);
		common_view = RuntimeArgsData{ common_.data(), 0 };
	}
	return common_view;
}

void Kernel::set_common_runtime_args(ttsl::Span<const uint32_t> a)
{
	TT_FATAL(a.size() <= max_runtime_args,
		 "common runtime args: {} args, more than the {} allowed", a.size(),
		 max_runtime_args);
	TT_FATAL(common_.empty(),
		 "common runtime args are set once ({} now); change them in place through "
		 "GetCommonRuntimeArgs",
		 common_.size());
	if (common_.capacity() < max_runtime_args)
		common_.reserve(max_runtime_args);
	common_.assign(a.begin(), a.end());
	common_view = RuntimeArgsData{ common_.data(), common_.size() };
	common_set = true;
}

void Kernel::set_metal2(std::string spec_name, std::vector<TensorBindingHandle> bindings,
			KernelCrtaLayout crta_layout)
{
	spec_name_ = std::move(spec_name);
	bindings_ = std::move(bindings);
	crta_layout_ = crta_layout;
}

// Program ------------------------------------------------------------------------------

namespace detail {

ProgramImpl::ProgramImpl()
{
	int rc = tt_program_create(&prog);
	if (rc)
		throw_tt("creating a program", rc);
}

ProgramImpl::~ProgramImpl()
{
	forget_program(this);
	tt_program_destroy(prog);
}

Kernel &ProgramImpl::kernel(KernelHandle k)
{
	TT_FATAL(k < kernels.size(),
		 "kernel handle {} is not a kernel of this program ({} kernels)", k,
		 kernels.size());
	return *kernels[k];
}

std::shared_ptr<Kernel> ProgramImpl::get_kernel(KernelHandle k) const
{
	TT_FATAL(k < kernels.size(),
		 "kernel handle {} is not a kernel of this program ({} kernels)", k,
		 kernels.size());
	return kernels[k];
}

void ProgramImpl::push_args()
{
	TT_FATAL(!not_runnable_arch,
		 "this program was built from a Metal 2.0 spec for a mock {}, which tensix-emu "
		 "does not run (it emulates a Wormhole): it can be inspected, not enqueued",
		 tt::arch_to_str(*not_runnable_arch));
	make_dfb_cbs();
	for (const auto &[id, tensor] : borrowed_)
		TT_FATAL(dfbs_[id]->cb,
			 "DFB {} borrows the memory of TensorParameter '{}', but no tensor is "
			 "attached to it: call SetProgramRunArgs before enqueueing the program",
			 id, tensor);
	for (auto &kp : kernels) {
		Kernel &k = *kp;
		for (auto &[core, args] : k.args) {
			int rc = tt_kernel_set_runtime_args(prog, k.handle,
							    tt_core(static_cast<uint32_t>(core.x),
								    static_cast<uint32_t>(core.y)),
							    args.data(),
							    static_cast<uint32_t>(args.size()));
			if (rc)
				throw_tt(fmt::format(
						 "runtime args of kernel {} on core {} ({} args)",
						 k.handle, core, args.size()),
					 rc);
		}
		if (k.common_set) {
			int rc = tt_kernel_set_common_runtime_args(
				prog, k.handle, k.common_.data(),
				static_cast<uint32_t>(k.common_.size()));
			if (rc)
				throw_tt(fmt::format("common runtime args of kernel {} ({} args)",
						     k.handle, k.common_.size()),
					 rc);
		}
	}
}

// SetRootDir's directory: kernel paths resolve against it before TT_METAL_HOME.
static std::string &root_dir()
{
	static std::string dir;
	return dir;
}

std::string resolve_kernel_path(const std::string &path)
{
	namespace fs = std::filesystem;
	fs::path p(path);
	if (p.is_absolute()) {
		if (tt::tt_metal::is_file(p))
			return p.string();
		TT_THROW("kernel file {} not found", path);
	}
	std::vector<fs::path> tried;
	std::error_code ec;
	tried.push_back(fs::current_path(ec) / p);
	std::string notes;
	if (!root_dir().empty())
		tried.push_back(fs::path(root_dir()) / p);
	if (const char *home = std::getenv("TT_METAL_HOME"); home && *home)
		tried.push_back(fs::path(home) / p);
	else
		notes += "\n  (TT_METAL_HOME is not set)";
	if (const char *kp = std::getenv("TT_METAL_KERNEL_PATH"); kp && *kp) {
		std::stringstream ss(kp);
		std::string dir;
		while (std::getline(ss, dir, ':'))
			if (!dir.empty())
				tried.push_back(fs::path(dir) / p);
	} else {
		notes += "\n  (TT_METAL_KERNEL_PATH is not set)";
	}
	for (const auto &t : tried)
		if (tt::tt_metal::is_file(t))
			return fs::absolute(t, ec).lexically_normal().string();
	std::string where;
	for (const auto &t : tried)
		where += "\n  " + t.string();
	TT_THROW("kernel file {} not found; looked in:{}{}", path, where, notes);
}

} // namespace detail

void SetRootDir(const std::string &dir)
{
	detail::root_dir() = dir;
}

Program::Program() : impl_(std::make_unique<detail::ProgramImpl>()) {}
Program::~Program() noexcept = default;
Program::Program(Program &&other) noexcept = default;
Program &Program::operator=(Program &&other) noexcept = default;

Program CreateProgram()
{
	return Program();
}

// Named compile-time args go into libtt's config when its configs carry them.
template <typename Cfg, typename Storage>
static void set_named_args(Cfg &cfg, const std::unordered_map<std::string, uint32_t> &named,
			   Storage &storage)
{
	if constexpr (requires {
			      cfg.named_compile_args;
			      cfg.num_named_compile_args;
		      }) {
		using Elem = std::remove_const_t<
			std::remove_pointer_t<decltype(cfg.named_compile_args)>>;
		auto &v = storage.template emplace<std::vector<Elem>>();
		for (const auto &[name, value] : named) {
			Elem e{};
			e.name = name.c_str();
			e.value = value;
			v.push_back(e);
		}
		cfg.named_compile_args = v.data();
		cfg.num_named_compile_args = static_cast<uint32_t>(v.size());
	} else {
		TT_FATAL(named.empty(),
			 "named compile-time args ({} of them) need a libtt with named "
			 "compile-time arg support",
			 named.size());
		(void)storage;
	}
}

// Holds whatever the named-arg element vector is (a type that exists only
// when libtt has named args).
struct AnyStorage {
	std::shared_ptr<void> keep;
	template <typename V>
	V &emplace()
	{
		auto p = std::make_shared<V>();
		keep = p;
		return *p;
	}
};

static enum tt_math_fidelity c_fidelity(MathFidelity f)
{
	switch (f) {
	case MathFidelity::LoFi:
		return TT_MATH_FIDELITY_LOFI;
	case MathFidelity::HiFi2:
		return TT_MATH_FIDELITY_HIFI2;
	case MathFidelity::HiFi3:
		return TT_MATH_FIDELITY_HIFI3;
	case MathFidelity::HiFi4:
		return TT_MATH_FIDELITY_HIFI4;
	default:
		TT_THROW("MathFidelity {} is not valid", static_cast<int>(f));
	}
}

// Keep the kernel libtt made (@handle) in the program; its KernelHandle.
static KernelHandle keep_kernel(detail::ProgramImpl &impl, const std::string &path,
				const CoreRangeSet &cores, KernelConfig kc, tt_kernel_handle handle)
{
	auto k = std::make_shared<Kernel>(path, cores, std::move(kc));
	k->handle = handle;
	impl.kernels.push_back(std::move(k));
	return static_cast<KernelHandle>(impl.kernels.size() - 1);
}

KernelHandle CreateKernel(Program &program, const std::string &file_name,
			  const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			  const std::variant<DataMovementConfig, ComputeConfig> &config)
{
	auto &impl = program.impl();
	const std::string path = detail::resolve_kernel_path(file_name);
	CoreRangeSet cores = detail::to_set(core_spec);
	struct tt_core_range_set c_cores = detail::to_c(cores);
	std::vector<struct tt_define> defines;
	AnyStorage named_storage;
	tt_kernel_handle handle = 0;
	int rc;
	auto add_defines = [&](const std::map<std::string, std::string> &d) {
		for (const auto &[name, value] : d)
			defines.push_back({ name.c_str(), value.c_str() });
	};
	bool compute = std::holds_alternative<ComputeConfig>(config);
	if (!compute) {
		const auto &dm = std::get<DataMovementConfig>(config);
		struct tt_dm_config cfg = {};
		TT_FATAL(dm.processor == DataMovementProcessor::RISCV_0 ||
				 dm.processor == DataMovementProcessor::RISCV_1,
			 "data-movement processor {} does not exist on Wormhole",
			 static_cast<int>(dm.processor));
		cfg.processor = dm.processor == DataMovementProcessor::RISCV_0 ? TT_DM_RISCV_0
									       : TT_DM_RISCV_1;
		cfg.noc = dm.noc == NOC::NOC_0 ? TT_NOC_0 : TT_NOC_1;
		cfg.compile_args = dm.compile_args.data();
		cfg.num_compile_args = static_cast<uint32_t>(dm.compile_args.size());
		add_defines(dm.defines);
		cfg.defines = defines.data();
		cfg.num_defines = static_cast<uint32_t>(defines.size());
		set_named_args(cfg, dm.named_compile_args, named_storage);
		rc = tt_kernel_create(impl.prog, path.c_str(), &c_cores, &cfg, &handle);
	} else {
		const auto &cc = std::get<ComputeConfig>(config);
		struct tt_compute_config cfg = {};
		cfg.math_fidelity = c_fidelity(cc.math_fidelity);
		cfg.fp32_dest_acc_en = cc.fp32_dest_acc_en;
		cfg.math_approx_mode = cc.math_approx_mode;
		cfg.compile_args = cc.compile_args.data();
		cfg.num_compile_args = static_cast<uint32_t>(cc.compile_args.size());
		add_defines(cc.defines);
		cfg.defines = defines.data();
		cfg.num_defines = static_cast<uint32_t>(defines.size());
		set_named_args(cfg, cc.named_compile_args, named_storage);
		rc = tt_compute_kernel_create(impl.prog, path.c_str(), &c_cores, &cfg, &handle);
	}
	if (rc)
		throw_tt(fmt::format("CreateKernel({}) on {}", file_name, cores.str()), rc,
			 tt_last_error());
	KernelConfig kc = compute ? KernelConfig(std::get<ComputeConfig>(config))
				  : KernelConfig(std::get<DataMovementConfig>(config));
	return keep_kernel(impl, path, cores, std::move(kc), handle);
}

// A .cpp kernel holding @src in the temporary directory, named by its
// content (CreateKernelFromString).
std::filesystem::path detail::kernel_source_file(const std::string &src)
{
	namespace fs = std::filesystem;
	std::error_code ec;
	fs::path dir = fs::temp_directory_path(ec) / "tt-metalium-kernels";
	fs::create_directories(dir, ec);
	fs::path file = dir / fmt::format("kernel_{:016x}.cpp", std::hash<std::string>()(src));
	if (!is_file(file)) {
		fs::path tmp = file;
		tmp += fmt::format(".{}", static_cast<long>(getpid()));
		{
			std::ofstream out(tmp, std::ios::binary);
			out << src;
			TT_FATAL(out.good(), "CreateKernelFromString: cannot write {}",
				 tmp.string());
		}
		fs::rename(tmp, file, ec);
		TT_FATAL(!ec, "CreateKernelFromString: cannot create {}: {}", file.string(),
			 ec.message());
	}
	return file;
}

KernelHandle
CreateKernelFromString(Program &program, const std::string &src,
		       const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
		       const std::variant<DataMovementConfig, ComputeConfig> &config)
{
	return CreateKernel(program, detail::kernel_source_file(src).string(), core_spec, config);
}

KernelHandle CreateKernel(Program &program, const std::string &file_name,
			  const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			  const EthernetConfig &config)
{
	auto &impl = program.impl();
	const std::string path = detail::resolve_kernel_path(file_name);
	CoreRangeSet cores = detail::to_set(core_spec);
	struct tt_core_range_set c_cores = detail::to_c(cores);
	std::vector<struct tt_define> defines;
	AnyStorage named_storage;
	struct tt_eth_config cfg = {};
	tt_kernel_handle handle = 0;

	TT_FATAL(config.processor == DataMovementProcessor::RISCV_0,
		 "CreateKernel({}): a Wormhole ethernet core has one RISC; processor {} does not "
		 "exist there (use RISCV_0)",
		 file_name, static_cast<int>(config.processor));
	cfg.mode = config.eth_mode == Eth::SENDER     ? TT_ETH_SENDER
		   : config.eth_mode == Eth::RECEIVER ? TT_ETH_RECEIVER
						      : TT_ETH_IDLE;
	cfg.noc = config.noc == NOC::NOC_0 ? TT_NOC_0 : TT_NOC_1;
	cfg.compile_args = config.compile_args.data();
	cfg.num_compile_args = static_cast<uint32_t>(config.compile_args.size());
	for (const auto &[name, value] : config.defines)
		defines.push_back({ name.c_str(), value.c_str() });
	cfg.defines = defines.data();
	cfg.num_defines = static_cast<uint32_t>(defines.size());
	set_named_args(cfg, config.named_compile_args, named_storage);
	int rc = tt_eth_kernel_create(impl.prog, path.c_str(), &c_cores, &cfg, &handle);
	if (rc)
		throw_tt(fmt::format("CreateKernel({}) on ethernet cores {}", file_name,
				     cores.str()),
			 rc, tt_last_error());
	return keep_kernel(impl, path, cores, KernelConfig(config), handle);
}

KernelHandle
CreateKernelFromString(Program &program, const std::string &src,
		       const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
		       const EthernetConfig &config)
{
	return CreateKernel(program, detail::kernel_source_file(src).string(), core_spec, config);
}

CBHandle CreateCircularBuffer(Program &program,
			      const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			      const CircularBufferConfig &config)
{
	return program.impl().add_circular_buffer(detail::to_set(core_spec), config);
}

CBHandle detail::ProgramImpl::add_circular_buffer(const CoreRangeSet &cores,
						  const CircularBufferConfig &config)
{
	auto &impl = *this;
	struct tt_core_range_set c_cores = detail::to_c(cores);
	std::vector<struct tt_cb_format> formats;
	for (uint32_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++) {
		if (!config.buffer_indices().count(static_cast<uint8_t>(i)))
			continue;
		TT_FATAL(config.data_formats()[i], "CB index {} has no data format", i);
		TT_FATAL(config.page_sizes()[i],
			 "CB index {} has no page size: call set_page_size({}, bytes)", i, i);
		formats.push_back({ i, static_cast<uint32_t>(*config.data_formats()[i]),
				    *config.page_sizes()[i] });
	}
	TT_FATAL(!formats.empty(), "a CircularBufferConfig with no CB index");
	struct tt_cb_config cfg = {};
	cfg.total_size = config.total_size();
	cfg.formats = formats.data();
	cfg.num_formats = static_cast<uint32_t>(formats.size());
	tt_cb_handle handle = 0;
	int rc;
	if (config.shadow_global_buffer)
		rc = tt_cb_create_globally_allocated(impl.prog, &c_cores, &cfg,
						     config.shadow_global_buffer->c_buffer(),
						     &handle);
	else
		rc = tt_cb_create(impl.prog, &c_cores, &cfg, &handle);
	if (rc)
		throw_tt(fmt::format("CreateCircularBuffer on {} ({} bytes)", cores.str(),
				     config.total_size()),
			 rc);
	impl.cbs.push_back({ handle, config, cores });
	return static_cast<CBHandle>(impl.cbs.size() - 1);
}

std::vector<std::shared_ptr<CircularBuffer>> Program::circular_buffers() const
{
	std::vector<std::shared_ptr<CircularBuffer>> out;
	for (size_t i = 0; i < impl_->cbs.size(); i++)
		out.push_back(std::make_shared<CircularBuffer>(&impl_->cbs[i], i));
	return out;
}

const CircularBufferConfig &CircularBuffer::config() const
{
	return state_->config;
}

const CoreRangeSet &CircularBuffer::core_ranges() const
{
	return state_->cores;
}

std::size_t CircularBuffer::size() const
{
	return config().total_size();
}

bool CircularBuffer::globally_allocated() const
{
	return config().globally_allocated_address().has_value();
}

const std::unordered_set<uint8_t> &CircularBuffer::buffer_indices() const
{
	return config().buffer_indices();
}

uint32_t CircularBuffer::page_size(uint32_t buffer_index) const
{
	TT_FATAL(buffer_index < NUM_CIRCULAR_BUFFERS && config().page_sizes()[buffer_index],
		 "CB {} has no page size for index {}", id_, buffer_index);
	return *config().page_sizes()[buffer_index];
}

uint32_t CircularBuffer::num_pages(uint32_t buffer_index) const
{
	return static_cast<uint32_t>(size() / page_size(buffer_index));
}

DataFormat CircularBuffer::data_format(uint32_t buffer_index) const
{
	TT_FATAL(buffer_index < NUM_CIRCULAR_BUFFERS && config().data_formats()[buffer_index],
		 "CB {} has no data format for index {}", id_, buffer_index);
	return *config().data_formats()[buffer_index];
}

const CircularBufferConfig &GetCircularBufferConfig(Program &program, CBHandle cb)
{
	auto &impl = program.impl();
	TT_FATAL(cb < impl.cbs.size(), "CB handle {} is not a CB of this program", cb);
	return impl.cbs[cb].config;
}

void UpdateDynamicCircularBufferAddress(Program &program, CBHandle cb, const Buffer &buffer)
{
	auto &impl = program.impl();
	TT_FATAL(cb < impl.cbs.size(), "CB handle {} is not a CB of this program", cb);
	int rc = tt_cb_update_address(impl.prog, impl.cbs[cb].handle, buffer.c_buffer());
	if (rc)
		throw_tt("UpdateDynamicCircularBufferAddress", rc);
	impl.cbs[cb].config.set_globally_allocated_address(buffer);
}

void UpdateDynamicCircularBufferAddressAndTotalSize(Program &program, CBHandle cb,
						    const Buffer &buffer, uint32_t total_size)
{
	auto &impl = program.impl();
	TT_FATAL(cb < impl.cbs.size(), "CB handle {} is not a CB of this program", cb);
	int rc = tt_cb_update_address_and_size(impl.prog, impl.cbs[cb].handle, buffer.c_buffer(),
					       total_size);
	if (rc)
		throw_tt("UpdateDynamicCircularBufferAddressAndTotalSize", rc);
	impl.cbs[cb].config.set_globally_allocated_address(buffer);
	impl.cbs[cb].config.set_total_size(total_size);
}

void UpdateCircularBufferTotalSize(Program &program, CBHandle cb, uint32_t total_size)
{
	auto &impl = program.impl();
	TT_FATAL(cb < impl.cbs.size(), "CB handle {} is not a CB of this program", cb);
	int rc = tt_cb_update_total_size(impl.prog, impl.cbs[cb].handle, total_size);
	if (rc)
		throw_tt(fmt::format("UpdateCircularBufferTotalSize to {} bytes", total_size), rc);
	impl.cbs[cb].config.set_total_size(total_size);
}

void UpdateCircularBufferPageSize(Program &program, CBHandle cb, uint8_t buffer_index,
				  uint32_t page_size)
{
	auto &impl = program.impl();
	TT_FATAL(cb < impl.cbs.size(), "CB handle {} is not a CB of this program", cb);
	int rc = tt_cb_update_page_size(impl.prog, impl.cbs[cb].handle, buffer_index, page_size);
	if (rc)
		throw_tt(fmt::format("UpdateCircularBufferPageSize of index {} to {} bytes",
				     buffer_index, page_size),
			 rc);
	impl.cbs[cb].config.set_page_size(buffer_index, page_size);
}

uint32_t CreateSemaphore(Program &program, const std::variant<CoreRange, CoreRangeSet> &core_spec,
			 uint32_t initial_value)
{
	return CreateSemaphore(program, core_spec, initial_value, CoreType::WORKER);
}

uint32_t CreateSemaphore(Program &program, const std::variant<CoreRange, CoreRangeSet> &core_spec,
			 uint32_t initial_value, CoreType core_type)
{
	CoreRangeSet cores = std::holds_alternative<CoreRange>(core_spec)
				     ? CoreRangeSet(std::get<CoreRange>(core_spec))
				     : std::get<CoreRangeSet>(core_spec);
	struct tt_core_range_set c_cores = detail::to_c(cores);
	uint32_t id = 0;
	TT_FATAL(core_type == CoreType::WORKER || core_type == CoreType::ETH,
		 "CreateSemaphore on {}: semaphores live on worker or ethernet cores, not on {}",
		 cores.str(), core_type == CoreType::DRAM ? "DRAM" : "this core type");
	int rc =
		core_type == CoreType::ETH
			? tt_eth_semaphore_create(program.impl().prog, &c_cores, initial_value, &id)
			: tt_semaphore_create(program.impl().prog, &c_cores, initial_value, &id);
	if (rc)
		throw_tt(fmt::format("CreateSemaphore on {}{}", cores.str(),
				     core_type == CoreType::ETH ? " (ethernet)" : ""),
			 rc, tt_last_error());
	return id;
}

// Runtime args -----------------------------------------------------------------------------

static void set_args(Kernel &k, const CoreCoord &core, const uint32_t *args, size_t n)
{
	TT_FATAL(k.is_on_logical_core(core),
		 "SetRuntimeArgs: core {} is not one of the kernel's cores {}", core,
		 k.core_range_set().str());
	TT_FATAL(n <= max_runtime_args,
		 "SetRuntimeArgs: {} args on core {}, more than the {} allowed", n, core,
		 max_runtime_args);
	k.set_runtime_args(core, ttsl::Span<const uint32_t>(args, n));
}

static void set_on_spec(const Program &program, KernelHandle kernel,
			const std::variant<CoreCoord, CoreRange, CoreRangeSet> &spec,
			const uint32_t *args, size_t n)
{
	auto &k = program.impl().kernel(kernel);
	const CoreRangeSet cores = detail::to_set(spec);
	for (const auto &range : cores.ranges())
		for (const auto &core : range)
			set_args(k, core, args, n);
}

void SetRuntimeArgs(const Program &program, KernelHandle kernel,
		    const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
		    ttsl::Span<const uint32_t> runtime_args)
{
	set_on_spec(program, kernel, core_spec, runtime_args.data(), runtime_args.size());
}

void SetRuntimeArgs(const Program &program, KernelHandle kernel,
		    const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
		    std::initializer_list<uint32_t> runtime_args)
{
	set_on_spec(program, kernel, core_spec, runtime_args.begin(), runtime_args.size());
}

void SetRuntimeArgs(const Program &program, KernelHandle kernel,
		    const std::vector<CoreCoord> &core_spec,
		    const std::vector<std::vector<uint32_t>> &runtime_args)
{
	TT_FATAL(core_spec.size() == runtime_args.size(),
		 "SetRuntimeArgs: {} cores but {} argument vectors", core_spec.size(),
		 runtime_args.size());
	auto &k = program.impl().kernel(kernel);
	for (size_t i = 0; i < core_spec.size(); i++)
		set_args(k, core_spec[i], runtime_args[i].data(), runtime_args[i].size());
}

static void set_common(const Program &program, KernelHandle kernel, const uint32_t *args, size_t n)
{
	auto &k = program.impl().kernel(kernel);
	TT_FATAL(n <= max_runtime_args, "SetCommonRuntimeArgs: {} args, more than the {} allowed",
		 n, max_runtime_args);
	k.set_common_runtime_args(ttsl::Span<const uint32_t>(args, n));
}

void SetCommonRuntimeArgs(const Program &program, KernelHandle kernel,
			  ttsl::Span<const uint32_t> runtime_args)
{
	set_common(program, kernel, runtime_args.data(), runtime_args.size());
}

void SetCommonRuntimeArgs(const Program &program, KernelHandle kernel,
			  std::initializer_list<uint32_t> runtime_args)
{
	set_common(program, kernel, runtime_args.begin(), runtime_args.size());
}

RuntimeArgsData &GetRuntimeArgs(const Program &program, KernelHandle kernel, const CoreCoord &core)
{
	auto &k = program.impl().kernel(kernel);
	auto it = k.views.find(core);
	TT_FATAL(it != k.views.end(), "GetRuntimeArgs: kernel {} has no runtime args on core {}",
		 kernel, core);
	return it->second;
}

std::vector<std::vector<RuntimeArgsData>> &GetRuntimeArgs(const Program &program,
							  KernelHandle kernel)
{
	auto &k = program.impl().kernel(kernel);
	CoreRange box = k.core_range_set().bounding_box();
	k.grid_views.assign(box.end_coord.x + 1, std::vector<RuntimeArgsData>(box.end_coord.y + 1));
	for (auto &[core, view] : k.views)
		k.grid_views[core.x][core.y] = view;
	return k.grid_views;
}

RuntimeArgsData &GetCommonRuntimeArgs(const Program &program, KernelHandle kernel)
{
	return program.impl().kernel(kernel).common_runtime_args_data();
}

} // namespace tt::tt_metal
