// SPDX-License-Identifier: Apache-2.0
/*
 * NULL for every pointer argument of the allocator, bank, layout, shard,
 * tilize and report functions (host/include/tt): refused with TT_EINVAL
 * and a message naming the function and the argument, or, where nothing
 * can be returned, ignored with 0 results.  Never a crash (this runs
 * under ASan and UBSan).
 */
#include <criterion/criterion.h>
#include <string.h>

#include <tt/alloc.h>
#include <tt/arch.h>
#include <tt/bank.h>
#include <tt/error.h>
#include <tt/layout.h>
#include <tt/memory_report.h>
#include <tt/shard.h>
#include <tt/tilize.h>

#include "tt_data_format.h"

/* fn(...) returns TT_EINVAL and says "fn: <arg> is NULL". */
#define REFUSED(fn, ...)                                                                 \
	do {                                                                             \
		int rc_ = fn(__VA_ARGS__);                                               \
		cr_expect_eq(rc_, TT_EINVAL, #fn "(" #__VA_ARGS__ ") returned %d", rc_); \
		cr_expect(strstr(tt_last_error(), #fn ": ") &&                           \
				  strstr(tt_last_error(), " is NULL"),                   \
			  #fn "(" #__VA_ARGS__ "): last error \"%s\"", tt_last_error()); \
	} while (0)

static struct tt_alloc a;
static struct tt_banks b;
static bool banks_up;

static void setup(void)
{
	struct tt_bank_config c;

	cr_assert_eq(tt_alloc_init(&a, 0, 1 << 20, 32, 32), TT_OK);
	cr_assert_eq(tt_bank_config_from_arch(&c, tt_arch_by_name("wormhole_b0"), 0, 0), TT_OK);
	c.grid_x = 2;
	c.grid_y = 2;
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	banks_up = true;
}

static void teardown(void)
{
	tt_alloc_destroy(&a);
	if (banks_up)
		tt_bank_destroy(&b);
}

TestSuite(null_args, .init = setup, .fini = teardown);

Test(null_args, alloc)
{
	struct tt_alloc_range ranges[2];
	struct tt_alloc_block_info blocks[2];
	struct tt_alloc_stats st;
	struct tt_alloc_state state;
	uint64_t v;

	REFUSED(tt_alloc_init, NULL, 0, 4096, 32, 32);
	REFUSED(tt_alloc_set_policy, NULL, TT_ALLOC_BEST_FIT);
	REFUSED(tt_alloc_alloc, NULL, 64, 0, 0, &v);
	REFUSED(tt_alloc_alloc, &a, 64, 0, 0, NULL);
	REFUSED(tt_alloc_alloc_at, NULL, 0, 64);
	REFUSED(tt_alloc_free, NULL, 0);
	REFUSED(tt_alloc_shrink, NULL, 64);
	REFUSED(tt_alloc_reset_size, NULL);
	REFUSED(tt_alloc_lowest_occupied, NULL, &v);
	REFUSED(tt_alloc_lowest_occupied, &a, NULL);
	REFUSED(tt_alloc_allocation_size, NULL, 0, &v);
	REFUSED(tt_alloc_allocation_size, &a, 0, NULL);
	REFUSED(tt_alloc_extract_state, NULL, &state);
	REFUSED(tt_alloc_extract_state, &a, NULL);
	REFUSED(tt_alloc_apply_state, NULL, &state);
	REFUSED(tt_alloc_apply_state, &a, NULL);
	REFUSED(tt_alloc_check, NULL);
	cr_expect_eq(tt_alloc_block_size_for(NULL, 64), 0);
	cr_expect_eq(tt_alloc_available(NULL, 64, ranges, 2), 0);
	/* NULL out counts, as max 0 does. */
	cr_expect_eq(tt_alloc_available(&a, 64, NULL, 2), tt_alloc_available(&a, 64, NULL, 0));
	cr_expect_eq(tt_alloc_available(&a, 64, NULL, 2), 1);
	cr_expect_eq(tt_alloc_blocks(NULL, blocks, 2), 0);
	cr_expect_eq(tt_alloc_blocks(&a, NULL, 2), 1);
	memset(&st, 0xff, sizeof(st));
	tt_alloc_stats(NULL, &st);
	cr_expect_eq(st.total_allocated, 0, "stats of NULL are zero");
	tt_alloc_stats(&a, NULL);
	tt_alloc_destroy(NULL);
	tt_alloc_free_all(NULL);
	tt_alloc_clear(NULL);
	tt_alloc_dump(NULL, stderr);
	tt_alloc_dump(&a, NULL);
	tt_alloc_state_release(NULL);
	(void)tt_alloc_get_policy(NULL);
	/* The allocator still works. */
	cr_expect_eq(tt_alloc_alloc(&a, 64, TT_ALLOC_BOTTOM_UP, 0, &v), TT_OK);
}

Test(null_args, bank)
{
	struct tt_bank_config c;
	struct tt_bank_view view;
	struct tt_bank_state st;
	struct tt_bank_cb_clash clash;
	struct tt_bank_core core = { 0, 0 };
	struct tt_alloc_stats stats;
	uint32_t ids[4];
	int64_t off;
	uint64_t v, base, size;

	REFUSED(tt_bank_config_from_arch, NULL, tt_arch_by_name("wormhole_b0"), 0, 0);
	REFUSED(tt_bank_config_from_arch, &c, NULL, 0, 0);
	REFUSED(tt_bank_init, NULL, &c);
	REFUSED(tt_bank_init, &b, NULL);
	REFUSED(tt_bank_size_spread, 4096, 2048, 2, 32, NULL);
	REFUSED(tt_bank_alloc, NULL, TT_BANK_DRAM, 2048, 2048, 0, 0, &v);
	REFUSED(tt_bank_alloc, &b, TT_BANK_DRAM, 2048, 2048, 0, 0, NULL);
	REFUSED(tt_bank_alloc_at, NULL, TT_BANK_DRAM, 0, 2048, 2048, 0);
	REFUSED(tt_bank_allocation_size, NULL, TT_BANK_DRAM, 0, &v);
	REFUSED(tt_bank_allocation_size, &b, TT_BANK_DRAM, 0, NULL);
	REFUSED(tt_bank_free, NULL, TT_BANK_DRAM, 0);
	REFUSED(tt_bank_set_policy, NULL, TT_BANK_DRAM, TT_ALLOC_BEST_FIT);
	REFUSED(tt_bank_shrink, NULL, TT_BANK_L1, 64);
	REFUSED(tt_bank_reset_size, NULL, TT_BANK_L1);
	REFUSED(tt_bank_region, NULL, TT_BANK_L1, &base, &size);
	REFUSED(tt_bank_region, &b, TT_BANK_L1, NULL, &size);
	REFUSED(tt_bank_region, &b, TT_BANK_L1, &base, NULL);
	REFUSED(tt_bank_offset, NULL, TT_BANK_L1, 0, &off);
	REFUSED(tt_bank_offset, &b, TT_BANK_L1, 0, NULL);
	REFUSED(tt_bank_core_of, NULL, TT_BANK_L1, 0, &core);
	REFUSED(tt_bank_core_of, &b, TT_BANK_L1, 0, NULL);
	REFUSED(tt_bank_stats, NULL, TT_BANK_L1, &stats);
	REFUSED(tt_bank_stats, &b, TT_BANK_L1, NULL);
	REFUSED(tt_bank_view, NULL, TT_BANK_L1, &view);
	REFUSED(tt_bank_view, &b, TT_BANK_L1, NULL);
	REFUSED(tt_bank_lowest_occupied, NULL, TT_BANK_L1, 0, &v);
	REFUSED(tt_bank_lowest_occupied, &b, TT_BANK_L1, 0, NULL);
	REFUSED(tt_bank_check_cb, NULL, core, 0x20000, &clash);
	(void)tt_bank_check_cb(&b, core, 0x20000, NULL); /* NULL clash: not wanted */
	REFUSED(tt_bank_extract_state, NULL, TT_BANK_L1, &st);
	REFUSED(tt_bank_extract_state, &b, TT_BANK_L1, NULL);
	REFUSED(tt_bank_apply_state, NULL, &st);
	REFUSED(tt_bank_apply_state, &b, NULL);
	REFUSED(tt_bank_override_state, NULL, &st);
	REFUSED(tt_bank_override_state, &b, NULL);
	cr_expect_eq(tt_bank_count(NULL, TT_BANK_L1), 0);
	cr_expect_eq(tt_bank_size(NULL, TT_BANK_L1), 0);
	cr_expect_eq(tt_bank_cb_base(NULL), 0);
	cr_expect_eq(tt_bank_ids_of_core(NULL, TT_BANK_L1, core, ids, 4), 0);
	cr_expect_eq(tt_bank_ids_of_core(&b, TT_BANK_L1, core, NULL, 4), 0);
	cr_expect_null(tt_bank_config(NULL));
	(void)tt_bank_get_policy(NULL, TT_BANK_L1);
	tt_bank_free_all(NULL, TT_BANK_L1);
	tt_bank_dump(NULL, TT_BANK_L1, stderr);
	tt_bank_dump(&b, TT_BANK_L1, NULL);
	tt_bank_view_release(NULL);
	tt_bank_state_release(NULL);
	tt_bank_destroy(NULL);
	cr_expect_eq(tt_bank_alloc(&b, TT_BANK_DRAM, 2048, 2048, TT_BANK_INTERLEAVED,
				   TT_BANK_DEFAULT, &v),
		     TT_OK, "%s", tt_last_error());
}

Test(null_args, layout)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 64, 64 },
		.dtype = TT_DF_FLOAT32,
		.grid_rank = 2,
		.grid = { 1, 1 },
	};
	struct tt_layout l;
	struct tt_layout_shard_pad pad;
	struct tt_layout_range ranges[4];
	struct tt_layout_ttnn t;
	uint64_t x[4] = { 0 }, y[4];
	char buf[256];
	size_t n;

	cr_assert_eq(tt_layout_create(&l, &d), TT_OK);
	REFUSED(tt_layout_create, NULL, &d);
	REFUSED(tt_layout_create, &l, NULL);
	REFUSED(tt_layout_validate, NULL);
	REFUSED(tt_layout_to_physical, NULL, x, y);
	REFUSED(tt_layout_to_physical, &l, NULL, y);
	REFUSED(tt_layout_to_physical, &l, x, NULL);
	REFUSED(tt_layout_to_logical, NULL, x, y);
	REFUSED(tt_layout_to_logical, &l, NULL, y);
	REFUSED(tt_layout_to_logical, &l, x, NULL);
	REFUSED(tt_layout_locate, NULL, x, y, y);
	REFUSED(tt_layout_locate, &l, NULL, y, y);
	REFUSED(tt_layout_locate, &l, x, NULL, y);
	REFUSED(tt_layout_locate, &l, x, y, NULL);
	REFUSED(tt_layout_slot_index, NULL, x, y);
	REFUSED(tt_layout_slot_index, &l, NULL, y);
	REFUSED(tt_layout_slot_index, &l, x, NULL);
	REFUSED(tt_layout_slot_byte, NULL, x, y);
	REFUSED(tt_layout_slot_byte, &l, NULL, y);
	REFUSED(tt_layout_slot_byte, &l, x, NULL);
	REFUSED(tt_layout_slot_to_logical, NULL, x, x, y);
	REFUSED(tt_layout_slot_to_logical, &l, NULL, x, y);
	REFUSED(tt_layout_slot_to_logical, &l, x, NULL, y);
	REFUSED(tt_layout_slot_to_logical, &l, x, x, NULL);
	REFUSED(tt_layout_is_padding, NULL, x, x);
	REFUSED(tt_layout_is_padding, &l, NULL, x);
	REFUSED(tt_layout_is_padding, &l, x, NULL);
	REFUSED(tt_layout_shard_padding, NULL, x, &pad);
	REFUSED(tt_layout_shard_padding, &l, NULL, &pad);
	REFUSED(tt_layout_shard_padding, &l, x, NULL);
	REFUSED(tt_layout_shard_ranges, NULL, x, 0, ranges, 4, &n);
	REFUSED(tt_layout_shard_ranges, &l, NULL, 0, ranges, 4, &n);
	REFUSED(tt_layout_shard_ranges, &l, x, 0, ranges, 4, NULL);
	/* NULL ranges count them, as max 0 does. */
	cr_expect_eq(tt_layout_shard_ranges(&l, x, 0, NULL, 4, &n), TT_OK, "%s", tt_last_error());
	cr_expect_eq(n, 1);
	REFUSED(tt_layout_print, NULL, buf, sizeof(buf));
	REFUSED(tt_layout_print_map, NULL, buf, sizeof(buf));
	/* A NULL buffer measures, as snprintf's does. */
	cr_expect_eq(tt_layout_print(&l, NULL, sizeof(buf)), tt_layout_print(&l, buf, sizeof(buf)));
	cr_expect_eq(tt_layout_print_map(&l, NULL, 8), tt_layout_print_map(&l, buf, sizeof(buf)));
	REFUSED(tt_layout_to_ttnn, NULL, &t);
	REFUSED(tt_layout_to_ttnn, &l, NULL);
	REFUSED(tt_layout_from_ttnn, NULL, &t, NULL, 0);
	REFUSED(tt_layout_from_ttnn, &l, NULL, NULL, 0);
	{
		struct tt_layout_mesh m = { .shape = { 1, 1 } };
		struct tt_layout_mesh_ttnn mt;
		uint32_t chip[2];

		REFUSED(tt_layout_mesh_check, NULL, &m);
		REFUSED(tt_layout_mesh_check, &l, NULL);
		REFUSED(tt_layout_mesh_chip, NULL, &m, 0, 0, y);
		REFUSED(tt_layout_mesh_chip, &l, NULL, 0, 0, y);
		REFUSED(tt_layout_mesh_chip, &l, &m, 0, 0, NULL);
		REFUSED(tt_layout_mesh_locate, NULL, &m, x, chip, y);
		REFUSED(tt_layout_mesh_locate, &l, NULL, x, chip, y);
		REFUSED(tt_layout_mesh_locate, &l, &m, NULL, chip, y);
		REFUSED(tt_layout_mesh_locate, &l, &m, x, NULL, y);
		REFUSED(tt_layout_mesh_locate, &l, &m, x, chip, NULL);
		REFUSED(tt_layout_mesh_to_ttnn, NULL, &m, &mt);
		REFUSED(tt_layout_mesh_to_ttnn, &l, NULL, &mt);
		REFUSED(tt_layout_mesh_to_ttnn, &l, &m, NULL);
	}
	cr_expect_eq(tt_layout_physical_shape(NULL, y), 0);
	cr_expect_eq(tt_layout_physical_shape(&l, NULL), 0);
	cr_expect_eq(tt_layout_shard_shape(NULL, y), 0);
	cr_expect_eq(tt_layout_shard_shape(&l, NULL), 0);
	cr_expect_eq(tt_layout_padded_shard_shape(NULL, y), 0);
	cr_expect_eq(tt_layout_padded_shard_shape(&l, NULL), 0);
	cr_expect_eq(tt_layout_memref_shape(NULL, y), 0);
	cr_expect_eq(tt_layout_memref_shape(&l, NULL), 0);
	cr_expect_eq(tt_layout_num_elems(NULL), 0);
	cr_expect_eq(tt_layout_num_shards(NULL), 0);
	cr_expect_eq(tt_layout_shard_slots(NULL), 0);
	cr_expect_eq(tt_layout_shard_bytes(NULL), 0);
	cr_expect_eq(tt_layout_oob_value(NULL), 0.0f);
	/* The layout still works. */
	cr_expect_eq(tt_layout_num_elems(&l), 64 * 64);
}

Test(null_args, shard)
{
	struct tt_shard_spec s = {
		.layout = TT_SHARD_HEIGHT,
		.tensor_shape = { 64, 64 },
		.shard_shape = { 32, 64 },
		.page_shape = { 1, 64 },
		.grid_x = 2,
		.grid_y = 1,
		.orientation = TT_SHARD_ROW_MAJOR,
	};
	uint32_t v[2] = { 7, 7 }, w;
	float data[64 * 64] = { 0 };
	void *shards[2] = { data, data };

	REFUSED(tt_shard_check, NULL);
	REFUSED(tt_shard_locate, NULL, 0, &v[0], &v[1]);
	REFUSED(tt_shard_locate, &s, 0, NULL, &v[1]);
	REFUSED(tt_shard_locate, &s, 0, &v[0], NULL);
	REFUSED(tt_shard_page, NULL, 0, 0, &w);
	REFUSED(tt_shard_page, &s, 0, 0, NULL);
	REFUSED(tt_shard_core, NULL, 0, &v[0], &v[1]);
	REFUSED(tt_shard_core, &s, 0, NULL, &v[1]);
	REFUSED(tt_shard_core, &s, 0, &v[0], NULL);
	REFUSED(tt_shard_scatter, NULL, 4, 0, data, shards, NULL);
	REFUSED(tt_shard_scatter, &s, 4, 0, NULL, shards, NULL);
	REFUSED(tt_shard_scatter, &s, 4, 0, data, NULL, NULL);
	REFUSED(tt_shard_gather, NULL, 4, 0, (const void *const *)shards, data);
	REFUSED(tt_shard_gather, &s, 4, 0, NULL, data);
	REFUSED(tt_shard_gather, &s, 4, 0, (const void *const *)shards, NULL);
	tt_shard_tensor_pages(NULL, v);
	cr_expect(v[0] == 0 && v[1] == 0, "pages of a NULL spec are 0");
	tt_shard_tensor_pages(&s, NULL);
	tt_shard_shard_pages(NULL, v);
	tt_shard_shard_pages(&s, NULL);
	tt_shard_grid(NULL, v);
	tt_shard_grid(&s, NULL);
	cr_expect_eq(tt_shard_count(NULL), 0);
	cr_expect_eq(tt_shard_num_pages(NULL), 0);
	cr_expect_eq(tt_shard_pages_per_shard(NULL), 0);
	cr_expect_eq(tt_shard_data_pages(NULL, 0), 0);
	cr_expect_eq(tt_shard_buffer_bytes(NULL, 4, 0), 0);
	cr_expect_eq(tt_shard_count(&s), 2);
}

Test(null_args, tilize)
{
	float rows[32 * 32] = { 0 };
	uint8_t tiles[32 * 32 * 4], e[64], o[1024];
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 32, 32 },
		.dtype = TT_DF_FLOAT32,
		.grid_rank = 2,
		.grid = { 1, 1 },
	};
	struct tt_layout l;
	uint64_t g[2] = { 0, 0 };

	cr_assert_eq(tt_layout_create(&l, &d), TT_OK);
	REFUSED(tt_tilize_to_tiles, TT_DF_FLOAT32, NULL, 32, 32, 32, NULL, tiles, sizeof(tiles));
	REFUSED(tt_tilize_to_tiles, TT_DF_FLOAT32, rows, 32, 32, 32, NULL, NULL, sizeof(tiles));
	REFUSED(tt_tilize_from_tiles, TT_DF_FLOAT32, NULL, sizeof(tiles), 32, 32, rows, 32);
	REFUSED(tt_tilize_from_tiles, TT_DF_FLOAT32, tiles, sizeof(tiles), 32, 32, NULL, 32);
	REFUSED(tt_tilize_raw_to_tiles, 4, NULL, 32, 32, 32, NULL, tiles, sizeof(tiles));
	REFUSED(tt_tilize_raw_to_tiles, 4, rows, 32, 32, 32, NULL, NULL, sizeof(tiles));
	REFUSED(tt_tilize_raw_from_tiles, 4, NULL, sizeof(tiles), 32, 32, rows, 32);
	REFUSED(tt_tilize_raw_from_tiles, 4, tiles, sizeof(tiles), 32, 32, NULL, 32);
	REFUSED(tt_tilize_shard_pack, NULL, rows, g, tiles, sizeof(tiles));
	REFUSED(tt_tilize_shard_pack, &l, NULL, g, tiles, sizeof(tiles));
	REFUSED(tt_tilize_shard_pack, &l, rows, NULL, tiles, sizeof(tiles));
	REFUSED(tt_tilize_shard_pack, &l, rows, g, NULL, sizeof(tiles));
	REFUSED(tt_tilize_shard_unpack, NULL, tiles, sizeof(tiles), g, rows);
	REFUSED(tt_tilize_shard_unpack, &l, NULL, sizeof(tiles), g, rows);
	REFUSED(tt_tilize_shard_unpack, &l, tiles, sizeof(tiles), NULL, rows);
	REFUSED(tt_tilize_shard_unpack, &l, tiles, sizeof(tiles), g, NULL);
	tt_tilize_bfp8_pack(NULL, e, o);
	tt_tilize_bfp8_pack(rows, NULL, o);
	tt_tilize_bfp8_pack(rows, e, NULL);
	cr_expect_eq(
		tt_tilize_to_tiles(TT_DF_FLOAT32, rows, 32, 32, 32, NULL, tiles, sizeof(tiles)),
		TT_OK);
}

Test(null_args, report)
{
	struct tt_memory_report_files rf = { 0 };

	REFUSED(tt_memory_report_dump_memory_state, NULL, "/tmp", "x", 0);
	REFUSED(tt_memory_report_open_program, NULL, "/tmp");
	REFUSED(tt_memory_report_program, NULL, &b, 1);
	REFUSED(tt_memory_report_program, &rf, NULL, 1);
	REFUSED(tt_memory_report_close, NULL);
	REFUSED(tt_memory_report_svg, NULL, &b);
	REFUSED(tt_memory_report_svg, stderr, NULL);
	tt_memory_report_write_headers(NULL);
	tt_memory_report_write_headers(&rf); /* files not open: nothing to write */
	tt_memory_report_write_usage(NULL, &b);
	tt_memory_report_write_usage(&rf, NULL);
	tt_memory_report_write_usage(&rf, &b);
	cr_expect_eq(tt_memory_report_close(&rf), TT_OK);
}
