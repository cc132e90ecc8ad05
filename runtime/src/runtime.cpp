#include "runtime.hpp"

#include "platform/error.hpp"

#include <ito/ito.h>

#include <memory>

namespace ito {

namespace {
std::unique_ptr<runtime_state> the_runtime;
} // namespace

runtime_state &rt(const char *api_function) {
  if (!the_runtime)
    platform::fatal("%s called outside ito_init()/ito_fini(); start the "
                    "runtime first (ito::init() or ito_init())",
                    api_function);
  return *the_runtime;
}

} // namespace ito

using ito::rt;

extern "C" {

void ito_init(int *argc, char ***argv) {
  if (ito::the_runtime)
    ito::platform::fatal("ito_init() called twice; call it once per process");
  const ito::platform::options opts = ito::platform::read_options();

  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    MPI_Init_thread(argc, argv, MPI_THREAD_SINGLE, &provided);
  }
  ito::the_runtime = std::make_unique<ito::runtime_state>(opts, !initialized);
}

void ito_fini(void) {
  if (!ito::the_runtime)
    ito::platform::fatal("ito_fini() called without a matching ito_init()");
  MPI_Barrier(ito::the_runtime->topo.world());
  const bool owns_mpi = ito::the_runtime->owns_mpi;
  ito::the_runtime.reset();
  if (owns_mpi)
    MPI_Finalize();
}

int ito_is_initialized(void) { return ito::the_runtime != nullptr; }

int ito_rank(void) { return rt("ito_rank").topo.rank(); }
int ito_n_ranks(void) { return rt("ito_n_ranks").topo.n_ranks(); }
int ito_is_master(void) { return rt("ito_is_master").topo.rank() == 0; }
int ito_node(void) { return rt("ito_node").topo.node(); }
int ito_n_nodes(void) { return rt("ito_n_nodes").topo.n_nodes(); }
int ito_node_rank(void) { return rt("ito_node_rank").topo.node_rank(); }
int ito_node_n_ranks(void) {
  return rt("ito_node_n_ranks").topo.node_n_ranks();
}

} // extern "C"
