// A worker's work-stealing deque (see deque_layout.h), as C++ sees it.
#ifndef ITO_DETAIL_DEQUE_HPP
#define ITO_DETAIL_DEQUE_HPP

#include <ito/detail/deque_layout.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace ito::detail {

struct deque_slot {
  // The saved continuation (its lowest stack address, 16-byte aligned).
  // Bit 0 is the runtime's (threads/fork_marks.cpp): the fork stores the
  // word whole, which clears it.
  void *ctx;
  uint64_t join; // global ref of the join entry, set when it is stolen
};

// The saved continuation of a slot, without the runtime's bit.
inline void *context_of(const deque_slot &s) {
  return reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(s.ctx) &
                                  ~uintptr_t(1));
}

// The words are std::atomic for the runtime's own code and plain words
// (same size and representation) for pop_fast below.
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
static_assert(sizeof(std::atomic<int64_t>) == sizeof(int64_t));

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
//
// It uses the builtins on the words themselves, not std::atomic's members:
// those are functions of namespace std, whose atomics ito-cc's pass would
// route through libito (GlobalAtomics.cpp leaves functions of ito alone).
inline bool pop_fast(deque *d) {
  auto *bottom = reinterpret_cast<int64_t *>(&d->bottom);
  auto *top = reinterpret_cast<int64_t *>(&d->top);
  int64_t b = __atomic_load_n(bottom, __ATOMIC_RELAXED) - 1;
  if (__builtin_expect(ito_sched_owner_fences, 0))
    __atomic_exchange_n(bottom, b, __ATOMIC_SEQ_CST);
  else
    __atomic_store_n(bottom, b, __ATOMIC_RELAXED);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  return __atomic_load_n(top, __ATOMIC_RELAXED) <= b;
}

} // namespace ito::detail

#endif // ITO_DETAIL_DEQUE_HPP
