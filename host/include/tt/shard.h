/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shard specs of 2-D tensors stored in pages, as tt-metal's ShardSpec +
 * ShardSpecBuffer: the tensor is a grid of
 * pages (a page is a tile, or a row segment for row-major data), shards
 * are rectangles of pages, and shard k lives on one core.  This module is
 * the pure arithmetic the sharded buffers and the kernel-side address
 * generator build on: host page id <-> (shard, page offset in the shard),
 * shard -> core, and scatter / gather of row-major host data into per-shard
 * page arrays with padding.
 *
 * Conventions (tt-metal's):
 *   - host page ids run row-major over the tensor's pages;
 *   - shards are numbered row-major over the grid of shards; HEIGHT has
 *     one shard per page row band, WIDTH one per page column band, BLOCK
 *     both;
 *   - a shard always has the full shard shape; pages of a partial last
 *     shard that hold no data are padding, and the pages inside a shard are
 *     row-major with the shard's width in pages as row stride;
 *   - HEIGHT and WIDTH put shard k on the k-th core of the grid counted in
 *     the orientation's order (ROW_MAJOR: x fastest).  BLOCK puts shard
 *     (row r, column c) on core (x = c, y = r) in ROW_MAJOR and on
 *     (x = r, y = c) in COL_MAJOR.
 * Inside a page, scatter / gather keep elements row-major: tile pages are
 * tilized separately (tt/tilize.h), or treat each tile as one element of
 * tile-size bytes with a 1x1 page.
 */
#ifndef TT_SHARD_H
#define TT_SHARD_H

#include <stddef.h>
#include <stdint.h>

enum tt_shard_layout {
	TT_SHARD_HEIGHT = 1, /* split rows; a shard spans the full width */
	TT_SHARD_WIDTH,	     /* split columns; a shard spans every row */
	TT_SHARD_BLOCK,	     /* split both */
};

enum tt_shard_orientation {
	TT_SHARD_ROW_MAJOR = 0,
	TT_SHARD_COL_MAJOR,
};

struct tt_shard_spec {
	enum tt_shard_layout layout;
	uint32_t tensor_shape[2]; /* rows, cols, in elements */
	uint32_t shard_shape[2];  /* rows, cols, in elements */
	uint32_t page_shape[2];	  /* rows, cols, in elements */
	uint32_t grid_x;	  /* cores per grid row (columns) */
	uint32_t grid_y;	  /* cores per grid column (rows) */
	enum tt_shard_orientation orientation;
};

/* Validate @s.  TT_OK, or TT_ELAYOUT with the reason in tt_last_error(). */
int tt_shard_check(const struct tt_shard_spec *s);

/*
 * Shapes in pages, rows then cols: of the tensor (ceil-divided by the
 * page), of one shard, and of the grid of shards.  @s must be valid.
 */
void tt_shard_tensor_pages(const struct tt_shard_spec *s, uint32_t *pages);
void tt_shard_shard_pages(const struct tt_shard_spec *s, uint32_t *pages);
void tt_shard_grid(const struct tt_shard_spec *s, uint32_t *shards);

/* Shards, pages of the tensor, page slots per shard. */
uint32_t tt_shard_count(const struct tt_shard_spec *s);
uint32_t tt_shard_num_pages(const struct tt_shard_spec *s);
uint32_t tt_shard_pages_per_shard(const struct tt_shard_spec *s);

/* Pages of shard @shard that hold data (the rest are padding). */
uint32_t tt_shard_data_pages(const struct tt_shard_spec *s, uint32_t shard);

/* Host page id -> shard and page offset in the shard.  TT_ERANGE. */
int tt_shard_locate(const struct tt_shard_spec *s, uint32_t page, uint32_t *shard,
		    uint32_t *offset);

/*
 * Shard and page offset -> host page id.  TT_ENOENT for a padding page,
 * TT_ERANGE outside the shards.
 */
int tt_shard_page(const struct tt_shard_spec *s, uint32_t shard, uint32_t offset, uint32_t *page);

/* Logical core (x, y) holding shard @shard.  TT_ERANGE. */
int tt_shard_core(const struct tt_shard_spec *s, uint32_t shard, uint32_t *x, uint32_t *y);

/*
 * Bytes of one shard's page array: pages per shard * @page_stride, where
 * @page_stride 0 means packed pages (page rows * cols * @elem_size).
 */
size_t tt_shard_buffer_bytes(const struct tt_shard_spec *s, size_t elem_size, size_t page_stride);

/*
 * Scatter the row-major tensor @src (elements of @elem_size bytes) into
 * @shards[0 .. tt_shard_count() - 1], each tt_shard_buffer_bytes() long.
 * Slots outside the tensor get @pad (one element's bytes; NULL: zeros);
 * bytes between a page's end and @page_stride are zeroed.  TT_EINVAL if
 * @page_stride is smaller than a page.
 */
int tt_shard_scatter(const struct tt_shard_spec *s, size_t elem_size, size_t page_stride,
		     const void *src, void *const *shards, const void *pad);

/* Inverse of tt_shard_scatter(): padding is skipped. */
int tt_shard_gather(const struct tt_shard_spec *s, size_t elem_size, size_t page_stride,
		    const void *const *shards, void *dst);

#endif /* TT_SHARD_H */
