// One environment for the job, as the serial elision has one process.
//
// getenv returns pointers into the environment, which the kernel puts on
// each process's stack; its strings differ between ranks (the launcher's
// variables) and so do their addresses. A Cilk program that keeps such a
// pointer (or environ itself) and reads it in a task that runs elsewhere
// would read another string. So every process takes a copy of rank 0's
// environment at one address, in static memory, which is at the same
// address in every process.
#pragma once

#include <mpi.h>

namespace ito::platform {

// Collective over MPI_COMM_WORLD, after MPI_Init (the MPI library has read
// its own variables by then): sets environ to the copy.
void share_first_environment();

} // namespace ito::platform
