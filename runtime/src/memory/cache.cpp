#include "memory/cache.hpp"

#include "platform/error.hpp"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace ito::memory {

cache::cache(global_view &view, std::size_t cache_bytes)
    : view_(view), block_size_(view.block_size()) {
  const std::size_t n = cache_bytes / block_size_;
  if (n < 4)
    platform::fatal("ITO_CACHE_SIZE=%zu KiB holds fewer than 4 blocks of "
                    "ITO_BLOCK_SIZE=%zu KiB; raise ITO_CACHE_SIZE",
                    cache_bytes >> 10, block_size_ >> 10);
  // Each block mapped somewhere in the view may split the reservation.
  view.reserve_mappings(2 * n + 1, "the software cache",
                        "lower ITO_CACHE_SIZE or raise ITO_BLOCK_SIZE");
  fd_ = memfd_create("ito-cache", MFD_CLOEXEC);
  if (fd_ < 0 || ftruncate(fd_, static_cast<off_t>(n * block_size_)) != 0)
    platform::fatal("cannot create the software cache (%zu MiB): %s",
                    (n * block_size_) >> 20, std::strerror(errno));
  void *a = mmap(nullptr, n * block_size_, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_NORESERVE, fd_, 0);
  if (a == MAP_FAILED)
    platform::fatal("cannot map the software cache (%zu MiB): %s",
                    (n * block_size_) >> 20, std::strerror(errno));
  arena_ = static_cast<char *>(a);
  blocks_.resize(n);
  for (std::size_t i = 0; i < n; i++) {
    blocks_[i].index = i;
    blocks_[i].data = arena_ + i * block_size_;
    push_back(&blocks_[i]);
  }
  table_.reserve(2 * n);
}

cache::~cache() {
  for (cache_block &b : blocks_)
    if (b.mapped)
      view_.unmap(b.mapped, block_size_, false);
  munmap(arena_, blocks_.size() * block_size_);
  close(fd_);
}

void cache::unlink(cache_block *b) {
  (b->prev ? b->prev->next : head_) = b->next;
  (b->next ? b->next->prev : tail_) = b->prev;
  b->prev = b->next = nullptr;
}

void cache::push_back(cache_block *b) {
  b->prev = tail_;
  b->next = nullptr;
  (tail_ ? tail_->next : head_) = b;
  tail_ = b;
}

void cache::touch(cache_block *b) {
  if (b != tail_) {
    unlink(b);
    push_back(b);
  }
}

cache_block *cache::take(uint64_t id, const home_loc &home) {
  cache_block *b = head_;
  while (b && (b->refs > 0 || !b->dirty.empty() || b->twin))
    b = b->next;
  if (!b)
    return nullptr;
  if (b->id != cache_block::none)
    table_.erase(b->id);
  // Accesses reach an implicitly held block with no checkout in between:
  // its old place must fault again, not show the new block's bytes.
  if (b->implicit) {
    b->implicit = false;
    if (b->mapped) {
      view_.unmap(b->mapped, block_size_, false);
      b->mapped = nullptr;
    }
  }
  b->id = id;
  b->home = home;
  b->valid.clear();
  touch(b);
  table_.emplace(id, b);
  return last_ = b;
}

void cache::map(cache_block *b) {
  char *at = reinterpret_cast<char *>(b->id * block_size_);
  if (b->mapped == at)
    return;
  if (b->mapped)
    view_.unmap(b->mapped, block_size_, false);
  view_.map(at, block_size_, fd_, b->index * block_size_, "the software cache",
            false);
  b->mapped = at;
}

void cache::forget_range(uintptr_t lo, uintptr_t hi) {
  for (uint64_t id = lo / block_size_; id * block_size_ < hi; id++) {
    auto it = table_.find(id);
    if (it == table_.end())
      continue;
    cache_block *b = it->second;
    const uintptr_t start = id * block_size_;
    const auto from = static_cast<uint32_t>(lo > start ? lo - start : 0);
    const auto to = static_cast<uint32_t>(
        hi - start < block_size_ ? hi - start : block_size_);
    b->dirty.remove(from, to);
    if (b->refs == 0)
      b->valid.remove(from, to);
  }
}

std::size_t cache::bytes_checked_out() const {
  std::size_t n = 0;
  for (const cache_block &b : blocks_)
    n += b.refs > 0 ? block_size_ : 0;
  return n;
}

} // namespace ito::memory
