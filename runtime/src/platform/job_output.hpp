// The job's output as one stream: ito-run passes its own standard output
// and error (ITO_STDOUT, ITO_STDERR: host:/proc/<pid>/fd/N), and each
// process of that machine writes there directly instead of through
// mpiexec's pipe of its own. With stdout line-buffered, lines reach the
// stream in the order they were printed, even when the task that prints
// them has moved between processes in between (docs/runtime-options.md).
#pragma once

namespace ito::platform {

// Before the program prints anything (ito_init).
void join_job_output();

// Writes out the start of a line that this process holds in stdout's
// buffer, when the strand that printed it leaves the process (a child done
// while its parent was stolen, a parent that waits at a join): whoever
// goes on with it prints the rest of the line after it, not before.
void hand_over_partial_line();

// The job's input: process 0 reads ito-run's standard input (ITO_STDIN:
// host:/proc/<pid>/fd/N) directly, not through mpiexec, which forwards it
// to process 0 too but gives up on more than about 64 KB that the program
// does not read at once (MPICH's hydra: "process reading stdin too
// slowly"). After MPI_Init, which says which process is 0.
void join_job_input(int rank);

} // namespace ito::platform
