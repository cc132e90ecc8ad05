// Futures: a child task's value that any task may wait for, with a fixed
// number of consumers (Shiina & Taura, Cluster'22, Sec. III-A and V-D). The
// entry lives in the remote heap of the rank that forked the child; every
// operation on it runs under its lock, on this node through shared memory,
// elsewhere shipped to its home rank. Waiters park as evacuated threads; the
// producer wakes them (greedy: if it has nothing else to do, it runs one at
// once).
#include "memory/coherence.hpp"
#include "platform/error.hpp"
#include "threads/context.hpp"
#include "threads/remote_ops.hpp"
#include "threads/scheduler.hpp"
#include "threads/views.hpp"
#include "threads/worker.hpp"

#include <ito/detail/tasks.hpp>

#include <cstring>

namespace ito::threads {

namespace {

future_entry *entry(worker &w, comm::global_ref f) {
  return static_cast<future_entry *>(w.resolve(f));
}

void lock(future_entry *e) {
  int32_t expected = 0;
  while (
      !e->lock.compare_exchange_weak(expected, 1, std::memory_order_acquire)) {
    expected = 0;
    __builtin_ia32_pause();
  }
}

void unlock(future_entry *e) { e->lock.store(0, std::memory_order_release); }

struct get_wait {
  comm::global_ref future;
  void *out;
  size_t size;
};

// On the scheduler stack, with the waiting thread's context at ctx.
[[noreturn]] void park_on_future(void *ctx, void *arg) {
  worker &w = the_worker();
  auto *g = static_cast<get_wait *>(arg);
  parked_thread p = park_current(w, ctx);
  // The frames are still in place: if the value arrived meanwhile, it goes
  // straight to the waiter's buffer.
  if (future_take(w, g->future, g->out, g->size, p.thread))
    unpark_in_place(w, p, reinterpret_cast<void *>(1));
  w.counters().joins_suspended++;
  run_on_after_park(w, p);
}

} // namespace

bool future_take_local(worker &w, comm::global_ref f, void *out, size_t size,
                       comm::global_ref park) {
  future_entry *e = entry(w, f);
  lock(e);
  // An entry whose consumers are all served stays poisoned until its memory
  // is reused, which catches most get()s beyond the count given.
  if (e->consumers_left <= 0)
    platform::fatal("a future got more get() calls than the %d consumers "
                    "given to async(); pass ito::consumers{n} with the real "
                    "number",
                    e->capacity);
  if (!e->done) {
    if (park) {
      if (e->n_waiters == e->capacity)
        platform::fatal("a future got more get() calls than the %d "
                        "consumers given to async(); pass ito::consumers{n} "
                        "with the real number",
                        e->capacity);
      e->waiters()[e->n_waiters++] = park;
    }
    unlock(e);
    return false;
  }
  if (size)
    std::memcpy(out, e->value, size);
  const bool last = --e->consumers_left == 0;
  unlock(e);
  if (last)
    w.release(f);
  return true;
}

void future_complete_local(worker &w, comm::global_ref f, const void *value,
                           size_t size,
                           std::vector<comm::global_ref> &waiters) {
  future_entry *e = entry(w, f);
  lock(e);
  if (size)
    std::memcpy(e->value, value, size);
  e->done = 1;
  waiters.assign(e->waiters(), e->waiters() + e->n_waiters);
  e->n_waiters = 0;
  unlock(e);
}

} // namespace ito::threads

using namespace ito::threads;
namespace comm = ito::comm;

extern "C" {

uint64_t ito_sched_future_new(int consumers) {
  if (consumers < 1)
    ito::platform::fatal("ito::async() with %d consumers; a future needs at "
                         "least one",
                         consumers);
  worker &w = the_worker();
  comm::global_ref f = w.heap().allocate(
      sizeof(future_entry) + sizeof(comm::global_ref) * size_t(consumers));
  auto *e = static_cast<future_entry *>(w.heap().local(f));
  e->lock.store(0, std::memory_order_relaxed);
  e->done = 0;
  e->consumers_left = consumers;
  e->n_waiters = 0;
  e->capacity = consumers;
  return f;
}

void ito_sched_future_done(uint64_t f, const void *value, size_t size,
                           bool parent_here) {
  // Its consumers may run anywhere.
  ito::memory::fence_release();
  worker &w = the_worker();
  std::vector<comm::global_ref> waiters;
  future_complete(w, f, value, size, waiters);
  if (parent_here) {
    // Work first: the parent goes on; the waiters run when we are idle, or
    // on whichever process steals them first.
    w.make_ready(waiters.data(), waiters.size());
    return;
  }
  // A future has no join to reduce views at.
  if (void *v = views::take(); v && v != views::empty)
    ito::platform::fatal("a reducer was updated in a task of ito::async() "
                         "whose parent went on elsewhere; reducers are "
                         "reduced at joins: use ito::thread or cilk_spawn");
  if (waiters.empty())
    enter_scheduler();
  // Greedy: run one waiter now, the rest when idle.
  comm::global_ref first = waiters.front();
  w.make_ready(waiters.data() + 1, waiters.size() - 1);
  // Freed now: this frame is abandoned, not returned from.
  std::vector<comm::global_ref>().swap(waiters);
  ito_uat_call_on(
      w.scheduler_stack_top(),
      [](void *p) { resume_evacuated(reinterpret_cast<comm::global_ref>(p)); },
      reinterpret_cast<void *>(first));
}

void ito_sched_future_get(uint64_t f, void *out, size_t size) {
  if (f == 0)
    ito::platform::fatal("get() on an empty ito::future (default-constructed "
                         "or never assigned from ito::async())");
  if (!future_take(the_worker(), f, out, size, 0)) {
    // The waiter may be resumed in another process: its writes go first.
    ito::memory::fence_release_leaving();
    get_wait g{f, out, size};
    void *taken =
        ito_uat_suspend(park_on_future, &g, the_worker().scheduler_stack_top());
    if (!taken) // woken by the producer: the value is there now
      future_take(the_worker(), f, out, size, 0);
  }
  // The producer may have run in another process.
  ito::memory::fence_acquire();
}

} // extern "C"
