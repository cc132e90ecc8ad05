// What happens when a child finishes and its parent's continuation was
// stolen, and when a parent joins such a child: greedy join over a join
// entry (Shiina & Taura, Cluster'22, Fig. 4). The fast paths (nothing stolen)
// are inline in ito/detail/tasks.hpp and never get here.
#include "memory/coherence.hpp"
#include "platform/error.hpp"
#include "platform/job_output.hpp"
#include "platform/sanitizers.hpp"
#include "threads/context.hpp"
#include "threads/exception_state.hpp"
#include "threads/fp_control.hpp"
#include "threads/remote_ops.hpp"
#include "threads/scheduler.hpp"
#include "threads/views.hpp"
#include "threads/worker.hpp"

#include <ito/detail/tasks.hpp>
#include <ito/detail/views.h>

#include <cstdlib>
#include <cstring>

namespace ito::threads {

comm::global_ref new_join_entry(worker &w) {
  comm::global_ref ref = w.heap().allocate(sizeof(join_entry));
  auto *e = static_cast<join_entry *>(w.heap().local(ref));
  e->arrived.store(0, std::memory_order_relaxed);
  e->waiter = 0;
  e->views = 0;
  return ref;
}

parked_thread park_current(worker &w, void *ctx) {
  detail::deque *d = w.dq();
  parked_thread p;
  p.ctx = ctx;
  // The thread's frames end where its parent's continuation begins (the
  // newest slot), or at the chain's base.
  p.parent_slot = d->bottom.load(std::memory_order_relaxed) - 1;
  const int64_t b = p.parent_slot;
  if (b == 0) {
    p.own_join = d->slots[0].join;
  } else {
    // The thread will finish wherever it is resumed; it must know where its
    // parent will wait. Attach an entry to the parent's slot now, unless a
    // thief took that slot (and attached one) already.
    w.lock_deque(d);
    if (!d->slots[b].join) {
      d->slots[b].join = new_join_entry(w);
      p.attached = true;
    }
    p.own_join = d->slots[b].join;
    worker::unlock_deque(d);
  }
  char *lo = static_cast<char *>(ctx);
  char *hi = static_cast<char *>(detail::context_of(d->slots[b]));
  const size_t size = static_cast<size_t>(hi - lo);
  p.thread = w.heap().allocate(sizeof(evacuated_thread) + size);
  auto *et = static_cast<evacuated_thread *>(w.heap().local(p.thread));
  et->ctx = ctx;
  et->base = hi;
  et->join = p.own_join;
  et->size = size;
  et->views = reinterpret_cast<uint64_t>(ito_sched_views);
  et->fp_control = current_fp_control();
  et->exceptions = current_exception_state();
  platform::unpoison(lo, size);
  std::memcpy(et->frames(), lo, size);
  return p;
}

void unpark_in_place(worker &w, const parked_thread &p, void *value) {
  w.release(p.thread);
  if (p.attached) {
    detail::deque *d = w.dq();
    const int64_t b = p.parent_slot;
    w.lock_deque(d);
    if (d->top.load(std::memory_order_relaxed) <= b &&
        d->slots[b].join == p.own_join) {
      d->slots[b].join = 0;
      w.release(p.own_join);
    }
    worker::unlock_deque(d);
  }
  ito_uat_resume(p.ctx, value);
}

void run_on_after_park(worker &w, const parked_thread &p) {
  // Work first: run the parked thread's parent continuation from our own
  // deque, if no thief took it.
  const int64_t b = p.parent_slot;
  if (b > 0) {
    detail::deque *d = w.dq();
    d->bottom.store(b, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    bool ours = d->top.load(std::memory_order_relaxed) <= b;
    if (!ours) {
      w.lock_deque(d);
      ours = d->top.load(std::memory_order_relaxed) <= b;
      if (!ours)
        d->bottom.store(d->top.load(std::memory_order_relaxed),
                        std::memory_order_relaxed);
      worker::unlock_deque(d);
    }
    if (ours) {
      // The continuation runs beside the parked thread, after it in serial
      // order: it starts with views of its own.
      views::set(views::empty);
      set_exception_state({});
      ito_uat_resume(detail::context_of(d->slots[b]),
                     reinterpret_cast<void *>(p.own_join));
    }
  }
  scheduler_loop();
}

namespace {

struct join_wait {
  comm::global_ref join;
};

// Runs on the scheduler stack with the joining thread's context saved at
// ctx: evacuate the thread, then race the child for the join entry.
[[noreturn]] void suspend_at_join(void *ctx, void *arg) {
  worker &w = the_worker();
  const comm::global_ref join = static_cast<join_wait *>(arg)->join;
  parked_thread p = park_current(w, ctx);
  if (join_arrive_parent(w, join, p.thread) != 0)
    unpark_in_place(w, p, nullptr); // the child finished meanwhile
  w.counters().joins_suspended++;
  run_on_after_park(w, p);
}

} // namespace

[[noreturn]] void resume_evacuated(comm::global_ref ev) {
  worker &w = the_worker();
  const evacuated_thread et = fetch_evacuated(w, ev);
  views::set(reinterpret_cast<void *>(et.views));
  // It goes on with its floating-point control state and its exceptions,
  // wherever it resumes.
  if (set_fp_control(et.fp_control))
    publish_fp_control();
  set_exception_state(et.exceptions);
  w.start_chain(et.base, et.join);
  w.counters().resumes++;
  // The thread was evacuated into the heap of the rank it suspended on.
  if (comm::ref_rank(ev) != w.rank())
    w.counters().migrations++;
  ito_uat_resume(et.ctx, nullptr);
}

} // namespace ito::threads

using namespace ito::threads;
namespace comm = ito::comm;

extern "C" {

bool ito_sched_pop_conflict(void) {
  worker &w = the_worker();
  ito::detail::deque *d = w.dq();
  w.lock_deque(d);
  const int64_t b = d->bottom.load(std::memory_order_relaxed);
  const int64_t t = d->top.load(std::memory_order_relaxed);
  if (t <= b) {
    worker::unlock_deque(d);
    return true;
  }
  // Slot b went to a thief (or b is the chain's sentinel).
  d->bottom.store(t, std::memory_order_relaxed);
  w.stolen_join = d->slots[b].join;
  worker::unlock_deque(d);
  return false;
}

void ito_sched_child_done(const void *value, size_t size) {
  // A value larger than a join holds (a C struct a spawned call returns)
  // waits in the program's heap, which every process reaches; the join
  // carries its address, and the parent copies it out and frees it
  // (ito_sched_join, which knows the size too).
  void *box = nullptr;
  if (size > ito::detail::max_delivery_size) {
    box = std::malloc(size);
    if (!box)
      ito::platform::fatal("out of memory for a task's value of %zu bytes",
                           size);
    std::memcpy(box, value, size);
    value = &box;
    size = sizeof box;
  }
  // Release #2 (Itoyori SC'23, Fig. 5): the parent's continuation runs
  // elsewhere and reads what this child wrote.
  ito::platform::hand_over_partial_line();
  ito::memory::fence_release_leaving();
  worker &w = the_worker();
  comm::global_ref waiter;
  const auto left = reinterpret_cast<uint64_t>(views::take());
  if (join_arrive_child(w, w.stolen_join, value, size, left, waiter) == 0)
    enter_scheduler(); // the parent has not reached the join yet
  // The parent is parked at the join: run it on (greedy join).
  ito_uat_call_on(
      w.scheduler_stack_top(),
      [](void *p) { resume_evacuated(reinterpret_cast<comm::global_ref>(p)); },
      reinterpret_cast<void *>(waiter));
}

void ito_sched_join(uint64_t join, void *out, size_t size) {
  if (join == ~uint64_t(0))
    ito::platform::fatal("join() on an ito::thread that was not forked, or "
                         "was joined already; join each thread once");
  uint64_t left = 0;
  // (A large value: its address in the program's heap; ito_sched_child_done.)
  void *box = nullptr;
  const bool boxed = size > ito::detail::max_delivery_size;
  void *const into = boxed ? static_cast<void *>(&box) : out;
  const size_t got = boxed ? sizeof box : size;
  if (!join_read(the_worker(), join, into, got, &left)) {
    // Release #3: the parent may go on in another process.
    ito::platform::hand_over_partial_line();
    ito::memory::fence_release_leaving();
    join_wait jw{join};
    ito_uat_suspend(suspend_at_join, &jw, the_worker().scheduler_stack_top());
    // Resumed, maybe in another process: the child has arrived.
    join_read(the_worker(), join, into, got, &left);
  }
  release(the_worker(), join);
  // Acquire #1: the child ran elsewhere.
  ito::memory::fence_acquire();
  if (boxed && box) {
    std::memcpy(out, box, size);
    std::free(box);
  }
  // The child's views, serially before ours.
  views::join(reinterpret_cast<void *>(left));
  poll_sooner(the_worker());
}

} // extern "C"
