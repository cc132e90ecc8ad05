#include "platform/error.hpp"

#include "platform/job.hpp"
#include "platform/process_exit.hpp"

#include <mpi.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace ito::platform {

namespace {

// Formats the whole message into one buffer and writes it with one write(2)
// so that messages from several ranks do not interleave mid-line.
void emit(const char *severity, const char *fmt, va_list ap,
          bool job_error = false) {
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
  // A job's error is reported once, by the first process that meets it
  // (every process may meet a bad option at the same moment).
  if (job_error && !claim_job_report())
    await_job_end(1);
  ssize_t ignored = ::write(STDERR_FILENO, buf, n);
  (void)ignored;
}

} // namespace

void fatal(const char *fmt, ...) {
  std::fflush(nullptr);
  va_list ap;
  va_start(ap, fmt);
  emit("error", fmt, ap, /*job_error=*/true);
  va_end(ap);
  // The other processes stop with us (process_exit.hpp): no MPI_Abort,
  // whose launcher banner would bury the message.
  end_job(1, /*flush=*/true, /*from_signal=*/false);
}

void warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit("warning", fmt, ap);
  va_end(ap);
}

} // namespace ito::platform
