// SPDX-License-Identifier: Apache-2.0
//
// PageConfig: how a tensor is cut into pages.  Row major: a page is one
// row (of the tensor, or of a shard when it is sharded).  Tile: a page is
// one tile, of the given Tile shape.
#pragma once

#include <optional>

#include <tt-metalium/experimental/tensor/tensor_types.hpp>
#include <tt-metalium/tile.hpp>

namespace tt::tt_metal {

class PageConfig {
public:
	PageConfig(Layout layout) : layout_(layout) {}
	PageConfig(Layout layout, const std::optional<Tile> &tile)
	    : layout_(layout), tile_(tile.value_or(Tile()))
	{}

	Layout get_layout() const { return layout_; }
	Tile get_tile() const { return tile_; }

	bool operator==(const PageConfig &) const = default;

private:
	Layout layout_;
	Tile tile_;
};

} // namespace tt::tt_metal
