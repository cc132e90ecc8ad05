// The program's heap: what malloc, calloc, realloc, operator new and every
// other allocation of a Cilk program return once the runtime is up. It lies
// in this rank's slice of the global view, so a pointer to it means the same
// object in every process; ranks of one node reach it in place (POSIX shared
// memory), so tasks that share heap data with their children need nothing
// more on one node.
//
// Only the owning rank's worker thread allocates and frees here directly;
// a block freed by anyone else (another rank, another thread) is pushed on
// the owner's inbox, a lock-free stack in shared memory, and given back
// when the owner next runs short. That keeps the common paths free of
// atomics: malloc is a pop from a per-class list, free a push.
//
// Layout of the region: a page map (one word per 4 KiB page, readable by
// the node's ranks so that realloc can size a peer's block), then pages.
// Blocks up to max_small come from spans of one size class; larger ones
// are runs of whole pages, coalesced when freed.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace ito::memory {

class program_heap {
public:
  static constexpr std::size_t page = 4096;
  static constexpr std::size_t max_small = 32768;

  // State of a rank's heap that other processes of its node write.
  struct shared_state {
    alignas(64) std::atomic<uint64_t> inbox; // blocks freed by others
  };

  // region: this rank's part of its slice (size bytes, mapped, zero).
  void attach(char *region, std::size_t size, shared_state *shared);
  bool attached() const { return pages_ != nullptr; }

  // nullptr when the heap is full (the caller reports it).
  void *allocate(std::size_t size);
  // align: a power of two.
  void *allocate_aligned(std::size_t align, std::size_t size);
  // Zeroed memory; fresh pages are zero already and are not touched.
  void *allocate_zeroed(std::size_t size);
  // A block of this heap, freed by its owner's worker thread; false if p
  // is not the start of a block of it.
  bool free_own(void *p);
  // Bytes usable in the block at p of the heap (of this size) whose region
  // starts at region, another rank's of this node or this one's; 0 if p
  // is not in a block.
  static std::size_t usable_size_in(const char *region, std::size_t size,
                                    const void *p);
  // Called with a pointer another process or thread freed that is not a
  // block of this heap, when the inbox is drained (default: ignored).
  void on_bad_remote_free(void (*report)(void *)) { bad_free_ = report; }
  // Pushes a block on the inbox of the heap whose state is shared (any
  // process of the node, any thread).
  static void push_remote(shared_state *shared, void *p);

  std::size_t size() const { return size_; }
  std::size_t bytes_in_use() const { return in_use_; }
  // Bytes of pages ever handed out (the high-water mark of the region).
  std::size_t bytes_touched() const {
    return static_cast<std::size_t>(top_) * page;
  }

  // The region's page map and first page, from its start.
  static std::size_t map_bytes(std::size_t size);

private:
  static constexpr unsigned n_classes = 40;
  static constexpr unsigned n_bins = 64;
  struct free_run {
    free_run *next, *prev;
    uint64_t n_pages;
  };

  static unsigned class_of(std::size_t size);
  static std::size_t class_size(unsigned c);
  static unsigned bin_of(uint64_t n_pages);

  void *refill(unsigned c);
  char *allocate_large(std::size_t size, bool *fresh);
  void mark_large(uint64_t i, uint64_t n);
  char *take_pages(uint64_t n, bool *fresh);
  void give_pages(uint64_t first, uint64_t n);
  void insert_run(uint64_t first, uint64_t n);
  void remove_run(free_run *r);
  void drain_inbox();
  uint64_t index_of(const void *p) const {
    return static_cast<uint64_t>(static_cast<const char *>(p) - pages_) / page;
  }

  char *region_ = nullptr;
  std::size_t size_ = 0;
  uint32_t *map_ = nullptr;
  char *pages_ = nullptr;
  uint64_t n_pages_ = 0; // pages in the region after the map
  uint64_t top_ = 0;     // pages below this were handed out at least once
  std::size_t in_use_ = 0;
  shared_state *shared_ = nullptr;
  void *free_[n_classes] = {};
  char *bump_[n_classes] = {}; // the class's current span, still uncut
  char *bump_end_[n_classes] = {};
  free_run *bins_[n_bins] = {};
  uint64_t nonempty_bins_ = 0;
  void (*bad_free_)(void *) = nullptr;
};

} // namespace ito::memory
