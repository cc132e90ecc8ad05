// checkout/checkin (Itoyori SC'23, Fig. 4) and the uncached GET/PUT.
//
// Home data of this node is mapped in place: a checkout of it only records
// the checkout (and, under ITO_CHECK_ACCESS, opens its blocks). Remote data
// goes through cache blocks: every block the range touches is found or taken
// (evicting the least recently used block that no checkout holds and that has
// nothing dirty); the missing bytes, padded to sub-blocks, are requested for
// all blocks first; then blocks are mapped at their addresses; then the replies
// are copied in.
#include "memory/memory.hpp"

#include "memory/remote_access.hpp"
#include "platform/error.hpp"
#include "platform/own_allocations.hpp"
#include "platform/stats.hpp"
#include "platform/trace.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>

namespace ito::memory {

namespace {
const char *mode_name(int mode) {
  switch (mode) {
  case mode_read:
    return "read";
  case mode_write:
    return "write";
  case mode_read_write:
    return "read_write";
  }
  return "an unknown mode";
}

} // namespace

void memory_system::check_range(const void *p, std::size_t size,
                                const char *what) {
  const char *a = static_cast<const char *>(p);
  if (view_->in_collective(p)) {
    const coll_desc &d = coll_->find(p);
    if (a + size > reinterpret_cast<const char *>(d.base + d.size))
      platform::fatal("%s of %zu bytes at %p runs past the end of its "
                      "collective allocation (%p, %llu bytes)",
                      what, size, p, reinterpret_cast<void *>(d.base),
                      static_cast<unsigned long long>(d.size));
    return;
  }
  if (view_->in_noncollective(p)) {
    const char *slice = view_->slice_of(view_->noncollective_owner(p));
    if (a + size <= slice + view_->slice())
      return;
  }
  platform::fatal("%s of %zu bytes at %p: not global memory (allocate it "
                  "with ito_malloc or ito_malloc_collective)",
                  what, size, p);
}

home_loc memory_system::home_of_block(const char *block_start) {
  if (view_->in_collective(block_start)) {
    const coll_desc &d = coll_->find(block_start);
    // The first block of an allocation may begin before it: addresses
    // below base belong to nothing, so the home of base stands in.
    const char *at =
        std::max(block_start, reinterpret_cast<const char *>(d.base));
    home_loc h = d.home_of(at);
    h.offset -= static_cast<uint64_t>(at - block_start);
    return h;
  }
  if (__builtin_expect(globals_.contains(block_start), 0))
    return home_loc{0, segment::globals, globals_.offset_of(block_start)};
  const int owner = view_->noncollective_owner(block_start);
  return home_loc{owner, segment::heap,
                  static_cast<uint64_t>(block_start - view_->slice_of(owner))};
}

cache_block *memory_system::obtain_block(uint64_t id, const home_loc &h,
                                         const void *p, std::size_t size) {
  if (cache_block *b = cache_->take(id, h))
    return b;
  // Every block is held or dirty: write back (after the fetches in flight,
  // whose replies come first) and try again.
  finish_fetches();
  release(false);
  if (cache_block *b = cache_->take(id, h))
    return b;
  const std::size_t bs = cache_->block_size();
  const std::size_t total = cache_->n_blocks() * bs;
  // Enough for what is held now and all of this checkout, with room to
  // spare, in MiB.
  const std::size_t suggest =
      (cache_->bytes_checked_out() + size + 2 * bs + total + (1 << 20) - 1) >>
      20;
  platform::fatal("too much global memory checked out at once: checking out "
                  "%zu bytes at %p needs another cache block, but the cache "
                  "holds %zu KiB (ITO_CACHE_SIZE: %zu blocks of %zu KiB) and "
                  "open checkouts hold all of it (%zu KiB of data from other "
                  "nodes); raise ITO_CACHE_SIZE (e.g. ITO_CACHE_SIZE=%zum) or "
                  "check out less at once",
                  size, p, total >> 10, cache_->n_blocks(), bs >> 10,
                  cache_->bytes_checked_out() >> 10, suggest);
}

void memory_system::finish_fetches() {
  for (const pending_fetch &f : fetches_) {
    finish_fetch(ep_.net(), f.b->home.rank, f.b->data + f.lo, f.hi - f.lo);
    stats_.fetched_bytes += f.hi - f.lo;
  }
  fetches_.clear();
}

void memory_system::checkout(const void *p, std::size_t size, int mode) {
  if (mode < mode_read || mode > mode_read_write)
    platform::fatal("ito_checkout(%p, %zu, %d): not an access mode; use "
                    "read, write or read_write",
                    p, size, mode);
  if (open_.size() == open_.capacity()) {
    platform::own_allocation_scope runtime_buffers;
    open_.reserve(2 * open_.capacity() + 16);
  }
  open_.push_back(open_checkout{p, size, mode});
  stats_.checkouts++;
  if (size == 0)
    return;
  check_range(p, size, "checkout");
  if (home_in_place_)
    return;
  // (Not on the hit path at home on one node, above.)
  platform::own_allocation_scope runtime_buffers;
  const std::size_t bs = cache_->block_size();
  // Without a cache, fetch exactly what is asked (the GET/PUT baseline);
  // with one, whole sub-blocks (spatial locality).
  const std::size_t sub =
      opts_.policy == cache_policy::nocache ? 1 : opts_.sub_block_size;
  const bool check_access = opts_.check_access; // read with the policy
  const auto lo_addr = reinterpret_cast<uintptr_t>(p);
  const uintptr_t hi_addr = lo_addr + size;
  bool remote = false;
  for (uint64_t id = lo_addr / bs; id * bs < hi_addr; id++) {
    const uintptr_t start = id * bs;
    cache_block *b = cache_->find(id);
    if (!b) {
      const home_loc h = home_of_block(reinterpret_cast<const char *>(start));
      if (homes_->on_node(h.rank)) {
        if (__builtin_expect(check_access, false))
          guard_home_block(id);
        continue;
      }
      b = obtain_block(id, h, p, size);
    }
    remote = true;
    const auto lo = static_cast<uint32_t>(std::max(lo_addr, start) - start);
    const auto hi =
        static_cast<uint32_t>(std::min(hi_addr, start + bs) - start);
    if (mode == mode_write) {
      b->valid.add(lo, hi);
    } else if (!b->valid.contains(lo, hi)) {
      const auto plo = static_cast<uint32_t>(lo / sub * sub);
      const auto phi = static_cast<uint32_t>(
          std::min<std::size_t>((hi + sub - 1) / sub * sub, bs));
      b->valid.for_each_gap(plo, phi, [&](uint32_t g0, uint32_t g1) {
        home_loc at = b->home;
        at.offset += g0;
        begin_fetch(ep_.net(), at, g1 - g0);
        fetches_.push_back(pending_fetch{b, g0, g1});
      });
      b->valid.add(plo, phi);
    }
    cache_->note_valid(b);
    if (b->mapped != reinterpret_cast<char *>(start))
      to_map_.push_back(b);
    b->refs++;
  }
  if (!remote) {
    stats_.checkouts_home++;
    return;
  }
  for (cache_block *b : to_map_)
    cache_->map(b);
  to_map_.clear();
  if (__builtin_expect(check_access, false))
    protect_blocks(p, size);
  if (fetches_.empty()) {
    stats_.checkout_hits++;
    return;
  }
  stats_.checkout_misses++;
  if (platform::tracing()) {
    const uint64_t t0 = platform::now_ns();
    const uint64_t before = stats_.fetched_bytes;
    finish_fetches();
    platform::trace(platform::trace_kind::fetch, t0, platform::now_ns(), -1,
                    stats_.fetched_bytes - before);
    return;
  }
  finish_fetches();
}

void memory_system::checkin_mismatch(const void *p, std::size_t size,
                                     int mode) {
  char open[512];
  int n = 0;
  open[0] = '\0';
  for (std::size_t i = open_.size(); i-- > 0 && n < 400;)
    n += std::snprintf(open + n, sizeof open - static_cast<std::size_t>(n),
                       "%s(%p, %zu, %s)", n ? ", " : "", open_[i].addr,
                       open_[i].size, mode_name(open_[i].mode));
  platform::fatal("checkin(%p, %zu, %s) does not match any open checkout of "
                  "this process; a checkin must name the same address, size "
                  "and mode as its checkout, in the same task, with no fork "
                  "or join between them. Open checkouts here: %s",
                  p, size, mode_name(mode), n ? open : "none");
}

void memory_system::open_at_migration() {
  const open_checkout &c = open_.back();
  platform::fatal("checkout(%p, %zu, %s) is still open at a fork or join "
                  "after which its task continues in another process (%zu "
                  "open in all); check in before forking or joining",
                  c.addr, c.size, mode_name(c.mode), open_.size());
}

void memory_system::checkin(const void *p, std::size_t size, int mode) {
  // The matching checkout is almost always the latest one.
  std::size_t i = open_.size();
  while (i > 0) {
    const open_checkout &c = open_[i - 1];
    if (c.addr == p && c.size == size && c.mode == mode)
      break;
    i--;
  }
  if (i == 0)
    checkin_mismatch(p, size, mode);
  open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(i - 1));
  if (size == 0 || home_in_place_)
    return;
  const std::size_t bs = cache_->block_size();
  const auto lo_addr = reinterpret_cast<uintptr_t>(p);
  const uintptr_t hi_addr = lo_addr + size;
  const bool write_back = opts_.policy == cache_policy::write_back ||
                          opts_.policy == cache_policy::write_back_lazy;
  const bool check_access = opts_.check_access;
  for (uint64_t id = lo_addr / bs; id * bs < hi_addr; id++) {
    cache_block *b = cache_->find(id);
    if (!b) { // home data of this node
      if (__builtin_expect(check_access, false))
        guard_home_block(id);
      continue;
    }
    if (b->refs <= 0)
      platform::fatal("checkin(%p, %zu, %s): the cache block at %p is not "
                      "checked out (a checkin for it came already)",
                      p, size, mode_name(mode),
                      reinterpret_cast<void *>(id * bs));
    const uintptr_t start = id * bs;
    const auto lo = static_cast<uint32_t>(std::max(lo_addr, start) - start);
    const auto hi =
        static_cast<uint32_t>(std::min(hi_addr, start + bs) - start);
    if (mode != mode_read) {
      if (write_back) {
        b->dirty.add(lo, hi);
        cache_->note_dirty(b);
        mark_dirty();
      } else {
        home_loc at = b->home;
        at.offset += lo;
        begin_write(ep_.net(), at, b->data + lo, hi - lo);
        writes_.push_back(at.rank);
        stats_.written_back_bytes += hi - lo;
      }
    }
    if (--b->refs == 0 && opts_.policy == cache_policy::nocache)
      b->valid.clear();
  }
  if (__builtin_expect(check_access, false))
    protect_blocks(p, size);
  for (int r : writes_)
    finish_write(ep_.net(), r);
  writes_.clear();
}

void memory_system::protect_blocks(const void *p, std::size_t size) {
  // A cached block is readable and writable while a checkout of this
  // process holds it, and faults otherwise (then the fault handler names
  // the address and the allocation).
  const std::size_t bs = cache_->block_size();
  const auto lo_addr = reinterpret_cast<uintptr_t>(p);
  for (uint64_t id = lo_addr / bs; id * bs < lo_addr + size; id++) {
    cache_block *b = cache_->find(id);
    if (!b || !b->mapped)
      continue;
    if (mprotect(b->mapped, bs, allowed_on_block(id)) != 0)
      platform::fatal("cannot protect the cached global memory at %p: %s",
                      static_cast<void *>(b->mapped), std::strerror(errno));
  }
}

int memory_system::allowed_on_block(uint64_t id) const {
  const std::size_t bs = view_->block_size();
  const uintptr_t lo = id * bs, hi = lo + bs;
  int allowed = PROT_NONE;
  for (const open_checkout &c : open_) {
    const auto a = reinterpret_cast<uintptr_t>(c.addr);
    if (c.size == 0 || a >= hi || a + c.size <= lo)
      continue;
    if (c.mode != mode_read)
      return PROT_READ | PROT_WRITE;
    allowed = PROT_READ;
  }
  return allowed;
}

void memory_system::guard_home_block(uint64_t id) {
  const int allowed = allowed_on_block(id);
  auto it = open_home_.find(id);
  const int now = it == open_home_.end() ? PROT_NONE : it->second;
  if (allowed == now)
    return;
  // Opening or closing splits or merges the mapping (counted); changing
  // between read and read-write does not.
  const bool counted = (now == PROT_NONE) != (allowed == PROT_NONE);
  if (allowed == PROT_NONE)
    open_home_.erase(it);
  else
    open_home_[id] = allowed;
  const std::size_t bs = view_->block_size();
  char *start = reinterpret_cast<char *>(id * bs);
  std::size_t len = bs;
  // The first block of a heap slice begins with the runtime's header.
  if (view_->in_noncollective(start) &&
      start == view_->slice_of(view_->noncollective_owner(start))) {
    start += home_segments::heap_header;
    len -= home_segments::heap_header;
  }
  view_->protect(start, len, allowed, counted);
}

bool memory_system::read_only_checkout_at(const void *addr, const void **base,
                                          std::size_t *size) const {
  if (!opts_.check_access)
    return false;
  const auto a = reinterpret_cast<uintptr_t>(addr);
  const open_checkout *reading = nullptr;
  for (const open_checkout &c : open_) {
    const auto lo = reinterpret_cast<uintptr_t>(c.addr);
    if (a - lo >= c.size)
      continue;
    if (c.mode != mode_read)
      return false;
    reading = &c;
  }
  if (!reading)
    return false;
  *base = reading->addr;
  *size = reading->size;
  return true;
}

void memory_system::get(void *dst, const void *src, std::size_t size) {
  platform::own_allocation_scope runtime_buffers;
  check_range(src, size, "get");
  const std::size_t bs = cache_->block_size();
  const auto lo_addr = reinterpret_cast<uintptr_t>(src);
  std::vector<std::pair<int, std::pair<char *, std::size_t>>> remote;
  for (uintptr_t at = lo_addr; at < lo_addr + size;) {
    const uintptr_t start = at / bs * bs;
    const std::size_t n = std::min(start + bs, lo_addr + size) - at;
    char *out = static_cast<char *>(dst) + (at - lo_addr);
    home_loc h = home_of_block(reinterpret_cast<const char *>(start));
    if (homes_->on_node(h.rank)) {
      h.offset += at - start;
      std::memcpy(out, homes_->direct(h, reinterpret_cast<char *>(at)), n);
    } else {
      h.offset += at - start;
      begin_fetch(ep_.net(), h, n);
      remote.push_back({h.rank, {out, n}});
    }
    at += n;
  }
  for (auto &r : remote) {
    finish_fetch(ep_.net(), r.first, r.second.first, r.second.second);
    stats_.fetched_bytes += r.second.second;
  }
}

void memory_system::put(void *dst, const void *src, std::size_t size) {
  platform::own_allocation_scope runtime_buffers;
  check_range(dst, size, "put");
  const std::size_t bs = cache_->block_size();
  const auto lo_addr = reinterpret_cast<uintptr_t>(dst);
  for (uintptr_t at = lo_addr; at < lo_addr + size;) {
    const uintptr_t start = at / bs * bs;
    const std::size_t n = std::min(start + bs, lo_addr + size) - at;
    const char *in = static_cast<const char *>(src) + (at - lo_addr);
    home_loc h = home_of_block(reinterpret_cast<const char *>(start));
    if (homes_->on_node(h.rank)) {
      h.offset += at - start;
      std::memcpy(homes_->direct(h, reinterpret_cast<char *>(at)), in, n);
    } else {
      h.offset += at - start;
      begin_write(ep_.net(), h, in, n);
      writes_.push_back(h.rank);
      stats_.written_back_bytes += n;
    }
    at += n;
  }
  for (int r : writes_)
    finish_write(ep_.net(), r);
  writes_.clear();
}

} // namespace ito::memory
