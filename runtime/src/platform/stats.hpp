// Per-rank event counters and timers, printed at exit when ITO_STATS asks
// (docs/profiling.md): a table of where each rank's time went, or JSON.
//
// Time is counted only with stats on (timing_on()); counters always.
// Within a parallel region each rank's time is one of: running tasks
// (busy), waiting for a reply from another node while running them
// (waiting for data: fetches, write-backs, remote joins), trying to steal,
// or idle in the scheduler loop between attempts.
#pragma once

#include <cstdint>
#include <mpi.h>

namespace ito::platform {

struct stats {
  // Time (ns), with stats on.
  uint64_t region_ns = 0;    // inside parallel regions (root_exec)
  uint64_t idle_ns = 0;      // in the scheduler loop (steal attempts too)
  uint64_t steal_try_ns = 0; // in steal attempts, found work or not
  uint64_t wait_ns = 0;      // waiting for another node's reply
  uint64_t wait_idle_ns = 0; // ... of it within the scheduler loop
  uint64_t steal_ns_max = 0; // the slowest successful steal
  // Threads.
  uint64_t forks = 0; // counted in bulk at polls
  uint64_t steal_attempts = 0;
  uint64_t steals = 0;
  uint64_t steal_ns_total = 0; // successful steals: request to resume
  uint64_t stolen_bytes = 0;
  uint64_t joins_suspended = 0;
  uint64_t resumes = 0;         // suspended threads resumed here
  uint64_t migrations = 0;      // ... of them suspended on another rank
  uint64_t remote_requests = 0; // inter-node requests served
  // Global memory (memory/).
  uint64_t checkouts = 0;
  uint64_t checkouts_home = 0;  // all of it home memory of this node
  uint64_t checkout_hits = 0;   // cached, nothing to fetch
  uint64_t checkout_misses = 0; // something fetched
  uint64_t fetched_bytes = 0;
  uint64_t written_back_bytes = 0;
  uint64_t releases = 0;      // write-backs of dirty data
  uint64_t lazy_releases = 0; // ... of them asked for by a thief
  // ... that left the writes made after a stolen continuation's fork
  uint64_t partial_releases = 0;
  uint64_t acquires = 0;      // self-invalidations with something valid
  // Accesses to another node's heap data that faulted (fault_access.cpp):
  // reads that fetched a block, and first writes to one since a release.
  uint64_t faults = 0;
  uint64_t write_faults = 0;
  // Blocks those faults fetched ahead of the one accessed (a stream).
  uint64_t fault_ahead_blocks = 0;
  // Ranges that loops announced (the range fetches of ito-cc), and the
  // blocks they fetched or made writable.
  uint64_t range_fetches = 0;
  uint64_t range_blocks = 0;
  // Atomic operations done at the home of memory on another node.
  uint64_t remote_atomics = 0;
  // Large mallocs spread over every process's home (between nodes).
  uint64_t distributed_allocations = 0;

  // Successful steals by latency: a log-linear histogram, four bins per
  // power of two of nanoseconds (quantiles within about 20%).
  static constexpr int latency_bins = 4 * 44;
  uint32_t steal_latency[latency_bins] = {};

  void add_steal_latency(uint64_t ns);
};

// Whether time is measured (ITO_STATS is set; the runtime turns it on).
extern bool timing_enabled;
inline bool timing_on() { return timing_enabled; }
uint64_t now_ns();

// Adds the time from its construction to its destruction to a counter,
// when timing is on.
class wait_timer {
public:
  explicit wait_timer(uint64_t &counter)
      : counter_(counter), start_(timing_on() ? now_ns() : 0) {}
  ~wait_timer() {
    if (start_)
      counter_ += now_ns() - start_;
  }
  wait_timer(const wait_timer &) = delete;
  wait_timer &operator=(const wait_timer &) = delete;

private:
  uint64_t &counter_;
  uint64_t start_;
};

// Collective: rank 0 prints every rank's figures and the totals, as a
// table on standard error, or as JSON into json_path if it is not null
// (ITO_STATS=json:FILE).
void print_stats(const stats &mine, MPI_Comm world, const char *json_path);

} // namespace ito::platform
