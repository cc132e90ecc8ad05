// Code, libraries and static data at the same addresses in every process.
//
// Thread stacks migrate between processes with return addresses and
// pointers in them, so every rank must load the program at the same
// addresses. Before main, libito re-executes the program once with address
// space randomization off (for this process only: personality(2), no
// sysctl); at start-up the ranks compare their layouts.
#pragma once

#include <mpi.h>

namespace ito::platform {

// Collective: stops every rank with one message naming what differs if the
// ranks do not share one layout.
void verify_same_layout(MPI_Comm world);

} // namespace ito::platform
