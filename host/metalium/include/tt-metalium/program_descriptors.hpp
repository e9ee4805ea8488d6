// SPDX-License-Identifier: Apache-2.0
//
// ProgramDescriptor: a program written down as plain data (its kernels,
// semaphores and circular buffers with their args) and built with
// Program{descriptor}.  Kernel handles are the kernels' positions in
// ProgramDescriptor::kernels.  Runtime args given with
// KernelDescriptor::emplace_runtime_args may name a Buffer or MeshTensor:
// the arg holds its address now and is recorded as a binding, which
// experimental/program_descriptor_patching.hpp repoints at another buffer
// later without rebuilding the program.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/face_geometry.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt_stl/small_vector.hpp>

namespace tt::tt_metal {

class Buffer;
class MeshTensor;
class Program;
struct Tile;

namespace experimental {
class GlobalCircularBuffer;
}

struct TileDescriptor {
	TileDescriptor() = default;
	TileDescriptor(const Tile &tile);
	TileDescriptor(uint32_t height, uint32_t width, bool transpose)
	    : height(height), width(width), transpose(transpose)
	{}

	uint32_t height = constants::TILE_HEIGHT;
	uint32_t width = constants::TILE_WIDTH;
	bool transpose = false;

	bool operator==(const TileDescriptor &) const = default;
};

// One CB index of a circular buffer.
struct CBFormatDescriptor {
	uint8_t buffer_index = 0;
	tt::DataFormat data_format = tt::DataFormat::Float32;
	uint32_t page_size = 0;
	std::optional<TileDescriptor> tile;
	std::optional<FaceGeometry> face_geometry;
};

// A circular buffer; in the L1 of @buffer, or of @tensor's buffer (at most
// one of the two), when either is set.
struct CBDescriptor {
	using FormatDescriptors = ttsl::SmallVector<CBFormatDescriptor, 1>;

	uint32_t total_size = 0;
	CoreRangeSet core_ranges;
	FormatDescriptors format_descriptors;
	FormatDescriptors remote_format_descriptors;

	Buffer *buffer = nullptr;
	const MeshTensor *tensor = nullptr;
	uint32_t address_offset = 0;
	const experimental::GlobalCircularBuffer *global_circular_buffer = nullptr;
};

struct SemaphoreDescriptor {
	uint32_t id{};
	CoreType core_type = CoreType::WORKER;
	CoreRangeSet core_ranges;
	uint32_t initial_value = 0;
};

// The kernel configs: ReaderDataMovementConfig, WriterDataMovementConfig,
// DataMovementConfig and ComputeConfig without their args.
struct ReaderConfigDescriptor {};
struct WriterConfigDescriptor {};
struct DataMovementConfigDescriptor {
	DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
	NOC noc = NOC::RISCV_0_default;
	NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
};
struct ComputeConfigDescriptor {
	using UnpackToDestModes = std::vector<UnpackToDestMode>;

	MathFidelity math_fidelity = MathFidelity::HiFi4;
	bool fp32_dest_acc_en = false;
	bool dst_full_sync_en = false;
	UnpackToDestModes unpack_to_dest_mode;
	bool bfp8_pack_precise = false;
	bool math_approx_mode = false;
};

// Runtime arg @arg_idx of @core holds the address of @buffer.
struct BufferBinding {
	CoreCoord core;
	uint32_t arg_idx;
	Buffer *buffer = nullptr;
};

// Common runtime arg @arg_idx holds the address of @buffer.
struct CommonBufferBinding {
	uint32_t arg_idx;
	Buffer *buffer = nullptr;
};

struct KernelDescriptor {
	using CompileTimeArgs = std::vector<uint32_t>;
	using NamedCompileTimeArgs = std::vector<std::pair<std::string, uint32_t>>;
	using Defines = std::vector<std::pair<std::string, std::string>>;
	using IncludePaths = std::vector<std::filesystem::path>;
	using CoreRuntimeArgs = std::vector<uint32_t>;
	using RuntimeArgs = std::vector<std::pair<CoreCoord, CoreRuntimeArgs>>;
	using CommonRuntimeArgs = CoreRuntimeArgs;
	using BufferBindings = ttsl::SmallVector<BufferBinding, 4>;
	using CommonBufferBindings = ttsl::SmallVector<CommonBufferBinding, 2>;
	using ConfigDescriptor =
		std::variant<ReaderConfigDescriptor, WriterConfigDescriptor,
			     DataMovementConfigDescriptor, ComputeConfigDescriptor>;
	enum class SourceType { FILE_PATH, SOURCE_CODE };

	std::string kernel_source;
	SourceType source_type = SourceType::FILE_PATH;

	CoreRangeSet core_ranges;
	CompileTimeArgs compile_time_args;
	NamedCompileTimeArgs named_compile_time_args;
	Defines defines;

	// Per core (runtime_args[i].first) its args (runtime_args[i].second).
	RuntimeArgs runtime_args;
	CommonRuntimeArgs common_runtime_args;

	std::optional<KernelBuildOptLevel> opt_level = std::nullopt;

	ConfigDescriptor config;

	IncludePaths compiler_include_paths;

	// The args emplace_runtime_args / emplace_common_runtime_args were given
	// a Buffer or MeshTensor for.
	BufferBindings buffer_bindings;
	CommonBufferBindings common_buffer_bindings;

	// An arg list built one value at a time: numbers, Buffer pointers (a
	// null one stands for an absent buffer: 0, no binding) and MeshTensors.
	struct RTArgList {
		void push_back(uint32_t v) { items_.emplace_back(v); }
		void push_back(Buffer *b) { items_.emplace_back(b); }
		void push_back(const MeshTensor &t) { items_.emplace_back(std::cref(t)); }
		void reserve(size_t n) { items_.reserve(n); }
		void append(const std::vector<uint32_t> &v)
		{
			items_.insert(items_.end(), v.begin(), v.end());
		}

	private:
		std::vector<
			std::variant<uint32_t, Buffer *, std::reference_wrapper<const MeshTensor>>>
			items_;
		friend struct KernelDescriptor;
	};

	// Append @core's args to runtime_args; a Buffer or MeshTensor becomes its
	// address, recorded in buffer_bindings.
	void emplace_runtime_args(const CoreCoord &core, std::initializer_list<uint32_t> args);
	void emplace_runtime_args(const CoreCoord &core,
				  std::initializer_list<std::variant<uint32_t, Buffer *>> args);
	void emplace_runtime_args(
		const CoreCoord &core,
		std::initializer_list<
			std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>>
			args);
	void emplace_runtime_args(const CoreCoord &core, const RTArgList &args);
	void emplace_runtime_args(
		const CoreCoord &core,
		const std::vector<std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>>
			&args);
	void emplace_runtime_args(const CoreCoord &core,
				  const std::vector<std::variant<uint32_t, Buffer *>> &args);

	// Append to common_runtime_args the same way (common_buffer_bindings).
	void emplace_common_runtime_args(std::initializer_list<uint32_t> args);
	void emplace_common_runtime_args(
		std::initializer_list<
			std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>>
			args);
	void
	emplace_common_runtime_args(std::initializer_list<std::variant<uint32_t, Buffer *>> args);
	void emplace_common_runtime_args(const RTArgList &args);
};

struct ProgramDescriptor {
	using KernelDescriptors = ttsl::SmallVector<KernelDescriptor, 3>;
	using SemaphoreDescriptors = ttsl::SmallVector<SemaphoreDescriptor, 3>;
	using CBDescriptors = ttsl::SmallVector<CBDescriptor, 5>;

	KernelDescriptors kernels;
	SemaphoreDescriptors semaphores;
	CBDescriptors cbs;
	std::optional<std::uint64_t> custom_program_hash;

	// The smallest semaphore id no semaphore of @core_type on @core uses;
	// none when all NUM_SEMAPHORES are.
	std::optional<uint32_t> find_available_semaphore_id(const CoreCoord &core,
							    CoreType core_type) const;
};

// One descriptor with the kernels, semaphores and CBs of all of
// @descriptors; throws if two of them use a core in common.
ProgramDescriptor merge_program_descriptors(const std::vector<ProgramDescriptor> &descriptors);

// Copy @desc's runtime args (per core and common) and CB addresses into
// @program, built from a descriptor of the same shape.
void apply_descriptor_runtime_args(Program &program, const ProgramDescriptor &desc);

} // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::TileDescriptor> {
	std::size_t operator()(const tt::tt_metal::TileDescriptor &t) const noexcept;
};

// What a program built from the descriptor would be: kernels, cores, args
// (their number, not their values), CBs and semaphores; custom_program_hash
// when it is set.
template <>
struct std::hash<tt::tt_metal::ProgramDescriptor> {
	std::size_t operator()(const tt::tt_metal::ProgramDescriptor &d) const noexcept;
};

template <>
struct fmt::formatter<tt::tt_metal::TileDescriptor> {
	constexpr auto parse(format_parse_context &ctx) { return ctx.begin(); }
	auto format(const tt::tt_metal::TileDescriptor &t, format_context &ctx) const
	{
		return fmt::format_to(ctx.out(), "TileDescriptor({}x{}{})", t.height, t.width,
				      t.transpose ? ",T" : "");
	}
};
