// SPDX-License-Identifier: Apache-2.0
//
// CoreRange and CoreRangeSet, and their conversion to libtt's
// struct tt_core_range_set.
#include <algorithm>
#include <stdexcept>

#include <tt-metalium/core_coord.hpp>
#include <tt_stl/assert.hpp>

#include "internal.hpp"

namespace tt::tt_metal {

CoreRange::CoreRange(const CoreCoord &point) : start_coord(point), end_coord(point) {}

CoreRange::CoreRange(const CoreCoord &start, const CoreCoord &end)
    : start_coord(start), end_coord(end)
{
	TT_FATAL(end.x >= start.x && end.y >= start.y,
		 "Invalid core range: {} to {} (end before start)", start, end);
}

bool CoreRange::intersects(const CoreRange &o) const
{
	return start_coord.x <= o.end_coord.x && o.start_coord.x <= end_coord.x &&
	       start_coord.y <= o.end_coord.y && o.start_coord.y <= end_coord.y;
}

std::optional<CoreRange> CoreRange::intersection(const CoreRange &o) const
{
	if (!intersects(o))
		return std::nullopt;
	return CoreRange(
		{ std::max(start_coord.x, o.start_coord.x),
		  std::max(start_coord.y, o.start_coord.y) },
		{ std::min(end_coord.x, o.end_coord.x), std::min(end_coord.y, o.end_coord.y) });
}

bool CoreRange::adjacent(const CoreRange &o) const
{
	bool x_touch = end_coord.x + 1 == o.start_coord.x || o.end_coord.x + 1 == start_coord.x;
	bool y_touch = end_coord.y + 1 == o.start_coord.y || o.end_coord.y + 1 == start_coord.y;
	bool y_overlap = start_coord.y <= o.end_coord.y && o.start_coord.y <= end_coord.y;
	bool x_overlap = start_coord.x <= o.end_coord.x && o.start_coord.x <= end_coord.x;
	return (x_touch && y_overlap) || (y_touch && x_overlap);
}

bool CoreRange::contains(const CoreCoord &c) const
{
	return c.x >= start_coord.x && c.x <= end_coord.x && c.y >= start_coord.y &&
	       c.y <= end_coord.y;
}

bool CoreRange::contains(const CoreRange &o) const
{
	return contains(o.start_coord) && contains(o.end_coord);
}

bool CoreRange::contains(const CoreRangeSet &s) const
{
	for (const auto &r : s.ranges())
		if (!contains(r))
			return false;
	return true;
}

std::optional<CoreRange> CoreRange::merge(const CoreRange &o) const
{
	if (!intersects(o) && !adjacent(o))
		return std::nullopt;
	bool same_x = start_coord.x == o.start_coord.x && end_coord.x == o.end_coord.x;
	bool same_y = start_coord.y == o.start_coord.y && end_coord.y == o.end_coord.y;
	if (contains(o))
		return *this;
	if (o.contains(*this))
		return o;
	if (same_x || same_y)
		return CoreRange({ std::min(start_coord.x, o.start_coord.x),
				   std::min(start_coord.y, o.start_coord.y) },
				 { std::max(end_coord.x, o.end_coord.x),
				   std::max(end_coord.y, o.end_coord.y) });
	return std::nullopt;
}

std::string CoreRange::str() const
{
	return "[" + start_coord.str() + " - " + end_coord.str() + "]";
}

std::size_t CoreRange::size() const
{
	return (end_coord.x - start_coord.x + 1) * (end_coord.y - start_coord.y + 1);
}

CoreCoord CoreRange::grid_size() const
{
	return { end_coord.x - start_coord.x + 1, end_coord.y - start_coord.y + 1 };
}

CoreRange::CoreIterator &CoreRange::CoreIterator::operator++()
{
	if (current_.x < range_->end_coord.x) {
		current_.x++;
	} else {
		current_.x = range_->start_coord.x;
		current_.y++;
	}
	return *this;
}

CoreRange::CoreIterator CoreRange::begin() const
{
	return CoreIterator(start_coord, *this);
}
CoreRange::CoreIterator CoreRange::end() const
{
	return CoreIterator({ start_coord.x, end_coord.y + 1 }, *this);
}

// CoreRangeSet ------------------------------------------------------------

CoreRangeSet::CoreRangeSet(ttsl::Span<const CoreRange> ranges)
    : ranges_(ranges.begin(), ranges.end())
{
	check_no_overlap();
}

CoreRangeSet::CoreRangeSet(const std::set<CoreRange> &ranges)
    : ranges_(ranges.begin(), ranges.end())
{
	check_no_overlap();
}

CoreRangeSet::CoreRangeSet(const CoreRange &range) : ranges_{ range } {}

CoreRangeSet::CoreRangeSet(ttsl::Span<const CoreCoord> coords)
{
	for (const auto &c : coords)
		ranges_.emplace_back(c);
	check_no_overlap();
	*this = merge_ranges();
}

CoreRangeSet::CoreRangeSet(std::vector<CoreRange> &&ranges) : ranges_(std::move(ranges))
{
	check_no_overlap();
}

void CoreRangeSet::check_no_overlap() const
{
	for (size_t i = 0; i < ranges_.size(); i++)
		for (size_t j = i + 1; j < ranges_.size(); j++)
			TT_FATAL(!ranges_[i].intersects(ranges_[j]),
				 "Core ranges {} and {} overlap in a CoreRangeSet", ranges_[i],
				 ranges_[j]);
}

bool CoreRangeSet::intersects(const CoreCoord &c) const
{
	return contains(c);
}

bool CoreRangeSet::intersects(const CoreRange &r) const
{
	for (const auto &mine : ranges_)
		if (mine.intersects(r))
			return true;
	return false;
}

bool CoreRangeSet::intersects(const CoreRangeSet &s) const
{
	for (const auto &r : s.ranges_)
		if (intersects(r))
			return true;
	return false;
}

CoreRangeSet CoreRangeSet::intersection(const CoreRangeSet &other) const
{
	std::vector<CoreRange> out;
	for (const auto &a : ranges_)
		for (const auto &b : other.ranges_)
			if (auto i = a.intersection(b))
				out.push_back(*i);
	return CoreRangeSet(std::move(out)).merge_ranges();
}

bool CoreRangeSet::contains(const CoreCoord &c) const
{
	for (const auto &r : ranges_)
		if (r.contains(c))
			return true;
	return false;
}

bool CoreRangeSet::contains(const CoreRange &r) const
{
	for (const auto &c : r)
		if (!contains(c))
			return false;
	return true;
}

bool CoreRangeSet::contains(const CoreRangeSet &s) const
{
	for (const auto &r : s.ranges_)
		if (!contains(r))
			return false;
	return true;
}

std::string CoreRangeSet::str() const
{
	std::string s = "{";
	for (size_t i = 0; i < ranges_.size(); i++)
		s += (i ? ", " : "") + ranges_[i].str();
	return s + "}";
}

uint32_t CoreRangeSet::num_cores() const
{
	uint32_t n = 0;
	for (const auto &r : ranges_)
		n += static_cast<uint32_t>(r.size());
	return n;
}

CoreRange CoreRangeSet::bounding_box() const
{
	TT_FATAL(!ranges_.empty(), "bounding_box() of an empty CoreRangeSet");
	CoreCoord lo = ranges_[0].start_coord, hi = ranges_[0].end_coord;
	for (const auto &r : ranges_) {
		lo = { std::min(lo.x, r.start_coord.x), std::min(lo.y, r.start_coord.y) };
		hi = { std::max(hi.x, r.end_coord.x), std::max(hi.y, r.end_coord.y) };
	}
	return CoreRange(lo, hi);
}

// Cover the cores with rectangles: greedily, each row of the bounding box
// split into maximal runs, then runs with the same x span stacked.
static std::vector<CoreRange>
cover(const std::set<CoreCoord, bool (*)(const CoreCoord &, const CoreCoord &)> &cores)
{
	std::vector<CoreRange> runs;
	// cores is ordered by (y, x): collect horizontal runs.
	bool open = false;
	CoreCoord start{}, last{};
	for (const auto &c : cores) {
		if (open && c.y == last.y && c.x == last.x + 1) {
			last = c;
			continue;
		}
		if (open)
			runs.emplace_back(start, last);
		start = last = c;
		open = true;
	}
	if (open)
		runs.emplace_back(start, last);
	// Stack runs with the same x span on consecutive rows.
	std::vector<CoreRange> out;
	for (const auto &r : runs) {
		bool merged = false;
		for (auto &o : out) {
			if (o.start_coord.x == r.start_coord.x && o.end_coord.x == r.end_coord.x &&
			    o.end_coord.y + 1 == r.start_coord.y) {
				o.end_coord.y = r.end_coord.y;
				merged = true;
				break;
			}
		}
		if (!merged)
			out.push_back(r);
	}
	return out;
}

static bool by_row(const CoreCoord &a, const CoreCoord &b)
{
	return a.y < b.y || (a.y == b.y && a.x < b.x);
}

CoreRangeSet CoreRangeSet::merge_ranges() const
{
	std::set<CoreCoord, bool (*)(const CoreCoord &, const CoreCoord &)> cores(by_row);
	for (const auto &r : ranges_)
		for (const auto &c : r)
			cores.insert(c);
	return CoreRangeSet(cover(cores));
}

CoreRangeSet CoreRangeSet::subtract(const CoreRangeSet &other) const
{
	std::set<CoreCoord, bool (*)(const CoreCoord &, const CoreCoord &)> cores(by_row);
	for (const auto &r : ranges_)
		for (const auto &c : r)
			if (!other.contains(c))
				cores.insert(c);
	return CoreRangeSet(cover(cores));
}

bool operator==(const CoreRangeSet &a, const CoreRangeSet &b)
{
	if (a.num_cores() != b.num_cores())
		return false;
	return a.contains(b);
}

bool operator!=(const CoreRangeSet &a, const CoreRangeSet &b)
{
	return !(a == b);
}

namespace detail {
CoreRangeSet merge_cores(const CoreRangeSet &a, const std::vector<CoreRange> &more)
{
	std::set<CoreCoord, bool (*)(const CoreCoord &, const CoreCoord &)> cores(by_row);
	for (const auto &r : a.ranges())
		for (const auto &c : r)
			cores.insert(c);
	for (const auto &r : more)
		for (const auto &c : r)
			cores.insert(c);
	return CoreRangeSet(cover(cores));
}

struct tt_core_range_set to_c(const CoreRangeSet &set)
{
	struct tt_core_range_set out = {};
	const CoreRangeSet *src = &set;
	CoreRangeSet merged;
	if (set.size() > TT_CORE_RANGE_SET_MAX) {
		merged = set.merge_ranges();
		src = &merged;
	}
	TT_FATAL(
		src->size() <= TT_CORE_RANGE_SET_MAX,
		"CoreRangeSet {} has {} ranges; libtt takes at most {} per kernel, CB or semaphore",
		set.str(), src->size(), TT_CORE_RANGE_SET_MAX);
	for (const auto &r : src->ranges()) {
		out.ranges[out.count++] = tt_core_range(static_cast<uint32_t>(r.start_coord.x),
							static_cast<uint32_t>(r.start_coord.y),
							static_cast<uint32_t>(r.end_coord.x),
							static_cast<uint32_t>(r.end_coord.y));
	}
	return out;
}

CoreRangeSet to_set(const std::variant<CoreCoord, CoreRange, CoreRangeSet> &spec)
{
	if (auto c = std::get_if<CoreCoord>(&spec))
		return CoreRangeSet(CoreRange(*c));
	if (auto r = std::get_if<CoreRange>(&spec))
		return CoreRangeSet(*r);
	return std::get<CoreRangeSet>(spec);
}
} // namespace detail

std::vector<CoreCoord> grid_to_cores(uint32_t num_cores, uint32_t grid_size_x, uint32_t grid_size_y,
				     bool row_wise)
{
	TT_FATAL(num_cores <= grid_size_x * grid_size_y, "{} cores do not fit a {}x{} grid",
		 num_cores, grid_size_x, grid_size_y);
	std::vector<CoreCoord> out;
	for (uint32_t i = 0; i < num_cores; i++)
		out.push_back(row_wise ? CoreCoord(i % grid_size_x, i / grid_size_x)
				       : CoreCoord(i / grid_size_y, i % grid_size_y));
	return out;
}

std::vector<CoreCoord> grid_to_cores(CoreCoord start, CoreCoord end, bool row_wise)
{
	std::vector<CoreCoord> out;
	if (row_wise) {
		for (size_t y = start.y; y <= end.y; y++)
			for (size_t x = start.x; x <= end.x; x++)
				out.emplace_back(x, y);
	} else {
		for (size_t x = start.x; x <= end.x; x++)
			for (size_t y = start.y; y <= end.y; y++)
				out.emplace_back(x, y);
	}
	return out;
}

std::vector<CoreCoord> corerange_to_cores(const CoreRangeSet &crs,
					  std::optional<uint32_t> max_cores, bool row_wise)
{
	std::vector<CoreCoord> out;
	for (const auto &r : crs.ranges()) {
		for (const auto &c : grid_to_cores(r.start_coord, r.end_coord, row_wise)) {
			if (max_cores && out.size() >= *max_cores)
				return out;
			out.push_back(c);
		}
	}
	return out;
}

CoreRangeSet select_from_corerangeset(const CoreRangeSet &crs, uint32_t start_index,
				      uint32_t end_index, bool row_wise)
{
	auto all = corerange_to_cores(crs, std::nullopt, row_wise);
	TT_FATAL(start_index <= end_index && end_index < all.size(),
		 "select_from_corerangeset: [{}, {}] outside {} cores", start_index, end_index,
		 all.size());
	std::vector<CoreCoord> pick(all.begin() + start_index, all.begin() + end_index + 1);
	return CoreRangeSet(ttsl::Span<const CoreCoord>(pick));
}

} // namespace tt::tt_metal
