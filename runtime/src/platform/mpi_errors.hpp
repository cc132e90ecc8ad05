// What an MPI call that fails does in a job of ito's: instead of MPI's own
// abort (an error stack per process, beside the launcher's report), one
// message of ito's, and none at all when the failure is the death of another
// process, which the launcher reports while it stops this one.
#ifndef ITO_PLATFORM_MPI_ERRORS_HPP
#define ITO_PLATFORM_MPI_ERRORS_HPP

namespace ito::platform {

// On MPI_COMM_WORLD, and so on every communicator the runtime and the
// program duplicate from it.
void install_mpi_error_handler();

} // namespace ito::platform

#endif // ITO_PLATFORM_MPI_ERRORS_HPP
