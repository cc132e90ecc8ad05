#include "platform/error.hpp"

#include <mpi.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace ito::platform {

namespace {

// Formats the whole message into one buffer and writes it with one write(2)
// so that messages from several ranks do not interleave mid-line.
void emit(const char *severity, const char *fmt, va_list ap) {
  char buf[2048];
  int rank = -1, initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized)
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int n = rank >= 0 ? std::snprintf(buf, sizeof buf,
                                    "ito: %s (rank %d): ", severity, rank)
                    : std::snprintf(buf, sizeof buf, "ito: %s: ", severity);
  n += std::vsnprintf(buf + n, sizeof buf - n - 1, fmt, ap);
  if (n > static_cast<int>(sizeof buf) - 2)
    n = sizeof buf - 2;
  buf[n++] = '\n';
  ssize_t ignored = ::write(STDERR_FILENO, buf, n);
  (void)ignored;
}

} // namespace

void fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit("error", fmt, ap);
  va_end(ap);
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) {
    // The launcher forwards our stderr; give it a moment before MPI_Abort
    // makes it kill everyone, or the message may be lost.
    usleep(200 * 1000);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  std::_Exit(1);
}

void warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit("warning", fmt, ap);
  va_end(ap);
}

} // namespace ito::platform
