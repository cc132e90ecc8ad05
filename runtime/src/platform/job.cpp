#include "platform/job.hpp"

#include "platform/environment.hpp"
#include "platform/error.hpp"
#include "platform/shm.hpp"

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <sys/random.h>
#include <unistd.h>
#include <vector>

namespace ito::platform {

namespace {

struct job_state {
  job_page *page = nullptr;
  std::size_t page_bytes = 0;
  int rank = 0, size = 1;
  pid_t pid = 0;
  uint64_t id = 0;              // the same in every process of the job
  std::vector<char> on_machine; // by world rank
  MPI_Comm control = MPI_COMM_NULL;
};

// Never destroyed: exit handlers and signal handlers read it until the
// process is gone.
job_state *state = nullptr;

// What ito-run, which made the job's directory ITO_RUN_DIR, reads when the
// job ends. A file named \p name there, written by process 0.
FILE *run_dir_file(const char *name) {
  const char *dir = env_value("ITO_RUN_DIR");
  if (!dir || !*dir)
    return nullptr;
  return std::fopen((std::string(dir) + "/" + name).c_str(), "w");
}

// The job's id, before any segment is named with it: ito-run removes what
// a process killed during start-up left in /dev/shm.
void record_job_id(uint64_t id) {
  if (FILE *f = run_dir_file("job")) {
    std::fprintf(f, "%llu\n", static_cast<unsigned long long>(id));
    std::fclose(f);
  }
}

// A process that dies without a word (killed from outside) is named by
// ito-run by its rank: every process's pid and machine, a line "rank pid
// host" each (the host tells ito-run-watch which pids are of its machine,
// gone already or not).
void record_pids(const job_state &s) {
  constexpr int host_size = 256;
  int pid = static_cast<int>(s.pid);
  char host[host_size] = {};
  if (gethostname(host, host_size - 1) != 0 || !host[0])
    std::strcpy(host, "?");
  const auto n = static_cast<std::size_t>(s.rank == 0 ? s.size : 0);
  std::vector<int> pids(n);
  std::vector<char> hosts(n * host_size);
  MPI_Gather(&pid, 1, MPI_INT, pids.data(), 1, MPI_INT, 0, s.control);
  MPI_Gather(host, host_size, MPI_CHAR, hosts.data(), host_size, MPI_CHAR, 0,
             s.control);
  if (s.rank != 0)
    return;
  // Whole or not at all: the watcher reads it as soon as it is there.
  if (FILE *f = run_dir_file("pids.part")) {
    for (std::size_t r = 0; r < n; r++) {
      const char *h = &hosts[r * host_size];
      std::fprintf(f, "%zu %d %.*s\n", r, pids[r], host_size, h);
    }
    std::fclose(f);
    const std::string dir = env_value("ITO_RUN_DIR");
    std::rename((dir + "/pids.part").c_str(), (dir + "/pids").c_str());
  }
}

// The id that names the job's shared-memory segments: random, so that the
// jobs of every user of a machine get different names (segments are also
// created exclusively and readable by their owner only: a clash would be an
// error, never shared data). Positive in 63 bits, as ito-run reads it.
uint64_t new_job_id() {
  uint64_t r = 0;
  if (getrandom(&r, sizeof r, 0) != static_cast<ssize_t>(sizeof r))
    r = (uint64_t(getpid()) << 22) ^ uint64_t(time(nullptr));
  return (r >> 1) | 1;
}

} // namespace

void join_job() {
  auto *s = new job_state;
  s->pid = getpid();
  MPI_Comm_dup(MPI_COMM_WORLD, &s->control);
  MPI_Comm_rank(s->control, &s->rank);
  MPI_Comm_size(s->control, &s->size);
  MPI_Comm machine;
  MPI_Comm_split_type(s->control, MPI_COMM_TYPE_SHARED, s->rank, MPI_INFO_NULL,
                      &machine);
  int machine_rank = 0, machine_size = 1;
  MPI_Comm_rank(machine, &machine_rank);
  MPI_Comm_size(machine, &machine_size);

  // Which world ranks share this machine: those whose machine leader is ours.
  int leader = s->rank;
  MPI_Bcast(&leader, 1, MPI_INT, 0, machine);
  std::vector<int> leaders(static_cast<std::size_t>(s->size));
  MPI_Allgather(&leader, 1, MPI_INT, leaders.data(), 1, MPI_INT, s->control);
  s->on_machine.resize(leaders.size());
  for (std::size_t r = 0; r < leaders.size(); r++)
    s->on_machine[r] = leaders[r] == leader;

  uint64_t job = s->rank == 0 ? new_job_id() : 0;
  MPI_Bcast(&job, 1, MPI_UINT64_T, 0, s->control);
  s->id = job;
  if (s->rank == 0)
    record_job_id(job);
  const std::string name =
      "/ito." + std::to_string(job) + "." + std::to_string(leader) + ".job";
  s->page_bytes =
      offsetof(job_page, procs) +
      sizeof(job_page::proc) * static_cast<std::size_t>(machine_size);
  shm_segment seg;
  if (machine_rank == 0) {
    seg = shm_segment(name, s->page_bytes, /*create=*/true);
    auto *p = static_cast<job_page *>(seg.base());
    p->reporter.store(0);
    p->stop.store(0);
    p->flushed.store(0);
    p->n_procs = machine_size;
  }
  MPI_Barrier(machine);
  if (machine_rank != 0)
    seg = shm_segment(name, s->page_bytes, /*create=*/false);
  auto *page = static_cast<job_page *>(seg.base());
  page->procs[machine_rank] = {s->rank, getpid()};
  MPI_Barrier(machine);
  seg.unlink(); // mapped everywhere: nothing is left behind in /dev/shm
  MPI_Comm_free(&machine);
  // The mapping outlives the segment object (the page must stay readable by
  // signal handlers until the process ends).
  void *keep = seg.base();
  seg.release();
  s->page = static_cast<job_page *>(keep);
  state = s;
  record_pids(*s);
}

void leave_job() {
  job_state *s = state;
  if (!s)
    return;
  state = nullptr;
  // The page stays mapped (a late signal handler may still read it through
  // an old pointer); the communicator goes with MPI_Finalize.
  MPI_Comm_free(&s->control);
}

std::string job_segment_name(int rank, const char *what) {
  if (!state)
    fatal("internal error: a shared segment named before the job started");
  return "/ito." + std::to_string(state->id) + "." + std::to_string(rank) +
         "." + what;
}

job_page *this_job() {
  return state && state->pid == getpid() ? state->page : nullptr;
}
int job_rank() { return state ? state->rank : 0; }
int job_size() { return state ? state->size : 1; }

bool on_this_machine(int rank) {
  return !state || state->on_machine[static_cast<std::size_t>(rank)];
}

MPI_Comm job_control_comm() { return state ? state->control : MPI_COMM_NULL; }

bool claim_job_report() {
  job_page *p = this_job();
  if (!p)
    return true;
  int32_t none = 0;
  return p->reporter.compare_exchange_strong(none, job_rank() + 1) ||
         none == job_rank() + 1;
}

} // namespace ito::platform
