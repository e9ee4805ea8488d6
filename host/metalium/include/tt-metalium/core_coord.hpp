// SPDX-License-Identifier: Apache-2.0
//
// CoreCoord, CoreRange and CoreRangeSet: logical worker coordinates,
// inclusive rectangles of them and sets of non-overlapping rectangles, as
// in tt-metal.  A CoreRange iterates row by row (x fastest).  Converting
// to libtt's struct tt_core_range_set is in the library (tt-metalium/detail).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <tt_stl/span.hpp>
#include <umd/device/types/xy_pair.hpp>

namespace tt::tt_metal {

using CoreCoord = tt_xy_pair;
class CoreRangeSet;

constexpr bool operator<=(const CoreCoord &a, const CoreCoord &b)
{
	return a < b || a == b;
}

class CoreRange {
public:
	CoreCoord start_coord;
	CoreCoord end_coord;

	CoreRange(const CoreCoord &point);
	CoreRange(const CoreCoord &start, const CoreCoord &end);

	bool intersects(const CoreRange &other) const;
	std::optional<CoreRange> intersection(const CoreRange &other) const;
	bool adjacent(const CoreRange &other) const;
	bool contains(const CoreCoord &c) const;
	bool contains(const CoreRange &other) const;
	bool contains(const CoreRangeSet &other) const;
	std::optional<CoreRange> merge(const CoreRange &other) const;
	std::string str() const;
	std::size_t size() const;
	CoreCoord grid_size() const;

	class CoreIterator {
	public:
		CoreIterator(const CoreCoord &current, const CoreRange &range)
		    : current_(current), range_(&range)
		{}
		CoreCoord &operator*() { return current_; }
		CoreIterator &operator++();
		bool operator==(const CoreIterator &o) const { return current_ == o.current_; }
		bool operator!=(const CoreIterator &o) const { return !(*this == o); }

	private:
		CoreCoord current_;
		const CoreRange *range_;
	};
	CoreIterator begin() const;
	CoreIterator end() const;
};

constexpr bool operator==(const CoreRange &a, const CoreRange &b)
{
	return a.start_coord == b.start_coord && a.end_coord == b.end_coord;
}
constexpr bool operator!=(const CoreRange &a, const CoreRange &b)
{
	return !(a == b);
}
constexpr bool operator<(const CoreRange &a, const CoreRange &b)
{
	return a.start_coord < b.start_coord ||
	       (a.start_coord == b.start_coord && a.end_coord < b.end_coord);
}

class CoreRangeSet {
public:
	CoreRangeSet() = default;
	CoreRangeSet(ttsl::Span<const CoreRange> ranges);
	CoreRangeSet(const std::set<CoreRange> &ranges);
	CoreRangeSet(const CoreRange &range);
	CoreRangeSet(ttsl::Span<const CoreCoord> coords);
	CoreRangeSet(std::vector<CoreRange> &&ranges);
	CoreRangeSet(const CoreRangeSet &other) = default;
	CoreRangeSet(CoreRangeSet &&other) noexcept = default;
	CoreRangeSet &operator=(const CoreRangeSet &other) = default;
	CoreRangeSet &operator=(CoreRangeSet &&other) noexcept = default;

	bool empty() const { return ranges_.empty(); }
	std::size_t size() const { return ranges_.size(); }

	// Union with a CoreCoord, CoreRange, CoreRangeSet or a container of them.
	template <typename T>
	CoreRangeSet merge(const T &other) const;

	bool intersects(const CoreCoord &c) const;
	bool intersects(const CoreRange &r) const;
	bool intersects(const CoreRangeSet &s) const;
	CoreRangeSet intersection(const CoreRangeSet &other) const;
	bool contains(const CoreCoord &c) const;
	bool contains(const CoreRange &r) const;
	bool contains(const CoreRangeSet &s) const;
	const std::vector<CoreRange> &ranges() const { return ranges_; }
	std::string str() const;
	uint32_t num_cores() const;
	CoreRange bounding_box() const;
	CoreRangeSet merge_ranges() const;
	CoreRangeSet subtract(const CoreRangeSet &other) const;

private:
	void check_no_overlap() const;
	std::vector<CoreRange> ranges_;
};

bool operator==(const CoreRangeSet &a, const CoreRangeSet &b);
bool operator!=(const CoreRangeSet &a, const CoreRangeSet &b);

// Cores of a num_cores-long walk over a grid (row_wise: x fastest).
std::vector<CoreCoord> grid_to_cores(uint32_t num_cores, uint32_t grid_size_x, uint32_t grid_size_y,
				     bool row_wise = false);
std::vector<CoreCoord> grid_to_cores(CoreCoord start, CoreCoord end, bool row_wise = false);
std::vector<CoreCoord> corerange_to_cores(const CoreRangeSet &crs,
					  std::optional<uint32_t> max_cores = std::nullopt,
					  bool row_wise = false);
CoreRangeSet select_from_corerangeset(const CoreRangeSet &crs, uint32_t start_index,
				      uint32_t end_index, bool row_wise = false);

// Implementation of the merge template: collect every core, then let the
// set constructor cover them with rectangles.
namespace detail {
CoreRangeSet merge_cores(const CoreRangeSet &a, const std::vector<CoreRange> &more);
inline void add_to(std::vector<CoreRange> &out, const CoreCoord &c)
{
	out.emplace_back(c);
}
inline void add_to(std::vector<CoreRange> &out, const CoreRange &r)
{
	out.push_back(r);
}
inline void add_to(std::vector<CoreRange> &out, const CoreRangeSet &s)
{
	out.insert(out.end(), s.ranges().begin(), s.ranges().end());
}
template <typename C>
auto add_to(std::vector<CoreRange> &out, const C &c) -> decltype(c.begin(), void())
{
	for (const auto &e : c)
		add_to(out, e);
}
} // namespace detail

template <typename T>
CoreRangeSet CoreRangeSet::merge(const T &other) const
{
	std::vector<CoreRange> more;
	detail::add_to(more, other);
	return detail::merge_cores(*this, more);
}

} // namespace tt::tt_metal

template <>
struct fmt::formatter<tt::tt_metal::CoreRange> : fmt::formatter<std::string> {
	template <typename Ctx>
	auto format(const tt::tt_metal::CoreRange &r, Ctx &ctx) const
	{
		return fmt::formatter<std::string>::format(r.str(), ctx);
	}
};
template <>
struct fmt::formatter<tt::tt_metal::CoreRangeSet> : fmt::formatter<std::string> {
	template <typename Ctx>
	auto format(const tt::tt_metal::CoreRangeSet &s, Ctx &ctx) const
	{
		return fmt::formatter<std::string>::format(s.str(), ctx);
	}
};
template <>
struct std::hash<tt::tt_metal::CoreRange> {
	std::size_t operator()(const tt::tt_metal::CoreRange &r) const noexcept
	{
		std::hash<tt_xy_pair> h;
		return h(r.start_coord) * 131u ^ h(r.end_coord);
	}
};

using CoreCoord = tt::tt_metal::CoreCoord;
using CoreRange = tt::tt_metal::CoreRange;
using CoreRangeSet = tt::tt_metal::CoreRangeSet;
