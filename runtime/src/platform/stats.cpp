#include "platform/stats.hpp"

#include "platform/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace ito::platform {

bool timing_enabled = false;

uint64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
}

namespace {

// Bin b holds [lower(b), lower(b + 1)): below 4 ns one bin per ns, then
// four per power of two.
int bin_of(uint64_t ns) {
  if (ns < 4)
    return static_cast<int>(ns);
  const int e = 63 - __builtin_clzll(ns); // ns in [2^e, 2^(e+1)), e >= 2
  const int sub = static_cast<int>((ns >> (e - 2)) & 3);
  return std::min(4 * (e - 1) + sub, stats::latency_bins - 1);
}

double lower_of(int b) {
  if (b < 4)
    return b;
  const int e = b / 4 + 1;
  return double(uint64_t(4 + b % 4) << (e - 2));
}

// The q-quantile of a histogram, in ns (the middle of its bin).
double quantile(const uint32_t *bins, double q) {
  uint64_t n = 0;
  for (int b = 0; b < stats::latency_bins; b++)
    n += bins[b];
  if (n == 0)
    return 0;
  const auto rank = static_cast<uint64_t>(q * double(n - 1));
  uint64_t seen = 0;
  for (int b = 0; b < stats::latency_bins; b++) {
    seen += bins[b];
    if (seen > rank)
      return (lower_of(b) + lower_of(b + 1)) / 2;
  }
  return lower_of(stats::latency_bins - 1);
}

// The counters, by name: JSON keys, and what totals add up.
struct counter {
  const char *name;
  uint64_t stats::*field;
};
constexpr counter counters[] = {
    {"forks", &stats::forks},
    {"steal_attempts", &stats::steal_attempts},
    {"steals", &stats::steals},
    {"steal_ns_total", &stats::steal_ns_total},
    {"stolen_bytes", &stats::stolen_bytes},
    {"joins_suspended", &stats::joins_suspended},
    {"resumes", &stats::resumes},
    {"migrations", &stats::migrations},
    {"remote_requests", &stats::remote_requests},
    {"checkouts", &stats::checkouts},
    {"checkouts_home", &stats::checkouts_home},
    {"checkout_hits", &stats::checkout_hits},
    {"checkout_misses", &stats::checkout_misses},
    {"fetched_bytes", &stats::fetched_bytes},
    {"written_back_bytes", &stats::written_back_bytes},
    {"releases", &stats::releases},
    {"lazy_releases", &stats::lazy_releases},
    {"partial_releases", &stats::partial_releases},
    {"acquires", &stats::acquires},
    {"faults", &stats::faults},
    {"write_faults", &stats::write_faults},
    {"fault_ahead_blocks", &stats::fault_ahead_blocks},
    {"range_fetches", &stats::range_fetches},
    {"range_blocks", &stats::range_blocks},
    {"remote_atomics", &stats::remote_atomics},
    {"distributed_allocations", &stats::distributed_allocations},
    {"region_ns", &stats::region_ns},
    {"idle_ns", &stats::idle_ns},
    {"steal_try_ns", &stats::steal_try_ns},
    {"wait_ns", &stats::wait_ns},
    {"wait_idle_ns", &stats::wait_idle_ns},
};

// What a rank's counters say, derived.
struct summary {
  double region_s, busy, wait, stealing, idle; // shares of region time
  double steal_p50_us, steal_p99_us, steal_max_us;
  double hit_rate;
};

double share(uint64_t part, uint64_t whole) {
  return whole ? double(part) / double(whole) : 0.0;
}

summary summarize(const stats &s, uint64_t ranks) {
  summary m{};
  const uint64_t region = s.region_ns;
  const uint64_t idle = std::min(s.idle_ns, region);
  const uint64_t stealing = std::min(s.steal_try_ns, idle);
  const uint64_t waiting =
      std::min(s.wait_ns - std::min(s.wait_idle_ns, s.wait_ns), region - idle);
  m.region_s = double(region) / 1e9 / double(ranks);
  m.busy = share(region - idle - waiting, region);
  m.wait = share(waiting, region);
  m.stealing = share(stealing, region);
  m.idle = share(idle - stealing, region);
  m.steal_p50_us = quantile(s.steal_latency, 0.5) / 1e3;
  m.steal_p99_us = quantile(s.steal_latency, 0.99) / 1e3;
  m.steal_max_us = double(s.steal_ns_max) / 1e3;
  m.hit_rate = share(s.checkout_hits, s.checkout_hits + s.checkout_misses);
  return m;
}

std::string bytes_text(uint64_t n) {
  char buf[32];
  if (n < 10 * 1024)
    std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(n));
  else if (n < 10ull * 1024 * 1024)
    std::snprintf(buf, sizeof buf, "%.0fK", double(n) / 1024);
  else if (n < 10ull * 1024 * 1024 * 1024)
    std::snprintf(buf, sizeof buf, "%.0fM", double(n) / (1024 * 1024));
  else
    std::snprintf(buf, sizeof buf, "%.0fG", double(n) / (1024.0 * 1024 * 1024));
  return buf;
}

void print_row(std::FILE *f, const char *who, const stats &s, uint64_t ranks) {
  const summary m = summarize(s, ranks);
  char hit_rate[16] = "-"; // no checkouts
  if (s.checkout_hits + s.checkout_misses)
    std::snprintf(hit_rate, sizeof hit_rate, "%.1f", 100 * m.hit_rate);
  std::fprintf(f,
               "%-6s %5.1f %5.1f %5.1f %5.1f %10llu %7llu/%-8llu %8.1f %8.1f "
               "%6llu %6llu %5s %7s %7s %7llu\n",
               who, 100 * m.busy, 100 * m.wait, 100 * m.stealing, 100 * m.idle,
               static_cast<unsigned long long>(s.forks),
               static_cast<unsigned long long>(s.steals),
               static_cast<unsigned long long>(s.steal_attempts),
               m.steal_p50_us, m.steal_p99_us,
               static_cast<unsigned long long>(s.migrations),
               static_cast<unsigned long long>(s.joins_suspended), hit_rate,
               bytes_text(s.fetched_bytes).c_str(),
               bytes_text(s.written_back_bytes).c_str(),
               static_cast<unsigned long long>(s.faults + s.write_faults));
}

void print_table(const std::vector<stats> &all, const stats &total) {
  const uint64_t n = all.size();
  const summary t = summarize(total, n);
  std::fprintf(stderr,
               "ito stats: %llu rank%s, %.3f s in parallel regions, parallel "
               "efficiency %.1f%% (busy time over ranks x region time)\n",
               static_cast<unsigned long long>(n), n == 1 ? "" : "s",
               t.region_s, 100 * t.busy);
  std::fprintf(stderr,
               "%-6s %5s %5s %5s %5s %10s %16s %8s %8s %6s %6s %5s "
               "%7s %7s %7s\n",
               "rank", "busy%", "wait%", "steal%", "idle%", "forks",
               "steals/tries", "p50_us", "p99_us", "migr", "susp", "hit%",
               "fetched", "written", "faults");
  char who[24];
  for (uint64_t r = 0; r < n; r++) {
    std::snprintf(who, sizeof who, "%llu", static_cast<unsigned long long>(r));
    print_row(stderr, who, all[r], 1);
  }
  if (n > 1)
    print_row(stderr, "total", total, n);
}

// One rank's object (rank >= 0), or the totals'.
void print_object(std::FILE *f, const stats &s, uint64_t ranks, int rank) {
  std::fputc('{', f);
  if (rank >= 0)
    std::fprintf(f, "\"rank\": %d, ", rank);
  for (const counter &c : counters)
    std::fprintf(f, "\"%s\": %llu, ", c.name,
                 static_cast<unsigned long long>(s.*c.field));
  const summary m = summarize(s, ranks);
  std::fprintf(f,
               "\"steal_ns_max\": %llu, \"busy\": %.4f, \"waiting\": %.4f, "
               "\"stealing\": %.4f, \"idle\": %.4f, \"steal_p50_us\": %.2f, "
               "\"steal_p99_us\": %.2f, \"hit_rate\": %.4f}",
               static_cast<unsigned long long>(s.steal_ns_max), m.busy, m.wait,
               m.stealing, m.idle, m.steal_p50_us, m.steal_p99_us, m.hit_rate);
}

void print_json(const char *path, const std::vector<stats> &all,
                const stats &total) {
  std::FILE *f = std::strcmp(path, "-") == 0 ? stderr : std::fopen(path, "w");
  if (!f) {
    warn("ITO_STATS=json:%s: cannot write the file (%s); the figures are "
         "not saved",
         path, std::strerror(errno));
    return;
  }
  const uint64_t n = all.size();
  const summary t = summarize(total, n);
  std::fprintf(f,
               "{\n\"ranks\": %llu,\n\"region_s\": %.6f,\n\"efficiency\": "
               "%.4f,\n\"per_rank\": [\n",
               static_cast<unsigned long long>(n), t.region_s, t.busy);
  for (uint64_t r = 0; r < n; r++) {
    print_object(f, all[r], 1, static_cast<int>(r));
    std::fputs(r + 1 < n ? ",\n" : "\n", f);
  }
  std::fputs("],\n\"total\": ", f);
  print_object(f, total, n, -1);
  std::fputs("\n}\n", f);
  if (f != stderr)
    std::fclose(f);
}

} // namespace

void stats::add_steal_latency(uint64_t ns) {
  uint32_t &bin = steal_latency[bin_of(ns)];
  if (bin != UINT32_MAX)
    bin++;
}

void print_stats(const stats &mine, MPI_Comm world, const char *json_path) {
  int rank = 0, size = 1;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &size);
  std::vector<stats> all(static_cast<size_t>(size));
  MPI_Gather(&mine, sizeof(stats), MPI_BYTE, all.data(), sizeof(stats),
             MPI_BYTE, 0, world);
  if (rank != 0)
    return;
  stats total;
  for (const stats &s : all) {
    for (const counter &c : counters)
      total.*c.field += s.*c.field;
    total.steal_ns_max = std::max(total.steal_ns_max, s.steal_ns_max);
    for (int b = 0; b < stats::latency_bins; b++)
      total.steal_latency[b] += s.steal_latency[b];
  }
  if (json_path)
    print_json(json_path, all, total);
  else
    print_table(all, total);
}

} // namespace ito::platform
