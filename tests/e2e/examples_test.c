// SPDX-License-Identifier: Apache-2.0
/*
 * Every example under examples/ is a self-checking program: run each one
 * (built into $(O)/examples by make) and require a zero exit status.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

Test(examples, all_run_and_check_themselves, .timeout = 300)
{
	DIR *d = opendir(TT_BUILD_DIR "/examples");
	struct dirent *e;
	int ran = 0;

	cr_assert_not_null(d, "no examples built in " TT_BUILD_DIR "/examples");
	while ((e = readdir(d))) {
		char path[1024], cmd[1200];
		struct stat st;
		int status;

		snprintf(path, sizeof(path), "%s/examples/%s", TT_BUILD_DIR, e->d_name);
		if (e->d_name[0] == '.' || strchr(e->d_name, '.') || stat(path, &st) ||
		    !(st.st_mode & S_IXUSR) || !S_ISREG(st.st_mode))
			continue;
		snprintf(cmd, sizeof(cmd), "%s > /dev/null 2>&1", path);
		status = system(cmd);
		cr_expect_eq(status, 0, "example %s failed (status %d); run it to see why",
			     e->d_name, status);
		ran++;
	}
	closedir(d);
	cr_expect_geq(ran, 2, "only %d examples ran", ran);
}
