#include "platform/trace.hpp"

#include "platform/error.hpp"
#include "platform/options.hpp"
#include "platform/stats.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace ito::platform {

bool tracing_enabled = false;

namespace {

// Plain pointers, not static objects: the trace is written when the
// runtime ends, which may be after static destructors have run.
const char *trace_path = nullptr;
std::vector<trace_event> *events = nullptr;
std::size_t capacity = 0;
uint64_t dropped = 0;
uint64_t origin_ns = 0;

const char *name_of(trace_kind k) {
  switch (k) {
  case trace_kind::run:
    return "run";
  case trace_kind::idle:
    return "idle";
  case trace_kind::steal:
    return "steal";
  case trace_kind::wait:
    return "wait";
  case trace_kind::release:
    return "release";
  case trace_kind::acquire:
    return "acquire";
  case trace_kind::fetch:
    return "checkout miss";
  case trace_kind::fault:
    return "fault";
  case trace_kind::range:
    return "range fetch";
  case trace_kind::cache:
    return "cache bytes";
  }
  return "?";
}

double us(uint64_t ns) { return double(ns) / 1e3; }

void write_event(std::FILE *f, int rank, const trace_event &e, uint64_t &flows,
                 bool &first) {
  std::fputs(first ? "\n" : ",\n", f);
  first = false;
  const char *name = name_of(e.kind);
  switch (e.kind) {
  case trace_kind::cache:
    std::fprintf(f,
                 "{\"ph\": \"C\", \"name\": \"%s\", \"pid\": %d, \"ts\": %.3f, "
                 "\"args\": {\"bytes\": %llu}}",
                 name, rank, us(e.begin_ns),
                 static_cast<unsigned long long>(e.arg));
    return;
  case trace_kind::steal:
    // The arrow from the victim's track to the thief's, ending just inside
    // the steal slice.
    flows++;
    std::fprintf(f,
                 "{\"ph\": \"s\", \"name\": \"steal\", \"cat\": \"steal\", "
                 "\"id\": %llu, \"pid\": %d, \"tid\": 0, \"ts\": %.3f},\n"
                 "{\"ph\": \"f\", \"bp\": \"e\", \"name\": \"steal\", "
                 "\"cat\": \"steal\", \"id\": %llu, \"pid\": %d, \"tid\": 0, "
                 "\"ts\": %.3f},\n",
                 static_cast<unsigned long long>(flows), e.peer, us(e.begin_ns),
                 static_cast<unsigned long long>(flows), rank,
                 us(e.end_ns) - 0.001);
    break;
  default:
    break;
  }
  std::fprintf(f,
               "{\"ph\": \"X\", \"name\": \"%s\", \"cat\": \"ito\", \"pid\": "
               "%d, \"tid\": 0, \"ts\": %.3f, \"dur\": %.3f",
               name, rank, us(e.begin_ns), us(e.end_ns - e.begin_ns));
  if (e.peer >= 0)
    std::fprintf(f, ", \"args\": {\"rank\": %d}", e.peer);
  else if (e.kind == trace_kind::release || e.kind == trace_kind::fetch)
    std::fprintf(f, ", \"args\": {\"bytes\": %llu}",
                 static_cast<unsigned long long>(e.arg));
  else if (e.kind == trace_kind::fault)
    std::fprintf(f, ", \"args\": {\"address\": \"0x%llx\"}",
                 static_cast<unsigned long long>(e.arg));
  else if (e.kind == trace_kind::range)
    std::fprintf(f, ", \"args\": {\"blocks\": %llu}",
                 static_cast<unsigned long long>(e.arg));
  std::fputc('}', f);
}

} // namespace

void start_trace(MPI_Comm world, const char *path) {
  if (!path)
    return;
  trace_path = strdup(path);
  capacity = env_count("ITO_TRACE_EVENTS", std::size_t(1) << 18);
  events = new std::vector<trace_event>;
  events->reserve(capacity);
  // The processes leave the barrier together: their clocks (one machine's,
  // or several machines') get a common origin, within its latency.
  MPI_Barrier(world);
  origin_ns = now_ns();
  tracing_enabled = true;
}

void trace(trace_kind kind, uint64_t begin_ns, uint64_t end_ns, int peer,
           uint64_t arg) {
  if (events->size() == capacity) {
    dropped++;
    return;
  }
  events->push_back(
      trace_event{begin_ns - origin_ns, end_ns - origin_ns, kind, peer, arg});
}

void finish_trace(MPI_Comm world) {
  if (!tracing_enabled)
    return;
  tracing_enabled = false;
  int rank = 0, size = 1;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &size);
  const auto n = static_cast<unsigned long long>(events->size());
  std::vector<unsigned long long> counts(static_cast<size_t>(size)),
      drops(static_cast<size_t>(size));
  unsigned long long d = dropped;
  MPI_Gather(&n, 1, MPI_UNSIGNED_LONG_LONG, counts.data(), 1,
             MPI_UNSIGNED_LONG_LONG, 0, world);
  MPI_Gather(&d, 1, MPI_UNSIGNED_LONG_LONG, drops.data(), 1,
             MPI_UNSIGNED_LONG_LONG, 0, world);
  std::vector<int> bytes(static_cast<size_t>(size)),
      at(static_cast<size_t>(size));
  std::size_t total = 0;
  for (int r = 0; r < size; r++) {
    bytes[size_t(r)] =
        static_cast<int>(counts[size_t(r)] * sizeof(trace_event));
    at[size_t(r)] = static_cast<int>(total * sizeof(trace_event));
    total += counts[size_t(r)];
  }
  if (rank == 0 && total * sizeof(trace_event) > std::size_t(INT32_MAX))
    warn("ITO_TRACE: %zu events are too many to gather; lower "
         "ITO_TRACE_EVENTS",
         total);
  std::vector<trace_event> all(rank == 0 ? total : 0);
  MPI_Gatherv(events->data(), static_cast<int>(n * sizeof(trace_event)),
              MPI_BYTE, all.data(), bytes.data(), at.data(), MPI_BYTE, 0,
              world);
  delete events;
  events = nullptr;
  if (rank != 0)
    return;
  std::FILE *f = std::fopen(trace_path, "w");
  if (!f) {
    warn("ITO_TRACE=%s: cannot write the trace (%s)", trace_path,
         std::strerror(errno));
    return;
  }
  unsigned long long all_dropped = 0;
  for (unsigned long long x : drops)
    all_dropped += x;
  std::fprintf(f,
               "{\"displayTimeUnit\": \"ns\", \"otherData\": {\"ranks\": %d, "
               "\"dropped_events\": %llu},\n\"traceEvents\": [",
               size, all_dropped);
  bool first = true;
  uint64_t flows = 0;
  std::size_t next = 0;
  for (int r = 0; r < size; r++) {
    std::fprintf(f,
                 "%s\n{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": %d, "
                 "\"args\": {\"name\": \"rank %d\"}}",
                 first ? "" : ",", r, r);
    first = false;
    uint64_t last = 0;
    for (unsigned long long i = 0; i < counts[size_t(r)]; i++, next++) {
      write_event(f, r, all[next], flows, first);
      last = std::max(last, all[next].end_ns);
    }
    if (drops[size_t(r)])
      std::fprintf(f,
                   ",\n{\"ph\": \"i\", \"s\": \"p\", \"name\": \"%llu events "
                   "dropped: the buffer was full (raise ITO_TRACE_EVENTS)\", "
                   "\"pid\": %d, \"tid\": 0, \"ts\": %.3f}",
                   drops[size_t(r)], r, us(last));
  }
  std::fputs("\n]}\n", f);
  std::fclose(f);
  if (all_dropped)
    warn("ITO_TRACE: %llu events were dropped (the buffer holds %zu per "
         "process); raise ITO_TRACE_EVENTS for the whole run",
         all_dropped, capacity);
}

} // namespace ito::platform
