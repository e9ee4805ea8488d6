// SPDX-License-Identifier: Apache-2.0
//
// Mesh shapes, coordinates, coordinate ranges and sets of ranges, and
// containers laid out over a mesh, with tt-metal's names and semantics.
// Dimensions run from the outermost (0) to the innermost; iteration is
// row-major, the innermost dimension fastest.  A range made with a
// wraparound shape may run past a mesh edge and continue from 0 (a torus
// neighbourhood): in a dimension where start > end it covers
// start..shape-1 and then 0..end.  Mismatched dimensionality and
// out-of-bounds coordinates throw (TT_FATAL).
//
// Not implemented: tt-metal's reflection attributes feed its hashing and
// printing library, absent here; std::hash and fmt formatters are given
// directly instead.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <ostream>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <tt-metalium/maybe_remote.hpp>
#include <tt-metalium/shape_base.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/small_vector.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal::distributed {

// The extent of a mesh in each of its (at least one) dimensions.
class MeshShape : public ShapeBase {
public:
	using ShapeBase::operator[];

	explicit MeshShape(uint32_t s0);
	MeshShape(uint32_t s0, uint32_t s1);
	MeshShape(uint32_t s0, uint32_t s1, uint32_t s2);
	explicit MeshShape(const ttsl::SmallVector<uint32_t> &dims);
	explicit MeshShape(ttsl::SmallVector<uint32_t> &&dims);
	explicit MeshShape(std::initializer_list<uint32_t> dims);
	explicit MeshShape(ttsl::Span<const uint32_t> dims);
	template <std::size_t N>
	explicit MeshShape(const std::array<uint32_t, N> &dims) : ShapeBase(dims)
	{
		check_rank();
	}

	size_t dims() const { return size(); }
	// How far apart, in row-major order, neighbours along @dim are.
	size_t get_stride(size_t dim) const;
	// The number of coordinates in the mesh.
	size_t mesh_size() const;
	// At most one dimension is longer than 1.
	bool is_line_topology() const;

	friend bool operator==(const MeshShape &a, const MeshShape &b)
	{
		return static_cast<const ShapeBase &>(a) == static_cast<const ShapeBase &>(b);
	}
	friend bool operator!=(const MeshShape &a, const MeshShape &b) { return !(a == b); }
	friend std::ostream &operator<<(std::ostream &os, const MeshShape &shape);

private:
	using ShapeBase::empty;
	using ShapeBase::size;

	void check_rank() const;
};

class MeshCoordinate {
public:
	explicit MeshCoordinate(uint32_t c0);
	MeshCoordinate(uint32_t c0, uint32_t c1);
	MeshCoordinate(uint32_t c0, uint32_t c1, uint32_t c2);
	explicit MeshCoordinate(ttsl::Span<const uint32_t> coords);
	static MeshCoordinate zero_coordinate(size_t dimensions);

	size_t dims() const { return value_.size(); }
	ttsl::Span<const uint32_t> coords() const { return value_; }
	// @dim counts from the back when negative (-1 is the innermost).
	uint32_t operator[](int32_t dim) const { return value_[slot(dim)]; }
	uint32_t &operator[](int32_t dim) { return value_[slot(dim)]; }

	// The position in a row-major walk of @shape; throws when outside it.
	size_t to_linear_index(const MeshShape &shape) const;

	// What get_neighbor does at a mesh edge: wrap round to the far side,
	// stop at the edge, or answer nothing.
	enum class BoundaryMode { WRAP, CLAMP, NONE };

	// The coordinate @offset steps along @dim (negative: from the back)
	// in @shape, which must contain this one.
	std::optional<MeshCoordinate> get_neighbor(const MeshShape &shape, int32_t offset,
						   int32_t dim,
						   BoundaryMode mode = BoundaryMode::WRAP) const;

private:
	size_t slot(int32_t dim) const;

	ttsl::SmallVector<uint32_t> value_;
};

// Equal only with the same dimensionality; ordering is lexicographic and
// throws for coordinates of different dimensionality.
bool operator==(const MeshCoordinate &a, const MeshCoordinate &b);
bool operator!=(const MeshCoordinate &a, const MeshCoordinate &b);
bool operator<(const MeshCoordinate &a, const MeshCoordinate &b);
bool operator>(const MeshCoordinate &a, const MeshCoordinate &b);
bool operator<=(const MeshCoordinate &a, const MeshCoordinate &b);
bool operator>=(const MeshCoordinate &a, const MeshCoordinate &b);
std::ostream &operator<<(std::ostream &os, const MeshCoordinate &coord);

// Every coordinate from start to end inclusive, in row-major order.
class MeshCoordinateRange {
public:
	// start <= end in every dimension.
	MeshCoordinateRange(const MeshCoordinate &start, const MeshCoordinate &end);
	// Wrapping round @wraparound_shape where start > end (see the top).
	MeshCoordinateRange(const MeshCoordinate &start, const MeshCoordinate &end,
			    const MeshShape &wraparound_shape);
	// The whole mesh.
	explicit MeshCoordinateRange(const MeshShape &shape);
	// One coordinate.
	explicit MeshCoordinateRange(const MeshCoordinate &coord);

	size_t dims() const { return start_.dims(); }
	const MeshCoordinate &start_coord() const { return start_; }
	const MeshCoordinate &end_coord() const { return end_; }
	// The extent in each dimension, counting a wrap the long way round.
	MeshShape shape() const;
	MeshCoordinate::BoundaryMode get_boundary_mode() const;
	const std::optional<MeshShape> &wraparound_shape() const { return wraparound_shape_; }

	bool contains(const MeshCoordinate &coord) const;
	bool contains(const MeshCoordinateRange &range) const;
	bool intersects(const MeshCoordinateRange &range) const;
	// The coordinates in both; where that is not one range (possible only
	// with wraparound), the smallest range holding them all.
	std::optional<MeshCoordinateRange> intersection(const MeshCoordinateRange &range) const;

	// Every coordinate, in iteration order: an extra of tensix-emu's.
	std::vector<MeshCoordinate> coords() const;

	class Iterator {
	public:
		using iterator_category = std::forward_iterator_tag;
		using value_type = MeshCoordinate;
		using difference_type = std::ptrdiff_t;
		using pointer = const MeshCoordinate *;
		using reference = const MeshCoordinate &;

		// A singular iterator, as std::forward_iterator asks for.
		Iterator() : coord_(MeshCoordinate::zero_coordinate(0)) {}
		Iterator &operator++();
		Iterator operator++(int);
		const MeshCoordinate &operator*() const { return coord_; }
		const MeshCoordinate *operator->() const { return &coord_; }
		bool operator==(const Iterator &o) const
		{
			return range_ == o.range_ && index_ == o.index_;
		}
		bool operator!=(const Iterator &o) const { return !(*this == o); }

	private:
		friend class MeshCoordinateRange;
		Iterator(const MeshCoordinateRange *range, size_t index)
		    : range_(range), coord_(range->start_), index_(index)
		{}

		const MeshCoordinateRange *range_ = nullptr;
		MeshCoordinate coord_;
		// Steps taken from start: end() is the range's size.
		size_t index_ = 0;
	};

	Iterator begin() const { return Iterator(this, 0); }
	Iterator end() const { return Iterator(this, count()); }

private:
	// The number of values dimension @d runs through, and of coordinates.
	uint32_t extent(size_t d) const;
	size_t count() const;
	// Dimension @d of @c, one step on along the range (wrapping if asked).
	uint32_t next(int32_t d, uint32_t c) const;

	MeshCoordinate start_;
	MeshCoordinate end_;
	std::optional<MeshShape> wraparound_shape_;
};

// Ranges compare by start and end only, ordered by start, then end.
bool operator==(const MeshCoordinateRange &a, const MeshCoordinateRange &b);
bool operator!=(const MeshCoordinateRange &a, const MeshCoordinateRange &b);
bool operator<(const MeshCoordinateRange &a, const MeshCoordinateRange &b);
std::ostream &operator<<(std::ostream &os, const MeshCoordinateRange &range);

// Non-overlapping ranges, kept sorted.  merge() joins ranges where that is
// easy (the same extent but in one dimension, one holding the other, or
// all of them filling one box); the result is not always the fewest.
class MeshCoordinateRangeSet {
public:
	MeshCoordinateRangeSet() = default;
	explicit MeshCoordinateRangeSet(const MeshCoordinateRange &range);

	void merge(const MeshCoordinateRange &range);
	size_t size() const { return ranges_.size(); }
	bool empty() const { return ranges_.empty(); }
	const std::vector<MeshCoordinateRange> &ranges() const { return ranges_; }
	// Every coordinate of every range, sorted.
	std::vector<MeshCoordinate> coords() const;

private:
	void merge_box(const MeshCoordinateRange &box);
	void collapse_if_one_box();

	std::vector<MeshCoordinateRange> ranges_;
};

bool operator==(const MeshCoordinateRangeSet &a, const MeshCoordinateRangeSet &b);
bool operator!=(const MeshCoordinateRangeSet &a, const MeshCoordinateRangeSet &b);
std::ostream &operator<<(std::ostream &os, const MeshCoordinateRangeSet &set);

// The coordinates of @parent outside @intersection, as a set of ranges.
MeshCoordinateRangeSet subtract(const MeshCoordinateRange &parent,
				const MeshCoordinateRange &intersection);

} // namespace tt::tt_metal::distributed

namespace tt::tt_metal::detail {}

namespace tt::tt_metal::distributed::detail {

// tensix-emu's own code inside namespace distributed says detail::X for
// tt::tt_metal::detail::X; this namespace, tt-metal's home for the proxy
// below, would hide those names without this.
using namespace ::tt::tt_metal::detail;

// What a MeshContainer iterator points at: a coordinate and its value.
// It unpacks as a pair, as a std::map entry does, so
//     for (auto &[coord, value] : container)
// can assign to the value, while plain `auto [coord, value]` copies it.
template <typename T>
class MeshCoordinateValueProxy {
public:
	MeshCoordinateValueProxy(const MeshCoordinate &coord, T *value)
	    : coord_(coord), value_(value)
	{}

	const MeshCoordinate &coord() const { return coord_; }
	T &value() { return *value_; }
	const T &value() const { return *value_; }

	template <std::size_t I>
	decltype(auto) get() &
	{
		static_assert(I < 2, "a coordinate and its value");
		if constexpr (I == 0)
			return coord();
		else
			return value();
	}
	template <std::size_t I>
	decltype(auto) get() const &
	{
		static_assert(I < 2, "a coordinate and its value");
		if constexpr (I == 0)
			return coord();
		else
			return value();
	}
	// An unpacked temporary (plain `auto [c, v]`) gets copies.
	template <std::size_t I>
	auto get() const &&
	{
		return get<I>();
	}

private:
	MeshCoordinate coord_;
	T *value_ = nullptr;
};

} // namespace tt::tt_metal::distributed::detail

namespace tt::tt_metal::distributed {

// One T per coordinate of a mesh, stored row-major.  Iterating gives each
// coordinate with its value (detail::MeshCoordinateValueProxy).
template <typename T>
class MeshContainer {
public:
	MeshContainer(const MeshShape &shape, const T &fill_value)
	    : shape_(shape), coord_range_(shape), values_(shape.mesh_size(), fill_value)
	{}
	MeshContainer(const MeshShape &shape, std::vector<T> values)
	    : shape_(shape), coord_range_(shape), values_(std::move(values))
	{
		TT_FATAL(values_.size() == shape_.mesh_size(),
			 "MeshContainer: {} values for a {} mesh of {} coordinates", values_.size(),
			 fmt::streamed(shape_), shape_.mesh_size());
	}

	const MeshShape &shape() const { return shape_; }
	const MeshCoordinateRange &coord_range() const { return coord_range_; }
	size_t size() const { return values_.size(); }
	T &at(const MeshCoordinate &coord) { return values_.at(coord.to_linear_index(shape_)); }
	const T &at(const MeshCoordinate &coord) const
	{
		return values_.at(coord.to_linear_index(shape_));
	}

	std::vector<T> &values() { return values_; }
	const std::vector<T> &values() const { return values_; }

private:
	// Iterator (Value = T) and ConstIterator (Value = const T): a walk
	// over the coordinate range beside the values.  The proxy lives in
	// the iterator, so a reference to it lasts until the next step.
	template <typename Value, typename Container>
	class Walk {
	public:
		using ValueProxy = detail::MeshCoordinateValueProxy<Value>;
		using iterator_category = std::forward_iterator_tag;
		using value_type = ValueProxy;
		using difference_type = std::ptrdiff_t;

		Walk &operator++()
		{
			++coord_;
			++index_;
			proxy_ = at_here();
			return *this;
		}
		Walk operator++(int)
		{
			Walk was = *this;
			++*this;
			return was;
		}
		bool operator==(const Walk &o) const
		{
			return container_ == o.container_ && index_ == o.index_;
		}
		bool operator!=(const Walk &o) const { return !(*this == o); }

	protected:
		friend class MeshContainer;
		Walk(Container *container, MeshCoordinateRange::Iterator coord, size_t index)
		    : container_(container), coord_(coord), index_(index), proxy_(at_here())
		{}

		// Past the end, the proxy's value pointer is one past the
		// values: never read, as for any end iterator.
		ValueProxy at_here() const
		{
			return ValueProxy(*coord_, container_->values_.data() + index_);
		}

		Container *container_ = nullptr;
		MeshCoordinateRange::Iterator coord_;
		size_t index_ = 0;
		ValueProxy proxy_;
	};

public:
	class Iterator : public Walk<T, MeshContainer> {
	public:
		using ValueProxy = detail::MeshCoordinateValueProxy<T>;
		using pointer = ValueProxy *;
		using reference = ValueProxy &;

		ValueProxy &operator*() { return this->proxy_; }
		const ValueProxy &operator*() const { return this->proxy_; }
		ValueProxy *operator->() { return &this->proxy_; }
		const ValueProxy *operator->() const { return &this->proxy_; }
		Iterator &operator++()
		{
			Walk<T, MeshContainer>::operator++();
			return *this;
		}
		Iterator operator++(int)
		{
			Iterator was = *this;
			++*this;
			return was;
		}

	private:
		friend class MeshContainer;
		using Walk<T, MeshContainer>::Walk;
	};

	class ConstIterator : public Walk<const T, const MeshContainer> {
	public:
		using ValueProxy = detail::MeshCoordinateValueProxy<const T>;
		using pointer = const ValueProxy *;
		using reference = const ValueProxy &;

		const ValueProxy &operator*() const { return this->proxy_; }
		const ValueProxy *operator->() const { return &this->proxy_; }
		ConstIterator &operator++()
		{
			Walk<const T, const MeshContainer>::operator++();
			return *this;
		}
		ConstIterator operator++(int)
		{
			ConstIterator was = *this;
			++*this;
			return was;
		}

	private:
		friend class MeshContainer;
		using Walk<const T, const MeshContainer>::Walk;
	};

	Iterator begin() { return Iterator(this, coord_range_.begin(), 0); }
	Iterator end() { return Iterator(this, coord_range_.end(), values_.size()); }
	ConstIterator begin() const { return ConstIterator(this, coord_range_.begin(), 0); }
	ConstIterator end() const
	{
		return ConstIterator(this, coord_range_.end(), values_.size());
	}

	friend bool operator==(const MeshContainer &a, const MeshContainer &b)
	{
		return a.shape_ == b.shape_ && a.coord_range_ == b.coord_range_ &&
		       a.values_ == b.values_;
	}
	friend bool operator!=(const MeshContainer &a, const MeshContainer &b) { return !(a == b); }

private:
	MeshShape shape_;
	MeshCoordinateRange coord_range_;
	std::vector<T> values_;
};

// A MeshContainer over a mesh spread across hosts: each value is local or
// remote (maybe_remote.hpp).
template <typename T>
class DistributedMeshContainer : public MeshContainer<MaybeRemote<T>> {
public:
	// Every value remote, to be filled in with the local ones.
	explicit DistributedMeshContainer(const MeshShape &global_shape)
	    : MeshContainer<MaybeRemote<T>>(global_shape, MaybeRemote<T>::remote())
	{}
	explicit DistributedMeshContainer(const MeshShape &global_shape,
					  std::vector<MaybeRemote<T>> values)
	    : MeshContainer<MaybeRemote<T>>(global_shape, std::move(values))
	{}

	bool is_local(const MeshCoordinate &coord) const { return this->at(coord).is_local(); }
};

} // namespace tt::tt_metal::distributed

// Printed as their operator<< prints them: "MeshShape([2, 4])",
// "MeshCoordinate([0, 1])", "MeshCoordinateRange(start=..., end=...)".
template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshShape> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshCoordinate> : fmt::ostream_formatter {};
template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshCoordinateRange> : fmt::ostream_formatter {};

template <typename T>
struct std::tuple_size<tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>>
    : std::integral_constant<std::size_t, 2> {};
template <typename T>
struct std::tuple_element<0, tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>> {
	using type = const tt::tt_metal::distributed::MeshCoordinate;
};
template <typename T>
struct std::tuple_element<1, tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>> {
	using type = T;
};

template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinate> {
	size_t operator()(const tt::tt_metal::distributed::MeshCoordinate &c) const noexcept;
};
template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinateRange> {
	size_t operator()(const tt::tt_metal::distributed::MeshCoordinateRange &r) const noexcept;
};
template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinateRangeSet> {
	size_t
	operator()(const tt::tt_metal::distributed::MeshCoordinateRangeSet &s) const noexcept;
};
