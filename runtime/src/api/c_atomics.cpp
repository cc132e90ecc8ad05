// The atomic operations of a program compiled by ito-cc: its compiler pass
// (clang-plugin/lib/Passes/GlobalAtomics.cpp) turns each atomic instruction
// of the program into one of these calls. On one node they are the CPU's
// atomics; on several, memory_system::atomic_access does them where the
// memory lives, with the fences of their memory order.
//
// Values travel zero-extended in 64 bits; size is 1, 2, 4 or 8 bytes; order
// has the bits order_acquire and order_release.
#include "api/program_atomics.hpp"
#include "memory/atomic_ops.hpp"
#include "memory/memory.hpp"

#include <cstdint>

using ito::memory::atomic_args;
using ito::memory::atomic_op;

namespace {

inline uint64_t run(void *p, const atomic_args &a) {
  if (__builtin_expect(!__ito_atomics_between_nodes, 1))
    return ito::memory::apply_atomic(p, a);
  ito::memory::memory_system *m = ito::memory::the_memory_or_null();
  return m ? m->atomic_access(p, a) : ito::memory::apply_atomic(p, a);
}

} // namespace

extern "C" {

uint64_t __ito_atomic_rmw(void *p, uint64_t value, uint32_t op, uint32_t size,
                          uint32_t order) {
  return run(p,
             atomic_args{static_cast<atomic_op>(op), size, order, 0, value, 0});
}

uint64_t __ito_atomic_cas(void *p, uint64_t expected, uint64_t desired,
                          uint32_t size, uint32_t order) {
  return run(p, atomic_args{atomic_op::cas, size, order, 0, desired, expected});
}

uint64_t __ito_atomic_load(void *p, uint32_t size, uint32_t order) {
  return run(p, atomic_args{atomic_op::load, size, order, 0, 0, 0});
}

void __ito_atomic_store(void *p, uint64_t value, uint32_t size,
                        uint32_t order) {
  run(p, atomic_args{atomic_op::store, size, order, 0, value, 0});
}

void __ito_atomic_fence(uint32_t order) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (__builtin_expect(!__ito_atomics_between_nodes, 1))
    return;
  if (ito::memory::memory_system *m = ito::memory::the_memory_or_null()) {
    if (order & ito::memory::order_release)
      m->release(false);
    if (order & ito::memory::order_acquire)
      m->acquire();
  }
}

} // extern "C"
