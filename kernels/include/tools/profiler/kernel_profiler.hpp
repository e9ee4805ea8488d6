// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's device profiler markers (tools/profiler/kernel_profiler.hpp)
 * so that kernels using them build: DeviceZoneScopedN("name") and friends
 * compile to nothing here.
 *
 * Not yet implemented: the zones in the timeline trace (docs/trace.md).
 */
#ifndef TT_TOOLS_PROFILER_KERNEL_PROFILER_HPP
#define TT_TOOLS_PROFILER_KERNEL_PROFILER_HPP

#include <cstdint>

#define DeviceZoneScopedN(name)
#define DeviceZoneScopedMainN(name)
#define DeviceZoneScopedMainChildN(name)
#define DeviceZoneScopedSumN1(name)
#define DeviceZoneScopedSumN2(name)
#define DeviceZoneSetCounter(counter)
#define DeviceTimestampedData(name, data) ((void)(data))
#define DeviceRecordEvent(event_id) ((void)(event_id))
#define DeviceValidateProfiler(condition) ((void)(condition))

#endif
