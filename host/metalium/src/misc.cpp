// SPDX-License-Identifier: Apache-2.0
// Small pieces: data formats, math fidelity names, hal facts, the system mesh.
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
uint32_t get_erisc_l1_unreserved_base()
{
	return arch()->l1_unreserved_base;
}
uint32_t get_erisc_l1_unreserved_size()
{
	return arch()->eth_l1_size - arch()->l1_unreserved_base;
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
