// SPDX-License-Identifier: Apache-2.0
/*
 * TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET> (tt-metal
 * api/tensor/tensor_accessor_args.h): reads the description of a buffer
 * that the host's TensorAccessorArgs(buffer).append_to(ct_args[, crt_args])
 * wrote, starting at compile-time arg CTA_OFFSET, in the encoding of
 * hal/tt_tensor_accessor.h.  A field whose Runtime* bit is set is not among
 * the compile-time args but in the common runtime args, in the same order,
 * from CRTA_OFFSET (or the offset given to the constructor).
 */
#ifndef TT_API_TENSOR_TENSOR_ACCESSOR_ARGS_H
#define TT_API_TENSOR_TENSOR_ACCESSOR_ARGS_H

#include <cstddef>
#include <cstdint>

#include "api/tt_cxx_common.h"
#include "tt_tensor_accessor.h"

namespace tensor_accessor {

enum class ArgConfig : std::uint8_t {
	None = 0,
	Sharded = TT_TA_SHARDED,
	IsDram = TT_TA_IS_DRAM,
	RuntimeRank = TT_TA_RUNTIME_RANK,
	RuntimeNumBanks = TT_TA_RUNTIME_NUM_BANKS,
	RuntimeTensorShape = TT_TA_RUNTIME_TENSOR_SHAPE,
	RuntimeShardShape = TT_TA_RUNTIME_SHARD_SHAPE,
	RuntimeBankCoords = TT_TA_RUNTIME_BANK_COORDS,
	Runtime = TT_TA_RUNTIME,
};

constexpr std::size_t UNKNOWN = static_cast<std::size_t>(-1);
constexpr std::uint32_t MAX_RANK = TT_TA_MAX_RANK;

/* Compile-time arg @i, or 0 past the last one (for offsets not taken). */
constexpr std::uint32_t cta_or_zero(std::size_t i)
{
	return i < tt_ct::kernel_args::count ? tt_ct::kernel_args::values[i] : 0u;
}

} // namespace tensor_accessor

template <std::size_t CTA_OFFSET, std::size_t CRTA_OFFSET = tensor_accessor::UNKNOWN>
struct TensorAccessorArgs {
	static constexpr std::uint32_t config = tt_ct::get<CTA_OFFSET>();
	static constexpr bool has(tensor_accessor::ArgConfig f)
	{
		return (config & static_cast<std::uint32_t>(f)) != 0;
	}

	static constexpr bool is_sharded = has(tensor_accessor::ArgConfig::Sharded);
	static constexpr bool is_dram = has(tensor_accessor::ArgConfig::IsDram);
	static constexpr bool rank_is_crta = has(tensor_accessor::ArgConfig::RuntimeRank);
	static constexpr bool num_banks_is_crta = has(tensor_accessor::ArgConfig::RuntimeNumBanks);
	static constexpr bool tensor_shape_is_crta =
		has(tensor_accessor::ArgConfig::RuntimeTensorShape);
	static constexpr bool shard_shape_is_crta =
		has(tensor_accessor::ArgConfig::RuntimeShardShape);
	static constexpr bool bank_coords_is_crta =
		has(tensor_accessor::ArgConfig::RuntimeBankCoords);

	static_assert(!is_sharded || !rank_is_crta || (tensor_shape_is_crta && shard_shape_is_crta),
		      "a runtime rank needs runtime tensor and shard shapes");
	static_assert(!is_sharded || !num_banks_is_crta || bank_coords_is_crta,
		      "a runtime number of banks needs runtime bank coordinates");

	static constexpr std::uint32_t AlignedPageSize = tt_ct::get<CTA_OFFSET + 1>();
	static constexpr std::uint32_t RankCTAOffset = CTA_OFFSET + TT_TA_INTERLEAVED_WORDS;
	static constexpr std::uint32_t NumBanksCTAOffset = RankCTAOffset + (rank_is_crta ? 0 : 1);
	static constexpr std::uint32_t RankCT =
		is_sharded && !rank_is_crta ? tensor_accessor::cta_or_zero(RankCTAOffset) : 0;
	static constexpr std::uint32_t NumBanksCT =
		is_sharded && !num_banks_is_crta ? tensor_accessor::cta_or_zero(NumBanksCTAOffset)
						 : 0;
	static constexpr std::uint32_t PhysicalNumBanksCT = (NumBanksCT + 1) / 2;
	static constexpr std::uint32_t TensorShapeCTAOffset =
		NumBanksCTAOffset + (num_banks_is_crta ? 0 : 1);
	static constexpr std::uint32_t ShardShapeCTAOffset =
		TensorShapeCTAOffset + (tensor_shape_is_crta ? 0 : RankCT);
	static constexpr std::uint32_t BankCoordsCTAOffset =
		ShardShapeCTAOffset + (shard_shape_is_crta ? 0 : RankCT);
	static constexpr std::uint32_t NumArgsCT =
		is_sharded ? BankCoordsCTAOffset + (bank_coords_is_crta ? 0 : PhysicalNumBanksCT) -
				     CTA_OFFSET
			   : 2;

	static_assert(!is_sharded || rank_is_crta || RankCT > 0, "rank must be greater than 0");
	static_assert(!is_sharded || rank_is_crta || RankCT <= tensor_accessor::MAX_RANK,
		      "rank is at most tensor_accessor::MAX_RANK");
	static_assert(!is_sharded || num_banks_is_crta || NumBanksCT > 0,
		      "number of banks must be greater than 0");

	std::uint32_t crta_offset_rt = 0;

	constexpr TensorAccessorArgs() = default;
	constexpr explicit TensorAccessorArgs(std::uint32_t crta_offset)
	    : crta_offset_rt(crta_offset)
	{
		static_assert(CRTA_OFFSET == tensor_accessor::UNKNOWN,
			      "do not pass crta_offset when CRTA_OFFSET is known");
	}

	constexpr std::uint32_t crta_offset() const
	{
		return CRTA_OFFSET != tensor_accessor::UNKNOWN ? (std::uint32_t)CRTA_OFFSET
							       : crta_offset_rt;
	}

	static constexpr std::uint32_t get_aligned_page_size() { return AlignedPageSize; }
	static constexpr std::uint32_t num_compile_time_args() { return NumArgsCT; }
	static constexpr std::uint32_t next_compile_time_args_offset()
	{
		return CTA_OFFSET + NumArgsCT;
	}

	std::uint32_t get_rank() const
	{
		return rank_is_crta ? get_common_arg_val<std::uint32_t>(crta_offset()) : RankCT;
	}

	std::uint32_t get_num_banks() const
	{
		return num_banks_is_crta
			       ? get_common_arg_val<std::uint32_t>(crta_offset() + rank_is_crta)
			       : NumBanksCT;
	}

	std::uint32_t tensor_shape_crta_offset() const
	{
		return crta_offset() + rank_is_crta + num_banks_is_crta;
	}

	std::uint32_t shard_shape_crta_offset() const
	{
		return tensor_shape_crta_offset() + (tensor_shape_is_crta ? get_rank() : 0);
	}

	std::uint32_t bank_coords_crta_offset() const
	{
		return shard_shape_crta_offset() + (shard_shape_is_crta ? get_rank() : 0);
	}

	/* Dimension @i of the tensor and of a shard, in pages. */
	std::uint32_t tensor_shape(std::uint32_t i) const
	{
		return tensor_shape_is_crta
			       ? get_common_arg_val<std::uint32_t>(tensor_shape_crta_offset() + i)
			       : tensor_accessor::cta_or_zero(TensorShapeCTAOffset + i);
	}

	std::uint32_t shard_shape(std::uint32_t i) const
	{
		return shard_shape_is_crta
			       ? get_common_arg_val<std::uint32_t>(shard_shape_crta_offset() + i)
			       : tensor_accessor::cta_or_zero(ShardShapeCTAOffset + i);
	}

	/* Packed (x << 8 | y) of bank @bank. */
	std::uint32_t bank_coord(std::uint32_t bank) const
	{
		std::uint32_t w =
			bank_coords_is_crta
				? get_common_arg_val<std::uint32_t>(bank_coords_crta_offset() +
								    bank / 2)
				: tensor_accessor::cta_or_zero(BankCoordsCTAOffset + bank / 2);

		return (w >> (16 * (bank & 1))) & 0xffffu;
	}

	std::uint32_t num_common_runtime_args() const
	{
		if (!is_sharded)
			return 0;
		return bank_coords_crta_offset() +
		       (bank_coords_is_crta ? (get_num_banks() + 1) / 2 : 0) - crta_offset();
	}

	std::uint32_t next_common_runtime_args_offset() const
	{
		return crta_offset() + num_common_runtime_args();
	}
};

#endif
