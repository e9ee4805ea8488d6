// SPDX-License-Identifier: Apache-2.0
//
// Mesh shapes, coordinates and coordinate ranges (tt-metal's distributed
// naming).  tensix-emu runs 1x1 meshes; these types still hold any number
// of dimensions so code written for larger meshes compiles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <ostream>
#include <vector>

#include <tt_stl/span.hpp>

namespace tt::tt_metal::distributed {

class MeshShape {
public:
	explicit MeshShape(uint32_t s0) : dims_{ s0 } {}
	MeshShape(uint32_t s0, uint32_t s1) : dims_{ s0, s1 } {}
	MeshShape(uint32_t s0, uint32_t s1, uint32_t s2) : dims_{ s0, s1, s2 } {}
	explicit MeshShape(ttsl::Span<const uint32_t> s) : dims_(s.begin(), s.end()) {}
	size_t dims() const { return dims_.size(); }
	uint32_t operator[](int32_t d) const { return dims_.at(d < 0 ? d + dims_.size() : d); }
	size_t mesh_size() const;
	auto begin() const { return dims_.begin(); }
	auto end() const { return dims_.end(); }
	friend bool operator==(const MeshShape &a, const MeshShape &b)
	{
		return a.dims_ == b.dims_;
	}
	friend bool operator!=(const MeshShape &a, const MeshShape &b) { return !(a == b); }
	friend std::ostream &operator<<(std::ostream &os, const MeshShape &s);

private:
	std::vector<uint32_t> dims_;
};

class MeshCoordinate {
public:
	explicit MeshCoordinate(uint32_t c0) : c_{ c0 } {}
	MeshCoordinate(uint32_t c0, uint32_t c1) : c_{ c0, c1 } {}
	MeshCoordinate(uint32_t c0, uint32_t c1, uint32_t c2) : c_{ c0, c1, c2 } {}
	explicit MeshCoordinate(ttsl::Span<const uint32_t> c) : c_(c.begin(), c.end()) {}
	static MeshCoordinate zero_coordinate(size_t dimensions);
	size_t dims() const { return c_.size(); }
	ttsl::Span<const uint32_t> coords() const { return c_; }
	uint32_t operator[](int32_t d) const { return c_.at(d < 0 ? d + c_.size() : d); }
	uint32_t &operator[](int32_t d) { return c_.at(d < 0 ? d + c_.size() : d); }
	size_t to_linear_index(const MeshShape &shape) const;
	friend bool operator==(const MeshCoordinate &a, const MeshCoordinate &b)
	{
		return a.c_ == b.c_;
	}
	friend bool operator!=(const MeshCoordinate &a, const MeshCoordinate &b)
	{
		return !(a == b);
	}
	friend bool operator<(const MeshCoordinate &a, const MeshCoordinate &b)
	{
		return a.c_ < b.c_;
	}
	friend std::ostream &operator<<(std::ostream &os, const MeshCoordinate &c);

private:
	std::vector<uint32_t> c_;
};

// Every coordinate from start to end inclusive, last dimension fastest.
class MeshCoordinateRange {
public:
	MeshCoordinateRange(const MeshCoordinate &start, const MeshCoordinate &end);
	explicit MeshCoordinateRange(const MeshShape &shape);
	explicit MeshCoordinateRange(const MeshCoordinate &coord)
	    : MeshCoordinateRange(coord, coord)
	{}
	size_t dims() const { return start_.dims(); }
	const MeshCoordinate &start_coord() const { return start_; }
	const MeshCoordinate &end_coord() const { return end_; }
	MeshShape shape() const;
	bool contains(const MeshCoordinate &c) const;
	bool contains(const MeshCoordinateRange &r) const;
	bool intersects(const MeshCoordinateRange &r) const;
	std::vector<MeshCoordinate> coords() const;
	friend bool operator==(const MeshCoordinateRange &a, const MeshCoordinateRange &b)
	{
		return a.start_ == b.start_ && a.end_ == b.end_;
	}
	friend bool operator!=(const MeshCoordinateRange &a, const MeshCoordinateRange &b)
	{
		return !(a == b);
	}
	friend std::ostream &operator<<(std::ostream &os, const MeshCoordinateRange &r);

private:
	MeshCoordinate start_;
	MeshCoordinate end_;
};

} // namespace tt::tt_metal::distributed

template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinate> {
	size_t operator()(const tt::tt_metal::distributed::MeshCoordinate &c) const noexcept
	{
		size_t h = 0;
		for (uint32_t v : c.coords())
			h = h * 1000003u ^ v;
		return h;
	}
};
template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinateRange> {
	size_t operator()(const tt::tt_metal::distributed::MeshCoordinateRange &r) const noexcept
	{
		std::hash<tt::tt_metal::distributed::MeshCoordinate> h;
		return h(r.start_coord()) * 31u ^ h(r.end_coord());
	}
};
