// SPDX-License-Identifier: Apache-2.0
//
// Where tt-metal places its dispatch cores.  tensix-emu dispatches from the
// host (slow dispatch): the configuration is accepted and has no effect.
#pragma once

#include <cstdint>
#include <optional>

namespace tt::tt_metal {

enum class DispatchCoreType : uint32_t { WORKER, ETH, COUNT };
enum class DispatchCoreAxis { ROW, COL, COUNT };

class DispatchCoreConfig {
public:
	DispatchCoreConfig() = default;
	DispatchCoreConfig(DispatchCoreType type) : type_(type) {}
	DispatchCoreConfig(DispatchCoreType type, DispatchCoreAxis axis) : type_(type), axis_(axis)
	{}
	DispatchCoreType get_dispatch_core_type() const { return type_; }
	void set_dispatch_core_type(DispatchCoreType t) { type_ = t; }
	DispatchCoreAxis get_dispatch_core_axis() const
	{
		return axis_.value_or(DispatchCoreAxis::ROW);
	}
	void set_dispatch_core_axis(DispatchCoreAxis a) { axis_ = a; }
	bool operator==(const DispatchCoreConfig &) const = default;

private:
	DispatchCoreType type_ = DispatchCoreType::WORKER;
	std::optional<DispatchCoreAxis> axis_;
};

} // namespace tt::tt_metal
