// Shared pieces of the benchmark programs in examples/api: argument parsing,
// timing of the repeated parallel region, and the RESULT line that
// scripts/bench.py reads.
//
// Every program prints, on the master and as its last line,
//
//   RESULT <name> np=<ranks> time_s=<median> verified=<yes|no|...> k=v ...
//
// where time_s is the median over the repeats of one ito::root_exec each,
// timed on the master with std::chrono::steady_clock, and the parameters
// end with checksum=, taken from the output data alone (see
// examples/common/checksum.h): the serial elision must print the same.
#ifndef ITO_EXAMPLES_API_COMMON_BENCH_HPP
#define ITO_EXAMPLES_API_COMMON_BENCH_HPP

#include "../../common/checksum.h"

#include <ito/ito.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace bench {

// Median of a non-empty set of samples (mean of the middle two when even).
inline double median(std::vector<double> v) {
  if (v.empty())
    return 0.0;
  std::sort(v.begin(), v.end());
  std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// Parses a whole decimal integer in [lo, hi]; false if s is not one.
inline bool parse_int(const char *s, long long lo, long long hi,
                      long long &out) {
  if (!s || !*s)
    return false;
  errno = 0;
  char *end = nullptr;
  long long v = std::strtoll(s, &end, 10);
  if (errno != 0 || *end != '\0' || v < lo || v > hi)
    return false;
  out = v;
  return true;
}

// The same for int-sized values.
inline bool parse_int(const char *s, int lo, int hi, int &out) {
  long long v = 0;
  if (!parse_int(s, static_cast<long long>(lo), static_cast<long long>(hi), v))
    return false;
  out = static_cast<int>(v);
  return true;
}

// Parses a whole finite floating-point number in [lo, hi].
inline bool parse_double(const char *s, double lo, double hi, double &out) {
  if (!s || !*s)
    return false;
  errno = 0;
  char *end = nullptr;
  double v = std::strtod(s, &end);
  if (errno != 0 || *end != '\0' || !(v >= lo && v <= hi))
    return false;
  out = v;
  return true;
}

// Prints the program's one usage line on stderr (from the master only, so
// that np processes do not print it np times) and returns exit status 2.
inline int usage(const char *line) {
  if (ito::is_master())
    std::fprintf(stderr, "usage: %s\n", line);
  return 2;
}

// Runs region() `repeats` times (region calls ito::root_exec once, which is
// collective) and returns the wall time of each run, measured on every
// process (the master's are the ones reported).
template <class Region>
std::vector<double> time_repeats(int repeats, Region &&region) {
  std::vector<double> times;
  times.reserve(static_cast<std::size_t>(repeats));
  for (int r = 0; r < repeats; r++) {
    auto t0 = std::chrono::steady_clock::now();
    region();
    auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
  }
  return times;
}

// The RESULT line: name, then np, time_s and verified, then the program's
// own parameters in the order they were added.
class result {
public:
  explicit result(std::string name) : name_(std::move(name)) {}

  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  result &param(const char *key, I value) {
    return add(key, std::to_string(value));
  }
  result &param(const char *key, double value, const char *format = "%.3f") {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, value);
    return add(key, buf);
  }
  result &param(const char *key, const std::string &value) {
    return add(key, value);
  }
  result &param(const char *key, const char *value) { return add(key, value); }

  // Prints the per-repeat times and then the RESULT line, on the master
  // only. verified is "yes", "no", or a program-specific word.
  void print(const std::vector<double> &times, const char *verified) const {
    if (!ito::is_master())
      return;
    std::printf("# %s times_s:", name_.c_str());
    for (double t : times)
      std::printf(" %.6f", t);
    std::printf("\n");
    std::printf("RESULT %s np=%d time_s=%.6f verified=%s", name_.c_str(),
                ito::n_ranks(), median(times), verified);
    for (const auto &kv : params_)
      std::printf(" %s=%s", kv.first.c_str(), kv.second.c_str());
    std::printf("\n");
    std::fflush(stdout);
  }

private:
  result &add(const char *key, std::string value) {
    params_.emplace_back(key, std::move(value));
    return *this;
  }

  std::string name_;
  std::vector<std::pair<std::string, std::string>> params_;
};

inline const char *yes_no(bool ok) { return ok ? "yes" : "no"; }

// A checksum as the RESULT line shows it: 16 hexadecimal digits.
inline std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

} // namespace bench

#endif // ITO_EXAMPLES_API_COMMON_BENCH_HPP
