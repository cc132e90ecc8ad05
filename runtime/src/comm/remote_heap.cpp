#include "comm/remote_heap.hpp"

#include "platform/error.hpp"

#include <algorithm>
#include <new>

namespace ito::comm {

namespace {
constexpr std::size_t min_block = 64;
}

void remote_heap::attach(int my_rank, void *base, std::size_t size) {
  rank_ = my_rank;
  base_ = static_cast<char *>(base);
  size_ = size;
  bump_ = min_block; // offset 0 is never handed out: a zero ref means none
}

unsigned remote_heap::class_of(std::size_t size) {
  std::size_t block = size + header_size;
  unsigned c = 0;
  while ((min_block << c) < block)
    c++;
  return c;
}

global_ref remote_heap::allocate(std::size_t size) {
  unsigned c = class_of(size);
  if (c >= n_classes || (min_block << c) > size_)
    platform::fatal("out of %s: %zu bytes asked, the heap holds %zu MiB; "
                    "raise %s",
                    what_, size, size_ >> 20, size_variable_);
  // Collect when the class is empty, but only after as many allocations as
  // half the objects out (at least 64): a heap of millions of live objects
  // (a tree in global memory) is not scanned on every allocation.
  if (free_[c].empty() && outstanding_.size() >= 64 &&
      since_collect_ >= std::max<std::size_t>(64, outstanding_.size() / 2))
    collect();
  since_collect_++;
  uint64_t off;
  std::size_t block = min_block << c;
  if (!free_[c].empty()) {
    off = free_[c].back();
    free_[c].pop_back();
  } else {
    if (bump_ + block > size_) {
      collect();
      if (free_[c].empty())
        platform::fatal("out of %s (%zu MiB in use, %zu bytes asked); raise "
                        "%s (now %zu MiB)",
                        what_, in_use_ >> 20, size, size_variable_,
                        size_ >> 20);
      off = free_[c].back();
      free_[c].pop_back();
    } else {
      off = bump_;
      bump_ += block;
    }
  }
  auto *h = new (base_ + off) header;
  h->freed.store(0, std::memory_order_relaxed);
  h->size_class = c;
  in_use_ += block;
  outstanding_.push_back(off);
  return make_ref(rank_, off + header_size);
}

void remote_heap::free_local(global_ref ref) {
  uint64_t off = ref_offset(ref) - header_size;
  auto *h = reinterpret_cast<header *>(base_ + off);
  // Still listed in outstanding_; mark it so the next collection reclaims
  // it exactly once.
  h->freed.store(1, std::memory_order_relaxed);
}

void remote_heap::mark_freed(void *object) {
  auto *h =
      reinterpret_cast<header *>(static_cast<char *>(object) - header_size);
  h->freed.store(1, std::memory_order_release);
}

void remote_heap::collect() {
  since_collect_ = 0;
  std::size_t kept = 0;
  for (uint64_t off : outstanding_) {
    auto *h = reinterpret_cast<header *>(base_ + off);
    if (h->freed.load(std::memory_order_acquire)) {
      free_[h->size_class].push_back(off);
      in_use_ -= min_block << h->size_class;
    } else {
      outstanding_[kept++] = off;
    }
  }
  outstanding_.resize(kept);
}

} // namespace ito::comm
