// SPDX-License-Identifier: Apache-2.0
// Small pieces: data formats, math fidelity names, mesh coordinates, hal facts.
#include <ostream>
#include <utility>

#include <tt-metalium/base_types.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/system_mesh.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt_stl/assert.hpp>

extern "C" {
#include <tt/arch.h>
}

#include "internal.hpp"

namespace tt {

bool is_integer_format(DataFormat f)
{
	switch (f) {
	case DataFormat::UInt8:
	case DataFormat::UInt16:
	case DataFormat::UInt32:
	case DataFormat::Int8:
	case DataFormat::Int16:
	case DataFormat::Int32:
	case DataFormat::RawUInt8:
	case DataFormat::RawUInt16:
	case DataFormat::RawUInt32:
		return true;
	default:
		return false;
	}
}

std::ostream &operator<<(std::ostream &os, const DataFormat &f)
{
	static const std::pair<DataFormat, const char *> names[] = {
		{ DataFormat::Float32, "Float32" },	{ DataFormat::Float16, "Float16" },
		{ DataFormat::Bfp8, "Bfp8" },		{ DataFormat::Bfp4, "Bfp4" },
		{ DataFormat::Bfp2, "Bfp2" },		{ DataFormat::Float16_b, "Float16_b" },
		{ DataFormat::Bfp8_b, "Bfp8_b" },	{ DataFormat::Bfp4_b, "Bfp4_b" },
		{ DataFormat::Bfp2_b, "Bfp2_b" },	{ DataFormat::Lf8, "Lf8" },
		{ DataFormat::Fp8_e4m3, "Fp8_e4m3" },	{ DataFormat::Int8, "Int8" },
		{ DataFormat::Tf32, "Tf32" },		{ DataFormat::UInt8, "UInt8" },
		{ DataFormat::UInt16, "UInt16" },	{ DataFormat::Int16, "Int16" },
		{ DataFormat::Int32, "Int32" },		{ DataFormat::UInt32, "UInt32" },
		{ DataFormat::RawUInt8, "RawUInt8" },	{ DataFormat::RawUInt16, "RawUInt16" },
		{ DataFormat::RawUInt32, "RawUInt32" }, { DataFormat::Invalid, "Invalid" },
	};
	for (const auto &[format, name] : names)
		if (format == f)
			return os << name;
	return os << "DataFormat(" << static_cast<int>(f) << ")";
}

uint32_t tile_size(const DataFormat &f)
{
	using namespace tt::constants;
	switch (f) {
	case DataFormat::Float32:
	case DataFormat::Int32:
	case DataFormat::UInt32:
	case DataFormat::RawUInt32:
	case DataFormat::Tf32:
		return TILE_HW * 4;
	case DataFormat::Float16:
	case DataFormat::Float16_b:
	case DataFormat::UInt16:
	case DataFormat::Int16:
	case DataFormat::RawUInt16:
		return TILE_HW * 2;
	case DataFormat::Bfp8:
	case DataFormat::Bfp8_b:
		return BFLOAT8_B_TILE_HW;
	case DataFormat::Bfp4:
	case DataFormat::Bfp4_b:
		return BFLOAT4_B_TILE_HW;
	case DataFormat::Bfp2:
	case DataFormat::Bfp2_b:
		return TILE_HW / 4 + 64;
	case DataFormat::Invalid:
		return 0;
	default:
		return TILE_HW;
	}
}

} // namespace tt

namespace tt::tt_metal {

std::ostream &operator<<(std::ostream &os, const MathFidelity &f)
{
	switch (f) {
	case MathFidelity::LoFi:
		return os << "LoFi";
	case MathFidelity::HiFi2:
		return os << "HiFi2";
	case MathFidelity::HiFi3:
		return os << "HiFi3";
	case MathFidelity::HiFi4:
		return os << "HiFi4";
	case MathFidelity::Invalid:
		return os << "Invalid";
	}
	return os << "MathFidelity(" << static_cast<int>(f) << ")";
}

namespace distributed {

size_t MeshShape::mesh_size() const
{
	size_t n = 1;
	for (uint32_t d : dims_)
		n *= d;
	return dims_.empty() ? 0 : n;
}

std::ostream &operator<<(std::ostream &os, const MeshShape &s)
{
	os << "MeshShape([";
	for (size_t i = 0; i < s.dims_.size(); i++)
		os << (i ? ", " : "") << s.dims_[i];
	return os << "])";
}

MeshCoordinate MeshCoordinate::zero_coordinate(size_t dims)
{
	std::vector<uint32_t> z(dims, 0);
	return MeshCoordinate(ttsl::Span<const uint32_t>(z));
}

size_t MeshCoordinate::to_linear_index(const MeshShape &shape) const
{
	TT_FATAL(shape.dims() == dims(), "coordinate of {} dimensions in a {}-dimensional shape",
		 dims(), shape.dims());
	size_t idx = 0;
	for (size_t d = 0; d < dims(); d++) {
		TT_FATAL(c_[d] < shape[static_cast<int32_t>(d)],
			 "coordinate outside the mesh shape");
		idx = idx * shape[static_cast<int32_t>(d)] + c_[d];
	}
	return idx;
}

std::ostream &operator<<(std::ostream &os, const MeshCoordinate &c)
{
	os << "MeshCoordinate([";
	for (size_t i = 0; i < c.c_.size(); i++)
		os << (i ? ", " : "") << c.c_[i];
	return os << "])";
}

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate &start, const MeshCoordinate &end)
    : start_(start), end_(end)
{
	TT_FATAL(start.dims() == end.dims(), "range ends of different dimensions");
	for (size_t d = 0; d < start.dims(); d++)
		TT_FATAL(start[static_cast<int32_t>(d)] <= end[static_cast<int32_t>(d)],
			 "range end before start");
}

static MeshCoordinate last_of(const MeshShape &shape)
{
	std::vector<uint32_t> e;
	for (uint32_t d : shape) {
		TT_FATAL(d > 0, "a mesh shape with a zero dimension");
		e.push_back(d - 1);
	}
	return MeshCoordinate(ttsl::Span<const uint32_t>(e));
}

MeshCoordinateRange::MeshCoordinateRange(const MeshShape &shape)
    : start_(MeshCoordinate::zero_coordinate(shape.dims())), end_(last_of(shape))
{}

MeshShape MeshCoordinateRange::shape() const
{
	std::vector<uint32_t> s;
	for (size_t d = 0; d < dims(); d++)
		s.push_back(end_[static_cast<int32_t>(d)] - start_[static_cast<int32_t>(d)] + 1);
	return MeshShape(ttsl::Span<const uint32_t>(s));
}

bool MeshCoordinateRange::contains(const MeshCoordinate &c) const
{
	if (c.dims() != dims())
		return false;
	for (size_t d = 0; d < dims(); d++) {
		auto i = static_cast<int32_t>(d);
		if (c[i] < start_[i] || c[i] > end_[i])
			return false;
	}
	return true;
}

bool MeshCoordinateRange::contains(const MeshCoordinateRange &r) const
{
	return contains(r.start_) && contains(r.end_);
}

bool MeshCoordinateRange::intersects(const MeshCoordinateRange &r) const
{
	if (r.dims() != dims())
		return false;
	for (size_t d = 0; d < dims(); d++) {
		auto i = static_cast<int32_t>(d);
		if (r.end_[i] < start_[i] || r.start_[i] > end_[i])
			return false;
	}
	return true;
}

std::vector<MeshCoordinate> MeshCoordinateRange::coords() const
{
	std::vector<MeshCoordinate> out;
	MeshCoordinate c = start_;
	while (true) {
		out.push_back(c);
		size_t d = dims();
		while (d > 0) {
			auto i = static_cast<int32_t>(d - 1);
			if (c[i] < end_[i]) {
				c[i]++;
				break;
			}
			c[i] = start_[i];
			d--;
		}
		if (d == 0)
			break;
	}
	return out;
}

std::ostream &operator<<(std::ostream &os, const MeshCoordinateRange &r)
{
	return os << "MeshCoordinateRange(start=" << r.start_ << ", end=" << r.end_ << ")";
}

} // namespace distributed
} // namespace tt::tt_metal

// hal ---------------------------------------------------------------------------

namespace tt::tt_metal::hal {

static const struct tt_arch *arch()
{
	return tt_arch_get(TT_ARCH_WORMHOLE_B0);
}

tt::ARCH get_arch()
{
	return tt::ARCH::WORMHOLE_B0;
}
std::string get_arch_name()
{
	return arch()->name;
}
uint32_t get_l1_size()
{
	return arch()->l1_size;
}
uint32_t get_dram_alignment()
{
	return arch()->dram_alignment;
}
uint32_t get_l1_alignment()
{
	return arch()->l1_alignment;
}
uint32_t get_arch_num_circular_buffers()
{
	return arch()->num_cbs;
}

} // namespace tt::tt_metal::hal

namespace tt::tt_metal::distributed {

SystemMesh &SystemMesh::instance()
{
	static SystemMesh mesh;
	return mesh;
}

const MeshShape &SystemMesh::shape() const
{
	struct ::tt_system_desc d = tt::tt_metal::detail::emulated_system();
	shape_ = MeshShape(d.rows, d.cols);
	return shape_;
}

const MeshShape &SystemMesh::local_shape() const
{
	return shape();
}

} // namespace tt::tt_metal::distributed
