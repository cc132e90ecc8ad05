// A worker's work-stealing deque (see deque_layout.h), as C++ sees it.
#ifndef ITO_DETAIL_DEQUE_HPP
#define ITO_DETAIL_DEQUE_HPP

#include <ito/detail/deque_layout.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace ito::detail {

struct deque_slot {
  void *ctx;     // the saved continuation (its lowest stack address)
  uint64_t join; // global ref of the join entry, set when it is stolen
};

struct deque {
  alignas(64) std::atomic<int64_t> top;
  alignas(64) std::atomic<int64_t> bottom;
  alignas(64) std::atomic<int32_t> lock;
  int64_t capacity;                // number of slots
  alignas(64) deque_slot slots[1]; // [capacity]
};

static_assert(offsetof(deque, top) == ITO_DEQUE_TOP_OFFSET);
static_assert(offsetof(deque, bottom) == ITO_DEQUE_BOTTOM_OFFSET);
static_assert(offsetof(deque, lock) == ITO_DEQUE_LOCK_OFFSET);
static_assert(offsetof(deque, slots) == ITO_DEQUE_SLOTS_OFFSET);
static_assert(sizeof(deque_slot) == ITO_DEQUE_SLOT_SIZE);

} // namespace ito::detail

extern "C" {
// Nonzero when thieves cannot force a memory barrier on their victims
// (membarrier(2) unavailable): then the owner fences on every pop.
extern int ito_sched_owner_fences;
}

namespace ito::detail {

// The owner's pop of its newest continuation: true when it is still here.
// On false the runtime's locked path decides (ito_sched_pop_conflict).
//
// THE protocol needs the store to bottom ordered before the load of top
// (Dekker). Thieves are rare and owners pop all the time, so the barrier is
// asymmetric: a thief makes every process of the job execute one
// (membarrier(2)) between bumping top and reading bottom, and the owner
// needs only to keep the compiler from reordering.
inline bool pop_fast(deque *d) {
  int64_t b = d->bottom.load(std::memory_order_relaxed) - 1;
  if (__builtin_expect(ito_sched_owner_fences, 0))
    d->bottom.exchange(b, std::memory_order_seq_cst);
  else
    d->bottom.store(b, std::memory_order_relaxed);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  return d->top.load(std::memory_order_relaxed) <= b;
}

} // namespace ito::detail

#endif // ITO_DETAIL_DEQUE_HPP
