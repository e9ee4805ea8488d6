// SPDX-License-Identifier: Apache-2.0
//
// Internals of the TT-Metalium library: the program state kept on the C++
// side (runtime args live here until a launch sends them to libtt), the
// conversions to libtt's C structs, and the error helpers.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_command_queue.hpp>

extern "C" {
#include <tt/tt.h>
}

namespace tt::tt_metal::detail {

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

struct KernelState {
	tt_kernel_handle handle = 0;
	bool compute = false;
	CoreRangeSet cores;
	// Per core, reserved to max_runtime_args so views stay valid.
	std::map<CoreCoord, std::vector<uint32_t>> args;
	std::map<CoreCoord, RuntimeArgsData> views;
	std::vector<std::vector<RuntimeArgsData>> grid_views;
	std::vector<uint32_t> common;
	RuntimeArgsData common_view;
	bool common_set = false;
};

struct CbState {
	tt_cb_handle handle = 0;
	CircularBufferConfig config;
};

class ProgramImpl {
public:
	ProgramImpl();
	~ProgramImpl();
	ProgramImpl(const ProgramImpl &) = delete;
	ProgramImpl &operator=(const ProgramImpl &) = delete;

	struct tt_program *prog = nullptr;
	std::deque<KernelState> kernels;
	std::deque<CbState> cbs;

	KernelState &kernel(KernelHandle k);
	// Send every runtime arg to libtt (before a launch).
	void push_args();
};

// Live buffers of an open device, freed when it closes.
struct DeviceLife {
	struct tt_device *dev = nullptr;
	std::set<Buffer *> buffers;
	distributed::MeshCommandQueue *cq = nullptr;
};
std::shared_ptr<DeviceLife> life_of(IDevice *device);
// Wait for @impl if a queue still runs it (before it is destroyed).
void forget_program(const ProgramImpl *impl);

} // namespace tt::tt_metal::detail
