// SPDX-License-Identifier: Apache-2.0
//
// Internals of the TT-Metalium library: the conversions to libtt's C
// structs, the error helpers, and what the sources share.  The program
// state kept on the C++ side (runtime args live there until a launch sends
// them to libtt) is in <tt-metalium/impl/program/program_impl.hpp>, where
// tt-metal's tests can reach it.
#pragma once

#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/impl/program/program_impl.hpp>
#include <tt-metalium/mesh_command_queue.hpp>

extern "C" {
#include <tt/tt.h>
}

namespace tt::tt_metal::experimental {
class PinnedMemory;
}

namespace tt::tt_metal::detail {

// Whether a buffer write goes through pinned memory (pinned_memory.cpp).
bool pinned_write_allowed(const Buffer &b, const void *src, uint64_t offset, uint64_t size,
			  const experimental::PinnedMemory &pinned);
// Write the pages of sharded @b in [@offset, @offset + @size) whose shard
// is on a core of @filter, from @src (core_subset_write.cpp).
void write_cores(Buffer &b, uint64_t offset, const void *src, uint64_t size,
		 const CoreRangeSet &filter);

// "a" or "an" before the number @n as it is read: "an 8x1 mesh", "an
// 11-byte buffer", "a 16-byte page".
constexpr const char *a_an(uint64_t n)
{
	while (n >= 1000)
		n /= 1000;
	return n == 8 || n == 11 || n == 18 || (n >= 80 && n < 90) || (n >= 800 && n < 900) ? "an"
											    : "a";
}

// Throw a std::runtime_error: "<what>: <tt_strerror(rc)>" plus @detail lines.
[[noreturn]] void throw_tt(const std::string &what, int rc, const std::string &detail = {});
// The same for a failed run: what() is libtt's run report.
[[noreturn]] void throw_run(const std::string &what, int rc, const struct tt_run_report &report);

struct tt_core_range_set to_c(const CoreRangeSet &set);
CoreRangeSet to_set(const std::variant<CoreCoord, CoreRange, CoreRangeSet> &spec);

// The machine TT_EMU_SYSTEM names (tt/system.h); throws if it names none.
struct tt_system_desc emulated_system();

// Where a kernel path resolves, as tt-metal does; throws naming every place tried.
std::string resolve_kernel_path(const std::string &path);

// A .cpp file holding kernel source @src (CreateKernelFromString).
std::filesystem::path kernel_source_file(const std::string &src);

// The architecture Metal 2.0 specs are checked against under mock mode
// (experimental/mock_device/mock_device.hpp), if it is on.
std::optional<tt::ARCH> mock_arch();

// Live buffers of an open device, freed when it closes.
struct DeviceLife {
	struct tt_device *dev = nullptr;
	int id = 0; // the device id it was opened as
	std::set<Buffer *> buffers;
	distributed::MeshCommandQueue *cq = nullptr;
};
std::shared_ptr<DeviceLife> life_of(IDevice *device);
// Read or write @bytes at @addr of the core at NoC coordinate @noc of the
// open chip @chip (test support's Cluster::read_core/write_core).
void ClusterCoreIo(ChipId chip, const CoreCoord &noc, void *buf, uint32_t bytes, uint64_t addr,
		   bool write);
bool ClusterLinkUp(ChipId chip, const CoreCoord &logical);
std::set<ChipId> ClusterEthNeighbours(ChipId chip);
// Wait for @impl if a queue still runs it (before it is destroyed).
void forget_program(const ProgramImpl *impl);

} // namespace tt::tt_metal::detail
