// SPDX-License-Identifier: Apache-2.0
//
// ShapeBase: tt-metal's common base of tensor and mesh shapes, a list of
// dimensions indexed from the front (0 is the outermost) or, as in Python,
// from the back (-1 is the innermost).  Indexing from the back runs past
// the outermost dimension into implicit leading 1s up to rank 4, as
// tt-metal's does, so code written for 4-D tensor shapes reads any shape:
// {20, 30} answers 1 for [-3] and [-4].  Any other index throws.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <utility>
#include <vector>

#include <tt_stl/assert.hpp>
#include <tt_stl/small_vector.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class ShapeBase {
public:
	using coord_type = uint32_t;
	using Container = ttsl::SmallVector<uint32_t>;

	ShapeBase() { init(); }
	explicit ShapeBase(const Container &dims) : value_(dims) { init(); }
	explicit ShapeBase(Container &&dims) : value_(std::move(dims)) { init(); }
	explicit ShapeBase(std::initializer_list<uint32_t> dims) : value_(dims) { init(); }
	template <std::size_t N>
	explicit ShapeBase(const std::array<uint32_t, N> &dims) : value_(dims.begin(), dims.end())
	{
		init();
	}
	explicit ShapeBase(ttsl::Span<const uint32_t> dims) : value_(dims.begin(), dims.end())
	{
		init();
	}

	bool operator==(const ShapeBase &other) const = default;
	bool operator==(const Container &dims) const { return same_dims(dims); }
	bool operator==(const std::vector<uint32_t> &dims) const { return same_dims(dims); }
	template <std::size_t N>
	bool operator==(const std::array<uint32_t, N> &dims) const
	{
		return same_dims(dims);
	}

	uint32_t operator[](int32_t index) const { return value_[slot(index)]; }
	uint32_t &operator[](int32_t index) { return value_[slot(index)]; }

	// The dimensions themselves, without the implicit leading 1s.
	Container::const_iterator cbegin() const { return value_.cbegin() + padding(); }
	Container::const_iterator cend() const { return value_.cend(); }
	Container::const_iterator begin() const { return cbegin(); }
	Container::const_iterator end() const { return cend(); }
	ttsl::Span<const uint32_t> view() const { return { value_.data() + padding(), rank_ }; }

	bool empty() const { return rank_ == 0; }

	// A hash of the rank and the dimensions (ttsl::hash::detail::hash_object
	// uses it): [128, 128] and [1, 128, 128] store the same padded dims
	// but differ in rank, so their hashes differ.
	std::size_t to_hash() const
	{
		std::size_t h = rank_;
		for (uint32_t d : view())
			h ^= std::hash<uint32_t>{}(d) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
		return h;
	}

protected:
	// Called by every constructor once value_ holds the dimensions:
	// records the rank and puts the implicit 1s in front.
	void init()
	{
		rank_ = value_.size();
		if (rank_ < indexable_rank)
			value_.insert(value_.begin(), indexable_rank - rank_, 1);
	}
	size_t size() const { return rank_; }

	// The implicit leading 1s, then the dimensions.
	Container value_;

private:
	static constexpr size_t indexable_rank = 4;

	size_t padding() const { return value_.size() - rank_; }
	size_t slot(int32_t index) const
	{
		const auto rank = static_cast<int64_t>(rank_);
		const auto stored = static_cast<int64_t>(value_.size());
		if (index >= rank || index < -stored)
			TT_THROW("ShapeBase[{}]: index out of range [{}, {})", index, -stored,
				 rank);
		return static_cast<size_t>(index < 0 ? stored + index
						     : static_cast<int64_t>(padding()) + index);
	}
	template <typename Dims>
	bool same_dims(const Dims &dims) const
	{
		return std::equal(begin(), end(), dims.begin(), dims.end());
	}

	size_t rank_ = 0;
};

} // namespace tt::tt_metal
