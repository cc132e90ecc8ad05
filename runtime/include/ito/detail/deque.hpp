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

// The owner's pop of its newest continuation, without atomic
// read-modify-write: true when it is still here. On false the runtime's
// locked path decides (see ito_sched_pop_conflict).
inline bool pop_fast(deque *d) {
  int64_t b = d->bottom.load(std::memory_order_relaxed) - 1;
  // A locked instruction orders the store before the load of top; on
  // x86-64 it is cheaper than mfence.
  d->bottom.exchange(b, std::memory_order_seq_cst);
  return d->top.load(std::memory_order_relaxed) <= b;
}

} // namespace ito::detail

#endif // ITO_DETAIL_DEQUE_HPP
