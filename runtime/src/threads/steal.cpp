// Continuation stealing between workers of one node: the thief locks the
// victim's deque, takes its oldest continuation, copies the frames to the
// same addresses in its own uni-address region, and resumes them.
#include "platform/error.hpp"
#include "threads/scheduler.hpp"
#include "threads/worker.hpp"

#include <ito/detail/deque.hpp>

#include <cstring>

extern "C" [[noreturn]] void ito_uat_resume(void *ctx, void *value);

namespace ito::threads {

namespace {

// THE protocol, thief side. On success the stolen continuation has been
// copied here and its deque slot carries the join entry both sides use.
bool steal_from(worker &w, const peer &v, void *&ctx, void *&base,
                global_ref &join, global_ref &parent_join) {
  detail::deque *d = v.dq;
  if (d->top.load(std::memory_order_relaxed) >=
      d->bottom.load(std::memory_order_relaxed))
    return false;
  if (!worker::try_lock_deque(d))
    return false;
  int64_t t = d->top.load(std::memory_order_relaxed);
  d->top.store(t + 1, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (t + 1 > d->bottom.load(std::memory_order_relaxed)) {
    d->top.store(t, std::memory_order_relaxed);
    worker::unlock_deque(d);
    return false;
  }
  detail::deque_slot &slot = d->slots[t];
  const detail::deque_slot &below = d->slots[t - 1];
  ctx = slot.ctx;
  base = below.ctx;
  parent_join = below.join;
  if (!slot.join)
    slot.join = new_join_entry(w);
  join = slot.join;
  // Copy under the lock: once the victim sees the theft it may reuse its
  // region for a new chain.
  char *lo = static_cast<char *>(ctx), *hi = static_cast<char *>(base);
  const char *src = v.stack + (lo - w.stacks().base());
  std::memcpy(lo, src, static_cast<size_t>(hi - lo));
  worker::unlock_deque(d);
  w.counters().stolen_bytes += static_cast<uint64_t>(hi - lo);
  return true;
}

} // namespace

void try_steal() {
  worker &w = the_worker();
  const auto &peers = w.peers();
  if (peers.empty())
    return;
  const peer &v = peers[w.rng()() % peers.size()];
  uint64_t t0 = w.stats_enabled() ? now_ns() : 0;
  w.counters().steal_attempts++;
  void *ctx, *base;
  global_ref join, parent_join;
  if (!steal_from(w, v, ctx, base, join, parent_join))
    return;
  w.start_chain(base, parent_join);
  stats &s = w.counters();
  s.steals++;
  if (w.stats_enabled()) {
    uint64_t dt = now_ns() - t0;
    s.steal_ns_total += dt;
    if (dt > s.steal_ns_max)
      s.steal_ns_max = dt;
  }
  ito_uat_resume(ctx, reinterpret_cast<void *>(join));
}

} // namespace ito::threads
