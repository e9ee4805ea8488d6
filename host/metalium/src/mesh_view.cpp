// SPDX-License-Identifier: Apache-2.0
//
// MeshDeviceView (tt-metalium/mesh_device_view.hpp) and what MeshDevice
// answers through it: its view, the fabric node of each chip, and whether
// it is initialised.  A view is a copy of the chips' layout at the time it
// was made; MeshDevice remakes its own when the chips have moved (reshape).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include <fmt/ostream.h>

#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt_stl/assert.hpp>

#include "internal.hpp"

namespace tt::tt_metal::distributed {

using tt::tt_fabric::FabricNodeId;
using tt::tt_fabric::MeshId;

// MeshDeviceView ------------------------------------------------------------

MeshDeviceView::MeshDeviceView(const MeshShape &shape, const std::vector<IDevice *> &devices,
			       const std::vector<FabricNodeId> &fabric_node_ids)
    : MeshDeviceView(shape, wrap_to_maybe_remote(devices), fabric_node_ids)
{}

// The mesh every node is in; a view needs at least one node.
static MeshId common_mesh(const MeshShape &shape, const std::vector<FabricNodeId> &nodes)
{
	TT_FATAL(!nodes.empty(), "a MeshDeviceView of shape {} needs at least one fabric node",
		 fmt::streamed(shape));
	MeshId mesh = nodes.front().mesh_id;
	for (const auto &n : nodes)
		TT_FATAL(
			n.mesh_id == mesh,
			"a MeshDeviceView's fabric nodes are all in one mesh: {} is not in mesh {}",
			n, mesh);
	return mesh;
}

MeshDeviceView::MeshDeviceView(const MeshShape &shape,
			       const std::vector<MaybeRemote<IDevice *>> &devices,
			       const std::vector<FabricNodeId> &fabric_node_ids)
    : devices_(shape, devices), fabric_node_ids_(shape, fabric_node_ids),
      mesh_id_(common_mesh(shape, fabric_node_ids))
{
	for (const auto &[coord, device] : devices_)
		device.if_local([&](IDevice *d) { device_coords_.emplace(d->id(), coord); });
}

MeshDeviceView::~MeshDeviceView() = default;

// The internal view refers to its own MeshDeviceView: a copy or a moved-to
// view makes its own when asked.
MeshDeviceView::MeshDeviceView(const MeshDeviceView &other)
    : devices_(other.devices_), fabric_node_ids_(other.fabric_node_ids_), mesh_id_(other.mesh_id_),
      device_coords_(other.device_coords_)
{}

MeshDeviceView &MeshDeviceView::operator=(const MeshDeviceView &other)
{
	if (this != &other) {
		devices_ = other.devices_;
		fabric_node_ids_ = other.fabric_node_ids_;
		mesh_id_ = other.mesh_id_;
		device_coords_ = other.device_coords_;
		impl_.reset();
	}
	return *this;
}

MeshDeviceView::MeshDeviceView(MeshDeviceView &&other) noexcept
    : devices_(std::move(other.devices_)), fabric_node_ids_(std::move(other.fabric_node_ids_)),
      mesh_id_(other.mesh_id_), device_coords_(std::move(other.device_coords_))
{}

MeshDeviceView &MeshDeviceView::operator=(MeshDeviceView &&other) noexcept
{
	if (this != &other) {
		devices_ = std::move(other.devices_);
		fabric_node_ids_ = std::move(other.fabric_node_ids_);
		mesh_id_ = other.mesh_id_;
		device_coords_ = std::move(other.device_coords_);
		impl_.reset();
	}
	return *this;
}

std::vector<IDevice *> MeshDeviceView::get_devices(const MeshCoordinateRange &range) const
{
	std::vector<IDevice *> out;
	for (const auto &coord : range)
		devices_.at(coord).if_local([&](IDevice *d) { out.push_back(d); });
	return out;
}

std::vector<IDevice *> MeshDeviceView::get_devices() const
{
	return extract_locals(devices_.values());
}

std::vector<FabricNodeId>
MeshDeviceView::get_fabric_node_ids(const MeshCoordinateRange &range) const
{
	std::vector<FabricNodeId> out;
	for (const auto &coord : range)
		out.push_back(get_fabric_node_id(coord));
	return out;
}

std::vector<FabricNodeId> MeshDeviceView::get_fabric_node_ids() const
{
	return fabric_node_ids_.values();
}

size_t MeshDeviceView::num_devices() const
{
	return shape().mesh_size();
}

bool MeshDeviceView::empty() const noexcept
{
	return shape().mesh_size() == 0;
}

size_t MeshDeviceView::size() const noexcept
{
	return shape().mesh_size();
}

const MeshShape &MeshDeviceView::shape() const noexcept
{
	return devices_.shape();
}

MeshId MeshDeviceView::mesh_id() const noexcept
{
	return mesh_id_;
}

bool MeshDeviceView::contains(const MeshCoordinate &coord) const noexcept
{
	// A coordinate of another dimensionality is simply not in the view.
	return coord.dims() == shape().dims() && devices_.coord_range().contains(coord);
}

IDevice *MeshDeviceView::get_device(const MeshCoordinate &coord) const
{
	if (!contains(coord))
		return nullptr;
	const auto &device = devices_.at(coord);
	TT_FATAL(device.is_local(), "the chip at {} of this view belongs to another host",
		 fmt::streamed(coord));
	return device.value();
}

FabricNodeId MeshDeviceView::get_fabric_node_id(const MeshCoordinate &coord) const
{
	TT_FATAL(contains(coord), "coordinate {} is outside this {} view", fmt::streamed(coord),
		 fmt::streamed(shape()));
	return fabric_node_ids_.at(coord);
}

std::vector<MaybeRemote<IDevice *>>::const_iterator MeshDeviceView::begin() const
{
	return devices_.values().begin();
}

std::vector<MaybeRemote<IDevice *>>::const_iterator MeshDeviceView::end() const
{
	return devices_.values().end();
}

MeshCoordinate MeshDeviceView::find_device(ChipId device_id) const
{
	auto it = device_coords_.find(device_id);
	TT_FATAL(it != device_coords_.end(), "device {} is not in this {} view", device_id,
		 fmt::streamed(shape()));
	return it->second;
}

bool MeshDeviceView::is_mesh_2d() const
{
	return shape().dims() == 2;
}

// The view as rows x columns; throws unless it is 2-D.
static Shape2D shape_2d(const MeshShape &shape)
{
	TT_FATAL(shape.dims() == 2, "the {} view is not 2-D: rows and columns are 2-D questions",
		 fmt::streamed(shape));
	return Shape2D(shape[0], shape[1]);
}

size_t MeshDeviceView::num_rows() const
{
	return shape_2d(shape()).height();
}

size_t MeshDeviceView::num_cols() const
{
	return shape_2d(shape()).width();
}

// The coordinates of row @row or column @col of a 2-D view.
static MeshCoordinateRange row_range(const MeshShape &shape, size_t row)
{
	Shape2D s = shape_2d(shape);
	TT_FATAL(row < s.height(), "row {} of a view of {} rows", row, s.height());
	uint32_t r = static_cast<uint32_t>(row);
	return MeshCoordinateRange(MeshCoordinate(r, 0),
				   MeshCoordinate(r, static_cast<uint32_t>(s.width() - 1)));
}

static MeshCoordinateRange column_range(const MeshShape &shape, size_t col)
{
	Shape2D s = shape_2d(shape);
	TT_FATAL(col < s.width(), "column {} of a view of {} columns", col, s.width());
	uint32_t c = static_cast<uint32_t>(col);
	return MeshCoordinateRange(MeshCoordinate(0, c),
				   MeshCoordinate(static_cast<uint32_t>(s.height() - 1), c));
}

std::vector<IDevice *> MeshDeviceView::get_devices_on_row(size_t row) const
{
	return get_devices(row_range(shape(), row));
}

std::vector<IDevice *> MeshDeviceView::get_devices_on_column(size_t col) const
{
	return get_devices(column_range(shape(), col));
}

std::vector<FabricNodeId> MeshDeviceView::get_fabric_node_ids_on_row(size_t row) const
{
	return get_fabric_node_ids(row_range(shape(), row));
}

std::vector<FabricNodeId> MeshDeviceView::get_fabric_node_ids_on_column(size_t col) const
{
	return get_fabric_node_ids(column_range(shape(), col));
}

std::vector<MeshCoordinate> MeshDeviceView::get_ring_coordinates(const Shape2D &ring_shape,
								 const Shape2D &mesh_shape)
{
	uint32_t rows = static_cast<uint32_t>(ring_shape.height());
	uint32_t cols = static_cast<uint32_t>(ring_shape.width());
	TT_FATAL(rows > 0 && cols > 0, "a ring of {}x{} chips is empty", rows, cols);
	TT_FATAL(rows <= mesh_shape.height() && cols <= mesh_shape.width(),
		 "{} {}x{} ring does not fit in {} {}x{} mesh", tt::tt_metal::detail::a_an(rows),
		 rows, cols, tt::tt_metal::detail::a_an(mesh_shape.height()), mesh_shape.height(),
		 mesh_shape.width());
	// Along the top row, down the right column, and, when the block has
	// an inside, back along the bottom row and up the left column.
	std::vector<MeshCoordinate> ring;
	for (uint32_t c = 0; c < cols; c++)
		ring.emplace_back(0, c);
	for (uint32_t r = 1; r < rows; r++)
		ring.emplace_back(r, cols - 1);
	if (rows > 1 && cols > 1) {
		for (uint32_t c = cols - 1; c-- > 0;)
			ring.emplace_back(rows - 1, c);
		for (uint32_t r = rows - 1; r-- > 1;)
			ring.emplace_back(r, 0);
	}
	return ring;
}

namespace {

// A ring through every coordinate of a rows x cols mesh (both at least 2,
// an even number of coordinates), clockwise from (0, 0): along row 0,
// back and forth over the other rows without column 0, then up column 0.
// A mesh of an odd number of rows takes the same walk transposed and
// reversed, so it still leaves (0, 0) along row 0.
std::vector<MeshCoordinate> full_ring(uint32_t rows, uint32_t cols)
{
	const bool transposed = rows % 2 != 0;
	const uint32_t r_n = transposed ? cols : rows, c_n = transposed ? rows : cols;
	std::vector<MeshCoordinate> ring;
	auto add = [&](uint32_t r, uint32_t c) {
		ring.push_back(transposed ? MeshCoordinate(c, r) : MeshCoordinate(r, c));
	};
	for (uint32_t c = 0; c < c_n; c++)
		add(0, c);
	for (uint32_t r = 1; r < r_n; r++)
		for (uint32_t k = 0; k + 1 < c_n; k++)
			add(r, r % 2 ? c_n - 1 - k : 1 + k);
	for (uint32_t r = r_n - 1; r > 0; r--)
		add(r, 0);
	if (transposed)
		std::reverse(ring.begin() + 1, ring.end());
	return ring;
}

// A depth-first search for a line of neighbouring coordinates, for meshes
// with no ring through every coordinate: from the last coordinate it
// tries right, down, left and up in that order and backs out of dead
// ends, giving up after a bounded number of steps.
class LineSearch {
public:
	LineSearch(size_t rows, size_t cols, size_t length)
	    : rows_(rows), cols_(cols), length_(length), seen_(rows * cols, false)
	{}

	bool find(const MeshCoordinate &start, std::vector<MeshCoordinate> &path)
	{
		path.assign(1, start);
		mark(start, true);
		return extend(path);
	}

private:
	// Enough for any line a mesh of up to 64 chips has in practice.
	static constexpr size_t kMaxSteps = 1u << 22;

	void mark(const MeshCoordinate &c, bool v) { seen_[c[0] * cols_ + c[1]] = v; }
	bool seen(const MeshCoordinate &c) const { return seen_[c[0] * cols_ + c[1]]; }

	bool extend(std::vector<MeshCoordinate> &path)
	{
		if (path.size() >= length_)
			return true;
		if (++steps_ > kMaxSteps)
			return false;
		const uint32_t r = path.back()[0], c = path.back()[1];
		std::vector<MeshCoordinate> next;
		if (c + 1 < cols_)
			next.emplace_back(r, c + 1);
		if (r + 1 < rows_)
			next.emplace_back(r + 1, c);
		if (c > 0)
			next.emplace_back(r, c - 1);
		if (r > 0)
			next.emplace_back(r - 1, c);
		for (const auto &n : next) {
			if (seen(n))
				continue;
			path.push_back(n);
			mark(n, true);
			if (extend(path))
				return true;
			mark(n, false);
			path.pop_back();
		}
		return false;
	}

	size_t rows_, cols_, length_;
	std::vector<bool> seen_;
	size_t steps_ = 0;
};

} // namespace

std::vector<MeshCoordinate> MeshDeviceView::get_line_coordinates(size_t length,
								 const Shape2D &mesh_shape,
								 const Shape2D &mesh_offset)
{
	const size_t rows = mesh_shape.height(), cols = mesh_shape.width();
	TT_FATAL(mesh_offset.height() < rows && mesh_offset.width() < cols,
		 "a line from ({}, {}) starts outside the {}x{} mesh", mesh_offset.height(),
		 mesh_offset.width(), rows, cols);
	TT_FATAL(length <= rows * cols, "a line of {} chips in {} {}x{} mesh of {}", length,
		 tt::tt_metal::detail::a_an(rows), rows, cols, rows * cols);
	const MeshCoordinate start(static_cast<uint32_t>(mesh_offset.height()),
				   static_cast<uint32_t>(mesh_offset.width()));
	std::vector<MeshCoordinate> line;
	// Where a ring runs through every chip, the line follows it from the
	// start (on a T3000's 2x4 that is the border, the order its fabric is
	// brought up in), so a line of every chip closes into a ring.
	if (rows >= 2 && cols >= 2 && (rows * cols) % 2 == 0) {
		auto ring = full_ring(static_cast<uint32_t>(rows), static_cast<uint32_t>(cols));
		const size_t at = static_cast<size_t>(std::find(ring.begin(), ring.end(), start) -
						      ring.begin());
		for (size_t i = 0; i < length; i++)
			line.push_back(ring[(at + i) % ring.size()]);
		return line;
	}
	if (length == 0)
		return line;
	// Elsewhere (a single row or column, or an odd number of chips) a
	// search for any line.  With an odd number, a line of every chip can
	// only start where a corner's colour is on a chessboard.
	const bool odd_start = (mesh_offset.height() + mesh_offset.width()) % 2 != 0;
	TT_FATAL(!(length == rows * cols && rows > 1 && cols > 1 && odd_start),
		 "no line through all {} chips of {} {}x{} mesh starts at ({}, {})", length,
		 tt::tt_metal::detail::a_an(rows), rows, cols, mesh_offset.height(),
		 mesh_offset.width());
	LineSearch search(rows, cols, length);
	TT_FATAL(search.find(start, line),
		 "no line of {} neighbouring chips from ({}, {}) in {} {}x{} mesh found", length,
		 mesh_offset.height(), mesh_offset.width(), tt::tt_metal::detail::a_an(rows), rows,
		 cols);
	return line;
}

std::vector<MeshCoordinate> MeshDeviceView::get_line_coordinates() const
{
	return get_line_coordinates(num_devices(), shape_2d(shape()), Shape2D(0, 0));
}

std::vector<MeshCoordinate> MeshDeviceView::get_ring_coordinates() const
{
	Shape2D s = shape_2d(shape());
	return get_ring_coordinates(s, s);
}

std::vector<IDevice *> MeshDeviceView::get_ring_devices() const
{
	std::vector<IDevice *> out;
	for (const auto &c : get_ring_coordinates())
		if (IDevice *d = get_device(c))
			out.push_back(d);
	return out;
}

std::vector<IDevice *> MeshDeviceView::get_line_devices() const
{
	std::vector<IDevice *> out;
	for (const auto &c : get_line_coordinates())
		if (IDevice *d = get_device(c))
			out.push_back(d);
	return out;
}

std::vector<FabricNodeId> MeshDeviceView::get_ring_fabric_node_ids() const
{
	std::vector<FabricNodeId> out;
	for (const auto &c : get_ring_coordinates())
		out.push_back(get_fabric_node_id(c));
	return out;
}

std::vector<FabricNodeId> MeshDeviceView::get_line_fabric_node_ids() const
{
	std::vector<FabricNodeId> out;
	for (const auto &c : get_line_coordinates())
		out.push_back(get_fabric_node_id(c));
	return out;
}

bool MeshDeviceView::is_local(const MeshCoordinate &coord) const
{
	TT_FATAL(contains(coord), "coordinate {} is outside this {} view", fmt::streamed(coord),
		 fmt::streamed(shape()));
	return devices_.is_local(coord);
}

MeshCoordinateRange MeshDeviceView::get_local_mesh_coord_range() const
{
	const size_t dims = shape().dims();
	std::vector<uint32_t> lo(dims, UINT32_MAX), hi(dims, 0);
	bool any = false;
	for (const auto &[coord, device] : devices_) {
		if (!device.is_local())
			continue;
		any = true;
		for (size_t d = 0; d < dims; d++) {
			lo[d] = std::min(lo[d], coord[static_cast<int32_t>(d)]);
			hi[d] = std::max(hi[d], coord[static_cast<int32_t>(d)]);
		}
	}
	TT_FATAL(any, "no chip of this {} view is local", fmt::streamed(shape()));
	return MeshCoordinateRange(MeshCoordinate(ttsl::Span<const uint32_t>(lo)),
				   MeshCoordinate(ttsl::Span<const uint32_t>(hi)));
}

// MeshDevice ----------------------------------------------------------------

const MeshDeviceView &MeshDevice::get_view() const
{
	std::vector<IDevice *> devices = const_cast<MeshDevice *>(this)->get_devices();
	if (view_ && view_->shape() == shape_ && view_->get_devices() == devices)
		return *view_;
	std::vector<FabricNodeId> nodes;
	for (IDevice *d : devices)
		nodes.emplace_back(MeshId{ 0 }, static_cast<uint32_t>(d->id()));
	view_ = std::make_shared<MeshDeviceView>(shape_, devices, nodes);
	return *view_;
}

FabricNodeId MeshDevice::get_fabric_node_id(const MeshCoordinate &coord) const
{
	TT_FATAL(is_local(coord), "mesh coordinate {} is outside this {} mesh",
		 fmt::streamed(coord), fmt::streamed(shape_));
	IDevice *chip = const_cast<MeshDevice *>(this)->get_device(coord);
	return FabricNodeId(MeshId{ 0 }, static_cast<uint32_t>(chip->id()));
}

bool MeshDevice::initialize(uint8_t, size_t, size_t, size_t, ttsl::Span<const std::uint32_t>, bool)
{
	// A MeshDevice opens its chips when it is made (MeshDevice::create);
	// opening them a second time, or again after close(), is not supported.
	if (is_initialized())
		TT_THROW("MeshDevice {}: already initialized (a MeshDevice is opened by "
			 "MeshDevice::create)",
			 id_);
	TT_THROW("MeshDevice {}: closed; tensix-emu does not reopen a closed MeshDevice: create "
		 "a new one",
		 id_);
}

} // namespace tt::tt_metal::distributed
