#include "threads/stats.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

namespace ito::threads {

uint64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
}

void print_stats(const stats &mine, MPI_Comm world) {
  int rank = 0, size = 1;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &size);
  std::vector<stats> all(static_cast<size_t>(size));
  MPI_Gather(&mine, sizeof(stats), MPI_BYTE, all.data(), sizeof(stats),
             MPI_BYTE, 0, world);
  if (rank != 0)
    return;
  stats total;
  auto row = [](const char *who, const stats &s) {
    double mean_us = s.steals ? s.steal_ns_total / 1e3 / s.steals : 0.0;
    std::fprintf(
        stderr,
        "ito stats %-6s forks=%llu steal_attempts=%llu steals=%llu "
        "steal_mean_us=%.2f steal_max_us=%.2f stolen_bytes=%llu "
        "joins_suspended=%llu resumes=%llu migrations=%llu idle_ms=%.3f "
        "remote_requests=%llu\n",
        who, (unsigned long long)s.forks, (unsigned long long)s.steal_attempts,
        (unsigned long long)s.steals, mean_us, s.steal_ns_max / 1e3,
        (unsigned long long)s.stolen_bytes,
        (unsigned long long)s.joins_suspended, (unsigned long long)s.resumes,
        (unsigned long long)s.migrations, s.idle_ns / 1e6,
        (unsigned long long)s.remote_requests);
    const uint64_t cached = s.checkout_hits + s.checkout_misses;
    std::fprintf(
        stderr,
        "ito stats %-6s checkouts=%llu checkouts_home=%llu "
        "checkout_hits=%llu checkout_misses=%llu hit_rate=%.3f "
        "fetched_bytes=%llu written_back_bytes=%llu releases=%llu "
        "lazy_releases=%llu acquires=%llu faults=%llu "
        "write_faults=%llu fault_ahead_blocks=%llu "
        "range_fetches=%llu range_blocks=%llu "
        "remote_atomics=%llu\n",
        who, (unsigned long long)s.checkouts,
        (unsigned long long)s.checkouts_home,
        (unsigned long long)s.checkout_hits,
        (unsigned long long)s.checkout_misses,
        cached ? double(s.checkout_hits) / double(cached) : 0.0,
        (unsigned long long)s.fetched_bytes,
        (unsigned long long)s.written_back_bytes,
        (unsigned long long)s.releases, (unsigned long long)s.lazy_releases,
        (unsigned long long)s.acquires, (unsigned long long)s.faults,
        (unsigned long long)s.write_faults,
        (unsigned long long)s.fault_ahead_blocks,
        (unsigned long long)s.range_fetches, (unsigned long long)s.range_blocks,
        (unsigned long long)s.remote_atomics);
  };
  char who[16];
  for (int r = 0; r < size; r++) {
    const stats &s = all[static_cast<size_t>(r)];
    std::snprintf(who, sizeof who, "rank%d", r);
    row(who, s);
    total.forks += s.forks;
    total.steal_attempts += s.steal_attempts;
    total.steals += s.steals;
    total.steal_ns_total += s.steal_ns_total;
    total.steal_ns_max = std::max(total.steal_ns_max, s.steal_ns_max);
    total.stolen_bytes += s.stolen_bytes;
    total.joins_suspended += s.joins_suspended;
    total.resumes += s.resumes;
    total.migrations += s.migrations;
    total.idle_ns += s.idle_ns;
    total.remote_requests += s.remote_requests;
    total.checkouts += s.checkouts;
    total.checkouts_home += s.checkouts_home;
    total.checkout_hits += s.checkout_hits;
    total.checkout_misses += s.checkout_misses;
    total.fetched_bytes += s.fetched_bytes;
    total.written_back_bytes += s.written_back_bytes;
    total.releases += s.releases;
    total.lazy_releases += s.lazy_releases;
    total.acquires += s.acquires;
    total.faults += s.faults;
    total.write_faults += s.write_faults;
    total.fault_ahead_blocks += s.fault_ahead_blocks;
    total.range_fetches += s.range_fetches;
    total.range_blocks += s.range_blocks;
    total.remote_atomics += s.remote_atomics;
  }
  row("total", total);
}

} // namespace ito::threads
