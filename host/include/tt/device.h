/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An emulated device: tt-metal's CreateDevice / CloseDevice in C.
 *
 * tt_device_open() starts one QEMU process running the tensix machine,
 * maps every core's L1 and the DRAM banks (shared memory: host reads and
 * writes are plain memcpy, like a PCIe BAR), loads the firmware, releases
 * reset and waits until every core reports ready.  Everything after that
 * is event driven over the control channel: the host never polls L1.
 *
 * Threads: everything a run needs lives in the device object, so different
 * devices are independent and may be driven from different threads at the
 * same time.  One device (and the programs and buffers used with it) is
 * driven by one thread at a time; calls on one device from two threads at
 * once must be serialised by the caller.
 *
 * Handles: a device that is not open (NULL, closed, or a pointer to
 * something else) is refused with TT_EINVAL and a message in
 * tt_last_error(), never dereferenced.
 */
#ifndef TT_DEVICE_H
#define TT_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tt/arch.h>
#include <tt/core.h>

struct tt_device;

/* Receives each line a kernel prints (without the core/RISC prefix). */
typedef void (*tt_print_fn)(void *ctx, struct tt_core core, unsigned int risc, const char *text,
			    size_t len);

struct tt_device_config {
	const char *arch; /* "wormhole_b0" (default when NULL) */
	uint32_t grid_x;  /* logical worker grid; 0 = arch default */
	uint32_t grid_y;
	bool parallel;		  /* multi-threaded TCG: faster, not deterministic */
	uint16_t gdb_port;	  /* non-zero: gdbstub on this port, harts halted */
	uint32_t boot_timeout_ms; /* 0 = 30000 (ignored with gdb_port) */
	uint64_t l1_small_size;	  /* bytes at the top of L1 for L1_SMALL buffers */
	const char *trace_path;	  /* timeline trace (Chrome JSON), or NULL */
	uint32_t noc_delay;	  /* delayed NoC completion: reads/writes
					 * held per core and NoC, 1..64; 0 = off
					 * (docs/kernel-api.md) */
	bool racecheck;		  /* report NoC races: bytes used or handed
					 * over before the barrier of the NoC
					 * command moving them (docs/debugging.md) */
	uint32_t print_buffer;	  /* bytes of kernel output the device holds
					 * while the host does not read it; more
					 * is dropped and counted; 0 = 1 MiB
					 * (docs/kernel-api.md) */
	bool tile_inline;	  /* do each matmul's arithmetic inside its
					 * command, on the harts' thread, rather
					 * than on a thread of its own beside
					 * them (deterministic mode; same
					 * results either way) */
	bool profiler;		  /* tt-metal's device profiler log of the
					 * kernels' markers (tt_device_read_profiler,
					 * docs/trace.md) */
	bool cb_guard;		  /* a NoC read or write landing in CB pages
					 * no RISC of that core reserved is a
					 * guest error (docs/debugging.md) */
};

/*
 * Start a device.  @cfg may be NULL for the defaults.  Environment:
 * TT_EMU_PARALLEL=1 forces parallel mode, TT_EMU_GDB=<port> starts the
 * device halted under gdb (see docs/gdb.md), TT_EMU_NOC_DELAY=<n> sets
 * noc_delay, TT_EMU_RACECHECK=1 sets racecheck, TT_EMU_PRINT_BUFFER=<bytes>
 * sets print_buffer, TT_EMU_TILE_THREAD=0 sets tile_inline,
 * TT_EMU_TRACE=<file> records a timeline trace for Perfetto when the
 * config names no trace_path (see docs/trace.md), TT_METAL_DEVICE_PROFILER=1
 * sets profiler, TT_EMU_CB_GUARD=1 sets cb_guard.
 */
int tt_device_open(const struct tt_device_config *cfg, struct tt_device **out);

/*
 * Stop QEMU and release everything; safe on NULL (TT_OK).  With the device
 * profiler on, the markers not yet read go to its log first (a log that
 * cannot be written is reported on stderr).  A program in
 * flight on @dev stops where it is: it is no longer in flight anywhere
 * and may be enqueued again, on another device, or destroyed.  Buffers of
 * @dev can then only be freed (other calls: TT_ENODEV).  Closing a device
 * twice is TT_EINVAL.
 */
int tt_device_close(struct tt_device *dev);

/*
 * tt-metal's device profiler log (config profiler, TT_METAL_DEVICE_PROFILER=1;
 * docs/trace.md): append the markers @dev's kernels set since the last
 * call (zones, timestamped data, events, summed zones) to
 * profile_log_device.csv in tt-metal's profiler folder, in tt-metal's
 * format, stamped with the device clock.  The first device of the process
 * to use a folder starts the file afresh; tt_device_close() writes what
 * is left.  TT_OK with nothing to do when profiling is off; TT_EIO if the
 * file cannot be written.
 */
int tt_device_read_profiler(struct tt_device *dev);

/* NULL if @dev is not an open device. */
const struct tt_arch *tt_device_arch(const struct tt_device *dev);

/*
 * Logical worker grid (tt-metal: compute_with_storage_grid_size());
 * (0,0) if @dev is not an open device.
 */
struct tt_core tt_device_grid(const struct tt_device *dev);

/* Virtual NoC coordinates of a worker (worker_core_from_logical_core()). */
int tt_device_worker_core(const struct tt_device *dev, struct tt_core logical, struct tt_core *noc);

/*
 * Virtual NoC coordinates of the ethernet core @logical, (0, channel)
 * (tt-metal's ethernet_core_from_logical_core()); TT_ERANGE for a core
 * the arch does not have (tt_device_arch()->eth_cores).
 */
int tt_device_eth_core(const struct tt_device *dev, struct tt_core logical, struct tt_core *noc);

/*
 * The chip and channel at the far end of ethernet channel @channel
 * (tt_system_eth_peer() for the system @dev is a chip of): TT_ENOENT when
 * the channel has no link (an idle ethernet core; every channel of a lone
 * device).
 */
int tt_device_eth_peer(const struct tt_device *dev, uint32_t channel, uint32_t *peer_chip,
		       uint32_t *peer_channel);

/* @dev's id in its system (tt/system.h); 0 for a lone device. */
uint32_t tt_device_chip_id(const struct tt_device *dev);

/* The system @dev is a chip of (tt/system.h), or NULL for a lone device. */
struct tt_system;
struct tt_system *tt_device_system(const struct tt_device *dev);

/* Replace the handler of kernel prints; NULL restores the default (stdout). */
void tt_device_set_print_handler(struct tt_device *dev, tt_print_fn fn, void *ctx);

/*
 * Raw L1 and DRAM access for tests and tools.  TT_ERANGE unless the whole
 * span [addr, addr + len) lies in the core's L1 or the DRAM bank (checked
 * without overflow); TT_EINVAL for a NULL host buffer with len > 0.
 */
int tt_device_l1_write(struct tt_device *dev, struct tt_core core, uint32_t addr, const void *src,
		       size_t len);
int tt_device_l1_read(struct tt_device *dev, struct tt_core core, uint32_t addr, void *dst,
		      size_t len);
/* The same on the L1 of ethernet core @core, (0, channel). */
int tt_device_eth_l1_write(struct tt_device *dev, struct tt_core core, uint32_t addr,
			   const void *src, size_t len);
int tt_device_eth_l1_read(struct tt_device *dev, struct tt_core core, uint32_t addr, void *dst,
			  size_t len);
int tt_device_dram_write(struct tt_device *dev, uint32_t bank, uint64_t addr, const void *src,
			 size_t len);
int tt_device_dram_read(struct tt_device *dev, uint32_t bank, uint64_t addr, void *dst, size_t len);

/*
 * Device clock from the release of reset to the last core's "ready" when
 * @dev was opened: guest instructions in deterministic mode, the same on
 * every open of the same grid; not an instruction count in parallel mode.
 * 0 if @dev is not an open device.
 */
uint64_t tt_device_boot_instructions(const struct tt_device *dev);

/*
 * Seconds of host CPU QEMU has used so far (user + system), for
 * benchmarks; negative on error.
 */
double tt_device_cpu_seconds(const struct tt_device *dev);

/*
 * The QEMU process emulating @dev (for tools, and tests that take it
 * away); 0 if @dev is not an open device.
 */
int tt_device_qemu_pid(const struct tt_device *dev);

#endif /* TT_DEVICE_H */
