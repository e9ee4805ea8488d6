// SPDX-License-Identifier: Apache-2.0
/*
 * On-target tests, the host side: reserve the result mailbox (one L1
 * buffer, so the same address on every core), build the test program for
 * the chosen RISCs with -DTT_FWTEST_RESULTS=<it>, run it, read each
 * hart's record (hal/tt_fwtest_abi.h) and turn it into outcomes.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <tt/buffer.h>
#include <tt/error.h>
#include <tt/fwtest.h>

#include "base/base.h"
#include "tt_fwtest_abi.h"

#define FWTEST_MAX_DEFINES 32

static const char *const status_names[] = {
	[TT_FWTEST_STATUS_PASS] = "pass",	[TT_FWTEST_STATUS_FAIL] = "fail",
	[TT_FWTEST_STATUS_SKIP] = "skip",	[TT_FWTEST_STATUS_CRASH] = "crash",
	[TT_FWTEST_STATUS_NOT_RUN] = "not run",
};

static void copy_str(char *dst, size_t cap, const volatile char *src, size_t src_cap)
{
	size_t i;

	for (i = 0; i + 1 < cap && i < src_cap && src[i]; i++)
		dst[i] = src[i];
	dst[i] = 0;
}

/* The RISCs a hart mask selects, in TT_RISC_* order. */
static uint32_t risc_list(uint32_t riscs, unsigned int *list)
{
	uint32_t n = 0;

	if (riscs & TT_FWTEST_BRISC)
		list[n++] = TT_RISC_BRISC;
	if (riscs & TT_FWTEST_NCRISC)
		list[n++] = TT_RISC_NCRISC;
	if (riscs & TT_FWTEST_TRISCS) {
		list[n++] = TT_RISC_TRISC0;
		list[n++] = TT_RISC_TRISC1;
		list[n++] = TT_RISC_TRISC2;
	}
	return n;
}

static int add_kernels(struct tt_program *prog, const struct tt_fwtest_config *cfg,
		       const struct tt_define *defs, uint32_t ndefs)
{
	tt_kernel_handle k;
	int rc = TT_OK;

	if (cfg->riscs & TT_FWTEST_BRISC) {
		struct tt_dm_config dm = { .processor = TT_DM_RISCV_0,
					   .noc = TT_NOC_0,
					   .defines = defs,
					   .num_defines = ndefs };

		rc = tt_kernel_create(prog, cfg->path, &cfg->cores, &dm, &k);
	}
	if (!rc && (cfg->riscs & TT_FWTEST_NCRISC)) {
		struct tt_dm_config dm = { .processor = TT_DM_RISCV_1,
					   .noc = TT_NOC_1,
					   .defines = defs,
					   .num_defines = ndefs };

		rc = tt_kernel_create(prog, cfg->path, &cfg->cores, &dm, &k);
	}
	if (!rc && (cfg->riscs & TT_FWTEST_TRISCS)) {
		struct tt_compute_config cc = { .defines = defs, .num_defines = ndefs };

		rc = tt_compute_kernel_create(prog, cfg->path, &cfg->cores, &cc, &k);
	}
	return rc;
}

/* A new outcome of @core / @risc at the end of @res. */
static struct tt_fwtest_outcome *add_outcome(struct tt_fwtest_result *res, struct tt_core core,
					     unsigned int risc)
{
	struct tt_fwtest_outcome *o = &res->outcomes[res->num++];

	memset(o, 0, sizeof(*o));
	o->core = core;
	o->risc = risc;
	return o;
}

/* Outcomes of one hart's record, appended to @res. */
static void collect(struct tt_fwtest_result *res, struct tt_core core, unsigned int risc,
		    const struct tt_fwtest_record *r)
{
	bool crashed = false;

	if (r->magic != TT_FWTEST_MAGIC) {
		/* The runner never started: the whole program is one crash. */
		struct tt_fwtest_outcome *o = add_outcome(res, core, risc);

		snprintf(o->name, sizeof(o->name), "(test program)");
		o->status = TT_FWTEST_STATUS_CRASH;
		snprintf(o->msg, sizeof(o->msg), "the test runner never started");
		res->crashed++;
		return;
	}
	for (uint32_t i = 0; i < r->num_cases && i < TT_FWTEST_MAX_CASES; i++) {
		const struct tt_fwtest_case *c = &r->cases[i];
		struct tt_fwtest_outcome *o = add_outcome(res, core, risc);

		copy_str(o->name, sizeof(o->name), c->name, sizeof(c->name));
		o->checks = c->checks;
		o->failures = c->failures;
		o->line = c->line;
		copy_str(o->msg, sizeof(o->msg), c->msg, sizeof(c->msg));
		switch (c->status) {
		case TT_FWTEST_PASS:
			o->status = TT_FWTEST_STATUS_PASS;
			res->passed++;
			break;
		case TT_FWTEST_FAIL:
			o->status = TT_FWTEST_STATUS_FAIL;
			res->failed++;
			break;
		case TT_FWTEST_SKIP:
			o->status = TT_FWTEST_STATUS_SKIP;
			res->skipped++;
			break;
		case TT_FWTEST_RUNNING:
			o->status = TT_FWTEST_STATUS_CRASH;
			snprintf(o->msg, sizeof(o->msg),
				 "started and never returned (trap or hang, "
				 "see the run report)");
			res->crashed++;
			crashed = true;
			break;
		default:
			o->status = TT_FWTEST_STATUS_NOT_RUN;
			snprintf(o->msg, sizeof(o->msg), "%s",
				 crashed ? "an earlier case crashed"
					 : "the program stopped before it");
			res->not_run++;
			break;
		}
	}
	if (r->num_cases > TT_FWTEST_MAX_CASES) {
		struct tt_fwtest_outcome *o = add_outcome(res, core, risc);

		snprintf(o->name, sizeof(o->name), "(test program)");
		o->status = TT_FWTEST_STATUS_FAIL;
		snprintf(o->msg, sizeof(o->msg), "%u cases, only %u fit a record: split the file",
			 r->num_cases, TT_FWTEST_MAX_CASES);
		res->failed++;
	}
}

/* A refusal of tt_fwtest_run: what, the value and the limit. */
static int refuse(int rc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int refuse(int rc, const char *fmt, ...)
{
	char text[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return tt_fail(rc, "tt_fwtest_run: %s", text);
}

static int check_config(const struct tt_device *dev, const struct tt_fwtest_config *cfg)
{
	struct tt_core grid = tt_device_grid(dev);

	if (!cfg->path)
		return refuse(TT_EINVAL, "the test program path is NULL");
	if (cfg->cores.count == 0 || cfg->cores.count > TT_CORE_RANGE_SET_MAX)
		return refuse(TT_EINVAL, "%u core ranges: give 1 to %u", cfg->cores.count,
			      TT_CORE_RANGE_SET_MAX);
	if (cfg->riscs & ~TT_FWTEST_ALL)
		return refuse(TT_EINVAL,
			      "riscs 0x%x has bits outside TT_FWTEST_ALL "
			      "(0x%x)",
			      cfg->riscs, TT_FWTEST_ALL);
	if (cfg->num_defines > FWTEST_MAX_DEFINES - 1)
		return refuse(TT_EINVAL, "%u defines, at most %u", cfg->num_defines,
			      FWTEST_MAX_DEFINES - 1);
	if (cfg->num_defines && !cfg->defines)
		return refuse(TT_EINVAL, "%u defines, but the array is NULL", cfg->num_defines);
	for (uint32_t i = 0; i < cfg->cores.count; i++) {
		const struct tt_core_range *r = &cfg->cores.ranges[i];

		if (r->start.x > r->end.x || r->start.y > r->end.y)
			return refuse(TT_EINVAL,
				      "core range %u (%u,%u)-(%u,%u) is "
				      "inverted: start must not exceed end",
				      i, r->start.x, r->start.y, r->end.x, r->end.y);
		if (r->end.x >= grid.x || r->end.y >= grid.y)
			return refuse(TT_ERANGE,
				      "core range %u (%u,%u)-(%u,%u) is "
				      "outside the %ux%u grid",
				      i, r->start.x, r->start.y, r->end.x, r->end.y, grid.x,
				      grid.y);
	}
	return TT_OK;
}

int tt_fwtest_run(struct tt_device *dev, const struct tt_fwtest_config *in,
		  struct tt_fwtest_result **out)
{
	struct tt_fwtest_config cfg;
	struct tt_define defs[FWTEST_MAX_DEFINES];
	struct tt_buffer_config bc;
	struct tt_fwtest_result *res;
	struct tt_fwtest_record *rec = NULL;
	struct tt_buffer *mbox = NULL;
	struct tt_program *prog = NULL;
	unsigned int riscs[TT_RISCS_PER_CORE];
	struct tt_core grid, *cores = NULL; /* the chosen ones, row-major */
	char addr[16];
	uint32_t nriscs, ncores = 0, base;
	int rc;

	if (out)
		*out = NULL;
	/* tt_device_arch() refuses, with a message, what is not a device. */
	if (!tt_device_arch(dev))
		return TT_EINVAL;
	if (!in || !out)
		return refuse(TT_EINVAL, "the %s is NULL", !in ? "config" : "result pointer");
	cfg = *in;
	if (!cfg.riscs)
		cfg.riscs = TT_FWTEST_BRISC;
	if (!cfg.timeout_ms)
		cfg.timeout_ms = 30000;
	rc = check_config(dev, &cfg);
	if (rc)
		return rc;
	grid = tt_device_grid(dev);
	nriscs = risc_list(cfg.riscs, riscs);

	res = calloc(1, sizeof(*res));
	if (!res)
		return refuse(TT_ENOMEM, "out of host memory");
	snprintf(res->path, sizeof(res->path), "%s", cfg.path);
	*out = res;

	/* One page per L1 bank: the same address in every worker's L1. */
	bc = (struct tt_buffer_config){
		.type = TT_BUFFER_L1,
		.page_size = TT_FWTEST_CORE_BYTES,
		.size = (uint64_t)TT_FWTEST_CORE_BYTES * tt_device_num_banks(dev, TT_BUFFER_L1),
	};
	rc = tt_buffer_create(dev, &bc, &mbox);
	if (rc)
		goto out;
	base = tt_buffer_address(mbox);
	rec = calloc(1, TT_FWTEST_CORE_BYTES);
	cores = calloc((size_t)grid.x * grid.y, sizeof(*cores));
	if (!rec || !cores) {
		rc = refuse(TT_ENOMEM, "out of host memory");
		goto out;
	}
	for (uint32_t y = 0; y < grid.y; y++)
		for (uint32_t x = 0; x < grid.x; x++)
			if (tt_core_range_set_contains(&cfg.cores, tt_core(x, y)))
				cores[ncores++] = tt_core(x, y);
	for (uint32_t c = 0; c < ncores; c++) {
		rc = tt_device_l1_write(dev, cores[c], base, rec, TT_FWTEST_CORE_BYTES);
		if (rc)
			goto out;
	}

	snprintf(addr, sizeof(addr), "0x%x", base);
	if (cfg.num_defines)
		memcpy(defs, cfg.defines, cfg.num_defines * sizeof(defs[0]));
	defs[cfg.num_defines] = (struct tt_define){ "TT_FWTEST_RESULTS", addr };
	rc = tt_program_create(&prog);
	if (!rc)
		rc = add_kernels(prog, &cfg, defs, cfg.num_defines + 1);
	if (rc)
		goto out;
	/* Build or launch errors: nothing ran, the last error says why. */
	rc = tt_program_compile(dev, prog, &res->run);
	if (!rc)
		rc = tt_enqueue_program(dev, prog, &res->run);
	if (rc)
		goto out;
	if (tt_finish(dev, cfg.timeout_ms, &res->run))
		snprintf(res->run_errors, sizeof(res->run_errors), "%s", tt_last_error());

	res->outcomes =
		calloc((size_t)ncores * nriscs * (TT_FWTEST_MAX_CASES + 1), sizeof(*res->outcomes));
	if (!res->outcomes) {
		rc = refuse(TT_ENOMEM, "out of host memory");
		goto out;
	}
	for (uint32_t c = 0; c < ncores; c++) {
		if (tt_device_l1_read(dev, cores[c], base, rec, TT_FWTEST_CORE_BYTES))
			continue;
		for (uint32_t i = 0; i < nriscs; i++)
			collect(res, cores[c], riscs[i], &rec[riscs[i]]);
	}
	if (res->run.status && !res->crashed)
		res->crashed++; /* the run failed after every case returned */
	rc = res->failed || res->crashed ? TT_ETESTFAIL : TT_OK;
out:
	free(cores);
	free(rec);
	tt_program_destroy(prog);
	/* A live buffer of an open device frees; @rc already says how it went. */
	(void)tt_buffer_free(mbox);
	return rc;
}

void tt_fwtest_result_free(struct tt_fwtest_result *res)
{
	if (!res)
		return;
	free(res->outcomes);
	free(res);
}

/* Print @text as TAP diagnostics: every line prefixed with "# ". */
static void tap_diag(FILE *f, const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		int len = nl ? (int)(nl - text) : (int)strlen(text);

		fprintf(f, "# %.*s\n", len, text);
		text += len + (nl ? 1 : 0);
	}
}

void tt_fwtest_print_tap(FILE *f, const struct tt_fwtest_result *res)
{
	if (!f || !res)
		return;
	fprintf(f, "TAP version 13\n1..%u\n", res->num);
	for (uint32_t i = 0; i < res->num; i++) {
		const struct tt_fwtest_outcome *o = &res->outcomes[i];
		bool ok = o->status == TT_FWTEST_STATUS_PASS || o->status == TT_FWTEST_STATUS_SKIP;

		fprintf(f, "%s %u core (%u,%u) %s %s", ok ? "ok" : "not ok", i + 1, o->core.x,
			o->core.y, tt_risc_name(o->risc), o->name);
		if (o->status == TT_FWTEST_STATUS_SKIP)
			fprintf(f, " # SKIP %s", o->msg);
		fputc('\n', f);
		if (o->status == TT_FWTEST_STATUS_FAIL && o->line)
			fprintf(f, "# %s:%u: %s%s\n", res->path, o->line, o->msg,
				o->failures > 1 ? " (and more failures)" : "");
		else if (!ok)
			fprintf(f, "# %s: %s\n", status_names[o->status], o->msg);
	}
	if (res->run.status)
		tap_diag(f, res->run_errors);
	fprintf(f, "# Totals: pass:%u fail:%u xfail:0 xpass:0 skip:%u error:%u\n", res->passed,
		res->failed, res->skipped, res->crashed + res->not_run);
}
