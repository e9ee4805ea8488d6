// SPDX-License-Identifier: Apache-2.0
/*
 * Device open/close, the device's memory and raw access to it.
 *
 * Opening a device: create a private directory in /dev/shm (0700) with the
 * L1 file (every core's L1 back to back) and the DRAM file (sparse: pages
 * exist once touched), map both, start QEMU's tensix machine on them with
 * one end of a socketpair as its control chardev, wait for its hello, then
 * unlink the files (both processes keep their mappings, nothing is left
 * behind even if either side crashes), write the firmware into every L1,
 * release reset and wait for every core's READY doorbell.  A host killed
 * before the hello leaves the directory behind; it is named after the
 * host's pid, so the next open removes it (remove_stale_shm).
 *
 * The control channel itself is ctl.c.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "device/device.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"

#define TT_BOOT_TIMEOUT_MS 30000

/* Serial of the next device opened (0 is never used). */
static uint64_t next_serial = 1;
static pthread_mutex_t serial_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned int qemu_log_lines(struct tt_device *dev,
				   void (*emit)(struct tt_device *, const char *, void *),
				   void *ctx);
static void run_error_line(struct tt_device *dev, const char *line, void *ctx);
static void release(struct tt_device *dev);

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool qemu_alive(struct tt_device *dev)
{
	int status;

	if (dev->qemu <= 0)
		return false;
	if (waitpid(dev->qemu, &status, WNOHANG) == dev->qemu) {
		dev->qemu = -1;
		return false;
	}
	return true;
}

void tt_dev_qemu_gone(struct tt_device *dev)
{
	if (dev->qemu > 0)
		qemu_log_lines(dev, run_error_line, NULL);
	qemu_alive(dev);
	if (dev->links)
		dev->links->gone(dev->links_ctx, dev->chip);
}

static bool all_ready(struct tt_device *dev)
{
	for (uint32_t c = 0; c < dev->ncores; c++)
		if (!dev->core[c].ready)
			return false;
	return true;
}

int tt_dev_reboot(struct tt_device *dev, uint32_t core, int timeout_ms)
{
	struct tt_ctl_reset m = {
		.core = core,
		.boot_pc = TT_MEM_BRISC_FIRMWARE_BASE,
	};
	int rc;

	for (uint32_t c = 0; c < dev->ncores; c++) {
		if (core != TT_CTL_ALL_CORES && c != core)
			continue;
		dev->core[c].ready = false;
		dev->core[c].running = false;
		memset(dev->core[c].hart, 0, sizeof(dev->core[c].hart));
	}
	rc = tt_dev_send(dev, TT_CTL_RESET, &m, sizeof(m));
	if (rc)
		return rc;
	return tt_dev_pump_until(dev, all_ready, timeout_ms);
}

/* Shared memory ---------------------------------------------------------- */

static int make_shm_file(const char *dir, const char *name, size_t size, uint8_t **map)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return TT_EIO;
	if (ftruncate(fd, (off_t)size)) {
		close(fd);
		return TT_ENOMEM;
	}
	*map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
	close(fd);
	if (*map == MAP_FAILED) {
		*map = NULL;
		return TT_ENOMEM;
	}
	return TT_OK;
}

/* The files in @dir (a device's, or a system's links) and @dir itself. */
void tt_shm_dir_remove(const char *dir)
{
	char path[PATH_MAX + 8];
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

static void remove_shm(struct tt_device *dev)
{
	if (!dev->shm_dir[0])
		return;
	tt_shm_dir_remove(dev->shm_dir);
	dev->shm_dir[0] = '\0';
}

/*
 * The directory of a device lives from tt_device_open until QEMU has
 * mapped its files (a few hundred ms).  A host killed in between leaves
 * it behind: its name holds the host's pid, so the next open removes
 * the directories of this user whose process is gone.
 */
#define TT_SHM_DIR    "/dev/shm"
#define TT_SHM_PREFIX "tensix-emu-"

static void remove_stale_shm(void)
{
	DIR *d = opendir(TT_SHM_DIR);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[PATH_MAX], *end;
		struct stat st;
		long pid;

		if (strncmp(e->d_name, TT_SHM_PREFIX, strlen(TT_SHM_PREFIX)) != 0)
			continue;
		pid = strtol(e->d_name + strlen(TT_SHM_PREFIX), &end, 10);
		if (pid <= 0 || *end != '-' || (pid_t)pid == getpid())
			continue;
		snprintf(path, sizeof(path), "%s/%s", TT_SHM_DIR, e->d_name);
		if (lstat(path, &st) || !S_ISDIR(st.st_mode) || st.st_uid != getuid())
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue; /* alive, or not ours to ask */
		tt_shm_dir_remove(path);
	}
	closedir(d);
}

int tt_shm_dir_create(char *dir, size_t len)
{
	remove_stale_shm();
	snprintf(dir, len, TT_SHM_DIR "/" TT_SHM_PREFIX "%ld-XXXXXX", (long)getpid());
	if (mkdtemp(dir))
		return TT_OK;
	dir[0] = '\0';
	return TT_EIO;
}

/* QEMU ------------------------------------------------------------------- */

/* Append ",@key=@val" to the -M option list, doubling commas in @val. */
static int append_opt(char *opts, size_t cap, const char *key, const char *val)
{
	size_t n = strlen(opts);

	n += (size_t)snprintf(opts + n, n < cap ? cap - n : 0, ",%s=", key);
	for (; *val && n + 2 < cap; val++) {
		opts[n++] = *val;
		if (*val == ',')
			opts[n++] = ',';
	}
	if (*val || n >= cap)
		return -1;
	opts[n] = 0;
	return 0;
}

static int spawn_qemu(struct tt_device *dev, const struct tt_device_config *cfg, int child_fd,
		      int gdb_fd, char *why, size_t whylen)
{
	char qemu[1200], machine[2048], smp[16], chardev[64], gdb[96];
	const char *argv[32];
	int argc = 0;
	pid_t pid;

	snprintf(qemu, sizeof(qemu), "%s/qemu/build/qemu-system-riscv32", tt_paths()->build);
	if (getenv("QEMU") && *getenv("QEMU"))
		snprintf(qemu, sizeof(qemu), "%s", getenv("QEMU"));
	if (access(qemu, X_OK)) {
		snprintf(why, whylen,
			 "no QEMU to run at %s: build it (make) or "
			 "set QEMU",
			 qemu);
		return TT_ENOENT;
	}
	snprintf(machine, sizeof(machine), "tensix,arch=%s,grid=%ux%u,shm=%s,ctl=ttctl",
		 dev->arch->name, dev->grid_x, dev->grid_y, dev->shm_dir);
	if (cfg->trace_path && append_opt(machine, sizeof(machine), "trace", cfg->trace_path)) {
		snprintf(why, whylen,
			 "trace path of %zu characters is too long "
			 "for QEMU's options",
			 strlen(cfg->trace_path));
		return TT_E2BIG;
	}
	if (cfg->noc_delay)
		snprintf(machine + strlen(machine), sizeof(machine) - strlen(machine),
			 ",noc-delay=%u", cfg->noc_delay);
	if (cfg->racecheck)
		snprintf(machine + strlen(machine), sizeof(machine) - strlen(machine),
			 ",racecheck=on");
	if (cfg->cb_guard)
		snprintf(machine + strlen(machine), sizeof(machine) - strlen(machine),
			 ",cb-guard=on");
	if (cfg->tile_inline)
		snprintf(machine + strlen(machine), sizeof(machine) - strlen(machine),
			 ",tile-thread=off");
	if (cfg->print_buffer)
		snprintf(machine + strlen(machine), sizeof(machine) - strlen(machine),
			 ",print-buffer=%u", cfg->print_buffer);
	if (cfg->profiler)
		snprintf(machine + strlen(machine), sizeof(machine) - strlen(machine),
			 ",profiler=on");
	/* Five harts per worker, one per ethernet core (device/qemu/tensix.c). */
	snprintf(smp, sizeof(smp), "%u",
		 dev->nworkers * TT_RISCS_PER_CORE + (dev->ncores - dev->nworkers));
	snprintf(chardev, sizeof(chardev), "socket,id=ttctl,fd=%d", child_fd);

	argv[argc++] = qemu;
	argv[argc++] = "-M";
	argv[argc++] = machine;
	argv[argc++] = "-smp";
	argv[argc++] = smp;
	argv[argc++] = "-chardev";
	argv[argc++] = chardev;
	argv[argc++] = "-nodefaults";
	argv[argc++] = "-no-user-config";
	argv[argc++] = "-display";
	argv[argc++] = "none";
	argv[argc++] = "-monitor";
	argv[argc++] = "none";
	argv[argc++] = "-serial";
	argv[argc++] = "none";
	if (cfg->parallel) {
		argv[argc++] = "-accel";
		argv[argc++] = "tcg,thread=multi";
	} else {
		argv[argc++] = "-accel";
		argv[argc++] = "tcg,thread=single";
		argv[argc++] = "-icount";
		argv[argc++] = "shift=0,sleep=off";
	}
	if (cfg->gdb_port) {
		snprintf(gdb, sizeof(gdb), "tcp::%u", cfg->gdb_port);
		argv[argc++] = "-gdb";
		argv[argc++] = gdb;
		argv[argc++] = "-S";
	} else if (gdb_fd >= 0) {
		/* fault mode: the gdbstub serves our listening socket */
		snprintf(gdb, sizeof(gdb),
			 "socket,id=ttgdb,fd=%d,server=on,wait=off,"
			 "nodelay=on",
			 gdb_fd);
		argv[argc++] = "-chardev";
		argv[argc++] = gdb;
		argv[argc++] = "-gdb";
		argv[argc++] = "chardev:ttgdb";
	}
	argv[argc] = NULL;

	pid = fork();
	if (pid < 0) {
		snprintf(why, whylen, "cannot start QEMU: %s", strerror(errno));
		return TT_EIO;
	}
	if (pid == 0) {
		/* child: keep only the control (and gdb) socket beyond stdio */
		int fl = fcntl(child_fd, F_GETFD);

		fcntl(child_fd, F_SETFD, fl & ~FD_CLOEXEC);
		if (gdb_fd >= 0)
			fcntl(gdb_fd, F_SETFD, fcntl(gdb_fd, F_GETFD) & ~FD_CLOEXEC);
		if (dev->qemu_log >= 0)
			dup2(dev->qemu_log, 2);
		execv(qemu, (char *const *)argv);
		fprintf(stderr, "tensix-emu: cannot run %s: %s\n", qemu, strerror(errno));
		_exit(127);
	}
	dev->qemu = pid;
	return TT_OK;
}

/*
 * QEMU's stderr goes to a memory file: its one routine line ("icount
 * sleep disabled and no active timers": this machine has no timers) would
 * otherwise end up in every program's output.  When QEMU fails, its words
 * go into the error message (one "qemu: " line each), as they may say why;
 * libtt itself prints nothing.  Returns the number of lines.
 */
static unsigned int qemu_log_lines(struct tt_device *dev,
				   void (*emit)(struct tt_device *, const char *, void *),
				   void *ctx)
{
	char buf[4096];
	char line[512];
	unsigned int n = 0;
	ssize_t len;
	FILE *f;

	if (dev->qemu_log < 0)
		return 0;
	len = pread(dev->qemu_log, buf, sizeof(buf) - 1, 0);
	if (len <= 0)
		return 0;
	buf[len] = '\0';
	f = fmemopen(buf, (size_t)len, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] && !strstr(line, "icount sleep disabled and no active timers")) {
			emit(dev, line, ctx);
			n++;
		}
	}
	fclose(f);
	return n;
}

/* Append "\nqemu: <line>" to the string buffer @ctx (struct text_buf). */
struct text_buf {
	char *p;
	size_t len, cap;
};

static void append_line(struct tt_device *dev, const char *line, void *ctx)
{
	struct text_buf *t = ctx;
	int n;

	(void)dev;
	if (t->len + 1 >= t->cap)
		return;
	n = snprintf(t->p + t->len, t->cap - t->len, "\nqemu: %s", line);
	if (n > 0)
		t->len += (size_t)n < t->cap - t->len ? (size_t)n : t->cap - t->len - 1;
}

static void run_error_line(struct tt_device *dev, const char *line, void *ctx)
{
	(void)ctx;
	tt_dev_error(dev, TT_EDEVICE, 0, 0, 0, "qemu: %s", line);
}

static bool got_hello(struct tt_device *dev)
{
	return dev->hello;
}

/* Firmware --------------------------------------------------------------- */

static int load_firmware(struct tt_device *dev, char *why, size_t whylen)
{
	for (unsigned int r = 0; r < TT_RISCS_PER_CORE; r++) {
		char path[1200];
		struct tt_elf elf;
		int rc;

		tt_firmware_path(r, false, path, sizeof(path));
		rc = tt_elf_load(path, &elf);
		if (rc) {
			snprintf(why, whylen, "%s", tt_last_error());
			return rc;
		}
		for (uint32_t c = 0; c < dev->ncores; c++) {
			uint8_t *l1 = tt_dev_l1(dev, c);

			for (uint32_t s = 0; s < elf.nsegs; s++) {
				const struct tt_elf_segment *seg = &elf.segs[s];

				if (seg->addr + (uint64_t)seg->memsz > dev->arch->l1_size) {
					snprintf(why, whylen, "%s: segment at 0x%08x is not in L1",
						 path, seg->addr);
					tt_elf_free(&elf);
					return TT_EINVAL;
				}
				memcpy(l1 + seg->addr, seg->data, seg->filesz);
				memset(l1 + seg->addr + seg->filesz, 0, seg->memsz - seg->filesz);
			}
		}
		tt_elf_free(&elf);
	}
	return TT_OK;
}

static int check_booted(struct tt_device *dev, char *why, size_t whylen)
{
	for (uint32_t c = 0; c < dev->ncores; c++) {
		const struct tt_mailbox *mb =
			(const struct tt_mailbox *)(tt_dev_l1(dev, c) + TT_MEM_MAILBOX_BASE);
		struct tt_core xy = tt_dev_core_xy(dev, c);

		if (mb->core_info.magic != TT_CORE_MAGIC_WORKER ||
		    mb->core_info.absolute_logical_x != xy.x ||
		    mb->core_info.absolute_logical_y != xy.y) {
			snprintf(why, whylen,
				 "core (%u,%u) reported ready but its mailbox "
				 "says magic 0x%08x at (%u,%u)",
				 xy.x, xy.y, mb->core_info.magic, mb->core_info.absolute_logical_x,
				 mb->core_info.absolute_logical_y);
			return TT_EDEVICE;
		}
	}
	return TT_OK;
}

/* Open / close ----------------------------------------------------------- */

/*
 * The device's bank managers, for this grid.  A grid whose L1 bank count
 * the kernel-side modulo cannot handle (tt/bank.h) gets no buffers.
 */
static void init_banks(struct tt_device *dev, uint64_t l1_small_size)
{
	struct tt_bank_config cfg;

	if (tt_bank_config_from_arch(&cfg, dev->arch, l1_small_size, 0))
		return;
	cfg.grid_x = dev->grid_x;
	cfg.grid_y = dev->grid_y;
	dev->banks_ok = tt_bank_init(&dev->banks, &cfg) == TT_OK;
}

static bool env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

/*
 * TT_EMU_GDB_ON_FAULT: a TCP socket on 127.0.0.1 listening for gdb, on
 * the port the variable names (1024 and up) or any free one (other
 * values); QEMU's gdbstub serves it.  -1 when the mode is off or on error.
 */
static int gdb_listen_socket(int *port, char *why, size_t whylen)
{
	const char *v = getenv("TT_EMU_GDB_ON_FAULT");
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	long want = v ? strtol(v, NULL, 10) : 0;
	int fd;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	a.sin_port = htons(want >= 1024 && want < 65536 ? (uint16_t)want : 0);
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, 1) ||
	    getsockname(fd, (struct sockaddr *)&a, &alen)) {
		snprintf(why, whylen,
			 "TT_EMU_GDB_ON_FAULT: cannot listen for gdb "
			 "on 127.0.0.1:%u: %s",
			 ntohs(a.sin_port), strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	*port = ntohs(a.sin_port);
	return fd;
}

int tt_device_open(const struct tt_device_config *user_cfg, struct tt_device **out)
{
	struct tt_device_config cfg = { 0 };
	struct tt_device *dev;
	char why[2048] = "";
	int sv[2] = { -1, -1 };
	int gdb_fd = -1, gdb_port = 0;
	int timeout;
	int rc;

	if (!out)
		return tt_fail(TT_EINVAL, "tt_device_open: the result pointer is NULL");
	*out = NULL;
	if (user_cfg)
		cfg = *user_cfg;
	if (env_flag("TT_EMU_PARALLEL"))
		cfg.parallel = true;
	if (getenv("TT_EMU_GDB") && atoi(getenv("TT_EMU_GDB")) > 0)
		cfg.gdb_port = (uint16_t)atoi(getenv("TT_EMU_GDB"));
	/* The config's path first: a system gives each chip its own. */
	if (!cfg.trace_path && getenv("TT_EMU_TRACE") && *getenv("TT_EMU_TRACE"))
		cfg.trace_path = getenv("TT_EMU_TRACE");
	if (getenv("TT_EMU_NOC_DELAY") && *getenv("TT_EMU_NOC_DELAY")) {
		char *end;
		unsigned long d = strtoul(getenv("TT_EMU_NOC_DELAY"), &end, 10);

		if (*end || d > TT_CTL_NOC_MAX_DELAY)
			return tt_fail(TT_EINVAL,
				       "TT_EMU_NOC_DELAY='%s': expected a "
				       "number of NoC commands 0..%u (0 = off)",
				       getenv("TT_EMU_NOC_DELAY"), TT_CTL_NOC_MAX_DELAY);
		cfg.noc_delay = (uint32_t)d;
	}
	if (env_flag("TT_EMU_RACECHECK"))
		cfg.racecheck = true;
	if (env_flag("TT_EMU_CB_GUARD"))
		cfg.cb_guard = true;
	/* As tt-metal reads it: on when the value starts with 1. */
	if (getenv("TT_METAL_DEVICE_PROFILER") && getenv("TT_METAL_DEVICE_PROFILER")[0] == '1')
		cfg.profiler = true;
	if (getenv("TT_EMU_TILE_THREAD") && !strcmp(getenv("TT_EMU_TILE_THREAD"), "0"))
		cfg.tile_inline = true;
	if (getenv("TT_EMU_PRINT_BUFFER") && *getenv("TT_EMU_PRINT_BUFFER")) {
		char *end;
		unsigned long long b = strtoull(getenv("TT_EMU_PRINT_BUFFER"), &end, 10);

		if (*end || b < TT_CTL_PRINT_BUFFER_MIN || b > TT_CTL_PRINT_BUFFER_MAX)
			return tt_fail(TT_EINVAL,
				       "TT_EMU_PRINT_BUFFER='%s': expected a "
				       "number of bytes %u..%u",
				       getenv("TT_EMU_PRINT_BUFFER"), TT_CTL_PRINT_BUFFER_MIN,
				       TT_CTL_PRINT_BUFFER_MAX);
		cfg.print_buffer = (uint32_t)b;
	}
	if (cfg.noc_delay > TT_CTL_NOC_MAX_DELAY)
		return tt_fail(TT_EINVAL,
			       "device config: noc_delay %u, but at most "
			       "%u NoC commands can be held (0 = off)",
			       cfg.noc_delay, TT_CTL_NOC_MAX_DELAY);
	if (cfg.print_buffer && (cfg.print_buffer < TT_CTL_PRINT_BUFFER_MIN ||
				 cfg.print_buffer > TT_CTL_PRINT_BUFFER_MAX))
		return tt_fail(TT_EINVAL,
			       "device config: print_buffer %u bytes, but it "
			       "takes %u..%u (0 = 1 MiB)",
			       cfg.print_buffer, TT_CTL_PRINT_BUFFER_MIN, TT_CTL_PRINT_BUFFER_MAX);

	dev = calloc(1, sizeof(*dev));
	if (!dev)
		return tt_fail(TT_ENOMEM, "tt_device_open: out of host memory");
	dev->qemu = -1;
	dev->ctl = -1;
	dev->qemu_log = -1;
	dev->arch = tt_arch_by_name(cfg.arch ? cfg.arch : "wormhole_b0");
	if (!dev->arch || dev->arch->id != TT_ARCH_WORMHOLE_B0) {
		free(dev);
		return tt_fail(TT_EINVAL,
			       "device config: arch \"%s\" %s: use "
			       "\"wormhole_b0\"",
			       cfg.arch,
			       tt_arch_by_name(cfg.arch) ? "cannot be emulated yet" : "is unknown");
	}
	dev->grid_x = cfg.grid_x ? cfg.grid_x : dev->arch->grid_x_default;
	dev->grid_y = cfg.grid_y ? cfg.grid_y : dev->arch->grid_y_default;
	if (dev->grid_x > dev->arch->grid_x_max || dev->grid_y > dev->arch->grid_y_max) {
		rc = tt_fail(TT_ERANGE,
			     "device config: grid %ux%u is larger than "
			     "%s's %ux%u worker cores",
			     dev->grid_x, dev->grid_y, dev->arch->name, dev->arch->grid_x_max,
			     dev->arch->grid_y_max);
		free(dev);
		return rc;
	}
	dev->nworkers = dev->grid_x * dev->grid_y;
	dev->ncores = dev->nworkers + dev->arch->eth_cores;
	dev->poison_freed = env_flag("TT_EMU_POISON_FREED");
	rc = tt_dprint_config_init(&dev->dprint);
	if (rc) {
		rc = tt_fail(rc, "tt_device_open: %s", tt_last_error());
		free(dev);
		return rc;
	}
	rc = cfg.profiler ? tt_prof_init(dev) : TT_OK;
	if (rc) {
		rc = tt_fail(rc, "tt_device_open: %s", tt_last_error());
		tt_dprint_config_close(&dev->dprint);
		free(dev);
		return rc;
	}

	if (tt_shm_dir_create(dev->shm_dir, sizeof(dev->shm_dir))) {
		snprintf(why, sizeof(why),
			 "cannot create a directory in /dev/shm "
			 "for the device's memory: %s",
			 strerror(errno));
		dev->shm_dir[0] = '\0';
		rc = TT_EIO;
		goto fail;
	}
	dev->l1_map_size = (size_t)dev->ncores * dev->arch->l1_size;
	dev->dram_map_size = (size_t)dev->arch->dram_banks * dev->arch->dram_bank_size;
	rc = make_shm_file(dev->shm_dir, "l1", dev->l1_map_size, &dev->l1);
	if (!rc)
		rc = make_shm_file(dev->shm_dir, "dram", dev->dram_map_size, &dev->dram);
	if (rc) {
		snprintf(why, sizeof(why),
			 "cannot create the device's %zu MiB of "
			 "L1 and %zu MiB of DRAM in /dev/shm: %s",
			 dev->l1_map_size >> 20, dev->dram_map_size >> 20, strerror(errno));
		goto fail;
	}

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
		snprintf(why, sizeof(why), "cannot create the control channel: %s",
			 strerror(errno));
		rc = TT_EIO;
		goto fail;
	}
	dev->ctl = sv[0];
	if (env_flag("TT_EMU_GDB_ON_FAULT") && !cfg.gdb_port) {
		gdb_fd = gdb_listen_socket(&gdb_port, why, sizeof(why));
		rc = gdb_fd < 0 ? TT_EIO : tt_gdb_fault_mode_init(dev, gdb_port, why, sizeof(why));
		if (rc) {
			if (gdb_fd >= 0)
				close(gdb_fd);
			close(sv[1]);
			goto fail;
		}
		dev->gdb.on_fault = true;
	}
	dev->qemu_log = memfd_create("tensix-emu-qemu-stderr", MFD_CLOEXEC);
	rc = spawn_qemu(dev, &cfg, sv[1], gdb_fd, why, sizeof(why));
	close(sv[1]);
	if (gdb_fd >= 0)
		close(gdb_fd);
	if (rc)
		goto fail;

	/* The hello says QEMU mapped the files: they can go now. */
	timeout = cfg.boot_timeout_ms ? (int)cfg.boot_timeout_ms : TT_BOOT_TIMEOUT_MS;
	rc = tt_dev_pump_until(dev, got_hello, cfg.gdb_port ? -1 : timeout);
	remove_shm(dev);
	if (rc) {
		snprintf(why, sizeof(why),
			 "QEMU did not start the tensix machine "
			 "(%s within %d ms)",
			 rc == TT_ETIMEDOUT ? "no hello" : "it exited", timeout);
		goto fail;
	}

	if (dev->gdb.on_fault) {
		struct tt_ctl_debug m = { .flags = TT_CTL_DEBUG_STOP_ON_FAULT };

		rc = tt_dev_send(dev, TT_CTL_DEBUG, &m, sizeof(m));
		if (rc)
			goto fail;
	}
	rc = load_firmware(dev, why, sizeof(why));
	if (rc)
		goto fail;
	init_banks(dev, cfg.l1_small_size);
	tt_dev_write_bank_tables(dev);
	rc = tt_dev_reboot(dev, TT_CTL_ALL_CORES, cfg.gdb_port ? -1 : timeout);
	if (rc) {
		snprintf(why, sizeof(why),
			 "the %ux%u cores did not all report "
			 "ready within %d ms of reset",
			 dev->grid_x, dev->grid_y, timeout);
		goto fail;
	}
	rc = check_booted(dev, why, sizeof(why));
	if (rc)
		goto fail;
	rc = tt_dev_register(dev);
	if (rc) {
		snprintf(why, sizeof(why), "out of host memory");
		goto fail;
	}
	dev->boot_icount = dev->run_icount;
	dev->under_gdb = cfg.gdb_port != 0;
	tt_gdb_note_device(dev);
	*out = dev;
	return TT_OK;

fail : {
	struct text_buf t = { why, strlen(why), sizeof(why) };

	if (!why[0])
		t.len = (size_t)snprintf(why, sizeof(why), "%s", tt_strerror(rc));
	qemu_log_lines(dev, append_line, &t);
}
	release(dev);
	return tt_fail(rc, "tt_device_open: %s", why);
}

void tt_dev_set_chip(struct tt_device *dev, const struct tt_system *sys, uint32_t chip)
{
	dev->system = sys;
	dev->chip = chip;
	dev->dprint.chip = chip;
	dev->in_system = true;
}

bool tt_dev_lost(struct tt_device *dev)
{
	return !qemu_alive(dev);
}

uint64_t tt_device_boot_instructions(const struct tt_device *dev)
{
	if (tt_dev_check(dev, "tt_device_boot_instructions"))
		return 0;
	return dev->boot_icount;
}

int tt_dev_register(struct tt_device *dev)
{
	pthread_mutex_lock(&serial_lock);
	dev->serial = next_serial++;
	pthread_mutex_unlock(&serial_lock);
	return tt_handle_add(dev, TT_HANDLE_DEVICE);
}

void tt_dev_unregister(struct tt_device *dev)
{
	tt_handle_remove(dev, TT_HANDLE_DEVICE);
}

bool tt_dev_alive(const struct tt_device *dev, uint64_t serial)
{
	return tt_handle_live(dev, TT_HANDLE_DEVICE) && dev->serial == serial;
}

int tt_dev_check(const struct tt_device *dev, const char *fn)
{
	if (!dev)
		return tt_fail(TT_EINVAL, "%s: the device is NULL", fn);
	if (!tt_handle_live(dev, TT_HANDLE_DEVICE))
		return tt_fail(TT_EINVAL,
			       "%s: %p is not an open device (closed "
			       "already, or not a device)",
			       fn, (const void *)dev);
	return TT_OK;
}

/*
 * Closing: QEMU goes, so a program in flight stops where it is; the
 * program itself stays valid and may be enqueued on another device (it
 * sees its device is gone from the device's serial).
 */
int tt_device_close(struct tt_device *dev)
{
	if (!dev)
		return TT_OK;
	if (!tt_handle_remove(dev, TT_HANDLE_DEVICE))
		return tt_fail(TT_EINVAL,
			       "tt_device_close: %p is not an open "
			       "device (closed twice?)",
			       (void *)dev);
	tt_dev_stop_run(dev, NULL, true);
	/* As tt-metal does at close: what was not read yet goes to the log. */
	if (tt_prof_write(dev))
		fprintf(stderr, "tensix-emu: %s\n", tt_last_error());
	release(dev);
	return TT_OK;
}

/* Everything tt_device_open() took, whatever state it got to. */
static void release(struct tt_device *dev)
{
	if (dev->ctl >= 0)
		close(dev->ctl); /* QEMU shuts down when the channel closes */
	if (dev->qemu > 0) {
		int status;
		int64_t deadline = now_ms() + 2000;

		while (waitpid(dev->qemu, &status, WNOHANG) == 0) {
			if (now_ms() > deadline) {
				kill(dev->qemu, SIGKILL);
				waitpid(dev->qemu, &status, 0);
				break;
			}
			usleep(1000);
		}
	}
	remove_shm(dev);
	tt_gdb_fault_mode_fini(dev);
	if (dev->banks_ok)
		tt_bank_destroy(&dev->banks);
	if (dev->l1)
		munmap(dev->l1, dev->l1_map_size);
	if (dev->dram)
		munmap(dev->dram, dev->dram_map_size);
	if (dev->qemu_log >= 0)
		close(dev->qemu_log);
	tt_dprint_config_close(&dev->dprint);
	tt_prof_fini(dev);
	free(dev);
}

/* Queries and raw access ------------------------------------------------- */

const struct tt_arch *tt_device_arch(const struct tt_device *dev)
{
	if (tt_dev_check(dev, "tt_device_arch"))
		return NULL;
	return dev->arch;
}

/* (0,0) for a device that is not open. */
struct tt_core tt_device_grid(const struct tt_device *dev)
{
	if (tt_dev_check(dev, "tt_device_grid"))
		return tt_core(0, 0);
	return tt_core(dev->grid_x, dev->grid_y);
}

int tt_device_worker_core(const struct tt_device *dev, struct tt_core logical, struct tt_core *noc)
{
	int rc = tt_dev_check(dev, "tt_device_worker_core");

	if (rc)
		return rc;
	if (!noc)
		return tt_fail(TT_EINVAL, "tt_device_worker_core: the result pointer is NULL");
	if (logical.x >= dev->grid_x || logical.y >= dev->grid_y)
		return tt_fail(TT_ERANGE,
			       "tt_device_worker_core: core (%u,%u) is "
			       "outside the %ux%u grid",
			       logical.x, logical.y, dev->grid_x, dev->grid_y);
	*noc = tt_core(dev->arch->virtual_worker_x0 + logical.x,
		       dev->arch->virtual_worker_y0 + logical.y);
	return TT_OK;
}

static bool eth_core_ok(const struct tt_device *dev, struct tt_core c)
{
	return c.x == 0 && c.y < dev->arch->eth_cores;
}

uint32_t tt_device_chip_id(const struct tt_device *dev)
{
	return tt_dev_check(dev, "tt_device_chip_id") ? 0 : dev->chip;
}

int tt_device_eth_core(const struct tt_device *dev, struct tt_core logical, struct tt_core *noc)
{
	const struct tt_arch *a;
	int rc = tt_dev_check(dev, "tt_device_eth_core");

	if (rc)
		return rc;
	if (!noc)
		return tt_fail(TT_EINVAL, "tt_device_eth_core: the result pointer is NULL");
	a = dev->arch;
	if (!eth_core_ok(dev, logical))
		return tt_fail(TT_ERANGE,
			       "tt_device_eth_core: (%u,%u) is not an ethernet core: "
			       "%s has %u, (0,0)..(0,%u)",
			       logical.x, logical.y, a->name, a->eth_cores,
			       a->eth_cores ? a->eth_cores - 1 : 0);
	*noc = tt_core(a->virtual_eth_x0 + logical.y % a->eth_per_row,
		       a->virtual_eth_y0 + logical.y / a->eth_per_row);
	return TT_OK;
}

void tt_device_set_print_handler(struct tt_device *dev, tt_print_fn fn, void *ctx)
{
	if (tt_dev_check(dev, "tt_device_set_print_handler"))
		return;
	dev->print_fn = fn;
	dev->print_ctx = ctx;
}

/*
 * The host address of @len bytes at @addr of core @core's L1, checked
 * without overflow; @data is the caller's side of the copy.
 */
static int l1_span(struct tt_device *dev, const char *fn, struct tt_core core, bool eth,
		   uint32_t addr, const void *data, size_t len, uint8_t **p)
{
	uint32_t size;
	int rc = tt_dev_check(dev, fn);

	if (rc)
		return rc;
	if (!data && len)
		return tt_fail(TT_EINVAL, "%s: the host buffer is NULL", fn);
	if (eth && !eth_core_ok(dev, core))
		return tt_fail(TT_ERANGE, "%s: (%u,%u) is not one of the %u ethernet cores", fn,
			       core.x, core.y, dev->arch->eth_cores);
	if (!eth && (core.x >= dev->grid_x || core.y >= dev->grid_y))
		return tt_fail(TT_ERANGE,
			       "%s: core (%u,%u) is outside the %ux%u "
			       "grid",
			       fn, core.x, core.y, dev->grid_x, dev->grid_y);
	size = eth ? dev->arch->eth_l1_size : dev->arch->l1_size;
	if (addr > size || len > size - addr)
		return tt_fail(TT_ERANGE,
			       "%s: %zu B at 0x%x run past the end of "
			       "the %u B L1",
			       fn, len, addr, size);
	*p = tt_dev_l1(dev, eth ? dev->nworkers + core.y : core.y * dev->grid_x + core.x) + addr;
	return TT_OK;
}

/*
 * Copy @len bytes into L1 from @src, or (@src NULL) out of it into @dst,
 * checked by l1_span().  A write to a core whose kernels run wakes its
 * harts, so that a kernel waiting on that L1 (a semaphore the host sets)
 * looks again, as one spinning on silicon would see the write.
 */
static int l1_copy(struct tt_device *dev, const char *fn, struct tt_core core, bool eth,
		   uint32_t addr, const void *src, void *dst, size_t len)
{
	uint32_t index;
	uint8_t *p;
	int rc = l1_span(dev, fn, core, eth, addr, src ? src : dst, len, &p);

	if (rc || !len)
		return rc;
	index = eth ? dev->nworkers + core.y : core.y * dev->grid_x + core.x;
	memcpy(src ? p : dst, src ? src : p, len);
	if (src && dev->core[index].launched && !dev->core[index].done) {
		struct tt_ctl_doorbell bell = { .risc_mask = (1u << TT_RISCS_PER_CORE) - 1 };

		bell.cores[index / 32] |= 1u << (index % 32);
		if (tt_dev_send(dev, TT_CTL_DOORBELL, &bell, sizeof(bell)))
			return tt_fail(TT_EDEVICE, "%s: the device connection is lost", fn);
	}
	return TT_OK;
}

int tt_device_l1_write(struct tt_device *dev, struct tt_core core, uint32_t addr, const void *src,
		       size_t len)
{
	return l1_copy(dev, "tt_device_l1_write", core, false, addr, src, NULL, len);
}

int tt_device_l1_read(struct tt_device *dev, struct tt_core core, uint32_t addr, void *dst,
		      size_t len)
{
	return l1_copy(dev, "tt_device_l1_read", core, false, addr, NULL, dst, len);
}

int tt_device_eth_l1_write(struct tt_device *dev, struct tt_core core, uint32_t addr,
			   const void *src, size_t len)
{
	return l1_copy(dev, "tt_device_eth_l1_write", core, true, addr, src, NULL, len);
}

int tt_device_eth_l1_read(struct tt_device *dev, struct tt_core core, uint32_t addr, void *dst,
			  size_t len)
{
	return l1_copy(dev, "tt_device_eth_l1_read", core, true, addr, NULL, dst, len);
}

/* As l1_span() for DRAM bank @bank: addr + len must not wrap. */
static int dram_span(struct tt_device *dev, const char *fn, uint32_t bank, uint64_t addr,
		     const void *data, size_t len, uint8_t **p)
{
	uint64_t size;
	int rc = tt_dev_check(dev, fn);

	if (rc)
		return rc;
	if (!data && len)
		return tt_fail(TT_EINVAL, "%s: the host buffer is NULL", fn);
	if (bank >= dev->arch->dram_banks)
		return tt_fail(TT_ERANGE, "%s: DRAM bank %u does not exist (%u banks)", fn, bank,
			       dev->arch->dram_banks);
	size = dev->arch->dram_bank_size;
	if (addr > size || len > size - addr)
		return tt_fail(TT_ERANGE,
			       "%s: %zu B at 0x%llx run past the end of "
			       "the %llu B DRAM bank",
			       fn, len, (unsigned long long)addr, (unsigned long long)size);
	*p = dev->dram + (size_t)bank * size + addr;
	return TT_OK;
}

int tt_device_dram_write(struct tt_device *dev, uint32_t bank, uint64_t addr, const void *src,
			 size_t len)
{
	uint8_t *p;
	int rc = dram_span(dev, "tt_device_dram_write", bank, addr, src, len, &p);

	if (!rc && len)
		memcpy(p, src, len);
	return rc;
}

int tt_device_dram_read(struct tt_device *dev, uint32_t bank, uint64_t addr, void *dst, size_t len)
{
	uint8_t *p;
	int rc = dram_span(dev, "tt_device_dram_read", bank, addr, dst, len, &p);

	if (!rc && len)
		memcpy(dst, p, len);
	return rc;
}

/*
 * QEMU's CPU time, every thread of it, from the kernel's per-process CPU
 * clock: nanosecond resolution, where /proc/PID/stat counts clock ticks
 * (10 ms), too coarse for a benchmark pass of a tenth of a second.
 */
int tt_device_qemu_pid(const struct tt_device *dev)
{
	if (tt_dev_check(dev, "tt_device_qemu_pid"))
		return 0;
	return (int)dev->qemu;
}

double tt_device_cpu_seconds(const struct tt_device *dev)
{
	struct timespec ts;
	clockid_t cid;

	if (tt_dev_check(dev, "tt_device_cpu_seconds"))
		return -1;
	if (clock_getcpuclockid(dev->qemu, &cid) || clock_gettime(cid, &ts))
		return -1;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
