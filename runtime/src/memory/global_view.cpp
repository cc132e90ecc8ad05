#include "memory/global_view.hpp"

#include "platform/error.hpp"
#include "platform/shm.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>

namespace ito::memory {

namespace {

std::size_t read_max_map_count() {
  std::size_t n = 65530; // the kernel's default
  if (FILE *f = std::fopen("/proc/sys/vm/max_map_count", "r")) {
    unsigned long long v = 0;
    if (std::fscanf(f, "%llu", &v) == 1 && v > 0)
      n = static_cast<std::size_t>(v);
    std::fclose(f);
  }
  return n;
}

std::size_t count_current_mappings() {
  std::size_t lines = 0;
  if (FILE *f = std::fopen("/proc/self/maps", "r")) {
    for (int c; (c = std::fgetc(f)) != EOF;)
      lines += c == '\n';
    std::fclose(f);
  }
  return lines;
}

// Mappings the rest of the process (MPI, malloc, the C library) may still
// create after start-up.
constexpr std::size_t mapping_margin = 2048;

} // namespace

global_view::global_view(std::size_t block_size, std::size_t slice,
                         std::size_t program_offset, int n_ranks)
    : block_size_(block_size), slice_(slice), program_offset_(program_offset),
      n_ranks_(n_ranks) {
  if (std::size_t(n_ranks) * slice > noncollective_size)
    platform::fatal("ITO_GLOBAL_HEAP_SIZE plus ITO_HEAP_SIZE (%zu MiB) times "
                    "%d processes does not fit in the %zu TiB of the "
                    "noncollective global view; lower ITO_HEAP_SIZE",
                    slice >> 20, n_ranks, noncollective_size >> 40);
  platform::reserve_fixed(collective_base(),
                          collective_size + noncollective_size,
                          "the global address space");
  const std::size_t max = read_max_map_count();
  map_limit_ = max > mapping_margin ? max - mapping_margin : 0;
  maps_used_ = count_current_mappings();
}

global_view::~global_view() {
  // The heaps stay: the program's objects there may outlive the runtime
  // (static objects destroyed at exit, memory freed after ito_fini).
  munmap(collective_base(), collective_size);
}

void global_view::take_mappings(std::size_t n, const char *what,
                                const char *advice) {
  if (maps_used_ + n > map_limit_ && reclaim_ && !reclaiming_) {
    reclaiming_ = true;
    reclaim_(reclaim_ctx_);
    reclaiming_ = false;
  }
  if (maps_used_ + n > map_limit_)
    platform::fatal(
        "%s needs up to %zu more memory mappings, but only %zu "
        "of the %zu that vm.max_map_count allows are left (%zu in "
        "use, %zu kept for the system); %s, or raise "
        "vm.max_map_count (sysctl -w vm.max_map_count=N)",
        what, n, map_limit_ > maps_used_ ? map_limit_ - maps_used_ : 0,
        map_limit_ + mapping_margin, maps_used_, mapping_margin, advice);
  maps_used_ += n;
}

void global_view::reserve_mappings(std::size_t n, const char *what,
                                   const char *advice) {
  take_mappings(n, what, advice);
}

void global_view::map(void *addr, std::size_t len, int fd, std::size_t offset,
                      const char *what, bool counted, int prot) {
  // A mapping inside the reservation splits it: up to two more entries.
  if (counted)
    take_mappings(2, what,
                  "use fewer, larger allocations or a larger block "
                  "(ITO_BLOCK_SIZE)");
  void *p = mmap(addr, len, prot, MAP_SHARED | MAP_FIXED, fd,
                 static_cast<off_t>(offset));
  if (p == MAP_FAILED)
    platform::fatal("cannot map %s at %p (%zu KiB): %s", what, addr, len >> 10,
                    std::strerror(errno));
}

void global_view::protect(void *addr, std::size_t len, int prot, bool counted) {
  const bool opening = prot != PROT_NONE;
  if (counted && opening)
    take_mappings(2, "ITO_CHECK_ACCESS (opening home memory for a checkout)",
                  "check out fewer blocks at once or run without "
                  "ITO_CHECK_ACCESS");
  if (mprotect(addr, len, prot) != 0)
    platform::fatal("cannot protect global memory at %p (%zu KiB): %s", addr,
                    len >> 10, std::strerror(errno));
  if (counted && !opening)
    maps_used_ = maps_used_ >= 2 ? maps_used_ - 2 : 0;
}

void global_view::unmap(void *addr, std::size_t len, bool counted) {
  void *p =
      mmap(addr, len, PROT_NONE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  if (p == MAP_FAILED)
    platform::fatal("cannot unmap global memory at %p: %s", addr,
                    std::strerror(errno));
  if (counted)
    maps_used_ = maps_used_ >= 2 ? maps_used_ - 2 : 0;
}

} // namespace ito::memory
