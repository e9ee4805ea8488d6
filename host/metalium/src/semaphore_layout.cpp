// SPDX-License-Identifier: Apache-2.0
//
// Where a program's semaphores and CB configs are in L1
// (ProgramImpl::get_sem_base_addr, MeshWorkload::get_sem_base_addr,
// get_cb_base_addr): at the start of the kernel-config blob each launch
// writes at TT_MEM_KERNEL_CONFIG_BASE (hal/tt_kernel_config.h), semaphores
// TT_SEMAPHORE_STRIDE bytes apart, then the CB configs, the same on every
// Tensix core.
#include <cstdint>
#include <memory>

#include <tt-metalium/device.hpp>
#include <tt-metalium/impl/program/program_impl.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_workload.hpp>
#include <tt_stl/assert.hpp>

extern "C" {
#include <tt_cb.h>
#include <tt_kernel_config.h>
#include <tt_mem_map.h>
}

namespace tt::tt_metal {

static uint32_t sem_base(IDevice *device, const CoreCoord &logical_core, CoreType core_type,
			 const char *who)
{
	TT_FATAL(device != nullptr, "{}: no device given", who);
	TT_FATAL(core_type == CoreType::WORKER,
		 "{}: only Tensix cores (CoreType::WORKER) hold semaphores on tensix-emu; core "
		 "type {} was "
		 "given",
		 who, static_cast<int>(core_type));
	const CoreCoord grid = device->compute_with_storage_grid_size();
	TT_FATAL(logical_core.x < grid.x && logical_core.y < grid.y,
		 "{}: logical core {} is outside the {}x{} worker grid", who, logical_core.str(),
		 grid.x, grid.y);
	return TT_SEMAPHORE_ADDR(TT_MEM_KERNEL_CONFIG_BASE, 0);
}

namespace detail {

uint32_t ProgramImpl::get_sem_base_addr(IDevice *device, CoreCoord logical_core, CoreType core_type)
{
	return sem_base(device, logical_core, core_type, "ProgramImpl::get_sem_base_addr");
}

uint32_t ProgramImpl::get_cb_size(IDevice *device, CoreCoord logical_core, CoreType core_type)
{
	sem_base(device, logical_core, core_type, "ProgramImpl::get_cb_size");
	return TT_NUM_CBS * TT_CB_CONFIG_BYTES;
}

} // namespace detail

namespace distributed {

uint32_t MeshWorkload::get_sem_base_addr(std::shared_ptr<MeshDevice> &mesh_device,
					 CoreCoord logical_core, CoreType core_type)
{
	TT_FATAL(mesh_device != nullptr, "MeshWorkload::get_sem_base_addr: no mesh device given");
	return sem_base(mesh_device.get(), logical_core, core_type,
			"MeshWorkload::get_sem_base_addr");
}

uint32_t MeshWorkload::get_sem_size(std::shared_ptr<MeshDevice> &mesh_device,
				    CoreCoord logical_core, CoreType core_type)
{
	TT_FATAL(mesh_device != nullptr, "MeshWorkload::get_sem_size: no mesh device given");
	sem_base(mesh_device.get(), logical_core, core_type, "MeshWorkload::get_sem_size");
	return TT_MAX_SEMAPHORES * TT_SEMAPHORE_STRIDE;
}

uint32_t MeshWorkload::get_cb_base_addr(std::shared_ptr<MeshDevice> &mesh_device,
					CoreCoord logical_core, CoreType core_type)
{
	TT_FATAL(mesh_device != nullptr, "MeshWorkload::get_cb_base_addr: no mesh device given");
	sem_base(mesh_device.get(), logical_core, core_type, "MeshWorkload::get_cb_base_addr");
	return TT_MEM_KERNEL_CONFIG_BASE + TT_KERNEL_CONFIG_CB_OFFSET;
}

uint32_t MeshWorkload::get_cb_size(std::shared_ptr<MeshDevice> &mesh_device, CoreCoord logical_core,
				   CoreType core_type)
{
	TT_FATAL(mesh_device != nullptr, "MeshWorkload::get_cb_size: no mesh device given");
	sem_base(mesh_device.get(), logical_core, core_type, "MeshWorkload::get_cb_size");
	return TT_NUM_CBS * TT_CB_CONFIG_BYTES;
}

} // namespace distributed

} // namespace tt::tt_metal
