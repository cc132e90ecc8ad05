// Access to another node's heap data without a checkout: the program's
// heap of a rank on another node is mapped with no access, so the first
// touch of a memory block faults; the handler fetches the block into the
// cache and holds it as an implicit checkout until the next fence (the
// page-based DSM of paper 003, as in TreadMarks and ArgoDSM, with the
// cache block as the page).
//
// A read maps the block read-only. A write keeps a twin, a copy of the
// block as it was, and maps it writable; the release compares the block
// with its twin and writes home only the bytes that changed, so two
// processes writing disjoint bytes of one block both win. An acquire writes
// back what was written and drops every implicitly held block: the next
// access faults and fetches the data anew. Coherence is the checkouts':
// sequential consistency for data-race-free programs, with fences at fork
// and join (coherence.cpp).
#include "memory/memory.hpp"
#include "memory/program_memory.hpp"
#include "memory/remote_access.hpp"
#include "platform/crash_report.hpp"
#include "platform/error.hpp"
#include "platform/libc_next.hpp"
#include "platform/own_allocations.hpp"
#include "platform/stats.hpp"
#include "platform/trace.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/mman.h>

// Nonzero when accesses may fault (the processes span several nodes). A C
// name: the range fetches that ito-cc's pass puts before loops test it
// inline, so that on one node a loop pays one load and branch.
extern "C" {
char __ito_fetch_ranges = 0;
}

namespace ito::memory {

namespace {

memory_system *resolving = nullptr;

bool resolve(void *addr, bool write) {
  // Only the worker thread, while the runtime runs, takes part in the
  // protocol; anything else is a crash to report.
  if (!resolving || !program_memory::on_heap_thread)
    return false;
  platform::own_allocation_scope runtime_buffers;
  return resolving->resolve_fault(addr, write);
}

} // namespace

void memory_system::install_fault_access() {
  if (one_node_)
    return;
  resolving = this;
  // At most an eighth of the cache for one fault's read-ahead, so that a
  // window never evicts its own blocks.
  fault_ahead_max_ = std::min(opts_.fault_ahead / cache_->block_size(),
                              cache_->n_blocks() / 8);
  batch_.resize(fault_ahead_max_ + 1);
  platform::set_fault_resolver(resolve);
  __ito_atomics_between_nodes = 1;
  __ito_fetch_ranges = opts_.range_fetches;
}

std::size_t memory_system::ready_for_kernel(const void *p, std::size_t n,
                                            bool will_write) {
  if (one_node_ || n == 0)
    return n;
  // (A distributed array's parts may have several homes, this node's too:
  // touching a part of this node's faults nothing.)
  const bool remote = view_->in_program_heap(p)
                          ? !homes_->on_node(view_->noncollective_owner(p))
                          : view_->in_collective(p) ||
                                (globals_.contains(p) && !homes_->on_node(0));
  if (!remote)
    return n;
  // A chunk the cache holds while the call runs (it faults nothing).
  n = std::min<std::size_t>(n, 256 * 1024);
  const std::size_t bs = cache_->block_size();
  const char *c = static_cast<const char *>(p);
  for (const char *q = c; q < c + n;
       q = reinterpret_cast<const char *>(
           (reinterpret_cast<uintptr_t>(q) / bs + 1) * bs)) {
    auto *v = const_cast<volatile char *>(q);
    if (will_write)
      *v = *v;
    else
      (void)*v;
  }
  return n;
}

bool memory_system::faults_here(const void *addr) const {
  if (view_->in_program_heap(addr))
    return !homes_->on_node(view_->noncollective_owner(addr));
  if (view_->in_collective(addr)) {
    // A part of a distributed array (distributed_allocation.cpp) that is
    // another node's; ito_malloc_collective's memory needs checkouts.
    const coll_desc *d = coll_->find_known(addr);
    return d && d->of_program && !homes_->on_node(d->home_of(addr).rank);
  }
  return globals_.contains(addr) && !homes_->on_node(0);
}

// Whether two addresses of data that faults here have one home (one
// rank's heap slice, one rank's parts of one distributed array, or the
// file-scope data).
bool memory_system::same_fault_home(const void *a, const void *b) const {
  if (view_->in_program_heap(a))
    return view_->in_program_heap(b) &&
           view_->noncollective_owner(a) == view_->noncollective_owner(b);
  if (view_->in_collective(a)) {
    const coll_desc *d = coll_->find_known(a);
    return d && d->contains(b) && d->home_of(a).rank == d->home_of(b).rank;
  }
  return globals_.contains(b);
}

// A memory block held for faulting accesses: taken and its missing bytes
// asked for (finish_fetches completes them). Null if the cache has no
// block to spare and this is only a read-ahead.
cache_block *memory_system::start_implicit(uint64_t id, const char *start,
                                           const void *addr, bool ahead) {
  const std::size_t bs = cache_->block_size();
  cache_block *b = cache_->find(id);
  if (!b) {
    const home_loc h = home_of_block(start);
    b = ahead ? cache_->take(id, h) : obtain_block(id, h, addr, 1);
    if (!b)
      return nullptr;
  }
  if (!b->valid.contains(0, static_cast<uint32_t>(bs))) {
    b->valid.for_each_gap(0, static_cast<uint32_t>(bs),
                          [&](uint32_t g0, uint32_t g1) {
                            home_loc at = b->home;
                            at.offset += g0;
                            begin_fetch(ep_.net(), at, g1 - g0);
                            fetches_.push_back(pending_fetch{b, g0, g1});
                          });
    b->valid.add(0, static_cast<uint32_t>(bs));
  }
  cache_->note_valid(b);
  return b;
}

// After its bytes arrived: b is held until the next fence, mapped
// read-only, or writable with a twin.
void memory_system::hold_implicit(cache_block *b, bool write) {
  const std::size_t bs = cache_->block_size();
  char *start = reinterpret_cast<char *>(b->id * bs);
  if (!b->implicit) {
    b->implicit = true;
    if (!b->in_implicit_list) {
      b->in_implicit_list = true;
      implicit_.push_back(b);
    }
  }
  if (b->mapped != start)
    cache_->map(b);
  if (write && !b->twin) {
    if (!twins_) {
      // (The C library's mmap: a program's private mappings go to its
      // heap, api/c_mmap.cpp.)
      static const auto os_mmap =
          platform::next_definition<decltype(&::mmap)>("mmap");
      void *t =
          os_mmap(nullptr, cache_->n_blocks() * bs, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (t == MAP_FAILED)
        platform::fatal("cannot map twins for the software cache (%zu "
                        "MiB): %s",
                        (cache_->n_blocks() * bs) >> 20, std::strerror(errno));
      twins_ = static_cast<char *>(t);
    }
    b->twin = twins_ + b->index * bs;
    std::memcpy(b->twin, b->data, bs);
    n_twins_++;
    b->twin_number = ++twin_clock_;
    if (first_write_hook_)
      first_write_hook_(b->twin_number);
    mark_dirty();
  }
  view_->protect(start, bs, b->twin ? PROT_READ | PROT_WRITE : PROT_READ,
                 /*counted=*/false);
}

// How many blocks after id a fault there fetches too: none at first; once
// a fault comes at the block right after what an earlier one fetched (a
// stream of accesses: a loop over an array, a merge's inputs and output),
// twice as many as that one, up to fault_ahead_max_. One message per block,
// all in flight together, so a stream waits for one round trip per window
// instead of one per block (the read-ahead of a file system).
std::size_t memory_system::fault_window(uint64_t id, bool write) {
  fault_stream *hit = nullptr, *oldest = &streams_[0];
  for (fault_stream &s : streams_) {
    if (s.next == id && s.write == write) {
      hit = &s;
      break;
    }
    if (s.used < oldest->used)
      oldest = &s;
  }
  std::size_t ahead = 0;
  if (hit)
    ahead = std::min<std::size_t>(hit->ahead ? 2 * hit->ahead : 1,
                                  fault_ahead_max_);
  else
    hit = oldest;
  hit->next = id + 1 + ahead;
  hit->ahead = ahead;
  hit->write = write;
  hit->used = ++stream_clock_;
  return ahead;
}

bool memory_system::resolve_fault(void *addr, bool write) {
  if (view_->in_collective(addr) && !coll_->find_known(addr)) {
    // The first touch of a distributed array here: learning it maps its
    // parts on this node; the access is tried again, and faults again
    // only if its part is another node's.
    const coll_desc *d = coll_->find_or_null(addr);
    return d && d->of_program;
  }
  if (!faults_here(addr))
    return false;
  const uint64_t t0 = platform::tracing() ? platform::now_ns() : 0;
  const std::size_t bs = cache_->block_size();
  const uint64_t id = reinterpret_cast<uintptr_t>(addr) / bs;
  char *start = reinterpret_cast<char *>(id * bs);
  cache_block *b = cache_->find(id);
  const bool fetch = !b || !b->valid.contains(0, static_cast<uint32_t>(bs));
  std::size_t n = 1;
  batch_[0] = start_implicit(id, start, addr, false);
  if (fetch) {
    // Blocks ahead that are also another node's, of the same home, and not
    // held already; a block the cache cannot spare ends the window.
    const std::size_t ahead = fault_window(id, write);
    for (std::size_t k = 1; k <= ahead; k++) {
      char *next = start + k * bs;
      if (!faults_here(next) || !same_fault_home(start, next))
        break;
      cache_block *c = cache_->find(id + k);
      if (c && c->implicit && c->valid.contains(0, static_cast<uint32_t>(bs)))
        break;
      if (!(c = start_implicit(id + k, next, next, true)))
        break;
      batch_[n++] = c;
    }
    stats_.fault_ahead_blocks += n - 1;
  }
  finish_fetches();
  for (std::size_t k = 0; k < n; k++)
    hold_implicit(batch_[k], write);
  if (write)
    stats_.write_faults++;
  else
    stats_.faults++;
  if (t0)
    platform::trace(platform::trace_kind::fault, t0, platform::now_ns(), -1,
                    reinterpret_cast<uintptr_t>(addr));
  return true;
}

// A prefix of the range (as much as one fault may fetch ahead), block by
// block as resolve_fault would take it, with all fetches in flight at once;
// then a stream that starts after it, so that the faults past the prefix
// fetch ahead from their first one.
void memory_system::fetch_range(const void *p, std::size_t n, bool write) {
  platform::own_allocation_scope runtime_buffers;
  if (one_node_ || n == 0)
    return;
  const char *c = static_cast<const char *>(p);
  if (!faults_here(c) && !faults_here(c + n - 1))
    return;
  // At most a window of blocks from the first, those that fault included
  // (the bounds a loop computes may be far wider than what it touches).
  const std::size_t bs = cache_->block_size();
  const uint64_t first = reinterpret_cast<uintptr_t>(c) / bs;
  const uint64_t last = std::min<uint64_t>(
      reinterpret_cast<uintptr_t>(c + n - 1) / bs, first + fault_ahead_max_);
  const uint64_t t0 = platform::tracing() ? platform::now_ns() : 0;
  const char *home = nullptr; // the first block that faults here
  std::size_t k = 0;
  uint64_t id = first;
  for (; id <= last; id++) {
    char *start = reinterpret_cast<char *>(id * bs);
    if (!faults_here(start)) {
      if (home)
        break;
      continue;
    }
    if (!home)
      home = start;
    else if (!same_fault_home(home, start))
      break;
    cache_block *b = cache_->find(id);
    if (b && (b->refs > 0 ||
              (b->implicit && b->valid.contains(0, static_cast<uint32_t>(bs)) &&
               (!write || b->twin))))
      continue; // checked out, or held as the loop needs it
    if (!(b = start_implicit(id, start, start, /*ahead=*/true)))
      break;
    batch_[k++] = b;
  }
  finish_fetches();
  for (std::size_t i = 0; i < k; i++)
    hold_implicit(batch_[i], write);
  stats_.range_fetches++;
  stats_.range_blocks += k;
  if (t0)
    platform::trace(platform::trace_kind::range, t0, platform::now_ns(), -1, k);
  if (id > last && last < reinterpret_cast<uintptr_t>(c + n - 1) / bs) {
    fault_stream *oldest = &streams_[0];
    for (fault_stream &s : streams_)
      if (s.used < oldest->used)
        oldest = &s;
    *oldest =
        fault_stream{id, std::max<std::size_t>(k, 1), ++stream_clock_, write};
  }
}

namespace {

uint64_t load_word(const char *p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

// The first byte at or after i where a and b differ (n if none): 32 bytes
// at a time, then a word.
std::size_t next_difference(const char *a, const char *b, std::size_t i,
                            std::size_t n) {
  while (i + 32 <= n && std::memcmp(a + i, b + i, 32) == 0)
    i += 32;
  for (; i + 8 <= n; i += 8)
    if (const uint64_t x = load_word(a + i) ^ load_word(b + i))
      return i + static_cast<std::size_t>(__builtin_ctzll(x)) / 8;
  while (i < n && a[i] == b[i])
    i++;
  return i;
}

// The first byte at or after i where a and b are equal (n if none): a word
// at a time, finding a zero byte of their difference (the lowest byte the
// test flags is always a zero one).
std::size_t next_equal(const char *a, const char *b, std::size_t i,
                       std::size_t n) {
  constexpr uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
  for (; i + 8 <= n; i += 8) {
    const uint64_t x = load_word(a + i) ^ load_word(b + i);
    if (const uint64_t zero = (x - ones) & ~x & highs)
      return i + static_cast<std::size_t>(__builtin_ctzll(zero)) / 8;
  }
  while (i < n && a[i] != b[i])
    i++;
  return i;
}

} // namespace

// Writes home the bytes of each written block that differ from its twin,
// exactly (no byte that did not change: another process may have written
// it), and maps the block read-only again. A scalar global is written whole
// (program_globals.hpp): its bytes are one value. Only the blocks whose
// twins were made before the one numbered `before`.
void memory_system::write_back_twins(uint64_t before) {
  if (n_twins_ == 0)
    return;
  const std::size_t bs = cache_->block_size();
  constexpr std::size_t slot = globals_layout::scalar_slot;
  const std::size_t head = write_runs_header_size();
  written_.clear();
  for (cache_block *b : implicit_) {
    if (!b->twin || b->twin_number >= before)
      continue;
    const char *now = b->data, *was = b->twin;
    const char *start = reinterpret_cast<const char *>(b->id * bs);
    std::size_t s0, s1;
    globals_.scalars_within(start, start + bs, s0, s1);
    // The message, built in place: room for its header, then the runs.
    runs_.reserve(head + bs + bs / 8);
    runs_.resize(head);
    for (std::size_t i = next_difference(now, was, 0, bs); i < bs;
         i = next_difference(now, was, i, bs)) {
      // A run ends at the first equal byte; among the scalars it covers
      // their whole slots.
      std::size_t j = next_equal(now, was, i + 1, bs);
      if (i >= s0 && i < s1)
        i &= ~(slot - 1);
      if (j > s0 && j - 1 < s1)
        j = std::min(s1, (j + slot - 1) & ~(slot - 1));
      const auto off = static_cast<uint32_t>(i),
                 n = static_cast<uint32_t>(j - i);
      char run_head[8];
      std::memcpy(run_head, &off, 4);
      std::memcpy(run_head + 4, &n, 4);
      runs_.insert(runs_.end(), run_head, run_head + 8);
      runs_.insert(runs_.end(), now + i, now + j);
      stats_.written_back_bytes += n;
      i = j;
    }
    if (runs_.size() > head) {
      begin_write_runs(ep_.net(), b->home, std::move(runs_));
      runs_ = std::vector<char>();
      writes_.push_back(b->home.rank);
    }
    b->twin = nullptr;
    n_twins_--;
    if (b->mapped)
      written_.push_back(b->mapped);
  }
  // Read-only again, one mprotect per run of neighbours (a sort's merge
  // writes hundreds of them).
  std::sort(written_.begin(), written_.end());
  for (std::size_t k = 0; k < written_.size();) {
    std::size_t m = k + 1;
    while (m < written_.size() && written_[m] == written_[m - 1] + bs)
      m++;
    view_->protect(written_[k], (m - k) * bs, PROT_READ, /*counted=*/false);
    k = m;
  }
}

// After an acquire: nothing held implicitly may be read without fetching
// it again.
void memory_system::drop_implicit() {
  if (implicit_.empty())
    return;
  write_back_twins(all_writes);
  for (int r : writes_)
    finish_write(ep_.net(), r);
  writes_.clear();
  const std::size_t bs = cache_->block_size();
  // One mprotect per run of adjacent blocks: a steal's acquire after a
  // sort's leaf drops a thousand blocks, mostly neighbours.
  std::sort(implicit_.begin(), implicit_.end(),
            [](const cache_block *x, const cache_block *y) {
              return x->mapped < y->mapped;
            });
  char *run = nullptr;
  std::size_t run_size = 0;
  int run_prot = PROT_NONE;
  auto protect_run = [&] {
    if (run_size)
      view_->protect(run, run_size, run_prot, /*counted=*/false);
    run_size = 0;
  };
  for (cache_block *b : implicit_) {
    b->in_implicit_list = false;
    if (!b->implicit)
      continue;
    b->implicit = false;
    b->valid.clear();
    for (const byte_range &r : b->dirty.ranges())
      b->valid.add(r.lo, r.hi);
    if (!b->mapped)
      continue;
    const int prot = b->refs > 0 ? PROT_READ | PROT_WRITE : PROT_NONE;
    if (run_size && run + run_size == b->mapped && prot == run_prot) {
      run_size += bs;
      continue;
    }
    protect_run();
    run = b->mapped;
    run_size = bs;
    run_prot = prot;
  }
  protect_run();
  implicit_.clear();
}

void memory_system::free_on_other_node(int owner, uint64_t in_slice) {
  // Sent in batches, one message per owner, and after this process's
  // writes are home: a write-back that came after the free could land in
  // the block's next life. Until then the block stays allocated.
  pending_frees_.push_back(pending_free{owner, in_slice});
  if (pending_frees_.size() < max_pending_frees)
    return;
  if (dirty_)
    release(false); // sends them after the write-back
  else
    send_pending_frees();
}

void memory_system::send_pending_frees() {
  std::sort(pending_frees_.begin(), pending_frees_.end(),
            [](const pending_free &a, const pending_free &b) {
              return a.owner < b.owner;
            });
  std::vector<uint64_t> offsets;
  for (std::size_t i = 0; i < pending_frees_.size();) {
    const int owner = pending_frees_[i].owner;
    offsets.clear();
    for (; i < pending_frees_.size() && pending_frees_[i].owner == owner; i++)
      offsets.push_back(pending_frees_[i].in_slice);
    post_frees(ep_.net(), owner, offsets.data(), offsets.size());
  }
  pending_frees_.clear();
}

} // namespace ito::memory
