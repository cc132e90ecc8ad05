// The C API of global memory (ito.h).
#include "memory/memory.hpp"
#include "memory/program_memory.hpp"

#include "platform/error.hpp"

#include <ito/ito.h>

extern "C" int ito_sched_in_root(void);

using ito::memory::the_memory;

extern "C" {

void *ito_malloc(size_t size) {
  return the_memory("ito_malloc").allocate(size);
}

void ito_free(void *p, size_t size) {
  the_memory("ito_free").deallocate(p, size);
}

void *ito_malloc_collective(size_t size, ito_dist dist, size_t block_size) {
  return the_memory("ito_malloc_collective")
      .allocate_collective(size, static_cast<ito::memory::distribution>(dist),
                           block_size);
}

void ito_free_collective(void *p) {
  the_memory("ito_free_collective").free_collective(p);
}

void *ito_checkout(const void *p, size_t size, ito_mode mode) {
  the_memory("ito_checkout").checkout(p, size, mode);
  return const_cast<void *>(p);
}

void ito_checkin(const void *p, size_t size, ito_mode mode) {
  the_memory("ito_checkin").checkin(p, size, mode);
}

// Called by the range fetches of ito-cc's pass before a loop, when
// __ito_fetch_ranges is set (memory_system::fetch_range).
void ito_fetch_range(const void *p, size_t size, int write) {
  ito::memory::program_memory::fetch_range(p, size, write != 0);
}

void ito_barrier(void) {
  ito::memory::memory_system &m = the_memory("ito_barrier");
  if (ito_sched_in_root())
    ito::platform::fatal("ito_barrier() called inside a root task; it is for "
                         "SPMD mode (tasks synchronize by join)");
  m.release(false);
  m.spmd_barrier();
  m.acquire();
}

void ito_get(void *dst, const void *src, size_t size) {
  the_memory("ito_get").get(dst, src, size);
}

void ito_put(void *dst, const void *src, size_t size) {
  the_memory("ito_put").put(dst, src, size);
}

void ito_span_out_of_range(const char *what, size_t offset, size_t count,
                           size_t size) {
  ito::platform::fatal("%s: %zu elements from element %zu leave the span, "
                       "which has %zu",
                       what, count, offset, size);
}

} // extern "C"
