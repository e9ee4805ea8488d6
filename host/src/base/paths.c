// SPDX-License-Identifier: Apache-2.0
/*
 * Where libtt finds its build products.  Defaults are compiled in by the
 * Makefile (the source tree and the build directory it used); the
 * environment overrides them: TT_EMU_SRC, TT_EMU_BUILD, TT_EMU_CACHE
 * (kernel binary cache, default $XDG_CACHE_HOME/tensix-emu or
 * ~/.cache/tensix-emu) and CROSS_COMPILE.
 *
 * The shared libtt of an install (make install, built with
 * TT_RELOCATABLE) has no paths compiled in: from its own location
 * <prefix>/lib/libtt.so it takes <prefix>/share/tensix-emu for the
 * source-tree files (kernel headers, hal) and <prefix>/lib/tensix-emu for
 * the build products (firmware, linker scripts, newlib, QEMU), so the
 * installed tree can be moved.  The static libtt.a of an install is built
 * with those two folders of its prefix as the defaults: it is part of the
 * program, so its own location says nothing.
 */
#ifdef TT_RELOCATABLE
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/base.h"
#include "tt_riscv.h"

#ifdef TT_RELOCATABLE
#undef TT_DEFAULT_SRC
#undef TT_DEFAULT_BUILD
#endif
#ifndef TT_DEFAULT_SRC
#define TT_DEFAULT_SRC "."
#endif
#ifndef TT_DEFAULT_BUILD
#define TT_DEFAULT_BUILD "build"
#endif

/* Filled once, on first use, whichever thread gets there first. */
static struct tt_paths paths;
static pthread_once_t paths_once = PTHREAD_ONCE_INIT;

static void pick(char *dst, size_t len, const char *env, const char *dflt)
{
	const char *v = getenv(env);

	snprintf(dst, len, "%s", v && *v ? v : dflt);
}

/*
 * @path made absolute against the working directory at first use: images
 * in the cache are named in gdb notes and symbolizer calls that may run
 * from elsewhere.
 */
static void absolute(char *dst, size_t len, const char *path)
{
	char *cwd = path[0] != '/' ? getcwd(NULL, 0) : NULL;

	if (cwd)
		snprintf(dst, len, "%s/%s", cwd, path);
	else
		snprintf(dst, len, "%s", path);
	free(cwd);
}

static void paths_init(void)
{
	const char *xdg, *home;

#ifdef TT_RELOCATABLE
	{
		char lib[PATH_MAX] = ".", src[sizeof(paths.src)], build[sizeof(paths.build)];
		Dl_info info;
		char *slash;

		if (dladdr((void *)tt_paths, &info) && info.dli_fname &&
		    realpath(info.dli_fname, lib) && (slash = strrchr(lib, '/')))
			*slash = '\0';
		snprintf(src, sizeof(src), "%.990s/../share/tensix-emu", lib);
		snprintf(build, sizeof(build), "%.990s/tensix-emu", lib);
		pick(paths.src, sizeof(paths.src), "TT_EMU_SRC", src);
		pick(paths.build, sizeof(paths.build), "TT_EMU_BUILD", build);
	}
#else
	pick(paths.src, sizeof(paths.src), "TT_EMU_SRC", TT_DEFAULT_SRC);
	pick(paths.build, sizeof(paths.build), "TT_EMU_BUILD", TT_DEFAULT_BUILD);
#endif
	pick(paths.cross, sizeof(paths.cross), "CROSS_COMPILE", "riscv64-unknown-elf-");
	xdg = getenv("XDG_CACHE_HOME");
	home = getenv("HOME");
	if (getenv("TT_EMU_CACHE") && *getenv("TT_EMU_CACHE"))
		absolute(paths.cache, sizeof(paths.cache), getenv("TT_EMU_CACHE"));
	else if (xdg && *xdg)
		snprintf(paths.cache, sizeof(paths.cache), "%.1000s/tensix-emu", xdg);
	else if (home && *home)
		snprintf(paths.cache, sizeof(paths.cache), "%.1000s/.cache/tensix-emu", home);
	else
		snprintf(paths.cache, sizeof(paths.cache), "%.1000s/cache", paths.build);
}

const struct tt_paths *tt_paths(void)
{
	pthread_once(&paths_once, paths_init);
	return &paths;
}

void tt_firmware_path(unsigned int risc, bool symbols, char *out, size_t len)
{
	static const char *const names[TT_RISCS_PER_CORE] = {
		"brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
	};

	snprintf(out, len, "%s/firmware/%s%s.elf", tt_paths()->build,
		 names[risc < TT_RISCS_PER_CORE ? risc : 0], symbols ? ".syms" : "");
}

void tt_kernel_elf_path(const uint64_t id[2], char *out, size_t len)
{
	snprintf(out, len, "%s/%016llx%016llx.elf", tt_paths()->cache, (unsigned long long)id[0],
		 (unsigned long long)id[1]);
}
