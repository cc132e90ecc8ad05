// Per-rank event counters and timers (ITO_STATS=1 prints them at exit).
#pragma once

#include <cstdint>
#include <mpi.h>

namespace ito::threads {

struct stats {
  uint64_t forks = 0; // counted in bulk at polls
  uint64_t steal_attempts = 0;
  uint64_t steals = 0;
  uint64_t steal_ns_total = 0; // successful steals: request to resume
  uint64_t steal_ns_max = 0;
  uint64_t stolen_bytes = 0;
  uint64_t joins_suspended = 0;
  uint64_t resumes = 0;         // suspended threads resumed here
  uint64_t migrations = 0;      // ... of them suspended on another rank
  uint64_t idle_ns = 0;         // time in the scheduler loop
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
};

uint64_t now_ns();

// Collective: prints every rank's counters and the totals on rank 0.
void print_stats(const stats &mine, MPI_Comm world);

} // namespace ito::threads
