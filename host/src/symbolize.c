// SPDX-License-Identifier: Apache-2.0
/*
 * pc -> "file:line (function)" for error and hang reports, with the cross
 * toolchain's addr2line on the kernel or firmware image that holds the pc.
 * Runs only when a report is written, never on a normal run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"

extern char **environ;

int tt_symbolize(const char *elf, uint32_t pc, char *out, size_t len)
{
	char tool[300], addr[16], buf[1024], func[256] = "", where[700] = "";
	char *argv[] = { tool, "-f", "-s", "-e", (char *)elf, addr, NULL };
	posix_spawn_file_actions_t fa;
	int pipefd[2], status;
	size_t used = 0;
	ssize_t n;
	pid_t pid;

	snprintf(tool, sizeof(tool), "%saddr2line", tt_paths()->cross);
	snprintf(addr, sizeof(addr), "0x%08x", pc);
	if (pipe2(pipefd, O_CLOEXEC))
		return TT_EIO;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	if (posix_spawnp(&pid, tool, &fa, NULL, argv, environ)) {
		posix_spawn_file_actions_destroy(&fa);
		close(pipefd[0]);
		close(pipefd[1]);
		return TT_ENOENT;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	while ((n = read(pipefd[0], buf + used, sizeof(buf) - 1 - used)) > 0)
		used += (size_t)n;
	buf[used] = '\0';
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	/* Two lines: the function, then file:line; "??" when unknown. */
	if (sscanf(buf, "%255[^\n]\n%699[^\n]", func, where) != 2 ||
	    !strncmp(where, "??", 2))
		return TT_ENOENT;
	where[strcspn(where, " ")] = '\0';	/* drop " (discriminator N)" */
	snprintf(out, len, "%s (%s)", where, func);
	return TT_OK;
}
