// SPDX-License-Identifier: Apache-2.0
/*
 * C++ kernels: every kernel file of tt-metal's programming examples (the
 * conformance corpus, read where it lies: ../shared/tt-metal next to the
 * source tree, or TT_METAL_HOME) builds unmodified through libtt, as a
 * data-movement kernel or, when it is one, as a compute kernel for all
 * three TRISCs.  Prints how many build; a file that fails is a test
 * failure unless it is listed below with the reason.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define EXAMPLES  "/tt_metal/programming_examples"
#define MAX_FILES 256

/*
 * Not supported yet, with the reason (docs/kernel-api.md); none at the
 * moment.  The list ends with a NULL file.
 */
static const struct {
	const char *file;
	const char *why;
} expected_failures[] = {
	{ NULL, NULL },
};

static char *files[MAX_FILES];
static size_t nfiles;

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	size_t n = strlen(path);

	(void)st, (void)ftw;
	if (type == FTW_F && n > 4 && !strcmp(path + n - 4, ".cpp") && strstr(path, "/kernels/") &&
	    nfiles < MAX_FILES)
		files[nfiles++] = strdup(path);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The corpus root, or NULL when it is not there. */
static const char *corpus_root(char *buf, size_t len)
{
	const char *home = getenv("TT_METAL_HOME");
	struct stat st;

	snprintf(buf, len, "%s" EXAMPLES, home && *home ? home : TT_SRC_DIR "/../shared/tt-metal");
	return stat(buf, &st) == 0 && S_ISDIR(st.st_mode) ? buf : NULL;
}

/* Compute kernel: under a compute/ folder, or it includes the compute API. */
static bool is_compute(const char *path)
{
	FILE *f;
	char line[512];
	bool compute = false;

	if (strstr(path, "/compute/"))
		return true;
	if (strstr(path, "/dataflow/"))
		return false;
	f = fopen(path, "r");
	cr_assert(f, "cannot read %s", path);
	while (!compute && fgets(line, sizeof(line), f))
		compute = strstr(line, "#include") &&
			  (strstr(line, "api/compute/") || strstr(line, "compute_kernel_api"));
	fclose(f);
	return compute;
}

static const char *expected_failure(const char *rel)
{
	for (size_t i = 0; expected_failures[i].file; i++)
		if (!strcmp(rel, expected_failures[i].file))
			return expected_failures[i].why;
	return NULL;
}

/*
 * Compile-time args every kernel can take: TensorAccessorArgs at any even
 * offset read an interleaved DRAM buffer of 2 KiB pages (config IsDram = 2,
 * then the page size), CB indices and loop bounds read small numbers.
 */
static const uint32_t ct_args[16] = {
	2, 2048, 2, 2048, 2, 2048, 2, 2048, 2, 2048, 2, 2048, 2, 2048, 2, 2048,
};
static const struct tt_named_arg named[] = { { "c_1", 1 } };

static int build(const char *path, bool compute, struct tt_run_report *rep)
{
	struct tt_core_range_set cores = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	struct tt_program *prog;
	tt_kernel_handle k;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	if (compute) {
		struct tt_compute_config cfg = {
			.compile_args = ct_args,
			.num_compile_args = 16,
			.named_compile_args = named,
			.num_named_compile_args = 1,
		};
		rc = tt_compute_kernel_create(prog, path, &cores, &cfg, &k);
	} else {
		struct tt_dm_config cfg = {
			.processor = TT_DM_RISCV_0,
			.compile_args = ct_args,
			.num_compile_args = 16,
			.named_compile_args = named,
			.num_named_compile_args = 1,
		};
		rc = tt_kernel_create(prog, path, &cores, &cfg, &k);
	}
	cr_assert_eq(rc, TT_OK, "%s: %s", path, tt_strerror(rc));
	memset(rep, 0, sizeof(*rep));
	rc = tt_program_compile(NULL, prog, rep);
	tt_program_destroy(prog);
	return rc;
}

Test(cxx_corpus, every_kernel_builds, .timeout = 900)
{
	char root[1024];
	size_t ok = 0, unexpected = 0;

	if (!corpus_root(root, sizeof(root))) {
		cr_skip_test("tt-metal corpus not found (../shared/tt-metal or TT_METAL_HOME): "
			     "nothing to build");
		return;
	}
	cr_assert_eq(nftw(root, collect, 16, FTW_PHYS), 0);
	qsort(files, nfiles, sizeof(files[0]), by_name);
	cr_assert_gt(nfiles, 0, "no kernel .cpp files under %s", root);
	for (size_t i = 0; i < nfiles; i++) {
		const char *rel = files[i] + strlen(root) + 1;
		const char *why = expected_failure(rel);
		bool compute = is_compute(files[i]);
		struct tt_run_report rep;
		int rc = build(files[i], compute, &rep);

		if (!rc) {
			ok++;
			cr_expect(!why, "%s builds now: drop it from expected_failures", rel);
		} else if (why) {
			printf("   not yet: %s (%s)\n", rel, why);
		} else {
			unexpected++;
			cr_log_error("%s (%s) does not build: %s\n%s", rel,
				     compute ? "compute" : "data movement", tt_strerror(rc),
				     tt_last_error());
		}
		free(files[i]);
	}
	printf("   tt-metal corpus: %zu of %zu kernel files build\n", ok, nfiles);
	cr_expect_eq(unexpected, 0, "%zu corpus kernel files fail to build", unexpected);
}
