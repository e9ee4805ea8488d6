// SPDX-License-Identifier: Apache-2.0
/*
 * libFuzzer harness over libtt's host C API, the parts that need no
 * device: the allocator, the bank managers, layouts, shard specs,
 * tilize, and building programs (kernels, CBs, semaphores, runtime args
 * on fuzzed core ranges).  Each input is a script: one byte picks an
 * area, the following bytes its arguments, until the input runs out.
 * Built with clang, ASan and UBSan: any crash, leak or undefined
 * behaviour, and any broken allocator invariant (tt_alloc_check), is a
 * finding.  `make test` runs it for a fixed number of runs from
 * tests/fuzz/corpus with a fixed seed; `make fuzz` runs it for longer.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tt/alloc.h>
#include <tt/arch.h>
#include <tt/bank.h>
#include <tt/cb.h>
#include <tt/core.h>
#include <tt/error.h>
#include <tt/layout.h>
#include <tt/program.h>
#include <tt/shard.h>
#include <tt/tilize.h>

#include "tt_data_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input, read front to back; zeros once it runs out. */
struct in {
	const uint8_t *p;
	size_t n;
};

static uint8_t u8(struct in *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

static uint32_t u32(struct in *in)
{
	uint32_t v = 0;

	for (int i = 0; i < 4; i++)
		v |= (uint32_t)u8(in) << (8 * i);
	return v;
}

/* A small number, 0..@max, with the edges likely. */
static uint32_t small(struct in *in, uint32_t max)
{
	uint8_t k = u8(in);

	if (k < 16)
		return k & 1 ? max : 0;
	return u32(in) % (max + 1);
}

/* Stop: a broken invariant is as much a finding as a crash. */
static void broken(const char *what, int rc)
{
	fprintf(stderr, "host_api_fuzz: %s (%d: %s)\n", what, rc, tt_last_error());
	abort();
}

/* ---- allocator ---------------------------------------------------------- */

static void fuzz_alloc(struct in *in)
{
	struct tt_alloc a;
	uint64_t addrs[32] = { 0 }, align = 1ull << (5 + u8(in) % 6);
	uint64_t size = (uint64_t)small(in, 1 << 22) & ~(align - 1);
	uint64_t base = ((uint64_t)small(in, 1 << 20)) & ~(align - 1);
	uint32_t n = 0;
	int rc;

	if (tt_alloc_init(&a, base, size, align, small(in, 4096)))
		return;
	for (int op = u8(in) % 48; op > 0 && in->n; op--) {
		struct tt_alloc_state st;
		struct tt_alloc_range r[4];
		uint64_t addr;

		switch (u8(in) % 10) {
		case 0:
		case 1:
			rc = tt_alloc_alloc(&a, small(in, 1 << 20), u8(in) % 4, small(in, 1 << 22),
					    &addr);
			if (!rc && n < 32)
				addrs[n++] = addr;
			break;
		case 2:
			tt_alloc_alloc_at(&a, base + small(in, 1 << 22), small(in, 1 << 20));
			break;
		case 3:
			if (n) {
				uint32_t k = u8(in) % n;

				tt_alloc_free(&a, addrs[k]);
				addrs[k] = addrs[--n];
			} else {
				tt_alloc_free(&a, u32(in));
			}
			break;
		case 4:
			tt_alloc_shrink(&a, small(in, 1 << 20));
			break;
		case 5:
			tt_alloc_reset_size(&a);
			break;
		case 6:
			tt_alloc_set_policy(&a, (enum tt_alloc_policy)(u8(in) % 3));
			break;
		case 7:
			tt_alloc_available(&a, small(in, 1 << 20), r, u8(in) % 5);
			break;
		case 8:
			if (!tt_alloc_extract_state(&a, &st)) {
				tt_alloc_free_all(&a);
				rc = tt_alloc_apply_state(&a, &st);
				if (rc)
					broken("a state taken from the allocator does not apply",
					       rc);
				tt_alloc_state_release(&st);
			}
			break;
		default:
			if (u8(in) & 1)
				tt_alloc_clear(&a);
			else
				tt_alloc_free_all(&a);
			n = 0;
			break;
		}
		rc = tt_alloc_check(&a);
		if (rc)
			broken("allocator invariants", rc);
	}
	tt_alloc_destroy(&a);
}

/* ---- banks -------------------------------------------------------------- */

static void fuzz_bank(struct in *in)
{
	struct tt_bank_config c;
	struct tt_banks b;
	struct tt_bank_view view;
	struct tt_bank_state st;
	struct tt_bank_cb_clash clash;
	uint64_t addr;

	if (tt_bank_config_from_arch(&c, tt_arch_by_name("wormhole_b0"), small(in, 1 << 20),
				     small(in, 1 << 24)))
		return;
	c.grid_x = 1 + u8(in) % 8;
	c.grid_y = 1 + u8(in) % 10;
	if (tt_bank_init(&b, &c))
		return;
	for (int op = u8(in) % 32; op > 0 && in->n; op--) {
		enum tt_bank_type type = (enum tt_bank_type)(u8(in) % 5);
		uint64_t page = 32u << (u8(in) % 8);

		switch (u8(in) % 6) {
		case 0:
			tt_bank_alloc(&b, type, page * small(in, 256), page, small(in, 80),
				      u8(in) % 4, &addr);
			break;
		case 1:
			tt_bank_free(&b, type, u32(in) & ~31u);
			break;
		case 2:
			tt_bank_check_cb(&b, (struct tt_bank_core){ u8(in) % 10, u8(in) % 12 },
					 u32(in) % (2u << 20), &clash);
			break;
		case 3:
			if (!tt_bank_view(&b, type, &view))
				tt_bank_view_release(&view);
			break;
		case 4:
			if (!tt_bank_extract_state(&b, type, &st)) {
				tt_bank_override_state(&b, &st);
				tt_bank_state_release(&st);
			}
			break;
		default:
			tt_bank_free_all(&b, type);
			break;
		}
	}
	tt_bank_destroy(&b);
}

/* ---- layouts ------------------------------------------------------------ */

static void fuzz_layout(struct in *in)
{
	static const uint32_t dtypes[] = {
		TT_DF_FLOAT32,
		TT_DF_FLOAT16_B,
		TT_DF_BFP8_B,
		3,
	};
	struct tt_layout_desc d = { 0 };
	struct tt_layout l, back;
	struct tt_layout_ttnn t;
	struct tt_layout_range ranges[8];
	struct tt_layout_shard_pad pad;
	uint64_t x[TT_LAYOUT_MAX_RANK] = { 0 }, y[TT_LAYOUT_MAX_RANK];
	uint64_t g[TT_LAYOUT_MAX_RANK] = { 0 }, o[TT_LAYOUT_MAX_RANK] = { 0 };
	uint64_t elems = 1;
	char text[512];
	size_t n;

	d.rank = 1 + u8(in) % (TT_LAYOUT_MAX_RANK + 1);
	for (uint32_t i = 0; i < d.rank && i < TT_LAYOUT_MAX_RANK; i++) {
		d.shape[i] = small(in, 96);
		elems *= d.shape[i] ? d.shape[i] : 1;
	}
	if (elems > (1u << 16))
		return; /* keep each input fast */
	d.dtype = dtypes[u8(in) % 4];
	d.n_intervals = u8(in) % 4;
	for (uint32_t i = 0; i < d.n_intervals; i++)
		d.intervals[i] =
			(struct tt_layout_interval){ (int8_t)u8(in) % 9, (int8_t)u8(in) % 9 };
	for (uint32_t i = 0; i < TT_LAYOUT_MAX_RANK; i++)
		d.stride_align[i] = u8(in) < 32 ? small(in, 64) : 0;
	d.grid_rank = u8(in) % 4;
	for (uint32_t i = 0; i < d.grid_rank; i++)
		d.grid[i] = small(in, 8);
	d.tiled = u8(in) & 1;
	if (d.tiled && u8(in) < 64) {
		d.tile[0] = small(in, 32);
		d.tile[1] = small(in, 32);
	}
	d.oob.kind = (enum tt_layout_oob_kind)(u8(in) % 8);
	d.max_shard_bytes = u8(in) < 32 ? small(in, 1 << 20) : 0;
	if (tt_layout_create(&l, &d))
		return;
	tt_layout_print(&l, text, u8(in) % 2 ? sizeof(text) : u8(in) % 16);
	tt_layout_print_map(&l, NULL, 0);
	tt_layout_num_shards(&l);
	tt_layout_shard_bytes(&l);
	for (uint32_t i = 0; i < l.rank; i++)
		x[i] = l.shape[i] ? u32(in) % l.shape[i] : 0;
	if (!tt_layout_to_physical(&l, x, y) && !tt_layout_locate(&l, y, g, o)) {
		uint64_t idx;

		tt_layout_slot_index(&l, o, &idx);
		tt_layout_slot_byte(&l, o, &idx);
		tt_layout_slot_to_logical(&l, g, o, x);
		tt_layout_is_padding(&l, g, o);
		tt_layout_to_logical(&l, y, x);
		tt_layout_shard_padding(&l, g, &pad);
		tt_layout_shard_ranges(&l, g, u8(in) % 3, ranges, u8(in) % 9, &n);
	}
	if (!tt_layout_to_ttnn(&l, &t))
		tt_layout_from_ttnn(&back, &t, &d.oob, 0);
}

/* ---- shard specs -------------------------------------------------------- */

static void fuzz_shard(struct in *in)
{
	struct tt_shard_spec s = {
		.layout = (enum tt_shard_layout)(u8(in) % 5),
		.tensor_shape = { small(in, 512), small(in, 512) },
		.shard_shape = { small(in, 256), small(in, 256) },
		.page_shape = { small(in, 64), small(in, 64) },
		.grid_x = small(in, 10),
		.grid_y = small(in, 12),
		.orientation = (enum tt_shard_orientation)(u8(in) % 3),
	};
	uint32_t shard, off, page, x, y, count;
	size_t elem = 1u << (u8(in) % 3), bytes;
	uint8_t *src, **shards;

	if (tt_shard_check(&s))
		return;
	count = tt_shard_count(&s);
	page = u32(in) % (tt_shard_num_pages(&s) + 1);
	if (!tt_shard_locate(&s, page, &shard, &off))
		tt_shard_page(&s, shard, off, &page);
	tt_shard_core(&s, u32(in) % (count + 1), &x, &y);
	tt_shard_data_pages(&s, u32(in) % (count + 1));
	bytes = tt_shard_buffer_bytes(&s, elem, 0);
	if (!bytes || (uint64_t)bytes * count > (1u << 22) ||
	    (uint64_t)s.tensor_shape[0] * s.tensor_shape[1] * elem > (1u << 22))
		return;
	src = calloc((size_t)s.tensor_shape[0] * s.tensor_shape[1] + 1, elem);
	shards = calloc(count, sizeof(*shards));
	for (uint32_t k = 0; shards && k < count; k++)
		shards[k] = calloc(1, bytes);
	if (src && shards) {
		tt_shard_scatter(&s, elem, 0, src, (void *const *)shards, NULL);
		tt_shard_gather(&s, elem, 0, (const void *const *)shards, src);
	}
	for (uint32_t k = 0; shards && k < count; k++)
		free(shards[k]);
	free(shards);
	free(src);
}

/* ---- tilize ------------------------------------------------------------- */

static void fuzz_tilize(struct in *in)
{
	static const uint32_t fmts[] = {
		TT_DF_FLOAT32,
		TT_DF_FLOAT16_B,
		TT_DF_BFP8_B,
		7,
	};
	uint32_t fmt = fmts[u8(in) % 4];
	uint64_t rows = small(in, 96), cols = small(in, 96);
	size_t stride = cols + small(in, 8), need = tt_tilize_bytes(fmt, rows, cols);
	size_t len = u8(in) < 32 ? small(in, (uint32_t)need) : need;
	struct tt_layout_oob oob = { (enum tt_layout_oob_kind)(u8(in) % 8), 2.5f };
	float *mat = calloc(rows * stride + 1, sizeof(float));
	uint8_t *tiles = calloc(len + 1, 1);

	if (mat && tiles) {
		for (uint64_t i = 0; i < rows * stride; i++)
			mat[i] = (float)(int8_t)u8(in) / 8.0f;
		tt_tilize_to_tiles(fmt, mat, stride, rows, cols, &oob, tiles, len);
		tt_tilize_from_tiles(fmt, tiles, len, rows, cols, mat, stride);
		tt_tilize_raw_to_tiles(1u << (u8(in) % 3), mat, stride, rows, cols, NULL, tiles,
				       len);
		tt_tilize_raw_from_tiles(1u << (u8(in) % 3), tiles, len, rows, cols, mat, stride);
	}
	free(mat);
	free(tiles);
}

/* ---- programs ----------------------------------------------------------- */

static struct tt_core_range_set fuzz_cores(struct in *in)
{
	struct tt_core_range_set set = { .count = small(in, TT_CORE_RANGE_SET_MAX + 1) };

	for (uint32_t i = 0; i < set.count && i < TT_CORE_RANGE_SET_MAX; i++) {
		uint32_t x = u8(in) % 12, y = u8(in) % 12;

		set.ranges[i] = u8(in) < 8 ? tt_core_range(u32(in), u32(in), u32(in), u32(in))
					   : tt_core_range(x, y, x + u8(in) % 4, y + u8(in) % 4);
	}
	return set;
}

static void fuzz_program(struct in *in)
{
	static uint32_t args[400];
	struct tt_program *prog;
	tt_kernel_handle k[4];
	uint32_t nk = 0;

	if (tt_program_create(&prog))
		return;
	for (int op = u8(in) % 24; op > 0 && in->n; op--) {
		struct tt_core_range_set cores = fuzz_cores(in);
		struct tt_cb_format f[3];
		struct tt_cb_config cb = { .total_size = small(in, 1 << 20),
					   .formats = f,
					   .num_formats = u8(in) % 4 };
		struct tt_dm_config dm = { .processor = (enum tt_dm_processor)(u8(in) % 3),
					   .noc = (enum tt_noc)(u8(in) % 3) };
		tt_cb_handle h;
		uint32_t id;

		switch (u8(in) % 6) {
		case 0:
			if (nk < 4 && !tt_kernel_create(prog, TT_FUZZ_KERNEL, &cores, &dm, &k[nk]))
				nk++;
			break;
		case 1:
			for (uint32_t i = 0; i < 3; i++)
				f[i] = (struct tt_cb_format){ small(in, 33), small(in, 30),
							      small(in, 1 << 16) };
			tt_cb_create(prog, &cores, &cb, &h);
			break;
		case 2:
			tt_semaphore_create(prog, &cores, u32(in), &id);
			break;
		case 3:
			tt_kernel_set_runtime_args(prog, nk ? k[u8(in) % nk] : u32(in),
						   tt_core(u8(in) % 12, u8(in) % 12), args,
						   small(in, 400));
			break;
		case 4:
			tt_kernel_set_common_runtime_args(prog, nk ? k[u8(in) % nk] : u32(in), args,
							  small(in, 400));
			break;
		default:
			tt_strerror((int)u32(in));
			break;
		}
	}
	tt_program_destroy(prog);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = { data, size };

	while (in.n) {
		switch (u8(&in) % 6) {
		case 0:
			fuzz_alloc(&in);
			break;
		case 1:
			fuzz_bank(&in);
			break;
		case 2:
			fuzz_layout(&in);
			break;
		case 3:
			fuzz_shard(&in);
			break;
		case 4:
			fuzz_tilize(&in);
			break;
		default:
			fuzz_program(&in);
			break;
		}
	}
	return 0;
}
