// SPDX-License-Identifier: Apache-2.0
//
// Stand-in for tt-metal's sub-device test helpers (see ../../../../README.md):
// the programs its sub-device tests run, built from the checkout's
// test_kernels/misc/sub_device kernels.
//
// The "basic sync" set is three programs over one global semaphore:
//  - the waiter, on the first core of the second sub-device, bumps the
//    syncer's semaphore, then waits until every incrementer has bumped its
//    own and takes the count back;
//  - the syncer, on the last core of the first sub-device, waits for the
//    waiter's bump and takes it back;
//  - the incrementers, every core of the first sub-device on RISCV_1, bump
//    the waiter's semaphore once each.
// The waiter runs while the others come and go: the test of sub-devices
// running at once.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <tuple>

#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/impl/kernels/kernel.hpp>
#include <tt-metalium/sub_device.hpp>
#include "hostdevcommon/common_values.hpp"

namespace tt::tt_metal {

namespace sub_device_test {

inline constexpr const char *kernel_dir = "tests/tt_metal/tt_metal/test_kernels/misc/sub_device/";

inline CoreRangeSet one_core(const CoreCoord &c)
{
	return CoreRangeSet(CoreRange(c, c));
}

// The syncer: waits for one bump of @sem on @core, on RISCV_0.
inline Program syncer(const CoreCoord &core, const GlobalSemaphore &sem)
{
	Program p = CreateProgram();
	KernelHandle k =
		CreateKernel(p, std::string(kernel_dir) + "syncer.cpp", one_core(core),
			     DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						 .noc = NOC::RISCV_0_default });
	SetRuntimeArgs(p, k, one_core(core),
		       std::array<uint32_t, 1>{ static_cast<uint32_t>(sem.address()) });
	return p;
}

// The incrementers: each core of @cores bumps @sem at NoC core @waiter once.
inline Program incrementers(const CoreRangeSet &cores, const GlobalSemaphore &sem,
			    const CoreCoord &waiter)
{
	Program p = CreateProgram();
	KernelHandle k =
		CreateKernel(p, std::string(kernel_dir) + "incrementer.cpp", cores,
			     DataMovementConfig{ .processor = DataMovementProcessor::RISCV_1,
						 .noc = NOC::RISCV_1_default });
	SetRuntimeArgs(p, k, cores,
		       std::array<uint32_t, 3>{ static_cast<uint32_t>(sem.address()),
						static_cast<uint32_t>(waiter.x),
						static_cast<uint32_t>(waiter.y) });
	return p;
}

} // namespace sub_device_test

// A syncer alone on the first Tensix core of @sub_device, with its
// semaphore (initial value INVALID): the program, its core and the semaphore.
inline std::tuple<Program, CoreCoord, GlobalSemaphore>
create_single_sync_program(IDevice *device, const SubDevice &sub_device)
{
	const CoreRangeSet &cores = sub_device.cores(HalProgrammableCoreType::TENSIX);
	CoreCoord at = cores.ranges().at(0).start_coord;
	GlobalSemaphore sem = CreateGlobalSemaphore(device, cores, INVALID);
	Program p = sub_device_test::syncer(at, sem);
	return { std::move(p), at, std::move(sem) };
}

namespace sub_device_test {

// The basic sync set (above) around the waiter @make_waiter builds (from
// the semaphore, the incrementers' count and the syncer's NoC core): the
// semaphore on @target (the core the incrementers bump), the syncer and
// the incrementers on @first; runtime ids 1, 2 and 3.
inline std::tuple<Program, Program, Program, GlobalSemaphore>
sync_set(IDevice *device, const SubDevice &first, const CoreCoord &target,
	 const std::function<Program(const GlobalSemaphore &, uint32_t, const CoreCoord &)>
		 &make_waiter)
{
	const CoreRangeSet &inc_cores = first.cores(HalProgrammableCoreType::TENSIX);
	CoreCoord syncer_at = inc_cores.ranges().back().end_coord;
	GlobalSemaphore sem = CreateGlobalSemaphore(
		device, one_core(target).merge(inc_cores).merge(one_core(syncer_at)), INVALID);
	Program waiter = make_waiter(sem, inc_cores.num_cores(),
				     device->worker_core_from_logical_core(syncer_at));
	Program sync = syncer(syncer_at, sem);
	Program inc = incrementers(inc_cores, sem, device->worker_core_from_logical_core(target));
	waiter.set_runtime_id(1);
	sync.set_runtime_id(2);
	inc.set_runtime_id(3);
	return { std::move(waiter), std::move(sync), std::move(inc), std::move(sem) };
}

} // namespace sub_device_test

// The basic sync set (above): the waiter on @second.
inline std::tuple<Program, Program, Program, GlobalSemaphore>
create_basic_sync_program(IDevice *device, const SubDevice &first, const SubDevice &second)
{
	using namespace sub_device_test;
	CoreCoord at = second.cores(HalProgrammableCoreType::TENSIX).ranges().at(0).start_coord;
	return sync_set(
		device, first, at,
		[&](const GlobalSemaphore &sem, uint32_t count, const CoreCoord &syncer) {
			Program p = CreateProgram();
			KernelHandle k = CreateKernel(
				p, std::string(kernel_dir) + "persistent_waiter.cpp", one_core(at),
				DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						    .noc = NOC::RISCV_0_default });
			SetRuntimeArgs(
				p, k, one_core(at),
				std::array<uint32_t, 4>{ static_cast<uint32_t>(sem.address()),
							 count, static_cast<uint32_t>(syncer.x),
							 static_cast<uint32_t>(syncer.y) });
			return p;
		});
}

// As create_basic_sync_program with the waiter on the first active
// ethernet core of @second, run by @dm_processor: it waits on the first
// Tensix core of @second, whose semaphore the incrementers bump, reading
// it into its own L1 (its unreserved base) over the NoC.
inline std::tuple<Program, Program, Program, GlobalSemaphore>
create_basic_eth_sync_program(IDevice *device, const SubDevice &first, const SubDevice &second,
			      DataMovementProcessor dm_processor)
{
	using namespace sub_device_test;
	CoreCoord eth_at =
		second.cores(HalProgrammableCoreType::ACTIVE_ETH).ranges().at(0).start_coord;
	CoreCoord at = second.cores(HalProgrammableCoreType::TENSIX).ranges().at(0).start_coord;
	CoreCoord at_noc = device->worker_core_from_logical_core(at);
	return sync_set(device, first, at,
			[&](const GlobalSemaphore &sem, uint32_t count, const CoreCoord &syncer) {
				Program p = CreateProgram();
				KernelHandle k = CreateKernel(
					p, std::string(kernel_dir) + "persistent_remote_waiter.cpp",
					one_core(eth_at),
					EthernetConfig{ .noc = NOC::RISCV_0_default,
							.processor = dm_processor });
				SetRuntimeArgs(
					p, k, one_core(eth_at),
					std::array<uint32_t, 7>{
						static_cast<uint32_t>(sem.address()), count,
						static_cast<uint32_t>(syncer.x),
						static_cast<uint32_t>(syncer.y),
						static_cast<uint32_t>(at_noc.x),
						static_cast<uint32_t>(at_noc.y),
						static_cast<uint32_t>(
							hal::get_erisc_l1_unreserved_base()) });
				return p;
			});
}

} // namespace tt::tt_metal
