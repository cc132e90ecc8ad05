// A timeline of every process's activity (ITO_TRACE=FILE, ito-run --trace
// FILE), written at exit in the Chrome trace-event format: one track per
// process, with slices for running tasks, idling, steals, waits for other
// nodes and write-backs, and a flow arrow from victim to thief for each
// steal (docs/profiling.md). Opens in Perfetto (ui.perfetto.dev) and
// chrome://tracing.
//
// Events go into a buffer preallocated per process (ITO_TRACE_EVENTS of
// them); once it is full, later events are counted and dropped, and the
// trace says how many. Only slow paths record (a steal, a wait, the
// scheduler loop, a release), never a fork; with tracing off each of them
// tests one flag.
#pragma once

#include <cstdint>
#include <mpi.h>

namespace ito::platform {

enum class trace_kind : uint32_t {
  run,     // running tasks
  idle,    // in the scheduler loop, looking for work
  steal,   // a successful steal: request to resume (peer: the victim)
  wait,    // waiting for a reply from another node (peer: that node)
  release, // writing dirty data back (arg: bytes)
  acquire, // dropping cached data a release of others may have changed
  fetch,   // a checkout that missed: fetching (arg: bytes)
  fault,   // an access to another node's data that faulted (arg: address)
  range,   // a loop's range fetch (arg: blocks)
  cache,   // a counter: bytes of global memory cached here (arg)
};

struct trace_event {
  uint64_t begin_ns, end_ns; // since this process's trace began
  trace_kind kind;
  int32_t peer;
  uint64_t arg;
};

extern bool tracing_enabled;
inline bool tracing() { return tracing_enabled; }

// Collective: starts tracing into path (ITO_TRACE), with a common time
// origin (a barrier), when path is not null.
void start_trace(MPI_Comm world, const char *path);
// Collective: gathers every process's events and writes the file.
void finish_trace(MPI_Comm world);

// Records an event; times are now_ns() values (platform/stats.hpp).
void trace(trace_kind kind, uint64_t begin_ns, uint64_t end_ns, int peer = -1,
           uint64_t arg = 0);

} // namespace ito::platform
