#include "platform/mpi_errors.hpp"

#include "platform/error.hpp"

#include <mpi.h>

#include <cstring>
#include <ctime>

namespace ito::platform {

namespace {

void on_mpi_error(MPI_Comm *, int *code, ...) {
  char text[MPI_MAX_ERROR_STRING + 1] = {};
  int length = 0;
  if (MPI_Error_string(*code, text, &length) != MPI_SUCCESS)
    std::strcpy(text, "unknown MPI error");
  text[length < MPI_MAX_ERROR_STRING ? length : MPI_MAX_ERROR_STRING] = '\0';
  // Mostly another process died (killed, crashed on another node) and this
  // one's next message to it failed: the launcher, which saw that death,
  // stops this process within milliseconds and reports it. Wait for that,
  // so that its report stays the job's only message.
  for (int i = 0; i < 200; i++) {
    const timespec pause = {0, 10'000'000};
    nanosleep(&pause, nullptr);
  }
  if (char *line = std::strchr(text, '\n'))
    *line = '\0';
  fatal("communication with another process failed (%s); if a process of "
        "the job ended or its node failed, that is the cause",
        text);
}

} // namespace

void install_mpi_error_handler() {
  MPI_Errhandler handler;
  MPI_Comm_create_errhandler(on_mpi_error, &handler);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
  MPI_Errhandler_free(&handler);
}

} // namespace ito::platform
