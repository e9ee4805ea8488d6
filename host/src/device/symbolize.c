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
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "device/device.h"

extern char **environ;

/* Does @s end, before @at, with "operator"?  (operator<, operator()) */
static bool after_operator(const char *s, const char *at)
{
	return at - s >= 8 && !strncmp(at - 8, "operator", 8);
}

void tt_short_function_name(char *name)
{
	static const char anon[] = "(anonymous namespace)", ops[] = "<>=!+-*/%^&|~[],";
	char *w = name, *cut = NULL;
	int angle = 0;

	for (const char *r = name; *r;) {
		if (!strncmp(r, anon, sizeof(anon) - 1) || (!angle && !strncmp(r, "operator", 8))) {
			size_t n = r[0] == '(' ? sizeof(anon) - 1 : 8;

			if (r[0] == 'o' && r[8] == '(' && r[9] == ')')
				n = 10; /* operator() */
			else if (r[0] == 'o')
				n += strspn(r + 8, ops);
			if (!angle) {
				memmove(w, r, n);
				w += n;
			}
			r += n;
			continue;
		}
		if (*r == '<' || (*r == '>' && angle)) {
			angle += *r == '<' ? 1 : -1;
			r++;
			continue;
		}
		if (angle) {
			r++;
			continue;
		}
		if (*r == '(')
			break; /* the parameters, and qualifiers after them */
		*w++ = *r++;
	}
	while (w > name && w[-1] == ' ')
		w--;
	*w = '\0';
	/* a template function's return type comes first: "void f" */
	for (char *p = name; *p; p++)
		if (*p == ' ' && !after_operator(name, p) &&
		    !(p - name >= 10 && !strncmp(p - 10, "(anonymous", 10)))
			cut = p;
	if (cut)
		memmove(name, cut + 1, strlen(cut + 1) + 1);
}

/*
 * With -i, addr2line prints one (function, file:line) pair per inline
 * level, innermost first.  The outermost is the code the user wrote (the
 * kernel's own line); the level inside it names the API call made there.
 */
int tt_symbolize(const char *elf, uint32_t pc, char *out, size_t len)
{
	char tool[300], addr[16], buf[4096];
	char *argv[] = { tool, "-f", "-C", "-i", "-s", "-e", (char *)elf, addr, NULL };
	char *lines[64], *save, *l;
	posix_spawn_file_actions_t fa;
	int pipefd[2], status, n = 0;
	size_t used = 0;
	ssize_t r;
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
	while ((r = read(pipefd[0], buf + used, sizeof(buf) - 1 - used)) > 0)
		used += (size_t)r;
	buf[used] = '\0';
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	for (l = strtok_r(buf, "\n", &save); l && n < 64; l = strtok_r(NULL, "\n", &save))
		lines[n++] = l;
	if (n < 2 || !strncmp(lines[n - 1], "??", 2))
		return TT_ENOENT;
	/* drop " (discriminator N)" from the file:line */
	lines[n - 1][strcspn(lines[n - 1], " ")] = '\0';
	/* "noc_async_write", not "void noc_async_write<true, 16u>(unsigned int, ...)" */
	for (int i = 0; i < n; i += 2)
		tt_short_function_name(lines[i]);
	if (n >= 4)
		snprintf(out, len, "%s (%s, in %s)", lines[n - 1], lines[n - 2], lines[n - 4]);
	else
		snprintf(out, len, "%s (%s)", lines[n - 1], lines[n - 2]);
	return TT_OK;
}
