/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tensors laid out over the chips of a system (the seed's multi-device
 * layouts): a layout (tt/layout.h) whose outer grid dims go over the chips
 * of a mesh (struct tt_layout_mesh) becomes one L1 buffer per chip that
 * holds shards, each shard on one core of the chip's core grid, exactly
 * as a one-chip layout puts them: core grid coordinate (r, c) on logical
 * core (x = c, y = r), a 1-D core grid (i) on core (i, 0).  The buffer is
 * at the same address on every core of its chip (a sharded L1 buffer, one
 * page per shard), so a kernel finds its shard at tt_buffer_address(),
 * ready for a globally allocated CB.  Host writes pack every shard from
 * the row-major logical tensor (tiles, padding with the layout's oob
 * value) and reads unpack them back.
 *
 * The mesh sits at the system's chip (0, 0): mesh chip (r, c) is system
 * chip r * system cols + c.  Every failure leaves nothing allocated and
 * one line in tt_last_error() naming the chip.
 */
#ifndef TT_MESH_TENSOR_H
#define TT_MESH_TENSOR_H

#include <stdint.h>

#include <tt/buffer.h>
#include <tt/layout.h>
#include <tt/system.h>

struct tt_mesh_tensor;

/*
 * Place @l on @sys as @m says; m->shape {0, 0} means the system's mesh.
 * TT_ERANGE when the mesh is larger than the system or the core grid
 * larger than a chip's, TT_ELAYOUT for a placement the layout cannot
 * use (tt_layout_mesh_check()), TT_ENOMEM when a chip has no room.
 */
int tt_mesh_tensor_create(struct tt_system *sys, const struct tt_layout *l,
			  const struct tt_layout_mesh *m, struct tt_mesh_tensor **out);

/* Free every chip's buffer; safe on NULL and after the system closed. */
int tt_mesh_tensor_free(struct tt_mesh_tensor *t);

/* The layout and the placement (shape filled in). */
const struct tt_layout *tt_mesh_tensor_layout(const struct tt_mesh_tensor *t);
const struct tt_layout_mesh *tt_mesh_tensor_mesh(const struct tt_mesh_tensor *t);

/*
 * Chip (@row, @col)'s device and buffer.  NULL with tt_last_error() set
 * for a chip outside the mesh, and (buffer only) for one holding nothing.
 */
struct tt_device *tt_mesh_tensor_chip(const struct tt_mesh_tensor *t, uint32_t row, uint32_t col);
struct tt_buffer *tt_mesh_tensor_buffer(const struct tt_mesh_tensor *t, uint32_t row, uint32_t col);

/* The cores holding a shard on each chip (the same on every chip). */
struct tt_core_range_set tt_mesh_tensor_cores(const struct tt_mesh_tensor *t);

/* Shards per chip (the core grid's volume). */
uint32_t tt_mesh_tensor_shards_per_chip(const struct tt_mesh_tensor *t);

/*
 * Write the row-major logical tensor @logical (tt_layout_num_elems()
 * floats) into every chip's shards, replicas included; read it back from
 * the first chip holding each shard.  TT_ENODEV naming the chip when a
 * chip was lost (its QEMU exited) or closed.
 */
int tt_mesh_tensor_write(struct tt_mesh_tensor *t, const float *logical);
int tt_mesh_tensor_read(struct tt_mesh_tensor *t, float *logical);

#endif /* TT_MESH_TENSOR_H */
