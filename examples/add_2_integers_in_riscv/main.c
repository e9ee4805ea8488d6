// SPDX-License-Identifier: Apache-2.0
/*
 * add_2_integers_in_riscv (tt-metal programming example): 14 and 7 go to
 * two DRAM buffers, a BRISC kernel adds them, the host reads back 21.
 */
#include <stdio.h>

#include <tt/buffer.h>
#include <tt/tt.h>

int main(void)
{
	struct tt_buffer_config word = { .size = 4, .page_size = 4, .type = TT_BUFFER_DRAM };
	struct tt_buffer_config scratch = { .size = 64, .page_size = 64, .type = TT_BUFFER_L1 };
	struct tt_core_range_set core = tt_core_set(tt_core(0, 0));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	struct tt_buffer *a, *b, *c, *l1;
	struct tt_run_report rep;
	struct tt_device *dev;
	struct tt_program *prog;
	tt_kernel_handle k;
	uint32_t x = 14, y = 7, sum = 0;
	int rc;

	rc = tt_device_open(NULL, &dev);
	if (rc) {
		fprintf(stderr, "device open failed: %s\n", tt_strerror(rc));
		return 1;
	}
	if (tt_buffer_create(dev, &word, &a) || tt_buffer_create(dev, &word, &b) ||
	    tt_buffer_create(dev, &word, &c) || tt_buffer_create(dev, &scratch, &l1)) {
		fprintf(stderr, "buffer creation failed\n");
		return 1;
	}
	tt_buffer_write(a, &x);
	tt_buffer_write(b, &y);

	tt_program_create(&prog);
	rc = tt_kernel_create(
		prog, TT_EXAMPLE_KERNELS "/add_2_integers_in_riscv/reader_writer_add_in_riscv.c",
		&core, &cfg, &k);
	if (rc) {
		fprintf(stderr, "kernel create failed: %s\n", tt_strerror(rc));
		return 1;
	}
	{
		uint32_t args[] = { tt_buffer_address(a), tt_buffer_address(b),
				    tt_buffer_address(c), tt_buffer_address(l1) };

		tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 4);
	}
	rc = tt_program_run(dev, prog, 0, &rep);
	if (rc) {
		fprintf(stderr, "run failed: %s\n%s", tt_strerror(rc), tt_last_error());
		return 1;
	}
	tt_buffer_read(c, &sum);
	printf("add_2_integers_in_riscv: %u + %u = %u: %s\n", x, y, sum,
	       sum == x + y ? "ok" : "WRONG");

	tt_program_destroy(prog);
	tt_buffer_free(a);
	tt_buffer_free(b);
	tt_buffer_free(c);
	tt_buffer_free(l1);
	tt_device_close(dev);
	return sum == x + y ? 0 : 1;
}
