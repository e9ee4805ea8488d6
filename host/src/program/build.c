// SPDX-License-Identifier: Apache-2.0
/*
 * Building a program: each kernel's JIT build and the binary cache.
 *
 * A kernel is compiled and linked in one cross-compiler run against the
 * kernel API, the kernel entry (firmware/kernel_entry.c), newlib and the
 * resident firmware's exported symbols (--just-symbols), for the text slot
 * of its RISC.  The result is cached under a 128-bit XXH3 key of
 * everything that decides the binary: the whole compiler command line
 * (flags, RISC, defines, compile-time and named args, paths), the
 * compiler driver and newlib by identity, and the contents of the source,
 * the firmware's symbol image, the slot's linker script and the kernel
 * entry.  Every header the source pulled in (gcc -MD, system headers
 * included) is recorded with its hash next to the binary and re-checked on
 * every hit, so editing an included header rebuilds too; a warm hit reads
 * a few small files and runs no process.  The misses of one program (a
 * compute kernel's three TRISC images, the data-movement kernels) compile
 * in parallel, one compiler per CPU.
 *
 * A .cpp (.cc, .cxx) kernel is C++ built with the cross g++: C++17, no
 * exceptions, no RTTI, no thread-safe statics, against the freestanding
 * standard headers in kernels/include/c++ only, with the tt-metal API
 * pre-included (kernels/include/tt_cxx_prelude.h) as tt-metal's own build
 * does.  Named compile-time args go to it as KERNEL_COMPILE_TIME_ARG_MAP.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xxhash.h>

#include "program/program.h"
#include "tt_mem_map.h"

extern char **environ;

#define TT_BUILD_FLAGS_VERSION "tensix-emu kernel v2"

static const char *const risc_dir[TT_RISCS_PER_CORE] = {
	"brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
};

static const char *const risc_define[TT_RISCS_PER_CORE] = {
	"-DCOMPILE_FOR_BRISC",	 "-DCOMPILE_FOR_NCRISC",  "-DCOMPILE_FOR_TRISC=0",
	"-DCOMPILE_FOR_TRISC=1", "-DCOMPILE_FOR_TRISC=2",
};

static int hash_file(const char *path, XXH64_hash_t *out)
{
	char buf[65536];
	XXH3_state_t *st;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return TT_ENOENT;
	st = XXH3_createState();
	XXH3_64bits_reset(st);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		XXH3_64bits_update(st, buf, (size_t)n);
	close(fd);
	*out = XXH3_64bits_digest(st);
	XXH3_freeState(st);
	return n < 0 ? TT_EIO : TT_OK;
}

static int hash_file_into(XXH3_state_t *st, const char *path)
{
	XXH64_hash_t h;
	int rc = hash_file(path, &h);

	if (!rc)
		XXH3_128bits_update(st, &h, sizeof(h));
	return rc;
}

/* The dependency list: "<hash> <path>" lines; all must still match. */
static bool deps_valid(const char *deps_path)
{
	FILE *f = fopen(deps_path, "r");
	char line[2048];
	bool ok = f != NULL;

	while (ok && fgets(line, sizeof(line), f)) {
		unsigned long long want;
		XXH64_hash_t have;
		char path[2000];

		if (sscanf(line, "%llx %1999[^\n]", &want, path) != 2 || hash_file(path, &have) ||
		    have != want)
			ok = false;
	}
	if (f)
		fclose(f);
	return ok;
}

/* Turn gcc's make-style .d file into our dependency list. */
static int write_deps(const char *d_path, const char *deps_path)
{
	FILE *in = fopen(d_path, "r"), *out;
	char *text = NULL, *tok, *save;
	size_t cap = 0;
	ssize_t n;
	int rc = TT_OK;

	if (!in)
		return TT_EIO;
	n = getdelim(&text, &cap, '\0', in);
	fclose(in);
	if (n < 0) {
		free(text);
		return TT_EIO;
	}
	out = fopen(deps_path, "w");
	if (!out) {
		free(text);
		return TT_EIO;
	}
	/* Skip the target ("x.elf:"), then every whitespace-separated path. */
	tok = strtok_r(text, " \t\n\\", &save);
	while ((tok = strtok_r(NULL, " \t\n\\", &save))) {
		XXH64_hash_t h;

		if (tok[strlen(tok) - 1] == ':')
			continue;
		if (hash_file(tok, &h)) {
			rc = TT_EIO;
			break;
		}
		fprintf(out, "%016llx %s\n", (unsigned long long)h, tok);
	}
	if (fclose(out))
		rc = TT_EIO;
	free(text);
	return rc;
}

static int mkdir_p(const char *dir)
{
	char tmp[1024];

	snprintf(tmp, sizeof(tmp), "%s", dir);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) && errno != EEXIST)
			return TT_EIO;
		*p = '/';
	}
	if (mkdir(tmp, 0755) && errno != EEXIST)
		return TT_EIO;
	return TT_OK;
}

/* Arguments of a compiler run besides compile-time args and defines. */
#define FIXED_ARGV 48

/* Is @path a C++ source (by its extension)? */
static bool is_cxx(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot && (!strcmp(dot, ".cpp") || !strcmp(dot, ".cc") || !strcmp(dot, ".cxx") ||
		       !strcmp(dot, ".C"));
}

bool tt_named_arg_valid(const char *name)
{
	if (!name || !*name)
		return false;
	for (const char *c = name; *c; c++)
		if (*c < 0x20 || *c > 0x7e || *c == '"' || *c == '\\')
			return false;
	return true;
}

/* -DKERNEL_COMPILE_TIME_ARG_MAP={"name",value},... (NULL if none). */
static char *named_args_define(const struct tt_kernel_build *kb)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (!kb->num_named_args)
		return NULL;
	f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	fputs("-DKERNEL_COMPILE_TIME_ARG_MAP=", f);
	for (uint32_t i = 0; i < kb->num_named_args; i++)
		fprintf(f, "%s{\"%s\",%uu}", i ? "," : "", kb->named_args[i].name,
			kb->named_args[i].value);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/* TT_EMU_STRICT_CB=1: CB rules silicon does not check stop the kernel. */
static bool strict_cb(void)
{
	const char *v = getenv("TT_EMU_STRICT_CB");

	return v && *v && strcmp(v, "0") != 0;
}

/* TT_EMU_STRICT_ARGS=1: runtime args read past those set stop the kernel. */
static bool strict_args(void)
{
	const char *v = getenv("TT_EMU_STRICT_ARGS");

	return v && *v && strcmp(v, "0") != 0;
}

/*
 * tt-metal's switches for kernel ASSERTs: TT_METAL_WATCHER (any value)
 * builds kernels with WATCHER_ENABLED, TT_METAL_LIGHTWEIGHT_KERNEL_ASSERTS=1
 * with LIGHTWEIGHT_KERNEL_ASSERTS; either makes ASSERT check.
 */
static bool watcher(void)
{
	const char *v = getenv("TT_METAL_WATCHER");

	return v && *v;
}

static bool lightweight_asserts(void)
{
	const char *v = getenv("TT_METAL_LIGHTWEIGHT_KERNEL_ASSERTS");

	return v && *v && strcmp(v, "0") != 0;
}

/* -Os unless TT_EMU_KERNEL_OPT says otherwise (tools/tt-gdb.sh uses -Og). */
static const char *kernel_opt(void)
{
	const char *o = getenv("TT_EMU_KERNEL_OPT");

	return o && *o ? o : "-Os";
}

/*
 * One compiler run: its argv, the strings it owns, and the two argv slots
 * naming its outputs (per-run temporaries, so not part of the cache key).
 */
struct cmd {
	char **argv;
	char **owned;
	size_t argc, nowned, max;
	size_t slot_d, slot_elf;
};

static void cmd_free(struct cmd *c)
{
	while (c->nowned)
		free(c->owned[--c->nowned]);
	free(c->owned);
	free(c->argv);
	c->owned = NULL;
	c->argv = NULL;
}

/* The cross-compiler command line for @kb, outputs left blank. */
static int cmd_build(const struct tt_kernel_build *kb, struct cmd *c)
{
	const struct tt_paths *p = tt_paths();
	bool cxx = is_cxx(kb->path);
	char *ctas = NULL;
	size_t ctas_len = 0, ctas_cap;

	/* Sized for this kernel: any number of args and defines fits. */
	*c = (struct cmd){ .max = FIXED_ARGV + kb->num_compile_args + kb->num_defines + 2 };
	c->argv = calloc(c->max, sizeof(*c->argv));
	c->owned = calloc(c->max, sizeof(*c->owned));
	if (!c->argv || !c->owned)
		goto nomem;
#define ARG(s) (assert(c->argc < c->max), c->argv[c->argc++] = (char *)(s))
#define ARGF(...)                                   \
	do {                                        \
		char *s_;                           \
		if (asprintf(&s_, __VA_ARGS__) < 0) \
			goto nomem;                 \
		assert(c->nowned < c->max);         \
		c->owned[c->nowned++] = s_;         \
		ARG(s_);                            \
	} while (0)

	if (cxx)
		ARGF("%sg++", p->cross);
	else
		ARGF("%sgcc", p->cross);
	ARG("-march=rv32im_zicsr");
	ARG("-mabi=ilp32");
	ARG("-mno-relax");
	ARG("-mcmodel=medlow");
	ARG("--param=min-pagesize=0");
	ARG(kernel_opt());
	ARG("-g");
	if (cxx) {
		ARG("-std=c++17");
		ARG("-fno-exceptions");
		ARG("-fno-rtti");
		ARG("-fno-threadsafe-statics");
		ARG("-fno-use-cxa-atexit");
		ARG("-nostdinc++");
		ARG("-DKERNEL_BUILD");
		/* tt-metal's kernels keep unused args and CB ids by habit. */
		ARG("-Wno-unused-variable");
		ARG("-Wno-unused-but-set-variable");
	} else {
		ARG("-std=gnu11");
	}
	ARG("-Wall");
	ARG("-ffunction-sections");
	ARG("-fdata-sections");
	ARG("-fno-common");
	ARG(risc_define[kb->risc]);
	if (strict_cb())
		ARG("-DTT_CB_STRICT");
	if (strict_args())
		ARG("-DTT_ARGS_STRICT");
	if (watcher())
		ARG("-DWATCHER_ENABLED");
	if (lightweight_asserts())
		ARG("-DLIGHTWEIGHT_KERNEL_ASSERTS");
	if (cxx)
		ARGF("-isystem%s/kernels/include/c++", p->src);
	ARGF("-I%s/kernels/include", p->src);
	ARGF("-I%s/hal", p->src);
	ARGF("-I%s/hal/wormhole", p->src);
	ARGF("-isystem%s/sysroot/riscv64-unknown-elf/include", p->build);
	/* "1u,2u,...": at most 12 characters per arg with its comma. */
	ctas_cap = (size_t)kb->num_compile_args * 12 + 1;
	ctas = malloc(ctas_cap);
	if (!ctas)
		goto nomem;
	ctas[0] = '\0';
	for (uint32_t i = 0; i < kb->num_compile_args; i++) {
		ARGF("-DKERNEL_COMPILE_TIME_ARG_%u=%uu", i, kb->compile_args[i]);
		ctas_len += (size_t)snprintf(ctas + ctas_len, ctas_cap - ctas_len, "%s%uu",
					     i ? "," : "", kb->compile_args[i]);
	}
	if (kb->num_compile_args)
		ARGF("-DKERNEL_COMPILE_TIME_ARGS=%s", ctas);
	if (cxx && kb->num_named_args) {
		char *m = named_args_define(kb);

		if (!m)
			goto nomem;
		c->owned[c->nowned++] = m;
		ARG(m);
	}
	for (uint32_t i = 0; i < kb->num_defines; i++) {
		const struct tt_define *d = &kb->defines[i];

		if (d->value && *d->value)
			ARGF("-D%s=%s", d->name, d->value);
		else
			ARGF("-D%s", d->name);
	}
	ARG("-nostdlib");
	ARG("-nostartfiles");
	ARGF("-T%s/linker/kernel_%s.ld", p->build, risc_dir[kb->risc]);
	ARGF("-Wl,--just-symbols=%s/firmware/%s.syms.elf", p->build, risc_dir[kb->risc]);
	ARG("-Wl,--gc-sections");
	/* -MD, not -MMD: the -isystem headers (ours and newlib's) count too. */
	ARG("-MD");
	ARG("-MF");
	c->slot_d = c->argc;
	ARG("");
	ARG("-o");
	c->slot_elf = c->argc;
	ARG("");
	if (cxx)
		ARGF("-include%s/kernels/include/tt_cxx_prelude.h", p->src);
	ARGF("%s/firmware/kernel_entry.o", p->build);
	ARG(kb->path);
	ARGF("-L%s/sysroot/riscv64-unknown-elf/lib", p->build);
	ARG("-Wl,--start-group");
	ARG("-lc");
	ARG("-lm");
	ARG("-lgcc");
	ARG("-Wl,--end-group");
	c->argv[c->argc] = NULL;
	free(ctas);
	return TT_OK;
nomem:
	free(ctas);
	cmd_free(c);
	return TT_ENOMEM;
#undef ARG
#undef ARGF
}

/*
 * Which file, size and modification time a tool or library is: a new
 * toolchain or newlib at the same path is a new key, without hashing tens
 * of megabytes (or running the compiler) on every warm build.
 */
static void identity_into(XXH3_state_t *st, const char *path)
{
	struct stat sb;
	uint64_t id[5] = { 0 };

	if (!stat(path, &sb)) {
		id[0] = (uint64_t)sb.st_dev;
		id[1] = (uint64_t)sb.st_ino;
		id[2] = (uint64_t)sb.st_size;
		id[3] = (uint64_t)sb.st_mtim.tv_sec;
		id[4] = (uint64_t)sb.st_mtim.tv_nsec;
	}
	XXH3_128bits_update(st, id, sizeof(id));
}

/* The compiler driver as posix_spawnp() will find it, by its identity. */
static void tool_identity_into(XXH3_state_t *st, const char *tool)
{
	const char *path = getenv("PATH");
	char full[PATH_MAX];

	if (strchr(tool, '/') || !path) {
		identity_into(st, tool);
		return;
	}
	while (*path) {
		size_t len = strcspn(path, ":");

		snprintf(full, sizeof(full), "%.*s/%s", (int)len, len ? path : ".", tool);
		if (!access(full, X_OK)) {
			XXH3_128bits_update(st, full, strlen(full) + 1);
			identity_into(st, full);
			return;
		}
		path += len + (path[len] == ':');
	}
	identity_into(st, tool);
}

/*
 * The cache key: every argument of the compiler run (flags, RISC, defines,
 * compile-time and named args, include and library paths), the compiler
 * driver and newlib by identity, and the content of the source and of the
 * link's inputs.  Included headers are checked by content on every hit
 * (the .deps list next to the binary).
 */
static int kernel_key(const struct tt_kernel_build *kb, const struct cmd *c, uint64_t id[2])
{
	const struct tt_paths *p = tt_paths();
	char path[1200];
	XXH3_state_t *st = XXH3_createState();
	XXH128_hash_t h;
	int rc;

	if (!st)
		return TT_ENOMEM;
	XXH3_128bits_reset(st);
	XXH3_128bits_update(st, TT_BUILD_FLAGS_VERSION, sizeof(TT_BUILD_FLAGS_VERSION));
	for (size_t i = 0; i < c->argc; i++)
		if (i != c->slot_d && i != c->slot_elf)
			XXH3_128bits_update(st, c->argv[i], strlen(c->argv[i]) + 1);
	tool_identity_into(st, c->argv[0]);
	snprintf(path, sizeof(path), "%s/sysroot/riscv64-unknown-elf/lib/libc.a", p->build);
	identity_into(st, path);
	snprintf(path, sizeof(path), "%s/sysroot/riscv64-unknown-elf/lib/libm.a", p->build);
	identity_into(st, path);
	/* Everything else the link uses: firmware symbols, the slot's
	 * linker script (the L1 layout) and the kernel entry. */
	tt_firmware_path(kb->risc, true, path, sizeof(path));
	rc = hash_file_into(st, path);
	snprintf(path, sizeof(path), "%s/linker/kernel_%s.ld", p->build, risc_dir[kb->risc]);
	if (!rc)
		rc = hash_file_into(st, path);
	snprintf(path, sizeof(path), "%s/firmware/kernel_entry.o", p->build);
	if (!rc)
		rc = hash_file_into(st, path);
	if (!rc)
		rc = hash_file_into(st, kb->path);
	h = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	id[0] = h.high64;
	id[1] = h.low64;
	return rc;
}

/* One kernel of a batch: its command, cache entry and compiler process. */
struct job {
	struct cmd cmd;
	char base[1400]; /* cache entry, without extension */
	char tmp[1500];	 /* this run's temporaries, likewise */
	char tmp_elf[1600], tmp_d[1600];
	pid_t pid;
	int spawn_err;
	int store_err; /* errno of a failed store in the cache */
	int rc;
	bool compile; /* a miss this batch compiles */
};

/* Start @j's compiler, its output going to <tmp>.log. */
static void job_spawn(struct job *j)
{
	posix_spawn_file_actions_t fa;
	char log[1600];

	snprintf(log, sizeof(log), "%s.log", j->tmp);
	j->cmd.argv[j->cmd.slot_d] = j->tmp_d;
	j->cmd.argv[j->cmd.slot_elf] = j->tmp_elf;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	j->spawn_err = posix_spawnp(&j->pid, j->cmd.argv[0], &fa, NULL, j->cmd.argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (j->spawn_err)
		j->rc = TT_EBUILD;
}

/* Wait for @j's compiler; a good binary goes into the cache. */
static void job_finish(struct job *j)
{
	char deps[1500], tmp_deps[1600], elf[1500];
	int status;

	if (j->spawn_err)
		return;
	while (waitpid(j->pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		j->rc = TT_EBUILD;
		return;
	}
	snprintf(tmp_deps, sizeof(tmp_deps), "%s.deps", j->tmp);
	snprintf(elf, sizeof(elf), "%s.elf", j->base);
	snprintf(deps, sizeof(deps), "%s.deps", j->base);
	j->rc = write_deps(j->tmp_d, tmp_deps);
	/* The binary first: a binary without its deps is rebuilt. */
	if (!j->rc && (rename(j->tmp_elf, elf) || rename(tmp_deps, deps))) {
		j->store_err = errno;
		j->rc = TT_EIO;
	}
	unlink(tmp_deps);
}

/* The compiler's words (or why it did not run) for a failed @j. */
static void job_log(const struct job *j, char *log, size_t loglen)
{
	char path[1600];
	ssize_t n = 0;
	int fd;

	if (j->spawn_err) {
		snprintf(log, loglen, "cannot run %s: %s", j->cmd.argv[0], strerror(j->spawn_err));
		return;
	}
	if (j->rc == TT_EIO) {
		snprintf(log, loglen, "cannot store %s.elf in the kernel cache: %s", j->base,
			 j->store_err ? strerror(j->store_err) : "no dependency list");
		return;
	}
	snprintf(path, sizeof(path), "%s.log", j->tmp);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0 && loglen) {
		n = read(fd, log, loglen - 1);
		close(fd);
	}
	if (loglen)
		log[n > 0 ? n : 0] = '\0';
}

static void job_cleanup(struct job *j)
{
	char path[1600];

	if (j->compile) {
		snprintf(path, sizeof(path), "%s.log", j->tmp);
		unlink(path);
		unlink(j->tmp_d);
		unlink(j->tmp_elf);
	}
	cmd_free(&j->cmd);
}

/* How many compilers run at once: one per online CPU. */
static unsigned int build_parallelism(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned int)n : 1;
}

/* Key @n jobs and find which miss the cache; a miss seen earlier in the
 * batch (same key) is built once. */
static int jobs_prepare(const struct tt_build_job *bj, struct job *jobs, uint32_t n,
			uint32_t *failed, char *log, size_t loglen)
{
	const struct tt_paths *p = tt_paths();
	static unsigned long batch;
	unsigned long b = __atomic_add_fetch(&batch, 1, __ATOMIC_RELAXED);
	char fw[1200], path[1500];
	int rc;

	for (uint32_t i = 0; i < n; i++) {
		struct job *j = &jobs[i];

		*failed = i;
		tt_firmware_path(bj[i].kb.risc, true, fw, sizeof(fw));
		if (access(fw, R_OK)) {
			snprintf(log, loglen, "firmware symbols %s missing: run make", fw);
			return TT_ENOENT;
		}
		rc = cmd_build(&bj[i].kb, &j->cmd);
		if (rc) {
			snprintf(log, loglen, "out of host memory for the compiler's arguments");
			return rc;
		}
		rc = kernel_key(&bj[i].kb, &j->cmd, bj[i].id);
		if (rc) {
			snprintf(log, loglen, "%s: cannot read the kernel source", bj[i].kb.path);
			return rc;
		}
		snprintf(j->base, sizeof(j->base), "%s/%016llx%016llx", p->cache,
			 (unsigned long long)bj[i].id[0], (unsigned long long)bj[i].id[1]);
		/* Per process, thread and batch: two devices may build one
		 * kernel at once. */
		snprintf(j->tmp, sizeof(j->tmp), "%s.%d.%d.%lu.tmp", j->base, (int)getpid(),
			 (int)gettid(), b);
		snprintf(j->tmp_elf, sizeof(j->tmp_elf), "%s.elf", j->tmp);
		snprintf(j->tmp_d, sizeof(j->tmp_d), "%s.d", j->tmp);
		snprintf(path, sizeof(path), "%s.elf", j->base);
		j->compile = access(path, R_OK) != 0;
		snprintf(path, sizeof(path), "%s.deps", j->base);
		if (!j->compile)
			j->compile = !deps_valid(path);
		for (uint32_t k = 0; j->compile && k < i; k++)
			if (jobs[k].compile && !strcmp(jobs[k].base, j->base))
				j->compile = false;
		if (j->compile && mkdir_p(p->cache)) {
			snprintf(log, loglen,
				 "cannot create the kernel cache %s: %s "
				 "(set TT_EMU_CACHE to a writable directory)",
				 p->cache, strerror(errno));
			return TT_EIO;
		}
	}
	return TT_OK;
}

/*
 * Misses compile in parallel, at most one compiler per CPU; they are
 * waited for in the order they started (only our own children: the
 * process may have others, QEMU among them).
 */
static void jobs_compile(struct job *jobs, uint32_t n)
{
	unsigned int limit = build_parallelism();
	uint32_t *order = calloc(n ? n : 1, sizeof(*order));
	uint32_t head = 0, tail = 0;

	for (uint32_t i = 0; i < n; i++) {
		if (!jobs[i].compile)
			continue;
		if (!order) {
			/* No memory for the queue: one at a time. */
			job_spawn(&jobs[i]);
			job_finish(&jobs[i]);
			continue;
		}
		while (tail - head >= limit)
			job_finish(&jobs[order[head++]]);
		job_spawn(&jobs[i]);
		order[tail++] = i;
	}
	while (head < tail)
		job_finish(&jobs[order[head++]]);
	free(order);
}

int tt_build_kernels(const struct tt_build_job *bj, uint32_t n, uint32_t *failed, char *log,
		     size_t loglen)
{
	struct job *jobs = calloc(n ? n : 1, sizeof(*jobs));
	char elf_path[1500];
	int rc;

	if (log && loglen)
		log[0] = '\0';
	*failed = 0;
	if (!jobs) {
		snprintf(log, loglen, "out of host memory");
		return TT_ENOMEM;
	}
	rc = jobs_prepare(bj, jobs, n, failed, log, loglen);
	if (!rc) {
		jobs_compile(jobs, n);
		for (uint32_t i = 0; i < n && !rc; i++) {
			if (!jobs[i].rc)
				continue;
			*failed = i;
			rc = jobs[i].rc;
			job_log(&jobs[i], log, loglen);
		}
	}
	for (uint32_t i = 0; i < n && !rc; i++) {
		*failed = i;
		snprintf(elf_path, sizeof(elf_path), "%s.elf", jobs[i].base);
		rc = tt_elf_load(elf_path, bj[i].elf);
		if (rc)
			snprintf(log, loglen, "%s", tt_last_error());
	}
	for (uint32_t i = 0; i < n; i++)
		job_cleanup(&jobs[i]);
	free(jobs);
	return rc;
}

int tt_build_kernel(const struct tt_kernel_build *kb, struct tt_elf *elf, uint64_t id[2], char *log,
		    size_t loglen)
{
	struct tt_build_job j = { .kb = *kb, .elf = elf, .id = id };
	uint32_t failed;

	return tt_build_kernels(&j, 1, &failed, log, loglen);
}

/* Programs ------------------------------------------------------------------ */

/*
 * A kernel's defines plus TT_CB_DATA_FORMATS, the data format of every CB
 * index on its cores (tt-metal's chlkc_descriptors.h; get_dataformat() in
 * compute and data-movement kernels), into @defs (k->num_defines + 1
 * entries); the format text goes to @text, TT_NUM_CBS * 4 + 3 bytes.
 */
static int kernel_defines(const struct tt_program *prog, const struct tt_kernel *k,
			  struct tt_define *defs, char *text, struct tt_kernel_build *kb)
{
	uint8_t df[TT_NUM_CBS];
	size_t len = 0;

	if (tt_cb_formats(&prog->cbs, &k->cores, df))
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

/* Each built kernel's image must sit in its RISC's text slot. */
static int kernel_fits(const struct tt_kernel *k, struct tt_run_report *report)
{
	for (uint32_t s = 0; s < k->elf.nsegs; s++) {
		const struct tt_elf_segment *seg = &k->elf.segs[s];

		if (seg->addr < TT_MEM_KERNEL_BASE(k->risc) ||
		    seg->addr + seg->memsz > TT_MEM_KERNEL_BASE(k->risc) + TT_MEM_KERNEL_SLOT_SIZE)
			return tt_run_fail(report, TT_E2BIG,
					   "%s: kernel image for %s does not fit its "
					   "%u-byte text slot",
					   k->path, tt_risc_name(k->risc), TT_MEM_KERNEL_SLOT_SIZE);
	}
	return TT_OK;
}

/* The build jobs of @prog's unbuilt kernels, defines and formats included. */
static int program_jobs(struct tt_program *prog, struct tt_build_job *jobs, struct tt_kernel **ks,
			struct tt_define **defs, char (*formats)[TT_NUM_CBS * 4 + 3], uint32_t *n,
			struct tt_run_report *report)
{
	int rc;

	*n = 0;
	for (uint32_t i = 0; i < prog->num_kernels; i++) {
		struct tt_kernel *k = prog->kernels[i];
		struct tt_build_job *j = &jobs[*n];

		if (k->built)
			continue;
		j->kb = (struct tt_kernel_build){
			.path = k->path,
			.risc = k->risc,
			.compile_args = k->compile_args,
			.num_compile_args = k->num_compile_args,
			.named_args = k->named_args,
			.num_named_args = k->num_named_args,
		};
		j->elf = &k->elf;
		j->id = k->id;
		defs[*n] = calloc(k->num_defines + 1, sizeof(**defs));
		if (!defs[*n])
			return tt_run_fail(report, TT_ENOMEM, "%s: out of host memory", k->path);
		ks[*n] = k;
		(*n)++;
		rc = kernel_defines(prog, k, defs[*n - 1], formats[*n - 1], &j->kb);
		if (rc)
			return tt_run_fail(report, rc, "%s: %s", k->path, tt_last_error());
	}
	return TT_OK;
}

int tt_program_compile(struct tt_device *dev, struct tt_program *prog, struct tt_run_report *report)
{
	char log[1900];
	uint32_t n = 0, failed = 0, m = 0;
	struct tt_build_job *jobs = NULL;
	struct tt_kernel **ks = NULL;
	struct tt_define **defs = NULL;
	char(*formats)[TT_NUM_CBS * 4 + 3] = NULL;
	int rc;

	/* Building needs no device: @dev may be NULL (a compile-only check). */
	rc = dev ? tt_dev_check(dev, "tt_program_compile") : TT_OK;
	if (!rc)
		rc = tt_prog_check(prog, "tt_program_compile");
	if (rc)
		return tt_run_fail(report, rc, "%s", tt_last_error());
	m = prog->num_kernels ? prog->num_kernels : 1;
	jobs = calloc(m, sizeof(*jobs));
	ks = calloc(m, sizeof(struct tt_kernel *));
	defs = calloc(m, sizeof(struct tt_define *));
	formats = calloc(m, sizeof(*formats));
	if (!jobs || !ks || !defs || !formats)
		rc = tt_run_fail(report, TT_ENOMEM, "out of host memory");
	if (!rc)
		rc = program_jobs(prog, jobs, ks, defs, formats, &n, report);
	if (!rc && n) {
		rc = tt_build_kernels(jobs, n, &failed, log, sizeof(log));
		if (rc)
			rc = tt_run_fail(report, rc, "building %s for %s failed:\n%s",
					 ks[failed]->path, tt_risc_name(ks[failed]->risc), log);
	}
	for (uint32_t i = 0; !rc && i < n; i++) {
		rc = kernel_fits(ks[i], report);
		if (!rc)
			ks[i]->built = true;
	}
	for (uint32_t i = 0; defs && i < m; i++)
		free(defs[i]);
	free(defs);
	free(formats);
	free(ks);
	free(jobs);
	return rc;
}
