// Cilkscale's interface (<cilk/cilkscale.h>) for programs built with
// ito-cc -fcilktool=cilkscale: wsp_getworkspan reads the running strand's
// work and span (threads/work_span.cpp), wsp_dump writes a row of
// Cilkscale's CSV, and the whole program's row is written when main
// returns. Rows go to the file CILKSCALE_OUT names, else to standard error,
// one write each, from whichever process the task runs in; process 0
// writes the header (and empties the file) before main starts.
#define __cilkscale__ 1
#include <cilk/cilkscale.h>

#include "platform/environment.hpp"
#include "platform/error.hpp"

#include <ito/detail/work_span.h>
#include <ito/ito.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace {

const char header[] = "tag,work (seconds),span (seconds),parallelism,"
                      "burdened_span (seconds),burdened_parallelism\n";

void write_all(int fd, const char *text, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, text, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    text += n;
    size -= static_cast<size_t>(n);
  }
}

// Appends text to CILKSCALE_OUT (created empty by process 0 first when
// truncate), else writes it to standard error.
void emit(const char *text, size_t size, bool truncate = false) {
  const char *path = ito::platform::env_value("CILKSCALE_OUT");
  if (!path || !*path) {
    write_all(STDERR_FILENO, text, size);
    return;
  }
  int fd = ::open(
      path, O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : O_APPEND),
      0644);
  if (fd < 0)
    ito::platform::fatal("CILKSCALE_OUT=%s: cannot open it for writing (%s)",
                         path, std::strerror(errno));
  write_all(fd, text, size);
  ::close(fd);
}

double seconds(long long ns) { return static_cast<double>(ns) * 1e-9; }

double ratio(long long a, long long b) {
  return b > 0 ? static_cast<double>(a) / static_cast<double>(b) : 0.0;
}

void read_burden() {
  const char *v = ito::platform::env_value("ITO_CILKSCALE_BURDEN");
  if (!v || !*v)
    return;
  char *end = nullptr;
  errno = 0;
  double us = std::strtod(v, &end);
  if (errno || end == v || *end || us < 0)
    ito::platform::fatal("ITO_CILKSCALE_BURDEN=%s is not a duration; give "
                         "the cost of a steal in microseconds (e.g. 60)",
                         v);
  ito_wsp_burden = static_cast<long long>(us * 1000.0);
}

} // namespace

extern "C" {

// main's root task, before and after the program's main (api/c_main.cpp).
void ito_wsp_program_begin(void) {
  read_burden();
  if (ito_rank() == 0)
    emit(header, sizeof header - 1, /*truncate=*/true);
  ito_wsp_current.t = ito_wsp_triple{0, 0, 0};
  ito_wsp_current.start = ito_wsp_read();
}

void ito_wsp_program_end(void) {
  ito_wsp_strand_end();
  const ito_wsp_triple t = ito_wsp_current.t;
  wsp_dump(wsp_t{t.work, t.span, t.bspan}, "");
}

wsp_t wsp_getworkspan(void) {
  if (!ito_wsp_enabled)
    return wsp_t{0, 0, 0};
  ito_wsp_strand_end();
  const ito_wsp_triple t = ito_wsp_current.t;
  ito_wsp_current.start = ito_wsp_current.last;
  return wsp_t{t.work, t.span, t.bspan};
}

void wsp_dump(wsp_t wsp, const char *tag) {
  if (!ito_wsp_enabled)
    return;
  ito_wsp_strand_end();
  char row[512];
  int n = std::snprintf(row, sizeof row, "%s,%.9g,%.9g,%.6g,%.9g,%.6g\n",
                        tag ? tag : "", seconds(wsp.work), seconds(wsp.span),
                        ratio(wsp.work, wsp.span), seconds(wsp.bspan),
                        ratio(wsp.work, wsp.bspan));
  if (n > 0)
    emit(row, static_cast<size_t>(n) < sizeof row ? static_cast<size_t>(n)
                                                  : sizeof row - 1);
  ito_wsp_current.start = ito_wsp_read();
}

} // extern "C"
