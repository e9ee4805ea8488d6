// SPDX-License-Identifier: Apache-2.0
//
// What distributed_context.cpp (the factory and the single-process
// context) asks of mpi_context.cpp (the context over MPI).  Only
// mpi_context.cpp includes <mpi.h>: the package's public headers do not,
// so its users need MPI at link time only.
#pragma once

#include <tt-metalium/distributed_context.hpp>

namespace tt::tt_metal::distributed::multihost::detail {

// Whether this process's world is an MPI one: TT_EMU_MPI=1 or 0 decides;
// otherwise yes when an MPI launcher started the process (mpirun's,
// PMIx's or PMI's variables are set) or the program initialised MPI
// itself.  A plain program never pays for MPI_Init (docs/decisions.md,
// "One process unless launched by mpirun").
bool mpi_wanted();

// MPI_Init (once; MPI_Finalize at exit), then the job's world
// (MPI_COMM_WORLD) in @job and the current world in @current: the same
// ranks, or this rank's sub-context when the launcher split the job
// (TT_RUN_SUBCONTEXT_ID and TT_RUN_SUBCONTEXT_SIZES, as tt-run sets).
void mpi_create_worlds(int argc, char **argv, ContextPtr &current, ContextPtr &job);

} // namespace tt::tt_metal::distributed::multihost::detail
