// SPDX-License-Identifier: Apache-2.0
/*
 * The architecture descriptor table: one entry per arch_<name>.c, whose
 * numbers come from hal/<arch>/ (no #ifdef, no literal here).
 */
#include <string.h>
#include <strings.h>

#include <tt/arch.h>

#include "arch_desc.h"

static const struct tt_arch *const arches[] = {
	&tt_arch_wormhole_b0,
	&tt_arch_blackhole,
};

const struct tt_arch *tt_arch_get(enum tt_arch_id id)
{
	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
		if (arches[i]->id == id)
			return arches[i];
	return NULL;
}

const struct tt_arch *tt_arch_by_name(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
		if (!strcasecmp(arches[i]->name, name))
			return arches[i];
	return NULL;
}
