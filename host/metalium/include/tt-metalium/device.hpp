// SPDX-License-Identifier: Apache-2.0
//
// IDevice: what a device answers.  The only implementation is
// distributed::MeshDevice over one libtt device (a 1x1 mesh).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>
#include <unordered_set>
#include <tuple>
#include <set>

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
	// TENSIX for a worker, ACTIVE_ETH or IDLE_ETH for an ethernet core.
	HalProgrammableCoreType get_programmable_core_type(CoreCoord virtual_core) const;

	// Ethernet cores, by tt-metal's logical names (0, channel).  A core is
	// active when its channel has a link to another chip of the emulated
	// system (tt/system.h says which), idle otherwise: every core of a
	// lone chip is idle.
	const std::set<CoreCoord> &ethernet_cores() const;
	std::unordered_set<CoreCoord>
	get_active_ethernet_cores(bool skip_reserved_tunnel_cores = false) const;
	std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const;
	bool is_active_ethernet_core(CoreCoord logical_core,
				     bool skip_reserved_tunnel_cores = false) const;
	bool is_inactive_ethernet_core(CoreCoord logical_core) const;
	CoreCoord ethernet_core_from_logical_core(const CoreCoord &logical_core) const;
	std::vector<CoreCoord>
	ethernet_cores_from_logical_cores(const std::vector<CoreCoord> &logical_cores) const;
	CoreCoord logical_core_from_ethernet_core(const CoreCoord &ethernet_core) const;
	// The chip and logical ethernet core at the far end of @eth_core's link.
	std::tuple<ChipId, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const;
	// The logical ethernet cores linked to chip @connected_chip_id.
	std::vector<CoreCoord> get_ethernet_sockets(ChipId connected_chip_id) const;
};

} // namespace tt::tt_metal
