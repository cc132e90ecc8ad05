#include "memory/program_heap.hpp"

#include <algorithm>
#include <cstring>
#include <sys/mman.h>

namespace ito::memory {

namespace {

// A page map word: its top two bits say what the page is.
constexpr uint32_t kind_mask = 0xC0000000u;
constexpr uint32_t kind_free = 0x40000000u;  // first/last page of a free run
constexpr uint32_t kind_small = 0x80000000u; // a page of a span, + class
constexpr uint32_t kind_large = 0xC0000000u; // first/last page of a block
constexpr uint32_t count_mask = ~kind_mask;

constexpr uint64_t exact_bins = 32;
// Freed runs at least this long give their memory back to the system.
constexpr uint64_t release_pages = 4096;

std::size_t round_up(std::size_t n, std::size_t to) {
  return (n + to - 1) / to * to;
}

} // namespace

// Classes: 16, 32, ... 128 by 16, then four per doubling up to 32 KiB.
unsigned program_heap::class_of(std::size_t size) {
  if (size <= 128)
    return size == 0 ? 0 : static_cast<unsigned>((size + 15) / 16 - 1);
  const unsigned log = 63 - static_cast<unsigned>(__builtin_clzll(size - 1));
  const unsigned g = log - 7;
  const std::size_t base = std::size_t(128) << g;
  const std::size_t quarter = base / 4;
  const unsigned k =
      static_cast<unsigned>((size - base + quarter - 1) / quarter) - 1;
  return 8 + 4 * g + k;
}

std::size_t program_heap::class_size(unsigned c) {
  if (c < 8)
    return 16 * (c + 1);
  const unsigned g = (c - 8) / 4, k = (c - 8) % 4;
  const std::size_t base = std::size_t(128) << g;
  return base + (k + 1) * (base / 4);
}

unsigned program_heap::bin_of(uint64_t n) {
  if (n <= exact_bins)
    return static_cast<unsigned>(n - 1);
  return static_cast<unsigned>(exact_bins) +
         (63 - static_cast<unsigned>(__builtin_clzll(n))) - 5;
}

std::size_t program_heap::map_bytes(std::size_t size) {
  return round_up(size / page * sizeof(uint32_t), page);
}

void program_heap::attach(char *region, std::size_t size,
                          shared_state *shared) {
  region_ = region;
  size_ = size;
  map_ = reinterpret_cast<uint32_t *>(region);
  pages_ = region + map_bytes(size);
  n_pages_ = (size - map_bytes(size)) / page;
  if (n_pages_ > count_mask)
    n_pages_ = count_mask;
  shared_ = shared;
  shared_->inbox.store(0, std::memory_order_relaxed);
}

void *program_heap::allocate(std::size_t size) {
  if (size <= max_small) {
    const unsigned c = class_of(size);
    if (void *p = free_[c]) {
      free_[c] = *static_cast<void **>(p);
      in_use_ += class_size(c);
      return p;
    }
    return refill(c);
  }
  bool fresh;
  return allocate_large(size, &fresh);
}

char *program_heap::allocate_large(std::size_t size, bool *fresh) {
  const uint64_t n = (size + page - 1) / page;
  if (n > count_mask)
    return nullptr;
  char *p = take_pages(n, fresh);
  if (!p)
    return nullptr;
  mark_large(index_of(p), n);
  in_use_ += n * page;
  return p;
}

void *program_heap::refill(unsigned c) {
  const std::size_t size = class_size(c);
  // (No bump_[c] + size: bump_[c] is null until the class's first run.)
  if (size > static_cast<std::size_t>(bump_end_[c] - bump_[c])) {
    if (shared_->inbox.load(std::memory_order_relaxed)) {
      drain_inbox();
      if (void *p = free_[c]) {
        free_[c] = *static_cast<void **>(p);
        in_use_ += size;
        return p;
      }
    }
    const uint64_t n =
        round_up(std::max<std::size_t>(size * 8, 65536), page) / page;
    bool fresh;
    char *span = take_pages(n, &fresh);
    if (!span)
      return nullptr;
    const uint64_t i = index_of(span);
    for (uint64_t j = 0; j < n; j++)
      map_[i + j] = kind_small | c;
    bump_[c] = span;
    bump_end_[c] = span + n * page;
  }
  void *p = bump_[c];
  bump_[c] += size;
  in_use_ += size;
  return p;
}

void *program_heap::allocate_zeroed(std::size_t size) {
  if (size <= max_small) {
    void *p = allocate(size);
    if (p)
      std::memset(p, 0, size);
    return p;
  }
  bool fresh;
  char *p = allocate_large(size, &fresh);
  if (p && !fresh)
    std::memset(p, 0, size);
  return p;
}

void *program_heap::allocate_aligned(std::size_t align, std::size_t size) {
  if (align <= 16)
    return allocate(size);
  if (align <= page) {
    const std::size_t want = round_up(size ? size : 1, align);
    if (want <= max_small) {
      // Spans start on a page and cut blocks of the class size: a class
      // whose size is a multiple of align gives aligned blocks.
      unsigned c = class_of(want);
      while (class_size(c) % align)
        c++;
      return allocate(class_size(c));
    }
    return allocate(want); // runs of pages
  }
  // Longer than a page: take extra pages, keep an aligned run in them and
  // give back what is before and after it.
  const uint64_t n = (size + page - 1) / page;
  const uint64_t extra = align / page - 1;
  if (n + extra > count_mask)
    return nullptr;
  bool fresh;
  char *p = take_pages(n + extra, &fresh);
  if (!p)
    return nullptr;
  const uint64_t first = index_of(p);
  const uint64_t skip = (round_up(reinterpret_cast<uintptr_t>(p), align) -
                         reinterpret_cast<uintptr_t>(p)) /
                        page;
  const uint64_t i = first + skip;
  mark_large(i, n);
  in_use_ += n * page;
  if (skip)
    give_pages(first, skip);
  if (extra - skip)
    give_pages(i + n, extra - skip);
  return pages_ + i * page;
}

bool program_heap::free_own(void *p) {
  const auto off = static_cast<uint64_t>(static_cast<char *>(p) - pages_);
  if (static_cast<char *>(p) < pages_ || off / page >= top_)
    return false;
  const uint64_t i = off / page;
  const uint32_t e = map_[i];
  if ((e & kind_mask) == kind_small) {
    const unsigned c = e & count_mask;
    *static_cast<void **>(p) = free_[c];
    free_[c] = p;
    in_use_ -= class_size(c);
    return true;
  }
  const uint64_t n = e & count_mask;
  if ((e & kind_mask) != kind_large || n == 0 || off % page)
    return false;
  in_use_ -= n * page;
  give_pages(i, n);
  return true;
}

void program_heap::mark_large(uint64_t i, uint64_t n) {
  // The last page says only "not free" (for coalescing), so that a pointer
  // into it is never taken for the start of a block.
  map_[i + n - 1] = kind_large;
  map_[i] = kind_large | static_cast<uint32_t>(n);
}

std::size_t program_heap::usable_size_in(const char *region, std::size_t size,
                                         const void *p) {
  const char *pages = region + map_bytes(size);
  if (static_cast<const char *>(p) < pages ||
      static_cast<const char *>(p) >= region + size)
    return 0;
  const auto *map = reinterpret_cast<const uint32_t *>(region);
  const auto off =
      static_cast<std::size_t>(static_cast<const char *>(p) - pages);
  const uint32_t e = map[off / page];
  switch (e & kind_mask) {
  case kind_small:
    return class_size(e & count_mask);
  case kind_large:
    if (off % page == 0)
      return std::size_t(e & count_mask) * page;
    break;
  }
  return 0;
}

void program_heap::push_remote(shared_state *shared, void *p) {
  uint64_t old = shared->inbox.load(std::memory_order_relaxed);
  do
    *static_cast<uint64_t *>(p) = old;
  while (!shared->inbox.compare_exchange_weak(
      old, reinterpret_cast<uint64_t>(p), std::memory_order_release,
      std::memory_order_relaxed));
}

void program_heap::drain_inbox() {
  uint64_t h = shared_->inbox.exchange(0, std::memory_order_acquire);
  while (h) {
    void *p = reinterpret_cast<void *>(h);
    h = *static_cast<uint64_t *>(p);
    if (!free_own(p) && bad_free_)
      bad_free_(p);
  }
}

char *program_heap::take_pages(uint64_t n, bool *fresh) {
  for (int attempt = 0; attempt < 2; attempt++) {
    const unsigned b = bin_of(n);
    free_run *found = nullptr;
    if (b >= exact_bins) {
      for (free_run *r = bins_[b]; r; r = r->next)
        if (r->n_pages >= n) {
          found = r;
          break;
        }
    } else if (bins_[b]) {
      found = bins_[b];
    }
    if (!found) {
      const uint64_t above = b + 1 < n_bins ? nonempty_bins_ >> (b + 1) : 0;
      if (above)
        found = bins_[b + 1 + static_cast<unsigned>(__builtin_ctzll(above))];
    }
    if (found) {
      remove_run(found);
      const uint64_t first = index_of(found), have = found->n_pages;
      if (have > n)
        insert_run(first + n, have - n);
      *fresh = false;
      return pages_ + first * page;
    }
    if (top_ + n <= n_pages_) {
      const uint64_t first = top_;
      top_ += n;
      *fresh = true;
      return pages_ + first * page;
    }
    if (!shared_->inbox.load(std::memory_order_relaxed))
      break;
    drain_inbox();
  }
  return nullptr;
}

void program_heap::give_pages(uint64_t first, uint64_t n) {
  // A freed block's markers go: inside a merged run they would make a
  // second free of it look like a block.
  map_[first] = map_[first + n - 1] = 0;
  if (first > 0 && (map_[first - 1] & kind_mask) == kind_free) {
    const uint64_t m = map_[first - 1] & count_mask;
    remove_run(reinterpret_cast<free_run *>(pages_ + (first - m) * page));
    first -= m;
    n += m;
  }
  if (first + n < top_ && (map_[first + n] & kind_mask) == kind_free) {
    const uint64_t m = map_[first + n] & count_mask;
    remove_run(reinterpret_cast<free_run *>(pages_ + (first + n) * page));
    n += m;
  }
  if (n >= release_pages)
    madvise(pages_ + (first + 1) * page, (n - 1) * page, MADV_REMOVE);
  insert_run(first, n);
}

void program_heap::insert_run(uint64_t first, uint64_t n) {
  map_[first] = map_[first + n - 1] = kind_free | static_cast<uint32_t>(n);
  auto *r = reinterpret_cast<free_run *>(pages_ + first * page);
  const unsigned b = bin_of(n);
  r->n_pages = n;
  r->prev = nullptr;
  r->next = bins_[b];
  if (r->next)
    r->next->prev = r;
  bins_[b] = r;
  nonempty_bins_ |= uint64_t(1) << b;
}

void program_heap::remove_run(free_run *r) {
  const unsigned b = bin_of(r->n_pages);
  if (r->prev)
    r->prev->next = r->next;
  else
    bins_[b] = r->next;
  if (r->next)
    r->next->prev = r->prev;
  if (!bins_[b])
    nonempty_bins_ &= ~(uint64_t(1) << b);
}

} // namespace ito::memory
