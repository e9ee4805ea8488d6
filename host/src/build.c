// SPDX-License-Identifier: Apache-2.0
/*
 * Kernel JIT build and binary cache.
 *
 * A kernel is compiled and linked in one cross-compiler run against the
 * kernel API, the kernel entry (firmware/kernel_entry.c), newlib and the
 * resident firmware's exported symbols (--just-symbols), for the text slot
 * of its RISC.  The result is cached under a 128-bit XXH3 key of
 * everything that decides the binary: compiler flags, RISC, the firmware's
 * symbol image, the source text, compile-time args and defines.  The
 * headers the source pulled in (gcc -MMD) are recorded with their own
 * hashes next to the binary and re-checked on every hit, so editing an
 * included header rebuilds too; a warm hit reads a few small files and
 * runs no process.
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

#include "internal.h"
#include "tt_mem_map.h"

extern char **environ;

#define TT_BUILD_FLAGS_VERSION "tensix-emu kernel v2"

static const char *const risc_dir[TT_RISCS_PER_CORE] = {
	"brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
};

static const char *const risc_define[TT_RISCS_PER_CORE] = {
	"-DCOMPILE_FOR_BRISC", "-DCOMPILE_FOR_NCRISC", "-DCOMPILE_FOR_TRISC=0",
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

		if (sscanf(line, "%llx %1999[^\n]", &want, path) != 2 ||
		    hash_file(path, &have) || have != want)
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

/* Run @argv, collecting stdout and stderr into @log. */
static int run_tool(char *const argv[], char *log, size_t loglen)
{
	posix_spawn_file_actions_t fa;
	int pipefd[2];
	size_t used = 0;
	pid_t pid;
	int status, err;
	ssize_t n;

	if (pipe2(pipefd, O_CLOEXEC))
		return TT_EIO;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
	err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	if (err) {
		close(pipefd[0]);
		snprintf(log, loglen, "cannot run %s: %s", argv[0], strerror(err));
		return TT_EBUILD;
	}
	/*
	 * Keep the first loglen - 1 bytes and drain the rest to the end, so
	 * the tool never blocks on a full pipe nor dies of SIGPIPE.
	 */
	for (;;) {
		char sink[4096];
		size_t room = loglen ? loglen - 1 - used : 0;

		n = room ? read(pipefd[0], log + used, room) : read(pipefd[0], sink, sizeof(sink));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (room)
			used += (size_t)n;
	}
	if (loglen)
		log[used] = '\0';
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? TT_OK : TT_EBUILD;
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
#define FIXED_ARGV	48

/* Is @path a C++ source (by its extension)? */
static bool is_cxx(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot && (!strcmp(dot, ".cpp") || !strcmp(dot, ".cc") ||
		       !strcmp(dot, ".cxx") || !strcmp(dot, ".C"));
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

	return v && *v && strcmp(v, "0");
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

	return v && *v && strcmp(v, "0");
}

/* -Os unless TT_EMU_KERNEL_OPT says otherwise (tools/tt-gdb.sh uses -Og). */
static const char *kernel_opt(void)
{
	const char *o = getenv("TT_EMU_KERNEL_OPT");

	return o && *o ? o : "-Os";
}

static int compile(const struct tt_kernel_build *kb, const char *elf_tmp,
		   const char *d_tmp, char *log, size_t loglen)
{
	const struct tt_paths *p = tt_paths();
	/* Sized for this kernel: any number of args and defines fits. */
	size_t max = FIXED_ARGV + kb->num_compile_args + kb->num_defines + 2;
	char **argv = calloc(max, sizeof(*argv));
	char **owned = calloc(max, sizeof(*owned));
	size_t argc = 0, nowned = 0;
	char *ctas = NULL;
	size_t ctas_len = 0, ctas_cap = 0;
	int rc;

	if (!argv || !owned)
		goto nomem;
#define ARG(s) (assert(argc < max), argv[argc++] = (char *)(s))
#define ARGF(...) do {						\
		char *s_;						\
		if (asprintf(&s_, __VA_ARGS__) < 0)			\
			goto nomem;					\
		assert(nowned < max);					\
		owned[nowned++] = s_;					\
		ARG(s_);						\
	} while (0)

	bool cxx = is_cxx(kb->path);

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
		ctas_len += (size_t)snprintf(ctas + ctas_len, ctas_cap - ctas_len,
					     "%s%uu", i ? "," : "",
					     kb->compile_args[i]);
	}
	if (kb->num_compile_args)
		ARGF("-DKERNEL_COMPILE_TIME_ARGS=%s", ctas);
	if (cxx && kb->num_named_args) {
		char *m = named_args_define(kb);

		if (!m)
			goto nomem;
		owned[nowned++] = m;
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
	ARGF("-Wl,--just-symbols=%s/firmware/%s.syms.elf", p->build,
	     risc_dir[kb->risc]);
	ARG("-Wl,--gc-sections");
	ARG("-MMD");
	ARG("-MF");
	ARG(d_tmp);
	ARG("-o");
	ARG(elf_tmp);
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
	argv[argc] = NULL;

	rc = run_tool(argv, log, loglen);
	goto out;
nomem:
	snprintf(log, loglen, "out of host memory for the compiler's arguments");
	rc = TT_ENOMEM;
out:
	while (nowned)
		free(owned[--nowned]);
	free(owned);
	free(argv);
	free(ctas);
	return rc;
#undef ARG
#undef ARGF
}

static int kernel_key(const struct tt_kernel_build *kb, uint64_t id[2])
{
	const struct tt_paths *p = tt_paths();
	char fw[1200];
	XXH3_state_t *st = XXH3_createState();
	XXH128_hash_t h;
	uint8_t lang = is_cxx(kb->path), strict = strict_cb();
	uint8_t asserts = (uint8_t)(watcher() | lightweight_asserts() << 1);
	int rc;

	if (!st)
		return TT_ENOMEM;
	XXH3_128bits_reset(st);
	XXH3_128bits_update(st, TT_BUILD_FLAGS_VERSION, sizeof(TT_BUILD_FLAGS_VERSION));
	XXH3_128bits_update(st, &kb->risc, sizeof(kb->risc));
	XXH3_128bits_update(st, &lang, sizeof(lang));
	XXH3_128bits_update(st, &strict, sizeof(strict));
	XXH3_128bits_update(st, &asserts, sizeof(asserts));
	XXH3_128bits_update(st, p->cross, strlen(p->cross) + 1);
	XXH3_128bits_update(st, kernel_opt(), strlen(kernel_opt()) + 1);
	/* Everything the link uses besides newlib: firmware symbols, the
	 * slot's linker script (the L1 layout) and the kernel entry. */
	tt_firmware_path(kb->risc, true, fw, sizeof(fw));
	rc = hash_file_into(st, fw);
	snprintf(fw, sizeof(fw), "%s/linker/kernel_%s.ld", p->build, risc_dir[kb->risc]);
	if (!rc)
		rc = hash_file_into(st, fw);
	snprintf(fw, sizeof(fw), "%s/firmware/kernel_entry.o", p->build);
	if (!rc)
		rc = hash_file_into(st, fw);
	if (!rc)
		rc = hash_file_into(st, kb->path);
	XXH3_128bits_update(st, &kb->num_compile_args, sizeof(kb->num_compile_args));
	if (kb->num_compile_args)
		XXH3_128bits_update(st, kb->compile_args,
				    kb->num_compile_args * sizeof(uint32_t));
	for (uint32_t i = 0; i < kb->num_named_args; i++) {
		XXH3_128bits_update(st, kb->named_args[i].name,
				    strlen(kb->named_args[i].name) + 1);
		XXH3_128bits_update(st, &kb->named_args[i].value,
				    sizeof(kb->named_args[i].value));
	}
	for (uint32_t i = 0; i < kb->num_defines; i++) {
		const char *v = kb->defines[i].value ? kb->defines[i].value : "";

		XXH3_128bits_update(st, kb->defines[i].name,
				    strlen(kb->defines[i].name) + 1);
		XXH3_128bits_update(st, v, strlen(v) + 1);
	}
	h = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	id[0] = h.high64;
	id[1] = h.low64;
	return rc;
}

int tt_build_kernel(const struct tt_kernel_build *kb, struct tt_elf *elf,
		    uint64_t id[2], char *log, size_t loglen)
{
	const struct tt_paths *p = tt_paths();
	char base[1400], elf_path[1500], deps_path[1500], tmp_elf[1500], tmp_d[1500];
	char tmp_deps[1500];
	char fw[1200];
	int rc;

	if (log && loglen)
		log[0] = '\0';
	tt_firmware_path(kb->risc, true, fw, sizeof(fw));
	if (access(fw, R_OK)) {
		snprintf(log, loglen, "firmware symbols %s missing: run make", fw);
		return TT_ENOENT;
	}
	rc = kernel_key(kb, id);
	if (rc) {
		snprintf(log, loglen, "%s: cannot read the kernel source", kb->path);
		return rc;
	}
	snprintf(base, sizeof(base), "%s/%016llx%016llx", p->cache,
		 (unsigned long long)id[0], (unsigned long long)id[1]);
	snprintf(elf_path, sizeof(elf_path), "%s.elf", base);
	snprintf(deps_path, sizeof(deps_path), "%s.deps", base);

	if (access(elf_path, R_OK) || !deps_valid(deps_path)) {
		rc = mkdir_p(p->cache);
		if (rc) {
			snprintf(log, loglen, "cannot create the kernel cache %s: %s "
				 "(set TT_EMU_CACHE to a writable directory)",
				 p->cache, strerror(errno));
			return rc;
		}
		/* Per process and thread: two devices may build one kernel at once. */
		snprintf(tmp_elf, sizeof(tmp_elf), "%s.%d.%d.tmp.elf", base,
			 (int)getpid(), (int)gettid());
		snprintf(tmp_d, sizeof(tmp_d), "%s.%d.%d.tmp.d", base, (int)getpid(),
			 (int)gettid());
		snprintf(tmp_deps, sizeof(tmp_deps), "%s.%d.%d.tmp.deps", base,
			 (int)getpid(), (int)gettid());
		rc = compile(kb, tmp_elf, tmp_d, log, loglen);
		if (!rc)
			rc = write_deps(tmp_d, tmp_deps);
		/* The binary first: a binary without its deps is rebuilt. */
		if (!rc && (rename(tmp_elf, elf_path) || rename(tmp_deps, deps_path))) {
			snprintf(log, loglen, "cannot store %s in the kernel cache: %s",
				 elf_path, strerror(errno));
			rc = TT_EIO;
		}
		unlink(tmp_d);
		if (rc) {
			unlink(tmp_elf);
			unlink(tmp_deps);
			return rc;
		}
	}
	rc = tt_elf_load(elf_path, elf, log, loglen);
	if (!rc)
		tt_gdb_note_kernel(kb->risc, elf_path, kb->path);
	return rc;
}
