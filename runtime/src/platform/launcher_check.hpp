// A program started by the launcher of another MPI implementation than
// the one it was built with (Open MPI's mpiexec for an MPICH program, or
// the other way round) does not see its peers: every process starts as a
// job of one and the program runs N times over, silently. ito_init
// compares what the launcher said with what MPI says, and stops with a
// message naming both.
#pragma once

namespace ito::platform {

// After MPI_Init: stops the program if a launcher started it as one of
// several processes while MPI_COMM_WORLD holds world_size.
void refuse_foreign_launcher(int world_size);

} // namespace ito::platform
