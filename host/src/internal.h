/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Internals shared by libtt's source files; not installed.
 */
#ifndef TT_HOST_INTERNAL_H
#define TT_HOST_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <tt/bank.h>
#include <tt/tt.h>

#include "tt_ctl.h"
#include "tt_mailbox.h"
#include "tt_riscv.h"

/* Where the build put QEMU, firmware, linker scripts and the C library. */
struct tt_paths {
	char src[1024];			/* repository (kernel API headers, hal) */
	char build[1024];		/* build directory */
	char cache[1024];		/* kernel binary cache */
	char cross[256];		/* cross-compiler prefix */
};

const struct tt_paths *tt_paths(void);

/*
 * Set this thread's last error (tt_last_error()) to the formatted text and
 * return @err: every failing public entry point ends in one of these.
 */
int tt_fail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tt_clear_error(void);

/*
 * NULL pointer arguments of public functions: refused with TT_EINVAL and
 * "fn: arg is NULL" in the last error; where nothing can be returned the
 * call does nothing and returns @... (0, NULL or nothing).
 */
#define TT_REFUSE_NULL(p)							\
	do {									\
		if (!(p))							\
			return tt_fail(TT_EINVAL, "%s: %s is NULL", __func__, #p); \
	} while (0)
#define TT_IGNORE_NULL(p, ...)							\
	do {									\
		if (!(p)) {							\
			tt_fail(TT_EINVAL, "%s: %s is NULL", __func__, #p);	\
			return __VA_ARGS__;					\
		}								\
	} while (0)

/* Live objects --------------------------------------------------------- */

/*
 * Every device, buffer and program handed to a caller is in one registry
 * until it is closed, freed or destroyed, so an entry point can tell a
 * live handle from NULL, a stale one or one of another kind without
 * touching the memory behind it.
 */
enum tt_handle_kind {
	TT_HANDLE_DEVICE = 1,
	TT_HANDLE_BUFFER,
	TT_HANDLE_PROGRAM,
};

int tt_handle_add(const void *obj, enum tt_handle_kind kind);
bool tt_handle_remove(const void *obj, enum tt_handle_kind kind);
bool tt_handle_live(const void *obj, enum tt_handle_kind kind);

/* Format an explanation into @why (if any room) and return @err. */
int tt_why(char *why, size_t why_len, int err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* ELF32 images ----------------------------------------------------------- */

struct tt_elf_segment {
	uint32_t addr;			/* load (physical) address */
	uint32_t filesz;
	uint32_t memsz;
	const uint8_t *data;
};

#define TT_ELF_MAX_SEGMENTS 8

struct tt_elf {
	uint8_t *image;			/* whole file */
	size_t size;
	uint32_t entry;
	uint32_t nsegs;
	struct tt_elf_segment segs[TT_ELF_MAX_SEGMENTS];
};

int tt_elf_load(const char *path, struct tt_elf *elf, char *why, size_t whylen);
void tt_elf_free(struct tt_elf *elf);

/* Kernel build (JIT + cache) --------------------------------------------- */

struct tt_kernel_build {
	const char *path;		/* resolved source path */
	unsigned int risc;
	const uint32_t *compile_args;
	uint32_t num_compile_args;
	const struct tt_define *defines;
	uint32_t num_defines;
	const struct tt_named_arg *named_args;	/* C++ kernels only */
	uint32_t num_named_args;
};

/* Can @name be a named compile-time arg (a C++ string literal as is)? */
bool tt_named_arg_valid(const char *name);

/* Build (or find in the cache) and load the kernel ELF; 128-bit id out. */
int tt_build_kernel(const struct tt_kernel_build *kb, struct tt_elf *elf,
		    uint64_t id[2], char *log, size_t loglen);

/*
 * gdb helpers (tools/tt-gdb.sh): with TT_EMU_GDB_SYMS=<file> set, record the
 * device grid and every kernel image loaded, one line each, so the script
 * can load the right symbols and pick the right thread.
 */
void tt_gdb_note_grid(uint32_t grid_x, uint32_t grid_y);
void tt_gdb_note_kernel(unsigned int risc, const char *elf_path, const char *source);

/*
 * " at file:line (function)" of @pc of @risc on core @index in the
 * in-flight program's kernel or the firmware; "" when unknown.
 */
const char *tt_program_pc_location(struct tt_device *dev, uint32_t index,
				   unsigned int risc, uint32_t pc, char *buf,
				   size_t len);

/* "file:line (function)" of @pc in image @elf; TT_ENOENT if unknown. */
int tt_symbolize(const char *elf, uint32_t pc, char *out, size_t len);

/* Firmware image path of @risc ("brisc", ...), and its exported symbols. */
void tt_firmware_path(unsigned int risc, bool symbols, char *out, size_t len);

/* Core ranges ------------------------------------------------------------ */

static inline bool tt_core_ranges_meet(const struct tt_core_range *a,
				       const struct tt_core_range *b)
{
	return a->start.x <= b->end.x && b->start.x <= a->end.x &&
	       a->start.y <= b->end.y && b->start.y <= a->end.y;
}

/* Do @a and @b share a core? */
static inline bool tt_core_range_sets_meet(const struct tt_core_range_set *a,
					   const struct tt_core_range_set *b)
{
	for (uint32_t i = 0; i < a->count; i++)
		for (uint32_t j = 0; j < b->count; j++)
			if (tt_core_ranges_meet(&a->ranges[i], &b->ranges[j]))
				return true;
	return false;
}

/* Circular buffers of a program (cb.c) ----------------------------------- */

struct tt_cb {
	struct tt_core_range_set cores;
	uint32_t addr;			/* same on every core */
	uint32_t size;
	uint32_t mask;			/* indices served */
	bool global;			/* inside an L1 buffer, not the CB region */
	const struct tt_buffer *buf;	/* that buffer (checked at each launch) */
	uint32_t page_size[TT_NUM_CIRCULAR_BUFFERS];
	uint8_t data_format[TT_NUM_CIRCULAR_BUFFERS];
};

struct tt_cb_set {
	struct tt_cb *cbs;
	uint32_t count;
};

/*
 * TT_OK if @prog is a live program, else TT_EINVAL with the last error
 * set on behalf of @fn (the public entry point).
 */
int tt_prog_check(const struct tt_program *prog, const char *fn);

/*
 * TT_OK if @buf is a live buffer whose device is still open, else
 * TT_EINVAL (not a live buffer) or TT_ENODEV (its device was closed)
 * with the last error set on behalf of @fn.
 */
int tt_buf_check(const struct tt_buffer *buf, const char *fn);

/* "(0,0)-(3,3), (5,0)-(5,0)": the ranges of @set, for messages. */
const char *tt_core_range_set_text(const struct tt_core_range_set *set,
				   char *buf, size_t len);

/*
 * TT_OK if every range of @set (1 .. TT_CORE_RANGE_SET_MAX of them) has
 * start <= end and lies inside the largest grid any device can have;
 * else TT_EINVAL / TT_ERANGE with the last error naming @fn and @what.
 */
int tt_core_range_set_check(const struct tt_core_range_set *set,
			    const char *fn, const char *what);

/* The CBs of @prog (program.c). */
struct tt_cb_set *tt_program_cbs(struct tt_program *prog);
const struct tt_cb_set *tt_program_cbs_const(const struct tt_program *prog);

void tt_cb_set_free(struct tt_cb_set *set);

/*
 * Fill @words with the config of every CB index on core @xy (zero for the
 * others) and return the index mask; *@end is the first byte past the
 * core's CB region, 0 if it has none.
 */
uint32_t tt_cb_core_config(const struct tt_cb_set *set, struct tt_core xy,
			   uint32_t *words, uint64_t *end);

/*
 * Is the buffer of every globally allocated CB of @set still live, on
 * @dev and where the CB points?  TT_EINVAL with why if not.
 */
int tt_cb_check_globals(const struct tt_cb_set *set, const struct tt_device *dev,
			char *why, size_t whylen);

/* Send the freed-buffer list to the device if it changed (checking mode). */
int tt_dev_send_freed(struct tt_device *dev);

/* Is @buf a live buffer of @dev (no error is set)? */
bool tt_buf_live_on(const struct tt_buffer *buf, const struct tt_device *dev);

/*
 * Data format of every CB index on @cores into @df (TT_NUM_CBS entries,
 * TT_DF_INVALID where none); TT_EINVAL, with why, if an index has two.
 */
int tt_cb_formats(const struct tt_cb_set *set, const struct tt_core_range_set *cores,
		  uint8_t *df, char *why, size_t whylen);

/* The device ------------------------------------------------------------- */

#define TT_MAX_CORES	(8 * 10)

struct tt_hart_state {
	uint64_t loaded_kernel[2];	/* id of the kernel text in its slot */
	bool trapped;
	uint32_t mcause, mepc, mtval;
	bool guest_error;		/* first guest error of the run, at ... */
	uint32_t guest_pc;
};

struct tt_core_state {
	bool ready;
	bool done;
	bool running;
	bool launched;			/* has a kernel of the program in flight */
	struct tt_hart_state hart[TT_RISCS_PER_CORE];
};

/* DPRINT's default destination: tt-metal's TT_METAL_DPRINT_* switches (dprint.c). */
#define TT_DPRINT_MAX_RANGES 16

struct tt_dprint_config {
	bool on;			/* TT_METAL_DPRINT_CORES set and valid */
	bool all_cores;
	bool prefix;			/* "0:(x=..,y=..):BR: " */
	uint32_t risc_mask;		/* bit per TT_RISC_* */
	uint32_t nranges;
	struct tt_core_range ranges[TT_DPRINT_MAX_RANGES];
	FILE *file;			/* NULL: standard output */
};

void tt_dprint_config_init(struct tt_dprint_config *c);
void tt_dprint_config_close(struct tt_dprint_config *c);
/* Show DPRINT line @text of @risc on logical core @core if the switches say so. */
void tt_dprint_emit(struct tt_dprint_config *c, struct tt_core core, unsigned int risc,
		    const char *text, size_t len);

/*
 * A device and all of its run state: nothing about a run lives outside
 * this struct, so different devices can be driven from different threads.
 */
struct tt_device {
	const struct tt_arch *arch;
	uint64_t serial;		/* unique per open, never reused */
	struct tt_program *inflight;	/* enqueued and not finished, or NULL */
	uint32_t grid_x, grid_y, ncores;
	bool deterministic;
	bool hello;			/* QEMU is up and mapped the files */
	bool under_gdb;			/* started halted for gdb: no run timeouts */
	pid_t qemu;
	int qemu_log;			/* memfd holding QEMU's stderr */
	int ctl;			/* control socket */
	char shm_dir[256];
	uint8_t *l1;			/* ncores * l1_size */
	size_t l1_map_size;
	uint8_t *dram;			/* dram_banks * dram_bank_size */
	size_t dram_map_size;
	struct tt_core_state core[TT_MAX_CORES];
	struct tt_banks banks;		/* lockstep allocator of buffers */
	bool banks_ok;			/* false: bank count not interleavable */
	tt_print_fn print_fn;
	void *print_ctx;
	struct tt_dprint_config dprint;
	/* receive buffer */
	size_t rx_len;
	uint8_t rx[sizeof(struct tt_ctl_hdr) + TT_CTL_MAX_PAYLOAD];
	/* events of the current run */
	char errors[2048];
	size_t errors_len;
	uint32_t errors_left_out;	/* lines that did not fit in errors */
	struct tt_run_report first;	/* first failure seen */
	bool failed;
	uint64_t run_icount;		/* device clock from GO to the last DONE */
	uint64_t boot_icount;		/* the same, from reset to the last READY */
	/* rule warnings already reported this run: (risc, pc) */
	uint32_t warned[32][2];
	uint32_t nwarned;
	/* freed buffers the NoC refuses (checking mode TT_EMU_POISON_FREED=1) */
	bool poison_freed;
	bool freed_dirty;		/* not yet sent to the device */
	struct tt_ctl_freed freed;
	/* hang report collection */
	bool dump_done;
	struct tt_evt_wait_state waits[TT_MAX_CORES * TT_RISCS_PER_CORE];
	uint32_t nwaits;
};

static inline struct tt_core tt_dev_core_xy(const struct tt_device *dev,
					    uint32_t index)
{
	return tt_core(index % dev->grid_x, index / dev->grid_x);
}

static inline uint8_t *tt_dev_l1(struct tt_device *dev, uint32_t index)
{
	return dev->l1 + (size_t)index * dev->arch->l1_size;
}

/*
 * Put @dev in the registry of live devices and give it its serial; a
 * device leaves it when closed.  (Host-only tests register hand-made
 * devices this way.)
 */
int tt_dev_register(struct tt_device *dev);
void tt_dev_unregister(struct tt_device *dev);

/*
 * TT_OK if @dev is an open device, else TT_EINVAL with the last error
 * saying so on behalf of @fn (the public entry point).
 */
int tt_dev_check(const struct tt_device *dev, const char *fn);

/*
 * Stop the program in flight on @dev, if any: reset the cores that have
 * not reported done and wait until they are ready (unless @closing: the
 * emulator is about to go), then detach the program (program.c).
 */
void tt_dev_stop_program(struct tt_device *dev, bool closing);

int tt_dev_send(struct tt_device *dev, uint16_t type, const void *payload,
		uint16_t len);

/* Handle control events for up to @timeout_ms (-1: block); 0 on timeout. */
int tt_dev_pump(struct tt_device *dev, int timeout_ms);

/* Append a formatted line to the current run's error list. */
void tt_dev_error(struct tt_device *dev, int status, uint32_t core,
		  unsigned int risc, uint32_t pc, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* Say how many lines did not fit in the error list (before handing it out). */
void tt_dev_errors_finish(struct tt_device *dev);

/* What a trap with @mcause and @mtval means, in words (into @buf). */
const char *tt_dev_trap_text(uint32_t mcause, uint32_t mtval, char *buf, size_t len);

/* Reset @core (TT_CTL_ALL_CORES for all) and wait until it is ready again. */
int tt_dev_reboot(struct tt_device *dev, uint32_t core, int timeout_ms);

/* Write the bank-to-NoC tables into every core's L1 (buffer.c). */
void tt_dev_write_bank_tables(struct tt_device *dev);

/* Fill dev->waits with what every hart waits on (hang report). */
int tt_dev_dump_waits(struct tt_device *dev, int timeout_ms);

#endif /* TT_HOST_INTERNAL_H */
