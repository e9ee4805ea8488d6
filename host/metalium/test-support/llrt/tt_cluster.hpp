// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's Cluster, as far as the tests ask
// it about the machine.  Chips are the emulated system's (TT_EMU_SYSTEM):
// ids 0..n-1, row-major over its mesh, all exposed to the user; the ones
// with a PCIe link of their own are the first GetNumPCIeDevices().
#pragma once

#include <cstdint>
#include <set>
#include <span>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include <tt-metalium/cluster.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <umd/device/types/arch.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

#include "llrt/rtoptions.hpp"
#include "llrt/tt_target_device.hpp"

namespace tt::tt_metal::detail {
// In the package: the core at NoC coordinate @noc of open chip @chip.
void ClusterCoreIo(ChipId chip, const CoreCoord &noc, void *buf, uint32_t bytes, uint64_t addr,
		   bool write);
// Whether logical ethernet core @logical of open chip @chip has a far end.
bool ClusterLinkUp(ChipId chip, const CoreCoord &logical);
// The chips open chip @chip's ethernet links reach.
std::set<ChipId> ClusterEthNeighbours(ChipId chip);
} // namespace tt::tt_metal::detail

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
	// The 6U (UBB) Galaxies: the emulated Galaxy is a Wormhole one.
	bool is_ubb_galaxy() const
	{
		return get_cluster_type() == tt::tt_metal::ClusterType::GALAXY ||
		       get_cluster_type() == tt::tt_metal::ClusterType::BLACKHOLE_GALAXY;
	}
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
	// The chips reached over ethernet from PCIe chip @mmio (its N300
	// partner): one tunnel, the PCIe chip first; none without such chips.
	std::vector<std::vector<ChipId>> get_tunnels_from_mmio_device(ChipId mmio) const
	{
		std::vector<ChipId> tunnel{ mmio };
		for (ChipId id : all_chip_ids())
			if (id != mmio && get_associated_mmio_device(id) == mmio)
				tunnel.push_back(id);
		if (tunnel.size() == 1)
			return {};
		return { tunnel };
	}
	uint16_t get_assigned_channel_for_device(ChipId id) const
	{
		return static_cast<uint16_t>(get_associated_mmio_device(id));
	}
	// Host writes reach the emulated L1 and DRAM at once: nothing to wait for.
	void l1_barrier(ChipId) const {}
	void dram_barrier(ChipId) const {}
	// A link is up where an ethernet core has a far end (docs/multi-device.md).
	bool is_ethernet_link_up(ChipId chip, const tt::tt_metal::CoreCoord &logical) const
	{
		return tt::tt_metal::detail::ClusterLinkUp(chip, logical);
	}

	std::unordered_set<ChipId> get_ethernet_connected_device_ids(ChipId chip) const
	{
		auto s = tt::tt_metal::detail::ClusterEthNeighbours(chip);
		return { s.begin(), s.end() };
	}

	// A core's L1 by chip id and NoC (virtual) coordinate, as the host
	// sees it: writes land at once.
	template <typename DType>
	void write_core(ChipId chip, const tt::tt_metal::CoreCoord &core,
			const std::vector<DType> &v, uint64_t addr) const
	{
		tt::tt_metal::detail::ClusterCoreIo(chip, core, const_cast<DType *>(v.data()),
						    static_cast<uint32_t>(v.size() * sizeof(DType)),
						    addr, true);
	}
	template <typename DType>
	void write_core(ChipId chip, const tt::tt_metal::CoreCoord &core, const std::span<DType> &v,
			uint64_t addr) const
	{
		tt::tt_metal::detail::ClusterCoreIo(
			chip, core, const_cast<std::remove_const_t<DType> *>(v.data()),
			static_cast<uint32_t>(v.size() * sizeof(DType)), addr, true);
	}
	template <typename DType = uint32_t>
	[[nodiscard]] std::vector<DType> read_core(ChipId chip, const tt::tt_metal::CoreCoord &core,
						   uint64_t addr, uint32_t size) const
	{
		std::vector<DType> v((size + sizeof(DType) - 1) / sizeof(DType));
		tt::tt_metal::detail::ClusterCoreIo(chip, core, v.data(), size, addr, false);
		return v;
	}

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
