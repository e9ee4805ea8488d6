// SPDX-License-Identifier: Apache-2.0
//
// TensorAccessorArgs: the compile-time / common-runtime words a kernel's
// TensorAccessor reads, in the encoding of hal/tt_tensor_accessor.h.
#include <tt-metalium/device.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt_stl/assert.hpp>

#include "tt_tensor_accessor.h"

namespace tt::tt_metal {

using tensor_accessor::ArgConfig;

// The public header spells tt-metal's enum out; hal is the one truth.
static_assert(uint8_t(ArgConfig::Sharded) == TT_TA_SHARDED &&
		      uint8_t(ArgConfig::IsDram) == TT_TA_IS_DRAM &&
		      uint8_t(ArgConfig::RuntimeRank) == TT_TA_RUNTIME_RANK &&
		      uint8_t(ArgConfig::RuntimeNumBanks) == TT_TA_RUNTIME_NUM_BANKS &&
		      uint8_t(ArgConfig::RuntimeTensorShape) == TT_TA_RUNTIME_TENSOR_SHAPE &&
		      uint8_t(ArgConfig::RuntimeShardShape) == TT_TA_RUNTIME_SHARD_SHAPE &&
		      uint8_t(ArgConfig::RuntimeBankCoords) == TT_TA_RUNTIME_BANK_COORDS &&
		      uint8_t(ArgConfig::Runtime) == TT_TA_RUNTIME,
	      "tensor_accessor::ArgConfig differs from hal/tt_tensor_accessor.h");

TensorAccessorArgs::TensorAccessorArgs(const Buffer &buffer, tensor_accessor::ArgsConfig config)
    : buffer_(&buffer), config_(config)
{
	settle_config();
}

TensorAccessorArgs::TensorAccessorArgs(const Buffer *buffer, tensor_accessor::ArgsConfig config)
    : buffer_(buffer), config_(config)
{
	settle_config();
}

TensorAccessorArgs::TensorAccessorArgs(const std::shared_ptr<Buffer> &buffer,
				       tensor_accessor::ArgsConfig config)
    : TensorAccessorArgs(buffer.get(), config)
{}

TensorAccessorArgs::TensorAccessorArgs(const distributed::MeshBuffer &buffer,
				       tensor_accessor::ArgsConfig config)
    : TensorAccessorArgs(buffer.get_reference_buffer(), config)
{}

TensorAccessorArgs::TensorAccessorArgs(const distributed::MeshBuffer *buffer,
				       tensor_accessor::ArgsConfig config)
    : TensorAccessorArgs(buffer ? buffer->get_reference_buffer() : nullptr, config)
{}

TensorAccessorArgs::TensorAccessorArgs(const std::shared_ptr<distributed::MeshBuffer> &buffer,
				       tensor_accessor::ArgsConfig config)
    : TensorAccessorArgs(buffer.get(), config)
{}

TensorAccessorArgs TensorAccessorArgs::create_dram_interleaved()
{
	TensorAccessorArgs a;
	a.config_ = ArgConfig::IsDram;
	return a;
}

TensorAccessorArgs TensorAccessorArgs::create_l1_interleaved()
{
	return TensorAccessorArgs();
}

// The buffer decides Sharded and IsDram; an interleaved buffer has no
// runtime fields to move.
void TensorAccessorArgs::settle_config()
{
	if (!buffer_) {
		config_ = ArgConfig::None;
		return;
	}
	if (buffer_->has_shard_spec())
		config_.set(ArgConfig::Sharded);
	else
		config_ = ArgConfig::None;
	config_.set(ArgConfig::IsDram, buffer_->is_dram());
	if (config_.test(ArgConfig::RuntimeRank))
		TT_FATAL(config_.test(ArgConfig::RuntimeTensorShape) &&
				 config_.test(ArgConfig::RuntimeShardShape),
			 "a runtime rank needs runtime tensor and shard shapes");
	if (config_.test(ArgConfig::RuntimeNumBanks))
		TT_FATAL(config_.test(ArgConfig::RuntimeBankCoords),
			 "a runtime number of banks needs runtime bank coordinates");
}

void TensorAccessorArgs::append(std::vector<uint32_t> &out, bool runtime) const
{
	if (!config_.test(ArgConfig::Sharded)) {
		if (!runtime) {
			out.push_back(config_.raw());
			out.push_back(buffer_ ? static_cast<uint32_t>(buffer_->aligned_page_size())
					      : 0);
		}
		return;
	}
	const auto spec = buffer_->shard_spec();
	const auto tensor = spec.tensor2d_shape_in_pages;
	const auto shard = spec.shape_in_pages();
	const auto cores = buffer_->shard_cores();
	const bool rank = config_.test(ArgConfig::RuntimeRank) == runtime;
	const bool banks = config_.test(ArgConfig::RuntimeNumBanks) == runtime;
	const bool tshape = config_.test(ArgConfig::RuntimeTensorShape) == runtime;
	const bool sshape = config_.test(ArgConfig::RuntimeShardShape) == runtime;
	const bool coords = config_.test(ArgConfig::RuntimeBankCoords) == runtime;
	if (!runtime) {
		out.push_back(config_.raw());
		out.push_back(static_cast<uint32_t>(buffer_->aligned_page_size()));
	}
	if (rank)
		out.push_back(2);
	if (banks)
		out.push_back(static_cast<uint32_t>(cores.size()));
	if (tshape)
		out.insert(out.end(), tensor.begin(), tensor.end());
	if (sshape)
		out.insert(out.end(), shard.begin(), shard.end());
	if (coords) {
		auto noc = [&](const CoreCoord &c) {
			CoreCoord v = buffer_->is_dram()
					      ? c
					      : buffer_->device()->worker_core_from_logical_core(c);
			return static_cast<uint32_t>(((v.x & 0xFF) << 8) | (v.y & 0xFF));
		};
		for (size_t i = 0; i < cores.size(); i += 2) {
			uint32_t w = noc(cores[i]);
			if (i + 1 < cores.size())
				w |= noc(cores[i + 1]) << 16;
			out.push_back(w);
		}
	}
}

void TensorAccessorArgs::append_to(std::vector<uint32_t> &compile_time_args) const
{
	TT_FATAL((config_ & ArgConfig::Runtime).raw() == 0,
		 "TensorAccessorArgs config {:#x} has runtime fields: use "
		 "append_to(compile_time_args, "
		 "common_runtime_args)",
		 config_.raw());
	append(compile_time_args, false);
}

void TensorAccessorArgs::append_to(std::vector<uint32_t> &compile_time_args,
				   std::vector<uint32_t> &common_runtime_args) const
{
	append(compile_time_args, false);
	append(common_runtime_args, true);
}

std::vector<uint32_t> TensorAccessorArgs::get_compile_time_args() const
{
	std::vector<uint32_t> v;
	append(v, false);
	return v;
}

std::vector<uint32_t> TensorAccessorArgs::get_common_runtime_args() const
{
	std::vector<uint32_t> v;
	append(v, true);
	return v;
}

} // namespace tt::tt_metal
