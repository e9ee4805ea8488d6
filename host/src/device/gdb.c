// SPDX-License-Identifier: Apache-2.0
/*
 * What gdb needs to know about a run (docs/gdb.md): libtt notes which
 * image runs where, and tools/gdb (gdb's Python layer) reads the notes to
 * load every kernel into the gdb inferior of its core, name threads and
 * label CBs and args.  Notes go to the file TT_EMU_GDB_SYMS names, for
 * the whole process (tools/tt-gdb.sh reads it after a first run), and,
 * under TT_EMU_GDB_ON_FAULT, to the device's own notes beside the gdb
 * script that attaches to it.
 *
 * One fact per line, fields separated by single spaces:
 *
 *   device <grid_x> <grid_y> <eth cores>     a device opened; the rest is about it
 *   firmware <risc> <elf>
 *   launch <id>                              launch <id> (the launch message's
 *                                            host_assigned_id) was staged
 *   kernel <id> <core> <risc> <elf> <source> from launch <id> on, <risc> of core
 *                                            index <core> runs <elf>
 *   args <id> <core> <risc> <unique> <common>  runtime arg counts from launch <id>
 *   cbformats <id> <core> <f0>,...,<f31>     TT_DF_* of each CB index (255: none)
 *   stopped <core> <risc> <reason> <pc>      the device stopped for gdb there
 *
 * A line about a (core, RISC) is written only when it changes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/device.h"

static void note_to(FILE *f, const char *fmt, va_list ap)
{
	va_list copy;

	va_copy(copy, ap);
	vfprintf(f, fmt, copy);
	va_end(copy);
	fputc('\n', f);
}

void tt_gdb_note(struct tt_device *dev, const char *fmt, ...)
{
	const char *path = getenv("TT_EMU_GDB_SYMS");
	va_list ap;

	va_start(ap, fmt);
	if (path && *path) {
		FILE *f = fopen(path, "a");

		if (f) {
			note_to(f, fmt, ap);
			fclose(f);
		}
	}
	if (dev && dev->gdb.notes) {
		note_to(dev->gdb.notes, fmt, ap);
		fflush(dev->gdb.notes);
	}
	va_end(ap);
}

bool tt_gdb_noting(const struct tt_device *dev)
{
	const char *path = getenv("TT_EMU_GDB_SYMS");

	return (path && *path) || (dev && dev->gdb.notes);
}

void tt_gdb_note_device(struct tt_device *dev)
{
	char fw[1200];

	if (!tt_gdb_noting(dev))
		return;
	tt_gdb_note(dev, "device %u %u %u", dev->grid_x, dev->grid_y, dev->ncores - dev->nworkers);
	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
		tt_firmware_path(r, false, fw, sizeof(fw));
		tt_gdb_note(dev, "firmware %u %s", r, fw);
	}
}

/*
 * Fault mode: a directory of our own for the notes and the gdb script
 * that attaches.  The script is what the stop message tells the user to
 * run; it finds gdb's Python layer in the source tree (tools/gdb) and the
 * constants generated from hal/ in the build tree (gdb/).
 */
int tt_gdb_fault_mode_init(struct tt_device *dev, int port, char *why, size_t whylen)
{
	const char *tmp = getenv("TMPDIR");
	char path[sizeof(dev->gdb.dir) + 32];
	FILE *f;

	snprintf(dev->gdb.dir, sizeof(dev->gdb.dir), "%s/tt-emu-gdb-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dev->gdb.dir)) {
		snprintf(why, whylen, "TT_EMU_GDB_ON_FAULT: cannot create %s: %s", dev->gdb.dir,
			 strerror(errno));
		dev->gdb.dir[0] = '\0';
		return TT_EIO;
	}
	snprintf(path, sizeof(path), "%s/notes", dev->gdb.dir);
	dev->gdb.notes = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/attach.gdb", dev->gdb.dir);
	f = fopen(path, "w");
	if (!dev->gdb.notes || !f) {
		snprintf(why, whylen, "TT_EMU_GDB_ON_FAULT: cannot write in %s: %s", dev->gdb.dir,
			 strerror(errno));
		if (f)
			fclose(f);
		return TT_EIO;
	}
	fprintf(f,
		"# gdb-multiarch -x %s: attach to a device stopped for gdb\n"
		"set pagination off\n"
		"set confirm off\n"
		"python\n"
		"import sys\n"
		"sys.path[:0] = ['%s/tools/gdb', '%s/gdb']\n"
		"import tensix_gdb\n"
		"end\n"
		"tt attach 127.0.0.1:%d %s/notes\n",
		path, tt_paths()->src, tt_paths()->build, port, dev->gdb.dir);
	fclose(f);
	dev->gdb.port = port;
	return TT_OK;
}

void tt_gdb_fault_mode_fini(struct tt_device *dev)
{
	char path[sizeof(dev->gdb.dir) + 32];

	if (dev->gdb.notes)
		fclose(dev->gdb.notes);
	dev->gdb.notes = NULL;
	if (!dev->gdb.dir[0])
		return;
	snprintf(path, sizeof(path), "%s/notes", dev->gdb.dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/attach.gdb", dev->gdb.dir);
	unlink(path);
	rmdir(dev->gdb.dir);
	dev->gdb.dir[0] = '\0';
}

const char *tt_gdb_attach_command(const struct tt_device *dev, char *buf, size_t len)
{
	snprintf(buf, len, "gdb-multiarch -q -x %s/attach.gdb", dev->gdb.dir);
	return buf;
}
