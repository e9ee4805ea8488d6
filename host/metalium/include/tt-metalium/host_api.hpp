// SPDX-License-Identifier: Apache-2.0
//
// The TT-Metalium host API over libtt: programs, kernels, circular
// buffers, semaphores and runtime args.  Every function throws a
// std::runtime_error (see tt_stl/assert.hpp) when libtt refuses, with
// libtt's explanation in what().
//
// Like tt-metal's, this header also makes fmt, <iostream> and the usual
// containers available: host programs written for tt-metal rely on it.
#pragma once

#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <hostdevcommon/common_values.hpp>
#include <hostdevcommon/kernel_structs.h>
#include <tt-logger/tt-logger.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/runtime_args_data.hpp>
#include <tt-metalium/tt_metal_profiler.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

using CoreSpecVariant = std::variant<CoreCoord, CoreRange, CoreRangeSet>;

// A device without a mesh: a 1x1 MeshDevice kept until CloseDevice().
// Programs run on it with detail::LaunchProgram (tt_metal.hpp) or through
// its mesh_command_queue().
IDevice *CreateDevice(ChipId device_id, uint8_t num_hw_cqs = 1, size_t l1_small_size = 0,
		      size_t trace_region_size = 0);
bool CloseDevice(IDevice *device);
size_t GetNumAvailableDevices();
// One emulated Wormhole per device id, each "on PCIe", never a Galaxy.
size_t GetNumPCIeDevices();
ChipId GetPCIeDeviceID(ChipId device_id);
bool IsGalaxyCluster();
// Kernel paths resolve against @root_dir before TT_METAL_HOME.
void SetRootDir(const std::string &root_dir);

Program CreateProgram();

// @file_name resolves as in tt-metal: an absolute path as is; otherwise
// against the working directory, then SetRootDir's, then TT_METAL_HOME, then
// TT_METAL_KERNEL_PATH.  A missing file throws, naming every place tried.
KernelHandle CreateKernel(Program &program, const std::string &file_name,
			  const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			  const std::variant<DataMovementConfig, ComputeConfig> &config);

// As CreateKernel, with the kernel's source text instead of a path (a
// .cpp kernel written to the temporary directory, named by its content).
KernelHandle
CreateKernelFromString(Program &program, const std::string &kernel_src_code,
		       const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
		       const std::variant<DataMovementConfig, ComputeConfig> &config);

CBHandle CreateCircularBuffer(Program &program,
			      const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			      const CircularBufferConfig &config);
const CircularBufferConfig &GetCircularBufferConfig(Program &program, CBHandle cb_handle);
void UpdateDynamicCircularBufferAddress(Program &program, CBHandle cb_handle, const Buffer &buffer);
void UpdateDynamicCircularBufferAddressAndTotalSize(Program &program, CBHandle cb_handle,
						    const Buffer &buffer, uint32_t total_size);
void UpdateCircularBufferTotalSize(Program &program, CBHandle cb_handle, uint32_t total_size);
void UpdateCircularBufferPageSize(Program &program, CBHandle cb_handle, uint8_t buffer_index,
				  uint32_t page_size);

// Buffers are owned by their creators here; kept for source compatibility.
inline void AssignGlobalBufferToProgram(const std::shared_ptr<Buffer> &, Program &) {}

// A semaphore per core of @core_spec starting at @initial_value; returns its id.
uint32_t CreateSemaphore(Program &program, const std::variant<CoreRange, CoreRangeSet> &core_spec,
			 uint32_t initial_value);
// The same on @core_type's cores: WORKER, or ETH for logical ethernet
// cores (0, channel), whose ids are numbered on their own.
uint32_t CreateSemaphore(Program &program, const std::variant<CoreRange, CoreRangeSet> &core_spec,
			 uint32_t initial_value, CoreType core_type);

void SetRuntimeArgs(const Program &program, KernelHandle kernel,
		    const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
		    ttsl::Span<const uint32_t> runtime_args);
void SetRuntimeArgs(const Program &program, KernelHandle kernel,
		    const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
		    std::initializer_list<uint32_t> runtime_args);
// One argument vector per core: runtime_args[i] goes to core_spec[i].
void SetRuntimeArgs(const Program &program, KernelHandle kernel,
		    const std::vector<CoreCoord> &core_spec,
		    const std::vector<std::vector<uint32_t>> &runtime_args);
void SetCommonRuntimeArgs(const Program &program, KernelHandle kernel,
			  ttsl::Span<const uint32_t> runtime_args);
void SetCommonRuntimeArgs(const Program &program, KernelHandle kernel,
			  std::initializer_list<uint32_t> runtime_args);

// Views of the args set so far; writes through them are sent at the next launch.
RuntimeArgsData &GetRuntimeArgs(const Program &program, KernelHandle kernel,
				const CoreCoord &logical_core);
// [x][y] over the kernel's bounding box; cores without args have size() 0.
std::vector<std::vector<RuntimeArgsData>> &GetRuntimeArgs(const Program &program,
							  KernelHandle kernel);
RuntimeArgsData &GetCommonRuntimeArgs(const Program &program, KernelHandle kernel);

} // namespace tt::tt_metal
