#include "platform/options.hpp"

#include "platform/environment.hpp"
#include "platform/error.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <strings.h>

namespace ito::platform {

bool env_bool(const char *name, bool fallback) {
  const char *v = env_value(name);
  if (!v || !*v)
    return fallback;
  for (const char *t : {"1", "yes", "true", "on"})
    if (strcasecmp(v, t) == 0)
      return true;
  for (const char *f : {"0", "no", "false", "off"})
    if (strcasecmp(v, f) == 0)
      return false;
  fatal("%s=%s is not a boolean; use 1 or 0", name, v);
}

std::size_t env_size(const char *name, std::size_t fallback) {
  const char *v = env_value(name);
  if (!v || !*v)
    return fallback;
  errno = 0;
  char *end = nullptr;
  unsigned long long n = std::strtoull(v, &end, 10);
  unsigned shift = 0;
  if (end && *end) {
    switch (*end) {
    case 'k':
    case 'K':
      shift = 10;
      break;
    case 'm':
    case 'M':
      shift = 20;
      break;
    case 'g':
    case 'G':
      shift = 30;
      break;
    default:
      end = nullptr;
    }
    if (end && end[1] != '\0')
      end = nullptr;
  }
  if (errno || !end || end == v || v[0] == '-')
    fatal("%s=%s is not a size; use a number of bytes with an optional k, m "
          "or g suffix (e.g. 64m)",
          name, v);
  if (n > (SIZE_MAX >> shift))
    fatal("%s=%s is larger than this machine can address", name, v);
  return static_cast<std::size_t>(n) << shift;
}

std::size_t env_size_at_least(const char *name, std::size_t fallback,
                              std::size_t minimum, const char *minimum_text) {
  const std::size_t n = env_size(name, fallback);
  if (n < minimum)
    fatal("%s=%s is too small; give it at least %s", name, env_value(name),
          minimum_text);
  return n;
}

std::size_t env_count(const char *name, std::size_t fallback) {
  const char *v = env_value(name);
  if (!v || !*v)
    return fallback;
  errno = 0;
  char *end = nullptr;
  const unsigned long long n = std::strtoull(v, &end, 10);
  if (errno || !end || *end || end == v || v[0] == '-' || v[0] == '+' ||
      n > SIZE_MAX)
    fatal("%s=%s is not a count; use a whole number (e.g. 16)", name, v);
  return static_cast<std::size_t>(n);
}

options read_options() {
  options o;
  o.force_internode = env_bool("ITO_FORCE_INTERNODE", false);
  const char *stats = env_value("ITO_STATS");
  if (stats && std::strncmp(stats, "json:", 5) == 0) {
    if (!stats[5])
      fatal("ITO_STATS=json: names no file; use ITO_STATS=json:FILE (or "
            "json:- for standard error)");
    o.stats = true;
    o.stats_json = stats + 5;
  } else if (stats && *stats) {
    bool yes = false, no = false;
    for (const char *t : {"1", "yes", "true", "on"})
      yes = yes || strcasecmp(stats, t) == 0;
    for (const char *f : {"0", "no", "false", "off"})
      no = no || strcasecmp(stats, f) == 0;
    if (!yes && !no)
      fatal("ITO_STATS=%s is not understood; use 1 (a table on standard "
            "error), json:FILE (JSON into FILE) or 0",
            stats);
    o.stats = yes;
  }
  if (const char *t = env_value("ITO_TRACE"))
    o.trace = t;
  const std::size_t node_size = env_count("ITO_NODE_SIZE", 0);
  if (node_size > (1u << 20))
    fatal("ITO_NODE_SIZE=%zu is more processes than a node can have; use 0 "
          "(one node per machine) or a count up to the processes per machine",
          node_size);
  o.node_size = static_cast<int>(node_size);
  return o;
}

} // namespace ito::platform
