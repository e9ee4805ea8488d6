// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's device profiler markers (tools/profiler/kernel_profiler.hpp)
 * over the C markers of tt_profile.h: zones, timestamped data and events
 * go to the timeline trace (docs/trace.md) on the kernel's core and RISC,
 * stamped with the device clock, instead of tt-metal's profiler buffers;
 * with TT_METAL_DEVICE_PROFILER=1 also to tt-metal's device log, with
 * each marker's source file and line (TT_PROF_SITE; docs/trace.md).
 *
 * - DeviceZoneScopedN("name") (and the Main/MainChild forms, which the
 *   firmware uses upstream) is a zone from here to the end of the scope.
 * - DeviceZoneScopedSumN1/N2("name") add up the time of every run of the
 *   scope; the trace shows the total and the count when the core finishes.
 * - DeviceTimestampedData("name", data) and DeviceRecordEvent(id) are
 *   instants with their value.
 * - DeviceZoneSetCounter and DeviceValidateProfiler only evaluate their
 *   argument; the init and trace-count macros are empty (firmware's).
 */
#ifndef TT_TOOLS_PROFILER_KERNEL_PROFILER_HPP
#define TT_TOOLS_PROFILER_KERNEL_PROFILER_HPP

#include <cstdint>

#include "tt_profile.h"

namespace kernel_profiler {

// A zone from construction to destruction; @site is TT_PROF_SITE(name).
struct profileScope {
	explicit profileScope(const char *site) { tt_zone_begin_at(site); }
	~profileScope() { tt_zone_end(); }
	profileScope(const profileScope &) = delete;
	profileScope &operator=(const profileScope &) = delete;
};

// One run of summed zone slot @slot.
template <uint32_t slot>
struct profileScopeAccumulate {
	static_assert(slot < TT_PROF_SUM_SLOTS, "summed zones have two slots");
	explicit profileScopeAccumulate(const char *site) { tt_zone_sum_begin_at(site, slot); }
	~profileScopeAccumulate() { tt_zone_sum_end(slot); }
	profileScopeAccumulate(const profileScopeAccumulate &) = delete;
	profileScopeAccumulate &operator=(const profileScopeAccumulate &) = delete;
};

inline __attribute__((always_inline)) void timeStampedData(const char *site, uint64_t data)
{
	tt_timestamped_data_at(site, data);
}

inline __attribute__((always_inline)) void recordEvent(uint16_t event_id)
{
	tt_record_event(event_id);
}

} // namespace kernel_profiler

#define TT_PROF_SCOPE(type, name)               \
	type TT_PROF_CAT(tt_zone_, __COUNTER__) \
	{                                       \
		name                            \
	}

#define DeviceZoneScopedN(name)		 TT_PROF_SCOPE(kernel_profiler::profileScope, TT_PROF_SITE(name))
#define DeviceZoneScopedMainN(name)	 DeviceZoneScopedN(name)
#define DeviceZoneScopedMainChildN(name) DeviceZoneScopedN(name)
#define DeviceZoneScopedSumN1(name) \
	TT_PROF_SCOPE(kernel_profiler::profileScopeAccumulate<0>, TT_PROF_SITE(name))
#define DeviceZoneScopedSumN2(name) \
	TT_PROF_SCOPE(kernel_profiler::profileScopeAccumulate<1>, TT_PROF_SITE(name))
#define DeviceTimestampedData(name, data) kernel_profiler::timeStampedData(TT_PROF_SITE(name), data)
#define DeviceRecordEvent(event_id)	  kernel_profiler::recordEvent(event_id)
#define DeviceZoneSetCounter(counter)	  ((void)(counter))
#define DeviceValidateProfiler(condition) ((void)(condition))
#define DeviceProfilerInit()
#define DeviceTraceOnlyProfilerInit()
#define DeviceIncrementTraceCount()

#endif
