// SPDX-License-Identifier: Apache-2.0
/*
 * C++ kernels run: tt-metal's own example kernels (the conformance corpus
 * at ../shared/tt-metal, read where they lie, unmodified) driven from C
 * with libtt, and our C++ kernels for what the corpus does not show
 * (constant compile-time args, named args, DPRINT, the older MAIN
 * spelling, fault reports with a .cpp line).  The host checks the bytes.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "e2e.h"
#include "num_util.h"
#include "tt_data_format.h"
#include "tt_noc_regs.h"
#include "tt_sharded_args.h"

#define EXAMPLES  "/tt_metal/programming_examples/"
#define TILE_BF16 2048u

/* Path of corpus file @rel in @buf; skips the test when the corpus is absent. */
static const char *corpus(char *buf, size_t len, const char *rel)
{
	const char *home = getenv("TT_METAL_HOME");
	struct stat st;

	snprintf(buf, len, "%s" EXAMPLES "%s",
		 home && *home ? home : TT_SRC_DIR "/../shared/tt-metal", rel);
	if (stat(buf, &st))
		cr_skip_test("tt-metal corpus not found (../shared/tt-metal or TT_METAL_HOME)");
	return buf;
}

static struct tt_buffer *buffer(struct tt_device *dev, enum tt_buffer_type type, uint64_t size,
				uint64_t page)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = page, .type = type };
	struct tt_buffer *buf;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK);
	return buf;
}

/* One bf16 CB of @pages tiles at @index on @cores. */
static void cb_bf16(struct tt_program *prog, const struct tt_core_range_set *cores, uint32_t index,
		    uint32_t pages)
{
	struct tt_cb_format f = { .index = index,
				  .data_format = TT_DF_FLOAT16_B,
				  .page_size = TILE_BF16 };
	struct tt_cb_config cfg = { .total_size = pages * TILE_BF16,
				    .formats = &f,
				    .num_formats = 1 };
	tt_cb_handle h;

	cr_assert_eq(tt_cb_create(prog, cores, &cfg, &h), TT_OK);
}

static tt_kernel_handle dm_kernel(struct tt_program *prog, const char *path,
				  const struct tt_core_range_set *cores, enum tt_dm_processor risc,
				  const uint32_t *ct, uint32_t nct)
{
	struct tt_dm_config cfg = { .processor = risc,
				    .noc = (enum tt_noc)risc,
				    .compile_args = ct,
				    .num_compile_args = nct };
	tt_kernel_handle k;
	int rc = tt_kernel_create(prog, path, cores, &cfg, &k);

	cr_assert_eq(rc, TT_OK, "%s: %s", path, tt_strerror(rc));
	return k;
}

struct captured {
	char text[4096];
	size_t len;
};

static void capture(void *ctx, struct tt_core core, unsigned int risc, const char *text, size_t len)
{
	struct captured *c = ctx;

	(void)core, (void)risc;
	if (c->len + len < sizeof(c->text)) {
		memcpy(c->text + c->len, text, len);
		c->len += len;
		c->text[c->len] = '\0';
	}
}

/* As capture, each line prefixed with the RISC that printed it. */
static void capture_risc(void *ctx, struct tt_core core, unsigned int risc, const char *text,
			 size_t len)
{
	struct captured *c = ctx;
	char tag[8];

	snprintf(tag, sizeof(tag), "%u:", risc);
	capture(ctx, core, risc, tag, strlen(tag));
	capture(c, core, risc, text, len);
}

/* TensorAccessorArgs of an interleaved DRAM buffer: config IsDram, page size. */
#define DRAM_ACCESSOR(page) 2u, (page)

/* loopback: DRAM -> L1 -> DRAM, page by page, through two TensorAccessors. */
Test(cxx_corpus_run, loopback_dram_copy, .timeout = 120)
{
	char path[1024];
	const char *k = corpus(path, sizeof(path), "loopback/kernels/loopback_dram_copy.cpp");
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t tiles = 50, size = tiles * TILE_BF16;
	struct tt_buffer *l1 = buffer(dev, TT_BUFFER_L1, TILE_BF16, TILE_BF16);
	struct tt_buffer *src = buffer(dev, TT_BUFFER_DRAM, size, TILE_BF16);
	struct tt_buffer *dst = buffer(dev, TT_BUFFER_DRAM, size, TILE_BF16);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	uint32_t ct[] = { DRAM_ACCESSOR(TILE_BF16), DRAM_ACCESSOR(TILE_BF16) };
	uint8_t *in = malloc(size), *out = calloc(1, size);
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle h;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	h = dm_kernel(prog, k, &core, TT_DM_RISCV_0, ct, 4);
	{
		uint32_t args[4] = { tt_buffer_address(l1), tt_buffer_address(src),
				     tt_buffer_address(dst), tiles };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, h, tt_core(0, 0), args, 4), TT_OK);
	}
	for (uint32_t i = 0; i < size; i++)
		in[i] = (uint8_t)(i * 7 + i / 2048);
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	cr_expect(!memcmp(in, out, size), "the copy differs from the source");

	free(in);
	free(out);
	tt_program_destroy(prog);
	tt_buffer_free(l1);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_device_close(dev);
}

/* add_2_integers_in_riscv: InterleavedAddrGen<true>, a DPRINT format string. */
Test(cxx_corpus_run, add_2_integers_in_riscv, .timeout = 120)
{
	char path[1024];
	const char *k = corpus(path, sizeof(path),
			       "add_2_integers_in_riscv/kernels/reader_writer_add_in_riscv.cpp");
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_buffer *a = buffer(dev, TT_BUFFER_DRAM, 4, 4),
			 *b = buffer(dev, TT_BUFFER_DRAM, 4, 4);
	struct tt_buffer *c = buffer(dev, TT_BUFFER_DRAM, 4, 4);
	struct tt_buffer *l1 = buffer(dev, TT_BUFFER_L1, 64, 64);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	uint32_t x = 14, y = 7, sum = 0;
	struct captured cap = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle h;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	h = dm_kernel(prog, k, &core, TT_DM_RISCV_0, NULL, 0);
	{
		uint32_t base = tt_buffer_address(l1);
		uint32_t args[6] = { tt_buffer_address(a),
				     tt_buffer_address(b),
				     tt_buffer_address(c),
				     base,
				     base + 16,
				     base + 32 };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, h, tt_core(0, 0), args, 6), TT_OK);
	}
	cr_assert_eq(tt_buffer_write(a, &x), TT_OK);
	cr_assert_eq(tt_buffer_write(b, &y), TT_OK);
	tt_device_set_print_handler(dev, capture, &cap);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(c, &sum), TT_OK);
	cr_expect_eq(sum, 21);
	cr_expect_str_eq(cap.text, "Adding integers: 14 + 7\n");

	tt_program_destroy(prog);
	tt_buffer_free(a);
	tt_buffer_free(b);
	tt_buffer_free(c);
	tt_buffer_free(l1);
	tt_device_close(dev);
}

/* Fill @n bf16 tile elements with @v. */
static void fill_bf16(uint16_t *p, size_t n, float v)
{
	for (size_t i = 0; i < n; i++)
		p[i] = rne_bf16(v);
}

/*
 * add_2_integers_in_compute: reader on NCRISC, add_tiles on the TRISCs,
 * writer on BRISC.  Its compute kernel pushes a tile it never reserved,
 * which silicon lets pass: the run succeeds with a warning at that line.
 */
Test(cxx_corpus_run, add_2_integers_in_compute, .timeout = 180)
{
	char rp[1024], cp[1024], wp[1024];
	const char *reader = corpus(rp, sizeof(rp),
				    "add_2_integers_in_compute/kernels/dataflow/"
				    "reader_binary_1_tile.cpp");
	const char *compute = corpus(cp, sizeof(cp),
				     "add_2_integers_in_compute/kernels/compute/"
				     "add_2_tiles.cpp");
	const char *writer = corpus(wp, sizeof(wp),
				    "add_2_integers_in_compute/kernels/dataflow/"
				    "writer_1_tile.cpp");
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_buffer *a = buffer(dev, TT_BUFFER_DRAM, TILE_BF16, TILE_BF16);
	struct tt_buffer *b = buffer(dev, TT_BUFFER_DRAM, TILE_BF16, TILE_BF16);
	struct tt_buffer *c = buffer(dev, TT_BUFFER_DRAM, TILE_BF16, TILE_BF16);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	struct tt_compute_config ccfg = { 0 };
	uint16_t in0[TT_TILE_ELEMS], in1[TT_TILE_ELEMS], out[TT_TILE_ELEMS];
	struct captured cap = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle r, w, k;
	uint32_t bad = 0;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	r = dm_kernel(prog, reader, &core, TT_DM_RISCV_1, NULL, 0);
	w = dm_kernel(prog, writer, &core, TT_DM_RISCV_0, NULL, 0);
	cr_assert_eq(tt_compute_kernel_create(prog, compute, &core, &ccfg, &k), TT_OK);
	cb_bf16(prog, &core, 0, 1);
	cb_bf16(prog, &core, 1, 1);
	cb_bf16(prog, &core, 16, 1);
	{
		uint32_t ra[2] = { tt_buffer_address(a), tt_buffer_address(b) };
		uint32_t wa[1] = { tt_buffer_address(c) };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, r, tt_core(0, 0), ra, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, w, tt_core(0, 0), wa, 1), TT_OK);
	}
	fill_bf16(in0, TT_TILE_ELEMS, 14.0f);
	fill_bf16(in1, TT_TILE_ELEMS, 7.0f);
	cr_assert_eq(tt_buffer_write(a, in0), TT_OK);
	cr_assert_eq(tt_buffer_write(b, in1), TT_OK);
	tt_device_set_print_handler(dev, capture, &cap);
	e2e_run_ok(dev, prog, &rep);
	cr_expect(strstr(cap.text, "warning: CB 16: cb_push_back of 1 page, but only 0 reserved") &&
			  strstr(cap.text, " at add_2_tiles.cpp:49 "),
		  "no warning in:\n%s", cap.text);
	cr_assert_eq(tt_buffer_read(c, out), TT_OK);
	for (size_t i = 0; i < TT_TILE_ELEMS; i++)
		bad += out[i] != rne_bf16(21.0f);
	cr_expect_eq(bad, 0, "%u elements are not 21 (first: %g)", bad, bf16f(out[0]));

	tt_program_destroy(prog);
	tt_buffer_free(a);
	tt_buffer_free(b);
	tt_buffer_free(c);
	tt_device_close(dev);
}

/* eltwise_sfpu: Noc / CircularBuffer objects, TensorAccessor, exp on the SFPU. */
Test(cxx_corpus_run, eltwise_sfpu_exp, .timeout = 180)
{
	char rp[1024], cp[1024], wp[1024];
	const char *reader = corpus(rp, sizeof(rp), "eltwise_sfpu/kernels/dataflow/read_tile.cpp");
	const char *compute =
		corpus(cp, sizeof(cp), "eltwise_sfpu/kernels/compute/eltwise_sfpu.cpp");
	const char *writer = corpus(wp, sizeof(wp), "eltwise_sfpu/kernels/dataflow/write_tile.cpp");
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t tiles = 4, n = tiles * TT_TILE_ELEMS;
	struct tt_buffer *src = buffer(dev, TT_BUFFER_DRAM, tiles * TILE_BF16, TILE_BF16);
	struct tt_buffer *dst = buffer(dev, TT_BUFFER_DRAM, tiles * TILE_BF16, TILE_BF16);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(1, 1, 1, 1));
	struct tt_compute_config ccfg = { 0 };
	uint32_t ct[] = { DRAM_ACCESSOR(TILE_BF16) };
	uint16_t *in = malloc(n * 2), *out = calloc(n, 2);
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle r, w, k;
	uint32_t bad = 0;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	r = dm_kernel(prog, reader, &core, TT_DM_RISCV_1, ct, 2);
	w = dm_kernel(prog, writer, &core, TT_DM_RISCV_0, ct, 2);
	cr_assert_eq(tt_compute_kernel_create(prog, compute, &core, &ccfg, &k), TT_OK);
	cb_bf16(prog, &core, 0, 2);
	cb_bf16(prog, &core, 16, 2);
	{
		uint32_t ra[2] = { tt_buffer_address(src), tiles };
		uint32_t wa[2] = { tt_buffer_address(dst), tiles };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, r, tt_core(1, 1), ra, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, w, tt_core(1, 1), wa, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 1), &tiles, 1), TT_OK);
	}
	rng_seed(11);
	for (uint32_t i = 0; i < n; i++)
		in[i] = rne_bf16((float)rnd(-3.0, 3.0));
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	for (uint32_t i = 0; i < n; i++) {
		double want = exp(bf16f(in[i])), got = bf16f(out[i]);

		if (fabs(got - want) > 0.02 * want && bad++ < 5)
			cr_log_error("element %u: exp(%g) = %g, want %g", i, bf16f(in[i]), got,
				     want);
	}
	cr_expect_eq(bad, 0, "%u of %u elements are off by more than 2%%", bad, n);

	free(in);
	free(out);
	tt_program_destroy(prog);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_device_close(dev);
}

/* vecadd_multi_core: named compile-time args ("c_1"), the work split over two cores. */
Test(cxx_corpus_run, vecadd_multi_core_named_args, .timeout = 180)
{
	char rp[1024], cp[1024], wp[1024];
	const char *reader = corpus(rp, sizeof(rp),
				    "vecadd_multi_core/kernels/"
				    "interleaved_tile_read_multi_core.cpp");
	const char *compute =
		corpus(cp, sizeof(cp), "vecadd_multi_core/kernels/add_multi_core.cpp");
	const char *writer = corpus(wp, sizeof(wp),
				    "vecadd_multi_core/kernels/"
				    "tile_write_multi_core.cpp");
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t tiles = 6, n = tiles * TT_TILE_ELEMS, size = tiles * TILE_BF16;
	struct tt_buffer *a = buffer(dev, TT_BUFFER_DRAM, size, TILE_BF16);
	struct tt_buffer *b = buffer(dev, TT_BUFFER_DRAM, size, TILE_BF16);
	struct tt_buffer *c = buffer(dev, TT_BUFFER_DRAM, size, TILE_BF16);
	struct tt_core_range_set cores = tt_core_range_set(tt_core_range(0, 0, 1, 0));
	const struct tt_named_arg c1 = { "c_1", 1 };
	uint32_t rct[] = { 0, 1, DRAM_ACCESSOR(TILE_BF16), DRAM_ACCESSOR(TILE_BF16) };
	uint32_t cct[] = { 0, 1, 16 };
	uint32_t wct[] = { 16, DRAM_ACCESSOR(TILE_BF16) };
	struct tt_dm_config rcfg = { .processor = TT_DM_RISCV_1,
				     .noc = TT_NOC_1,
				     .compile_args = rct,
				     .num_compile_args = 6,
				     .named_compile_args = &c1,
				     .num_named_compile_args = 1 };
	struct tt_dm_config wcfg = { .processor = TT_DM_RISCV_0,
				     .compile_args = wct,
				     .num_compile_args = 3 };
	struct tt_compute_config ccfg = { .compile_args = cct,
					  .num_compile_args = 3,
					  .named_compile_args = &c1,
					  .num_named_compile_args = 1 };
	uint16_t *in0 = malloc(n * 2), *in1 = malloc(n * 2), *out = calloc(n, 2);
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle r, w, k;
	uint32_t bad = 0;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, reader, &cores, &rcfg, &r), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, writer, &cores, &wcfg, &w), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, compute, &cores, &ccfg, &k), TT_OK);
	cb_bf16(prog, &cores, 0, 2);
	cb_bf16(prog, &cores, 1, 2);
	cb_bf16(prog, &cores, 16, 2);
	for (uint32_t x = 0; x < 2; x++) {
		uint32_t start = x * tiles / 2, count = tiles / 2;
		uint32_t ra[4] = { tt_buffer_address(a), tt_buffer_address(b), count, start };
		uint32_t ka[2] = { count, start };
		uint32_t wa[3] = { tt_buffer_address(c), count, start };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, r, tt_core(x, 0), ra, 4), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(x, 0), ka, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, w, tt_core(x, 0), wa, 3), TT_OK);
	}
	for (uint32_t i = 0; i < n; i++) {
		in0[i] = rne_bf16((float)(i % 64));
		in1[i] = rne_bf16((float)(i / TT_TILE_ELEMS) * 0.5f);
	}
	cr_assert_eq(tt_buffer_write(a, in0), TT_OK);
	cr_assert_eq(tt_buffer_write(b, in1), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(c, out), TT_OK);
	for (uint32_t i = 0; i < n; i++)
		if (out[i] != rne_bf16(bf16f(in0[i]) + bf16f(in1[i])) && bad++ < 5)
			cr_log_error("element %u: %g + %g = %g", i, bf16f(in0[i]), bf16f(in1[i]),
				     bf16f(out[i]));
	cr_expect_eq(bad, 0, "%u of %u sums differ", bad, n);

	free(in0);
	free(in1);
	free(out);
	tt_program_destroy(prog);
	tt_buffer_free(a);
	tt_buffer_free(b);
	tt_buffer_free(c);
	tt_device_close(dev);
}

/* Compile-time and named args as constants, typed args, std headers, DPRINT. */
Test(cxx_kernels, features_and_dprint, .timeout = 120)
{
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_buffer *l1 = buffer(dev, TT_BUFFER_L1, 128, 128);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(1, 0, 1, 0));
	const struct tt_named_arg named[] = { { "offset", 1000 }, { "scale", 3 } };
	uint32_t ct[] = { 7, 5 };
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0,
				    .compile_args = ct,
				    .num_compile_args = 2,
				    .named_compile_args = named,
				    .num_named_compile_args = 2 };
	float f = 2.5f;
	int32_t neg = -42;
	uint32_t args[3], out[17] = { 0 };
	struct tt_core noc;
	struct captured cap = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("cxx_features.cpp"), &core, &cfg, &k), TT_OK);
	cb_bf16(prog, &core, 3, 1);
	args[0] = tt_buffer_address(l1);
	memcpy(&args[1], &f, 4);
	memcpy(&args[2], &neg, 4);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 0), args, 3), TT_OK);
	tt_device_set_print_handler(dev, capture, &cap);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_l1_read(dev, tt_core(1, 0), args[0], out, sizeof(out)), TT_OK);
	cr_expect_eq(out[0], 21, "compile-time arg 0 (7) x named arg scale (3)");
	cr_expect_eq(out[1], 1000, "named arg offset");
	cr_expect_eq(out[2], 10, "get_arg_val<float> 2.5 x 4");
	cr_expect_eq(out[3], 42, "get_arg_val<int32_t> -42, negated");
	cr_expect_eq(out[4], 9, "constexpr std::array of squares, std::memcpy");
	cr_assert_eq(tt_device_worker_core(dev, tt_core(1, 0), &noc), TT_OK);
	cr_expect_eq(out[5], noc.x << 8 | noc.y, "my_x[noc], my_y[noc]: got 0x%x", out[5]);
	cr_expect_eq(out[6], 5 + 0, "std::exchange");
	cr_expect_eq(out[7], 1, "get_noc_addr(addr) is this core's");
	cr_expect_eq(out[8], 1 | TT_DF_FLOAT16_B << 8 | TILE_BF16 << 16,
		     "get_dataformat / get_tile_size of CB 3: 0x%x", out[8]);
	cr_expect_eq(out[12], out[0], "read over the other NoC: 0x%x", out[12]);
	cr_expect_eq(out[11], 0, "the kernel's NoC (0) is back after a call on NoC 1");
	cr_expect_eq(out[16], out[4], "read over the kernel's own NoC after it: 0x%x", out[16]);
	cr_expect_str_eq(cap.text, "fmt 7 0xff    -3 2.50 1.5 c\n"
				   "f 15 17 1111 [7   ] [   7] [  7  ] [**ab***] true\n"
				   "stream 3 ff    7 0.500\n"
				   "only on BRISC 1000\n");

	tt_program_destroy(prog);
	tt_buffer_free(l1);
	tt_device_close(dev);
}

/*
 * The older compute spelling (namespace NAMESPACE { void MAIN }), legacy
 * include paths, DPRINT_UNPACK / _MATH / _PACK in both forms, TileSlice.
 */
Test(cxx_kernels, compute_main_namespace_square, .timeout = 180)
{
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t tiles = 2, n = tiles * TT_TILE_ELEMS;
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 1, 0, 1));
	struct tt_buffer *src = buffer(dev, TT_BUFFER_DRAM, tiles * TILE_BF16, TILE_BF16);
	struct tt_buffer *dst = buffer(dev, TT_BUFFER_DRAM, tiles * TILE_BF16, TILE_BF16);
	struct tt_compute_config ccfg = { 0 };
	uint32_t ct[] = { DRAM_ACCESSOR(TILE_BF16) };
	uint16_t *in = malloc(n * 2), *out = calloc(n, 2);
	char rp[1024], wp[1024];
	const char *reader = corpus(rp, sizeof(rp), "eltwise_sfpu/kernels/dataflow/read_tile.cpp");
	const char *writer = corpus(wp, sizeof(wp), "eltwise_sfpu/kernels/dataflow/write_tile.cpp");
	struct captured cap = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle r, w, k;
	uint32_t bad = 0;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	r = dm_kernel(prog, reader, &core, TT_DM_RISCV_1, ct, 2);
	w = dm_kernel(prog, writer, &core, TT_DM_RISCV_0, ct, 2);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("cxx_copy_main.cpp"), &core, &ccfg, &k),
		     TT_OK);
	cb_bf16(prog, &core, 0, 2);
	cb_bf16(prog, &core, 16, 2);
	{
		uint32_t ra[2] = { tt_buffer_address(src), tiles };
		uint32_t wa[2] = { tt_buffer_address(dst), tiles };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, r, tt_core(0, 1), ra, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, w, tt_core(0, 1), wa, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 1), &tiles, 1), TT_OK);
	}
	for (uint32_t i = 0; i < n; i++)
		in[i] = rne_bf16((float)((int)(i % 31) - 15));
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	tt_device_set_print_handler(dev, capture_risc, &cap);
	e2e_run_ok(dev, prog, &rep);
	/* one line per TRISC; the slice: rows 0 and 16, columns 0 and 16, faces */
	cr_expect(strstr(cap.text, "2:unpack 2\n"), "prints:\n%s", cap.text);
	cr_expect(strstr(cap.text, "3:math 2\n"), "prints:\n%s", cap.text);
	cr_expect(strstr(cap.text, "4:pack\n"), "prints:\n%s", cap.text);
	cr_expect(strstr(cap.text, "2:-15 -7\n2:1 9\n"), "tile slice:\n%s", cap.text);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	for (uint32_t i = 0; i < n; i++) {
		float x = bf16f(in[i]);

		if (out[i] != rne_bf16(x * x) && bad++ < 5)
			cr_log_error("element %u: %g squared = %g", i, x, bf16f(out[i]));
	}
	cr_expect_eq(bad, 0, "%u of %u squares differ", bad, n);

	free(in);
	free(out);
	tt_program_destroy(prog);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_device_close(dev);
}

/* A fault in a C++ kernel is reported with its .cpp file and line. */
Test(cxx_kernels, fault_names_cpp_line, .timeout = 120)
{
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	uint32_t where = 0x100000;
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	k = dm_kernel(prog, KERNEL("cxx_trap.cpp"), &core, TT_DM_RISCV_1, NULL, 0);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), &where, 1), TT_OK);
	rc = tt_program_run(dev, prog, 30000, &rep);
	cr_expect_neq(rc, TT_OK);
	cr_expect(strstr(tt_last_error(), "cxx_trap.cpp:9") != NULL ||
			  strstr(tt_last_error(), "cxx_trap.cpp:15") != NULL,
		  "no .cpp line in: %s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "kernel_main") != NULL, "message: %s", tt_last_error());

	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* A named arg that a C++ string literal cannot hold is refused at kernel creation. */
Test(cxx_kernels, bad_named_arg_refused)
{
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	const struct tt_named_arg bad[] = { { "a\"b", 1 } };
	struct tt_dm_config cfg = { .named_compile_args = bad, .num_named_compile_args = 1 };
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_expect_eq(tt_kernel_create(prog, KERNEL("cxx_trap.cpp"), &core, &cfg, &k), TT_EINVAL);
	cfg.num_named_compile_args = 0;
	cr_expect_eq(tt_kernel_create(prog, KERNEL("cxx_trap.cpp"), &core, &cfg, &k), TT_OK);
	tt_program_destroy(prog);
}

/* A build whose compiler output overflows the report still builds (and runs). */
Test(cxx_kernels, noisy_build_runs, .timeout = 120)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	uint32_t where = 0x100000, got = 0;
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	k = dm_kernel(prog, KERNEL("noisy.cpp"), &core, TT_DM_RISCV_0, NULL, 0);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), &where, 1), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_l1_read(dev, tt_core(0, 0), where, &got, 4), TT_OK);
	cr_expect_eq(got, 0x600d);

	tt_program_destroy(prog);
	tt_device_close(dev);
}

/*
 * TensorAccessor over a sharded buffer, with the args tt-metal's host
 * TensorAccessorArgs(buffer).append_to() writes: all compile-time, or
 * (@runtime) the shapes and banks as common runtime args.  The host
 * describes the buffer libtt placed: shard k on the core (or DRAM bank)
 * tt_buffer_sharded_args() names.
 */
static void sharded_copy(enum tt_buffer_type type, struct tt_core_range grid, bool runtime)
{
	const uint32_t page = 64, tensor[2] = { 10, 3 }, shard[2] = { 3, 3 };
	uint32_t pages = tensor[0] * tensor[1], words = pages * page / 4;
	struct tt_device *dev = e2e_open(4, 4);
	struct tt_buffer_shard_spec spec = {
		.grid = tt_core_range_set(grid),
		.shape = { shard[0], shard[1] * page / 4 },
		.orientation = TT_SHARD_ROW_MAJOR,
		.page_shape = { 1, page / 4 },
		.tensor_pages = { tensor[0], tensor[1] },
	};
	struct tt_buffer_config scfg = { .size = pages * page,
					 .page_size = page,
					 .type = type,
					 .layout = TT_BUFFER_HEIGHT_SHARDED,
					 .shard = &spec };
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(3, 3, 3, 3));
	struct tt_buffer *src, *dst = buffer(dev, TT_BUFFER_DRAM, pages * page, page);
	struct tt_buffer *l1 = buffer(dev, TT_BUFFER_L1, page, page);
	uint32_t sargs[64], nsargs, nshards, desc[32], n = 0, ct[40], nct = 0;
	uint32_t *in = malloc(words * 4), *out = calloc(words, 4);
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_buffer_create(dev, &scfg, &src), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_buffer_sharded_args(src, sargs, 64, &nsargs), TT_OK);
	nshards = sargs[7];
	/* rank, banks, tensor shape, shard shape, then two banks per word */
	desc[n++] = 2;
	desc[n++] = nshards;
	desc[n++] = tensor[0];
	desc[n++] = tensor[1];
	desc[n++] = shard[0];
	desc[n++] = shard[1];
	for (uint32_t s = 0; s < nshards; s++) {
		uint32_t w = sargs[TT_SHARDED_ARGS_HEADER + s] & 0xffff;
		uint32_t x = TT_FIELD_GET(NOC, ADDR_MID, X, w),
			 y = TT_FIELD_GET(NOC, ADDR_MID, Y, w);
		uint32_t xy = type == TT_BUFFER_DRAM ? (grid.start.x + s) << 8 : x << 8 | y;

		if (s % 2 == 0)
			desc[n++] = xy;
		else
			desc[n - 1] |= xy << 16;
	}
	ct[nct++] = 1u | (type == TT_BUFFER_DRAM ? 2u : 0u) | (runtime ? 124u : 0u);
	ct[nct++] = page;
	if (!runtime)
		for (uint32_t i = 0; i < n; i++)
			ct[nct++] = desc[i];
	ct[nct++] = 2; /* the interleaved DRAM output */
	ct[nct++] = page;
	cfg.compile_args = ct;
	cfg.num_compile_args = nct;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("cxx_sharded_copy.cpp"), &core, &cfg, &k),
		     TT_OK);
	{
		uint32_t args[4] = { tt_buffer_address(src), tt_buffer_address(dst),
				     tt_buffer_address(l1), pages };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(3, 3), args, 4), TT_OK);
	}
	if (runtime)
		cr_assert_eq(tt_kernel_set_common_runtime_args(prog, k, desc, n), TT_OK);
	for (uint32_t i = 0; i < words; i++)
		in[i] = i * 2654435761u;
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	for (uint32_t i = 0; i < words; i++)
		cr_assert_eq(out[i], in[i], "page %u word %u: 0x%x, want 0x%x", i / (page / 4),
			     i % (page / 4), out[i], in[i]);

	free(in);
	free(out);
	tt_program_destroy(prog);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_buffer_free(l1);
	tt_device_close(dev);
}

Test(cxx_kernels, tensor_accessor_sharded_l1, .timeout = 120)
{
	sharded_copy(TT_BUFFER_L1, tt_core_range(0, 0, 1, 1), false);
}

Test(cxx_kernels, tensor_accessor_sharded_l1_runtime_args, .timeout = 120)
{
	sharded_copy(TT_BUFFER_L1, tt_core_range(0, 0, 1, 1), true);
}

Test(cxx_kernels, tensor_accessor_sharded_dram, .timeout = 120)
{
	sharded_copy(TT_BUFFER_DRAM, tt_core_range(2, 0, 5, 0), false);
}

/* The freestanding standard headers: compile-time checks in the kernel, results here. */
Test(cxx_kernels, freestanding_std_headers, .timeout = 120)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	uint32_t args[2] = { 0x100000, 0 }, out[7] = { 0 };
	static const uint32_t want[7] = { 21, 97, 6, 1500, 12, 1, 97 };
	float x = 2.25f;
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	memcpy(&args[1], &x, 4);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	k = dm_kernel(prog, KERNEL("cxx_std_headers.cpp"), &core, TT_DM_RISCV_1, NULL, 0);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 2), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_l1_read(dev, tt_core(0, 0), args[0], out, sizeof(out)), TT_OK);
	for (int i = 0; i < 7; i++)
		cr_expect_eq(out[i], want[i], "result %d: %u, want %u", i, out[i], want[i]);

	tt_program_destroy(prog);
	tt_device_close(dev);
}

/*
 * Without a print handler, DPRINT lines follow tt-metal's switches: only
 * the cores of TT_METAL_DPRINT_CORES and RISCs of TT_METAL_DPRINT_RISCVS,
 * prefixed "0:(x=..,y=..):NC: ", into TT_METAL_DPRINT_FILE.
 */
Test(cxx_kernels, dprint_switches, .timeout = 120)
{
	char file[] = "/tmp/tt-dprint-XXXXXX", text[4096] = "";
	int fd = mkstemp(file);
	struct tt_device *dev;
	struct tt_core_range_set cores = tt_core_range_set(tt_core_range(0, 0, 1, 1));
	struct tt_run_report rep;
	struct tt_program *prog;
	size_t n;
	FILE *f;

	cr_assert(fd >= 0);
	close(fd);
	setenv("TT_METAL_DPRINT_CORES", "(1,0)-(1,1)", 1);
	setenv("TT_METAL_DPRINT_RISCVS", "NC", 1);
	setenv("TT_METAL_DPRINT_FILE", file, 1);
	dev = e2e_open(2, 2);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	dm_kernel(prog, KERNEL("cxx_dprint_hello.cpp"), &cores, TT_DM_RISCV_0, NULL, 0);
	dm_kernel(prog, KERNEL("cxx_dprint_hello.cpp"), &cores, TT_DM_RISCV_1, NULL, 0);
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	tt_device_close(dev);
	unsetenv("TT_METAL_DPRINT_CORES");
	unsetenv("TT_METAL_DPRINT_RISCVS");
	unsetenv("TT_METAL_DPRINT_FILE");

	f = fopen(file, "r");
	cr_assert(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	unlink(file);
	cr_expect(strstr(text, "0:(x=1,y=0):NC: hello 1 0\n"), "DPRINT file:\n%s", text);
	cr_expect(strstr(text, "0:(x=1,y=1):NC: hello 1 1\n"), "DPRINT file:\n%s", text);
	cr_expect(!strstr(text, "BR:") && !strstr(text, "x=0") && !strstr(text, "printf"),
		  "lines that should not be there:\n%s", text);
	cr_expect_eq(n, 2 * strlen("0:(x=1,y=0):NC: hello 1 0\n"), "DPRINT file:\n%s", text);
}

/* tt-metal spellings beyond the corpus build (data movement and compute). */
Test(cxx_kernels, api_spellings_build, .timeout = 120)
{
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	const uint32_t ct[] = { DRAM_ACCESSOR(TILE_BF16) };
	struct tt_compute_config ccfg = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	k = dm_kernel(prog, KERNEL("cxx_spellings_dm.cpp"), &core, TT_DM_RISCV_0, ct, 2);
	(void)k;
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("cxx_spellings_compute.cpp"), &core,
					      &ccfg, &k),
		     TT_OK);
	memset(&rep, 0, sizeof(rep));
	rc = tt_program_compile(NULL, prog, &rep);
	cr_expect_eq(rc, TT_OK, "%s", tt_last_error());
	tt_program_destroy(prog);
}

/* Globals with dynamic initialization are constructed before kernel_main. */
Test(cxx_kernels, global_constructors_run, .timeout = 120)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set core = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	uint32_t args[2] = { 0x100000, 3 }, out[2] = { 0, 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	k = dm_kernel(prog, KERNEL("cxx_global_ctor.cpp"), &core, TT_DM_RISCV_1, NULL, 0);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 2), TT_OK);
	tt_device_l1_write(dev, tt_core(0, 0), args[0], out, sizeof(out));
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_l1_read(dev, tt_core(0, 0), args[0], out, sizeof(out)), TT_OK);
	cr_expect_eq(out[0], 0x5eed + 3, "constructor result 0x%x", out[0]);
	cr_expect_eq(out[1], 1, "a global Noc is the kernel's NoC (1 on RISCV_1 here)");

	tt_program_destroy(prog);
	tt_device_close(dev);
}
