/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Profiler markers: zones, timestamped data and events that show on the
 * kernel's core and RISC in the timeline trace (docs/trace.md).  Each
 * marker is one to four writes to the EMU block's PROF_* registers
 * (hal/tt_emu_regs.h); the model stamps it with the device clock when a
 * trace is recorded and ignores it otherwise, so a kernel runs the same
 * instructions either way.
 *
 * Names are NUL-terminated strings in L1: string literals are (a kernel's
 * read-only data lives in its text slot).  The trace keeps 63 bytes of a
 * name and 16 nested zones per RISC; deeper zones are counted, not drawn.
 *
 * C kernels get tt-metal's marker macros too (DeviceZoneScopedN and
 * friends), with the cleanup attribute ending a zone at the end of its
 * scope; C++ kernels get them from tools/profiler/kernel_profiler.hpp.
 * The macros also say where each marker is (TT_PROF_SITE), which the
 * device profiler's log reports (TT_METAL_DEVICE_PROFILER=1,
 * docs/trace.md); the tt_ calls below do not.
 */
#ifndef TT_KERNEL_PROFILE_H
#define TT_KERNEL_PROFILE_H

#include <stdint.h>

#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_wait.h"

#define TT_PROF_INLINE static inline __attribute__((always_inline))

#define TT_PROF_STR2(x) #x
#define TT_PROF_STR(x)	TT_PROF_STR2(x)

/*
 * A marker's name literal followed by its site: "name\0<file>,<line>".
 * Markers given one say so in PROF_MARK (TT_PROF_AT_SITE).
 */
#define TT_PROF_SITE(name) name "\0" __FILE__ "," TT_PROF_STR(__LINE__)
#define TT_PROF_AT_SITE(kind) \
	(TT_FIELD_VAL(EMU, PROF_MARK, KIND, (kind)) | TT_FIELD_VAL(EMU, PROF_MARK, SITE, 1))

/* Open a zone named @name; tt_zone_end() closes the innermost one. */
TT_PROF_INLINE void tt_zone_begin(const char *name)
{
	TT_EMU_REG(PROF_NAME) = (uint32_t)(uintptr_t)name;
	TT_EMU_REG(PROF_MARK) = TT_PROF_ZONE_BEGIN;
}

/* The same for a name followed by its site (TT_PROF_SITE). */
TT_PROF_INLINE void tt_zone_begin_at(const char *site)
{
	TT_EMU_REG(PROF_NAME) = (uint32_t)(uintptr_t)site;
	TT_EMU_REG(PROF_MARK) = TT_PROF_AT_SITE(TT_PROF_ZONE_BEGIN);
}

TT_PROF_INLINE void tt_zone_end(void)
{
	TT_EMU_REG(PROF_MARK) = TT_PROF_ZONE_END;
}

/* An instant named @name carrying @data. */
TT_PROF_INLINE void tt_timestamped_data(const char *name, uint64_t data)
{
	TT_EMU_REG(PROF_NAME) = (uint32_t)(uintptr_t)name;
	TT_EMU_REG(PROF_DATA_LO) = (uint32_t)data;
	TT_EMU_REG(PROF_DATA_HI) = (uint32_t)(data >> 32);
	TT_EMU_REG(PROF_MARK) = TT_PROF_DATA;
}

TT_PROF_INLINE void tt_timestamped_data_at(const char *site, uint64_t data)
{
	TT_EMU_REG(PROF_NAME) = (uint32_t)(uintptr_t)site;
	TT_EMU_REG(PROF_DATA_LO) = (uint32_t)data;
	TT_EMU_REG(PROF_DATA_HI) = (uint32_t)(data >> 32);
	TT_EMU_REG(PROF_MARK) = TT_PROF_AT_SITE(TT_PROF_DATA);
}

/* An instant "event <id>". */
TT_PROF_INLINE void tt_record_event(uint16_t id)
{
	TT_EMU_REG(PROF_DATA_LO) = id;
	TT_EMU_REG(PROF_MARK) = TT_PROF_EVENT;
}

/*
 * Summed zones: the time of every run of slot @slot (0 or 1) is added up,
 * and the trace shows the total and the count once, when the core
 * finishes its launch.
 */
TT_PROF_INLINE void tt_zone_sum_begin(const char *name, uint32_t slot)
{
	TT_EMU_REG(PROF_NAME) = (uint32_t)(uintptr_t)name;
	TT_EMU_REG(PROF_DATA_LO) = slot;
	TT_EMU_REG(PROF_MARK) = TT_PROF_SUM_BEGIN;
}

TT_PROF_INLINE void tt_zone_sum_begin_at(const char *site, uint32_t slot)
{
	TT_EMU_REG(PROF_NAME) = (uint32_t)(uintptr_t)site;
	TT_EMU_REG(PROF_DATA_LO) = slot;
	TT_EMU_REG(PROF_MARK) = TT_PROF_AT_SITE(TT_PROF_SUM_BEGIN);
}

TT_PROF_INLINE void tt_zone_sum_end(uint32_t slot)
{
	TT_EMU_REG(PROF_DATA_LO) = slot;
	TT_EMU_REG(PROF_MARK) = TT_PROF_SUM_END;
}

#define TT_PROF_CAT2(a, b) a##b
#define TT_PROF_CAT(a, b)  TT_PROF_CAT2(a, b)

#ifndef __cplusplus
/* Cleanup handlers of the scoped C macros below. */
TT_PROF_INLINE void tt_zone_scope_end(const char *const *name)
{
	(void)name;
	tt_zone_end();
}

TT_PROF_INLINE void tt_zone_sum0_end(const char *const *name)
{
	(void)name;
	tt_zone_sum_end(0);
}

TT_PROF_INLINE void tt_zone_sum1_end(const char *const *name)
{
	(void)name;
	tt_zone_sum_end(1);
}

#define TT_ZONE_SCOPED_WITH(begin, end, name)                                                  \
	const char *TT_PROF_CAT(tt_zone_, __COUNTER__) __attribute__((cleanup(end), unused)) = \
		(begin, (name))

#define DeviceZoneScopedN(name) \
	TT_ZONE_SCOPED_WITH(tt_zone_begin_at(TT_PROF_SITE(name)), tt_zone_scope_end, name)
#define DeviceZoneScopedMainN(name)	 DeviceZoneScopedN(name)
#define DeviceZoneScopedMainChildN(name) DeviceZoneScopedN(name)
#define DeviceZoneScopedSumN1(name) \
	TT_ZONE_SCOPED_WITH(tt_zone_sum_begin_at(TT_PROF_SITE(name), 0), tt_zone_sum0_end, name)
#define DeviceZoneScopedSumN2(name) \
	TT_ZONE_SCOPED_WITH(tt_zone_sum_begin_at(TT_PROF_SITE(name), 1), tt_zone_sum1_end, name)
#define DeviceTimestampedData(name, data) tt_timestamped_data_at(TT_PROF_SITE(name), data)
#define DeviceRecordEvent(event_id)	  tt_record_event(event_id)
#define DeviceZoneSetCounter(counter)	  ((void)(counter))
#define DeviceValidateProfiler(condition) ((void)(condition))
#endif /* !__cplusplus */

#endif /* TT_KERNEL_PROFILE_H */
