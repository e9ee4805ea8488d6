// SPDX-License-Identifier: Apache-2.0
/*
 * loopback (tt-metal programming example): 50 tiles of 2 KiB of random
 * data go DRAM -> L1 -> DRAM on one core (NCRISC, NoC1); the host checks
 * the copy bit for bit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tt/buffer.h>
#include <tt/tt.h>

#define TILES	   50
#define TILE_BYTES 2048

int main(void)
{
	struct tt_buffer_config dram = { .size = TILES * TILE_BYTES,
					 .page_size = TILE_BYTES,
					 .type = TT_BUFFER_DRAM };
	struct tt_buffer_config l1 = { .size = TILE_BYTES,
				       .page_size = TILE_BYTES,
				       .type = TT_BUFFER_L1 };
	struct tt_core_range_set core = tt_core_set(tt_core(0, 0));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	struct tt_buffer *src, *dst, *stage;
	struct tt_run_report rep;
	struct tt_device *dev;
	struct tt_program *prog;
	tt_kernel_handle k;
	uint8_t *in = malloc(dram.size), *out = malloc(dram.size);
	int rc;

	rc = tt_device_open(NULL, &dev);
	if (rc) {
		fprintf(stderr, "device open failed: %s\n", tt_strerror(rc));
		return 1;
	}
	if (tt_buffer_create(dev, &dram, &src) || tt_buffer_create(dev, &dram, &dst) ||
	    tt_buffer_create(dev, &l1, &stage)) {
		fprintf(stderr, "buffer creation failed\n");
		return 1;
	}
	srand(42);
	for (size_t i = 0; i < dram.size; i++)
		in[i] = (uint8_t)rand();
	tt_buffer_write(src, in);

	tt_program_create(&prog);
	rc = tt_kernel_create(prog, TT_EXAMPLE_KERNELS "/loopback/loopback_dram_copy.c", &core,
			      &cfg, &k);
	if (rc) {
		fprintf(stderr, "kernel create failed: %s\n", tt_strerror(rc));
		return 1;
	}
	{
		uint32_t args[] = { tt_buffer_address(src), tt_buffer_address(dst),
				    tt_buffer_address(stage), TILES, TILE_BYTES };

		tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 5);
	}
	rc = tt_program_run(dev, prog, 0, &rep);
	if (rc) {
		fprintf(stderr, "run failed: %s\n%s", tt_strerror(rc), tt_last_error());
		return 1;
	}
	tt_buffer_read(dst, out);
	rc = memcmp(in, out, dram.size) != 0;
	printf("loopback: %d tiles of %d B, DRAM 0x%x -> L1 0x%x -> DRAM 0x%x: %s\n", TILES,
	       TILE_BYTES, tt_buffer_address(src), tt_buffer_address(stage), tt_buffer_address(dst),
	       rc ? "MISMATCH" : "exact");

	tt_program_destroy(prog);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_buffer_free(stage);
	tt_device_close(dev);
	free(in);
	free(out);
	return rc;
}
