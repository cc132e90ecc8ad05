// Waiting for a debugger (debugger.hpp).
#include "platform/debugger.hpp"

#include "platform/environment.hpp"
#include "platform/error.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <unistd.h>

namespace ito::platform {

namespace {

// Whether a debugger (a tracer) is attached: TracerPid in
// /proc/self/status.
bool traced() {
  std::FILE *f = std::fopen("/proc/self/status", "r");
  if (!f)
    return false;
  char line[256];
  long tracer = 0;
  while (std::fgets(line, sizeof line, f))
    if (std::strncmp(line, "TracerPid:", 10) == 0) {
      tracer = std::strtol(line + 10, nullptr, 10);
      break;
    }
  std::fclose(f);
  return tracer != 0;
}

} // namespace

void wait_for_debugger_if_asked(int rank) {
  const char *v = env_value("ITO_DEBUG_RANK");
  if (!v || !*v)
    return;
  char *end = nullptr;
  const long want = std::strtol(v, &end, 10);
  if (*end || want < 0)
    fatal("ITO_DEBUG_RANK=%s is not a rank; give the number of the process "
          "to debug (e.g. 1)",
          v);
  if (want != rank)
    return;
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  char exe[4096] = "";
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0)
    exe[n] = '\0';
  std::fprintf(stderr,
               "ito: process %d (pid %d on %s) waits for a debugger; attach "
               "with\n  gdb -p %d %s\nthen 'continue' (the other processes "
               "wait meanwhile)\n",
               rank, static_cast<int>(getpid()), host,
               static_cast<int>(getpid()), exe);
  std::fflush(stderr);
  const timespec tick{0, 50 * 1000 * 1000};
  while (!traced())
    nanosleep(&tick, nullptr);
}

} // namespace ito::platform
