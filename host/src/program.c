// SPDX-License-Identifier: Apache-2.0
/*
 * Programs: kernels on core ranges, their runtime args, and the launch.
 *
 * A launch follows tt-metal's slow dispatch (reference/ttmetal-facts.md
 * §4.2-§4.4): per core the host writes the kernel-config blob (unique and
 * common runtime args per RISC) at TT_MEM_KERNEL_CONFIG_BASE, each
 * kernel's text into its RISC's slot (skipped when the same binary is
 * already there) and the launch message; then one doorbell message sets
 * go = GO on every core and wakes every BRISC.  The blob starts with the
 * semaphores (sem_offset, TT_MAX_SEMAPHORES x 16 bytes) and the CB
 * configs (local_cb_offset, TT_NUM_CBS x 16 bytes, hal/tt_cb.h), so both
 * sit at the same address on every core; the args follow.
 * Before anything is written, every core's CB region is checked against
 * the L1 buffers allocated at that moment (tt_bank_check_cb).
 * tt_finish() sleeps on the control channel until each core's DONE
 * doorbell arrives.  On a timeout it asks the
 * device what every hart waits for, writes that into the report, and
 * reboots the cores that did not finish.
 *
 * The run state (which program is in flight, which cores it launched,
 * what failed) lives in the device; a program only knows the device it is
 * in flight on, so destroying it can stop that run first.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tt/report.h>

#include "internal.h"
#include "tt_cb.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_noc_regs.h"
#include "tt_tile_regs.h"

#define TT_RUN_TIMEOUT_MS	60000
#define TT_REBOOT_TIMEOUT_MS	10000
#define TT_FAIL_GRACE_MS	500	/* for other cores, after a failure */

/* The kernel-config blob: fixed parts first, then the runtime args. */
#define TT_BLOB_SEM_OFFSET	0
#define TT_BLOB_CB_OFFSET	(TT_BLOB_SEM_OFFSET + TT_MAX_SEMAPHORES * 16)
#define TT_BLOB_ARGS_OFFSET	(TT_BLOB_CB_OFFSET + TT_NUM_CBS * TT_CB_CONFIG_BYTES)

struct tt_core_args {
	struct tt_core core;
	uint32_t count;
	uint32_t *values;
};

struct tt_kernel {
	char path[PATH_MAX];
	unsigned int risc;
	unsigned int noc;
	struct tt_core_range_set cores;
	uint32_t *compile_args;
	uint32_t num_compile_args;
	struct tt_define *defines;
	uint32_t num_defines;
	struct tt_named_arg *named_args;
	uint32_t num_named_args;
	uint32_t common[TT_MAX_RUNTIME_ARGS];
	uint32_t num_common;
	struct tt_core_args *args;
	uint32_t num_args;
	bool built;
	struct tt_elf elf;
	uint64_t id[2];
	uint32_t group;			/* kernels behind this handle (3: compute) */
	uint8_t compute_cfg;		/* TILE CONFIG fields (compute kernels) */
};

struct tt_semaphore {
	struct tt_core_range_set cores;
	uint32_t id;
	uint32_t value;
};

struct tt_program {
	struct tt_kernel **kernels;
	uint32_t num_kernels;
	struct tt_semaphore *sems;
	uint32_t num_sems;
	struct tt_cb_set cbs;
	struct tt_device *dev;		/* in flight there, or NULL */
};

static const uint32_t slot_base[TT_RISCS_PER_CORE] = {
	TT_MEM_BRISC_KERNEL_BASE, TT_MEM_NCRISC_KERNEL_BASE,
	TT_MEM_TRISC0_KERNEL_BASE, TT_MEM_TRISC1_KERNEL_BASE,
	TT_MEM_TRISC2_KERNEL_BASE,
};

static void report_clear(struct tt_run_report *r)
{
	if (r)
		memset(r, 0, sizeof(*r));
}

static int report_fail(struct tt_run_report *r, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Say why in @r (if any) and in the thread's last error. */
static int report_fail(struct tt_run_report *r, int status, const char *fmt, ...)
{
	char msg[sizeof(r->message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (r) {
		r->status = status;
		snprintf(r->message, sizeof(r->message), "%s", msg);
	}
	return tt_fail(status, "%s", msg);
}

int tt_prog_check(const struct tt_program *prog, const char *fn)
{
	if (!prog)
		return tt_fail(TT_EINVAL, "%s: the program is NULL", fn);
	if (!tt_handle_live(prog, TT_HANDLE_PROGRAM))
		return tt_fail(TT_EINVAL, "%s: %p is not a live program (destroyed "
			       "already, or not a program)", fn, (const void *)prog);
	return TT_OK;
}

/* Core ranges ------------------------------------------------------------ */

const char *tt_core_range_set_text(const struct tt_core_range_set *set,
				   char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (uint32_t i = 0; i < set->count && i < TT_CORE_RANGE_SET_MAX && n < len; i++) {
		const struct tt_core_range *r = &set->ranges[i];

		n += (size_t)snprintf(buf + n, len - n, "%s(%u,%u)-(%u,%u)",
				      i ? ", " : "", r->start.x, r->start.y,
				      r->end.x, r->end.y);
	}
	return buf;
}

/*
 * A program does not know its device until it is enqueued: ranges are
 * checked against the largest grid of the emulated chip here, and
 * against the device's own grid at enqueue.
 */
int tt_core_range_set_check(const struct tt_core_range_set *set,
			    const char *fn, const char *what)
{
	const struct tt_arch *a = tt_arch_get(TT_ARCH_WORMHOLE_B0);

	if (!set)
		return tt_fail(TT_EINVAL, "%s: the %s core range set is NULL", fn, what);
	if (!set->count || set->count > TT_CORE_RANGE_SET_MAX)
		return tt_fail(TT_EINVAL, "%s: the %s core range set has %u ranges: "
			       "give 1 to %u", fn, what, set->count,
			       TT_CORE_RANGE_SET_MAX);
	for (uint32_t i = 0; i < set->count; i++) {
		const struct tt_core_range *r = &set->ranges[i];

		if (r->start.x > r->end.x || r->start.y > r->end.y)
			return tt_fail(TT_EINVAL, "%s: %s core range %u (%u,%u)-(%u,%u) "
				       "is inverted: start must not exceed end", fn,
				       what, i, r->start.x, r->start.y, r->end.x,
				       r->end.y);
		if (r->end.x >= a->grid_x_max || r->end.y >= a->grid_y_max)
			return tt_fail(TT_ERANGE, "%s: %s core range %u (%u,%u)-(%u,%u) "
				       "is outside the largest %s grid, %ux%u", fn,
				       what, i, r->start.x, r->start.y, r->end.x,
				       r->end.y, a->name, a->grid_x_max, a->grid_y_max);
	}
	return TT_OK;
}

/* Program and kernels ---------------------------------------------------- */

int tt_program_create(struct tt_program **out)
{
	struct tt_program *prog;

	if (!out)
		return tt_fail(TT_EINVAL, "tt_program_create: the result pointer is NULL");
	*out = NULL;
	prog = calloc(1, sizeof(*prog));
	if (!prog || tt_handle_add(prog, TT_HANDLE_PROGRAM)) {
		free(prog);
		return tt_fail(TT_ENOMEM, "tt_program_create: out of host memory");
	}
	*out = prog;
	return TT_OK;
}

static void kernel_free(struct tt_kernel *k)
{
	for (uint32_t i = 0; i < k->num_args; i++)
		free(k->args[i].values);
	free(k->args);
	for (uint32_t i = 0; i < k->num_defines; i++) {
		free((char *)k->defines[i].name);
		free((char *)k->defines[i].value);
	}
	free(k->defines);
	for (uint32_t i = 0; i < k->num_named_args; i++)
		free((char *)k->named_args[i].name);
	free(k->named_args);
	free(k->compile_args);
	tt_elf_free(&k->elf);
	free(k);
}

/*
 * A program in flight is stopped first (tt_dev_stop_program): its cores
 * are reset, so nothing of it runs on, or is read from, freed memory.
 */
void tt_program_destroy(struct tt_program *prog)
{
	if (!prog)
		return;
	if (!tt_handle_remove(prog, TT_HANDLE_PROGRAM)) {
		tt_fail(TT_EINVAL, "tt_program_destroy: %p is not a live program "
			"(destroyed twice?)", (void *)prog);
		return;
	}
	if (prog->dev)
		tt_dev_stop_program(prog->dev, false);
	for (uint32_t i = 0; i < prog->num_kernels; i++)
		kernel_free(prog->kernels[i]);
	free(prog->kernels);
	free(prog->sems);
	tt_cb_set_free(&prog->cbs);
	free(prog);
}

struct tt_cb_set *tt_program_cbs(struct tt_program *prog)
{
	return &prog->cbs;
}

const struct tt_cb_set *tt_program_cbs_const(const struct tt_program *prog)
{
	return &prog->cbs;
}

/* Is @path a file we can read (not a directory)? */
static bool readable_file(const char *path)
{
	struct stat st;

	return !access(path, R_OK) && !stat(path, &st) && S_ISREG(st.st_mode);
}

/*
 * Find @path as given, else in each directory of TT_EMU_KERNEL_PATH; a
 * directory is not a kernel.  @fn names the caller in the error.
 */
static int resolve_source(const char *fn, const char *path, char *out)
{
	const char *dirs = getenv("TT_EMU_KERNEL_PATH");
	char cand[PATH_MAX];
	struct stat st;

	if (readable_file(path))
		return realpath(path, out) ? TT_OK :
		       tt_fail(TT_ENOENT, "%s: kernel source \"%s\": %s", fn,
			       path, strerror(errno));
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return tt_fail(TT_EINVAL, "%s: kernel source \"%s\" is a directory, "
			       "not a C file", fn, path);
	if (path[0] != '/' && dirs) {
		while (*dirs) {
			size_t n = strcspn(dirs, ":");

			snprintf(cand, sizeof(cand), "%.*s/%s", (int)n, dirs, path);
			if (readable_file(cand) && realpath(cand, out))
				return TT_OK;
			dirs += n + (dirs[n] == ':');
		}
	}
	return tt_fail(TT_ENOENT, "%s: kernel source \"%s\" not found (looked in "
		       "the current directory%s)", fn, path,
		       path[0] != '/' && getenv("TT_EMU_KERNEL_PATH") ?
		       " and TT_EMU_KERNEL_PATH" : "");
}

/* Validate @cores and append a kernel for @risc; *@out is its handle. */
static int kernel_add(const char *fn, struct tt_program *prog, const char *path,
		      const struct tt_core_range_set *cores, unsigned int risc,
		      unsigned int noc, const uint32_t *compile_args,
		      uint32_t num_compile_args, const struct tt_define *defines,
		      uint32_t num_defines, const struct tt_named_arg *named,
		      uint32_t num_named, const struct tt_define *extra,
		      uint32_t num_extra, tt_kernel_handle *out)
{
	struct tt_kernel *k, **grown;
	uint32_t ndef = num_defines + num_extra;
	int rc;

	if (num_compile_args && !compile_args)
		return tt_fail(TT_EINVAL, "%s: %u compile-time args but the array is "
			       "NULL", fn, num_compile_args);
	if (num_defines && !defines)
		return tt_fail(TT_EINVAL, "%s: %u defines but the array is NULL", fn,
			       num_defines);
	for (uint32_t i = 0; i < num_defines; i++)
		if (!defines[i].name || !defines[i].name[0])
			return tt_fail(TT_EINVAL, "%s: define %u has no name", fn, i);
	if (num_named && !named)
		return tt_fail(TT_EINVAL, "%s: %u named compile-time args but the array "
			       "is NULL", fn, num_named);
	for (uint32_t i = 0; i < num_named; i++)
		if (!tt_named_arg_valid(named[i].name))
			return tt_fail(TT_EINVAL, "%s: named compile-time arg %u: the name is "
				       "empty or has a quote, backslash or control "
				       "character", fn, i);
	k = calloc(1, sizeof(*k));
	if (!k)
		return tt_fail(TT_ENOMEM, "%s: out of host memory", fn);
	rc = resolve_source(fn, path, k->path);
	if (rc) {
		free(k);
		return rc;
	}
	k->risc = risc;
	k->noc = noc;
	k->cores = *cores;
	k->group = 1;
	if (num_compile_args) {
		k->compile_args = malloc(num_compile_args * sizeof(uint32_t));
		if (!k->compile_args)
			goto nomem;
		memcpy(k->compile_args, compile_args, num_compile_args * sizeof(uint32_t));
		k->num_compile_args = num_compile_args;
	}
	if (num_named) {
		k->named_args = calloc(num_named, sizeof(*k->named_args));
		if (!k->named_args)
			goto nomem;
		for (uint32_t i = 0; i < num_named; i++) {
			k->named_args[i].name = strdup(named[i].name);
			k->named_args[i].value = named[i].value;
			k->num_named_args++;
			if (!k->named_args[i].name)
				goto nomem;
		}
	}
	if (ndef) {
		k->defines = calloc(ndef, sizeof(*k->defines));
		if (!k->defines)
			goto nomem;
		for (uint32_t i = 0; i < ndef; i++) {
			const struct tt_define *d = i < num_defines ? &defines[i] :
						    &extra[i - num_defines];

			k->defines[i].name = strdup(d->name);
			k->defines[i].value = strdup(d->value ? d->value : "");
			k->num_defines++;
			if (!k->defines[i].name || !k->defines[i].value)
				goto nomem;
		}
	}
	grown = realloc(prog->kernels, (prog->num_kernels + 1) * sizeof(*grown));
	if (!grown)
		goto nomem;
	prog->kernels = grown;
	prog->kernels[prog->num_kernels] = k;
	*out = prog->num_kernels++;
	return TT_OK;
nomem:
	kernel_free(k);
	return tt_fail(TT_ENOMEM, "%s: out of host memory", fn);
}

/* The arguments both kernel create calls share. */
static int kernel_create_check(const char *fn, struct tt_program *prog, const char *path,
			       const void *cfg, const void *out,
			       const struct tt_core_range_set *cores)
{
	int rc = tt_prog_check(prog, fn);

	if (rc)
		return rc;
	if (!path || !cfg || !out)
		return tt_fail(TT_EINVAL, "%s: the %s is NULL", fn,
			       !path ? "kernel path" : !cfg ? "config" : "result pointer");
	return tt_core_range_set_check(cores, fn, "kernel");
}

int tt_kernel_create(struct tt_program *prog, const char *path,
		     const struct tt_core_range_set *cores,
		     const struct tt_dm_config *cfg, tt_kernel_handle *out)
{
	static const char fn[] = "tt_kernel_create";
	int rc = kernel_create_check(fn, prog, path, cfg, out, cores);

	if (rc)
		return rc;
	if ((unsigned int)cfg->processor > TT_DM_RISCV_1 || (unsigned int)cfg->noc > TT_NOC_1)
		return tt_fail(TT_EINVAL, "%s: processor %u and NoC %u: use "
			       "TT_DM_RISCV_0/1 and TT_NOC_0/1", fn,
			       (unsigned int)cfg->processor, (unsigned int)cfg->noc);
	return kernel_add(fn, prog, path, cores,
			  cfg->processor == TT_DM_RISCV_0 ? TT_RISC_BRISC : TT_RISC_NCRISC,
			  cfg->noc, cfg->compile_args, cfg->num_compile_args,
			  cfg->defines, cfg->num_defines, cfg->named_compile_args,
			  cfg->num_named_compile_args, NULL, 0, out);
}

int tt_compute_kernel_create(struct tt_program *prog, const char *path,
			     const struct tt_core_range_set *cores,
			     const struct tt_compute_config *cfg,
			     tt_kernel_handle *out)
{
	static const char *const thread[3] = {
		"TRISC_UNPACK", "TRISC_MATH", "TRISC_PACK",
	};
	static const char fn[] = "tt_compute_kernel_create";
	uint32_t first;
	tt_kernel_handle h;
	uint32_t fidelity;		/* the engine's encoding: LoFi 0, HiFiN N */
	uint8_t ccfg;
	int rc = kernel_create_check(fn, prog, path, cfg, out, cores);

	if (rc)
		return rc;
	if ((unsigned int)cfg->math_fidelity > TT_MATH_FIDELITY_HIFI4)
		return tt_fail(TT_EINVAL, "%s: math fidelity %u is unknown: use "
			       "TT_MATH_FIDELITY_*", fn, (unsigned int)cfg->math_fidelity);
	first = prog->num_kernels;
	fidelity = cfg->math_fidelity == TT_MATH_FIDELITY_DEFAULT ? 4 :
		   cfg->math_fidelity == TT_MATH_FIDELITY_LOFI ? 0 :
		   (uint32_t)cfg->math_fidelity;
	ccfg = (uint8_t)(TT_FIELD_VAL(TILE, CONFIG, FIDELITY, fidelity) |
			 TT_FIELD_VAL(TILE, CONFIG, FP32_DEST, cfg->fp32_dest_acc_en) |
			 TT_FIELD_VAL(TILE, CONFIG, APPROX, cfg->math_approx_mode));
	/*
	 * Besides the thread's define, the compute config as the constants
	 * of tt-metal's DST_ACCUM_MODE, APPROX and MATH_FIDELITY (the engine
	 * also gets it at launch).
	 */
	char fp32[2] = { cfg->fp32_dest_acc_en ? '1' : '0', 0 };
	char approx[2] = { cfg->math_approx_mode ? '1' : '0', 0 };
	char fid[2] = { (char)('0' + fidelity), 0 };
	struct tt_define extra[4] = {
		{ NULL, NULL },
		{ "TT_COMPUTE_FP32_DEST", fp32 },
		{ "TT_COMPUTE_APPROX", approx },
		{ "TT_COMPUTE_FIDELITY", fid },
	};

	for (unsigned int t = 0; t < 3; t++) {
		extra[0].name = thread[t];
		rc = kernel_add(fn, prog, path, cores, TT_RISC_TRISC0 + t, 0,
				cfg->compile_args, cfg->num_compile_args,
				cfg->defines, cfg->num_defines,
				cfg->named_compile_args, cfg->num_named_compile_args,
				extra, 4, &h);
		if (rc) {
			while (prog->num_kernels > first)
				kernel_free(prog->kernels[--prog->num_kernels]);
			return rc;
		}
		prog->kernels[h]->compute_cfg = ccfg;
	}
	prog->kernels[first]->group = 3;
	*out = first;
	return TT_OK;
}

static struct tt_kernel *kernel_get(struct tt_program *prog, tt_kernel_handle h)
{
	return prog && h < prog->num_kernels ? prog->kernels[h] : NULL;
}

/*
 * TT_OK if @kernel is a kernel of the live program @prog and @args is
 * usable for @count; else an error on behalf of @fn.
 */
static int args_check(const char *fn, struct tt_program *prog,
		      tt_kernel_handle kernel, const uint32_t *args, uint32_t count)
{
	struct tt_kernel *k;
	int rc = tt_prog_check(prog, fn);

	if (rc)
		return rc;
	k = kernel_get(prog, kernel);
	if (!k)
		return tt_fail(TT_EINVAL, "%s: kernel handle %u is not a kernel of "
			       "the program (it has %u)", fn, kernel,
			       prog->num_kernels);
	if (count && !args)
		return tt_fail(TT_EINVAL, "%s: %u args but the array is NULL", fn,
			       count);
	if (count > TT_MAX_RUNTIME_ARGS)
		return tt_fail(TT_E2BIG, "%s: %u runtime args for kernel %u (%s), at "
			       "most %u (TT_MAX_RUNTIME_ARGS)", fn, count, kernel,
			       k->path, TT_MAX_RUNTIME_ARGS);
	return TT_OK;
}

static int set_runtime_args(struct tt_program *prog, tt_kernel_handle kernel,
			    struct tt_core core, const uint32_t *args,
			    uint32_t count)
{
	struct tt_kernel *k = kernel_get(prog, kernel);
	struct tt_core_args *slot = NULL, *grown;
	uint32_t *values;
	char cores[400];

	if (!tt_core_range_set_contains(&k->cores, core))
		return tt_fail(TT_ERANGE, "tt_kernel_set_runtime_args: core (%u,%u) "
			       "is not a core of kernel %u (%s), which runs on %s",
			       core.x, core.y, kernel, k->path,
			       tt_core_range_set_text(&k->cores, cores, sizeof(cores)));
	for (uint32_t i = 0; i < k->num_args; i++)
		if (k->args[i].core.x == core.x && k->args[i].core.y == core.y)
			slot = &k->args[i];
	if (!slot) {
		grown = realloc(k->args, (k->num_args + 1) * sizeof(*grown));
		if (!grown)
			return tt_fail(TT_ENOMEM, "tt_kernel_set_runtime_args: out of "
				       "host memory");
		k->args = grown;
		slot = &k->args[k->num_args++];
		memset(slot, 0, sizeof(*slot));
		slot->core = core;
	}
	values = realloc(slot->values, (count ? count : 1) * sizeof(uint32_t));
	if (!values)
		return tt_fail(TT_ENOMEM, "tt_kernel_set_runtime_args: out of host "
			       "memory");
	if (count)
		memcpy(values, args, count * sizeof(uint32_t));
	slot->values = values;
	slot->count = count;
	return TT_OK;
}

/* A handle names a kernel, or for compute kernels the first of three. */
int tt_kernel_set_runtime_args(struct tt_program *prog, tt_kernel_handle kernel,
			       struct tt_core core, const uint32_t *args,
			       uint32_t count)
{
	int rc = args_check("tt_kernel_set_runtime_args", prog, kernel, args, count);

	for (uint32_t i = 0; !rc && i < prog->kernels[kernel]->group; i++)
		rc = set_runtime_args(prog, kernel + i, core, args, count);
	return rc;
}

int tt_kernel_set_common_runtime_args(struct tt_program *prog,
				      tt_kernel_handle kernel,
				      const uint32_t *args, uint32_t count)
{
	int rc = args_check("tt_kernel_set_common_runtime_args", prog, kernel,
			    args, count);

	if (rc)
		return rc;
	for (uint32_t i = 0; i < prog->kernels[kernel]->group; i++) {
		if (count)
			memcpy(prog->kernels[kernel + i]->common, args,
			       count * sizeof(uint32_t));
		prog->kernels[kernel + i]->num_common = count;
	}
	return TT_OK;
}

/* Semaphores ------------------------------------------------------------- */

int tt_semaphore_create(struct tt_program *prog,
			const struct tt_core_range_set *cores,
			uint32_t initial_value, uint32_t *id)
{
	static const char fn[] = "tt_semaphore_create";
	struct tt_semaphore *grown;
	uint32_t used = 0;
	char text[400];
	int rc = tt_prog_check(prog, fn);

	if (rc)
		return rc;
	if (!id)
		return tt_fail(TT_EINVAL, "%s: the result pointer is NULL", fn);
	rc = tt_core_range_set_check(cores, fn, "semaphore");
	if (rc)
		return rc;
	for (uint32_t i = 0; i < prog->num_sems; i++)
		if (tt_core_range_sets_meet(&prog->sems[i].cores, cores))
			used |= 1u << prog->sems[i].id;
	for (*id = 0; *id < TT_MAX_SEMAPHORES && (used & (1u << *id)); (*id)++)
		;
	if (*id == TT_MAX_SEMAPHORES)
		return tt_fail(TT_ENOSPC, "%s: no semaphore id is free on every core "
			       "of %s: all %u ids (TT_MAX_SEMAPHORES per core) are "
			       "taken there", fn,
			       tt_core_range_set_text(cores, text, sizeof(text)),
			       TT_MAX_SEMAPHORES);
	grown = realloc(prog->sems, (prog->num_sems + 1) * sizeof(*grown));
	if (!grown)
		return tt_fail(TT_ENOMEM, "%s: out of host memory", fn);
	prog->sems = grown;
	grown[prog->num_sems].cores = *cores;
	grown[prog->num_sems].id = *id;
	grown[prog->num_sems].value = initial_value;
	prog->num_sems++;
	return TT_OK;
}

/* Build ------------------------------------------------------------------ */

/*
 * A kernel's defines plus TT_CB_DATA_FORMATS, the data format of every CB
 * index on its cores (tt-metal's chlkc_descriptors.h; get_dataformat() in
 * compute and data-movement kernels), into @defs (k->num_defines + 1
 * entries); the format text goes to @text, TT_NUM_CBS * 4 + 3 bytes.
 */
static int kernel_defines(const struct tt_program *prog, const struct tt_kernel *k,
			  struct tt_define *defs, char *text,
			  struct tt_kernel_build *kb, char *why, size_t whylen)
{
	uint8_t df[TT_NUM_CBS];
	size_t len = 0;

	if (tt_cb_formats(&prog->cbs, &k->cores, df, why, whylen))
		return TT_EINVAL;
	len += (size_t)sprintf(text + len, "{");
	for (uint32_t i = 0; i < TT_NUM_CBS; i++)
		len += (size_t)sprintf(text + len, "%s%u", i ? "," : "", df[i]);
	sprintf(text + len, "}");
	if (k->num_defines)
		memcpy(defs, k->defines, k->num_defines * sizeof(*defs));
	defs[k->num_defines].name = "TT_CB_DATA_FORMATS";
	defs[k->num_defines].value = text;
	kb->defines = defs;
	kb->num_defines = k->num_defines + 1;
	return TT_OK;
}

int tt_program_compile(struct tt_device *dev, struct tt_program *prog,
		       struct tt_run_report *report)
{
	char log[sizeof(report->message) - 128];
	char formats[TT_NUM_CBS * 4 + 3];
	int rc;

	/* Building needs no device: @dev may be NULL (a compile-only check). */
	rc = dev ? tt_dev_check(dev, "tt_program_compile") : TT_OK;
	if (!rc)
		rc = tt_prog_check(prog, "tt_program_compile");
	if (rc)
		return report_fail(report, rc, "%s", tt_last_error());
	for (uint32_t i = 0; i < prog->num_kernels; i++) {
		struct tt_kernel *k = prog->kernels[i];
		struct tt_kernel_build kb = {
			.path = k->path,
			.risc = k->risc,
			.compile_args = k->compile_args,
			.num_compile_args = k->num_compile_args,
			.defines = k->defines,
			.num_defines = k->num_defines,
			.named_args = k->named_args,
			.num_named_args = k->num_named_args,
		};
		struct tt_define *defs = NULL;

		if (k->built)
			continue;
		defs = calloc(k->num_defines + 1, sizeof(*defs));
		if (!defs)
			return report_fail(report, TT_ENOMEM, "%s: out of host memory",
					   k->path);
		rc = kernel_defines(prog, k, defs, formats, &kb, log, sizeof(log));
		if (rc) {
			free(defs);
			return report_fail(report, rc, "%s: %s", k->path, log);
		}
		rc = tt_build_kernel(&kb, &k->elf, k->id, log, sizeof(log));
		free(defs);
		if (rc)
			return report_fail(report, rc, "building %s for %s failed:\n%s",
					   k->path, tt_risc_name(k->risc), log);
		for (uint32_t s = 0; s < k->elf.nsegs; s++) {
			const struct tt_elf_segment *seg = &k->elf.segs[s];

			if (seg->addr < slot_base[k->risc] ||
			    seg->addr + seg->memsz >
			    slot_base[k->risc] + TT_MEM_KERNEL_SLOT_SIZE)
				return report_fail(report, TT_E2BIG,
						   "%s: kernel image for %s does not fit its "
						   "%u-byte text slot", k->path,
						   tt_risc_name(k->risc),
						   TT_MEM_KERNEL_SLOT_SIZE);
		}
		k->built = true;
	}
	return TT_OK;
}

/* Launch ----------------------------------------------------------------- */

static const struct tt_core_args *args_for(const struct tt_kernel *k,
					   struct tt_core c)
{
	for (uint32_t i = 0; i < k->num_args; i++)
		if (k->args[i].core.x == c.x && k->args[i].core.y == c.y)
			return &k->args[i];
	return NULL;
}

static uint32_t align16(uint32_t v)
{
	return (v + 15) & ~15u;
}

/* Write the config blob, kernel text and launch message of one core. */
static int stage_core(struct tt_device *dev, const struct tt_program *prog,
		      uint32_t index, struct tt_kernel *const on[TT_RISCS_PER_CORE],
		      struct tt_run_report *report)
{
	struct tt_core xy = tt_dev_core_xy(dev, index);
	uint8_t *l1 = tt_dev_l1(dev, index);
	struct tt_mailbox *mb = (struct tt_mailbox *)(l1 + TT_MEM_MAILBOX_BASE);
	struct tt_kernel_config_msg kc = { 0 };
	/*
	 * Semaphores, then CB configs, then the args: the fixed parts first,
	 * so a semaphore has the same address on every core of the program
	 * whatever each core's arg count (multicast semaphore sets rely on
	 * it; tt-metal gets the same by sizing args per kernel, not per core).
	 */
	uint32_t off = TT_BLOB_ARGS_OFFSET, text_lo = UINT32_MAX, text_hi = 0;

	kc.kernel_config_base = TT_MEM_KERNEL_CONFIG_BASE;
	kc.mode = TT_DISPATCH_MODE_HOST;
	kc.sem_offset = TT_BLOB_SEM_OFFSET;
	memset(l1 + TT_MEM_KERNEL_CONFIG_BASE + TT_BLOB_SEM_OFFSET, 0,
	       TT_MAX_SEMAPHORES * 16);
	for (uint32_t i = 0; i < prog->num_sems; i++) {
		const struct tt_semaphore *sem = &prog->sems[i];

		if (tt_core_range_set_contains(&sem->cores, xy))
			memcpy(l1 + TT_MEM_KERNEL_CONFIG_BASE + TT_BLOB_SEM_OFFSET +
			       sem->id * 16, &sem->value, 4);
	}
	kc.local_cb_offset = TT_BLOB_CB_OFFSET;
	{
		uint32_t words[TT_NUM_CBS * TT_CB_CONFIG_WORDS];
		uint64_t end;

		kc.local_cb_mask = tt_cb_core_config(&prog->cbs, xy, words, &end);
		memcpy(l1 + TT_MEM_KERNEL_CONFIG_BASE + TT_BLOB_CB_OFFSET, words,
		       sizeof(words));
	}
	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
		const struct tt_kernel *k = on[r];
		const struct tt_core_args *a;
		struct tt_hart_state *hs = &dev->core[index].hart[r];
		uint32_t n;

		if (!k)
			continue;
		if (r == TT_RISC_BRISC)
			kc.brisc_noc_id = (uint8_t)k->noc;
		else if (r == TT_RISC_NCRISC)
			kc.ncrisc_noc_id = (uint8_t)k->noc;
		a = args_for(k, xy);
		n = a ? a->count : 0;
		if (align16(off + n * 4) + align16(k->num_common * 4) >
		    TT_MEM_KERNEL_ARGS_SIZE)
			return report_fail(report, TT_E2BIG,
					   "core (%u,%u): runtime args exceed the "
					   "%u-byte args area", xy.x, xy.y,
					   TT_MEM_KERNEL_ARGS_SIZE);
		kc.rta_offset[r].rta_offset = (uint16_t)off;
		if (n)
			memcpy(l1 + TT_MEM_KERNEL_CONFIG_BASE + off, a->values, n * 4);
		off = align16(off + n * 4);
		kc.rta_offset[r].crta_offset = (uint16_t)off;
		memcpy(l1 + TT_MEM_KERNEL_CONFIG_BASE + off, k->common,
		       k->num_common * 4);
		off = align16(off + k->num_common * 4);
		kc.kernel_text_offset[r] = k->elf.entry - TT_MEM_KERNEL_CONFIG_BASE;
		if (r >= TT_RISC_TRISC0)
			kc.compute_cfg = k->compute_cfg;
		kc.enables |= r == TT_RISC_BRISC ? TT_ENABLE_DM0 :
			      r == TT_RISC_NCRISC ? TT_ENABLE_DM1 : TT_ENABLE_MATH0;

		if (memcmp(hs->loaded_kernel, k->id, sizeof(k->id))) {
			for (uint32_t s = 0; s < k->elf.nsegs; s++) {
				const struct tt_elf_segment *seg = &k->elf.segs[s];

				memcpy(l1 + seg->addr, seg->data, seg->filesz);
				memset(l1 + seg->addr + seg->filesz, 0,
				       seg->memsz - seg->filesz);
				if (seg->addr < text_lo)
					text_lo = seg->addr;
				if (seg->addr + seg->memsz > text_hi)
					text_hi = seg->addr + seg->memsz;
			}
			memcpy(hs->loaded_kernel, k->id, sizeof(k->id));
		}
	}

	if (text_hi) {
		struct tt_ctl_code_changed m = {
			.core = index,
			.addr = text_lo,
			.len = text_hi - text_lo,
		};
		int rc = tt_dev_send(dev, TT_CTL_CODE_CHANGED, &m, sizeof(m));

		if (rc)
			return report_fail(report, rc, "device connection lost");
	}
	/* The device sets go = GO when it applies the doorbell. */
	memcpy(&mb->launch[0].kernel_config, &kc, sizeof(kc));
	return TT_OK;
}

/*
 * Every core's CB region must end below the lowest L1 buffer there (and
 * inside L1); the first core that breaks this refuses the launch with the
 * allocator's message.
 */
static int check_cb_regions(struct tt_device *dev, const struct tt_program *prog,
			    struct tt_run_report *report)
{
	uint32_t words[TT_NUM_CBS * TT_CB_CONFIG_WORDS];

	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_core xy = tt_dev_core_xy(dev, c);
		struct tt_bank_core bc = { xy.x, xy.y };
		struct tt_bank_cb_clash clash;
		uint64_t end;
		int rc;

		if (!tt_cb_core_config(&prog->cbs, xy, words, &end))
			continue;
		if (dev->banks_ok) {
			rc = tt_bank_check_cb(&dev->banks, bc, end, &clash);
			if (rc)
				return report_fail(report, rc, "%s", clash.msg);
		} else if (end > dev->arch->l1_size) {
			return report_fail(report, TT_ENOSPC,
					   "core (%u,%u): circular buffers end at 0x%llx, "
					   "past the end of L1", xy.x, xy.y,
					   (unsigned long long)end);
		}
	}
	return TT_OK;
}

/* Is every range of @set inside @dev's grid?  Else the first outside. */
static const struct tt_core_range *outside(const struct tt_device *dev,
					   const struct tt_core_range_set *set)
{
	for (uint32_t r = 0; r < set->count; r++)
		if (set->ranges[r].end.x >= dev->grid_x ||
		    set->ranges[r].end.y >= dev->grid_y)
			return &set->ranges[r];
	return NULL;
}

/* CBs and semaphores of @prog must be on @dev's grid. */
static int check_grid(struct tt_device *dev, const struct tt_program *prog,
		      struct tt_run_report *report)
{
	const struct tt_core_range *cr;

	for (uint32_t i = 0; i < prog->cbs.count; i++)
		if ((cr = outside(dev, &prog->cbs.cbs[i].cores)))
			return report_fail(report, TT_ERANGE, "CB %u: core range "
					   "(%u,%u)-(%u,%u) is outside the %ux%u grid",
					   i, cr->start.x, cr->start.y, cr->end.x,
					   cr->end.y, dev->grid_x, dev->grid_y);
	for (uint32_t i = 0; i < prog->num_sems; i++)
		if ((cr = outside(dev, &prog->sems[i].cores)))
			return report_fail(report, TT_ERANGE, "semaphore %u: core "
					   "range (%u,%u)-(%u,%u) is outside the %ux%u "
					   "grid", prog->sems[i].id, cr->start.x,
					   cr->start.y, cr->end.x, cr->end.y,
					   dev->grid_x, dev->grid_y);
	return TT_OK;
}

int tt_enqueue_program(struct tt_device *dev, struct tt_program *prog,
		       struct tt_run_report *report)
{
	struct tt_ctl_doorbell bell = {
		.risc_mask = 1u << TT_RISC_BRISC,
		.flags = TT_CTL_DOORBELL_GO,
	};
	uint32_t ncores = 0;
	int rc;

	report_clear(report);
	rc = tt_dev_check(dev, "tt_enqueue_program");
	if (!rc)
		rc = tt_prog_check(prog, "tt_enqueue_program");
	if (rc)
		return report_fail(report, rc, "%s", tt_last_error());
	if (dev->inflight)
		return report_fail(report, TT_EBUSY,
				   "tt_enqueue_program: a program is still in flight "
				   "on this device: call tt_finish first");
	if (prog->dev)
		return report_fail(report, TT_EBUSY,
				   "tt_enqueue_program: the program is in flight on "
				   "another device: call tt_finish there first");
	rc = tt_program_compile(dev, prog, report);
	if (rc)
		return rc;

	for (uint32_t i = 0; i < prog->num_kernels; i++) {
		const struct tt_kernel *k = prog->kernels[i];

		for (uint32_t r = 0; r < k->cores.count; r++) {
			const struct tt_core_range *cr = &k->cores.ranges[r];

			if (cr->end.x >= dev->grid_x || cr->end.y >= dev->grid_y)
				return report_fail(report, TT_ERANGE,
						   "%s: core range (%u,%u)-(%u,%u) is "
						   "outside the %ux%u grid", k->path,
						   cr->start.x, cr->start.y, cr->end.x,
						   cr->end.y, dev->grid_x, dev->grid_y);
		}
	}

	rc = check_grid(dev, prog, report);
	if (rc)
		return rc;
	rc = check_cb_regions(dev, prog, report);
	if (rc)
		return rc;
	if (dev->banks_ok) {
		rc = tt_report_launch(&dev->banks);
		if (rc)
			return report_fail(report, rc, "%s", tt_report_launch_error());
	}

	dev->failed = false;
	dev->run_icount = 0;
	dev->errors_len = 0;
	dev->nwarned = 0;
	dev->errors[0] = '\0';
	memset(&dev->first, 0, sizeof(dev->first));
	for (uint32_t c = 0; c < dev->ncores; c++)
		dev->core[c].launched = false;
	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_kernel *on[TT_RISCS_PER_CORE] = { 0 };
		struct tt_core xy = tt_dev_core_xy(dev, c);
		bool any = false;

		for (uint32_t i = 0; i < prog->num_kernels; i++) {
			struct tt_kernel *k = prog->kernels[i];

			if (!tt_core_range_set_contains(&k->cores, xy))
				continue;
			if (on[k->risc])
				return report_fail(report, TT_EEXIST,
						   "core (%u,%u) %s: two kernels (%s and "
						   "%s); a RISC runs one kernel per program",
						   xy.x, xy.y, tt_risc_name(k->risc),
						   on[k->risc]->path, k->path);
			on[k->risc] = k;
			any = true;
		}
		if (!any)
			continue;
		rc = stage_core(dev, prog, c, on, report);
		if (rc)
			return rc;
		dev->core[c].launched = true;
		dev->core[c].done = false;
		dev->core[c].running = true;
		for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
			dev->core[c].hart[r].trapped = false;
			dev->core[c].hart[r].guest_error = false;
		}
		bell.cores[c / 32] |= 1u << (c % 32);
		ncores++;
	}
	if (!ncores)
		return report_fail(report, TT_EINVAL, "the program has no kernels");
	rc = tt_dev_send(dev, TT_CTL_DOORBELL, &bell, sizeof(bell));
	if (rc)
		return report_fail(report, rc, "device connection lost");
	prog->dev = dev;
	dev->inflight = prog;
	return TT_OK;
}

/* Finish ----------------------------------------------------------------- */

static bool launch_done(struct tt_device *dev)
{
	for (uint32_t c = 0; c < dev->ncores; c++)
		if (dev->core[c].launched && !dev->core[c].done)
			return false;
	return true;
}

static const char *wait_text(const struct tt_evt_wait_state *w, char *buf,
			     size_t len)
{
	switch (w->kind) {
	case TT_WAIT_NONE:
		snprintf(buf, len, "running");
		break;
	case TT_WAIT_RESET:
		snprintf(buf, len, "held in reset");
		break;
	case TT_WAIT_GO:
		snprintf(buf, len, "idle, waiting for a go message");
		break;
	case TT_WAIT_SUBORDINATE_GO:
		snprintf(buf, len, "idle, waiting for BRISC to start it");
		break;
	case TT_WAIT_SUBORDINATES_DONE:
		snprintf(buf, len, "kernel done, waiting for the other RISCs "
			 "(subordinate_sync 0x%08x)", w->current);
		break;
	case TT_WAIT_CB_FRONT:
		snprintf(buf, len, "waits for CB %u front: %u page%s, %u received",
			 w->id, w->expect, w->expect == 1 ? "" : "s", w->current);
		break;
	case TT_WAIT_CB_BACK:
		snprintf(buf, len, "waits for CB %u back: %u free page%s, %u free",
			 w->id, w->expect, w->expect == 1 ? "" : "s", w->current);
		break;
	case TT_WAIT_SEMAPHORE:
		snprintf(buf, len, "waits for semaphore at 0x%x == %u (now %u)",
			 w->id, w->expect, w->current);
		break;
	case TT_WAIT_SEMAPHORE_MIN:
		snprintf(buf, len, "waits for semaphore at 0x%x >= %u (now %u)",
			 w->id, w->expect, w->current);
		break;
	case TT_WAIT_NOC_BARRIER:
		if (tt_noc_barrier_is_trid(w->id)) {
			snprintf(buf, len, "waits for NoC %s barrier with transaction id "
				 "%u: %u outstanding", tt_noc_barrier_name(w->id),
				 w->id & TT_NOC_MAX_TRANSACTION_ID, w->current);
			break;
		}
		snprintf(buf, len, "waits for NoC %s barrier: %u expected, %u seen",
			 tt_noc_barrier_name(w->id), w->expect, w->current);
		break;
	case TT_WAIT_TILE_ENGINE:
		snprintf(buf, len, "waits for the tile engine: %s",
			 tt_tile_cmd_wait_name(w->id));
		break;
	case TT_WAIT_HALTED:
		snprintf(buf, len, "halted by a firmware error (code %u, line %u)",
			 w->id, w->expect);
		break;
	default:
		snprintf(buf, len, "waits (kind %u, id %u, expect %u, now %u)",
			 w->kind, w->id, w->expect, w->current);
		break;
	}
	return buf;
}

/*
 * Where @pc of @risc on core @index is in source: the kernel of the
 * in-flight program that runs there, or the resident firmware.  Empty
 * when unknown (no debug info, addr2line missing).
 */
static const char *pc_location(struct tt_device *dev, uint32_t index,
			       unsigned int risc, uint32_t pc, char *buf,
			       size_t len)
{
	struct tt_core xy = tt_dev_core_xy(dev, index);
	char elf[1500] = "";
	char where[800];

	buf[0] = '\0';
	if (pc >= slot_base[risc] && pc < slot_base[risc] + TT_MEM_KERNEL_SLOT_SIZE) {
		const struct tt_program *prog = dev->inflight;

		for (uint32_t i = 0; prog && i < prog->num_kernels; i++) {
			const struct tt_kernel *k = prog->kernels[i];

			if (k->risc == risc && tt_core_range_set_contains(&k->cores, xy))
				snprintf(elf, sizeof(elf), "%s/%016llx%016llx.elf",
					 tt_paths()->cache,
					 (unsigned long long)k->id[0],
					 (unsigned long long)k->id[1]);
		}
	} else if (pc >= TT_MEM_FIRMWARE_BASE && pc < TT_MEM_FIRMWARE_END) {
		tt_firmware_path(risc, false, elf, sizeof(elf));
	}
	if (elf[0] && !tt_symbolize(elf, pc, where, sizeof(where)))
		snprintf(buf, len, " at %s", where);
	return buf;
}

const char *tt_program_pc_location(struct tt_device *dev, uint32_t index,
				   unsigned int risc, uint32_t pc, char *buf,
				   size_t len)
{
	return pc_location(dev, index, risc, pc, buf, len);
}

/* Add the source line of every trap and guest error of this run. */
static void trap_locations(struct tt_device *dev)
{
	char where[900];

	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_core xy = tt_dev_core_xy(dev, c);

		for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
			const struct tt_hart_state *hs = &dev->core[c].hart[r];

			if (!dev->core[c].launched)
				continue;
			if (hs->guest_error &&
			    pc_location(dev, c, r, hs->guest_pc, where, sizeof(where))[0])
				tt_dev_error(dev, TT_EGUEST, c, r, hs->guest_pc,
					     "  core (%u,%u) %s guest error%s", xy.x, xy.y,
					     tt_risc_name(r), where);
			if (hs->trapped &&
			    pc_location(dev, c, r, hs->mepc, where, sizeof(where))[0])
				tt_dev_error(dev, TT_ETRAP, c, r, hs->mepc,
					     "  core (%u,%u) %s trapped%s", xy.x, xy.y,
					     tt_risc_name(r), where);
		}
	}
}

static void hang_report(struct tt_device *dev, uint32_t timeout_ms,
			bool after_failure)
{
	char where[900];
	char what[160];
	int rc;

	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_core xy = tt_dev_core_xy(dev, c);

		if (!dev->core[c].launched || dev->core[c].done)
			continue;
		if (after_failure)
			tt_dev_error(dev, TT_ETIMEDOUT, c, TT_RISC_BRISC, 0,
				     "core (%u,%u) was still running %u ms after the "
				     "failure above", xy.x, xy.y, TT_FAIL_GRACE_MS);
		else
			tt_dev_error(dev, TT_ETIMEDOUT, c, TT_RISC_BRISC, 0,
				     "core (%u,%u) did not finish within %u ms",
				     xy.x, xy.y, timeout_ms);
	}
	rc = tt_dev_dump_waits(dev, 2000);
	if (rc) {
		tt_dev_error(dev, TT_ETIMEDOUT, 0, 0, 0,
			     "(the device did not answer a hang-report request)");
		return;
	}
	for (uint32_t i = 0; i < dev->nwaits; i++) {
		const struct tt_evt_wait_state *w = &dev->waits[i];
		struct tt_core xy = tt_dev_core_xy(dev, w->src.core);

		if (w->src.core >= dev->ncores || !dev->core[w->src.core].launched ||
		    dev->core[w->src.core].done)
			continue;
		if (w->halted)		/* sleepers sit in tt_wfi: say why */
			tt_dev_error(dev, TT_ETIMEDOUT, w->src.core, w->src.risc,
				     w->pc, "  core (%u,%u) %-6s pc 0x%08x asleep: %s",
				     xy.x, xy.y, tt_risc_name(w->src.risc), w->pc,
				     wait_text(w, what, sizeof(what)));
		else			/* runners: say where */
			tt_dev_error(dev, TT_ETIMEDOUT, w->src.core, w->src.risc,
				     w->pc, "  core (%u,%u) %-6s pc 0x%08x running%s",
				     xy.x, xy.y, tt_risc_name(w->src.risc), w->pc,
				     pc_location(dev, w->src.core, w->src.risc,
						 w->pc, where, sizeof(where)));
	}
}

/*
 * Force every launched core that has not reported done back into reset
 * (its kernel may spin) and wait until it is ready for the next program.
 */
static void reset_unfinished(struct tt_device *dev)
{
	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_ctl_reset m = {
			.core = c,
			.boot_pc = TT_MEM_BRISC_FIRMWARE_BASE,
			.flags = TT_CTL_RESET_FORCE,
		};

		if (!dev->core[c].launched || dev->core[c].done)
			continue;
		dev->core[c].ready = false;
		memset(dev->core[c].hart, 0, sizeof(dev->core[c].hart));
		tt_dev_send(dev, TT_CTL_RESET, &m, sizeof(m));
	}
	for (uint32_t c = 0; c < dev->ncores; c++) {
		while (dev->core[c].launched && !dev->core[c].done &&
		       !dev->core[c].ready) {
			if (tt_dev_pump(dev, TT_REBOOT_TIMEOUT_MS) <= 0) {
				tt_dev_error(dev, TT_EDEVICE, c, 0, 0,
					     "core did not come back after reset");
				break;
			}
		}
	}
}

int tt_finish(struct tt_device *dev, uint32_t timeout_ms,
	      struct tt_run_report *report)
{
	bool after_failure = false;
	int rc, status;

	rc = tt_dev_check(dev, "tt_finish");
	if (rc)
		return report_fail(report, rc, "%s", tt_last_error());
	if (!dev->inflight)
		return report_fail(report, TT_EINVAL, "tt_finish: nothing to finish: "
				   "no program is in flight on this device");
	if (!timeout_ms)
		timeout_ms = TT_RUN_TIMEOUT_MS;
	if (dev->under_gdb)
		timeout_ms = INT32_MAX;		/* a person is stepping through it */

	/*
	 * Sleeps in poll(): the device rings when each core is done.  Once a
	 * kernel traps or misuses the device, the others get
	 * TT_FAIL_GRACE_MS to finish; whoever still waits then (often on the
	 * RISC that failed) goes into the hang report and is reset, instead
	 * of holding the run until its timeout.
	 */
	{
		int64_t elapsed = 0, fail_at = -1;
		struct timespec t0, t1;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		rc = TT_OK;
		while (!launch_done(dev)) {
			int64_t left = (int64_t)timeout_ms - elapsed;
			int r;

			if (fail_at >= 0 && fail_at + TT_FAIL_GRACE_MS - elapsed < left)
				left = fail_at + TT_FAIL_GRACE_MS - elapsed;
			r = tt_dev_pump(dev, left > 0 ? (int)left : 0);
			if (r < 0) {
				rc = r;
				break;
			}
			clock_gettime(CLOCK_MONOTONIC, &t1);
			elapsed = (t1.tv_sec - t0.tv_sec) * 1000 +
				  (t1.tv_nsec - t0.tv_nsec) / 1000000;
			if (dev->failed && fail_at < 0)
				fail_at = elapsed;
			if (launch_done(dev))
				break;
			if (elapsed >= (int64_t)timeout_ms ||
			    (fail_at >= 0 && elapsed >= fail_at + TT_FAIL_GRACE_MS)) {
				after_failure = fail_at >= 0;
				rc = TT_ETIMEDOUT;
				break;
			}
		}
	}

	if (rc == TT_ETIMEDOUT) {
		hang_report(dev, timeout_ms, after_failure);
		reset_unfinished(dev);
	} else if (rc) {
		tt_dev_error(dev, rc, 0, 0, 0, "lost the device: QEMU exited");
	}

	if (dev->failed)
		trap_locations(dev);
	status = dev->failed ? dev->first.status : TT_OK;
	if (report) {
		report->status = status;
		report->core = dev->first.core;
		report->risc = dev->first.risc;
		report->pc = dev->first.pc;
		/* Without icount the device clock is not an instruction count. */
		report->instructions = dev->deterministic ? dev->run_icount : 0;
		snprintf(report->message, sizeof(report->message), "%s",
			 dev->errors);
	}
	if (status)
		tt_fail(status, "%s", dev->errors);
	dev->inflight->dev = NULL;
	dev->inflight = NULL;
	return status;
}

void tt_dev_stop_program(struct tt_device *dev, bool closing)
{
	if (!dev->inflight)
		return;
	if (!closing)
		reset_unfinished(dev);
	for (uint32_t c = 0; c < dev->ncores; c++)
		dev->core[c].launched = false;
	dev->inflight->dev = NULL;
	dev->inflight = NULL;
}

int tt_program_run(struct tt_device *dev, struct tt_program *prog,
		   uint32_t timeout_ms, struct tt_run_report *report)
{
	int rc = tt_enqueue_program(dev, prog, report);

	if (rc)
		return rc;
	return tt_finish(dev, timeout_ms, report);
}
