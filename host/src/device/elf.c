// SPDX-License-Identifier: Apache-2.0
/*
 * Minimal ELF32 reader for firmware and kernel images: the loadable
 * segments (by physical address, where .data init images live) and the
 * entry point.  Only little-endian RISC-V executables are accepted.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/device.h"

static int read_file(const char *path, uint8_t **data, size_t *size)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return errno == ENOENT ? TT_ENOENT : TT_EIO;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return TT_EIO;
	}
	*data = malloc(n ? (size_t)n : 1);
	if (!*data) {
		fclose(f);
		return TT_ENOMEM;
	}
	if (fread(*data, 1, (size_t)n, f) != (size_t)n) {
		free(*data);
		fclose(f);
		return TT_EIO;
	}
	fclose(f);
	*size = (size_t)n;
	return TT_OK;
}

int tt_elf_load(const char *path, struct tt_elf *elf)
{
	const Elf32_Ehdr *eh;
	int rc;

	memset(elf, 0, sizeof(*elf));
	rc = read_file(path, &elf->image, &elf->size);
	if (rc)
		return tt_fail(rc, "%s: %s", path, tt_strerror(rc));
	eh = (const Elf32_Ehdr *)elf->image;
	if (elf->size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh->e_ident[EI_CLASS] != ELFCLASS32 || eh->e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh->e_machine != EM_RISCV || eh->e_phentsize != sizeof(Elf32_Phdr) ||
	    eh->e_phoff + (size_t)eh->e_phnum * sizeof(Elf32_Phdr) > elf->size) {
		tt_elf_free(elf);
		return tt_fail(TT_EINVAL, "%s: not a 32-bit little-endian RISC-V ELF", path);
	}
	elf->entry = eh->e_entry;
	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		const Elf32_Phdr *ph =
			(const Elf32_Phdr *)(elf->image + eh->e_phoff + i * sizeof(Elf32_Phdr));
		struct tt_elf_segment *seg;

		/* Pure .bss (no file bytes) is zeroed by the image's own crt. */
		if (ph->p_type != PT_LOAD || ph->p_filesz == 0)
			continue;
		if (ph->p_offset + (size_t)ph->p_filesz > elf->size ||
		    elf->nsegs == TT_ELF_MAX_SEGMENTS) {
			tt_elf_free(elf);
			return tt_fail(TT_EINVAL, "%s: malformed program headers", path);
		}
		seg = &elf->segs[elf->nsegs++];
		seg->addr = ph->p_paddr;
		seg->filesz = ph->p_filesz;
		seg->memsz = ph->p_memsz;
		seg->data = elf->image + ph->p_offset;
	}
	return TT_OK;
}

void tt_elf_free(struct tt_elf *elf)
{
	free(elf->image);
	memset(elf, 0, sizeof(*elf));
}
