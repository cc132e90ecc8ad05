// The global view: one virtual range at the same address in every process
// (Itoyori SC'23, Sec. 4.1, Fig. 3). Global addresses are plain pointers into
// it. It is reserved with no access; home blocks and cache blocks are mapped
// over it on demand, and every mapping is counted against vm.max_map_count
// so that running out is a clear error, not a failed mmap deep in a fetch.
//
//   [base, base + 8 TiB)              collective allocations (never reused)
//   [base + 8 TiB, + n_ranks * slice) noncollective heaps, one slice per rank
//
// A slice holds the runtime's header, the rank's ito_malloc heap, then (from
// program_offset) the program's heap (program_heap.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <sys/mman.h>

namespace ito::memory {

class global_view {
public:
  // 17 TiB: above AddressSanitizer's shadow of x86-64 (which ends at
  // 0x10007fff7fff), below the task stacks' region (uni_address.cpp).
  static constexpr uintptr_t base_address = 0x110000000000;
  static constexpr std::size_t collective_size = std::size_t(8) << 40;
  static constexpr std::size_t noncollective_size = std::size_t(32) << 40;
  static constexpr uintptr_t noncollective_base_address =
      base_address + collective_size;
  static int noncollective_owner_of(const void *p, std::size_t slice) {
    return static_cast<int>(
        (reinterpret_cast<uintptr_t>(p) - noncollective_base_address) / slice);
  }

  // Reserves the view; slice is each rank's noncollective heaps, the
  // program's from program_offset on.
  global_view(std::size_t block_size, std::size_t slice,
              std::size_t program_offset, int n_ranks);
  ~global_view();
  global_view(const global_view &) = delete;
  global_view &operator=(const global_view &) = delete;

  std::size_t block_size() const { return block_size_; }
  char *collective_base() const {
    return reinterpret_cast<char *>(base_address);
  }
  char *noncollective_base() const {
    return collective_base() + collective_size;
  }
  char *slice_of(int rank) const {
    return noncollective_base() + std::size_t(rank) * slice_;
  }
  std::size_t slice() const { return slice_; }
  std::size_t program_offset() const { return program_offset_; }
  // In the program's heap of some rank (malloc, new).
  bool in_program_heap(const void *p) const {
    return in_noncollective(p) &&
           std::size_t(static_cast<const char *>(p) - noncollective_base()) %
                   slice_ >=
               program_offset_;
  }

  bool in_view(const void *p) const {
    return reinterpret_cast<uintptr_t>(p) - base_address <
           collective_size + noncollective_size;
  }
  bool in_collective(const void *p) const {
    auto a = reinterpret_cast<uintptr_t>(p);
    return a - base_address < collective_size;
  }
  bool in_noncollective(const void *p) const {
    auto a = reinterpret_cast<uintptr_t>(p) -
             reinterpret_cast<uintptr_t>(noncollective_base());
    return a < std::size_t(n_ranks_) * slice_;
  }
  int noncollective_owner(const void *p) const {
    return static_cast<int>(
        (static_cast<const char *>(p) - noncollective_base()) /
        static_cast<std::ptrdiff_t>(slice_));
  }

  // Maps len bytes of the shared memory fd (at offset) at addr, inside the
  // view; counts the mapping unless it was set aside with reserve_mappings.
  // what names it in the error if the limit of mappings is reached.
  void map(void *addr, std::size_t len, int fd, std::size_t offset,
           const char *what, bool counted = true,
           int prot = PROT_READ | PROT_WRITE);
  // Changes the protection of part of a mapping, which splits it: the
  // first change takes two more entries (counted), the change back returns
  // them.
  void protect(void *addr, std::size_t len, int prot, bool counted);
  // Puts the reservation back over [addr, addr + len).
  void unmap(void *addr, std::size_t len, bool counted = true);
  // Sets aside mappings for later use (the cache), or stops with a message
  // naming the limit and what to change.
  void reserve_mappings(std::size_t n, const char *what, const char *advice);
  // Gives back n set aside (their mappings are gone).
  void return_mappings(std::size_t n) {
    maps_used_ = maps_used_ >= n ? maps_used_ - n : 0;
  }

  // fn(ctx) is asked to give mappings back before running out of them is
  // an error.
  void on_mapping_shortage(void (*fn)(void *), void *ctx) {
    reclaim_ = fn;
    reclaim_ctx_ = ctx;
  }

private:
  void take_mappings(std::size_t n, const char *what, const char *advice);

  std::size_t block_size_;
  std::size_t slice_;
  std::size_t program_offset_;
  int n_ranks_;
  std::size_t map_limit_ = 0; // vm.max_map_count less a margin
  std::size_t maps_used_ = 0; // estimated entries in /proc/self/maps
  void (*reclaim_)(void *) = nullptr;
  void *reclaim_ctx_ = nullptr;
  bool reclaiming_ = false;
};

} // namespace ito::memory
