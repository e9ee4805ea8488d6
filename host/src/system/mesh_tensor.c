// SPDX-License-Identifier: Apache-2.0
/*
 * Tensors laid out over the chips of a system (tt/mesh_tensor.h): the
 * layout says which chip holds which shards (layout/mesh.c), and each
 * chip that holds any gets one sharded L1 buffer with one page per shard,
 * so every core of its core grid holds its shard at the buffer's address.
 */
#include <stdlib.h>
#include <string.h>

#include <tt/mesh_tensor.h>
#include <tt/tilize.h>

#include "base/base.h"
#include "device/device.h"

struct tt_mesh_tensor {
	struct tt_system *sys;
	struct tt_layout l;
	struct tt_layout_mesh m;
	uint32_t sys_cols;    /* mesh chip (r, c) is system chip r * sys_cols + c */
	uint32_t inner_rank;  /* the core grid's rank: 1 or 2 */
	uint64_t inner[2];    /* the core grid: (n) or (rows, cols) */
	uint32_t nshards;     /* per chip */
	uint64_t shard_bytes; /* tt_layout_shard_bytes() */
	struct tt_core_range_set cores;
	struct tt_buffer *buf[TT_SYSTEM_MAX_CHIPS]; /* per mesh chip; NULL: holds nothing */
	uint64_t dev_coord[TT_SYSTEM_MAX_CHIPS][2];
};

static uint32_t sys_chip(const struct tt_mesh_tensor *t, uint32_t row, uint32_t col)
{
	return row * t->sys_cols + col;
}

static uint32_t mesh_index(const struct tt_mesh_tensor *t, uint32_t row, uint32_t col)
{
	return row * t->m.shape[1] + col;
}

/* Shard k of a chip, row-major over the core grid -> its grid coordinate. */
static void shard_coord(const struct tt_mesh_tensor *t, uint32_t idx, uint32_t k, uint64_t *g)
{
	uint32_t D = t->m.device_dims;

	for (uint32_t i = 0; i < D; i++)
		g[i] = t->dev_coord[idx][i];
	if (t->inner_rank == 1) {
		g[D] = k;
	} else {
		g[D] = k / t->inner[1];
		g[D + 1] = k % t->inner[1];
	}
}

static int free_buffers(struct tt_mesh_tensor *t)
{
	int rc = TT_OK;

	for (uint32_t i = 0; i < TT_SYSTEM_MAX_CHIPS; i++) {
		int r = tt_buffer_free(t->buf[i]);

		if (r && !rc)
			rc = r;
		t->buf[i] = NULL;
	}
	return rc;
}

/* The chip's buffer, on the chip's core grid: one page per shard. */
static int chip_buffer(struct tt_mesh_tensor *t, uint32_t row, uint32_t col)
{
	struct tt_device *dev = tt_system_chip(t->sys, sys_chip(t, row, col));
	struct tt_buffer_shard_spec spec = {
		.grid = t->cores,
		.shape = { 1, 1 },
		.orientation = TT_SHARD_ROW_MAJOR,
		.page_shape = { 1, 1 },
	};
	struct tt_buffer_config cfg = {
		.size = t->shard_bytes * t->nshards,
		.page_size = t->shard_bytes,
		.type = TT_BUFFER_L1,
		.shard = &spec,
	};
	struct tt_core grid = tt_device_grid(dev);
	uint32_t idx = mesh_index(t, row, col);
	int rc;

	if (t->inner_rank == 2) {
		cfg.layout = TT_BUFFER_BLOCK_SHARDED;
		spec.tensor_pages[0] = (uint32_t)t->inner[0];
		spec.tensor_pages[1] = (uint32_t)t->inner[1];
	} else {
		cfg.layout = TT_BUFFER_HEIGHT_SHARDED;
		spec.tensor_pages[0] = (uint32_t)t->inner[0];
		spec.tensor_pages[1] = 1;
	}
	if (t->inner[t->inner_rank - 1] > grid.x || (t->inner_rank == 2 && t->inner[0] > grid.y))
		return tt_fail(TT_ERANGE,
			       "chip %u (mesh (%u, %u)): the layout's core grid is %llux%llu "
			       "(rows x columns) but the chip has %ux%u worker cores: shrink the "
			       "core grid dims of the layout or open chips with a larger grid",
			       sys_chip(t, row, col), row, col,
			       (unsigned long long)(t->inner_rank == 2 ? t->inner[0] : 1),
			       (unsigned long long)t->inner[t->inner_rank - 1], grid.y, grid.x);
	rc = tt_buffer_create(dev, &cfg, &t->buf[idx]);
	if (rc)
		return tt_fail(rc, "chip %u (mesh (%u, %u)): %s", sys_chip(t, row, col), row, col,
			       tt_last_error());
	return TT_OK;
}

int tt_mesh_tensor_create(struct tt_system *sys, const struct tt_layout *l,
			  const struct tt_layout_mesh *m, struct tt_mesh_tensor **out)
{
	const struct tt_system_desc *sd;
	struct tt_mesh_tensor *t;
	int rc;

	TT_REFUSE_NULL(out);
	*out = NULL;
	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(m);
	sd = tt_system_desc(sys);
	if (!sd)
		return tt_fail(TT_EINVAL, "tt_mesh_tensor_create: %s", tt_last_error());
	t = calloc(1, sizeof(*t));
	if (!t)
		return tt_fail(TT_ENOMEM, "tt_mesh_tensor_create: out of host memory");
	t->sys = sys;
	t->l = *l;
	t->m = *m;
	t->sys_cols = sd->cols;
	if (!t->m.shape[0] && !t->m.shape[1]) {
		t->m.shape[0] = sd->rows;
		t->m.shape[1] = sd->cols;
	}
	if (t->m.shape[0] > sd->rows || t->m.shape[1] > sd->cols) {
		rc = tt_fail(TT_ERANGE,
			     "tt_mesh_tensor_create: a %ux%u mesh does not fit the %s system "
			     "(%ux%u chips): use a mesh of at most %ux%u or a larger system "
			     "(TT_EMU_SYSTEM=T3000, Galaxy or RxC)",
			     t->m.shape[0], t->m.shape[1], sd->name, sd->rows, sd->cols, sd->rows,
			     sd->cols);
		goto fail;
	}
	rc = tt_layout_mesh_check(&t->l, &t->m);
	if (rc) {
		rc = tt_fail(rc, "tt_mesh_tensor_create: %s", tt_last_error());
		goto fail;
	}
	t->inner_rank = l->phys_rank - t->m.device_dims;
	if (t->inner_rank > 2) {
		rc = tt_fail(TT_ELAYOUT,
			     "tt_mesh_tensor_create: the core grid of each chip has %u dims, but "
			     "a chip's cores are 2-D: collapse the layout to at most 2 physical "
			     "dims besides the %u over chips",
			     t->inner_rank, t->m.device_dims);
		goto fail;
	}
	t->nshards = 1;
	for (uint32_t i = 0; i < t->inner_rank; i++) {
		t->inner[i] = l->grid[t->m.device_dims + i];
		if (t->inner[i] > 256) {
			rc = tt_fail(TT_ERANGE,
				     "tt_mesh_tensor_create: core grid dim %u is %llu, more cores "
				     "than a chip has",
				     i, (unsigned long long)t->inner[i]);
			goto fail;
		}
		t->nshards *= (uint32_t)t->inner[i];
	}
	t->cores = tt_core_range_set(
		tt_core_range(0, 0, (uint32_t)t->inner[t->inner_rank - 1] - 1,
			      t->inner_rank == 2 ? (uint32_t)t->inner[0] - 1 : 0));
	t->shard_bytes = tt_layout_shard_bytes(l);

	for (uint32_t r = 0; r < t->m.shape[0]; r++)
		for (uint32_t c = 0; c < t->m.shape[1]; c++) {
			uint32_t idx = mesh_index(t, r, c);

			rc = tt_layout_mesh_chip(&t->l, &t->m, r, c, t->dev_coord[idx]);
			if (rc == TT_ENOENT)
				continue;
			if (!rc)
				rc = chip_buffer(t, r, c);
			if (rc) {
				rc = tt_fail(rc, "tt_mesh_tensor_create: %s", tt_last_error());
				goto fail;
			}
		}
	*out = t;
	return TT_OK;
fail:
	free_buffers(t);
	free(t);
	return rc;
}

int tt_mesh_tensor_free(struct tt_mesh_tensor *t)
{
	int rc;

	if (!t)
		return TT_OK;
	rc = free_buffers(t);
	free(t);
	return rc;
}

const struct tt_layout *tt_mesh_tensor_layout(const struct tt_mesh_tensor *t)
{
	return t ? &t->l : NULL;
}

const struct tt_layout_mesh *tt_mesh_tensor_mesh(const struct tt_mesh_tensor *t)
{
	return t ? &t->m : NULL;
}

static bool inside(const struct tt_mesh_tensor *t, uint32_t row, uint32_t col, const char *fn)
{
	if (!t) {
		tt_set_error("%s: the mesh tensor is NULL", fn);
		return false;
	}
	if (row < t->m.shape[0] && col < t->m.shape[1])
		return true;
	tt_set_error("%s: chip (%u, %u) is outside the %ux%u mesh: rows are 0..%u and columns "
		     "0..%u",
		     fn, row, col, t->m.shape[0], t->m.shape[1], t->m.shape[0] - 1,
		     t->m.shape[1] - 1);
	return false;
}

struct tt_device *tt_mesh_tensor_chip(const struct tt_mesh_tensor *t, uint32_t row, uint32_t col)
{
	if (!inside(t, row, col, "tt_mesh_tensor_chip"))
		return NULL;
	return tt_system_chip(t->sys, sys_chip(t, row, col));
}

struct tt_buffer *tt_mesh_tensor_buffer(const struct tt_mesh_tensor *t, uint32_t row, uint32_t col)
{
	struct tt_buffer *b;

	if (!inside(t, row, col, "tt_mesh_tensor_buffer"))
		return NULL;
	b = t->buf[mesh_index(t, row, col)];
	if (!b)
		tt_set_error("tt_mesh_tensor_buffer: chip (%u, %u) holds no shard of this tensor",
			     row, col);
	return b;
}

struct tt_core_range_set tt_mesh_tensor_cores(const struct tt_mesh_tensor *t)
{
	struct tt_core_range_set none = { 0 };

	return t ? t->cores : none;
}

uint32_t tt_mesh_tensor_shards_per_chip(const struct tt_mesh_tensor *t)
{
	return t ? t->nshards : 0;
}

/* Chip (@row, @col) can be reached: open, and its QEMU still there. */
static int chip_usable(struct tt_mesh_tensor *t, uint32_t row, uint32_t col, const char *fn)
{
	uint32_t id = sys_chip(t, row, col);
	struct tt_device *dev;

	if (!tt_system_desc(t->sys))
		return tt_fail(TT_ENODEV,
			       "%s: the system of this tensor was closed: free the tensor and "
			       "create it on an open system",
			       fn);
	dev = tt_system_chip(t->sys, id);
	if (tt_dev_lost(dev))
		return tt_fail(TT_ENODEV,
			       "%s: chip %u (mesh (%u, %u)) is lost: its QEMU exited, and its "
			       "shards with it; the other chips are usable, or close the system "
			       "and open it again",
			       fn, id, row, col);
	return TT_OK;
}

int tt_mesh_tensor_write(struct tt_mesh_tensor *t, const float *logical)
{
	uint8_t *bytes;
	int rc = TT_OK;

	TT_REFUSE_NULL(t);
	TT_REFUSE_NULL(logical);
	for (uint32_t r = 0; r < t->m.shape[0]; r++)
		for (uint32_t c = 0; c < t->m.shape[1]; c++)
			if (t->buf[mesh_index(t, r, c)]) {
				rc = chip_usable(t, r, c, "tt_mesh_tensor_write");
				if (rc)
					return rc;
			}
	bytes = malloc(t->shard_bytes * t->nshards);
	if (!bytes)
		return tt_fail(TT_ENOMEM, "tt_mesh_tensor_write: out of host memory");
	for (uint32_t r = 0; r < t->m.shape[0] && !rc; r++)
		for (uint32_t c = 0; c < t->m.shape[1] && !rc; c++) {
			uint32_t idx = mesh_index(t, r, c);

			if (!t->buf[idx])
				continue;
			for (uint32_t k = 0; k < t->nshards && !rc; k++) {
				uint64_t g[TT_LAYOUT_MAX_RANK];

				shard_coord(t, idx, k, g);
				rc = tt_tilize_shard_pack(&t->l, logical, g,
							  bytes + k * t->shard_bytes,
							  t->shard_bytes);
			}
			if (!rc)
				rc = tt_buffer_write(t->buf[idx], bytes);
			if (rc)
				rc = tt_fail(rc,
					     "tt_mesh_tensor_write: chip %u (mesh (%u, %u)): %s",
					     sys_chip(t, r, c), r, c, tt_last_error());
		}
	free(bytes);
	return rc;
}

int tt_mesh_tensor_read(struct tt_mesh_tensor *t, float *logical)
{
	uint8_t *bytes;
	int rc = TT_OK;

	TT_REFUSE_NULL(t);
	TT_REFUSE_NULL(logical);
	bytes = malloc(t->shard_bytes * t->nshards);
	if (!bytes)
		return tt_fail(TT_ENOMEM, "tt_mesh_tensor_read: out of host memory");
	for (uint32_t r = 0; r < t->m.shape[0] && !rc; r++)
		for (uint32_t c = 0; c < t->m.shape[1] && !rc; c++) {
			uint32_t idx = mesh_index(t, r, c), first[2];
			uint64_t g[TT_LAYOUT_MAX_RANK], core[TT_LAYOUT_MAX_RANK];

			if (!t->buf[idx])
				continue;
			/* Replicas: the first chip holding these shards is read. */
			shard_coord(t, idx, 0, g);
			if (tt_layout_mesh_locate(&t->l, &t->m, g, first, core) || first[0] != r ||
			    first[1] != c)
				continue;
			rc = chip_usable(t, r, c, "tt_mesh_tensor_read");
			if (rc)
				break;
			rc = tt_buffer_read(t->buf[idx], bytes);
			for (uint32_t k = 0; k < t->nshards && !rc; k++) {
				shard_coord(t, idx, k, g);
				rc = tt_tilize_shard_unpack(&t->l, bytes + k * t->shard_bytes,
							    t->shard_bytes, g, logical);
			}
			if (rc)
				rc = tt_fail(rc, "tt_mesh_tensor_read: chip %u (mesh (%u, %u)): %s",
					     sys_chip(t, r, c), r, c, tt_last_error());
		}
	free(bytes);
	return rc;
}
