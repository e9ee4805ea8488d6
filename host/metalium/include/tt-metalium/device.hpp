// SPDX-License-Identifier: Apache-2.0
//
// IDevice: what a device answers.  The only implementation is
// distributed::MeshDevice over one libtt device (a 1x1 mesh).
#pragma once

#include <cstdint>
#include <memory>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <umd/device/types/arch.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

namespace tt::tt_metal {

using ChipId = ::ChipId;

class IDevice {
public:
	virtual ~IDevice() = default;
	virtual tt::ARCH arch() const = 0;
	virtual int id() const = 0;
	virtual CoreCoord grid_size() const = 0;
	virtual CoreCoord logical_grid_size() const = 0;
	virtual CoreCoord dram_grid_size() const = 0;
	virtual CoreCoord compute_with_storage_grid_size() const = 0;
	virtual CoreCoord worker_core_from_logical_core(const CoreCoord &logical) const = 0;
	virtual std::vector<CoreCoord>
	worker_cores_from_logical_cores(const std::vector<CoreCoord> &cores) const = 0;
	virtual CoreCoord virtual_core_from_logical_core(const CoreCoord &logical,
							 const CoreType &type) const = 0;
	virtual const std::unique_ptr<Allocator> &allocator() const = 0;
	virtual uint32_t num_dram_channels() const = 0;
	virtual uint32_t l1_size_per_core() const = 0;
	virtual bool close() = 0;
	// The libtt device underneath.
	virtual struct tt_device *c_device() const = 0;
	// The kind of programmable core at virtual NoC coordinates @virtual_core:
	// TENSIX for a worker (the emulated chips have no ethernet cores yet).
	HalProgrammableCoreType get_programmable_core_type(CoreCoord virtual_core) const;
};

} // namespace tt::tt_metal
