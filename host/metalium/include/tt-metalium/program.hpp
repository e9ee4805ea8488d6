// SPDX-License-Identifier: Apache-2.0
//
// Program: kernels, circular buffers, semaphores and runtime args for a
// set of cores, a libtt struct tt_program underneath.  Move-only, as in
// tt-metal; CreateProgram() or Program{} makes an empty one.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <tt-metalium/circular_buffer.hpp>

struct tt_program;

namespace tt::tt_metal {

namespace detail {
class ProgramImpl;
}
struct ProgramDescriptor;

using ProgramId = std::uint64_t;

class Program {
public:
	Program();
	// The program @descriptor describes (program_descriptors.hpp): its
	// kernels (handles 0, 1, ... in order), semaphores, CBs and args.
	explicit Program(const ProgramDescriptor &descriptor);
	~Program() noexcept;
	Program(const Program &) = delete;
	Program &operator=(const Program &) = delete;
	Program(Program &&other) noexcept;
	Program &operator=(Program &&other) noexcept;

	detail::ProgramImpl &impl() const { return *impl_; }
	// A view of each circular buffer, in handle order.
	std::vector<std::shared_ptr<CircularBuffer>> circular_buffers() const;
	const std::shared_ptr<detail::ProgramImpl> &shared_impl() const { return impl_; }

	// An id for profiler output; kept, not used by tensix-emu.
	void set_runtime_id(ProgramId id) { runtime_id_ = id; }
	ProgramId get_runtime_id() const { return runtime_id_; }

private:
	std::shared_ptr<detail::ProgramImpl> impl_;
	ProgramId runtime_id_ = 0;
};

} // namespace tt::tt_metal
