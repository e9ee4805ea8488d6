// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of the gdb tests (tests/e2e/gdb_e2e_test.c): makes @n Float16_b
 * tiles in CB 0 itself, element (r, c) of tile t being bf16(t + r), and
 * bumps semaphore 0 once per tile.  Args: n; common arg: a tag the tests
 * print with `tt args`.  The "gdb:" comments mark lines the tests break on.
 */
#include "dataflow_api.h"

static void fill_tile(uint32_t l1, uint32_t t)
{
	volatile uint16_t *v = (volatile uint16_t *)l1;

	for (uint32_t i = 0; i < TT_TILE_ELEMS; i++) {
		uint32_t face = i / TT_TILE_FACE_ELEMS, in_face = i % TT_TILE_FACE_ELEMS;
		uint32_t row = (face / 2) * TT_TILE_FACE_DIM + in_face / TT_TILE_FACE_DIM;
		float f = (float)(t + row);
		uint32_t bits;

		__builtin_memcpy(&bits, &f, 4);
		v[i] = (uint16_t)(bits >> 16);
	}
}

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);
	volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);

	for (uint32_t t = 0; t < n; t++) {
		cb_reserve_back(0, 1);
		fill_tile(get_write_ptr(0), t);
		cb_push_back(0, 1); /* gdb: reader pushed */
		noc_semaphore_set(sem, *sem + 1);
	}
}
