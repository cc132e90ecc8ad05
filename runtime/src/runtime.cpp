#include "runtime.hpp"

#include "platform/crash_report.hpp"
#include "platform/debugger.hpp"
#include "platform/environment.hpp"
#include "platform/error.hpp"
#include "platform/job.hpp"
#include "platform/job_output.hpp"
#include "platform/launcher_check.hpp"
#include "platform/mpi_errors.hpp"
#include "platform/process_exit.hpp"
#include "platform/same_address.hpp"
#include "platform/sanitizers.hpp"
#include "platform/trace.hpp"
#include "threads/fork_marks.hpp"

#include <ito/ito.h>

extern "C" int ito_sched_in_root(void);

namespace ito {

namespace {
// A plain pointer, not a static object: exit() from a task must not run a
// destructor that tears the runtime down under it (process_exit.hpp).
runtime_state *the_runtime = nullptr;
} // namespace

runtime_state &rt(const char *api_function) {
  if (!the_runtime)
    platform::fatal("%s called outside ito_init()/ito_fini(); start the "
                    "runtime first (ito::init() or ito_init())",
                    api_function);
  return *the_runtime;
}

runtime_state::runtime_state(const platform::options &o, bool owns_mpi)
    : opts(o), topo(o.force_internode, o.node_size), owns_mpi(owns_mpi) {
  platform::verify_same_layout(topo.world());
  if (topo.rank() == 0)
    platform::warn_unknown_environment();
  platform::timing_enabled = o.stats;
  endpoint = std::make_unique<comm::endpoint>(topo, counters);
  worker = std::make_unique<threads::worker>(*endpoint, counters, o.stats);
  memory = std::make_unique<memory::memory_system>(
      *endpoint, counters, memory::read_memory_options());
  threads::install_fork_marks(*worker);
  platform::start_trace(topo.world(),
                        o.trace.empty() ? nullptr : o.trace.c_str());
}

runtime_state::~runtime_state() {
  platform::finish_trace(topo.world());
  if (opts.stats)
    platform::print_stats(counters, topo.world(),
                          opts.stats_json.empty() ? nullptr
                                                  : opts.stats_json.c_str());
  MPI_Barrier(topo.world());
  memory.reset();
  worker.reset();
  endpoint.reset();
}

} // namespace ito

using ito::rt;

extern "C" {

void ito_init(int *argc, char ***argv) {
  if (ito::the_runtime)
    ito::platform::fatal("ito_init() called twice; call it once per process");
  const ito::platform::unreported_allocations runtime_state_lives_on;
  ito::platform::join_job_output();

  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    MPI_Init_thread(argc, argv, MPI_THREAD_SINGLE, &provided);
  }
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  ito::platform::refuse_foreign_launcher(size);
  ito::platform::install_mpi_error_handler();
  ito::platform::join_job_input(rank);
  // First of all: from here on, an exit, a crash or a fatal error anywhere
  // ends the whole job with one message.
  ito::platform::install_stop_handler();
  ito::platform::join_job();
  // After join_job: a bad value, which every process meets, is then
  // reported once.
  const ito::platform::options opts = ito::platform::read_options();
  ito::platform::wait_for_debugger_if_asked(rank);
  ito::platform::install_crash_handlers();
  ito::platform::join_sanitizers_to_job();
  ito::the_runtime = new ito::runtime_state(opts, !initialized);
}

void ito_fini(void) {
  if (!ito::the_runtime)
    ito::platform::fatal("ito_fini() called without a matching ito_init()");
  if (ito_sched_in_root())
    ito::platform::fatal("ito_fini() called inside a root task; call it in "
                         "SPMD mode, after root_exec returns");
  // Write back what SPMD code left dirty; others may still be fetching
  // from us: a barrier that serves them.
  ito::memory::fence_release();
  ito::the_runtime->memory->spmd_barrier();
  const bool owns_mpi = ito::the_runtime->owns_mpi;
  delete ito::the_runtime;
  ito::the_runtime = nullptr;
  ito::platform::leave_job();
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
