// SPDX-License-Identifier: Apache-2.0
//
// tt::DataFormat: the tile-engine data formats, with tt-metal's values
// (the same numbers as hal/tt_data_format.h's TT_DF_*, which libtt takes).
#pragma once

#include <cstdint>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include <umd/device/types/arch.hpp>

namespace tt {

enum class DataFormat : uint8_t {
	Float32 = 0,
	Float16 = 1,
	Bfp8 = 2,
	Bfp4 = 3,
	Bfp2 = 11,
	Float16_b = 5,
	Bfp8_b = 6,
	Bfp4_b = 7,
	Bfp2_b = 15,
	Lf8 = 10,
	Fp8_e4m3 = 26,
	Int8 = 14,
	Tf32 = 4,
	UInt8 = 30,
	UInt16 = 9,
	Int16 = 13,
	Int32 = 8,
	UInt32 = 24,
	RawUInt8 = 240,
	RawUInt16 = 241,
	RawUInt32 = 242,
	Invalid = 255,
};

bool is_integer_format(DataFormat format);
std::ostream &operator<<(std::ostream &os, const DataFormat &format);
// Bytes of one 32x32 tile of @format (0 for Invalid).
uint32_t tile_size(const DataFormat &format);

// Bytes of one datum of @format; block-float formats (shared exponents)
// and Tf32 have none: std::invalid_argument, as tt-metal throws.
constexpr uint32_t datum_size(const DataFormat &format)
{
	switch (format) {
	case DataFormat::Float16:
	case DataFormat::Float16_b:
	case DataFormat::UInt16:
	case DataFormat::Int16:
	case DataFormat::RawUInt16:
		return 2;
	case DataFormat::Float32:
	case DataFormat::UInt32:
	case DataFormat::Int32:
	case DataFormat::RawUInt32:
		return 4;
	case DataFormat::Fp8_e4m3:
	case DataFormat::Lf8:
	case DataFormat::Int8:
	case DataFormat::UInt8:
	case DataFormat::RawUInt8:
		return 1;
	case DataFormat::Tf32:
		throw std::invalid_argument("datum_size: Tf32 is not supported");
	case DataFormat::Invalid:
		throw std::invalid_argument("datum_size: an invalid data format");
	default:
		throw std::invalid_argument("datum_size: a block-float format has no datum size of "
					    "its own");
	}
}

} // namespace tt

// fmt prints a DataFormat by name, as << does ("Float16_b").
template <>
struct fmt::formatter<tt::DataFormat> : fmt::formatter<std::string_view> {
	auto format(tt::DataFormat f, fmt::format_context &ctx) const
	{
		std::ostringstream os;
		os << f;
		return fmt::formatter<std::string_view>::format(os.str(), ctx);
	}
};
