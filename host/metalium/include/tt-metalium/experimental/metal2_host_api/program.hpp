// SPDX-License-Identifier: Apache-2.0
//
// Programs from Metal 2.0 specs.  MakeProgramFromSpec checks a ProgramSpec
// (a spec tt-metal refuses is refused, saying what and where) and builds a
// tt::tt_metal::Program of it, to be enqueued as any other; each run's
// values are set with SetProgramRunArgs before it is enqueued.
//
// On Wormhole the program is built with CreateKernel, CreateCircularBuffer
// and CreateSemaphore (see kernel_spec.hpp and dataflow_buffer_spec.hpp
// for how specs map onto them).  Under mock mode for Quasar
// (experimental/mock_device/mock_device.hpp) a spec is checked against
// Quasar's rules and its kernels given their RISC-V cores, but the program
// cannot run: the emulator is a Wormhole.
#pragma once

#include <tt-metalium/experimental/metal2_host_api/program_run_args.hpp>
#include <tt-metalium/experimental/metal2_host_api/program_spec.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/program.hpp>

namespace tt::tt_metal::experimental {

// The Program @spec describes, for @mesh_device.  @skip_validation skips
// the semantic checks (thread counts, placement, formats...) for a spec
// known to pass them; names and references are always checked.
Program MakeProgramFromSpec(const distributed::MeshDevice &mesh_device, const ProgramSpec &spec,
			    bool skip_validation = false);

// Set every value of the next runs of @program: all runtime args of every
// kernel and a tensor for every TensorParameter.
void SetProgramRunArgs(Program &program, const ProgramRunArgs &params,
		       bool skip_validation = false);

// Set some values, keeping the others from the last SetProgramRunArgs:
// only args and tensors declared enqueue-invariant may be left out.
// Throws if SetProgramRunArgs has not been called.
void UpdateProgramRunArgs(Program &program, const ProgramRunArgs &params,
			  bool skip_validation = false);

// Set the tensors only (all of them), keeping every runtime arg.
void UpdateTensorArgs(Program &program,
		      const Table<TensorParamName, ProgramRunArgs::TensorArgument> &tensor_args);

// Not implemented: throws.
ProgramRunArgsView &GetProgramRunArgsView(Program &program);

} // namespace tt::tt_metal::experimental
