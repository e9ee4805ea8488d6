// SPDX-License-Identifier: Apache-2.0
//
// Mock mode: tt-metal's way of opening devices without hardware.  Here
// every device is an emulated Wormhole, so mock mode changes what it opens
// for no architecture; what it changes is the target Metal 2.0 checks
// specs against (metal2_host_api/program.hpp): Wormhole and Blackhole
// specs are built into runnable programs on the emulated chip, Quasar
// specs are checked against Quasar's rules and built into programs that
// cannot be enqueued.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <umd/device/types/arch.hpp>

namespace tt::tt_metal::experimental {

// Target @arch with @num_chips chips (a combination tt-metal has a mock
// cluster descriptor for; see get_mock_cluster_desc_name).  Throws for
// others.
void configure_mock_mode(tt::ARCH arch, uint32_t num_chips = 1);
// Mock mode of the emulated chip (a Wormhole B0).
void configure_mock_mode_from_hw();
void disable_mock_mode();
bool is_mock_mode_registered();
// The cluster descriptor file name of the registered mock mode.
std::optional<std::string> get_mock_cluster_desc();
// tt-metal's cluster descriptor file name for @arch with @num_chips chips,
// if it has one: Wormhole 1, 2, 4, 8 or 32 chips; Blackhole 1, 2, 4 or 8;
// Quasar 1.
std::optional<std::string> get_mock_cluster_desc_name(tt::ARCH arch, uint32_t num_chips);

} // namespace tt::tt_metal::experimental
