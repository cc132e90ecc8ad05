// The running strand's work and span (ito/detail/work_span.h): one triple
// per process, which the tasks carry between processes themselves, and the
// clock the instrumented code reads.
#include <ito/detail/work_span.h>

#include <cstdio>
#include <cstring>
#include <ctime>

extern "C" {

ito_wsp_state ito_wsp_current;
// Cilkscale's default: 15 us for each steal on a path. A steal between
// processes costs ito more; ITO_CILKSCALE_BURDEN (api/c_cilkscale.cpp)
// sets the figure.
long long ito_wsp_burden = 15000;
int ito_wsp_enabled;
int ito_wsp_tsc;
double ito_wsp_ns_per_tick = 1.0;

unsigned long long ito_wsp_clock(void) {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<unsigned long long>(ts.tv_sec) * 1000000000ULL +
         static_cast<unsigned long long>(ts.tv_nsec);
}

} // extern "C"

namespace {

// Whether the CPU says its time-stamp counter runs at one rate whatever
// the frequency and sleep states (constant_tsc, nonstop_tsc).
bool tsc_is_steady() {
#if defined(__x86_64__)
  std::FILE *f = std::fopen("/proc/cpuinfo", "r");
  if (!f)
    return false;
  char line[4096];
  bool constant = false, nonstop = false;
  while (std::fgets(line, sizeof line, f)) {
    if (std::strncmp(line, "flags", 5) != 0)
      continue;
    constant = std::strstr(line, " constant_tsc") != nullptr;
    nonstop = std::strstr(line, " nonstop_tsc") != nullptr;
    break;
  }
  std::fclose(f);
  return constant && nonstop;
#else
  return false;
#endif
}

} // namespace

extern "C" void ito_wsp_calibrate(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
#if defined(__x86_64__)
  if (!tsc_is_steady())
    return;
  // Ticks against CLOCK_MONOTONIC over 5 ms, once per process (each
  // process of a job may be on another machine).
  const unsigned long long c0 = ito_wsp_clock(), t0 = __builtin_ia32_rdtsc();
  unsigned long long c1;
  do
    c1 = ito_wsp_clock();
  while (c1 - c0 < 5000000ULL);
  const unsigned long long t1 = __builtin_ia32_rdtsc();
  if (t1 <= t0)
    return;
  ito_wsp_ns_per_tick =
      static_cast<double>(c1 - c0) / static_cast<double>(t1 - t0);
  ito_wsp_tsc = 1;
#endif
}
