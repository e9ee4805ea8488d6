// SPDX-License-Identifier: Apache-2.0
/*
 * Where DPRINT output of C++ kernels goes by default, with tt-metal's
 * switches and line prefix:
 *   TT_METAL_DPRINT_CORES   "x,y", "(x1,y1),(x2,y2)", "(x1,y1)-(x2,y2)"
 *                           (ranges and points may be mixed), "all" or
 *                           "worker"; logical coordinates.  Unset: DPRINT
 *                           lines are not shown, as in tt-metal.
 *   TT_METAL_DPRINT_RISCVS  subset of BR,NC,TR0,TR1,TR2 (TR*: all three);
 *                           default all
 *   TT_METAL_DPRINT_FILE    write there instead of standard output
 *   TT_METAL_DPRINT_PREPEND_DEVICE_CORE_RISC=0  no "0:(x=1,y=2):BR: " prefix
 * The kernel marks each DPRINT line with a leading \002
 * (kernels/include/api/debug/dprint.h); a print handler set with
 * tt_device_set_print_handler() gets every line, unmarked and unfiltered.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/device.h"

static const char *const dprint_risc[TT_RISCS_PER_CORE] = {
	"BR", "NC", "TR0", "TR1", "TR2",
};

/* Parse "(x,y)" at *@s; advances past it. */
static bool parse_point(const char **s, struct tt_core *c)
{
	int n = 0;

	if (sscanf(*s, " (%u , %u )%n", &c->x, &c->y, &n) != 2 || !n)
		return false;
	*s += n;
	return true;
}

static bool parse_cores(struct tt_dprint_config *c, const char *s)
{
	if (!strcmp(s, "all") || !strcmp(s, "worker")) {
		c->all_cores = true;
		return true;
	}
	if (!strchr(s, '(')) {
		struct tt_core p;

		if (sscanf(s, "%u,%u", &p.x, &p.y) != 2)
			return false;
		c->ranges[c->nranges++] = (struct tt_core_range){ p, p };
		return true;
	}
	while (*s) {
		struct tt_core a, b;

		if (!parse_point(&s, &a))
			return false;
		b = a;
		if (*s == '-') {
			s++;
			if (!parse_point(&s, &b))
				return false;
		}
		if (c->nranges == TT_DPRINT_MAX_RANGES)
			return false;
		c->ranges[c->nranges++] = (struct tt_core_range){ a, b };
		if (*s == ',')
			s++;
		else if (*s)
			return false;
	}
	return c->nranges > 0;
}

static bool parse_riscs(struct tt_dprint_config *c, const char *s)
{
	char buf[128], *tok, *save;

	snprintf(buf, sizeof(buf), "%s", s);
	c->risc_mask = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		bool known = false;

		if (!strcmp(tok, "TR*")) {
			c->risc_mask |= 7u << TT_RISC_TRISC0;
			continue;
		}
		for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++)
			if (!strcmp(tok, dprint_risc[r])) {
				c->risc_mask |= 1u << r;
				known = true;
			}
		if (!known)
			return false;
	}
	return c->risc_mask != 0;
}

int tt_dprint_config_init(struct tt_dprint_config *c)
{
	const char *cores = getenv("TT_METAL_DPRINT_CORES");
	const char *riscs = getenv("TT_METAL_DPRINT_RISCVS");
	const char *file = getenv("TT_METAL_DPRINT_FILE");
	const char *prefix = getenv("TT_METAL_DPRINT_PREPEND_DEVICE_CORE_RISC");

	memset(c, 0, sizeof(*c));
	c->risc_mask = (1u << TT_RISCS_PER_CORE) - 1;
	c->prefix = !(prefix && !strcmp(prefix, "0"));
	if (!cores || !*cores)
		return TT_OK;
	if (!parse_cores(c, cores))
		return tt_fail(TT_EINVAL,
			       "TT_METAL_DPRINT_CORES='%s': expected x,y or "
			       "(x1,y1),(x2,y2) or (x1,y1)-(x2,y2) or all",
			       cores);
	if (riscs && *riscs && !parse_riscs(c, riscs))
		return tt_fail(TT_EINVAL,
			       "TT_METAL_DPRINT_RISCVS='%s': expected a subset "
			       "of BR,NC,TR0,TR1,TR2,TR*",
			       riscs);
	if (file && *file) {
		c->file = fopen(file, "w");
		if (!c->file)
			return tt_fail(TT_EIO, "TT_METAL_DPRINT_FILE='%s': cannot write it: %s",
				       file, strerror(errno));
	}
	c->on = true;
	return TT_OK;
}

void tt_dprint_config_close(struct tt_dprint_config *c)
{
	if (c->file)
		fclose(c->file);
	c->file = NULL;
	c->on = false;
}

void tt_dprint_emit(struct tt_dprint_config *c, struct tt_core core, unsigned int risc,
		    const char *text, size_t len)
{
	FILE *out = c->file ? c->file : stdout;
	bool shown = c->all_cores;

	if (!c->on || risc >= TT_RISCS_PER_CORE || !(c->risc_mask & (1u << risc)))
		return;
	for (uint32_t i = 0; !shown && i < c->nranges; i++)
		shown = core.x >= c->ranges[i].start.x && core.x <= c->ranges[i].end.x &&
			core.y >= c->ranges[i].start.y && core.y <= c->ranges[i].end.y;
	if (!shown)
		return;
	if (c->prefix)
		fprintf(out, "%u:(x=%u,y=%u):%s: ", c->chip, core.x, core.y, dprint_risc[risc]);
	fprintf(out, "%.*s", (int)len, text);
	if (len == 0 || text[len - 1] != '\n')
		fputc('\n', out);
	fflush(out);
}
