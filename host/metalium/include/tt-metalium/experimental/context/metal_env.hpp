// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's runtime environment descriptor.  tensix-emu has one
// environment, the emulated system TT_EMU_SYSTEM names, opened as devices
// are; so there is no MetalEnv object here, only the descriptor of a mock
// cluster tt-metal code may build (pass its name to configure_mock_mode's
// descriptors, experimental/mock_device/mock_device.hpp).
#pragma once

#include <optional>
#include <string>

namespace tt::tt_metal {

class MetalEnvDescriptor {
public:
	MetalEnvDescriptor() = default;
	explicit MetalEnvDescriptor(const std::string &mock_cluster_desc_path)
	    : mock_cluster_desc_path_(mock_cluster_desc_path)
	{}
	explicit MetalEnvDescriptor(std::optional<std::string> mock_cluster_desc_path)
	    : mock_cluster_desc_path_(std::move(mock_cluster_desc_path))
	{}

	bool is_mock_device() const { return mock_cluster_desc_path_.has_value(); }
	const std::string &mock_cluster_desc_path() const { return *mock_cluster_desc_path_; }

private:
	std::optional<std::string> mock_cluster_desc_path_;
};

} // namespace tt::tt_metal
