// Run-time options, read once from the environment (docs/runtime-options.md).
#pragma once

#include <cstddef>
#include <string>

namespace ito::platform {

struct options {
  // ITO_FORCE_INTERNODE=1: every process acts as a node of its own, so all
  // communication takes the inter-node (MPI) path even on one machine.
  bool force_internode = false;
  // ITO_NODE_SIZE=k: the ranks of a machine form nodes of k ranks each.
  int node_size = 0;
  // ITO_STATS=1: print where each rank's time went, and its counters, at
  // exit; ITO_STATS=json:FILE: the same as JSON into FILE ("-": stderr).
  bool stats = false;
  std::string stats_json;
  // ITO_TRACE=FILE: write a timeline of the run into FILE (trace.hpp).
  std::string trace;
};

// Parses the ITO_* environment variables; a malformed value is a fatal error
// naming the variable and what it accepts.
options read_options();

// Boolean environment variable: unset -> fallback;
// 0/1/yes/no/true/false/on/off.
bool env_bool(const char *name, bool fallback);

// Size environment variable with optional k/K, m/M, g/G suffix (powers of
// 1024).
std::size_t env_size(const char *name, std::size_t fallback);

// A size of at least \p minimum (\p minimum_text says it as a user writes
// it, e.g. "1m").
std::size_t env_size_at_least(const char *name, std::size_t fallback,
                              std::size_t minimum, const char *minimum_text);

// Count environment variable: a whole number, no suffix.
std::size_t env_count(const char *name, std::size_t fallback);

} // namespace ito::platform
