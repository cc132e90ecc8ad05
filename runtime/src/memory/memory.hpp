// The global address space of one process: its view, its home memory, the
// collective table, its noncollective heap, its cache and its open
// checkouts (Itoyori SC'23, Sec. 3-5). Created by ito_init after the worker.
#pragma once

#include "comm/endpoint.hpp"
#include "comm/remote_heap.hpp"
#include "memory/atomic_ops.hpp"
#include "memory/cache.hpp"
#include "memory/coherence.hpp"
#include "memory/collective.hpp"
#include "memory/global_view.hpp"
#include "memory/home.hpp"
#include "memory/program_globals.hpp"
#include "memory/program_heap.hpp"
#include "platform/own_allocations.hpp"
#include "platform/stats.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ito::memory {

enum class cache_policy { nocache, write_through, write_back, write_back_lazy };
const char *policy_name(cache_policy p);

// The access modes of ito.h (ITO_MODE_*).
enum access_mode : int { mode_read = 0, mode_write = 1, mode_read_write = 2 };

struct memory_options {
  std::size_t block_size, sub_block_size, cache_size, heap_size,
      collective_size;
  // ITO_HEAP_SIZE: each process's part of the program's heap (malloc).
  std::size_t program_heap_size;
  cache_policy policy;
  // ITO_CHECK_ACCESS: cached remote data is inaccessible outside checkouts
  // (on by default in a debug build of libito).
  bool check_access;
  // ITO_FAULT_AHEAD: how far past a faulting block a stream of faults
  // fetches at most (fault_access.cpp).
  std::size_t fault_ahead;
  // ITO_RANGE_FETCHES: loops fetch the ranges ito-cc announces before them
  // (fault_access.cpp); off, they fault as code the pass cannot follow.
  bool range_fetches;
  // ITO_DISTRIBUTE_SIZE: between nodes, a malloc of at least this many
  // bytes is spread over every process's home (0: never).
  std::size_t distribute_size;
};
memory_options read_memory_options();

class memory_system {
public:
  memory_system(comm::endpoint &ep, platform::stats &counters,
                const memory_options &o);
  ~memory_system();
  memory_system(const memory_system &) = delete;
  memory_system &operator=(const memory_system &) = delete;

  // Noncollective: from this rank's heap; freed by anyone.
  void *allocate(std::size_t size);
  void deallocate(void *p, std::size_t size);
  // The program's malloc of a large array while processes span nodes
  // (distributed_allocation.cpp): spread block by block over every
  // process's home, so that the tasks that work on a part of it find it
  // at home wherever they run; null to keep it in this process's heap.
  void *allocate_distributed(std::size_t size, bool zeroed);
  // Whether a malloc of size bytes is worth asking for that.
  // (Never the runtime's own buffers, platform/own_allocations.hpp, nor
  // while replies are awaited: asking rank 0 would take one of them.)
  bool distributes(std::size_t size) const {
    return size >= distribute_from_ && platform::own_allocations == 0 &&
           !ep_.net().replies_pending();
  }
  // free() of such an array (false: p is not one).
  bool free_distributed(void *p);
  // Its size, or 0 if p is not the start of one.
  std::size_t distributed_size(const void *p);
  // Collective: SPMD (every rank) or from a task (the root task's tree).
  void *allocate_collective(std::size_t size, distribution d,
                            std::size_t block);
  void free_collective(void *p);

  void checkout(const void *p, std::size_t size, int mode);
  void checkin(const void *p, std::size_t size, int mode);
  // Copies without the cache (the GET/PUT baseline).
  void get(void *dst, const void *src, std::size_t size);
  void put(void *dst, const void *src, std::size_t size);

  // Coherence (coherence.cpp). A release writes back everything, or with
  // `before` only the blocks first written before the write numbered so
  // (fault_access.cpp), and the checkouts' dirty bytes.
  void release(bool requested, uint64_t before = all_writes);
  void acquire();
  void poll_requests(bool in_leaf = false);
  bool release_for_remote_thief(int thief, uint64_t first_write_after_fork,
                                std::vector<char> &reply);
  release_handler handler_for_local_victim(int victim);
  void wait_for(const release_handler &h);
  void set_first_write_hook(first_write_hook hook) { first_write_hook_ = hook; }

  // A fatal error if a checkout is open (at a fork or join that moved).
  // (Checkouts SPMD code left open across root_exec are not the tasks'.)
  void check_no_open_checkout() {
    if (__builtin_expect(open_.size() > spmd_open_, 0))
      open_at_migration();
  }
  void enter_region() {
    spmd_open_ = open_.size();
    in_tasks_ = true;
  }
  // Under ITO_CHECK_ACCESS, for the fault handler: the open checkout that
  // holds addr for reading only (so a fault there was a write), or false.
  bool read_only_checkout_at(const void *addr, const void **base,
                             std::size_t *size) const;
  void leave_region() {
    spmd_open_ = 0;
    in_tasks_ = false;
  }

  // The program's heap of this rank (program_memory.cpp routes to it).
  program_heap &own_program_heap() { return prog_; }
  int rank() const { return topo_.rank(); }
  comm::endpoint &comm() { return ep_; }

  // Another node's heap data without a checkout (fault_access.cpp): the
  // fault handler's part, true if the access may be tried again.
  bool resolve_fault(void *addr, bool write);
  // Before a system call reads (or, will_write, fills) [p, p + n): the
  // kernel's own accesses do not fault, they fail (EFAULT), so the part of
  // it that is another node's data is brought here first. Returns how many
  // bytes from p are ready: at most n, as many as the cache holds at once.
  std::size_t ready_for_kernel(const void *p, std::size_t n, bool will_write);
  // A loop is about to read (or write) [p, p + n): the part of it that is
  // another node's data is fetched now, in one round of messages, and held
  // as the faults would hold it (fault_access.cpp). Only a hint: what it
  // does not fetch faults as before.
  void fetch_range(const void *p, std::size_t n, bool write);
  // An atomic operation of the program on p, with the fences its order
  // asks for (global_atomics.cpp); returns the old value.
  uint64_t atomic_access(void *p, const atomic_args &a);
  // In global memory: the view (heaps, collective) or file-scope data.
  bool is_global(const void *p) const {
    return view_->in_view(p) || globals_.contains(p);
  }
  // free() of a block of another node's heap (in_slice: its offset in the
  // owner's slice).
  void free_on_other_node(int owner, uint64_t in_slice);

  // Serving other nodes (remote_access.cpp).
  home_segments &homes() { return *homes_; }
  collective_table &collectives() { return *coll_; }
  // Collective, after static initialization: rank 0's file-scope data
  // becomes every process's (program_globals.cpp).
  void share_globals();
  const globals_layout &globals() const { return globals_; }

  // A free from another node (offset in this rank's slice).
  void free_here(uint64_t in_slice);

  // A barrier of all processes (SPMD mode) that serves requests while it
  // waits.
  void spmd_barrier() { coll_->barrier(); }
  cache_policy policy() const { return opts_.policy; }
  const global_view &view() const { return *view_; }
  platform::stats &counters() { return stats_; }

private:
  struct open_checkout {
    const void *addr;
    std::size_t size;
    int mode;
  };
  struct pending_fetch {
    cache_block *b;
    uint32_t lo, hi;
  };

  // The home of the memory block at block_start; checks [p, p+size) lies
  // in one allocation.
  home_loc home_of_block(const char *block_start);
  void check_range(const void *p, std::size_t size, const char *what);
  cache_block *obtain_block(uint64_t id, const home_loc &h, const void *p,
                            std::size_t size);
  [[gnu::cold, gnu::noinline]] void protect_blocks(const void *p,
                                                   std::size_t size);
  // ITO_CHECK_ACCESS: a block is open in the view while checkouts of this
  // process hold it, for writing if one of them may write (a write through
  // a read checkout would be lost: it is never written back).
  // What the open checkouts of this process allow on memory block id
  // (PROT_NONE, PROT_READ or read-write).
  int allowed_on_block(uint64_t id) const;
  // Home block id of this node, mapped in place, gets that protection.
  [[gnu::cold, gnu::noinline]] void guard_home_block(uint64_t id);
  void finish_fetches();
  // If p is global memory homed on another node, its home (of p itself).
  bool remote_home(const void *p, home_loc &h);
  void install_fault_access();
  void allocate_distributed_setup();
  // The fault path (fault_access.cpp).
  bool faults_here(const void *addr) const;
  bool same_fault_home(const void *a, const void *b) const;
  cache_block *start_implicit(uint64_t id, const char *start, const void *addr,
                              bool ahead);
  void hold_implicit(cache_block *b, bool write);
  std::size_t fault_window(uint64_t id, bool write);
  void map_globals(const globals_layout &g, int fd);
  void write_back_twins(uint64_t before);
  void drop_implicit();
  void send_pending_frees();
  void mark_dirty();
  void checkin_mismatch(const void *p, std::size_t size, int mode);
  [[noreturn]] void open_at_migration();

  memory_options opts_;
  const platform::topology &topo_;
  comm::endpoint &ep_;
  platform::stats &stats_;
  bool one_node_;
  // Between root_exec's start and end: tasks run (enter_region()).
  bool in_tasks_ = false;
  // Every home is mapped in place and open: a checkout only records itself.
  bool home_in_place_;
  // ITO_CHECK_ACCESS: the home blocks open now, and how (by block id).
  std::unordered_map<uint64_t, int> open_home_;
  std::unique_ptr<global_view> view_;
  std::unique_ptr<home_segments> homes_;
  std::unique_ptr<collective_table> coll_;
  std::unique_ptr<cache> cache_;
  comm::remote_heap heap_;
  program_heap prog_;
  char *heap_base_ = nullptr; // this rank's heap in the view
  std::vector<open_checkout> open_;
  std::size_t spmd_open_ = 0;
  std::vector<pending_fetch> fetches_;
  std::vector<cache_block *> to_map_;
  std::vector<int> writes_; // targets of write-backs in flight, in order
  // Blocks held for faulting accesses, and the twins of those written.
  std::vector<cache_block *> implicit_;
  char *twins_ = nullptr;
  std::vector<char> runs_; // a written block's changed bytes, as runs
  std::vector<char *> written_; // where the blocks written back are mapped
  std::size_t n_twins_ = 0;
  // The number of the last twin made (cache_block::twin_number), and who
  // is told of each (coherence.hpp).
  uint64_t twin_clock_ = 0;
  first_write_hook first_write_hook_ = nullptr;
  // Steals by thieves of other nodes served where this process could not
  // write back (in a wait), with their replies; they go at its next poll,
  // after the twins numbered below deferred_before_.
  struct deferred_steal {
    int thief;
    std::vector<char> reply;
  };
  std::vector<deferred_steal> deferred_steals_;
  uint64_t deferred_before_ = 0;
  void answer_deferred_steals();
  // Streams of faults, each at the block after what it fetched last, and
  // how many blocks it fetched ahead then; the least recently used gives
  // way to a new one.
  struct fault_stream {
    uint64_t next = ~uint64_t(0);
    std::size_t ahead = 0;
    uint64_t used = 0;
    bool write = false;
  };
  fault_stream streams_[8];
  uint64_t stream_clock_ = 0;
  std::size_t fault_ahead_max_ = 0;  // in blocks
  std::vector<cache_block *> batch_; // the blocks of one fault
  struct pending_free {
    int owner;
    uint64_t in_slice;
  };
  std::vector<pending_free> pending_frees_;
  static constexpr std::size_t max_pending_frees = 4096;
  // The smallest malloc spread over the homes; never on one node.
  std::size_t distribute_from_ = ~std::size_t(0);
  globals_layout globals_; // empty until shared
  bool dirty_ = false;
  coherence_shared *coh_ = nullptr;
};

memory_system *the_memory_or_null();
memory_system &the_memory(const char *api_function);

} // namespace ito::memory
