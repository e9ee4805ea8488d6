// SPDX-License-Identifier: Apache-2.0
/*
 * Programs: what runs where.  Kernels on core ranges (a compute kernel is
 * three, one per TRISC), their compile-time args and defines, their
 * runtime args per core and common to all cores, and semaphores.  CBs are
 * cb.c's, the build build.c's, the launch launch.c's.
 *
 * A program only remembers the device it was last enqueued on, with that
 * device's serial: destroying a program in flight stops the run first, and
 * a program whose device was closed is simply no longer in flight.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "program/program.h"
#include "tt_kernel_config.h"
#include "tt_noc_map.h"
#include "tt_tile_regs.h"

int tt_prog_check(const struct tt_program *prog, const char *fn)
{
	if (!prog)
		return tt_fail(TT_EINVAL, "%s: the program is NULL", fn);
	if (!tt_handle_live(prog, TT_HANDLE_PROGRAM))
		return tt_fail(TT_EINVAL,
			       "%s: %p is not a live program (destroyed "
			       "already, or not a program)",
			       fn, (const void *)prog);
	return TT_OK;
}

/* Core ranges ------------------------------------------------------------ */

const char *tt_core_range_set_text(const struct tt_core_range_set *set, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (uint32_t i = 0; i < set->count && i < TT_CORE_RANGE_SET_MAX && n < len; i++) {
		const struct tt_core_range *r = &set->ranges[i];

		n += (size_t)snprintf(buf + n, len - n, "%s(%u,%u)-(%u,%u)", i ? ", " : "",
				      r->start.x, r->start.y, r->end.x, r->end.y);
	}
	return buf;
}

/*
 * A program does not know its device until it is enqueued: ranges are
 * checked against the largest grid of the emulated chip here, and
 * against the device's own grid at enqueue.
 */
int tt_core_range_set_check(const struct tt_core_range_set *set, const char *fn, const char *what)
{
	const struct tt_arch *a = tt_arch_get(TT_ARCH_WORMHOLE_B0);

	if (!set)
		return tt_fail(TT_EINVAL, "%s: the %s core range set is NULL", fn, what);
	if (!set->count || set->count > TT_CORE_RANGE_SET_MAX)
		return tt_fail(TT_EINVAL,
			       "%s: the %s core range set has %u ranges: "
			       "give 1 to %u",
			       fn, what, set->count, TT_CORE_RANGE_SET_MAX);
	for (uint32_t i = 0; i < set->count; i++) {
		const struct tt_core_range *r = &set->ranges[i];

		if (r->start.x > r->end.x || r->start.y > r->end.y)
			return tt_fail(TT_EINVAL,
				       "%s: %s core range %u (%u,%u)-(%u,%u) "
				       "is inverted: start must not exceed end",
				       fn, what, i, r->start.x, r->start.y, r->end.x, r->end.y);
		if (r->end.x >= a->grid_x_max || r->end.y >= a->grid_y_max)
			return tt_fail(TT_ERANGE,
				       "%s: %s core range %u (%u,%u)-(%u,%u) "
				       "is outside the largest %s grid, %ux%u",
				       fn, what, i, r->start.x, r->start.y, r->end.x, r->end.y,
				       a->name, a->grid_x_max, a->grid_y_max);
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
	for (uint32_t i = 0; k->args && i < k->num_args; i++)
		free(k->args[i].values);
	free(k->args);
	for (uint32_t i = 0; k->defines && i < k->num_defines; i++) {
		free((char *)k->defines[i].name);
		free((char *)k->defines[i].value);
	}
	free(k->defines);
	for (uint32_t i = 0; k->named_args && i < k->num_named_args; i++)
		free((char *)k->named_args[i].name);
	free(k->named_args);
	free(k->compile_args);
	tt_elf_free(&k->elf);
	free(k);
}

/*
 * A program in flight is stopped first (tt_dev_stop_run): its cores are
 * reset, so nothing of it runs on, or is read from, freed memory.
 */
void tt_program_destroy(struct tt_program *prog)
{
	if (!prog)
		return;
	if (!tt_handle_remove(prog, TT_HANDLE_PROGRAM)) {
		(void)tt_fail(TT_EINVAL,
			      "tt_program_destroy: %p is not a live program "
			      "(destroyed twice?)",
			      (void *)prog);
		return;
	}
	for (uint32_t i = 0; i < prog->num_flights; i++)
		if (tt_prog_flight_live(prog, &prog->flights[i]))
			tt_dev_stop_run(prog->flights[i].dev, prog, false);
	free(prog->flights);
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
		return realpath(path, out) ? TT_OK
					   : tt_fail(TT_ENOENT, "%s: kernel source \"%s\": %s", fn,
						     path, strerror(errno));
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return tt_fail(TT_EINVAL,
			       "%s: kernel source \"%s\" is a directory, "
			       "not a C file",
			       fn, path);
	if (path[0] != '/' && dirs) {
		while (*dirs) {
			size_t n = strcspn(dirs, ":");

			snprintf(cand, sizeof(cand), "%.*s/%s", (int)n, dirs, path);
			if (readable_file(cand) && realpath(cand, out))
				return TT_OK;
			dirs += n + (dirs[n] == ':');
		}
	}
	return tt_fail(TT_ENOENT,
		       "%s: kernel source \"%s\" not found (looked in "
		       "the current directory%s)",
		       fn, path,
		       path[0] != '/' && getenv("TT_EMU_KERNEL_PATH") ? " and TT_EMU_KERNEL_PATH"
								      : "");
}

/* Validate @cores and append a kernel for @risc; *@out is its handle. */
static int kernel_add(const char *fn, struct tt_program *prog, const char *path,
		      const struct tt_core_range_set *cores, unsigned int risc, unsigned int noc,
		      const uint32_t *compile_args, uint32_t num_compile_args,
		      const struct tt_define *defines, uint32_t num_defines,
		      const struct tt_named_arg *named, uint32_t num_named,
		      const struct tt_define *extra, uint32_t num_extra, tt_kernel_handle *out)
{
	struct tt_kernel *k, **grown;
	uint32_t ndef = num_defines + num_extra;
	int rc;

	if (num_compile_args && !compile_args)
		return tt_fail(TT_EINVAL,
			       "%s: %u compile-time args but the array is "
			       "NULL",
			       fn, num_compile_args);
	if (num_defines && !defines)
		return tt_fail(TT_EINVAL, "%s: %u defines but the array is NULL", fn, num_defines);
	for (uint32_t i = 0; i < num_defines; i++)
		if (!defines[i].name || !defines[i].name[0])
			return tt_fail(TT_EINVAL, "%s: define %u has no name", fn, i);
	if (num_named && !named)
		return tt_fail(TT_EINVAL,
			       "%s: %u named compile-time args but the array "
			       "is NULL",
			       fn, num_named);
	for (uint32_t i = 0; i < num_named; i++)
		if (!tt_named_arg_valid(named[i].name))
			return tt_fail(TT_EINVAL,
				       "%s: named compile-time arg %u: the name is "
				       "empty or has a quote, backslash or control "
				       "character",
				       fn, i);
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
			const struct tt_define *d =
				i < num_defines ? &defines[i] : &extra[i - num_defines];

			k->defines[i].name = strdup(d->name);
			k->defines[i].value = strdup(d->value ? d->value : "");
			k->num_defines++;
			if (!k->defines[i].name || !k->defines[i].value)
				goto nomem;
		}
	}
	grown = realloc(prog->kernels, (prog->num_kernels + 1) * sizeof(struct tt_kernel *));
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
static int eth_cores_check(const char *fn, const struct tt_core_range_set *cores);

static int kernel_create_check(const char *fn, struct tt_program *prog, const char *path,
			       const void *cfg, const void *out,
			       const struct tt_core_range_set *cores, bool eth)
{
	int rc = tt_prog_check(prog, fn);

	if (rc)
		return rc;
	if (!path || !cfg || !out)
		return tt_fail(TT_EINVAL, "%s: the %s is NULL", fn,
			       !path  ? "kernel path"
			       : !cfg ? "config"
				      : "result pointer");
	if (eth)
		return eth_cores_check(fn, cores);
	return tt_core_range_set_check(cores, fn, "kernel");
}

int tt_kernel_create(struct tt_program *prog, const char *path,
		     const struct tt_core_range_set *cores, const struct tt_dm_config *cfg,
		     tt_kernel_handle *out)
{
	static const char fn[] = "tt_kernel_create";
	int rc = kernel_create_check(fn, prog, path, cfg, out, cores, false);

	if (rc)
		return rc;
	if ((unsigned int)cfg->processor > TT_DM_RISCV_1 || (unsigned int)cfg->noc > TT_NOC_1)
		return tt_fail(TT_EINVAL,
			       "%s: processor %u and NoC %u: use "
			       "TT_DM_RISCV_0/1 and TT_NOC_0/1",
			       fn, (unsigned int)cfg->processor, (unsigned int)cfg->noc);
	return kernel_add(fn, prog, path, cores,
			  cfg->processor == TT_DM_RISCV_0 ? TT_RISC_BRISC : TT_RISC_NCRISC,
			  cfg->noc, cfg->compile_args, cfg->num_compile_args, cfg->defines,
			  cfg->num_defines, cfg->named_compile_args, cfg->num_named_compile_args,
			  NULL, 0, out);
}

/*
 * Ethernet cores are (0, channel): the largest arch's count bounds the
 * channel here, the device's at launch.
 */
static int eth_cores_check(const char *fn, const struct tt_core_range_set *cores)
{
	if (!cores || !cores->count || cores->count > TT_CORE_RANGE_SET_MAX)
		return tt_core_range_set_check(cores, fn, "ethernet kernel");
	for (uint32_t r = 0; r < cores->count; r++) {
		const struct tt_core_range *cr = &cores->ranges[r];

		if (cr->start.x > cr->end.x || cr->start.y > cr->end.y)
			return tt_fail(TT_EINVAL,
				       "%s: core range (%u,%u)-(%u,%u) is inverted: start "
				       "must not exceed end",
				       fn, cr->start.x, cr->start.y, cr->end.x, cr->end.y);
		if (cr->end.x != 0 || cr->end.y >= TT_ETH_CORES)
			return tt_fail(TT_ERANGE,
				       "%s: core range (%u,%u)-(%u,%u) is not an ethernet "
				       "core: they are (0, channel), channel 0..%u",
				       fn, cr->start.x, cr->start.y, cr->end.x, cr->end.y,
				       TT_ETH_CORES - 1);
	}
	return TT_OK;
}

int tt_eth_kernel_create(struct tt_program *prog, const char *path,
			 const struct tt_core_range_set *cores, const struct tt_eth_config *cfg,
			 tt_kernel_handle *out)
{
	static const char fn[] = "tt_eth_kernel_create";
	struct tt_define mode[1] = { { NULL, NULL } };
	int rc = kernel_create_check(fn, prog, path, cfg, out, cores, true);

	if (rc)
		return rc;
	if ((unsigned int)cfg->mode > TT_ETH_IDLE || (unsigned int)cfg->noc > TT_NOC_1)
		return tt_fail(TT_EINVAL,
			       "%s: mode %u and NoC %u: use TT_ETH_SENDER, "
			       "TT_ETH_RECEIVER or TT_ETH_IDLE and TT_NOC_0/1",
			       fn, (unsigned int)cfg->mode, (unsigned int)cfg->noc);
	mode[0].name = cfg->mode == TT_ETH_IDLE ? "COMPILE_FOR_IDLE_ERISC" : "COMPILE_FOR_ERISC";
	rc = kernel_add(fn, prog, path, cores, TT_RISC_BRISC, cfg->noc, cfg->compile_args,
			cfg->num_compile_args, cfg->defines, cfg->num_defines,
			cfg->named_compile_args, cfg->num_named_compile_args, mode, 1, out);
	if (!rc)
		prog->kernels[prog->num_kernels - 1]->eth = true;
	return rc;
}

int tt_compute_kernel_create(struct tt_program *prog, const char *path,
			     const struct tt_core_range_set *cores,
			     const struct tt_compute_config *cfg, tt_kernel_handle *out)
{
	static const char *const thread[3] = {
		"TRISC_UNPACK",
		"TRISC_MATH",
		"TRISC_PACK",
	};
	static const char fn[] = "tt_compute_kernel_create";
	uint32_t first;
	tt_kernel_handle h;
	uint32_t fidelity; /* the engine's encoding: LoFi 0, HiFiN N */
	uint8_t ccfg;
	int rc = kernel_create_check(fn, prog, path, cfg, out, cores, false);

	if (rc)
		return rc;
	if ((unsigned int)cfg->math_fidelity > TT_MATH_FIDELITY_HIFI4)
		return tt_fail(TT_EINVAL,
			       "%s: math fidelity %u is unknown: use "
			       "TT_MATH_FIDELITY_*",
			       fn, (unsigned int)cfg->math_fidelity);
	first = prog->num_kernels;
	fidelity = cfg->math_fidelity == TT_MATH_FIDELITY_DEFAULT ? 4
		   : cfg->math_fidelity == TT_MATH_FIDELITY_LOFI  ? 0
								  : (uint32_t)cfg->math_fidelity;
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
		rc = kernel_add(fn, prog, path, cores, TT_RISC_TRISC0 + t, 0, cfg->compile_args,
				cfg->num_compile_args, cfg->defines, cfg->num_defines,
				cfg->named_compile_args, cfg->num_named_compile_args, extra, 4, &h);
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
static int args_check(const char *fn, struct tt_program *prog, tt_kernel_handle kernel,
		      const uint32_t *args, uint32_t count)
{
	struct tt_kernel *k;
	int rc = tt_prog_check(prog, fn);

	if (rc)
		return rc;
	k = kernel_get(prog, kernel);
	if (!k)
		return tt_fail(TT_EINVAL,
			       "%s: kernel handle %u is not a kernel of "
			       "the program (it has %u)",
			       fn, kernel, prog->num_kernels);
	if (count && !args)
		return tt_fail(TT_EINVAL, "%s: %u args but the array is NULL", fn, count);
	if (count > TT_MAX_RUNTIME_ARGS)
		return tt_fail(TT_E2BIG,
			       "%s: %u runtime args for kernel %u (%s), at "
			       "most %u (TT_MAX_RUNTIME_ARGS)",
			       fn, count, kernel, k->path, TT_MAX_RUNTIME_ARGS);
	return TT_OK;
}

static int set_runtime_args(struct tt_program *prog, tt_kernel_handle kernel, struct tt_core core,
			    const uint32_t *args, uint32_t count)
{
	struct tt_kernel *k = kernel_get(prog, kernel);
	struct tt_core_args *slot = NULL, *grown;
	uint32_t *values;
	char cores[400];

	if (!tt_core_range_set_contains(&k->cores, core))
		return tt_fail(TT_ERANGE,
			       "tt_kernel_set_runtime_args: core (%u,%u) "
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
			       struct tt_core core, const uint32_t *args, uint32_t count)
{
	int rc = args_check("tt_kernel_set_runtime_args", prog, kernel, args, count);

	for (uint32_t i = 0; !rc && i < prog->kernels[kernel]->group; i++)
		rc = set_runtime_args(prog, kernel + i, core, args, count);
	return rc;
}

int tt_kernel_set_common_runtime_args(struct tt_program *prog, tt_kernel_handle kernel,
				      const uint32_t *args, uint32_t count)
{
	int rc = args_check("tt_kernel_set_common_runtime_args", prog, kernel, args, count);

	if (rc)
		return rc;
	for (uint32_t i = 0; i < prog->kernels[kernel]->group; i++) {
		if (count)
			memcpy(prog->kernels[kernel + i]->common, args, count * sizeof(uint32_t));
		prog->kernels[kernel + i]->num_common = count;
	}
	return TT_OK;
}

/* Semaphores ------------------------------------------------------------- */

static int semaphore_add(const char *fn, struct tt_program *prog,
			 const struct tt_core_range_set *cores, bool eth, uint32_t initial_value,
			 uint32_t *id);

int tt_semaphore_create(struct tt_program *prog, const struct tt_core_range_set *cores,
			uint32_t initial_value, uint32_t *id)
{
	return semaphore_add("tt_semaphore_create", prog, cores, false, initial_value, id);
}

int tt_eth_semaphore_create(struct tt_program *prog, const struct tt_core_range_set *cores,
			    uint32_t initial_value, uint32_t *id)
{
	return semaphore_add("tt_eth_semaphore_create", prog, cores, true, initial_value, id);
}

static int semaphore_add(const char *fn, struct tt_program *prog,
			 const struct tt_core_range_set *cores, bool eth, uint32_t initial_value,
			 uint32_t *id)
{
	struct tt_semaphore *grown;
	uint32_t used = 0;
	char text[400];
	int rc = tt_prog_check(prog, fn);

	if (rc)
		return rc;
	if (!id)
		return tt_fail(TT_EINVAL, "%s: the result pointer is NULL", fn);
	rc = eth ? eth_cores_check(fn, cores) : tt_core_range_set_check(cores, fn, "semaphore");
	if (rc)
		return rc;
	for (uint32_t i = 0; i < prog->num_sems; i++)
		if (prog->sems[i].eth == eth &&
		    tt_core_range_sets_meet(&prog->sems[i].cores, cores))
			used |= 1u << prog->sems[i].id;
	for (*id = 0; *id < TT_MAX_SEMAPHORES && (used & (1u << *id)); (*id)++)
		;
	if (*id == TT_MAX_SEMAPHORES)
		return tt_fail(TT_ENOSPC,
			       "%s: no semaphore id is free on every core "
			       "of %s: all %u ids (TT_MAX_SEMAPHORES per core) are "
			       "taken there",
			       fn, tt_core_range_set_text(cores, text, sizeof(text)),
			       TT_MAX_SEMAPHORES);
	grown = realloc(prog->sems, (prog->num_sems + 1) * sizeof(*grown));
	if (!grown)
		return tt_fail(TT_ENOMEM, "%s: out of host memory", fn);
	prog->sems = grown;
	grown[prog->num_sems].cores = *cores;
	grown[prog->num_sems].eth = eth;
	grown[prog->num_sems].id = *id;
	grown[prog->num_sems].value = initial_value;
	prog->num_sems++;
	return TT_OK;
}
