/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The device: the emulator process and its control channel, the device's
 * memory as the host maps it, the bank managers' placement on the NoC,
 * the state of a run as the device reports it, and the images loaded on
 * the harts.  Includes base/ only; memory/ and program/ build on it.
 */
#ifndef TT_HOST_DEVICE_H
#define TT_HOST_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <tt/bank.h>
#include <tt/tt.h>

#include "base/base.h"
#include "tt_ctl.h"
#include "tt_mailbox.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"
#include "tt_riscv.h"

/* ELF32 images ----------------------------------------------------------- */

struct tt_elf_segment {
	uint32_t addr; /* load (physical) address */
	uint32_t filesz;
	uint32_t memsz;
	const uint8_t *data;
};

#define TT_ELF_MAX_SEGMENTS 8

struct tt_elf {
	uint8_t *image; /* whole file */
	size_t size;
	uint32_t entry;
	uint32_t nsegs;
	struct tt_elf_segment segs[TT_ELF_MAX_SEGMENTS];
};

/* Load @path; on failure the last error says why (TT_ENOENT, TT_EINVAL...). */
int tt_elf_load(const char *path, struct tt_elf *elf);
void tt_elf_free(struct tt_elf *elf);

/* "file:line (function)" of @pc in image @elf; TT_ENOENT if unknown. */
int tt_symbolize(const char *elf, uint32_t pc, char *out, size_t len);

/*
 * A demangled function name as a report shows it, in place: without
 * template arguments, parameters or a return type
 * ("void f<true, 16u>(unsigned int)" -> "f", "A<int>::get() const" ->
 * "A::get"); operators and anonymous namespaces are kept.
 */
void tt_short_function_name(char *name);

/*
 * gdb (gdb.c, docs/gdb.md): notes on which image runs where, one fact a
 * line, to TT_EMU_GDB_SYMS and the device's fault-mode notes; whether
 * anyone takes notes; the device and firmware lines at open.
 */
struct tt_device;
void tt_gdb_note(struct tt_device *dev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool tt_gdb_noting(const struct tt_device *dev);
void tt_gdb_note_device(struct tt_device *dev);

/*
 * TT_EMU_GDB_ON_FAULT: a private directory with the notes and a gdb
 * script that attaches to 127.0.0.1:@port; removed again by _fini.  The
 * command that runs the script, for messages.
 */
int tt_gdb_fault_mode_init(struct tt_device *dev, int port, char *why, size_t whylen);
void tt_gdb_fault_mode_fini(struct tt_device *dev);
const char *tt_gdb_attach_command(const struct tt_device *dev, char *buf, size_t len);

/* Architecture descriptors are in device/arch_desc.h. */

/* The device ------------------------------------------------------------- */

/* Cores of the largest grid of the emulated chip. */
#define TT_MAX_CORES (TT_GRID_X_MAX * TT_GRID_Y_MAX + TT_ETH_CORES)

struct tt_hart_state {
	uint64_t loaded_kernel[2]; /* id of the kernel text in its slot */
	uint32_t noted_args[2];	   /* gdb notes: arg counts last noted, */
	bool args_noted;	   /* if any */
	bool trapped;
	uint32_t mcause, mepc, mtval;
	bool guest_error; /* first guest error of the run, at ... */
	uint32_t guest_pc;
};

struct tt_core_state {
	uint8_t noted_formats[TT_NUM_CBS]; /* gdb notes: CB formats last noted, */
	bool formats_noted;		   /* if any */
	bool ready;
	bool done;
	bool running;
	bool launched;		 /* has a kernel of the run in flight */
	struct tt_program *prog; /* ... of this program, until it is finished */
	struct tt_hart_state hart[TT_RISCS_PER_CORE];
};

/* DPRINT's default destination: tt-metal's TT_METAL_DPRINT_* switches (dprint.c). */
#define TT_DPRINT_MAX_RANGES 16

struct tt_dprint_config {
	bool on; /* TT_METAL_DPRINT_CORES set and valid */
	bool all_cores;
	bool prefix;	    /* "0:(x=..,y=..):BR: " */
	uint32_t chip;	    /* the "0:" of the prefix: the chip's id */
	uint32_t risc_mask; /* bit per TT_RISC_* */
	uint32_t nranges;
	struct tt_core_range ranges[TT_DPRINT_MAX_RANGES];
	FILE *file; /* NULL: standard output */
};

/* From the environment; TT_EINVAL or TT_EIO (last error set) for bad switches. */
int tt_dprint_config_init(struct tt_dprint_config *c);
void tt_dprint_config_close(struct tt_dprint_config *c);
/* Show DPRINT line @text of @risc on logical core @core if the switches say so. */
void tt_dprint_emit(struct tt_dprint_config *c, struct tt_core core, unsigned int risc,
		    const char *text, size_t len);

/*
 * tt-metal's device profiler log (profiler.c): the markers the device
 * reports (TT_EVT_PROFILER), kept until tt_device_read_profiler() or the
 * close writes them to profile_log_device.csv.
 */
struct tt_profiler;

/* Start keeping @dev's markers; TT_ENOMEM, TT_EIO (the log's folder). */
int tt_prof_init(struct tt_device *dev);
void tt_prof_fini(struct tt_device *dev);
/* A TT_EVT_PROFILER event: its @len bytes of payload @p (source checked). */
void tt_prof_event(struct tt_device *dev, const uint8_t *p, size_t len);
/* Core @core reported its launch done: its summed zones are totalled. */
void tt_prof_core_done(struct tt_device *dev, uint32_t core);
/* A launch starts: nothing the last one left open carries over. */
void tt_prof_launch(struct tt_device *dev);
/* Append the markers kept to the log and forget them; TT_EIO. */
int tt_prof_write(struct tt_device *dev);

/*
 * A device and all of its run state: nothing about a run lives outside
 * this struct, so different devices can be driven from different threads.
 * The device knows which programs are in flight only as handles; the
 * program layer (program/) reads them.
 */
struct tt_device {
	const struct tt_arch *arch;
	uint64_t serial; /* unique per open, never reused */
	/* Enqueued and not finished, oldest first, on disjoint cores. */
	struct tt_program *inflight[TT_MAX_PROGRAMS_IN_FLIGHT];
	uint32_t ninflight;
	uint32_t chip;			/* id in its system (tt_dev_set_chip) */
	const struct tt_system *system; /* the system it is a chip of, or NULL */
	bool in_system;			/* one chip of several: prints say which */
	/* Its system's ethernet links (system/link.c), or NULL: told when a
	 * message woke harts (a commit is due) and when the chip is gone. */
	const struct tt_dev_link_hooks *links;
	void *links_ctx;
	bool linked_seen;      /* TT_EVT_LINKED arrived */
	int32_t linked_status; /* ... with this status */
	char linked_why[256];  /* ... and this reason */
	uint32_t grid_x, grid_y;
	uint32_t nworkers; /* grid_x * grid_y: core y * grid_x + x */
	uint32_t ncores;   /* the workers, then the arch's ethernet cores */
	bool deterministic;
	bool hello;	/* QEMU is up and mapped the files */
	bool under_gdb; /* started halted for gdb: no run timeouts */
	pid_t qemu;
	int qemu_log; /* memfd holding QEMU's stderr */
	int ctl;      /* control socket */
	char shm_dir[256];
	uint8_t *l1; /* ncores * l1_size */
	size_t l1_map_size;
	uint8_t *dram; /* dram_banks * dram_bank_size */
	size_t dram_map_size;
	struct tt_core_state core[TT_MAX_CORES];
	struct tt_banks banks; /* lockstep allocator of buffers */
	bool banks_ok;	       /* false: bank count not interleavable */
	tt_print_fn print_fn;
	void *print_ctx;
	struct tt_dprint_config dprint;
	struct tt_profiler *prof; /* device profiler log, or NULL (off) */
	/* receive buffer */
	size_t rx_len;
	uint8_t rx[sizeof(struct tt_ctl_hdr) + TT_CTL_MAX_PAYLOAD];
	/* events of the current run */
	char errors[2048];
	size_t errors_len;
	uint32_t errors_left_out;   /* lines that did not fit in errors */
	struct tt_run_report first; /* first failure seen */
	bool failed;
	uint64_t run_icount;  /* device clock from GO to the last DONE */
	uint64_t boot_icount; /* the same, from reset to the last READY */
	/* rule warnings already reported this run: (risc, pc) */
	uint32_t warned[32][2];
	uint32_t nwarned;
	/* guest errors reported this run: a repeat only counts (ctl.c) */
	struct tt_dev_guest_seen {
		uint32_t core, risc, pc, hash;
		uint32_t count;	 /* times seen */
		size_t line_end; /* where its line ends in errors */
	} guest_seen[16];
	uint32_t nguest_seen;
	/* freed buffers the NoC refuses (checking mode TT_EMU_POISON_FREED=1) */
	bool poison_freed;
	bool freed_dirty; /* not yet sent to the device */
	struct tt_ctl_freed freed;
	/* deadlock detection: host messages sent, and the device's last
	 * TT_EVT_IDLE (idle_ctl messages applied, at idle_icount) */
	uint32_t ctl_sent;
	bool idle_valid;
	uint32_t idle_ctl;
	uint64_t idle_icount;
	/* hang report collection */
	bool dump_done;
	struct tt_evt_wait_state waits[TT_MAX_CORES * TT_RISCS_PER_CORE];
	uint32_t nwaits;
	uint32_t launches; /* launches staged: the last host_assigned_id */
	/* gdb: notes and the fault mode (TT_EMU_GDB_ON_FAULT, gdb.c) */
	struct {
		bool on_fault;		    /* stop for gdb at a fault or hang */
		FILE *notes;		    /* fault mode's notes, or NULL */
		char dir[256];		    /* and its directory */
		int port;		    /* the gdbstub listens here */
		bool stopped;		    /* the device stopped and waits for gdb */
		bool gone;		    /* gdb detached or went away since */
		struct tt_evt_stopped stop; /* the last stop */
	} gdb;
};

/* Is core @index an ethernet core?  They follow the workers. */
static inline bool tt_dev_core_is_eth(const struct tt_device *dev, uint32_t index)
{
	return index >= dev->nworkers;
}

/*
 * Logical coordinates of core @index: a worker's (x, y); an ethernet
 * core's as tt-metal names it, (0, channel).
 */
static inline struct tt_core tt_dev_core_xy(const struct tt_device *dev, uint32_t index)
{
	if (tt_dev_core_is_eth(dev, index))
		return tt_core(0, index - dev->nworkers);
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

/* Is @dev, whose serial was @serial when it was handed out, still open? */
bool tt_dev_alive(const struct tt_device *dev, uint64_t serial);

/*
 * Make @dev chip @chip of a system of several (tt/system.h): its prints
 * and DPRINT lines name the chip.
 */
void tt_dev_set_chip(struct tt_device *dev, const struct tt_system *sys, uint32_t chip);

/* Has @dev's QEMU exited (killed, crashed)?  Reaps it if so. */
bool tt_dev_lost(struct tt_device *dev);

/* A private directory in /dev/shm named after this process; removed with
 * its files by tt_shm_dir_remove (or by a later process once we are gone). */
int tt_shm_dir_create(char *dir, size_t len);
void tt_shm_dir_remove(const char *dir);

/*
 * Ethernet links of a system (system/link.c, hal/tt_link.h), above this
 * layer: after a message that wakes harts reached a linked chip, a
 * commit is due; a chip whose emulator is gone takes no more part in the
 * steps.
 */
struct tt_dev_link_hooks {
	void (*woke)(void *ctx);
	void (*gone)(void *ctx, uint32_t chip);
	/* Waiting for a chip: commit what a hold keeps back, or it never runs. */
	void (*flush)(void *ctx);
	/* The chip at the far end of @chip's ethernet @channel, or NULL. */
	struct tt_device *(*peer)(void *ctx, uint32_t chip, uint32_t channel,
				  uint32_t *far_channel);
};

/* Control channel (ctl.c) ------------------------------------------------ */

int tt_dev_send(struct tt_device *dev, uint16_t type, const void *payload, uint16_t len);

/* Handle control events for up to @timeout_ms (-1: block); 0 on timeout. */
int tt_dev_pump(struct tt_device *dev, int timeout_ms);

/* Pump events until @pred holds or @timeout_ms passes (< 0: forever). */
int tt_dev_pump_until(struct tt_device *dev, bool (*pred)(struct tt_device *), int timeout_ms);

/* Has the device gone idle for good, short of a host message? */
bool tt_dev_stuck(const struct tt_device *dev);

/* Append a formatted line to the current run's error list. */
void tt_dev_error(struct tt_device *dev, int status, uint32_t core, unsigned int risc, uint32_t pc,
		  const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Say how many lines did not fit in the error list (before handing it out). */
void tt_dev_errors_finish(struct tt_device *dev);

/* What a trap with @mcause and @mtval means, in words (into @buf). */
const char *tt_dev_trap_text(uint32_t mcause, uint32_t mtval, char *buf, size_t len);

/* Reset @core (TT_CTL_ALL_CORES for all) and wait until it is ready again. */
int tt_dev_reboot(struct tt_device *dev, uint32_t core, int timeout_ms);

/* Fill dev->waits with what every hart waits on (hang report). */
int tt_dev_dump_waits(struct tt_device *dev, int timeout_ms);

/*
 * " at file:line (function)" of @pc of @risc on core @index: in the
 * kernel loaded in that RISC's slot or in the firmware; "" when unknown
 * (no debug info, addr2line missing).
 */
const char *tt_dev_pc_location(struct tt_device *dev, uint32_t index, unsigned int risc,
			       uint32_t pc, char *buf, size_t len);

/* QEMU exited: its stderr, if it said anything, goes to the run errors. */
void tt_dev_qemu_gone(struct tt_device *dev);

/* Runs (run.c) ----------------------------------------------------------- */

/* Clear the run state for a new launch. */
void tt_dev_run_start(struct tt_device *dev);

/* Has every core launched in this run reported done? */
bool tt_dev_run_done(const struct tt_device *dev);

/*
 * Force every launched core of @only (NULL: of any program) that has not
 * reported done back into reset (its kernel may spin) and wait until it
 * is ready for the next run.
 */
void tt_dev_reset_unfinished(struct tt_device *dev, const struct tt_program *only);

/*
 * Stop @only (NULL: every program in flight on @dev): reset its cores
 * that have not reported done and wait until they are ready (unless
 * @closing: the emulator is about to go), then forget it.  The other
 * programs in flight run on.
 */
void tt_dev_stop_run(struct tt_device *dev, const struct tt_program *only, bool closing);

/* Banks on the NoC (bank_map.c) ------------------------------------------ */

/* The bank manager of buffers of @type: the enums share their values. */
static inline enum tt_bank_type tt_bank_type_of(enum tt_buffer_type type)
{
	_Static_assert((int)TT_BUFFER_DRAM == (int)TT_BANK_DRAM &&
			       (int)TT_BUFFER_L1 == (int)TT_BANK_L1 &&
			       (int)TT_BUFFER_L1_SMALL == (int)TT_BANK_L1_SMALL,
		       "buffer types are bank types");
	return (enum tt_bank_type)type;
}

/* Banks of @type on @dev (DRAM: one per channel; L1: one per worker). */
uint32_t tt_dev_num_banks(const struct tt_device *dev, enum tt_buffer_type type);

/*
 * NoC coordinates of bank @bank_id (< tt_dev_num_banks()) of @type on NoC
 * @noc (0 or 1), and the offset added to a buffer address in that bank.
 * TT_ENOSYS for a DRAM bank of an arch whose hal/ does not give the DRAM
 * endpoints.
 */
int tt_dev_bank_noc(const struct tt_device *dev, enum tt_buffer_type type, uint32_t bank_id,
		    unsigned int noc, struct tt_core *noc_xy, int64_t *offset);

/* The MID-word x/y encoding of NoC coordinates @c (hal/tt_noc_regs.h). */
uint16_t tt_dev_noc_xy(struct tt_core c);

/* Write the bank-to-NoC tables into every core's L1. */
void tt_dev_write_bank_tables(struct tt_device *dev);

#endif /* TT_HOST_DEVICE_H */
