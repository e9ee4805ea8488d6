// SPDX-License-Identifier: Apache-2.0
/*
 * tt-fwtest: run an on-target test program (TT_TEST cases, tt_fwtest.h)
 * on a fresh device and print the outcome as TAP (docs/firmware-tests.md).
 *
 *	tt-fwtest [-g 2x2] [-c 0,0-1,1] [-r brisc,ncrisc,trisc] [-D N=V] test.c
 *
 * Exit status: 0 every case passed or was skipped, 1 a case failed or
 * crashed, 2 the program could not run (usage, build, device).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tt/tt.h>

#define MAX_DEFINES 16

static void usage(FILE *f)
{
	fprintf(f, "usage: tt-fwtest [options] TEST.c\n"
		   "Run the TT_TEST cases of TEST.c on emulated Tensix harts; TAP on stdout.\n"
		   "  -g, --grid WxH        device worker grid (default: the arch's)\n"
		   "  -c, --cores X,Y[-X,Y] cores to run on, repeatable (default 0,0)\n"
		   "  -r, --risc LIST       brisc, ncrisc, trisc (all three), all;\n"
		   "                        comma-separated (default brisc)\n"
		   "  -D NAME[=VALUE]       define for the build, repeatable\n"
		   "  -t, --timeout MS      run timeout (default 30000)\n"
		   "  -h, --help            this text\n"
		   "Exit status: 0 all passed, 1 a case failed or crashed, 2 no run.\n");
}

static int parse_range(const char *s, struct tt_core_range *r)
{
	unsigned int x0, y0, x1, y1;
	int n;

	if (sscanf(s, "%u,%u-%u,%u%n", &x0, &y0, &x1, &y1, &n) == 4 && !s[n]) {
		*r = tt_core_range(x0, y0, x1, y1);
		return x0 <= x1 && y0 <= y1 ? 0 : -1;
	}
	if (sscanf(s, "%u,%u%n", &x0, &y0, &n) == 2 && !s[n]) {
		*r = tt_core_range(x0, y0, x0, y0);
		return 0;
	}
	return -1;
}

static int parse_riscs(char *s, uint32_t *mask)
{
	for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
		if (!strcmp(tok, "brisc"))
			*mask |= TT_FWTEST_BRISC;
		else if (!strcmp(tok, "ncrisc"))
			*mask |= TT_FWTEST_NCRISC;
		else if (!strcmp(tok, "trisc"))
			*mask |= TT_FWTEST_TRISCS;
		else if (!strcmp(tok, "all"))
			*mask |= TT_FWTEST_ALL;
		else
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "grid", required_argument, NULL, 'g' },
		{ "cores", required_argument, NULL, 'c' },
		{ "risc", required_argument, NULL, 'r' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	struct tt_device_config dc = { 0 };
	struct tt_fwtest_config cfg = { 0 };
	struct tt_define defs[MAX_DEFINES];
	struct tt_fwtest_result *res = NULL;
	struct tt_device *dev = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, "g:c:r:D:t:h", opts, NULL)) != -1) {
		switch (c) {
		case 'g':
			if (sscanf(optarg, "%ux%u", &dc.grid_x, &dc.grid_y) != 2 || !dc.grid_x ||
			    !dc.grid_y) {
				fprintf(stderr, "tt-fwtest: bad grid '%s' (want WxH, e.g. 2x2)\n",
					optarg);
				return 2;
			}
			break;
		case 'c':
			if (cfg.cores.count == TT_CORE_RANGE_SET_MAX ||
			    parse_range(optarg, &cfg.cores.ranges[cfg.cores.count])) {
				fprintf(stderr,
					"tt-fwtest: bad core range '%s' (want X,Y or X0,Y0-X1,Y1; "
					"at most %d)\n",
					optarg, TT_CORE_RANGE_SET_MAX);
				return 2;
			}
			cfg.cores.count++;
			break;
		case 'r':
			if (parse_riscs(optarg, &cfg.riscs)) {
				fprintf(stderr, "tt-fwtest: bad RISC list (want brisc, ncrisc, "
						"trisc or all)\n");
				return 2;
			}
			break;
		case 'D': {
			char *eq = strchr(optarg, '=');

			if (cfg.num_defines == MAX_DEFINES) {
				fprintf(stderr, "tt-fwtest: at most %d -D\n", MAX_DEFINES);
				return 2;
			}
			if (eq)
				*eq = 0;
			defs[cfg.num_defines++] = (struct tt_define){ optarg, eq ? eq + 1 : NULL };
			break;
		}
		case 't':
			cfg.timeout_ms = (uint32_t)strtoul(optarg, NULL, 0);
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	cfg.path = argv[optind];
	cfg.defines = defs;
	if (!cfg.cores.count)
		cfg.cores = tt_core_set(tt_core(0, 0));

	rc = tt_device_open(&dc, &dev);
	if (rc) {
		fprintf(stderr, "tt-fwtest: %s\n", tt_last_error());
		return 2;
	}
	rc = tt_fwtest_run(dev, &cfg, &res);
	if (res && res->outcomes)
		tt_fwtest_print_tap(stdout, res);
	else
		fprintf(stderr, "tt-fwtest: %s: %s\n%s\n", cfg.path, tt_strerror(rc),
			tt_last_error());
	tt_fwtest_result_free(res);
	(void)tt_device_close(dev); /* the run decided the exit status */
	return rc == TT_OK ? 0 : rc == TT_ETESTFAIL ? 1 : 2;
}
