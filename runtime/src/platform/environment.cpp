#include "platform/environment.hpp"

#include "platform/error.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern char **environ;

namespace ito::platform {

namespace {

// docs/runtime-options.md describes the runtime's; docs/tools.md the tools'.
constexpr const char *known_variables[] = {
    // Read by libito.
    "ITO_FORCE_INTERNODE",
    "ITO_NODE_SIZE",
    "ITO_STATS",
    "ITO_TRACE",
    "ITO_TRACE_EVENTS",
    "ITO_STACK_SIZE",
    "ITO_CILKSCALE_BURDEN",
    "ITO_DEQUE_SLOTS",
    "ITO_STEAL_SEED",
    "ITO_LOOP_AFFINITY",
    "ITO_DEBUG_RANK",
    "ITO_TASK_HEAP_SIZE",
    "ITO_ASYMMETRIC_FENCE",
    "ITO_CACHE_POLICY",
    "ITO_CACHE_SIZE",
    "ITO_BLOCK_SIZE",
    "ITO_SUB_BLOCK_SIZE",
    "ITO_FAULT_AHEAD",
    "ITO_RANGE_FETCHES",
    "ITO_DISTRIBUTE_SIZE",
    "ITO_CHECK_ACCESS",
    "ITO_GLOBAL_HEAP_SIZE",
    "ITO_HEAP_SIZE",
    "ITO_COLLECTIVE_HEAP_SIZE",
    "ITO_REEXEC",
    "ITO_SYMBOLIZER",
    "ITO_REEXECED", // set by libito itself across its re-execution
    "ITO_STDIN",    // set by ito-run: host:path of the job's input
    "ITO_STDOUT",   // set by ito-run: host:path of the job's output
    "ITO_STDERR",
    "ITO_RUN_DIR",   // set by ito-run: the job's directory (platform/job.cpp)
    "CILKSCALE_OUT", // OpenCilk's: where -fcilktool=cilkscale's CSV goes
    // Read by the tools: ito-cc, ito-run, scripts/.
    "ITO_CLANG",
    "ITO_CLANGXX",
    "ITO_MPIEXEC",
    "ITO_BUILD_DIR",
    "ITO_MPI",
};

bool known(const char *name) {
  for (const char *k : known_variables)
    if (std::strcmp(k, name) == 0)
      return true;
  return false;
}

// Levenshtein distance, case-insensitive (ito_stats is a misspelling too).
size_t distance(const std::string &a, const std::string &b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); j++)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); i++) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); j++) {
      size_t above = row[j];
      bool same = std::toupper(static_cast<unsigned char>(a[i - 1])) ==
                  std::toupper(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + !same});
      diagonal = above;
    }
  }
  return row[b.size()];
}

} // namespace

const char *env_value(const char *name) {
  if (!known(name))
    fatal("internal error: the runtime reads %s, which is not in the list "
          "of ito's environment variables (runtime/src/platform/"
          "environment.cpp)",
          name);
  return std::getenv(name);
}

void warn_unknown_environment() {
  for (char **e = environ; e && *e; e++) {
    const char *entry = *e;
    if (std::strncmp(entry, "ITO_", 4) != 0 &&
        std::strncmp(entry, "ito_", 4) != 0)
      continue;
    const char *eq = std::strchr(entry, '=');
    std::string name(entry,
                     eq ? static_cast<size_t>(eq - entry) : std::strlen(entry));
    if (known(name.c_str()))
      continue;
    const char *best = nullptr;
    size_t best_distance = 0;
    for (const char *k : known_variables) {
      size_t d = distance(name, k);
      if (!best || d < best_distance) {
        best = k;
        best_distance = d;
      }
    }
    // Close enough to be a slip: a third of the name after ITO_, at least
    // two edits.
    size_t allowed = std::max<size_t>(2, (name.size() - 4) / 3);
    if (best_distance <= allowed)
      warn("unknown environment variable %s; did you mean %s?", entry, best);
    else
      warn("unknown environment variable %s; ito's variables are listed in "
           "docs/runtime-options.md",
           entry);
  }
}

} // namespace ito::platform
