// The software cache (Itoyori SC'23, Sec. 4.3, Fig. 4): a fixed number of cache
// blocks in one private memory file, each holding one memory block of
// remote global memory, mapped over the global view at that block's address
// on demand. Per block: the bytes that are valid and the bytes that are
// dirty, how many checkouts hold it, and its place in the LRU list. A block
// that no checkout holds and that has no dirty bytes may be evicted.
#pragma once

#include "memory/global_view.hpp"
#include "memory/home.hpp"
#include "memory/range_set.hpp"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ito::memory {

struct cache_block {
  static constexpr uint64_t none = ~uint64_t(0);
  uint64_t id = none;     // the memory block it holds (address / block size)
  char *mapped = nullptr; // where it is mapped in the view now, if anywhere
  char *data = nullptr;   // its bytes, as the runtime addresses them
  std::size_t index = 0;  // its place in the cache file
  home_loc home{};        // where the memory block's first byte lives
  int32_t refs = 0;       // checkouts holding it
  bool in_valid_list = false, in_dirty_list = false;
  // Held for an access that faulted (memory/fault_access.cpp), not for a
  // checkout: mapped read-only until a write faults, then writable with
  // twin, a copy of its bytes before that write, until the next release.
  bool implicit = false, in_implicit_list = false;
  char *twin = nullptr;
  // Twins are numbered in the order they are made: a release for a thief
  // may write back only those made before its continuation was forked.
  uint64_t twin_number = 0;
  range_set valid, dirty;
  cache_block *prev = nullptr, *next = nullptr; // LRU: head is the oldest
};

class cache {
public:
  // cache_bytes and block_size as set by ITO_CACHE_SIZE / ITO_BLOCK_SIZE.
  cache(global_view &view, std::size_t cache_bytes);
  ~cache();
  cache(const cache &) = delete;
  cache &operator=(const cache &) = delete;

  std::size_t n_blocks() const { return blocks_.size(); }
  std::size_t block_size() const { return block_size_; }

  // The cache block holding memory block id, or null; a hit makes it the
  // most recently used.
  cache_block *find(uint64_t id) {
    if (last_ && last_->id == id)
      return last_;
    auto it = table_.find(id);
    if (it == table_.end())
      return nullptr;
    touch(it->second);
    return last_ = it->second;
  }
  // A block for memory block id (not in the cache): a free one, or the
  // least recently used evictable one. Null if every block is held by a
  // checkout or dirty (or written since the last release, with a twin).
  cache_block *take(uint64_t id, const home_loc &home);
  // Maps b at the address of the memory block it now holds.
  void map(cache_block *b);

  // Blocks that have valid (or dirty) bytes, for invalidation and release.
  std::vector<cache_block *> &valid_list() { return valid_list_; }
  std::vector<cache_block *> &dirty_list() { return dirty_list_; }
  void note_valid(cache_block *b) {
    if (!b->in_valid_list) {
      b->in_valid_list = true;
      valid_list_.push_back(b);
    }
  }
  void note_dirty(cache_block *b) {
    if (!b->in_dirty_list) {
      b->in_dirty_list = true;
      dirty_list_.push_back(b);
    }
  }
  // Drops every block that holds part of [lo, hi) (freed memory): no
  // valid, no dirty bytes, unless a checkout still holds it.
  void forget_range(uintptr_t lo, uintptr_t hi);
  // Bytes held by checkouts now (for the too-much-checkout message).
  std::size_t bytes_checked_out() const;

private:
  void touch(cache_block *b);
  void unlink(cache_block *b);
  void push_back(cache_block *b);

  global_view &view_;
  std::size_t block_size_;
  int fd_ = -1;
  char *arena_ = nullptr;
  std::vector<cache_block> blocks_;
  std::unordered_map<uint64_t, cache_block *> table_;
  cache_block *head_ = nullptr, *tail_ = nullptr;
  cache_block *last_ = nullptr;
  std::vector<cache_block *> valid_list_, dirty_list_;
};

} // namespace ito::memory
