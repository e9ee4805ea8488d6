// SPDX-License-Identifier: Apache-2.0
// Sub-device ids.  tensix-emu has no sub-devices: APIs accept and ignore them.
#pragma once

#include <cstdint>

namespace tt::tt_metal {

struct SubDeviceId {
	uint8_t id = 0;
	constexpr SubDeviceId() = default;
	constexpr explicit SubDeviceId(uint8_t v) : id(v) {}
	constexpr uint8_t operator*() const { return id; }
	constexpr bool operator==(const SubDeviceId &o) const { return id == o.id; }
};

} // namespace tt::tt_metal
