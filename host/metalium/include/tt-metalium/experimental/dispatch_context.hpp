// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's switch between slow and fast dispatch at run time.  On
// tensix-emu both are the same machinery (a launch goes through libtt
// whichever mode the process started in), so the switch keeps tt-metal's
// rules and state, not a second dispatcher:
//
// - initialize_fast_dispatch() opens a session: only from slow dispatch
//   (TT_METAL_SLOW_DISPATCH_MODE set), one session at a time, and only on
//   a Galaxy (TT_EMU_SYSTEM=Galaxy), as tt-metal allows it; it throws
//   otherwise.  A mesh with no devices is left alone.
// - terminate_fast_dispatch() closes it; it throws without one.
// - asynchronous slow dispatch is a flag per mesh device, settable in
//   slow dispatch only.
// - reset() forgets the session and the flags.
#pragma once

#include <cstdint>
#include <memory>

namespace tt::tt_metal {

class IDevice;
class Program;

namespace distributed {
class MeshDevice;
} // namespace distributed

namespace experimental {

class DispatchContext {
public:
	static DispatchContext &get();
	void initialize_fast_dispatch(distributed::MeshDevice *mesh_device);
	void terminate_fast_dispatch(distributed::MeshDevice *mesh_device);
	void enable_asynchronous_slow_dispatch(distributed::MeshDevice *mesh_device);
	void disable_asynchronous_slow_dispatch(distributed::MeshDevice *mesh_device);
	bool is_asynchronous_slow_dispatch_enabled(distributed::MeshDevice *mesh_device) const;

	void reset();

private:
	DispatchContext();
	~DispatchContext();
	DispatchContext(const DispatchContext &) = delete;
	DispatchContext &operator=(const DispatchContext &) = delete;

	struct State;
	std::unique_ptr<State> state_;
};

// Runs @program, already compiled and launched on another device, on
// @device, waiting for it to finish.
void DispatchCompiledProgramToDevice(IDevice *device, Program &program);

} // namespace experimental

} // namespace tt::tt_metal
