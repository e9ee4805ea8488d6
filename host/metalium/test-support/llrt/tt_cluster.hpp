// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's Cluster, as far as the tests ask
// it about the machine.  Chips are the emulated system's (TT_EMU_SYSTEM):
// ids 0..n-1, row-major over its mesh, all exposed to the user; the ones
// with a PCIe link of their own are the first GetNumPCIeDevices().
#pragma once

#include <cstdint>
#include <set>

#include <tt-metalium/cluster.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <umd/device/types/arch.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

#include "llrt/rtoptions.hpp"
#include "llrt/tt_target_device.hpp"

namespace tt {

class Cluster {
public:
	tt::ARCH arch() const { return tt::tt_metal::hal::get_arch(); }
	size_t number_of_devices() const { return tt::tt_metal::GetNumAvailableDevices(); }
	size_t number_of_user_devices() const { return number_of_devices(); }
	size_t number_of_pci_devices() const { return tt::tt_metal::GetNumPCIeDevices(); }
	std::set<ChipId> all_chip_ids() const { return first(number_of_devices()); }
	std::set<ChipId> user_exposed_chip_ids() const { return all_chip_ids(); }
	std::set<ChipId> mmio_chip_ids() const { return first(number_of_pci_devices()); }
	tt::tt_metal::ClusterType get_cluster_type() const
	{
		return tt::tt_metal::GetClusterType();
	}
	bool is_galaxy_cluster() const { return tt::tt_metal::IsGalaxyCluster(); }
	BoardType get_board_type(ChipId) const
	{
		switch (get_cluster_type()) {
		case tt::tt_metal::ClusterType::N150:
			return BoardType::N150;
		case tt::tt_metal::ClusterType::N300:
		case tt::tt_metal::ClusterType::T3K:
			return BoardType::N300;
		case tt::tt_metal::ClusterType::GALAXY:
			return BoardType::GALAXY;
		default:
			return BoardType::UNKNOWN;
		}
	}
	TargetDevice get_target_device_type() const { return TargetDevice::Silicon; }
	bool is_mock_or_emulated() const { return false; }
	// Every worker core of the emulated chips is there.
	uint32_t get_harvesting_mask(ChipId) const { return 0; }
	// Wormhole's AI clock, MHz.
	int get_device_aiclk(const ChipId &) const { return 1000; }
	ChipId get_associated_mmio_device(ChipId id) const
	{
		size_t pci = number_of_pci_devices();
		return pci ? static_cast<ChipId>(static_cast<size_t>(id) % pci) : id;
	}
	uint16_t get_assigned_channel_for_device(ChipId id) const
	{
		return static_cast<uint16_t>(get_associated_mmio_device(id));
	}
	// Host writes reach the emulated L1 and DRAM at once: nothing to wait for.
	void l1_barrier(ChipId) const {}
	void dram_barrier(ChipId) const {}
	// No ethernet link carries traffic yet (docs/multi-device.md).
	bool is_ethernet_link_up(ChipId, const tt::tt_metal::CoreCoord &) const { return false; }

private:
	static std::set<ChipId> first(size_t n)
	{
		std::set<ChipId> s;
		for (size_t i = 0; i < n; i++)
			s.insert(static_cast<ChipId>(i));
		return s;
	}
};

} // namespace tt

namespace tt::tt_metal {
using tt::Cluster;
} // namespace tt::tt_metal
