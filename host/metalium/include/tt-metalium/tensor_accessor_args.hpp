// SPDX-License-Identifier: Apache-2.0
//
// TensorAccessorArgs: the compile-time (and, on request, common runtime)
// arguments a kernel's TensorAccessor reads to find a buffer's pages, in
// tt-metal's encoding (docs/kernel-api.md; hal/tt_tensor_accessor.h of the
// source tree, which the library checks this enum against).
#pragma once

#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/mesh_buffer.hpp>

namespace tensor_accessor {

enum class ArgConfig : uint8_t {
	None = 0,
	Sharded = 1 << 0,
	IsDram = 1 << 1,
	RuntimeRank = 1 << 2,
	RuntimeNumBanks = 1 << 3,
	RuntimeTensorShape = 1 << 4,
	RuntimeShardShape = 1 << 5,
	RuntimeBankCoords = 1 << 6,
	Runtime = RuntimeRank | RuntimeNumBanks | RuntimeTensorShape | RuntimeShardShape |
		  RuntimeBankCoords,
};

class ArgsConfig {
public:
	constexpr ArgsConfig() = default;
	constexpr ArgsConfig(ArgConfig v) : bits_(static_cast<uint8_t>(v)) {}
	constexpr explicit ArgsConfig(uint8_t bits) : bits_(bits) {}
	constexpr ArgsConfig operator|(ArgConfig o) const
	{
		return ArgsConfig(uint8_t(bits_ | uint8_t(o)));
	}
	constexpr ArgsConfig operator|(ArgsConfig o) const
	{
		return ArgsConfig(uint8_t(bits_ | o.bits_));
	}
	constexpr ArgsConfig operator&(ArgConfig o) const
	{
		return ArgsConfig(uint8_t(bits_ & uint8_t(o)));
	}
	constexpr bool test(ArgConfig v) const { return (bits_ & uint8_t(v)) == uint8_t(v); }
	void set(ArgConfig v, bool on = true)
	{
		bits_ = on ? uint8_t(bits_ | uint8_t(v)) : uint8_t(bits_ & ~uint8_t(v));
	}
	constexpr uint8_t raw() const { return bits_; }

private:
	uint8_t bits_ = 0;
};

constexpr ArgsConfig operator|(ArgConfig a, ArgConfig b)
{
	return ArgsConfig(a) | b;
}

} // namespace tensor_accessor

namespace tt::tt_metal {

class TensorAccessorArgs {
public:
	TensorAccessorArgs() = default;
	explicit TensorAccessorArgs(const Buffer &buffer, tensor_accessor::ArgsConfig config =
								  tensor_accessor::ArgConfig::None);
	explicit TensorAccessorArgs(const Buffer *buffer, tensor_accessor::ArgsConfig config =
								  tensor_accessor::ArgConfig::None);
	explicit TensorAccessorArgs(
		const std::shared_ptr<Buffer> &buffer,
		tensor_accessor::ArgsConfig config = tensor_accessor::ArgConfig::None);
	explicit TensorAccessorArgs(
		const distributed::MeshBuffer &buffer,
		tensor_accessor::ArgsConfig config = tensor_accessor::ArgConfig::None);
	explicit TensorAccessorArgs(
		const distributed::MeshBuffer *buffer,
		tensor_accessor::ArgsConfig config = tensor_accessor::ArgConfig::None);
	explicit TensorAccessorArgs(
		const std::shared_ptr<distributed::MeshBuffer> &buffer,
		tensor_accessor::ArgsConfig config = tensor_accessor::ArgConfig::None);

	static TensorAccessorArgs create_dram_interleaved();
	static TensorAccessorArgs create_l1_interleaved();

	// Throws if the config asks for runtime fields (use the two-vector form).
	void append_to(std::vector<uint32_t> &compile_time_args) const;
	void append_to(std::vector<uint32_t> &compile_time_args,
		       std::vector<uint32_t> &common_runtime_args) const;
	std::vector<uint32_t> get_compile_time_args() const;
	std::vector<uint32_t> get_common_runtime_args() const;

	static constexpr size_t MAX_NUM_DIMENSIONS = 8;

private:
	void settle_config();
	void append(std::vector<uint32_t> &out, bool runtime) const;
	const Buffer *buffer_ = nullptr;
	tensor_accessor::ArgsConfig config_ = tensor_accessor::ArgConfig::None;
};

} // namespace tt::tt_metal
