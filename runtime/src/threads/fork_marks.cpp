#include "threads/fork_marks.hpp"

#include "memory/coherence.hpp"
#include "threads/worker.hpp"

#include <ito/detail/deque.hpp>

#include <memory>

namespace ito::threads {

namespace {

detail::deque *marked = nullptr;
// marks[t]: the number of the first block written after slot t's fork,
// valid while the bit of slot t's context is set.
std::unique_ptr<uint64_t[]> marks;

uintptr_t *context_word(detail::deque_slot &s) {
  return reinterpret_cast<uintptr_t *>(&s.ctx);
}

// The slots without a mark are the newest ones (a fork pushes one without,
// and a first write marks them all), so the walk stops at the first marked.
// Thieves read the words meanwhile, and take the context without the bit.
void mark_continuations(uint64_t number) {
  detail::deque *d = marked;
  const int64_t top = d->top.load(std::memory_order_relaxed);
  for (int64_t t = d->bottom.load(std::memory_order_relaxed) - 1; t >= top;
       t--) {
    uintptr_t *word = context_word(d->slots[t]);
    const uintptr_t ctx = __atomic_load_n(word, __ATOMIC_RELAXED);
    if (ctx & 1)
      break;
    marks[t] = number;
    __atomic_store_n(word, ctx | 1, __ATOMIC_RELAXED);
  }
}

} // namespace

void install_fork_marks(worker &w) {
  marked = w.dq();
  marks = std::make_unique<uint64_t[]>(static_cast<size_t>(marked->capacity));
  memory::set_first_write_hook(mark_continuations);
}

uint64_t first_write_after_fork(const worker &w, int64_t slot) {
  const auto ctx = reinterpret_cast<uintptr_t>(w.dq()->slots[slot].ctx);
  return ctx & 1 ? marks[slot] : memory::all_writes;
}

} // namespace ito::threads
