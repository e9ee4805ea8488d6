// SPDX-License-Identifier: Apache-2.0
// experimental::DispatchContext: tt-metal's rules for switching dispatch
// modes at run time, over the one dispatcher tensix-emu has.
#include <cstdlib>
#include <mutex>
#include <set>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/dispatch_context.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal::experimental {

struct DispatchContext::State {
	mutable std::mutex lock;
	bool session = false;
	// Mesh devices whose slow dispatch is asynchronous.
	std::set<const distributed::MeshDevice *> async_slow;
};

DispatchContext::DispatchContext() : state_(std::make_unique<State>()) {}
DispatchContext::~DispatchContext() = default;

DispatchContext &DispatchContext::get()
{
	static DispatchContext *context = new DispatchContext();
	return *context;
}

static bool slow_dispatch_mode()
{
	return std::getenv("TT_METAL_SLOW_DISPATCH_MODE") != nullptr;
}

void DispatchContext::reset()
{
	std::lock_guard<std::mutex> g(state_->lock);
	state_->session = false;
	state_->async_slow.clear();
}

void DispatchContext::initialize_fast_dispatch(distributed::MeshDevice *mesh_device)
{
	TT_FATAL(mesh_device != nullptr, "initialize_fast_dispatch: no mesh device given");
	if (mesh_device->get_devices().empty())
		return;
	std::lock_guard<std::mutex> g(state_->lock);
	TT_FATAL(slow_dispatch_mode(), "Fast Dispatch can only be manually enabled when running "
				       "the workload with Slow Dispatch mode.");
	TT_FATAL(!state_->session,
		 "Fast Dispatch is already manually initialized. Terminate the "
		 "current manual Fast Dispatch session before initializing another "
		 "one.");
	TT_FATAL(IsGalaxyCluster(), "Manually setting up and tearing down Fast Dispatch is only "
				    "supported on Galaxy and Blackhole clusters.");
	state_->session = true;
}

void DispatchContext::terminate_fast_dispatch(distributed::MeshDevice *mesh_device)
{
	TT_FATAL(mesh_device != nullptr, "terminate_fast_dispatch: no mesh device given");
	if (mesh_device->get_devices().empty())
		return;
	std::lock_guard<std::mutex> g(state_->lock);
	TT_FATAL(state_->session,
		 "Can only manually terminate fast dispatch after initializing it.");
	// What the session enqueued completes before slow dispatch resumes.
	for (size_t cq = 0; cq < mesh_device->num_hw_cqs(); cq++)
		distributed::Finish(mesh_device->mesh_command_queue(static_cast<uint8_t>(cq)));
	state_->session = false;
}

void DispatchContext::enable_asynchronous_slow_dispatch(distributed::MeshDevice *mesh_device)
{
	TT_FATAL(slow_dispatch_mode() && !state_->session,
		 "{} can only be called when Fast Dispatch is disabled.", __func__);
	std::lock_guard<std::mutex> g(state_->lock);
	state_->async_slow.insert(mesh_device);
}

void DispatchContext::disable_asynchronous_slow_dispatch(distributed::MeshDevice *mesh_device)
{
	TT_FATAL(slow_dispatch_mode() && !state_->session,
		 "{} can only be called when Fast Dispatch is disabled.", __func__);
	std::lock_guard<std::mutex> g(state_->lock);
	state_->async_slow.erase(mesh_device);
}

bool DispatchContext::is_asynchronous_slow_dispatch_enabled(
	distributed::MeshDevice *mesh_device) const
{
	std::lock_guard<std::mutex> g(state_->lock);
	return state_->async_slow.count(mesh_device) != 0;
}

void DispatchCompiledProgramToDevice(IDevice *device, Program &program)
{
	TT_FATAL(device != nullptr, "DispatchCompiledProgramToDevice: no device given");
	detail::LaunchProgram(device, program, true);
}

} // namespace tt::tt_metal::experimental
