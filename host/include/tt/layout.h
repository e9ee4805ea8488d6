/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tensor layouts, after the seed "Tensor Layout" document (tt-mlir's
 * #tt.metal_layout).  A layout keeps the logical shape of a tensor intact
 * and describes where every element lives: an affine map folds the logical
 * dims into a physical space of lower (or equal) rank, a grid of any rank
 * ceil-divides that space into shards, one per core, and an optional tile
 * shape ceil-divides each shard into tiles.  Slots of a shard that hold no
 * element are padding and read as the layout's out-of-bounds value.  The
 * map is built from collapse intervals (each interval of logical dims
 * becomes one physical dim, every other dim stays its own) with optional
 * stride bumps, or given explicitly.  Only the inputs are stored: physical
 * shape, shard shape, memref shape, padding and footprint are computed by
 * the query functions.  A TTNN-style view (shape, stride, shard shape,
 * grid) of the same layout converts both ways where TTNN can express it.
 * docs/tensor-layout.md explains the model with the seed's examples.
 *
 * Functions that validate input return TT_ELAYOUT (or another code) and
 * leave one line in tt_last_error() saying what is wrong and how to fix
 * it (docs/errors.md).  Nothing is printed.
 */
#ifndef TT_LAYOUT_H
#define TT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TT_LAYOUT_MAX_RANK 8 /* logical, physical and grid rank */

/*
 * Element formats are the data formats of CBs and the device:
 * TT_DF_FLOAT32, TT_DF_FLOAT16_B and TT_DF_BFP8_B of hal/tt_data_format.h
 * (the formats layouts and tilize support).  Bfp8_b exists only inside
 * tiles (16 values share one exponent).  A tiled layout's default tile is
 * TT_TILE_DIM x TT_TILE_DIM.
 */
/* Value of the padding slots (seed: oob_val). */
enum tt_layout_oob_kind {
	TT_LAYOUT_OOB_UNDEF = 0, /* anything; host routines write 0 */
	TT_LAYOUT_OOB_ZERO,
	TT_LAYOUT_OOB_ONE,
	TT_LAYOUT_OOB_NEG_INF,
	TT_LAYOUT_OOB_POS_INF,
	TT_LAYOUT_OOB_NAN,
	TT_LAYOUT_OOB_NUMBER, /* the value in .number */
};

struct tt_layout_oob {
	enum tt_layout_oob_kind kind;
	float number; /* only for TT_LAYOUT_OOB_NUMBER */
};

/* Where the shards live; only printed and used for messages. */
enum tt_layout_mem {
	TT_LAYOUT_L1 = 0,
	TT_LAYOUT_DRAM,
	TT_LAYOUT_SYSTEM,
};

/*
 * A collapse interval [begin, end) of logical dims, left inclusive, right
 * exclusive.  Negative indices count from the end: -1 is rank - 1, so the
 * default (0, -1) folds every dim but the last into one.
 */
struct tt_layout_interval {
	int32_t begin;
	int32_t end;
};

/*
 * What the caller asks for.  Zero-initialise and fill in; fields left 0
 * take the documented defaults.
 */
struct tt_layout_desc {
	uint32_t rank;			    /* 1..8 */
	uint64_t shape[TT_LAYOUT_MAX_RANK]; /* logical, each dim >= 1 */
	uint32_t dtype;			    /* TT_DF_* */

	/*
	 * Collapse intervals; n_intervals == 0 means the default [(0, -1)].
	 * A one-dim interval such as (0, 1) collapses nothing, so [(0, 1)]
	 * keeps every dim separate.
	 */
	uint32_t n_intervals;
	struct tt_layout_interval intervals[TT_LAYOUT_MAX_RANK];
	/*
	 * Stride bump per logical dim: inside its interval, the stride of
	 * dim d is the product of the faster extents rounded up to a
	 * multiple of stride_align[d] (0 or 1: no bump).  The seed's batch
	 * aligned to tile rows, (d0 * 32 + d1, d2) for 2x8x32, is
	 * stride_align[0] = 32.
	 */
	uint64_t stride_align[TT_LAYOUT_MAX_RANK];

	/*
	 * Explicit map instead of intervals: map_rank results, result r =
	 * sum over d of map[r][d] * d_d.  Leave 0 to use the intervals.
	 */
	uint32_t map_rank;
	uint64_t map[TT_LAYOUT_MAX_RANK][TT_LAYOUT_MAX_RANK];

	/* One dim per map result; virtual: may exceed the device grid. */
	uint32_t grid_rank;
	uint64_t grid[TT_LAYOUT_MAX_RANK];

	bool tiled;
	uint32_t tile[2]; /* rows, cols; {0, 0} with tiled: 32x32 */

	struct tt_layout_oob oob;
	enum tt_layout_mem mem;
	uint64_t max_shard_bytes; /* bytes a core holds; 0: no check */
};

/*
 * A validated layout.  Fill it with tt_layout_create() or
 * tt_layout_from_ttnn(); code that edits fields by hand must call
 * tt_layout_validate() before any query.
 */
struct tt_layout {
	uint32_t rank;
	uint64_t shape[TT_LAYOUT_MAX_RANK];
	uint32_t dtype;

	/* As given (the default filled in); 0 when the map was explicit. */
	uint32_t n_intervals;
	struct tt_layout_interval intervals[TT_LAYOUT_MAX_RANK];

	/* The affine map: phys_rank results, map[r][d] the stride of d_d. */
	uint32_t phys_rank;
	uint64_t map[TT_LAYOUT_MAX_RANK][TT_LAYOUT_MAX_RANK];

	uint64_t grid[TT_LAYOUT_MAX_RANK]; /* phys_rank dims */
	bool tiled;
	uint32_t tile[2];
	struct tt_layout_oob oob;
	enum tt_layout_mem mem;
	uint64_t max_shard_bytes;
};

/* Padding of one shard, from tt_layout_shard_padding(). */
struct tt_layout_shard_pad {
	uint32_t rank;			     /* physical rank */
	uint64_t origin[TT_LAYOUT_MAX_RANK]; /* physical index of slot 0 */
	uint64_t extent[TT_LAYOUT_MAX_RANK]; /* shard shape, in elements */
	uint64_t padded[TT_LAYOUT_MAX_RANK]; /* extent rounded to the tile */
	/*
	 * Slots per dim below the physical shape: padded - in_bounds of them
	 * are padding whole (grid and tile padding; the seed's "14 rows of
	 * padding" of 53x63 on 3x2 tiles is padded - in_bounds of dim 0).
	 */
	uint64_t in_bounds[TT_LAYOUT_MAX_RANK];
	/*
	 * Slots per dim that the map reaches (fewer than in_bounds where a
	 * stride bump leaves gaps).  Valid only when separable.
	 */
	uint64_t mapped[TT_LAYOUT_MAX_RANK];
	bool separable;	  /* every logical dim feeds exactly one result */
	uint64_t elems;	  /* slots holding an element */
	uint64_t slots;	  /* slots in the shard (footprint in elements) */
	uint64_t padding; /* slots - elems */
};

/* A range [lo, hi) of shard-local indices. */
struct tt_layout_range {
	uint64_t lo;
	uint64_t hi;
};

/*
 * TTNN's view of a layout (seed, "TTNN Tensor Layout"): the physical space
 * is always 2-D, the last logical dim wide, every other dim folded into
 * rows through stride.  Row-major layouts have tile_shape {1, 1}.
 */
struct tt_layout_ttnn {
	uint32_t rank;
	uint64_t shape[TT_LAYOUT_MAX_RANK];  /* logical */
	uint64_t stride[TT_LAYOUT_MAX_RANK]; /* elements, pytorch style */
	uint64_t shard_shape[2];	     /* elements, any size */
	uint64_t physical_shard_shape[2];    /* shard padded to tiles */
	uint32_t tile_shape[2];
	uint64_t grid_shape[2]; /* shards along rows, cols */
	uint32_t dtype;
	enum tt_layout_mem mem;
};

/*
 * Build @l from @d: normalise the collapse intervals, derive the map and
 * validate everything.  TT_ELAYOUT for invalid input.
 */
int tt_layout_create(struct tt_layout *l, const struct tt_layout_desc *d);

/* Check every invariant of @l.  TT_OK or TT_ELAYOUT. */
int tt_layout_validate(const struct tt_layout *l);

/* The padding value as a float (undef reads as 0). */
float tt_layout_oob_value(const struct tt_layout_oob *oob);

/*
 * Derived shapes.  Each writes phys_rank values into @out and returns
 * phys_rank.
 *   physical: the collapsed space, map(last index) + 1 per result;
 *   shard:    ceil(physical / grid), in elements;
 *   padded:   shard with its last two dims rounded up to the tile;
 *   memref:   padded with its last two dims counted in tiles when tiled
 *             (the seed's memref shape).
 */
uint32_t tt_layout_physical_shape(const struct tt_layout *l, uint64_t *out);
uint32_t tt_layout_shard_shape(const struct tt_layout *l, uint64_t *out);
uint32_t tt_layout_padded_shard_shape(const struct tt_layout *l, uint64_t *out);
uint32_t tt_layout_memref_shape(const struct tt_layout *l, uint64_t *out);

/*
 * Logical elements, shards (grid volume), slots per shard (padded shard
 * volume) and bytes per shard (per core).
 */
uint64_t tt_layout_num_elems(const struct tt_layout *l);
uint64_t tt_layout_num_shards(const struct tt_layout *l);
uint64_t tt_layout_shard_slots(const struct tt_layout *l);
uint64_t tt_layout_shard_bytes(const struct tt_layout *l);

/* Logical index (rank values) -> physical index (phys_rank values). */
int tt_layout_to_physical(const struct tt_layout *l, const uint64_t *logical, uint64_t *phys);

/*
 * Physical index -> logical index.  TT_ENOENT if no element maps there
 * (padding), TT_ERANGE if @phys lies outside grid * shard.
 */
int tt_layout_to_logical(const struct tt_layout *l, const uint64_t *phys, uint64_t *logical);

/*
 * Physical index -> the shard holding it (@grid_coord) and the offset
 * inside that shard, both phys_rank values.  TT_ERANGE outside
 * grid * shard.
 */
int tt_layout_locate(const struct tt_layout *l, const uint64_t *phys, uint64_t *grid_coord,
		     uint64_t *offset);

/*
 * Offset inside a shard -> storage index of the slot: row-major over the
 * shard, or when tiled row-major over tiles, then faces of 16x16 (smaller
 * for tiles under 16), then row-major inside the face.  The byte address
 * is index * element size, except for Bfp8_b (tt_layout_slot_byte()).
 */
int tt_layout_slot_index(const struct tt_layout *l, const uint64_t *offset, uint64_t *index);

/* Offset inside a shard -> byte offset of its value (Bfp8_b: mantissa). */
int tt_layout_slot_byte(const struct tt_layout *l, const uint64_t *offset, uint64_t *byte);

/*
 * Slot (@grid_coord, @offset inside the padded shard) -> logical index.
 * TT_ENOENT for padding, TT_ERANGE for a slot outside the grid or shard.
 */
int tt_layout_slot_to_logical(const struct tt_layout *l, const uint64_t *grid_coord,
			      const uint64_t *offset, uint64_t *logical);

/* 1 if the slot is padding, 0 if it holds an element, < 0 on error. */
int tt_layout_is_padding(const struct tt_layout *l, const uint64_t *grid_coord,
			 const uint64_t *offset);

/* Padding of the shard at @grid_coord. */
int tt_layout_shard_padding(const struct tt_layout *l, const uint64_t *grid_coord,
			    struct tt_layout_shard_pad *out);

/*
 * The shard-local index ranges of physical dim @dim that hold elements in
 * the shard at @grid_coord, ascending and merged; every other index of
 * [0, padded) is padding.  Writes at most @max ranges and stores the total
 * in @n.  A slot holds an element iff each of its indices lies in a range
 * of its dim, which is only true of separable maps: others get TT_ENOSYS
 * (use tt_layout_is_padding()).
 */
int tt_layout_shard_ranges(const struct tt_layout *l, const uint64_t *grid_coord, uint32_t dim,
			   struct tt_layout_range *ranges, size_t max, size_t *n);

/*
 * Print @l like the seed: "#tt.metal_layout<(d0, d1) -> (d0, d1), undef,
 * <3x2>, memref<18x32xf32, #tt.memory_space<l1>>>".  Returns the length
 * of the full text as snprintf() does; @buf gets a truncated,
 * NUL-terminated copy when @len is too small.
 */
int tt_layout_print(const struct tt_layout *l, char *buf, size_t len);

/* Print just the map, "(d0, d1, d2) -> (d0 * 96 + d1, d2)"; as above. */
int tt_layout_print_map(const struct tt_layout *l, char *buf, size_t len);

/*
 * The TTNN view of @l.  TT_ELAYOUT when TTNN cannot express it:
 * TTNN needs a 2-D physical space whose second dim is exactly the last
 * logical dim with stride 1.
 */
int tt_layout_to_ttnn(const struct tt_layout *l, struct tt_layout_ttnn *t);

/*
 * The layout described by TTNN view @t, with padding value @oob.
 * TT_ELAYOUT when the view is inconsistent (grid, shard and
 * physical shard shapes must follow from shape and stride) or has no
 * metal equivalent.
 */
int tt_layout_from_ttnn(struct tt_layout *l, const struct tt_layout_ttnn *t,
			const struct tt_layout_oob *oob, uint64_t max_shard_bytes);

/*
 * Layouts on a mesh of chips (the seed's multi-device layouts: a grid of
 * devices, then cores).  The first @device_dims dims of a layout's grid
 * pick the chip, the others are each chip's core grid, shards inside a
 * chip exactly as in a one-chip layout:
 *   device_dims 0: every chip holds the whole layout (replicated);
 *   device_dims 1: grid dim 0 goes over the chips, all of them in
 *                  row-major order (TT_LAYOUT_MESH_ALL), or over the
 *                  mesh's rows (TT_LAYOUT_MESH_ROWS: every chip of row i
 *                  holds grid index i) or columns (TT_LAYOUT_MESH_COLS);
 *   device_dims 2: grid dims 0 and 1 go over the mesh's rows and columns.
 * A grid dim may be smaller than the chips it goes over (the chips past
 * it hold nothing), never larger.  Mesh coordinates are (row, col); the
 * seed's batch over two chips is tensor<2x3x64x128> with intervals
 * [(1, -1)] on grid <2x2x4>, device_dims 1, on a 1x2 mesh.
 */
enum tt_layout_mesh_over {
	TT_LAYOUT_MESH_ALL = 0, /* every chip, row-major: chip r * cols + c */
	TT_LAYOUT_MESH_ROWS,	/* the rows: TTNN's cluster_axis 0 */
	TT_LAYOUT_MESH_COLS,	/* the columns: cluster_axis 1 */
};

struct tt_layout_mesh {
	uint32_t shape[2];	       /* mesh rows, cols; each >= 1 */
	uint32_t device_dims;	       /* 0, 1 or 2 */
	enum tt_layout_mesh_over over; /* device_dims 1 only */
};

/*
 * Check that @m places @l: TT_OK, or TT_ELAYOUT (a device_dims, over or
 * mesh the layout cannot use) or TT_ERANGE (a grid dim over more chips
 * than the mesh has), with the reason and the fix in tt_last_error().
 */
int tt_layout_mesh_check(const struct tt_layout *l, const struct tt_layout_mesh *m);

/*
 * Which shards chip (@row, @col) holds: the device part of their grid
 * coordinate (device_dims values) in @dev_coord.  TT_ENOENT when the chip
 * holds nothing, TT_ERANGE (saying so) for a chip outside the mesh.
 */
int tt_layout_mesh_chip(const struct tt_layout *l, const struct tt_layout_mesh *m, uint32_t row,
			uint32_t col, uint64_t *dev_coord);

/*
 * Where the shard at @grid_coord (phys_rank values) lives: the first chip
 * holding it in row-major order (@chip: row, col) and its coordinate in
 * that chip's core grid (@core_coord, phys_rank - device_dims values).
 * Replicated shards live on further chips too.  TT_ERANGE outside the grid.
 */
int tt_layout_mesh_locate(const struct tt_layout *l, const struct tt_layout_mesh *m,
			  const uint64_t *grid_coord, uint32_t *chip, uint64_t *core_coord);

/* How TTNN's mesh mappers place a tensor along one mesh dim. */
enum tt_layout_placement {
	TT_LAYOUT_REPLICATE = 0, /* MeshMapperConfig::Replicate */
	TT_LAYOUT_SHARD,	 /* MeshMapperConfig::Shard{dim} */
};

/*
 * TTNN's form of a layout on a mesh: a MeshMapperConfig (one placement
 * per dim of @mesh_shape, which is the mesh, or the mesh flattened to one
 * dim of rows * cols chips when mesh_rank is 1, TTNN's
 * mesh_shape_override) and the tensor every chip holds, in TTNN's view.
 * ShardTensorToMesh(dim) is one Shard over the flattened mesh,
 * ShardTensor2dMesh two Shards, ReplicateTensorToMesh Replicates.
 */
struct tt_layout_mesh_ttnn {
	uint32_t mesh_rank; /* 1 or 2 */
	uint32_t mesh_shape[2];
	struct {
		enum tt_layout_placement kind;
		uint32_t dim; /* the logical dim split, for TT_LAYOUT_SHARD */
	} placements[2];
	uint64_t global_shape[TT_LAYOUT_MAX_RANK]; /* the whole tensor */
	struct tt_layout_ttnn device;		   /* each chip's part */
};

/*
 * The TTNN form of @l on @m.  TT_ELAYOUT, saying why, when TTNN has none:
 * a grid dim over chips must split exactly one logical dim (its map
 * result is that dim alone, stride 1), evenly, over every chip it goes
 * over, and each chip's part must be a layout TTNN can express
 * (tt_layout_to_ttnn()).
 */
int tt_layout_mesh_to_ttnn(const struct tt_layout *l, const struct tt_layout_mesh *m,
			   struct tt_layout_mesh_ttnn *t);

#endif /* TT_LAYOUT_H */
