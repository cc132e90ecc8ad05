// The C library's allocation functions, as a Cilk program sees them: while
// the runtime runs, its worker thread allocates in global memory (the
// program heap of its rank, memory/program_memory.hpp), so that a pointer
// the program hands to a task means the same object in every process.
// Otherwise they are the C library's (__libc_*). glibc routes its own
// internal allocations (strdup, fopen, ...) and libstdc++'s operator new
// through these, so replacing this set replaces them all ("Replacing
// malloc" in the glibc manual lists the functions that must go together).
#include "memory/memory.hpp"
#include "memory/program_memory.hpp"
#include "platform/error.hpp"

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <cwchar>
#include <dlfcn.h>
#include <unistd.h>

namespace pm = ito::memory::program_memory;

extern "C" {

// Whether what this thread allocates now is global memory (ito/detail/
// tasks.hpp: a task's exception may then go to a join in another process).
bool ito_abi_heap_is_global(void) { return pm::on_heap_thread; }

// A Cilk Plus reducer's view is made or looked up in a strand that is not
// the leftmost (<cilk/cilk_api.h>): views and the maps that hold them must
// be global memory, since the join that combines them may be in another
// process; a program of the C++ or C API allocates in its own heap.
void ito_views_need_global_heap(void) {
  if (!pm::on_heap_thread)
    ito::platform::fatal(
        "a Cilk reducer is used in a task of a program without a Cilk main "
        "(a program of ito's C++ or C API allocates in each process's own "
        "heap, and the views of a reducer must be global memory for a join "
        "in another process to combine them); use reducers in a Cilk "
        "program compiled by ito-cc or ito-c++, or ito::parallel_reduce");
}

} // extern "C"

extern "C" {
void *__libc_malloc(size_t);
void __libc_free(void *);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);

// AddressSanitizer's allocator, in a program built with -fsanitize=address
// (null otherwise). Its malloc and free are replaced by these, but its own
// interceptors and the libraries it serves before the runtime starts
// allocate there; their blocks must go back there, not to the C library.
void *___interceptor_malloc(size_t) __attribute__((weak));
void ___interceptor_free(void *) __attribute__((weak));
void *___interceptor_calloc(size_t, size_t) __attribute__((weak));
void *___interceptor_realloc(void *, size_t) __attribute__((weak));
void *___interceptor_memalign(size_t, size_t) __attribute__((weak));
size_t ___interceptor_malloc_usable_size(void *) __attribute__((weak));
}

namespace {

// Outside the runtime's heap: AddressSanitizer's allocator if the program
// has one, else the C library's.
void *other_malloc(size_t size) {
  return ___interceptor_malloc ? ___interceptor_malloc(size)
                               : __libc_malloc(size);
}
void other_free(void *p) {
  if (___interceptor_free)
    ___interceptor_free(p);
  else
    __libc_free(p);
}
void *other_calloc(size_t n, size_t size) {
  return ___interceptor_calloc ? ___interceptor_calloc(n, size)
                               : __libc_calloc(n, size);
}
void *other_realloc(void *p, size_t size) {
  return ___interceptor_realloc ? ___interceptor_realloc(p, size)
                                : __libc_realloc(p, size);
}
void *other_memalign(size_t align, size_t size) {
  return ___interceptor_memalign ? ___interceptor_memalign(align, size)
                                 : __libc_memalign(align, size);
}

bool power_of_two(size_t n) { return n && !(n & (n - 1)); }

size_t page_size() {
  static const size_t n = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return n;
}

void *aligned(size_t align, size_t size) {
  if (pm::on_heap_thread)
    return pm::allocate_aligned(align, size);
  return other_memalign(align, size);
}

} // namespace

extern "C" {

void *malloc(size_t size) {
  if (pm::on_heap_thread)
    return pm::allocate(size);
  return other_malloc(size);
}

void free(void *p) {
  if (pm::in_view(p))
    pm::release(p);
  else
    other_free(p);
}

void *calloc(size_t n, size_t size) {
  if (!pm::on_heap_thread)
    return other_calloc(n, size);
  size_t total;
  if (__builtin_mul_overflow(n, size, &total)) {
    errno = ENOMEM;
    return nullptr;
  }
  return pm::allocate_zeroed(total);
}

void *realloc(void *p, size_t size) {
  if (!p)
    return malloc(size);
  if (pm::in_view(p))
    return pm::reallocate(p, size);
  // A block of the C library's stays one.
  return other_realloc(p, size);
}

void *reallocarray(void *p, size_t n, size_t size) {
  size_t total;
  if (__builtin_mul_overflow(n, size, &total)) {
    errno = ENOMEM;
    return nullptr;
  }
  return realloc(p, total);
}

void *memalign(size_t align, size_t size) {
  if (!power_of_two(align)) {
    errno = EINVAL;
    return nullptr;
  }
  return aligned(align, size);
}

void *aligned_alloc(size_t align, size_t size) { return memalign(align, size); }

int posix_memalign(void **out, size_t align, size_t size) {
  if (!power_of_two(align) || align % sizeof(void *))
    return EINVAL;
  void *p = aligned(align, size);
  if (!p)
    return ENOMEM;
  *out = p;
  return 0;
}

void *valloc(size_t size) { return aligned(page_size(), size); }

void *pvalloc(size_t size) {
  const size_t page = page_size();
  return aligned(page, (size + page - 1) / page * page);
}

size_t malloc_usable_size(void *p) {
  if (!p)
    return 0;
  if (pm::in_view(p))
    return pm::usable_size(p);
  if (___interceptor_malloc_usable_size)
    return ___interceptor_malloc_usable_size(p);
  using fn = size_t (*)(void *);
  static fn libc = reinterpret_cast<fn>(dlsym(RTLD_NEXT, "malloc_usable_size"));
  return libc ? libc(p) : 0;
}

// The C library's strdup family allocates with malloc, hence in the heap
// above; AddressSanitizer's replacements allocate in its own, which another
// process cannot reach. These keep them in the program's heap either way.
char *strdup(const char *s) {
  const size_t n = std::strlen(s) + 1;
  auto *d = static_cast<char *>(malloc(n));
  return d ? static_cast<char *>(std::memcpy(d, s, n)) : nullptr;
}

char *strndup(const char *s, size_t max) {
  const size_t n = strnlen(s, max);
  auto *d = static_cast<char *>(malloc(n + 1));
  if (!d)
    return nullptr;
  std::memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *__strdup(const char *s) { return strdup(s); }
char *__strndup(const char *s, size_t max) { return strndup(s, max); }

wchar_t *wcsdup(const wchar_t *s) {
  const size_t n = (wcslen(s) + 1) * sizeof(wchar_t);
  auto *d = static_cast<wchar_t *>(malloc(n));
  return d ? static_cast<wchar_t *>(std::memcpy(d, s, n)) : nullptr;
}

} // extern "C"

// A Cilk program's main (api/c_main.cpp) calls these around its run, which
// also links this file into every Cilk program.
extern "C" void ito_program_heap_start(void) {
  if (ito::memory::memory_system *m = ito::memory::the_memory_or_null())
    pm::start(*m);
}

extern "C" void ito_program_heap_stop(void) { pm::stop(); }
