// SPDX-License-Identifier: Apache-2.0
/*
 * CB placement and tt-metal's CB updates: CBs of the CB region stack up
 * per core in creation order; resizing one places the later ones again;
 * page sizes must keep dividing the size; a globally allocated CB moves
 * with its buffer only.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <tt/tt.h>

#include "tt_data_format.h"
#include "tt_mem_map.h"

static tt_cb_handle cb(struct tt_program *prog, uint32_t x, uint32_t index, uint32_t size,
		       uint32_t page)
{
	struct tt_core_range_set c = tt_core_range_set(tt_core_range(x, 0, x, 0));
	struct tt_cb_format f = { .index = index,
				  .data_format = TT_DF_FLOAT16_B,
				  .page_size = page };
	struct tt_cb_config cfg = { .total_size = size, .formats = &f, .num_formats = 1 };
	tt_cb_handle h;

	cr_assert_eq(tt_cb_create(prog, &c, &cfg, &h), TT_OK, "%s", tt_last_error());
	return h;
}

static uint32_t addr(struct tt_program *prog, tt_cb_handle h)
{
	uint32_t a;

	cr_assert_eq(tt_cb_address(prog, h, &a), TT_OK);
	return a;
}

Test(cb, resize_places_later_cbs_again)
{
	struct tt_program *prog;
	tt_cb_handle a, b, other, c;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	a = cb(prog, 0, 0, 2048, 2048);
	other = cb(prog, 1, 0, 4096, 2048); /* another core: its own stack */
	b = cb(prog, 0, 1, 4096, 1024);
	c = cb(prog, 0, 2, 64, 32);
	cr_assert_eq(addr(prog, a), TT_MEM_L1_UNRESERVED_BASE);
	cr_assert_eq(addr(prog, other), TT_MEM_L1_UNRESERVED_BASE);
	cr_assert_eq(addr(prog, b), TT_MEM_L1_UNRESERVED_BASE + 2048);
	cr_assert_eq(addr(prog, c), TT_MEM_L1_UNRESERVED_BASE + 6144);

	cr_assert_eq(tt_cb_update_total_size(prog, a, 8192), TT_OK);
	cr_expect_eq(addr(prog, a), TT_MEM_L1_UNRESERVED_BASE);
	cr_expect_eq(addr(prog, b), TT_MEM_L1_UNRESERVED_BASE + 8192);
	cr_expect_eq(addr(prog, c), TT_MEM_L1_UNRESERVED_BASE + 12288);
	cr_expect_eq(addr(prog, other), TT_MEM_L1_UNRESERVED_BASE, "other cores keep theirs");

	/* Shrinking moves them down again. */
	cr_assert_eq(tt_cb_update_total_size(prog, b, 1024), TT_OK);
	cr_expect_eq(addr(prog, c), TT_MEM_L1_UNRESERVED_BASE + 9216);
	tt_program_destroy(prog);
}

Test(cb, page_sizes_must_divide)
{
	struct tt_program *prog;
	tt_cb_handle a;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	a = cb(prog, 0, 3, 4096, 2048);
	cr_expect_eq(tt_cb_update_total_size(prog, a, 3072), TT_EINVAL,
		     "2048 does not divide 3072");
	cr_expect(strstr(tt_last_error(), "page size 2048 B does not divide"), "%s",
		  tt_last_error());
	cr_assert_eq(tt_cb_update_page_size(prog, a, 3, 1024), TT_OK);
	cr_expect_eq(tt_cb_update_total_size(prog, a, 3072), TT_OK, "1024 does");
	cr_expect_eq(tt_cb_update_page_size(prog, a, 3, 2048), TT_EINVAL);
	cr_expect_eq(tt_cb_update_page_size(prog, a, 4, 1024), TT_EINVAL, "index 4 is not served");
	cr_expect_eq(tt_cb_update_total_size(prog, a + 1, 1024), TT_EINVAL, "no such CB");
	cr_expect_eq(tt_cb_update_total_size(prog, a, 0), TT_EINVAL);
	tt_program_destroy(prog);
}

Test(cb, global_cb_moves_with_its_buffer)
{
	struct tt_program *prog;
	tt_cb_handle a;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	a = cb(prog, 0, 0, 2048, 2048);
	cr_expect_eq(tt_cb_update_address_and_size(prog, a, NULL, 2048), TT_EINVAL,
		     "a CB of the region has no buffer to move to");
	tt_program_destroy(prog);
}
