// SPDX-License-Identifier: Apache-2.0
//
// Row-major <-> tiled layouts.  For the default tile (32x32 of 16x16
// faces) row-major <-> faces ("nfaces") is libtt's tilize (tt/tilize.h),
// so host data tilized here is what the tile engine and libtt's own
// helpers expect; every other case (swizzled tiles without faces, other
// tile and face shapes, transposed faces) is a reordering done here.
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

namespace {

// Where element (r, c) of an m x n matrix lies in a layout.
struct Placement {
	TensorLayoutType layout;
	uint32_t n;
	const TileGeometry &g;

	size_t operator()(uint32_t r, uint32_t c) const
	{
		if (layout == TensorLayoutType::LIN_ROW_MAJOR)
			return static_cast<size_t>(r) * n + c;
		const uint32_t th = g.tile[0], tw = g.tile[1];
		const size_t tile = static_cast<size_t>(r / th) * (n / tw) + c / tw;
		const uint32_t tr = r % th, tc = c % tw;
		if (layout == TensorLayoutType::TILED_SWIZZLED)
			return tile * th * tw + static_cast<size_t>(tr) * tw + tc;
		const uint32_t fh = g.face[0], fw = g.face[1];
		const uint32_t fy = tr / fh, fx = tc / fw, i = tr % fh, j = tc % fw;
		const uint32_t slot =
			g.transpose_of_faces ? fx * (th / fh) + fy : fy * (tw / fw) + fx;
		const uint32_t in_face = g.transpose_within_face ? j * fh + i : i * fw + j;
		return tile * th * tw + static_cast<size_t>(slot) * fh * fw + in_face;
	}
};

bool is_default(const TileGeometry &g)
{
	return g.tile == PhysicalSize{ TT_TILE_DIM, TT_TILE_DIM } &&
	       g.face == PhysicalSize{ TT_TILE_DIM / 2, TT_TILE_DIM / 2 } &&
	       !g.transpose_within_face && !g.transpose_of_faces;
}

// One matrix, element by element.
void reorder(const uint8_t *in, uint8_t *out, size_t es, uint32_t m, uint32_t n,
	     const Placement &from, const Placement &to)
{
	for (uint32_t r = 0; r < m; r++)
		for (uint32_t c = 0; c < n; c++)
			std::memcpy(out + to(r, c) * es, in + from(r, c) * es, es);
}

} // namespace

void convert_layout_bytes(const void *in, void *out, size_t es, size_t elems, uint32_t m,
			  uint32_t n, TensorLayoutType from, TensorLayoutType to,
			  const TileGeometry &g)
{
	if (!elems)
		return;
	const size_t per = static_cast<size_t>(m) * n;
	TT_FATAL(per && elems % per == 0,
		 "convert_layout: {} elements are not whole {}x{} matrices", elems, m, n);
	const uint32_t th = g.tile[0], tw = g.tile[1], fh = g.face[0], fw = g.face[1];
	TT_FATAL(th && tw && m % th == 0 && n % tw == 0,
		 "convert_layout: a {}x{} matrix is not whole {}x{} tiles", m, n, th, tw);
	TT_FATAL(fh && fw && th % fh == 0 && tw % fw == 0,
		 "convert_layout: a {}x{} tile is not whole {}x{} faces", th, tw, fh, fw);
	const size_t bytes = per * es;
	const auto *src = static_cast<const uint8_t *>(in);
	auto *dst = static_cast<uint8_t *>(out);
	if (from == to) {
		std::memcpy(dst, src, elems * es);
		return;
	}
	// libtt's own tilize for the default tile, the one the device reads.
	const bool nfaces_rm =
		(from == TensorLayoutType::LIN_ROW_MAJOR && to == TensorLayoutType::TILED_NFACES) ||
		(from == TensorLayoutType::TILED_NFACES && to == TensorLayoutType::LIN_ROW_MAJOR);
	const Placement pf{ from, n, g }, pt{ to, n, g };
	for (size_t i = 0; i < elems / per; i++) {
		const uint8_t *a = src + i * bytes;
		uint8_t *b = dst + i * bytes;
		int rc = 0;
		if (nfaces_rm && is_default(g) && to == TensorLayoutType::TILED_NFACES)
			rc = tt_tilize_raw_to_tiles(es, a, n, m, n, nullptr, b, bytes);
		else if (nfaces_rm && is_default(g))
			rc = tt_tilize_raw_from_tiles(es, a, bytes, m, n, b, n);
		else
			reorder(a, b, es, m, n, pf, pt);
		if (rc)
			throw_tt("tilize", rc);
	}
}

} // namespace tt::tt_metal::detail
