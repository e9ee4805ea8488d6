// SPDX-License-Identifier: Apache-2.0
//
// Row-major <-> tiled layouts.  The face order ("nfaces") is libtt's
// tilize (tt/tilize.h), so host data tilized here is what the tile engine
// and libtt's own helpers expect; "swizzled" (tiles without faces) is a
// plain block transpose done here.
#include <cstring>

#include <tt-metalium/tilize_utils.hpp>
#include <tt_stl/assert.hpp>

#include "internal.hpp"

extern "C" {
#include <tt/tilize.h>

#include "tt_data_format.h"
}

std::ostream &operator<<(std::ostream &os, TensorLayoutType layout)
{
	switch (layout) {
	case TensorLayoutType::LIN_ROW_MAJOR:
		return os << "LIN_ROW_MAJOR";
	case TensorLayoutType::TILED_SWIZZLED:
		return os << "TILED_SWIZZLED";
	case TensorLayoutType::TILED_NFACES:
		return os << "TILED_NFACES";
	}
	return os << "UNKNOWN";
}

TensAddr::TensAddr(const std::vector<std::uint32_t> &shape) : sh(shape)
{
	TT_FATAL(sh.size() == 4, "TensAddr: a shape of {} dimension(s); give 4 (N, C, H, W)",
		 sh.size());
}

std::uint32_t TensAddr::numel() const
{
	return sh[0] * sh[1] * sh[2] * sh[3];
}

int TensAddr::offs(int n, int c, int h, int w)
{
	return ((n * static_cast<int>(sh[1]) + c) * static_cast<int>(sh[2]) + h) *
		       static_cast<int>(sh[3]) +
	       w;
}

std::uint32_t round_up_to_mul16(std::uint32_t val)
{
	return (val + 15) & ~15u;
}
std::uint32_t round_up_to_mul32(std::uint32_t val)
{
	return (val + 31) & ~31u;
}
std::uint32_t round_up_to_tile(int val, int tile_val)
{
	return static_cast<uint32_t>((val + tile_val - 1) / tile_val * tile_val);
}

namespace tt::tt_metal::detail {

static constexpr uint32_t T = TT_TILE_DIM;

// Row-major <-> swizzled (row-major 32x32 blocks, blocks row-major).
static void swizzle(const uint8_t *in, uint8_t *out, size_t es, uint32_t m, uint32_t n,
		    bool to_tiles)
{
	const size_t tiles_x = n / T;
	for (uint32_t r = 0; r < m; r++) {
		for (uint32_t c = 0; c < n; c++) {
			size_t lin = (static_cast<size_t>(r) * n + c) * es;
			size_t tile = (r / T) * tiles_x + c / T;
			size_t tiled = (tile * T * T + (r % T) * T + (c % T)) * es;
			if (to_tiles)
				std::memcpy(out + tiled, in + lin, es);
			else
				std::memcpy(out + lin, in + tiled, es);
		}
	}
}

static void one(const uint8_t *in, uint8_t *out, size_t es, uint32_t m, uint32_t n,
		TensorLayoutType from, TensorLayoutType to)
{
	const size_t bytes = static_cast<size_t>(m) * n * es;
	if (from == to) {
		std::memcpy(out, in, bytes);
		return;
	}
	if (from != TensorLayoutType::LIN_ROW_MAJOR && to != TensorLayoutType::LIN_ROW_MAJOR) {
		std::vector<uint8_t> lin(bytes);
		one(in, lin.data(), es, m, n, from, TensorLayoutType::LIN_ROW_MAJOR);
		one(lin.data(), out, es, m, n, TensorLayoutType::LIN_ROW_MAJOR, to);
		return;
	}
	if (from == TensorLayoutType::TILED_SWIZZLED || to == TensorLayoutType::TILED_SWIZZLED) {
		swizzle(in, out, es, m, n, to == TensorLayoutType::TILED_SWIZZLED);
		return;
	}
	int rc;
	if (to == TensorLayoutType::TILED_NFACES)
		rc = tt_tilize_raw_to_tiles(es, in, n, m, n, nullptr, out, bytes);
	else
		rc = tt_tilize_raw_from_tiles(es, in, bytes, m, n, out, n);
	if (rc)
		throw_tt("tilize", rc);
}

void convert_layout_bytes(const void *in, void *out, size_t es, size_t count, uint32_t m,
			  uint32_t n, TensorLayoutType from, TensorLayoutType to)
{
	if (from != TensorLayoutType::LIN_ROW_MAJOR || to != TensorLayoutType::LIN_ROW_MAJOR)
		TT_FATAL(m % T == 0 && n % T == 0,
			 "tilize: a {}x{} matrix is not whole {}x{} tiles", m, n, T, T);
	const size_t bytes = static_cast<size_t>(m) * n * es;
	for (size_t i = 0; i < count; i++)
		one(static_cast<const uint8_t *>(in) + i * bytes,
		    static_cast<uint8_t *>(out) + i * bytes, es, m, n, from, to);
}

} // namespace tt::tt_metal::detail
