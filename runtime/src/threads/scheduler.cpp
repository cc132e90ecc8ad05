// The scheduler loop, root_exec (SPMD -> one root task -> SPMD), and the
// end of a parallel region.
#include "threads/scheduler.hpp"

#include "comm/dispatch.hpp"
#include "threads/context.hpp"
#include "threads/homecoming.hpp"

#include "memory/coherence.hpp"
#include "platform/error.hpp"
#include "platform/process_exit.hpp"
#include "platform/sanitizers.hpp"
#include "threads/remote_ops.hpp"
#include "threads/views.hpp"
#include "threads/worker.hpp"

#include <ito/detail/loop_affinity.h>
#include <ito/detail/tasks.hpp>

#include <algorithm>
#include <cstring>
#include <sched.h>

extern "C" {
ito::detail::deque *ito_sched_deque = nullptr;
// 0 outside a root task, so that the first fork there reaches
// ito_sched_poll, which reports it.
int64_t ito_sched_poll_countdown = 0;
// Counts down the loop iterations and recursive calls of code that does
// not fork (the LeafPolls pass) to the next ito_sched_loop_poll. Too high
// to run out unless a root region of a job of several nodes set it.
int64_t ito_sched_loop_countdown = INT64_MAX;
// Set by the worker when processes span nodes (ito/detail/loop_affinity.h).
int ito_loop_parts = 0;
int ito_loop_part = 0;
}

namespace ito::threads {

namespace {

// Forks between two polls of requests from other nodes. A poll that finds
// nothing costs about 25 ns (MPI_Improbe), which at every 32 forks of fib
// is 15% of the run; a victim whose forks are a millisecond apart would
// answer only every 32 ms. So the interval follows the clock: each poll
// reads it, doubles the interval while polls come sooner than
// poll_period_ns, and cuts it to the rate it sees when they come later
// than twice that, so polls come about every few microseconds at any task
// size. Phases change without a poll to notice, so the interval is capped,
// and starts again from restart_poll_interval at each region and after
// each join with a stolen child (steals come in bursts). With one node
// there is nothing to poll, only forks to count.
constexpr uint64_t poll_period_ns = 4000;
constexpr int64_t max_poll_interval = 1024;
constexpr int64_t restart_poll_interval = 32;
constexpr int64_t single_node_interval = 1 << 16;

// A leaf runs no forks, so no polls: a thief on another node would wait
// for the whole leaf (a heat step's leaf of 128 rows is half a
// millisecond, a sequential sort's more). Between nodes the loops and
// recursive calls of leaves count down to a poll (ito_sched_loop_poll,
// the LeafPolls pass of ito-cc), about this often.
constexpr uint64_t leaf_poll_period_ns = 16000;
constexpr int64_t max_leaf_interval = int64_t{1} << 30;
constexpr int64_t restart_leaf_interval = 64;

int64_t poll_interval_for(const worker &w) { return w.poll_interval; }

// Doubles interval (up to max) while the events that count it down come
// sooner than period apart, and cuts it to the rate seen (down to 1) when
// they come later than twice that; last is when the previous one came.
void adapt_interval(int64_t &interval, uint64_t &last, uint64_t now,
                    uint64_t period, int64_t max) {
  const uint64_t since = now - last;
  last = now;
  if (since < period) {
    interval = std::min(2 * interval, max);
  } else if (since > 2 * period) {
    const auto at_rate =
        static_cast<int64_t>(static_cast<uint64_t>(interval) * period / since);
    interval = std::max<int64_t>(at_rate, 1);
  }
}

void adapt_poll_interval(worker &w) {
  adapt_interval(w.poll_interval, w.last_poll_ns, platform::now_ns(),
                 poll_period_ns, max_poll_interval);
}

// What a poll serves: requests from other nodes (steals above all), the
// node's mailbox, and the write-backs that thieves wait for (lazy release)
// or that the eager write-back policy owes.
void serve_requests(worker &w, bool in_leaf = false) {
  ito::memory::poll_at_release_point();
  comm::serve_node_mailbox(w.comm());
  ito::memory::fence_poll(in_leaf);
}

// Rank 0: the root task has delivered its value; tell every worker.
void announce_exit(worker &w) {
  for (int r = 0; r < w.topo().n_ranks(); r++) {
    if (r == w.rank())
      continue;
    if (const peer *p = w.local_peer(r)) {
      p->shared->exit_epoch.store(w.epoch, std::memory_order_release);
    } else {
      comm::msg_header h{comm::msg_kind::exit, 0, 0,
                         static_cast<uint64_t>(w.epoch)};
      w.net().post(r, &h, sizeof h);
    }
  }
  w.shared()->exit_epoch.store(w.epoch, std::memory_order_release);
}

bool root_done(worker &w) {
  auto *e = static_cast<join_entry *>(w.resolve(w.root_join));
  return e->arrived.load(std::memory_order_acquire) != 0;
}

struct root_args {
  void (*fn)(void *, void *);
  void *arg;
  size_t size;
};

// The root thread's outermost frame, at the top of rank 0's uni-address
// region. It ends like any child whose parent was stolen: its value goes to
// the chain's join entry (the root entry).
[[noreturn]] void root_thread(void *p) {
  root_args a = *static_cast<root_args *>(p);
  alignas(16) unsigned char value[detail::max_result_size];
  a.fn(a.arg, value);
  detail::deque *d = ito_sched_deque;
  // Pop the sentinel: fails by construction, and records the root entry.
  d->bottom.store(d->bottom.load(std::memory_order_relaxed) - 1,
                  std::memory_order_relaxed);
  bool here = ito_sched_pop_conflict();
  (void)here;
  ito_sched_child_done(value, a.size);
}

int held_leaf_polls = 0;

// A Cilk program's forks outside its root task (in a static initializer, a
// static destructor) run serially, as in the serial elision: every process
// runs its own static initialization, and process 0's file-scope data is
// everyone's afterwards. The deque is the process's own, which no thief
// reads outside a root task.
bool serial_outside_root = false;

} // namespace

leaf_polls_held::leaf_polls_held() { held_leaf_polls++; }
leaf_polls_held::~leaf_polls_held() { held_leaf_polls--; }

void enter_scheduler() {
  ito_uat_call_on(
      the_worker().scheduler_stack_top(), [](void *) { scheduler_loop(); },
      nullptr);
}

void poll_sooner(worker &w) {
  if (!w.multi_node() || !w.in_root || w.poll_interval <= restart_poll_interval)
    return;
  // A shorter interval begins, never later than the poll already due (the
  // write-back policy zeroes the countdown to release at the next fork).
  // The next poll counts a whole interval: count here the forks it will
  // not see.
  const int64_t left = ito_sched_poll_countdown;
  const int64_t next = std::min(left, restart_poll_interval);
  w.counters().forks += static_cast<uint64_t>((w.poll_interval - left) -
                                              (restart_poll_interval - next));
  w.poll_interval = restart_poll_interval;
  ito_sched_poll_countdown = next;
}

void scheduler_loop() {
  worker &w = the_worker();
  w.start_idle();
  // Out of work: drop what this process cached now (the acquire that the
  // steal ending this idleness needs), not while a thief waits for it.
  ito::memory::fence_acquire();
  for (;;) {
    // Another process ended the job (exit() in a task, an error): leave
    // the same way, from here where the runtime holds nothing.
    if (platform::stop_requested())
      platform::stop_at_safe_point();
    if (w.shared()->exit_epoch.load(std::memory_order_acquire) == w.epoch) {
      w.end_idle();
      // Close the switch left open while tasks ran (root_exec), settle on
      // this stack (so that resuming, which abandons its frames, clears
      // this stack's red zones), and announce the process's own stack.
      platform::arrived_on_stack(nullptr, nullptr, nullptr);
      platform::leaving_stack(nullptr, w.scheduler_stack_bottom(),
                              w.scheduler_stack_size());
      platform::arrived_on_stack(nullptr, nullptr, nullptr);
      platform::leaving_stack(nullptr, w.main_stack_bottom, w.main_stack_size);
      ito_uat_resume(w.main_ctx, nullptr);
    }
    if (w.rank() == 0 && root_done(w)) {
      announce_exit(w);
      continue;
    }
    if (comm::global_ref t; w.rank() == 0 && take_homecoming(w, t))
      resume_evacuated(t);
    if (comm::global_ref t = w.take_ready())
      resume_evacuated(t);
    comm::serve_node_mailbox(w.comm());
    ito::memory::fence_poll();
    try_steal();
    ito::memory::poll_at_release_point();
    __builtin_ia32_pause();
  }
}

} // namespace ito::threads

using namespace ito::threads;
namespace comm = ito::comm;
namespace platform = ito::platform;

extern "C" {

int ito_sched_in_root(void) {
  worker *w = the_worker_or_null();
  return w && w->in_root;
}

void ito_sched_fatal(const char *message) {
  ito::platform::fatal("%s", message);
}

void ito_sched_serial_outside_root(void) {
  worker &w = the_worker();
  serial_outside_root = true;
  ito_sched_deque = w.dq();
  ito_sched_poll_countdown = single_node_interval;
}

void ito_sched_fork_outside_root(void) {
  ito::platform::fatal(
      the_worker_or_null()
          ? "a task was forked outside ito::root_exec(); fork inside the "
            "root task (or a task it created)"
          : "a task was forked before ito::init(); start the runtime first");
}

void ito_sched_poll(void) {
  worker *wp = the_worker_or_null();
  if (!wp || !wp->in_root) {
    if (wp && serial_outside_root) {
      ito_sched_poll_countdown = single_node_interval;
      return;
    }
    ito_sched_fork_outside_root();
  }
  worker &w = *wp;
  // The countdown ran the whole interval set at the last poll (and one
  // more fork if something zeroed it early, which counted the rest).
  w.counters().forks +=
      static_cast<uint64_t>(poll_interval_for(w) - ito_sched_poll_countdown);
  if (w.multi_node())
    adapt_poll_interval(w);
  ito_sched_poll_countdown = poll_interval_for(w);
  // Requests from other nodes (steals above all) are served here, so a
  // victim busy in its own tasks still answers within a few microseconds.
  serve_requests(w);
}

void ito_sched_wait_turn(void) {
  if (worker *wp = the_worker_or_null())
    serve_requests(*wp);
  sched_yield();
}

void ito_sched_loop_poll(void) {
  worker *wp = the_worker_or_null();
  if (!wp || !wp->in_root || !wp->multi_node()) {
    ito_sched_loop_countdown = INT64_MAX;
    return;
  }
  worker &w = *wp;
  // A thread of the program's own shares the countdown: only the worker
  // sets it again.
  if (!w.on_own_thread())
    return;
  // The iterations between two loop polls follow the clock as the forks
  // between two polls do, aiming at leaf_poll_period_ns.
  const uint64_t now = platform::now_ns();
  adapt_interval(w.leaf_interval, w.last_leaf_poll_ns, now, leaf_poll_period_ns,
                 max_leaf_interval);
  ito_sched_loop_countdown = w.leaf_interval;
  if (!held_leaf_polls && now - w.last_poll_ns >= leaf_poll_period_ns) {
    w.last_poll_ns = now;
    serve_requests(w, /*in_leaf=*/true);
  }
}

void ito_sched_root_exec(void (*fn)(void *, void *), void *arg, void *value,
                         size_t size) {
  worker *wp = the_worker_or_null();
  if (!wp)
    ito::platform::fatal(
        "ito::root_exec() called before ito::init(); start the runtime first");
  worker &w = *wp;
  if (w.in_root)
    ito::platform::fatal("ito::root_exec() called inside a root task; it "
                         "is collective and must be called in SPMD mode by "
                         "every process");
  MPI_Comm world = w.topo().world();
  // What SPMD code wrote goes home before any task reads it; the barrier
  // serves write-backs from other nodes while it waits.
  ito::memory::fence_enter_region();
  if (w.multi_node())
    w.net().quiesce();
  ito::memory::fence_acquire();
  MPI_Barrier(world);
  const uint64_t region_start =
      w.stats_enabled() || platform::tracing() ? platform::now_ns() : 0;
  w.run_since = region_start;
  w.epoch++;
  w.in_root = true;
  views::set(nullptr); // the root task is the leftmost strand
  ito_sched_deque = w.dq();
  w.poll_interval =
      w.multi_node() ? restart_poll_interval : single_node_interval;
  w.last_poll_ns = platform::now_ns();
  ito_sched_poll_countdown = poll_interval_for(w);
  if (w.multi_node()) {
    w.leaf_interval = restart_leaf_interval;
    w.last_leaf_poll_ns = w.last_poll_ns;
    ito_sched_loop_countdown = w.leaf_interval;
  }

  root_args args{fn, arg, size};
  // While tasks run, this process switches between the scheduler's stack
  // and the task stack region at every steal, suspension and resumption.
  // To AddressSanitizer, the scheduler's stack is the current stack and the
  // region the next one of a switch left open (platform/sanitizers.hpp): it
  // then takes whichever holds the stack pointer, with no call on the fork
  // path.
  platform::leaving_stack(&w.main_fake_stack, w.scheduler_stack_bottom(),
                          w.scheduler_stack_size());
  if (w.rank() == 0) {
    w.root_join = new_join_entry(w);
    w.start_chain(w.stacks().top(), w.root_join);
    ito_uat_suspend(
        [](void *ctx, void *p) {
          worker &w = the_worker();
          w.main_ctx = ctx;
          platform::arrived_on_stack(nullptr, &w.main_stack_bottom,
                                     &w.main_stack_size);
          platform::leaving_stack(nullptr, w.stacks().base(),
                                  w.stacks().size());
          ito_uat_call_on(w.stacks().top(), root_thread, p);
        },
        &args, w.scheduler_stack_top());
  } else {
    ito_uat_suspend(
        [](void *ctx, void *) {
          worker &w = the_worker();
          w.main_ctx = ctx;
          platform::arrived_on_stack(nullptr, &w.main_stack_bottom,
                                     &w.main_stack_size);
          platform::leaving_stack(nullptr, w.stacks().base(),
                                  w.stacks().size());
          scheduler_loop();
        },
        nullptr, w.scheduler_stack_top());
  }
  platform::arrived_on_stack(w.main_fake_stack, nullptr, nullptr);
  // Back in SPMD mode, on the process's own stack. Requests still in
  // flight (a steal that found nothing, a free) are served before anyone
  // leaves.
  if (region_start)
    w.counters().region_ns += platform::now_ns() - region_start;
  ito::memory::fence_leave_region();
  if (w.multi_node()) {
    w.net().quiesce();
    w.counters().remote_requests = w.net().served();
  }
  ito::memory::fence_acquire();
  w.counters().forks +=
      static_cast<uint64_t>(poll_interval_for(w) - ito_sched_poll_countdown);
  ito_sched_deque = serial_outside_root ? w.dq() : nullptr;
  ito_sched_poll_countdown = serial_outside_root ? single_node_interval : 0;
  ito_sched_loop_countdown = INT64_MAX;
  w.in_root = false;
  if (w.rank() == 0) {
    auto *e = static_cast<join_entry *>(w.resolve(w.root_join));
    if (size)
      std::memcpy(value, e->value, size);
    w.release(w.root_join);
  }
  if (size)
    MPI_Bcast(value, static_cast<int>(size), MPI_BYTE, 0, world);
  MPI_Barrier(world);
}

} // extern "C"

#include "platform/crash_report.hpp"

#include <csignal>
#include <cstdio>
#include <cxxabi.h>

extern "C" void ito_sched_task_exception(const char *type, const char *what) {
  // As std::terminate would end the serial program: status 134 (SIGABRT).
  char message[1024];
  if (!type) {
    std::snprintf(message, sizeof message,
                  "an exception escaped a task; catch it inside the task "
                  "(no join receives what a root_exec or async task throws, "
                  "nor what a task throws in a program that calls ito_init "
                  "itself, whose heap is per process)");
  } else {
    int status = 0;
    char *name = abi::__cxa_demangle(type, nullptr, nullptr, &status);
    std::snprintf(message, sizeof message,
                  "an exception of type %s escaped a task: %s; catch it "
                  "inside the task (no join receives what a root_exec or "
                  "async task throws, nor what a task throws in a program "
                  "that calls ito_init itself, whose heap is per process)",
                  status == 0 && name ? name : type, what ? what : "");
  }
  ito::platform::report_and_end_job(128 + SIGABRT, message);
}
