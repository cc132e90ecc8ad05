// Where the program's allocations go (malloc, free, realloc, ...): entry
// points for the C library's allocation functions that libito defines
// (api/c_malloc.cpp). A Cilk program's worker thread allocates from its
// rank's program heap while the runtime runs; before and after, and on
// other threads, allocation is the C library's. A free goes by address:
// a block of this rank's heap is freed at once, one of another rank of the
// node on that rank's inbox, one of another node by a message to it.
#pragma once

#include "memory/global_view.hpp"

#include <cstddef>
#include <cstdint>

namespace ito::memory {

class memory_system;

namespace program_memory {

// True on the thread that allocates from the program heap, while it does.
extern thread_local bool on_heap_thread
    __attribute__((tls_model("initial-exec")));

// From here until stop(), the calling thread allocates in m's program heap.
void start(memory_system &m);
// Back to the C library (before the runtime is torn down).
void stop();

// Addresses in the global view: never the C library's.
inline bool in_view(const void *p) {
  return reinterpret_cast<uintptr_t>(p) - global_view::base_address <
         global_view::collective_size + global_view::noncollective_size;
}

// Before a system call touches [p, p + n) of the program's memory: how
// many bytes from p it may use now (memory_system::ready_for_kernel).
std::size_t ready_for_kernel_slow(const void *p, std::size_t n,
                                  bool will_write);
inline std::size_t ready_for_kernel(const void *p, std::size_t n,
                                    bool will_write) {
  return on_heap_thread ? ready_for_kernel_slow(p, n, will_write) : n;
}

// A loop's announced range (memory_system::fetch_range).
void fetch_range(const void *p, std::size_t n, bool write);

void *allocate(std::size_t size);
void *allocate_zeroed(std::size_t size);
void *allocate_aligned(std::size_t align, std::size_t size);
// p: in the view.
void release(void *p);
void *reallocate(void *p, std::size_t size);
std::size_t usable_size(const void *p);

} // namespace program_memory
} // namespace ito::memory
