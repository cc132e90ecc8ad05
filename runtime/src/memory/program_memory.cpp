#include "memory/program_memory.hpp"

#include "memory/home.hpp"
#include "memory/memory.hpp"
#include "memory/remote_access.hpp"
#include "platform/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <pthread.h>

extern "C" {
void *__libc_malloc(std::size_t);
void __libc_free(void *);
}

namespace ito::memory::program_memory {

thread_local bool on_heap_thread = false;

namespace {

memory_system *live = nullptr;

// The heaps' layout, still known after the runtime has ended (the heaps
// stay mapped; a static object's destructor may realloc or size a block).
struct heap_layout {
  int rank = -1;
  std::size_t slice = 0, program_offset = 0, heap_size = 0;
} layout;

[[noreturn, gnu::cold]] void exhausted(std::size_t size) {
  program_heap &h = live->own_program_heap();
  on_heap_thread = false; // the message itself may allocate
  platform::fatal("out of heap memory: this process has %zu MiB of its "
                  "%zu MiB heap in use and asked for %zu bytes more; raise "
                  "ITO_HEAP_SIZE (each process's share of the program's "
                  "heap)",
                  h.bytes_in_use() >> 20, h.size() >> 20, size);
}

// A request no heap could meet is the program's to handle, as with the C
// library: a null pointer and ENOMEM.
void *too_large() {
  errno = ENOMEM;
  return nullptr;
}

[[noreturn, gnu::cold]] void bad_remote_free(void *p) {
  on_heap_thread = false;
  platform::fatal("free(%p) in another process or thread: not a block of "
                  "the heap of this process (freed twice, or a pointer into "
                  "a block rather than its start)",
                  p);
}

[[noreturn, gnu::cold]] void bad_free(const void *p, const char *what) {
  on_heap_thread = false;
  platform::fatal("%s(%p): %s", "free", p, what);
}

} // namespace

namespace {
// A child made by fork() shares the heaps' memory with its parent (it is
// shared memory): it must allocate and free in its own C library heap.
void forget_in_child() {
  on_heap_thread = false;
  live = nullptr;
  layout.rank = -1;
}
} // namespace

void start(memory_system &m) {
  static bool registered = false;
  if (!registered) {
    registered = true;
    pthread_atfork(nullptr, nullptr, forget_in_child);
  }
  layout = {m.rank(), m.view().slice(), m.view().program_offset(),
            m.own_program_heap().size()};
  m.own_program_heap().on_bad_remote_free(bad_remote_free);
  live = &m;
  on_heap_thread = true;
}

void stop() {
  on_heap_thread = false;
  live = nullptr;
}

std::size_t ready_for_kernel_slow(const void *p, std::size_t n,
                                  bool will_write) {
  return live ? live->ready_for_kernel(p, n, will_write) : n;
}

void fetch_range(const void *p, std::size_t n, bool write) {
  if (on_heap_thread && live)
    live->fetch_range(p, n, write);
}

void *allocate(std::size_t size) {
  if (__builtin_expect(live->distributes(size), 0))
    if (void *p = live->allocate_distributed(size, false))
      return p;
  program_heap &h = live->own_program_heap();
  if (void *p = h.allocate(size))
    return p;
  if (size >= h.size())
    return too_large();
  exhausted(size);
}

void *allocate_zeroed(std::size_t size) {
  if (__builtin_expect(live->distributes(size), 0))
    if (void *p = live->allocate_distributed(size, true))
      return p;
  program_heap &h = live->own_program_heap();
  if (void *p = h.allocate_zeroed(size))
    return p;
  if (size >= h.size())
    return too_large();
  exhausted(size);
}

void *allocate_aligned(std::size_t align, std::size_t size) {
  // (A distributed array starts at a memory block.)
  if (__builtin_expect(live->distributes(size), 0) &&
      align <= live->view().block_size())
    if (void *p = live->allocate_distributed(size, false))
      return p;
  program_heap &h = live->own_program_heap();
  if (void *p = h.allocate_aligned(align, size))
    return p;
  if (size >= h.size() || align >= h.size())
    return too_large();
  exhausted(size);
}

namespace {

struct block_place {
  int owner;
  std::size_t in_slice;
};

block_place place_of(const global_view &v, const void *p) {
  if (!v.in_noncollective(p))
    bad_free(p, "collective memory (from ito_malloc_collective); free it "
                "with ito_free_collective");
  const int owner = v.noncollective_owner(p);
  const auto in_slice = static_cast<std::size_t>(static_cast<const char *>(p) -
                                                 v.slice_of(owner));
  if (in_slice < v.program_offset())
    bad_free(p, "memory from ito_malloc; free it with ito_free");
  return {owner, in_slice};
}

} // namespace

void release(void *p) {
  memory_system *m = live;
  if (!m)
    return; // after the runtime: the heaps are gone with it (kept mapped)
  const global_view &v = m->view();
  if (v.in_collective(p) && on_heap_thread && m->free_distributed(p))
    return;
  const block_place at = place_of(v, p);
  if (at.owner == m->rank() && on_heap_thread) {
    program_heap &h = m->own_program_heap();
    if (!h.free_own(p))
      bad_free(p, "not a block of the heap (freed twice, or a pointer "
                  "into a block rather than its start)");
    return;
  }
  if (m->homes().on_node(at.owner)) {
    program_heap::push_remote(m->homes().program_heap_of(at.owner), p);
    return;
  }
  // Another node: only the worker thread talks to it; another thread's
  // free of such a block leaves it allocated.
  if (on_heap_thread)
    m->free_on_other_node(at.owner, at.in_slice);
}

std::size_t usable_size(const void *p) {
  if (memory_system *m = live;
      m && on_heap_thread && m->view().in_collective(p))
    if (std::size_t n = m->distributed_size(p))
      return n;
  const int owner = global_view::noncollective_owner_of(p, layout.slice);
  memory_system *m = live;
  // Another node's page map is read like its other heap data, through the
  // fault path, which serves the worker thread while the runtime runs.
  if (owner != layout.rank &&
      (!m || (!on_heap_thread && !m->homes().on_node(owner)))) {
    on_heap_thread = false;
    platform::fatal("the size of the block at %p (realloc or "
                    "malloc_usable_size) can be read only by the process "
                    "that allocated it (process %d)%s",
                    p, owner,
                    m ? " or by a task: not by another thread"
                      : ", after the runtime has ended");
  }
  if (m)
    place_of(m->view(), p);
  const char *slice =
      reinterpret_cast<const char *>(global_view::noncollective_base_address) +
      std::size_t(global_view::noncollective_owner_of(p, layout.slice)) *
          layout.slice;
  return program_heap::usable_size_in(slice + layout.program_offset,
                                      layout.heap_size, p);
}

void *reallocate(void *p, std::size_t size) {
  const std::size_t have = usable_size(p);
  if (have == 0)
    bad_free(p, "realloc of memory that is not a block of the heap (freed, "
                "or a pointer into a block)");
  if (size == 0) {
    release(p);
    return nullptr;
  }
  memory_system *m = live;
  const bool heap = m && on_heap_thread;
  if (heap && m->view().in_noncollective(p) &&
      m->view().noncollective_owner(p) == m->rank() && size <= have &&
      size > have / 2)
    return p;
  void *q = heap ? allocate(size) : __libc_malloc(size);
  if (!q)
    return nullptr;
  std::memcpy(q, p, std::min(have, size));
  release(p);
  return q;
}

} // namespace ito::memory::program_memory
