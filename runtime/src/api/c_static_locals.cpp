// C++ static locals that a dynamic initializer sets, in a translated
// program: one object for the whole job (clang-plugin/lib/Rewrite/
// EmitGlobals.cpp puts its storage and guard in the shared sections).
// Without this each process would build its own copy the first time one of
// its tasks got there, and a task in another process would not see what
// main stored in it. The guard goes 0 (not built) -> 1 (being built, by one
// process) -> 2 (built); acquire and release make the object seen built
// between nodes too.
#include "api/program_atomics.hpp"
#include "memory/atomic_ops.hpp"

#include <ito/cilk_abi.h>
#include <ito/detail/tasks.hpp>

#include <cstdint>
#include <sched.h>

namespace {

constexpr uint64_t not_built = 0, building = 1, built = 2;

uint64_t state(long *guard) {
  return __ito_atomic_load(guard, sizeof *guard, ito::memory::order_acquire);
}

} // namespace

extern "C" void ito_abi_static_init(long *guard,
                                    void (*init)(void *ctx, void *storage),
                                    void *ctx, void *storage) {
  if (__builtin_expect(state(guard) == built, 1))
    return;
  while (true) {
    if (__ito_atomic_cas(guard, not_built, building, sizeof *guard,
                         ito::memory::order_acquire |
                             ito::memory::order_release) == not_built) {
      try {
        init(ctx, storage);
      } catch (...) {
        // As C++ does: the next to get here tries again.
        __ito_atomic_store(guard, not_built, sizeof *guard,
                           ito::memory::order_release);
        throw;
      }
      __ito_atomic_store(guard, built, sizeof *guard,
                         ito::memory::order_release);
      return;
    }
    // Another process builds it; it may ask this one meanwhile (to keep
    // the object's destructor for the exit, ito_abi_destroy_at_exit), so
    // this one serves while it waits.
    uint64_t s;
    while ((s = state(guard)) == building)
      ito_sched_wait_turn();
    if (s == built)
      return;
  }
}
