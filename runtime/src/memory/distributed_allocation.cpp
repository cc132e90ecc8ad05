// Large arrays of the program spread over every process's home.
//
// Between nodes, a malloc'd array lives where malloc ran: a grid that main
// allocates is process 0's, and every task elsewhere fetches the rows it
// reads and writes back the rows it writes, at every step (a heat stencil
// ran 2.4 times slower on two nodes than on one). A malloc of at least
// ITO_DISTRIBUTE_SIZE bytes is instead a collective allocation with a block
// distribution: process r is home to the r-th of P equal parts. A parallel
// loop over such an array splits its range in halves the way the array is
// split, and the thief of a half is the process that runs it, so each
// process mostly works on its own part and fetches only the edges.
//
// The program reaches these arrays as it reaches its heap: without
// checkouts, through the faults of fault_access.cpp. On one node nothing
// changes (home memory is shared in place there, and splitting would only
// add the collective table's round trips).
#include "memory/memory.hpp"

#include <cstring>

namespace ito::memory {

void memory_system::allocate_distributed_setup() {
  // A process alone on its node, or with a debug view of home memory
  // (whose guarded blocks the program's accesses would fault on forever),
  // keeps every allocation in its own heap.
  if (one_node_ || opts_.check_access || opts_.distribute_size == 0 ||
      topo_.n_ranks() < 2)
    return;
  // At least 16 blocks: the runtime's own buffers that follow a block (a
  // written block's runs of changed bytes) stay smaller.
  distribute_from_ = std::max(opts_.distribute_size, 16 * cache_->block_size());
}

void *memory_system::allocate_distributed(std::size_t size, bool zeroed) {
  // Only tasks: the table's owner serves requests while they run.
  if (!in_tasks_)
    return nullptr;
  const coll_desc d = coll_->allocate_for_program(size);
  if (!d.live)
    return nullptr; // no room: the caller's heap takes it
  stats_.distributed_allocations++;
  void *p = reinterpret_cast<void *>(d.base);
  // Home bytes that an earlier allocation used are not zero any more.
  if (zeroed && !d.fresh)
    std::memset(p, 0, size);
  return p;
}

bool memory_system::free_distributed(void *p) {
  const coll_desc *d = coll_->find_or_null(p);
  if (!d || !d->of_program || d->base != reinterpret_cast<uintptr_t>(p))
    return false;
  // This process's writes to it go home first: its next release would
  // otherwise write them over whatever reuses the homes' bytes (a write
  // fault's twin outlives forget_range).
  release(false);
  cache_->forget_range(d->base, d->base + d->size);
  // Outside tasks (exit handlers) another node's process may not be
  // answering: the array stays allocated until the job ends.
  if (in_tasks_ || topo_.rank() == 0)
    coll_->free_from_task(p);
  return true;
}

std::size_t memory_system::distributed_size(const void *p) {
  const coll_desc *d = coll_->find_or_null(p);
  if (!d || !d->of_program || d->base != reinterpret_cast<uintptr_t>(p))
    return 0;
  return d->size;
}

} // namespace ito::memory
