// Collective allocations (Itoyori SC'23, Sec. 4.2): block and block-cyclic
// distributions over every rank's collective segment.
//
// One table describes all of them. It lives at the start of rank 0's
// collective segment, so that the ranks of rank 0's node read and update it
// under a lock in shared memory; ranks of other nodes ship the operation to
// rank 0. Every allocation takes the same offset in every rank's segment
// (its home offset), so one descriptor says where each of its bytes lives.
// Global addresses are handed out in increasing order and never reused: a
// rank that still knows a freed descriptor can hold no stale meaning for a
// new allocation. It drops such descriptors, and their mappings, when its
// mappings run short.
//
// Allocation is collective in SPMD mode (every rank calls; rank 0 decides
// and broadcasts) and from the root task (whoever runs it asks rank 0; the
// other ranks learn the descriptor the first time they touch it).
#pragma once

#include "memory/home.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace ito::comm {
class transport;
}

namespace ito::memory {

struct coll_desc {
  uint64_t base = 0, size = 0; // the global address range
  uint64_t block = 0;          // bytes per distribution block
  uint64_t home_off = 0;       // its offset in every rank's segment
  uint64_t home_bytes = 0;     // bytes it takes in each segment
  int32_t n_ranks = 0;
  uint32_t live = 0;
  // Made by the program's malloc (program_memory.cpp), not by
  // ito_malloc_collective: accessed without checkouts, freed by free().
  uint32_t of_program = 0;
  // Its home bytes were never used before: they are still zero.
  uint32_t fresh = 0;

  bool contains(const void *p) const {
    return reinterpret_cast<uintptr_t>(p) - base < size;
  }
  home_loc home_of(const void *p) const {
    const uint64_t d = reinterpret_cast<uintptr_t>(p) - base;
    const uint64_t i = d / block;
    return home_loc{static_cast<int>(i % uint64_t(n_ranks)),
                    segment::collective,
                    home_off + (i / uint64_t(n_ranks)) * block + d % block};
  }
};

enum class distribution : int { block = 0, block_cyclic = 1 };

class collective_table {
public:
  static constexpr std::size_t max_allocations = 4096;

  collective_table(const platform::topology &topo, global_view &view,
                   home_segments &homes);
  ~collective_table();
  collective_table(const collective_table &) = delete;
  collective_table &operator=(const collective_table &) = delete;

  // Needed to reach rank 0 from another node; with it, SPMD operations
  // wait for each other in a barrier that serves requests (a process may
  // still be fetching from one that has arrived).
  void set_transport(comm::transport *net) { net_ = net; }
  void barrier();

  // Every rank calls (SPMD mode).
  void *allocate_spmd(std::size_t size, distribution d, std::size_t block);
  void free_spmd(void *p);
  // Called by one task (the root task or one it created).
  void *allocate_from_task(std::size_t size, distribution d, std::size_t block);
  // Returns the descriptor that was freed (so the caller can drop what it
  // cached of it).
  coll_desc free_from_task(void *p);
  // A large allocation of the program's malloc, spread in blocks over
  // every rank's segment (from a task); live == 0 if there is no room, and
  // the caller keeps it in its own heap instead.
  coll_desc allocate_for_program(std::size_t size);
  // The allocation holding p, learnt from rank 0 if this process does not
  // know it yet; null if there is none.
  const coll_desc *find_or_null(const void *p);

  // The allocation holding p; a fatal error if there is none.
  const coll_desc &find(const void *p) {
    if (__builtin_expect(last_ && last_->contains(p), 1))
      return *last_;
    return find_slow(p);
  }

  // The allocation holding p among those this process knows, or null.
  const coll_desc *find_known(const void *p) const {
    auto it = known_.upper_bound(reinterpret_cast<uintptr_t>(p));
    if (it == known_.begin())
      return nullptr;
    --it;
    return it->second.contains(p) ? &it->second : nullptr;
  }

  // Rank 0's side of the operations, for requests from other nodes.
  // (of_program: no room is no error, the reply says live == 0.)
  coll_desc serve_allocate(uint64_t size, uint64_t block,
                           bool of_program = false);
  coll_desc serve_free(uint64_t base);
  coll_desc serve_lookup(uint64_t addr);

  // Unmaps the allocations this process knows that were freed elsewhere
  // (when the mappings run short).
  void reclaim_mappings();

private:
  struct table;
  const coll_desc &find_slow(const void *p);
  const coll_desc &learn(const coll_desc &d);
  // Entries of the kernel's memory map that d's home blocks here take.
  std::size_t mappings_of(const coll_desc &d) const;
  void forget(uint64_t base);
  coll_desc ask_rank0(uint32_t op, uint64_t a, uint64_t b);
  uint64_t block_for(std::size_t size, distribution d, std::size_t block) const;
  table *lock_table();
  void unlock_table();

  const platform::topology &topo_;
  global_view &view_;
  home_segments &homes_;
  comm::transport *net_ = nullptr;
  table *table_ = nullptr; // mapped on rank 0's node only
  std::size_t table_bytes_ = 0;
  std::map<uint64_t, coll_desc> known_;
  const coll_desc *last_ = nullptr;
};

} // namespace ito::memory
