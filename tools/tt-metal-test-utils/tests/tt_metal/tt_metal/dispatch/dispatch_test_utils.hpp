// SPDX-License-Identifier: Apache-2.0
//
// Stand-in (README.md) for tt-metal's dispatch test helpers: the buffer
// description of the dispatch suites, the coordinates record the
// kernel-coordinates kernels write to L1, runtime-argument generators (their
// random form draws from rand(), so a test's srand() seed fixes it), and the
// check that reads those coordinates back from every device of a mesh.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include <tt-logger/tt-logger.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt_stl/assert.hpp>

#include "impl/context/metal_context.hpp"
#include "llrt/tt_cluster.hpp"

namespace tt::tt_metal {

// One buffer of a dispatch test: pages, their size and where they live.
struct TestBufferConfig {
	uint32_t num_pages{};
	uint32_t page_size{};
	BufferType buftype{ 0 };
	std::optional<BufferShardingArgs> sharding_args = std::nullopt;
};

// What the coordinates kernels store at their CB address: NoC (virtual),
// logical and sub-device-relative coordinates of the core they ran on.
struct CoreCoordsL1 {
	uint32_t my_x;
	uint32_t my_y;
	uint32_t my_logical_x;
	uint32_t my_logical_y;
	uint32_t my_sub_device_x;
	uint32_t my_sub_device_y;
};
static_assert(sizeof(CoreCoordsL1) == 6 * sizeof(uint32_t), "the kernels write six words");

// Words start, start + 1, ... filling @size_bytes.
inline std::vector<uint32_t> generate_arange_vector(uint32_t size_bytes, uint32_t start = 0)
{
	TT_FATAL(size_bytes % sizeof(uint32_t) == 0, "{} bytes is not a whole number of words",
		 size_bytes);
	std::vector<uint32_t> words(size_bytes / sizeof(uint32_t));
	for (uint32_t i = 0; i < words.size(); i++)
		words[i] = start + i;
	return words;
}

inline bool does_device_have_active_eth_cores(const IDevice *device)
{
	return !device->get_active_ethernet_cores(true).empty();
}

inline bool does_device_have_idle_eth_cores(const IDevice *device)
{
	return !device->get_inactive_ethernet_cores().empty();
}

// @num_unique unique arguments counting from @unique_base and @num_common
// common ones from @common_base; together at most max_runtime_args.
inline std::pair<std::vector<uint32_t>, std::vector<uint32_t>>
create_runtime_args(const uint32_t num_unique, const uint32_t num_common,
		    const uint32_t unique_base, const uint32_t common_base)
{
	TT_FATAL(num_unique + num_common <= max_runtime_args,
		 "{} unique and {} common runtime arguments exceed the {} a kernel has", num_unique,
		 num_common, max_runtime_args);
	std::vector<uint32_t> unique(num_unique), common(num_common);
	for (uint32_t i = 0; i < num_unique; i++)
		unique[i] = unique_base + i;
	for (uint32_t i = 0; i < num_common; i++)
		common[i] = common_base + i;
	return { std::move(unique), std::move(common) };
}

// Random counts of unique and common arguments that fit together; with
// @force_max_size, one of the two (a coin toss) takes all max_runtime_args.
inline std::pair<std::vector<uint32_t>, std::vector<uint32_t>>
create_runtime_args(const bool force_max_size = false, const uint32_t unique_base = 0,
		    const uint32_t common_base = 100)
{
	uint32_t num_unique = rand() % (max_runtime_args + 1);
	uint32_t num_common =
		num_unique < max_runtime_args ? rand() % (max_runtime_args - num_unique + 1) : 0;
	if (force_max_size) {
		const bool unique_full = rand() % 2;
		num_unique = unique_full ? max_runtime_args : 0;
		num_common = unique_full ? 0 : max_runtime_args;
	}
	log_trace(tt::LogTest, "{}: {} unique, {} common runtime args (force_max_size {})",
		  __func__, num_unique, num_common, force_max_size);
	return create_runtime_args(num_unique, num_common, unique_base, common_base);
}

// Reads the CoreCoordsL1 record at @cb_addr of each core of @cr_set on every
// device of @mesh_device and checks its logical coordinates and those
// relative to the origin of sub-device @sub_device_id.
inline void verify_kernel_coordinates(HalProgrammableCoreType hal_core_type,
				      const CoreRangeSet &cr_set,
				      const distributed::MeshDevice *mesh_device,
				      SubDeviceId sub_device_id, uint32_t cb_addr)
{
	auto &cluster = MetalContext::instance().get_cluster();
	for (const auto *device : mesh_device->get_devices())
		cluster.l1_barrier(device->id());

	// The package's CoreType::ETH is every ethernet core, active or idle.
	const CoreType core_type =
		hal_core_type == HalProgrammableCoreType::TENSIX ? CoreType::WORKER : CoreType::ETH;
	const CoreCoord origin =
		mesh_device->worker_cores(hal_core_type, sub_device_id).bounding_box().start_coord;
	for (const auto &range : cr_set.ranges()) {
		for (const auto &logical : range) {
			const CoreCoord virt =
				mesh_device->virtual_core_from_logical_core(logical, core_type);
			for (const auto *device : mesh_device->get_devices()) {
				const auto words = cluster.read_core<uint32_t>(
					device->id(), virt, cb_addr, sizeof(CoreCoordsL1));
				ASSERT_GE(words.size() * sizeof(uint32_t), sizeof(CoreCoordsL1));
				CoreCoordsL1 got;
				std::memcpy(&got, words.data(), sizeof(got));
				EXPECT_EQ(got.my_logical_x, logical.x) << "Logical X";
				EXPECT_EQ(got.my_logical_y, logical.y) << "Logical Y";
				EXPECT_EQ(got.my_sub_device_x, logical.x - origin.x)
					<< "SubDevice Logical X";
				EXPECT_EQ(got.my_sub_device_y, logical.y - origin.y)
					<< "SubDevice Logical Y";
			}
		}
	}
}

} // namespace tt::tt_metal
