#include "memory/coherence.hpp"

#include "comm/endpoint.hpp"
#include "memory/memory.hpp"
#include "memory/remote_access.hpp"
#include "platform/own_allocations.hpp"
#include "platform/process_exit.hpp"
#include "platform/stats.hpp"
#include "platform/trace.hpp"

#include <ito/detail/tasks.hpp>

#include <algorithm>

namespace ito::memory {

namespace {
// Set while requests are served at a fork's poll or in the idle loop.
bool at_release_point = false;
} // namespace

void memory_system::mark_dirty() {
  if (dirty_)
    return;
  dirty_ = true;
  coh_->dirty.store(1, std::memory_order_release);
  // Eager write-back: the release owed to the next fork happens at that
  // fork's poll; bring the poll forward instead of testing on every fork.
  if (opts_.policy == cache_policy::write_back && in_tasks_ &&
      ito_sched_poll_countdown > 0) {
    // The poll counts the interval as if it had run out: count the forks
    // it skips.
    stats_.forks -= static_cast<uint64_t>(ito_sched_poll_countdown);
    ito_sched_poll_countdown = 0;
  }
}

void memory_system::release(bool requested, uint64_t before) {
  platform::own_allocation_scope runtime_buffers;
  const uint64_t epoch = coh_->current_epoch.load(std::memory_order_relaxed);
  if (!dirty_) {
    if (!pending_frees_.empty())
      send_pending_frees();
    // Nothing to write; a request can only be for a write-back that has
    // happened, but never leave a waiter behind.
    if (coh_->request_epoch.load(std::memory_order_acquire) > epoch)
      coh_->current_epoch.store(epoch + 1, std::memory_order_release);
    return;
  }
  const uint64_t t0 = platform::tracing() ? platform::now_ns() : 0;
  const uint64_t written_before = stats_.written_back_bytes;
  write_back_twins(before);
  for (cache_block *b : cache_->dirty_list()) {
    for (const byte_range &r : b->dirty.ranges()) {
      home_loc at = b->home;
      at.offset += r.lo;
      begin_write(ep_.net(), at, b->data + r.lo, r.hi - r.lo);
      writes_.push_back(at.rank);
      stats_.written_back_bytes += r.hi - r.lo;
    }
    b->dirty.clear();
    b->in_dirty_list = false;
  }
  cache_->dirty_list().clear();
  for (int r : writes_)
    finish_write(ep_.net(), r);
  writes_.clear();
  stats_.releases++;
  if (requested)
    stats_.lazy_releases++;
  // Twins left (made after the fork of a thief's continuation): this
  // process is still dirty, and no epoch is complete. Frees wait for them
  // too, since a write-back after a free could land in the block's next
  // life.
  if (n_twins_ == 0) {
    if (!pending_frees_.empty())
      send_pending_frees();
    dirty_ = false;
    coh_->dirty.store(0, std::memory_order_release);
    coh_->current_epoch.store(epoch + 1, std::memory_order_release);
  } else {
    stats_.partial_releases++;
  }
  if (t0) {
    const uint64_t now = platform::now_ns();
    platform::trace(platform::trace_kind::release, t0, now, -1,
                    stats_.written_back_bytes - written_before);
    platform::trace(platform::trace_kind::cache, now, now, -1,
                    cache_->valid_list().size() * cache_->block_size());
  }
}

void memory_system::acquire() {
  platform::own_allocation_scope runtime_buffers;
  const uint64_t t0 = platform::tracing() ? platform::now_ns() : 0;
  drop_implicit();
  auto &list = cache_->valid_list();
  if (list.empty())
    return;
  std::size_t kept = 0;
  for (cache_block *b : list) {
    b->valid.clear();
    for (const byte_range &r : b->dirty.ranges())
      b->valid.add(r.lo, r.hi);
    if (b->valid.empty())
      b->in_valid_list = false;
    else
      list[kept++] = b;
  }
  list.resize(kept);
  stats_.acquires++;
  if (t0) {
    const uint64_t now = platform::now_ns();
    platform::trace(platform::trace_kind::acquire, t0, now);
    platform::trace(platform::trace_kind::cache, now, now, -1,
                    list.size() * cache_->block_size());
  }
}

void memory_system::poll_requests(bool in_leaf) {
  if (!deferred_steals_.empty())
    answer_deferred_steals();
  if (!dirty_)
    return;
  // The eager policy's write-back is owed to the next fork, not to the
  // polls inside a leaf's loops: there it would write back every 16 us
  // and make each write fault again (a merge's leaf ran 100x slower).
  if (opts_.policy == cache_policy::write_back)
    return in_leaf ? void() : release(false);
  if (coh_->request_epoch.load(std::memory_order_acquire) >
      coh_->current_epoch.load(std::memory_order_relaxed))
    release(true);
}

// Whether the reply to a steal by a thief of another node may go now: at a
// release point, once what the continuation may read is home; with nothing
// to write, at once. Otherwise this keeps the reply until its next poll.
bool memory_system::release_for_remote_thief(int thief,
                                             uint64_t first_write_after_fork,
                                             std::vector<char> &reply) {
  if (!dirty_)
    return true;
  if (at_release_point) {
    // (Steals served while this write-back waits for its replies wait for
    // the next one.)
    at_release_point = false;
    release(true, first_write_after_fork);
    at_release_point = true;
    return true;
  }
  deferred_before_ = std::max(deferred_before_, first_write_after_fork);
  deferred_steals_.push_back(deferred_steal{thief, std::move(reply)});
  return false;
}

// What the continuations of the steals kept may read, for all of them at
// once; then their replies. (Steals served during this write-back are kept
// for the next.)
void memory_system::answer_deferred_steals() {
  std::vector<deferred_steal> answering;
  answering.swap(deferred_steals_);
  const uint64_t before = deferred_before_;
  deferred_before_ = 0;
  release(true, before);
  for (deferred_steal &d : answering)
    ep_.net().send_reply(d.thief, std::move(d.reply));
}

release_handler memory_system::handler_for_local_victim(int victim) {
  coherence_shared *c = homes_->coherence_of(victim);
  const uint64_t epoch = c->current_epoch.load(std::memory_order_acquire);
  if (!c->dirty.load(std::memory_order_acquire))
    return release_handler{victim, 0};
  // Remote max: several thieves may ask; the largest epoch is enough.
  uint64_t seen = c->request_epoch.load(std::memory_order_relaxed);
  while (seen < epoch + 1 && !c->request_epoch.compare_exchange_weak(
                                 seen, epoch + 1, std::memory_order_acq_rel)) {
  }
  return release_handler{victim, epoch + 1};
}

// (h is of a victim of this node, whose epochs are in shared memory.)
void memory_system::wait_for(const release_handler &h) {
  if (h.epoch == 0)
    return;
  coherence_shared *c = homes_->coherence_of(h.rank);
  platform::wait_timer waiting(stats_.wait_ns);
  while (c->current_epoch.load(std::memory_order_acquire) < h.epoch) {
    if (ep_.multi_node())
      ep_.net().poll();
    poll_requests();
    // The victim may have ended the job instead of writing back.
    if (platform::stop_requested())
      platform::stop_at_safe_point();
    __builtin_ia32_pause();
  }
}

// ---- What the scheduler calls ----------------------------------------------

void poll_at_release_point() {
  comm::endpoint *e = comm::the_endpoint_or_null();
  if (!e || !e->multi_node())
    return;
  at_release_point = true;
  e->net().poll();
  at_release_point = false;
}

void fence_release() {
  if (memory_system *m = the_memory_or_null())
    m->release(false);
}

void fence_release_leaving() {
  if (memory_system *m = the_memory_or_null()) {
    m->check_no_open_checkout();
    m->release(false);
  }
}

void fence_enter_region() {
  if (memory_system *m = the_memory_or_null()) {
    m->release(false);
    m->enter_region();
  }
}

void fence_leave_region() {
  if (memory_system *m = the_memory_or_null()) {
    m->release(false);
    m->leave_region();
  }
}

void fence_acquire() {
  if (memory_system *m = the_memory_or_null())
    m->acquire();
}

void fence_poll(bool in_leaf) {
  if (memory_system *m = the_memory_or_null())
    m->poll_requests(in_leaf);
}

void set_first_write_hook(first_write_hook hook) {
  if (memory_system *m = the_memory_or_null())
    m->set_first_write_hook(hook);
}

bool fence_release_for_remote_thief(int thief, uint64_t first_write_after_fork,
                                    std::vector<char> &reply) {
  if (memory_system *m = the_memory_or_null())
    return m->release_for_remote_thief(thief, first_write_after_fork, reply);
  return true;
}

void fence_after_steal(int victim, bool on_other_node) {
  memory_system *m = the_memory_or_null();
  if (!m)
    return;
  if (!on_other_node)
    m->wait_for(m->handler_for_local_victim(victim));
  m->acquire();
}

} // namespace ito::memory
