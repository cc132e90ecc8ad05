// The runtime instance: everything that exists between init and fini.
#pragma once

#include "comm/endpoint.hpp"
#include "memory/memory.hpp"
#include "platform/options.hpp"
#include "platform/stats.hpp"
#include "platform/topology.hpp"
#include "threads/worker.hpp"

#include <memory>

namespace ito {

struct runtime_state {
  platform::options opts;
  platform::topology topo;
  bool owns_mpi; // MPI was started by ito_init, so ito_fini stops it
  platform::stats counters; // of every layer (ITO_STATS=1)
  std::unique_ptr<comm::endpoint> endpoint;
  std::unique_ptr<threads::worker> worker;
  std::unique_ptr<memory::memory_system> memory;

  runtime_state(const platform::options &o, bool owns_mpi);
  ~runtime_state();
};

// The live runtime; a fatal error names the API function if there is none.
runtime_state &rt(const char *api_function);

} // namespace ito
