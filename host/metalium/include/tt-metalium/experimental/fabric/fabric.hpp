// SPDX-License-Identifier: Apache-2.0
//
// tt-fabric's host switches.  Ethernet links between the emulated chips
// carry no traffic yet (docs/multi-device.md): SetFabricConfig accepts
// FabricConfig::DISABLED and refuses anything else, saying so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include <tt-metalium/experimental/fabric/fabric_types.hpp>

namespace tt::tt_fabric {

struct FabricRouterConfig {
	std::optional<size_t> max_packet_payload_size_bytes = std::nullopt;
};

void SetFabricConfig(FabricConfig fabric_config,
		     FabricReliabilityMode reliability_mode =
			     FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE,
		     std::optional<uint8_t> num_routing_planes = std::nullopt,
		     FabricTensixConfig fabric_tensix_config = FabricTensixConfig::DISABLED,
		     FabricUDMMode fabric_udm_mode = FabricUDMMode::DISABLED,
		     FabricManagerMode fabric_manager = FabricManagerMode::DEFAULT,
		     FabricRouterConfig router_config = FabricRouterConfig{});

FabricConfig GetFabricConfig();

} // namespace tt::tt_fabric
