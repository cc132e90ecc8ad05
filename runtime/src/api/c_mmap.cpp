// Private mappings a Cilk program makes: `mmap(NULL, n, ..., MAP_PRIVATE |
// MAP_ANONYMOUS, -1, 0)` for a large array, or a file mapped privately to
// parse it in parallel (graph codes read their input so). The kernel maps
// them into the calling process alone, so a task in another process that
// touches one would crash. While the runtime runs, such a mapping is made
// in the program's heap instead (global memory, the same address in every
// process): zeroed, or filled from the file, page-aligned, and unmapped by
// munmap of its start from any process (a part of it is not unmapped
// alone); mremap resizes it like realloc. (mprotect and madvise are the
// kernel's: libito's fault handling calls them on global memory.) Writes to a
// private file mapping never reach the file, so reading it in is the same.
// Shared mappings, fixed addresses and what libito and the libraries it uses
// map (outside the program's code, which ito-cc links with --wrap=mmap and the
// others) stay the kernel's.
#include "memory/program_memory.hpp"

#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace pm = ito::memory::program_memory;

extern "C" {
void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd,
                  off_t offset);
void *__real_mmap64(void *addr, size_t len, int prot, int flags, int fd,
                    off_t offset);
int __real_munmap(void *addr, size_t len);
void *__real_mremap(void *addr, size_t old_len, size_t new_len, int flags, ...);
}

namespace {

size_t page_size() {
  static const size_t n = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return n;
}

// The page before a mapping made here says so, and how long it is.
constexpr uint64_t magic = 0x69746f2d6d6d6170; // "ito-mmap"
struct header {
  uint64_t magic;
  size_t length; // rounded up to pages
};

header *header_of(void *addr) {
  const auto at = reinterpret_cast<uintptr_t>(addr);
  if (!pm::in_view(addr) || at % page_size())
    return nullptr;
  auto *h = reinterpret_cast<header *>(at - page_size());
  return pm::in_view(h) && h->magic == magic ? h : nullptr;
}

bool ours(void *addr, int flags) {
  return pm::on_heap_thread && !addr &&
         !(flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) &&
         (flags & MAP_TYPE) == MAP_PRIVATE;
}

void *map_in_heap(size_t len, int flags, int fd, off_t offset) {
  if (!len) {
    errno = EINVAL;
    return MAP_FAILED;
  }
  const size_t page = page_size();
  const size_t length = (len + page - 1) / page * page;
  auto *base = static_cast<char *>(pm::allocate_aligned(page, length + page));
  if (!base) {
    errno = ENOMEM;
    return MAP_FAILED;
  }
  char *p = base + page;
  size_t filled = 0;
  if (!(flags & MAP_ANONYMOUS)) {
    // The file's bytes, as a private mapping would show them.
    while (filled < len) {
      ssize_t n = pread(fd, p + filled, len - filled,
                        offset + static_cast<off_t>(filled));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0) {
        const int e = errno;
        pm::release(base);
        errno = e;
        return MAP_FAILED;
      }
      if (n == 0)
        break;
      filled += static_cast<size_t>(n);
    }
  }
  std::memset(p + filled, 0, length - filled);
  *reinterpret_cast<header *>(base) = header{magic, length};
  return p;
}

} // namespace

extern "C" {

void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd,
                  off_t offset) {
  if (ours(addr, flags))
    return map_in_heap(len, flags, fd, offset);
  return __real_mmap(addr, len, prot, flags, fd, offset);
}

void *__wrap_mmap64(void *addr, size_t len, int prot, int flags, int fd,
                    off_t offset) {
  if (ours(addr, flags))
    return map_in_heap(len, flags, fd, offset);
  return __real_mmap64(addr, len, prot, flags, fd, offset);
}

int __wrap_munmap(void *addr, size_t len) {
  if (header *h = header_of(addr)) {
    h->magic = 0;
    pm::release(h);
    return 0;
  }
  return __real_munmap(addr, len);
}

void *__wrap_mremap(void *addr, size_t old_len, size_t new_len, int flags,
                    ...) {
  if (header *h = header_of(addr)) {
    if (new_len <= h->length)
      return addr;
    if (!(flags & MREMAP_MAYMOVE)) {
      errno = ENOMEM;
      return MAP_FAILED;
    }
    void *p = map_in_heap(new_len, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return p;
    std::memcpy(p, addr, old_len < h->length ? old_len : h->length);
    h->magic = 0;
    pm::release(h);
    return p;
  }
  if (flags & MREMAP_FIXED) {
    va_list ap;
    va_start(ap, flags);
    void *to = va_arg(ap, void *);
    va_end(ap);
    return __real_mremap(addr, old_len, new_len, flags, to);
  }
  return __real_mremap(addr, old_len, new_len, flags);
}

} // extern "C"
