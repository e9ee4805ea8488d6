/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Memory reports of libtt: tt-metal's three CSV files
 * (memory_usage_summary.csv, l1_usage_summary.csv,
 * detailed_memory_usage.csv), written once by
 * a dump of the device memory state or appended to on every program
 * launch, and an SVG picture of DRAM and L1 occupancy per bank.  The
 * columns and row order are tt-metal's, quirks included: the summary
 * header says "(KB)" for two columns whose values are bytes, and in the
 * per-program files only the first row written for a program carries its
 * id.
 */
#ifndef TT_MEMORY_REPORT_H
#define TT_MEMORY_REPORT_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <tt/bank.h>

/* Where reports go when no directory is given (tt-metal: generated/reports/). */
#define TT_MEMORY_REPORT_DEFAULT_DIR "generated/reports"

/* tt_memory_report_dump_memory_state() flag: also write <prefix>memory_map.svg. */
#define TT_MEMORY_REPORT_SVG 0x1u

/* The three report streams. */
struct tt_memory_report_files {
	FILE *memory_summary; /* memory_usage_summary.csv */
	FILE *l1_summary;     /* l1_usage_summary.csv */
	FILE *detailed;	      /* detailed_memory_usage.csv */
	bool program_id;      /* per-program files: rows carry a program id */
};

/* Write the header lines of the summary files. */
void tt_memory_report_write_headers(const struct tt_memory_report_files *rf);

/*
 * Append one snapshot of @b: a DRAM row then an L1 row in the memory
 * summary, the L1 row of the L1 summary, and the DRAM then L1 sections
 * of the detailed report (totals over all banks, then the block table).
 */
void tt_memory_report_write_usage(const struct tt_memory_report_files *rf,
				  const struct tt_banks *b);

/*
 * DumpDeviceMemoryState: write <dir>/<prefix>memory_usage_summary.csv,
 * <prefix>l1_usage_summary.csv and <prefix>detailed_memory_usage.csv
 * (and <prefix>memory_map.svg with TT_MEMORY_REPORT_SVG), creating @dir if
 * needed.  @dir NULL means TT_MEMORY_REPORT_DEFAULT_DIR, @prefix NULL means "".
 * Returns TT_OK, TT_EINVAL (path too long) or TT_EIO.
 */
int tt_memory_report_dump_memory_state(const struct tt_banks *b, const char *dir,
				       const char *prefix, unsigned int flags);

/*
 * EnableMemoryReports: create <dir>/program_memory_usage_summary.csv,
 * program_l1_usage_summary.csv and program_detailed_memory_usage.csv with
 * their headers, for tt_memory_report_program() to append to.
 */
int tt_memory_report_open_program(struct tt_memory_report_files *rf, const char *dir);

/* Append the snapshot of @b taken when program @program_id is launched. */
int tt_memory_report_program(const struct tt_memory_report_files *rf, const struct tt_banks *b,
			     uint64_t program_id);

/*
 * Reports on every program launch (tt-metal's EnableMemoryReports, which
 * writes at each program compile): each launch appends one snapshot of
 * the bank managers, taken after the circular-buffer check and before the
 * cores start, to <dir>/program_memory_usage_summary.csv,
 * program_l1_usage_summary.csv and program_detailed_memory_usage.csv.
 * The program id column is the launch number, from 0, counted from the
 * time reports were enabled.  The setting is process-wide, as in
 * tt-metal.  Setting TT_EMU_MEMORY_REPORT=<dir> in the environment
 * enables it at the first launch unless tt_memory_report_launch_enable() or
 * tt_memory_report_launch_disable() was called before.
 */
#define TT_MEMORY_REPORT_ENV "TT_EMU_MEMORY_REPORT"

/*
 * Start per-launch reports in @dir (NULL or "": TT_MEMORY_REPORT_DEFAULT_DIR),
 * creating it and the three files afresh with their headers.  Returns
 * TT_OK, TT_EINVAL (path too long) or TT_EIO; tt_last_error() says why.
 * Reports stay off after a failure.
 */
int tt_memory_report_launch_enable(const char *dir);

/* Stop per-launch reports (and ignore TT_EMU_MEMORY_REPORT). */
void tt_memory_report_launch_disable(void);

/* The directory launch reports go to, or NULL when they are off. */
const char *tt_memory_report_launch_dir(void);

/*
 * Called by the program layer at each launch: append the snapshot of @b
 * if launch reports are on.  TT_OK (also when off), or TT_EINVAL/TT_EIO
 * with tt_last_error() saying what failed.
 */
int tt_memory_report_launch(const struct tt_banks *b);

/* Close the streams of @rf: TT_OK or TT_EIO if a write failed. */
int tt_memory_report_close(struct tt_memory_report_files *rf);

/*
 * Draw the occupancy of every L1 bank (one column per worker core, one per
 * storage-only core with its banks stacked) and every DRAM bank (one
 * column each), address 0 at the bottom.  Each pixel row is coloured as
 * reserved, free, allocated, or partly allocated (the lighter shade): a
 * fragmented region shows as a striped column.  Hover text names the core
 * and the bank ids.  Returns TT_OK or TT_ENOMEM.
 */
int tt_memory_report_svg(FILE *f, const struct tt_banks *b);

#endif /* TT_MEMORY_REPORT_H */
