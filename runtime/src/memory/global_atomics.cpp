// The program's atomic operations when its processes span several nodes.
// Global memory is coherent at fences only, so an atomic operation on a
// cached copy would be atomic on that copy alone; instead each one on
// memory homed on another node is shipped to the home process, which does
// it on the memory itself (where the processes of its node do theirs with
// the CPU's atomics), and the answer also updates this process's cached
// copy. Memory orders become the fork/join fences: an operation that
// releases writes this process's changes home first, one that acquires
// drops what this process holds from other nodes afterwards, so data
// published through an atomic (a lock, a flag) is seen as under one node.
//
// On one node none of this runs: api/c_atomics.cpp does the operation with
// the CPU's atomics.
#include "memory/memory.hpp"
#include "memory/remote_access.hpp"
#include "platform/stats.hpp"

extern "C" {
char __ito_atomics_between_nodes = 0;
}

namespace ito::memory {

bool memory_system::remote_home(const void *p, home_loc &h) {
  if (one_node_)
    return false;
  if (view_->in_noncollective(p)) {
    if (homes_->on_node(view_->noncollective_owner(p)))
      return false;
  } else if (globals_.contains(p)) {
    if (homes_->on_node(0))
      return false;
  } else if (!view_->in_collective(p)) {
    return false;
  }
  const std::size_t bs = cache_->block_size();
  const char *c = static_cast<const char *>(p);
  const char *start =
      reinterpret_cast<const char *>(reinterpret_cast<uintptr_t>(p) / bs * bs);
  h = home_of_block(start);
  if (homes_->on_node(h.rank))
    return false;
  h.offset += static_cast<uint64_t>(c - start);
  return true;
}

uint64_t memory_system::atomic_access(void *p, const atomic_args &a) {
  if (a.order & order_release)
    release(false);
  home_loc h;
  uint64_t old;
  if (!remote_home(p, h)) {
    old = apply_atomic(p, a);
    // The program may be spinning on this word (a lock) while whoever will
    // change it waits for this process to serve a fetch.
    if (is_global(p))
      ep_.net().poll();
  } else {
    const std::size_t bs = cache_->block_size();
    const uint64_t id = reinterpret_cast<uintptr_t>(p) / bs;
    const auto off = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p) % bs);
    // A plain write of this process to the block must not reach home after
    // the operation (and undo it).
    if (dirty_)
      release(false);
    old = remote_atomic(ep_.net(), h, a);
    stats_.remote_atomics++;
    cache_block *b = cache_->find(id);
    if (b && b->valid.contains(off, off + a.size)) {
      // The cached copy (and its twin, so that the next release does not
      // count it as this process's write) shows the operation's result.
      const uint64_t now = atomic_result(a, old);
      std::memcpy(b->data + off, &now, a.size);
      if (b->twin)
        std::memcpy(b->twin + off, &now, a.size);
    }
  }
  if (a.order & order_acquire)
    acquire();
  return old;
}

} // namespace ito::memory
