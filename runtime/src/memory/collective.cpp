#include "memory/collective.hpp"

#include "comm/endpoint.hpp"
#include "comm/node_mailbox.hpp"
#include "comm/transport.hpp"
#include "memory/remote_access.hpp"
#include "platform/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/mman.h>

namespace ito::memory {

struct collective_table::table {
  std::atomic<int32_t> lock;
  uint32_t count;     // entries in use (freed ones stay until it fills)
  uint64_t next_base; // the next global address, from the area's start
  uint64_t home_high; // home offsets below this have been used
  coll_desc entries[max_allocations];
};

namespace {
std::size_t round_up(std::size_t n, std::size_t to) {
  return (n + to - 1) / to * to;
}
enum : uint32_t {
  op_alloc = 0,
  op_free = 1,
  op_lookup = 2,
  op_alloc_program = 3
};
} // namespace

collective_table::collective_table(const platform::topology &topo,
                                   global_view &view, home_segments &homes)
    : topo_(topo), view_(view), homes_(homes) {
  view.on_mapping_shortage(
      [](void *self) {
        static_cast<collective_table *>(self)->reclaim_mappings();
      },
      this);
  table_bytes_ = round_up(sizeof(table), view.block_size());
  if (homes.on_node(0)) {
    void *t = mmap(nullptr, table_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED,
                   homes.collective_fd(0), 0);
    if (t == MAP_FAILED)
      platform::fatal("cannot map the table of collective allocations: %s",
                      std::strerror(errno));
    table_ = static_cast<table *>(t);
    if (topo.rank() == 0) {
      table_->lock.store(0);
      table_->count = 0;
      table_->next_base = 0;
      table_->home_high = 0;
    }
  }
  MPI_Barrier(topo.world());
}

collective_table::~collective_table() {
  if (table_)
    munmap(table_, table_bytes_);
}

collective_table::table *collective_table::lock_table() {
  int32_t expected = 0;
  while (!table_->lock.compare_exchange_weak(expected, 1,
                                             std::memory_order_acquire)) {
    expected = 0;
    __builtin_ia32_pause();
  }
  return table_;
}

void collective_table::unlock_table() {
  table_->lock.store(0, std::memory_order_release);
}

uint64_t collective_table::block_for(std::size_t size, distribution d,
                                     std::size_t block) const {
  const std::size_t mb = view_.block_size();
  if (d == distribution::block) {
    const std::size_t p = static_cast<std::size_t>(topo_.n_ranks());
    return round_up(std::max<std::size_t>((size + p - 1) / p, 1), mb);
  }
  return round_up(block ? block : mb, mb);
}

coll_desc collective_table::serve_allocate(uint64_t size, uint64_t block,
                                           bool of_program) {
  coll_desc d;
  d.of_program = of_program;
  d.size = size;
  d.block = block;
  d.n_ranks = topo_.n_ranks();
  const uint64_t n_blocks = (size + block - 1) / block;
  d.home_bytes =
      (n_blocks + uint64_t(d.n_ranks) - 1) / uint64_t(d.n_ranks) * block;
  table *t = lock_table();
  if (t->count == max_allocations) {
    // Entries of freed allocations go; their addresses are still never
    // handed out again (next_base only grows).
    uint32_t kept = 0;
    for (uint32_t i = 0; i < t->count; i++)
      if (t->entries[i].live)
        t->entries[kept++] = t->entries[i];
    t->count = kept;
  }
  if (t->count == max_allocations) {
    unlock_table();
    if (of_program)
      return coll_desc{};
    platform::fatal("out of global memory: %zu collective allocations are "
                    "live at once, the most there can be; free some "
                    "(ito_free_collective) or allocate fewer, larger arrays",
                    max_allocations);
  }
  // First fit among the live allocations' home ranges.
  std::vector<std::pair<uint64_t, uint64_t>> used;
  for (uint32_t i = 0; i < t->count; i++)
    if (t->entries[i].live)
      used.emplace_back(t->entries[i].home_off,
                        t->entries[i].home_off + t->entries[i].home_bytes);
  std::sort(used.begin(), used.end());
  uint64_t at = table_bytes_;
  for (auto &u : used) {
    if (u.first >= at + d.home_bytes)
      break;
    at = std::max(at, u.second);
  }
  const uint64_t capacity = homes_.size(segment::collective);
  if (at + d.home_bytes > capacity ||
      d.size > global_view::collective_size - t->next_base) {
    uint64_t in_use = 0;
    for (auto &u : used)
      in_use += u.second - u.first;
    unlock_table();
    if (of_program)
      return coll_desc{};
    platform::fatal("out of global memory: a collective allocation of %llu "
                    "bytes needs %llu MiB on every process, %llu MiB of the "
                    "%llu MiB per process are in use; raise "
                    "ITO_COLLECTIVE_HEAP_SIZE",
                    (unsigned long long)size,
                    (unsigned long long)(d.home_bytes >> 20),
                    (unsigned long long)(in_use >> 20),
                    (unsigned long long)(capacity >> 20));
  }
  d.home_off = at;
  d.fresh = at >= t->home_high;
  t->home_high = std::max(t->home_high, at + d.home_bytes);
  d.base = reinterpret_cast<uintptr_t>(view_.collective_base()) + t->next_base;
  t->next_base += round_up(n_blocks * block, view_.block_size());
  d.live = 1;
  t->entries[t->count++] = d;
  unlock_table();
  return d;
}

coll_desc collective_table::serve_free(uint64_t base) {
  table *t = lock_table();
  for (uint32_t i = 0; i < t->count; i++) {
    coll_desc &e = t->entries[i];
    if (e.live && e.base == base) {
      e.live = 0;
      coll_desc d = e;
      unlock_table();
      return d;
    }
  }
  unlock_table();
  return coll_desc{};
}

coll_desc collective_table::serve_lookup(uint64_t addr) {
  table *t = lock_table();
  coll_desc found{};
  for (uint32_t i = t->count; i-- > 0;)
    if (t->entries[i].live &&
        t->entries[i].contains(reinterpret_cast<void *>(addr))) {
      found = t->entries[i];
      break;
    }
  unlock_table();
  return found;
}

coll_desc collective_table::ask_rank0(uint32_t op, uint64_t a, uint64_t b) {
  if (table_) {
    switch (op) {
    case op_alloc:
      return serve_allocate(a, b);
    case op_free:
      return serve_free(a);
    case op_alloc_program:
      return serve_allocate(a, b, true);
    default:
      return serve_lookup(a);
    }
  }
  const mem_op kinds[] = {mem_op::coll_alloc, mem_op::coll_free,
                          mem_op::coll_lookup, mem_op::coll_alloc_program};
  return call_collective(*net_, kinds[op], a, b);
}

std::size_t collective_table::mappings_of(const coll_desc &d) const {
  // Each mapped block is an entry of its own in the kernel's list (its
  // neighbours come from other segments), and each run of mapped blocks
  // splits the reservation around it once more.
  const uint64_t n_blocks = (d.size + d.block - 1) / d.block;
  std::size_t n = 0;
  bool previous = false;
  for (uint64_t i = 0; i < n_blocks; i++) {
    const bool here = homes_.on_node(static_cast<int>(i % uint64_t(d.n_ranks)));
    if (here)
      n += previous ? 1 : 2;
    previous = here;
  }
  return n;
}

const coll_desc &collective_table::learn(const coll_desc &d) {
  auto [it, fresh] = known_.emplace(d.base, d);
  if (fresh) {
    // Map the home blocks that live on this node straight into the view.
    view_.reserve_mappings(mappings_of(d), "a collective allocation",
                           "use fewer, larger allocations or a larger block "
                           "(ITO_BLOCK_SIZE)");
    const uint64_t n_blocks = (d.size + d.block - 1) / d.block;
    for (uint64_t i = 0; i < n_blocks; i++) {
      const int owner = static_cast<int>(i % uint64_t(d.n_ranks));
      if (!homes_.on_node(owner))
        continue;
      view_.map(reinterpret_cast<char *>(d.base + i * d.block), d.block,
                homes_.collective_fd(owner),
                d.home_off + (i / uint64_t(d.n_ranks)) * d.block,
                "a collective allocation", false, homes_.view_protection());
    }
  }
  last_ = &it->second;
  return it->second;
}

void collective_table::forget(uint64_t base) {
  auto it = known_.find(base);
  if (it == known_.end())
    return;
  const coll_desc &d = it->second;
  const uint64_t n_blocks = (d.size + d.block - 1) / d.block;
  for (uint64_t i = 0; i < n_blocks; i++)
    if (homes_.on_node(static_cast<int>(i % uint64_t(d.n_ranks))))
      view_.unmap(reinterpret_cast<char *>(d.base + i * d.block), d.block,
                  false);
  view_.return_mappings(mappings_of(d));
  if (last_ == &it->second)
    last_ = nullptr;
  known_.erase(it);
}

void collective_table::reclaim_mappings() {
  // A free from a task reaches only the process that made it; the others
  // keep their mappings of the freed allocation until they ask.
  std::vector<uint64_t> dead;
  for (const auto &[base, d] : known_) {
    const coll_desc now = ask_rank0(op_lookup, base, 0);
    if (!now.live || now.base != base)
      dead.push_back(base);
  }
  for (uint64_t base : dead)
    forget(base);
}

const coll_desc &collective_table::find_slow(const void *p) {
  const auto a = reinterpret_cast<uintptr_t>(p);
  auto it = known_.upper_bound(a);
  if (it != known_.begin()) {
    --it;
    if (it->second.contains(p))
      return *(last_ = &it->second);
  }
  coll_desc d = ask_rank0(op_lookup, a, 0);
  if (!d.live)
    platform::fatal("global address %p is not in any live collective "
                    "allocation (freed already, or never allocated)",
                    p);
  return learn(d);
}

void collective_table::barrier() {
  if (net_)
    return net_->quiesce();
  // Serving the node's requests meanwhile: process 0's exit handlers may
  // still use a stream another process opened (program_streams.hpp).
  comm::endpoint *e = comm::the_endpoint_or_null();
  MPI_Request r;
  MPI_Ibarrier(topo_.world(), &r);
  for (int done = 0; !done;) {
    MPI_Test(&r, &done, MPI_STATUS_IGNORE);
    if (e)
      comm::serve_node_mailbox(*e);
  }
  if (e) // what was posted before the others arrived
    comm::serve_node_mailbox(*e);
}

void *collective_table::allocate_spmd(std::size_t size, distribution d,
                                      std::size_t block) {
  barrier();
  coll_desc desc{};
  if (topo_.rank() == 0)
    desc = serve_allocate(std::max<std::size_t>(size, 1),
                          block_for(size, d, block));
  MPI_Bcast(&desc, sizeof desc, MPI_BYTE, 0, topo_.world());
  learn(desc);
  MPI_Barrier(topo_.world());
  return reinterpret_cast<void *>(desc.base);
}

void collective_table::free_spmd(void *p) {
  const coll_desc &d = find(p);
  if (d.base != reinterpret_cast<uintptr_t>(p))
    platform::fatal("ito_free_collective(%p): not the start of a collective "
                    "allocation (it begins at %p)",
                    p, reinterpret_cast<void *>(d.base));
  const uint64_t base = d.base;
  barrier();
  if (topo_.rank() == 0)
    serve_free(base);
  forget(base);
  MPI_Barrier(topo_.world());
}

void *collective_table::allocate_from_task(std::size_t size, distribution d,
                                           std::size_t block) {
  coll_desc desc = ask_rank0(op_alloc, std::max<std::size_t>(size, 1),
                             block_for(size, d, block));
  return reinterpret_cast<void *>(learn(desc).base);
}

coll_desc collective_table::allocate_for_program(std::size_t size) {
  coll_desc d = ask_rank0(op_alloc_program, size,
                          block_for(size, distribution::block, 0));
  if (d.live)
    learn(d);
  return d;
}

const coll_desc *collective_table::find_or_null(const void *p) {
  if (last_ && last_->contains(p))
    return last_;
  if (const coll_desc *d = find_known(p))
    return d;
  coll_desc d = ask_rank0(op_lookup, reinterpret_cast<uintptr_t>(p), 0);
  return d.live ? &learn(d) : nullptr;
}

coll_desc collective_table::free_from_task(void *p) {
  const uint64_t base = find(p).base;
  if (base != reinterpret_cast<uintptr_t>(p))
    platform::fatal("ito_free_collective(%p): not the start of a collective "
                    "allocation (it begins at %p)",
                    p, reinterpret_cast<void *>(base));
  coll_desc d = ask_rank0(op_free, base, 0);
  forget(base);
  return d;
}

} // namespace ito::memory
