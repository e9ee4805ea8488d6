// SPDX-License-Identifier: Apache-2.0
/*
 * Layouts on a mesh of chips (tt/layout.h, "Layouts on a mesh"): which
 * chip holds which shards when the outer grid dims go over the chips, and
 * TTNN's form of the same placement (a MeshMapperConfig and the tensor on
 * each chip).  Pure arithmetic: placing the shards in the chips' L1 is
 * tt/mesh_tensor.h's business.
 */
#include <tt/layout.h>

#include <stdio.h>
#include <string.h>

#include <tt/error.h>

#include "base/base.h"

#define R TT_LAYOUT_MAX_RANK

static const char *over_name(enum tt_layout_mesh_over o)
{
	return o == TT_LAYOUT_MESH_ROWS ? "rows" : o == TT_LAYOUT_MESH_COLS ? "columns" : "chips";
}

/* Chips grid dim @k goes over. */
static uint32_t over_extent(const struct tt_layout_mesh *m, uint32_t k)
{
	if (m->device_dims == 2)
		return m->shape[k];
	switch (m->over) {
	case TT_LAYOUT_MESH_ROWS:
		return m->shape[0];
	case TT_LAYOUT_MESH_COLS:
		return m->shape[1];
	default:
		return m->shape[0] * m->shape[1];
	}
}

int tt_layout_mesh_check(const struct tt_layout *l, const struct tt_layout_mesh *m)
{
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(m);
	err = tt_layout_validate(l);
	if (err)
		return err;
	if (!m->shape[0] || !m->shape[1] || m->shape[0] > 4096 || m->shape[1] > 4096)
		return tt_fail(TT_ELAYOUT,
			       "a %ux%u mesh: give it 1 to 4096 rows and columns of chips",
			       m->shape[0], m->shape[1]);
	if (m->device_dims > 2)
		return tt_fail(TT_ELAYOUT,
			       "device_dims %u: a mesh is 2-D, so 0 (replicated), 1 or 2 outer "
			       "grid dims go over its chips",
			       m->device_dims);
	if (m->device_dims >= l->phys_rank)
		return tt_fail(TT_ELAYOUT,
			       "device_dims %u leaves no grid dim for the cores: the grid has %u "
			       "dims; add a dim (e.g. collapse fewer logical dims) or put fewer "
			       "on the chips",
			       m->device_dims, l->phys_rank);
	if ((unsigned)m->over > TT_LAYOUT_MESH_COLS)
		return tt_fail(TT_ELAYOUT,
			       "mesh 'over' %d is unknown: use TT_LAYOUT_MESH_ALL, _ROWS or _COLS",
			       (int)m->over);
	if (m->device_dims != 1 && m->over != TT_LAYOUT_MESH_ALL)
		return tt_fail(TT_ELAYOUT,
			       "'over' picks the mesh dim of one device grid dim, but device_dims "
			       "is %u: set over to TT_LAYOUT_MESH_ALL",
			       m->device_dims);
	for (uint32_t k = 0; k < m->device_dims; k++) {
		uint32_t n = over_extent(m, k);

		if (l->grid[k] > n)
			return tt_fail(
				TT_ERANGE,
				"grid dim %u puts the tensor on %llu chips but goes over the "
				"%u %s of the %ux%u mesh: use a grid dim of at most %u or a "
				"larger system (TT_EMU_SYSTEM)",
				k, (unsigned long long)l->grid[k], n,
				m->device_dims == 2 ? (k ? "columns" : "rows") : over_name(m->over),
				m->shape[0], m->shape[1], n);
	}
	return TT_OK;
}

static int outside(const struct tt_layout_mesh *m, uint32_t row, uint32_t col)
{
	return tt_fail(TT_ERANGE,
		       "chip (%u, %u) is outside the %ux%u mesh: rows are 0..%u and columns "
		       "0..%u",
		       row, col, m->shape[0], m->shape[1], m->shape[0] - 1, m->shape[1] - 1);
}

int tt_layout_mesh_chip(const struct tt_layout *l, const struct tt_layout_mesh *m, uint32_t row,
			uint32_t col, uint64_t *dev_coord)
{
	uint64_t idx[2] = { 0, 0 };
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(m);
	TT_REFUSE_NULL(dev_coord);
	err = tt_layout_mesh_check(l, m);
	if (err)
		return err;
	if (row >= m->shape[0] || col >= m->shape[1])
		return outside(m, row, col);
	if (m->device_dims == 2) {
		idx[0] = row;
		idx[1] = col;
	} else if (m->device_dims == 1) {
		idx[0] = m->over == TT_LAYOUT_MESH_ROWS	  ? row
			 : m->over == TT_LAYOUT_MESH_COLS ? col
							  : (uint64_t)row * m->shape[1] + col;
	}
	for (uint32_t k = 0; k < m->device_dims; k++) {
		if (idx[k] >= l->grid[k])
			return tt_fail(TT_ENOENT,
				       "chip (%u, %u) holds no shard: grid dim %u has %llu, fewer "
				       "than the chips it goes over",
				       row, col, k, (unsigned long long)l->grid[k]);
		dev_coord[k] = idx[k];
	}
	return TT_OK;
}

int tt_layout_mesh_locate(const struct tt_layout *l, const struct tt_layout_mesh *m,
			  const uint64_t *grid_coord, uint32_t *chip, uint64_t *core_coord)
{
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(m);
	TT_REFUSE_NULL(grid_coord);
	TT_REFUSE_NULL(chip);
	TT_REFUSE_NULL(core_coord);
	err = tt_layout_mesh_check(l, m);
	if (err)
		return err;
	for (uint32_t r = 0; r < l->phys_rank; r++)
		if (grid_coord[r] >= l->grid[r])
			return tt_fail(TT_ERANGE,
				       "grid index %llu of dim %u is outside the grid (%llu)",
				       (unsigned long long)grid_coord[r], r,
				       (unsigned long long)l->grid[r]);
	chip[0] = chip[1] = 0;
	if (m->device_dims == 2) {
		chip[0] = (uint32_t)grid_coord[0];
		chip[1] = (uint32_t)grid_coord[1];
	} else if (m->device_dims == 1) {
		uint32_t i = (uint32_t)grid_coord[0];

		if (m->over == TT_LAYOUT_MESH_ROWS)
			chip[0] = i;
		else if (m->over == TT_LAYOUT_MESH_COLS)
			chip[1] = i;
		else
			chip[0] = i / m->shape[1], chip[1] = i % m->shape[1];
	}
	for (uint32_t r = m->device_dims; r < l->phys_rank; r++)
		core_coord[r - m->device_dims] = grid_coord[r];
	return TT_OK;
}

/* The logical dim map result @r is made of alone, with stride 1, or -1. */
static int sole_dim(const struct tt_layout *l, uint32_t r)
{
	int dim = -1;

	for (uint32_t d = 0; d < l->rank; d++) {
		if (!l->map[r][d])
			continue;
		if (dim >= 0 || l->map[r][d] != 1)
			return -1;
		dim = (int)d;
	}
	if (dim < 0)
		return -1;
	for (uint32_t q = 0; q < l->phys_rank; q++)
		if (q != r && l->map[q][dim])
			return -1;
	return dim;
}

int tt_layout_mesh_to_ttnn(const struct tt_layout *l, const struct tt_layout_mesh *m,
			   struct tt_layout_mesh_ttnn *t)
{
	uint32_t D, dims[2] = { 0, 0 };
	uint64_t each[2] = { 1, 1 }, per_chip = 1, rows;
	struct tt_layout_desc d;
	struct tt_layout chip;
	char map[256];
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(m);
	TT_REFUSE_NULL(t);
	err = tt_layout_mesh_check(l, m);
	if (err)
		return err;
	D = m->device_dims;
	memset(t, 0, sizeof(*t));
	memcpy(t->global_shape, l->shape, sizeof(t->global_shape));
	if (D == 0) {
		t->mesh_rank = 2;
		t->mesh_shape[0] = m->shape[0];
		t->mesh_shape[1] = m->shape[1];
		err = tt_layout_to_ttnn(l, &t->device);
		if (err)
			return tt_fail(err, "each chip's copy: %s", tt_last_error());
		return TT_OK;
	}

	/* Only for messages: a truncated map is still a good one. */
	(void)tt_layout_print_map(l, map, sizeof(map));
	for (uint32_t k = 0; k < D; k++) {
		int dim = sole_dim(l, k);
		uint32_t n = over_extent(m, k);

		if (dim < 0)
			return tt_fail(
				TT_ELAYOUT,
				"grid dim %u goes over chips, but result %u of the map %s is "
				"not one logical dim with stride 1 used nowhere else: TTNN's "
				"mesh mappers split whole tensor dims (collapse so that the "
				"dim split over chips stays its own, e.g. intervals [(1, -1)])",
				k, k, map);
		if (l->grid[k] != n)
			return tt_fail(
				TT_ELAYOUT,
				"grid dim %u splits d%d into %llu parts over %u %s: TTNN puts "
				"a part on every chip it shards over; use a grid dim of %u",
				k, dim, (unsigned long long)l->grid[k], n,
				D == 2 ? (k ? "columns" : "rows") : over_name(m->over), n);
		if (l->shape[dim] % l->grid[k])
			return tt_fail(
				TT_ELAYOUT,
				"d%d (%llu) does not split evenly into %llu parts: TTNN gives "
				"every chip the same shape; pad the tensor to a multiple of "
				"%llu",
				dim, (unsigned long long)l->shape[dim],
				(unsigned long long)l->grid[k], (unsigned long long)l->grid[k]);
		dims[k] = (uint32_t)dim;
		each[k] = l->shape[dim] / l->grid[k];
		per_chip *= each[k];
	}

	if (D == 2) {
		t->mesh_rank = 2;
		t->mesh_shape[0] = m->shape[0];
		t->mesh_shape[1] = m->shape[1];
		for (uint32_t k = 0; k < 2; k++) {
			t->placements[k].kind = TT_LAYOUT_SHARD;
			t->placements[k].dim = dims[k];
		}
	} else if (m->over == TT_LAYOUT_MESH_ALL) {
		t->mesh_rank = 1;
		t->mesh_shape[0] = m->shape[0] * m->shape[1];
		t->placements[0].kind = TT_LAYOUT_SHARD;
		t->placements[0].dim = dims[0];
	} else {
		uint32_t s = m->over == TT_LAYOUT_MESH_ROWS ? 0 : 1;

		t->mesh_rank = 2;
		t->mesh_shape[0] = m->shape[0];
		t->mesh_shape[1] = m->shape[1];
		t->placements[s].kind = TT_LAYOUT_SHARD;
		t->placements[s].dim = dims[0];
		t->placements[1 - s].kind = TT_LAYOUT_REPLICATE;
	}

	/*
	 * Each chip's part: the map without the results over chips, the
	 * split dims folded into the first remaining result (rows), outermost
	 * first, as TTNN folds every dim but the last.  That is the same
	 * placement only when each chip holds one index of the split dims,
	 * or when its rows are not split over cores and whole tiles of rows
	 * stay apart.
	 */
	{
		uint64_t phys[R];

		tt_layout_physical_shape(l, phys);
		rows = phys[D];
		if (per_chip > 1 &&
		    (l->grid[D] > 1 || (l->tiled && l->phys_rank - D == 2 && rows % l->tile[0])))
			return tt_fail(TT_ELAYOUT,
				       "each chip holds %llu indices of the split dim%s, and its "
				       "shards keep them apart where TTNN folds them into rows: "
				       "no TTNN form; split the dim into as many parts as chips "
				       "(one index each) or give the rows' grid dim 1",
				       (unsigned long long)per_chip, D == 2 ? "s" : "");
	}
	memset(&d, 0, sizeof(d));
	d.rank = l->rank;
	memcpy(d.shape, l->shape, sizeof(d.shape));
	d.dtype = l->dtype;
	d.map_rank = l->phys_rank - D;
	for (uint32_t r = D; r < l->phys_rank; r++) {
		memcpy(d.map[r - D], l->map[r], sizeof(d.map[0]));
		d.grid[r - D] = l->grid[r];
	}
	d.grid_rank = d.map_rank;
	{
		uint64_t stride = rows;

		for (int k = (int)D - 1; k >= 0; k--) {
			d.shape[dims[k]] = each[k];
			d.map[0][dims[k]] = stride;
			stride *= each[k];
		}
	}
	d.tiled = l->tiled;
	d.tile[0] = l->tile[0];
	d.tile[1] = l->tile[1];
	d.oob = l->oob;
	d.mem = l->mem;
	err = tt_layout_create(&chip, &d);
	if (!err)
		err = tt_layout_to_ttnn(&chip, &t->device);
	if (err)
		return tt_fail(err, "each chip's part: %s", tt_last_error());
	return TT_OK;
}
