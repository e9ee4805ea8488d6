// SPDX-License-Identifier: Apache-2.0
//
// Mesh shapes, coordinates, ranges and sets of ranges
// (tt-metalium/mesh_coord.hpp).  A range covers, in each dimension, one
// interval of values, or two when it wraps round the mesh edge; the
// containment, intersection and set code below works on those intervals.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <utility>
#include <vector>

#include <tt-metalium/mesh_coord.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal::distributed {

// MeshShape ------------------------------------------------------------------

MeshShape::MeshShape(uint32_t s0) : ShapeBase({ s0 }) {}
MeshShape::MeshShape(uint32_t s0, uint32_t s1) : ShapeBase({ s0, s1 }) {}
MeshShape::MeshShape(uint32_t s0, uint32_t s1, uint32_t s2) : ShapeBase({ s0, s1, s2 }) {}

MeshShape::MeshShape(const ttsl::SmallVector<uint32_t> &dims) : ShapeBase(dims)
{
	check_rank();
}

MeshShape::MeshShape(ttsl::SmallVector<uint32_t> &&dims) : ShapeBase(std::move(dims))
{
	check_rank();
}

MeshShape::MeshShape(std::initializer_list<uint32_t> dims) : ShapeBase(dims)
{
	check_rank();
}

MeshShape::MeshShape(ttsl::Span<const uint32_t> dims) : ShapeBase(dims)
{
	check_rank();
}

void MeshShape::check_rank() const
{
	TT_FATAL(dims() > 0, "a MeshShape needs at least one dimension");
}

size_t MeshShape::get_stride(size_t dim) const
{
	TT_FATAL(dim < dims(), "get_stride({}) of a {}-dimensional MeshShape", dim, dims());
	size_t stride = 1;
	for (uint32_t inner : view().subspan(dim + 1))
		stride *= inner;
	return stride;
}

size_t MeshShape::mesh_size() const
{
	size_t n = 1;
	for (uint32_t d : view())
		n *= d;
	return n;
}

bool MeshShape::is_line_topology() const
{
	return std::count_if(begin(), end(), [](uint32_t d) { return d != 1; }) <= 1;
}

std::ostream &operator<<(std::ostream &os, const MeshShape &shape)
{
	os << "MeshShape([";
	for (size_t i = 0; i < shape.dims(); i++)
		os << (i ? ", " : "") << shape.view()[i];
	return os << "])";
}

// MeshCoordinate -------------------------------------------------------------

MeshCoordinate::MeshCoordinate(uint32_t c0) : value_{ c0 } {}
MeshCoordinate::MeshCoordinate(uint32_t c0, uint32_t c1) : value_{ c0, c1 } {}
MeshCoordinate::MeshCoordinate(uint32_t c0, uint32_t c1, uint32_t c2) : value_{ c0, c1, c2 } {}
MeshCoordinate::MeshCoordinate(ttsl::Span<const uint32_t> coords)
    : value_(coords.begin(), coords.end())
{}

MeshCoordinate MeshCoordinate::zero_coordinate(size_t dimensions)
{
	ttsl::SmallVector<uint32_t> zeros(dimensions, 0);
	return MeshCoordinate(zeros);
}

size_t MeshCoordinate::slot(int32_t dim) const
{
	const auto n = static_cast<int64_t>(value_.size());
	TT_FATAL(dim >= -n && dim < n, "MeshCoordinate index {} out of range [{}, {})", dim, -n, n);
	return static_cast<size_t>(dim < 0 ? dim + n : dim);
}

// Throws unless @coord lies in @shape (and has its dimensionality).
static void check_in(const MeshCoordinate &coord, const MeshShape &shape)
{
	TT_FATAL(shape.dims() == coord.dims(), "a {}-dimensional {} in a {}-dimensional {}",
		 coord.dims(), coord, shape.dims(), shape);
	for (size_t d = 0; d < coord.dims(); d++)
		TT_FATAL(coord.coords()[d] < shape.view()[d], "{} is outside {}", coord, shape);
}

size_t MeshCoordinate::to_linear_index(const MeshShape &shape) const
{
	check_in(*this, shape);
	size_t index = 0;
	for (size_t d = 0; d < dims(); d++)
		index = index * shape.view()[d] + value_[d];
	return index;
}

std::optional<MeshCoordinate> MeshCoordinate::get_neighbor(const MeshShape &shape, int32_t offset,
							   int32_t dim, BoundaryMode mode) const
{
	check_in(*this, shape);
	const size_t d = slot(dim);
	const int64_t extent = shape.view()[d];
	const int64_t to = static_cast<int64_t>(value_[d]) + offset;
	MeshCoordinate out = *this;
	switch (mode) {
	case BoundaryMode::WRAP:
		out.value_[d] = static_cast<uint32_t>((to % extent + extent) % extent);
		break;
	case BoundaryMode::CLAMP:
		out.value_[d] = static_cast<uint32_t>(std::clamp<int64_t>(to, 0, extent - 1));
		break;
	case BoundaryMode::NONE:
		if (to < 0 || to >= extent)
			return std::nullopt;
		out.value_[d] = static_cast<uint32_t>(to);
		break;
	}
	return out;
}

bool operator==(const MeshCoordinate &a, const MeshCoordinate &b)
{
	return std::ranges::equal(a.coords(), b.coords());
}

bool operator!=(const MeshCoordinate &a, const MeshCoordinate &b)
{
	return !(a == b);
}

bool operator<(const MeshCoordinate &a, const MeshCoordinate &b)
{
	TT_FATAL(a.dims() == b.dims(), "comparing {} with {}: their dimensionality differs", a, b);
	return std::ranges::lexicographical_compare(a.coords(), b.coords());
}

bool operator>(const MeshCoordinate &a, const MeshCoordinate &b)
{
	return b < a;
}

bool operator<=(const MeshCoordinate &a, const MeshCoordinate &b)
{
	return !(b < a);
}

bool operator>=(const MeshCoordinate &a, const MeshCoordinate &b)
{
	return !(a < b);
}

std::ostream &operator<<(std::ostream &os, const MeshCoordinate &coord)
{
	os << "MeshCoordinate([";
	for (size_t i = 0; i < coord.dims(); i++)
		os << (i ? ", " : "") << coord.coords()[i];
	return os << "])";
}

// MeshCoordinateRange --------------------------------------------------------

namespace {

// Inclusive interval of values in one dimension.
struct interval {
	uint32_t lo;
	uint32_t hi;
};

// The values range @r covers in dimension @d: one interval, or, where it
// wraps, start..shape-1 then 0..end.
std::vector<interval> covered(const MeshCoordinateRange &r, size_t d)
{
	uint32_t s = r.start_coord().coords()[d];
	uint32_t e = r.end_coord().coords()[d];
	if (s <= e)
		return { { s, e } };
	return { { s, r.wraparound_shape()->view()[d] - 1 }, { 0, e } };
}

// How many values @a and @b share.
uint64_t overlap(const interval &a, const interval &b)
{
	uint32_t lo = std::max(a.lo, b.lo);
	uint32_t hi = std::min(a.hi, b.hi);
	return lo <= hi ? uint64_t{ hi } - lo + 1 : 0;
}

uint64_t overlap(const std::vector<interval> &a, const std::vector<interval> &b)
{
	uint64_t n = 0;
	for (const auto &x : a)
		for (const auto &y : b)
			n += overlap(x, y);
	return n;
}

uint64_t length(const std::vector<interval> &v)
{
	uint64_t n = 0;
	for (const auto &x : v)
		n += uint64_t{ x.hi } - x.lo + 1;
	return n;
}

void check_same_dims(const MeshCoordinateRange &a, size_t dims)
{
	TT_FATAL(a.dims() == dims, "{} has {} dimensions, not {}", a, a.dims(), dims);
}

MeshCoordinate last_of(const MeshShape &shape)
{
	ttsl::SmallVector<uint32_t> last;
	for (uint32_t d : shape) {
		TT_FATAL(d > 0, "{} has no coordinates", shape);
		last.push_back(d - 1);
	}
	return MeshCoordinate(last);
}

// The shortest stretch of the values 0..@ring-1, wrapping past the end
// if that is shorter, that holds every interval of @parts (disjoint, at
// least one): as {first, last}, first > last when it wraps.
interval shortest_cover(std::vector<interval> parts, uint32_t ring)
{
	std::sort(parts.begin(), parts.end(),
		  [](const interval &a, const interval &b) { return a.lo < b.lo; });
	// Leave out the widest gap between neighbours, counting the one
	// that runs from the last interval round to the first.
	size_t after = parts.size() - 1;
	uint64_t widest = uint64_t{ ring } - 1 - parts.back().hi + parts.front().lo;
	for (size_t i = 0; i + 1 < parts.size(); i++) {
		uint64_t gap = parts[i + 1].lo - parts[i].hi - 1;
		if (gap > widest) {
			widest = gap;
			after = i;
		}
	}
	if (after == parts.size() - 1)
		return { parts.front().lo, parts.back().hi };
	return { parts[after + 1].lo, parts[after].hi };
}

} // namespace

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate &start, const MeshCoordinate &end)
    : start_(start), end_(end)
{
	TT_FATAL(start.dims() == end.dims(), "a range from {} to {}: their dimensionality differs",
		 start, end);
	for (size_t d = 0; d < dims(); d++)
		TT_FATAL(start.coords()[d] <= end.coords()[d],
			 "a range from {} to {}: the end comes before the start", start, end);
}

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate &start, const MeshCoordinate &end,
					 const MeshShape &wraparound_shape)
    : start_(start), end_(end), wraparound_shape_(wraparound_shape)
{
	TT_FATAL(start.dims() == end.dims(), "a range from {} to {}: their dimensionality differs",
		 start, end);
	check_in(start, wraparound_shape);
	check_in(end, wraparound_shape);
}

MeshCoordinateRange::MeshCoordinateRange(const MeshShape &shape)
    : MeshCoordinateRange(MeshCoordinate::zero_coordinate(shape.dims()), last_of(shape))
{}

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate &coord) : start_(coord), end_(coord)
{}

uint32_t MeshCoordinateRange::extent(size_t d) const
{
	return static_cast<uint32_t>(length(covered(*this, d)));
}

size_t MeshCoordinateRange::count() const
{
	size_t n = 1;
	for (size_t d = 0; d < dims(); d++)
		n *= extent(d);
	return n;
}

MeshShape MeshCoordinateRange::shape() const
{
	ttsl::SmallVector<uint32_t> extents;
	for (size_t d = 0; d < dims(); d++)
		extents.push_back(extent(d));
	return MeshShape(std::move(extents));
}

MeshCoordinate::BoundaryMode MeshCoordinateRange::get_boundary_mode() const
{
	return wraparound_shape_ ? MeshCoordinate::BoundaryMode::WRAP
				 : MeshCoordinate::BoundaryMode::NONE;
}

bool MeshCoordinateRange::contains(const MeshCoordinate &coord) const
{
	TT_FATAL(coord.dims() == dims(), "does {} contain {}? their dimensionality differs", *this,
		 coord);
	for (size_t d = 0; d < dims(); d++) {
		uint32_t c = coord.coords()[d];
		if (overlap(covered(*this, d), { { c, c } }) == 0)
			return false;
	}
	return true;
}

bool MeshCoordinateRange::contains(const MeshCoordinateRange &range) const
{
	check_same_dims(range, dims());
	for (size_t d = 0; d < dims(); d++) {
		auto theirs = covered(range, d);
		if (overlap(covered(*this, d), theirs) != length(theirs))
			return false;
	}
	return true;
}

bool MeshCoordinateRange::intersects(const MeshCoordinateRange &range) const
{
	check_same_dims(range, dims());
	for (size_t d = 0; d < dims(); d++)
		if (overlap(covered(*this, d), covered(range, d)) == 0)
			return false;
	return true;
}

std::optional<MeshCoordinateRange>
MeshCoordinateRange::intersection(const MeshCoordinateRange &range) const
{
	if (!intersects(range))
		return std::nullopt;
	TT_FATAL(!wraparound_shape_ || !range.wraparound_shape_ ||
			 *wraparound_shape_ == *range.wraparound_shape_,
		 "intersecting {} and {}: they wrap round different shapes", *this, range);
	const auto &ring = wraparound_shape_ ? wraparound_shape_ : range.wraparound_shape_;
	ttsl::SmallVector<uint32_t> first, last;
	for (size_t d = 0; d < dims(); d++) {
		std::vector<interval> shared;
		for (const auto &x : covered(*this, d))
			for (const auto &y : covered(range, d))
				if (overlap(x, y))
					shared.push_back(
						{ std::max(x.lo, y.lo), std::min(x.hi, y.hi) });
		// Without wraparound the shared values are one interval.
		interval cover = ring ? shortest_cover(shared, ring->view()[d]) : shared.front();
		first.push_back(cover.lo);
		last.push_back(cover.hi);
	}
	if (ring)
		return MeshCoordinateRange(MeshCoordinate(first), MeshCoordinate(last), *ring);
	return MeshCoordinateRange(MeshCoordinate(first), MeshCoordinate(last));
}

std::vector<MeshCoordinate> MeshCoordinateRange::coords() const
{
	return std::vector<MeshCoordinate>(begin(), end());
}

uint32_t MeshCoordinateRange::next(int32_t d, uint32_t c) const
{
	if (wraparound_shape_ && c + 1 == (*wraparound_shape_)[d])
		return 0;
	return c + 1;
}

MeshCoordinateRange::Iterator &MeshCoordinateRange::Iterator::operator++()
{
	index_++;
	// Row-major: step the innermost dimension; one at its end goes back
	// to its start and carries into the next one out.  After the last
	// coordinate every dimension is back at the start, as in end().
	for (auto d = static_cast<int32_t>(coord_.dims()) - 1; d >= 0; d--) {
		if (coord_[d] != range_->end_[d]) {
			coord_[d] = range_->next(d, coord_[d]);
			break;
		}
		coord_[d] = range_->start_[d];
	}
	return *this;
}

MeshCoordinateRange::Iterator MeshCoordinateRange::Iterator::operator++(int)
{
	Iterator was = *this;
	++*this;
	return was;
}

bool operator==(const MeshCoordinateRange &a, const MeshCoordinateRange &b)
{
	return a.start_coord() == b.start_coord() && a.end_coord() == b.end_coord();
}

bool operator!=(const MeshCoordinateRange &a, const MeshCoordinateRange &b)
{
	return !(a == b);
}

bool operator<(const MeshCoordinateRange &a, const MeshCoordinateRange &b)
{
	if (a.start_coord() != b.start_coord())
		return a.start_coord() < b.start_coord();
	return a.end_coord() < b.end_coord();
}

std::ostream &operator<<(std::ostream &os, const MeshCoordinateRange &range)
{
	return os << "MeshCoordinateRange(start=" << range.start_coord()
		  << ", end=" << range.end_coord() << ")";
}

// MeshCoordinateRangeSet -----------------------------------------------------

namespace {

bool wraps(const MeshCoordinateRange &r)
{
	for (size_t d = 0; d < r.dims(); d++)
		if (r.start_coord().coords()[d] > r.end_coord().coords()[d])
			return true;
	return false;
}

// The plain (non-wrapping) boxes @r is made of: one, or where it wraps,
// one per choice of interval in each dimension, in row-major order.
std::vector<MeshCoordinateRange> boxes_of(const MeshCoordinateRange &r)
{
	std::vector<MeshCoordinateRange> out;
	if (!wraps(r)) {
		out.emplace_back(r.start_coord(), r.end_coord());
		return out;
	}
	std::vector<std::vector<interval>> parts;
	for (size_t d = 0; d < r.dims(); d++)
		parts.push_back(covered(r, d));
	std::vector<size_t> pick(r.dims(), 0);
	while (true) {
		ttsl::SmallVector<uint32_t> lo, hi;
		for (size_t d = 0; d < r.dims(); d++) {
			lo.push_back(parts[d][pick[d]].lo);
			hi.push_back(parts[d][pick[d]].hi);
		}
		out.emplace_back(MeshCoordinate(lo), MeshCoordinate(hi));
		size_t d = r.dims();
		while (d > 0 && ++pick[d - 1] == parts[d - 1].size())
			pick[--d] = 0;
		if (d == 0)
			return out;
	}
}

// Two boxes whose union is a box: identical, of the same extent in all
// but one dimension and touching or overlapping in that one, or one
// holding the other.
bool joinable(const MeshCoordinateRange &a, const MeshCoordinateRange &b)
{
	std::vector<size_t> differ;
	for (size_t d = 0; d < a.dims(); d++)
		if (a.start_coord().coords()[d] != b.start_coord().coords()[d] ||
		    a.end_coord().coords()[d] != b.end_coord().coords()[d])
			differ.push_back(d);
	if (differ.empty())
		return true;
	if (differ.size() == 1) {
		size_t d = differ[0];
		uint64_t lo = std::max(a.start_coord().coords()[d], b.start_coord().coords()[d]);
		uint64_t hi = std::min(a.end_coord().coords()[d], b.end_coord().coords()[d]);
		return lo <= hi + 1;
	}
	return a.contains(b) || b.contains(a);
}

MeshCoordinateRange bounding_box(const std::vector<MeshCoordinateRange> &boxes)
{
	ttsl::SmallVector<uint32_t> lo(boxes.front().start_coord().coords().begin(),
				       boxes.front().start_coord().coords().end());
	ttsl::SmallVector<uint32_t> hi(boxes.front().end_coord().coords().begin(),
				       boxes.front().end_coord().coords().end());
	for (const auto &b : boxes) {
		for (size_t d = 0; d < lo.size(); d++) {
			lo[d] = std::min(lo[d], b.start_coord().coords()[d]);
			hi[d] = std::max(hi[d], b.end_coord().coords()[d]);
		}
	}
	return MeshCoordinateRange(MeshCoordinate(lo), MeshCoordinate(hi));
}

} // namespace

MeshCoordinateRangeSet::MeshCoordinateRangeSet(const MeshCoordinateRange &range)
{
	merge(range);
}

void MeshCoordinateRangeSet::merge(const MeshCoordinateRange &range)
{
	if (!ranges_.empty())
		check_same_dims(range, ranges_.front().dims());
	for (const auto &box : boxes_of(range))
		merge_box(box);
}

// Greedy: the new box swallows every box it can join (growing each time,
// and looking again from the first), and takes over the coordinates of
// any box it overlaps without joining; those boxes' other coordinates go
// back in one at a time afterwards.  tt-metal merges the same way, so the
// same merges give the same ranges.
void MeshCoordinateRangeSet::merge_box(const MeshCoordinateRange &box)
{
	MeshCoordinateRange grown = box;
	std::vector<MeshCoordinate> leftover;
	for (bool joined = true; joined;) {
		joined = false;
		for (size_t i = 0; i < ranges_.size() && !joined;) {
			const MeshCoordinateRange &r = ranges_[i];
			if (joinable(grown, r)) {
				grown = bounding_box({ grown, r });
				joined = true;
			} else if (grown.intersects(r)) {
				for (const auto &c : r)
					if (!grown.contains(c))
						leftover.push_back(c);
			} else {
				i++;
				continue;
			}
			ranges_.erase(ranges_.begin() + static_cast<std::ptrdiff_t>(i));
		}
	}
	ranges_.push_back(grown);
	for (const auto &c : leftover)
		merge_box(MeshCoordinateRange(c));
	std::sort(ranges_.begin(), ranges_.end());
	collapse_if_one_box();
}

// Boxes that do not overlap and hold as many coordinates as the box
// round them all fill it: keep that one box.
void MeshCoordinateRangeSet::collapse_if_one_box()
{
	if (ranges_.size() < 2)
		return;
	MeshCoordinateRange all = bounding_box(ranges_);
	uint64_t held = 0;
	for (const auto &r : ranges_)
		held += r.shape().mesh_size();
	if (held == all.shape().mesh_size())
		ranges_ = { all };
}

std::vector<MeshCoordinate> MeshCoordinateRangeSet::coords() const
{
	std::vector<MeshCoordinate> out;
	for (const auto &r : ranges_)
		out.insert(out.end(), r.begin(), r.end());
	std::sort(out.begin(), out.end());
	return out;
}

bool operator==(const MeshCoordinateRangeSet &a, const MeshCoordinateRangeSet &b)
{
	return a.ranges() == b.ranges();
}

bool operator!=(const MeshCoordinateRangeSet &a, const MeshCoordinateRangeSet &b)
{
	return !(a == b);
}

std::ostream &operator<<(std::ostream &os, const MeshCoordinateRangeSet &set)
{
	os << "MeshCoordinateRangeSet([";
	for (size_t i = 0; i < set.size(); i++)
		os << (i ? ", " : "") << set.ranges()[i];
	return os << "])";
}

MeshCoordinateRangeSet subtract(const MeshCoordinateRange &parent,
				const MeshCoordinateRange &intersection)
{
	check_same_dims(intersection, parent.dims());
	MeshCoordinateRangeSet rest;
	if (parent == intersection)
		return rest;
	if (!parent.intersects(intersection)) {
		rest.merge(parent);
		return rest;
	}
	// Plain boxes that differ in one dimension only: what is left is the
	// slab before the intersection and the slab after it there.
	std::vector<size_t> differ;
	for (size_t d = 0; d < parent.dims(); d++)
		if (parent.start_coord().coords()[d] != intersection.start_coord().coords()[d] ||
		    parent.end_coord().coords()[d] != intersection.end_coord().coords()[d])
			differ.push_back(d);
	if (differ.size() == 1 && !wraps(parent) && !wraps(intersection)) {
		auto d = static_cast<int32_t>(differ[0]);
		if (parent.start_coord()[d] < intersection.start_coord()[d]) {
			MeshCoordinate end = parent.end_coord();
			end[d] = intersection.start_coord()[d] - 1;
			rest.merge(MeshCoordinateRange(parent.start_coord(), end));
		}
		if (intersection.end_coord()[d] < parent.end_coord()[d]) {
			MeshCoordinate start = parent.start_coord();
			start[d] = intersection.end_coord()[d] + 1;
			rest.merge(MeshCoordinateRange(start, parent.end_coord()));
		}
		return rest;
	}
	for (const auto &c : parent)
		if (!intersection.contains(c))
			rest.merge(MeshCoordinateRange(c));
	return rest;
}

} // namespace tt::tt_metal::distributed

// Hashes ---------------------------------------------------------------------

static size_t hash_mix(size_t seed, size_t v)
{
	return seed ^ (v + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2));
}

size_t std::hash<tt::tt_metal::distributed::MeshCoordinate>::operator()(
	const tt::tt_metal::distributed::MeshCoordinate &coord) const noexcept
{
	size_t h = coord.dims();
	for (uint32_t v : coord.coords())
		h = hash_mix(h, v);
	return h;
}

size_t std::hash<tt::tt_metal::distributed::MeshCoordinateRange>::operator()(
	const tt::tt_metal::distributed::MeshCoordinateRange &range) const noexcept
{
	std::hash<tt::tt_metal::distributed::MeshCoordinate> h;
	return hash_mix(h(range.start_coord()), h(range.end_coord()));
}

size_t std::hash<tt::tt_metal::distributed::MeshCoordinateRangeSet>::operator()(
	const tt::tt_metal::distributed::MeshCoordinateRangeSet &set) const noexcept
{
	std::hash<tt::tt_metal::distributed::MeshCoordinateRange> h;
	size_t out = set.size();
	for (const auto &r : set.ranges())
		out = hash_mix(out, h(r));
	return out;
}
