#include "platform/process_exit.hpp"

#include "platform/job.hpp"

#include <mpi.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <iostream>
#include <sys/syscall.h>
#include <unistd.h>

namespace ito::platform {

namespace {

// Acknowledgements between machines (on job_control_comm).
constexpr int tag_flushed = 1;

// How long a leader lets idle processes reach the request by themselves
// before it signals them, and how long it waits for all to flush.
constexpr int64_t idle_grace_ns = 20'000'000;
constexpr int64_t flush_wait_ns = 500'000'000;
// How long a follower waits for the leader to stop the job (MPI_Abort)
// before it leaves on its own; leaving first would race with the leader
// for the job's status.
constexpr int64_t go_wait_ns = 5'000'000'000;
// How long a process whose error another one reports waits for that one to
// end the job (symbolizing a backtrace takes a moment).
constexpr int64_t report_wait_ns = 10'000'000'000;

stop_sender remote_sender = nullptr;
void (*release_before_exit)() = nullptr;
void (*acquire_before_handlers)() = nullptr;
pid_t mpi_process = 0; // this process, once it has started MPI

// This process's part in the end of the job.
volatile sig_atomic_t following = 0;     // flushed and counted; waiting
volatile sig_atomic_t at_safe_point = 0; // exiting by itself: no signal needed
int remote_leader_of = -1; // leads this machine for a stop from that rank
int64_t remote_code = 0;
int quick_exit_status = 0;

int stop_signal() { return SIGRTMIN + 4; }

int64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void nap() {
  timespec ts{0, 200'000};
  nanosleep(&ts, nullptr);
}

void block_stop_signal() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, stop_signal());
  sigprocmask(SIG_BLOCK, &set, nullptr);
}

void flush_output() { std::fflush(nullptr); }

// Asks every other process of this machine to stop, once idle ones had
// the time to see the request by themselves.
void signal_busy_ones(const job_page *p, int64_t since) {
  while (p->flushed.load(std::memory_order_acquire) < p->n_procs - 1 &&
         now_ns() - since < idle_grace_ns)
    nap();
  if (p->flushed.load(std::memory_order_acquire) >= p->n_procs - 1)
    return;
  const pid_t me = getpid();
  for (int i = 0; i < p->n_procs; i++)
    if (p->procs[i].pid != me)
      kill(p->procs[i].pid, stop_signal());
}

void wait_for_local_flushes(const job_page *p, int64_t deadline) {
  while (p->flushed.load(std::memory_order_acquire) < p->n_procs - 1 &&
         now_ns() < deadline)
    nap();
}

// The last step of the leader: MPI_Abort stops every process of the job
// and makes status the job's, reliably under every launcher (a process
// that merely exits without MPI_Finalize leaves the job's status to a race
// in some launchers). Its own message would follow ours: it goes nowhere.
[[noreturn]] void stop_all_processes(int status) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  // One process has no one else to stop (and MPI_Abort would run the exit
  // handlers there).
  if (initialized && !finalized && getpid() == mpi_process && job_size() > 1) {
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, STDERR_FILENO);
    MPI_Abort(MPI_COMM_WORLD, status);
  }
  exit_process(status);
}

// A launcher stops the processes of an aborted job with SIGTERM (then
// SIGKILL a while later): let it end this one at once, whatever the
// program did with the signal and whatever handler we are in.
void let_launcher_stop_us() {
  signal(SIGTERM, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
}

// Follows the exit `code` that another process leads: flush, say so, and
// wait for the leader to stop the job (or leave with its status if it
// never does).
[[noreturn]] void follow(job_page *p, int64_t code, bool flushed) {
  if (!following) {
    following = 1;
    if (!flushed)
      flush_output();
    p->flushed.fetch_add(1, std::memory_order_acq_rel);
  }
  let_launcher_stop_us();
  const int64_t deadline = now_ns() + go_wait_ns;
  while (now_ns() < deadline)
    nap();
  exit_process(stop_status(code));
}

void on_stop_signal(int) {
  job_page *p = this_job();
  if (!p || at_safe_point || following)
    return;
  const int64_t code = p->stop.load(std::memory_order_acquire);
  if (code)
    follow(p, code, false);
}

// This process leads its machine for the stop `code` from another machine:
// stop the others here, tell that leader how many have flushed, and wait
// for it to stop the job.
[[noreturn]] void lead_machine(job_page *p, int from_rank, int64_t code) {
  flush_output();
  block_stop_signal();
  signal_busy_ones(p, now_ns());
  wait_for_local_flushes(p, now_ns() + flush_wait_ns);
  MPI_Comm comm = job_control_comm();
  int n = p->flushed.load(std::memory_order_acquire) + 1;
  MPI_Send(&n, 1, MPI_INT, from_rank, tag_flushed, comm);
  let_launcher_stop_us();
  const int64_t deadline = now_ns() + go_wait_ns;
  while (now_ns() < deadline)
    nap();
  exit_process(stop_status(code));
}

// Where every exit() of a process of the job ends, once the program's own
// exit handlers have ran (registered first, it runs last): end the job
// rather than tear the runtime down under tasks that may still be running.
void (*normal_finish)() = nullptr;

void on_process_exit(int status, void *) {
  job_page *p = this_job();
  if (!p)
    return;
  std::cout.flush();
  std::clog.flush();
  if (normal_finish && remote_leader_of < 0 &&
      p->stop.load(std::memory_order_acquire) == 0) {
    void (*finish)() = normal_finish;
    normal_finish = nullptr;
    finish();
    return;
  }
  if (remote_leader_of >= 0)
    lead_machine(p, remote_leader_of, remote_code);
  const int64_t code = p->stop.load(std::memory_order_acquire);
  if (code && stop_rank(code) != job_rank())
    follow(p, code, false);
  // What this process wrote is home before process 0 runs the program's
  // exit handlers, which may read it.
  if (release_before_exit)
    release_before_exit();
  end_job(status, /*flush=*/true, /*from_signal=*/false, exit_kind::exit);
}

void on_quick_exit() {
  if (this_job())
    end_job(quick_exit_status, /*flush=*/false, /*from_signal=*/false,
            exit_kind::quick_exit);
}

// Registered before any static constructor of the program registers its
// own destructors, so that it runs after them (handlers run in reverse).
__attribute__((constructor(102))) void register_exit_hooks() {
  on_exit(on_process_exit, nullptr);
  at_quick_exit(on_quick_exit);
}

// Leaves the way the leader of `code` left: exit handlers run here too,
// then on_process_exit follows it.
[[noreturn]] void leave_like(int64_t code) {
  at_safe_point = 1;
  const int status = stop_status(code);
  switch (static_cast<exit_kind>(stop_kind(code))) {
  case exit_kind::exit:
    if (acquire_before_handlers)
      acquire_before_handlers();
    std::exit(status);
  case exit_kind::quick_exit:
    quick_exit_status = status;
    std::quick_exit(status);
  case exit_kind::immediate:
    break;
  }
  follow(this_job(), code, true);
}

} // namespace

void exit_process(int status) {
  syscall(SYS_exit_group, status);
  __builtin_unreachable();
}

void set_stop_sender(stop_sender send) { remote_sender = send; }

void set_exit_fences(exit_fence release, exit_fence acquire) {
  release_before_exit = release;
  acquire_before_handlers = acquire;
}

void end_normally_with(void (*finish)()) { normal_finish = finish; }

void note_quick_exit_status(int status) { quick_exit_status = status; }

void install_stop_handler() {
  mpi_process = getpid();
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sa.sa_flags = SA_ONSTACK | SA_RESTART;
  sigfillset(&sa.sa_mask);
  sigaction(stop_signal(), &sa, nullptr);
}

bool stop_requested() {
  const job_page *p = this_job();
  return p && p->stop.load(std::memory_order_relaxed) != 0;
}

void stop_at_safe_point() {
  job_page *p = this_job();
  if (!p)
    std::abort();
  leave_like(p->stop.load(std::memory_order_acquire));
}

void end_job(int status, bool flush, bool from_signal, exit_kind kind) {
  if (flush)
    flush_output();
  job_page *p = this_job();
  if (!p)
    stop_all_processes(status);
  block_stop_signal();
  const int64_t mine = stop_code(job_rank(), status, static_cast<int>(kind));
  int64_t prev = 0;
  if (!p->stop.compare_exchange_strong(prev, mine) && prev != mine)
    follow(p, prev, flush);

  const int64_t start = now_ns();
  const int remote = job_size() - p->n_procs;
  if (remote > 0 && remote_sender && !from_signal)
    remote_sender(mine);
  signal_busy_ones(p, start);
  const int64_t deadline = start + flush_wait_ns;
  if (remote > 0 && remote_sender && !from_signal) {
    // Leaders of other machines say how many of theirs have flushed.
    MPI_Comm comm = job_control_comm();
    int acked = 0;
    while (acked < remote && now_ns() < deadline) {
      int flag = 0;
      MPI_Status st;
      MPI_Iprobe(MPI_ANY_SOURCE, tag_flushed, comm, &flag, &st);
      if (!flag) {
        nap();
        continue;
      }
      int n = 0;
      MPI_Recv(&n, 1, MPI_INT, st.MPI_SOURCE, tag_flushed, comm,
               MPI_STATUS_IGNORE);
      acked += n;
    }
  }
  wait_for_local_flushes(p, deadline);
  stop_all_processes(status);
}

void await_job_end(int status) {
  job_page *p = this_job();
  if (p) {
    const int64_t deadline = now_ns() + report_wait_ns;
    while (!p->stop.load(std::memory_order_acquire) && now_ns() < deadline)
      nap();
  }
  end_job(status, /*flush=*/false, /*from_signal=*/true);
}

void follow_remote_stop(long long code, int from_rank) {
  job_page *p = this_job();
  if (!p)
    exit_process(stop_status(code));
  int64_t prev = 0;
  if (p->stop.compare_exchange_strong(prev, code)) {
    // The first here to hear it: lead this machine once the exit handlers
    // have run (on_process_exit).
    remote_leader_of = from_rank;
    remote_code = code;
    leave_like(code);
  }
  leave_like(prev);
}

} // namespace ito::platform
