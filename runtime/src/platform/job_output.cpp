#include "platform/job_output.hpp"

#include "platform/environment.hpp"

#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdio_ext.h>
#include <unistd.h>

namespace ito::platform {

namespace {

// Reopens fd as the stream that host:path in the variable names, if this
// process runs on that host.
void reopen(int fd, const char *variable, int flags) {
  const char *v = env_value(variable);
  if (!v)
    return;
  const char *colon = std::strchr(v, ':');
  if (!colon)
    return;
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0 ||
      std::strlen(host) != static_cast<std::size_t>(colon - v) ||
      std::strncmp(host, v, static_cast<std::size_t>(colon - v)) != 0)
    return;
  const int f = open(colon + 1, flags | O_CLOEXEC);
  if (f < 0)
    return; // not reachable from here: keep mpiexec's
  if (fd != 0)
    std::fflush(fd == 1 ? stdout : stderr);
  dup2(f, fd);
  close(f);
}

} // namespace

void join_job_output() {
  reopen(1, "ITO_STDOUT", O_WRONLY);
  reopen(2, "ITO_STDERR", O_WRONLY);
  // As on a terminal: whole lines, at once.
  if (!isatty(1))
    std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
}

void hand_over_partial_line() {
  if (__fpending(stdout))
    std::fflush(stdout);
}

void join_job_input(int rank) {
  if (rank == 0)
    reopen(0, "ITO_STDIN", O_RDONLY);
}

} // namespace ito::platform
