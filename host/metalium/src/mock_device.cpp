// SPDX-License-Identifier: Apache-2.0
//
// Mock mode (experimental/mock_device/mock_device.hpp).  Devices are
// emulated Wormholes whatever it says; the registered architecture is the
// target Metal 2.0 specs are checked against (detail::mock_arch()).
#include <mutex>

#include <tt-metalium/experimental/mock_device/mock_device.hpp>
#include <tt_stl/assert.hpp>

#include "internal.hpp"

namespace tt::tt_metal {

namespace {

struct MockMode {
	tt::ARCH arch;
	uint32_t num_chips;
};

std::mutex mock_lock;
std::optional<MockMode> mock_mode;

} // namespace

namespace detail {

std::optional<tt::ARCH> mock_arch()
{
	std::lock_guard<std::mutex> hold(mock_lock);
	if (!mock_mode)
		return std::nullopt;
	return mock_mode->arch;
}

} // namespace detail

namespace experimental {

std::optional<std::string> get_mock_cluster_desc_name(tt::ARCH arch, uint32_t num_chips)
{
	// tt-metal's cluster descriptor files for each mock system it offers.
	switch (arch) {
	case tt::ARCH::WORMHOLE_B0:
		switch (num_chips) {
		case 1:
			return "wormhole_N150.yaml";
		case 2:
			return "wormhole_N300.yaml";
		case 4:
			return "2x2_n300_cluster_desc.yaml";
		case 8:
			return "t3k_cluster_desc.yaml";
		case 32:
			return "6u_cluster_desc.yaml";
		}
		break;
	case tt::ARCH::BLACKHOLE:
		switch (num_chips) {
		case 1:
			return "blackhole_P150.yaml";
		case 2:
			return "blackhole_P300_both_mmio.yaml";
		case 4:
			return "blackhole_4xP150.yaml";
		case 8:
			return "blackhole_8xP150.yaml";
		}
		break;
	case tt::ARCH::QUASAR:
		if (num_chips == 1)
			return "quasar_Q1.yaml";
		break;
	default:
		break;
	}
	return std::nullopt;
}

void configure_mock_mode(tt::ARCH arch, uint32_t num_chips)
{
	TT_FATAL(get_mock_cluster_desc_name(arch, num_chips),
		 "mock mode: there is no mock {} system of {} chips", tt::arch_to_str(arch),
		 num_chips);
	std::lock_guard<std::mutex> hold(mock_lock);
	mock_mode = MockMode{ arch, num_chips };
}

void configure_mock_mode_from_hw()
{
	configure_mock_mode(tt::ARCH::WORMHOLE_B0, 1);
}

void disable_mock_mode()
{
	std::lock_guard<std::mutex> hold(mock_lock);
	mock_mode.reset();
}

bool is_mock_mode_registered()
{
	std::lock_guard<std::mutex> hold(mock_lock);
	return mock_mode.has_value();
}

std::optional<std::string> get_mock_cluster_desc()
{
	std::optional<MockMode> m;
	{
		std::lock_guard<std::mutex> hold(mock_lock);
		m = mock_mode;
	}
	if (!m)
		return std::nullopt;
	return get_mock_cluster_desc_name(m->arch, m->num_chips);
}

} // namespace experimental

} // namespace tt::tt_metal
