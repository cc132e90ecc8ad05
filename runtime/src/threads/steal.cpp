// Continuation stealing: the thief takes the oldest continuation of a
// victim's deque (THE protocol), copies its frames to the same addresses in
// its own uni-address region, and resumes them. A victim on this node is
// robbed directly through shared memory; a victim on another node runs the
// same protocol on its own deque when it polls, on the thief's behalf.
#include "comm/dispatch.hpp"
#include "memory/coherence.hpp"
#include "platform/error.hpp"
#include "platform/sanitizers.hpp"
#include "platform/trace.hpp"
#include "threads/context.hpp"
#include "threads/exception_state.hpp"
#include "threads/fork_marks.hpp"
#include "threads/fp_control.hpp"
#include "threads/remote_ops.hpp"
#include "threads/scheduler.hpp"
#include "threads/views.hpp"
#include "threads/worker.hpp"

#include <ito/detail/deque.hpp>

#include <algorithm>
#include <cstring>

namespace ito::threads {

namespace {

struct stolen {
  void *ctx;
  void *base;
  int64_t slot; // its place in the victim's deque
  // Where the thief's parent meets the child, and where the stolen thread
  // delivers its own value.
  comm::global_ref join, parent_join;
};

// THE protocol, thief side, on deque d. copy(ctx, size) moves the stolen
// frames where they go; it runs under the deque lock, because once the
// victim sees the theft it may reuse its region for a new chain. The join
// entry comes from w's heap.
template <class Copy>
bool take_oldest(worker &w, detail::deque *d, Copy &&copy, stolen &s) {
  if (d->top.load(std::memory_order_relaxed) >=
      d->bottom.load(std::memory_order_relaxed))
    return false;
  if (!worker::try_lock_deque(d))
    return false;
  int64_t t = d->top.load(std::memory_order_relaxed);
  d->top.store(t + 1, std::memory_order_relaxed);
  // The other half of the asymmetric barrier of pop_fast.
  w.barrier_for_thief();
  if (t + 1 > d->bottom.load(std::memory_order_relaxed)) {
    d->top.store(t, std::memory_order_relaxed);
    worker::unlock_deque(d);
    return false;
  }
  detail::deque_slot &slot = d->slots[t];
  s.ctx = detail::context_of(slot);
  s.base = detail::context_of(d->slots[t - 1]);
  s.slot = t;
  s.parent_join = d->slots[t - 1].join;
  if (!slot.join)
    slot.join = new_join_entry(w);
  s.join = slot.join;
  copy(static_cast<char *>(s.ctx),
       static_cast<size_t>(static_cast<char *>(s.base) -
                           static_cast<char *>(s.ctx)));
  worker::unlock_deque(d);
  return true;
}

// Sent once what the continuation may read is home (the lazy release of
// the fork, Itoyori SC'23, Fig. 6, which the victim does before it replies).
struct steal_reply {
  uint64_t ok;      // a continuation follows
  comm::global_ref ready; // or: a parked thread that is ready to run
  stolen s;
  uint64_t fp_control; // the victim's (fp_control.hpp)
};

bool steal_remote(worker &w, int victim, stolen &s, uint64_t &fp) {
  comm::msg_header h{comm::msg_kind::steal, 0, 0, 0};
  std::vector<char> reply;
  w.net().call(victim, &h, sizeof h, reply);
  steal_reply r;
  std::memcpy(&r, reply.data(), sizeof r);
  if (r.ready)
    resume_evacuated(r.ready);
  if (!r.ok)
    return false;
  memory::fence_after_steal(victim, /*on_other_node=*/true);
  const size_t size = static_cast<size_t>(static_cast<char *>(r.s.base) -
                                          static_cast<char *>(r.s.ctx));
  platform::unpoison(r.s.ctx, size);
  std::memcpy(r.s.ctx, reply.data() + sizeof r, size);
  s = r.s;
  fp = r.fp_control;
  return true;
}

} // namespace

bool serve_steal(worker &w, int thief, std::vector<char> &reply) {
  steal_reply r{};
  reply.resize(sizeof r);
  stolen s;
  auto append_frames = [&](const char *ctx, size_t size) {
    platform::unpoison(ctx, size);
    reply.insert(reply.end(), ctx, ctx + size);
  };
  if ((r.ready = w.shared()->ready.take()) == 0 &&
      take_oldest(w, w.dq(), append_frames, s)) {
    r.ok = 1;
    r.s = s;
    r.fp_control = current_fp_control();
  }
  std::memcpy(reply.data(), &r, sizeof r);
  return !r.ok || memory::fence_release_for_remote_thief(
                      thief, first_write_after_fork(w, s.slot), reply);
}

void try_steal() {
  worker &w = the_worker();
  const int n = w.topo().n_ranks();
  if (n == 1)
    return;
  int victim = static_cast<int>(w.rng()() % static_cast<unsigned>(n - 1));
  if (victim >= w.rank())
    victim++;
  const uint64_t t0 =
      w.stats_enabled() || platform::tracing() ? platform::now_ns() : 0;
  w.counters().steal_attempts++;
  stolen s;
  bool ok;
  uint64_t fp = 0;
  if (const peer *p = w.local_peer(victim)) {
    if (comm::global_ref t = p->shared->ready.take()) {
      w.counters().steals++;
      resume_evacuated(t);
    }
    const char *view = p->stack;
    char *region = w.stacks().base();
    auto copy_frames = [&](char *ctx, size_t size) {
      platform::unpoison(ctx, size);
      std::memcpy(ctx, view + (ctx - region), size);
    };
    ok = take_oldest(w, p->dq, copy_frames, s);
    if (ok) {
      memory::fence_after_steal(victim, /*on_other_node=*/false);
      fp = p->shared->fp_control.load(std::memory_order_relaxed);
    }
  } else {
    ok = steal_remote(w, victim, s, fp);
  }
  if (!ok) {
    if (t0)
      w.counters().steal_try_ns += platform::now_ns() - t0;
    return;
  }
  // The continuation goes on with its floating-point control state.
  if (set_fp_control(fp))
    publish_fp_control();
  platform::stats &st = w.counters();
  st.steals++;
  st.stolen_bytes += static_cast<uint64_t>(static_cast<char *>(s.base) -
                                           static_cast<char *>(s.ctx));
  if (t0) {
    // (Before start_chain, so that the steal lies within the idle time.)
    const uint64_t dt = platform::now_ns() - t0;
    st.steal_try_ns += dt;
    st.steal_ns_total += dt;
    st.steal_ns_max = std::max(st.steal_ns_max, dt);
    st.add_steal_latency(dt);
    if (platform::tracing())
      platform::trace(platform::trace_kind::steal, t0, t0 + dt, victim);
  }
  w.start_chain(s.base, s.parent_join);
  // A stolen continuation starts with views of its own, and with no
  // exception being handled.
  views::set(views::empty);
  set_exception_state({});
  ito_uat_resume(s.ctx, reinterpret_cast<void *>(s.join));
}

void publish_fp_control() {
  if (worker *w = the_worker_or_null())
    w->shared()->fp_control.store(current_fp_control(),
                                  std::memory_order_relaxed);
}

} // namespace ito::threads
