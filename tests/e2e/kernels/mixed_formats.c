// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the format reconfiguration tests: CB 0 is Float16_b, CB 1
 * Float32; per tile, out16 (Float16_b, CB 16) and out17 (Float32, CB 17)
 * both get in0 + in1 (binary SFPU add of the two copied tiles).
 * Compile-time arg 0: 0 reconfigures as it must (switches SrcA to CB 1
 * and back, the packer to CB 17 and back), 1 forgets the unpacker's
 * switch, 2 forgets the packer's.  Args: tiles.
 */
#include "compute_kernel_api.h"

#define MODE get_compile_time_arg_val(0)

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	compute_kernel_hw_startup(0, 0, 16);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(0, 1);
		cb_wait_front(1, 1);
		cb_reserve_back(16, 1);
		cb_reserve_back(17, 1);

		tile_regs_acquire();
		copy_tile_to_dst_init_short(0);
		copy_tile(0, 0, 0);
		if (MODE != 1)
			reconfig_data_format_srca(0, 1);
		copy_tile(1, 0, 1);
		add_binary_tile_init();
		add_binary_tile(0, 1);
		tile_regs_commit();

		tile_regs_wait();
		pack_tile(0, 16);
		if (MODE != 2)
			pack_reconfig_data_format(16, 17);
		pack_tile(0, 17);
		pack_reconfig_data_format(17, 16);
		tile_regs_release();

		reconfig_data_format_srca(1, 0);
		cb_pop_front(0, 1);
		cb_pop_front(1, 1);
		cb_push_back(16, 1);
		cb_push_back(17, 1);
	}
}
