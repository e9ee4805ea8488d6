// SPDX-License-Identifier: Apache-2.0
/*
 * Kernel threads (tt-metal api/kernel_thread_globals.h).  A Metal 2.0
 * kernel may run as several threads on Quasar; on Wormhole every kernel is
 * one thread, so there is thread 0 of 1 and the barriers between threads
 * have nothing to wait for.
 */
#ifndef TT_API_KERNEL_THREAD_GLOBALS_H
#define TT_API_KERNEL_THREAD_GLOBALS_H

#include <stdint.h>

/* Threads of the kernel this core runs: always 1 on Wormhole. */
inline uint32_t get_num_threads()
{
	return 1;
}

/* This thread's index among them, from 0. */
inline uint32_t get_my_thread_id()
{
	return 0;
}

#ifndef COMPILE_FOR_TRISC

inline void thread_sync_init()
{}

/* Wait until @participants threads of the kernel arrive (one always has). */
inline void wait_threads(uint32_t participants)
{
	(void)participants;
}

inline void sync_threads()
{
	wait_threads(get_num_threads());
}

#endif

#endif
