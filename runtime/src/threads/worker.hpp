// This process's worker: its deque, its stacks, its remote heap, and its
// view of the other workers of the node.
#pragma once

#include "comm/endpoint.hpp"
#include "comm/global_ref.hpp"
#include "comm/remote_heap.hpp"
#include "platform/shm.hpp"
#include "platform/stats.hpp"
#include "platform/topology.hpp"
#include "platform/trace.hpp"
#include "threads/join_entry.hpp"
#include "threads/uni_address.hpp"

#include <ito/detail/deque.hpp>
#include <pthread.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

namespace ito::threads {

// Parked threads whose wait is over: the owner runs them when idle, and
// thieves take them like continuations (oldest first), so that woken
// waiters spread over the processes instead of queueing behind the one that
// woke them.
struct ready_queue {
  static constexpr uint32_t capacity = 4096;
  std::atomic<int32_t> lock;
  uint32_t head, tail; // items [head, tail), indices modulo capacity
  comm::global_ref items[capacity];

  bool push(comm::global_ref t);
  comm::global_ref take(); // oldest, or 0
};

// The part of a worker that its node peers read and write (shared memory).
struct worker_shared {
  // Set by rank 0 when the root task of region `epoch` has completed.
  alignas(64) std::atomic<int64_t> exit_epoch;
  alignas(64) ready_queue ready;
  // Rank 0: the root thread, sent home by the process it left
  // (homecoming.cpp).
  alignas(64) std::atomic<comm::global_ref> homecoming;
  // The floating-point control state of this worker's strand, as of the
  // program's last change of it (fp_control.hpp; 0: the default).
  alignas(64) std::atomic<uint64_t> fp_control{0};
};

// Another worker of this node, as this process maps it.
struct peer {
  int rank = -1;
  worker_shared *shared = nullptr;
  detail::deque *dq = nullptr;
  char *heap = nullptr;        // its remote heap
  const char *stack = nullptr; // its uni-address region (read-only view)
};

class worker {
public:
  worker(comm::endpoint &ep, platform::stats &counters, bool stats_enabled);
  ~worker();

  int rank() const { return rank_; }
  const platform::topology &topo() const { return topo_; }
  detail::deque *dq() const { return dq_; }
  comm::remote_heap &heap() { return heap_; }
  const uni_address_region &stacks() const { return *stacks_; }
  char *scheduler_stack_top() const { return sched_stack_top_; }
  char *scheduler_stack_bottom() const {
    return sched_stack_top_ - sched_stack_size_;
  }
  std::size_t scheduler_stack_size() const { return sched_stack_size_; }
  worker_shared *shared() const { return shared_; }
  platform::stats &counters() { return stats_; }
  bool stats_enabled() const { return stats_enabled_; }

  // Peer worker of a rank on this node, or null if it is on another node.
  const peer *local_peer(int rank) const {
    return peer_of_rank_[static_cast<size_t>(rank)];
  }
  const std::vector<peer> &peers() const { return peers_; }

  // The object a global_ref names, for a home on this node.
  void *resolve(comm::global_ref ref) const {
    int r = comm::ref_rank(ref);
    if (r == rank_)
      return heap_.local(ref);
    return local_peer(r)->heap + comm::ref_offset(ref);
  }
  // Frees a runtime object wherever its home is (on this node).
  void release(comm::global_ref ref);

  // Starts a new chain of frames on this worker: the deque is emptied and
  // its sentinel says where the chain's stack begins and where its root
  // thread delivers its value.
  void start_chain(void *base, comm::global_ref join);

  void lock_deque(detail::deque *d);
  static void unlock_deque(detail::deque *d) {
    d->lock.store(0, std::memory_order_release);
  }
  static bool try_lock_deque(detail::deque *d) {
    int32_t expected = 0;
    return d->lock.load(std::memory_order_relaxed) == 0 &&
           d->lock.compare_exchange_strong(expected, 1,
                                           std::memory_order_acquire);
  }

  std::minstd_rand &rng() { return rng_; }

  // A thief's barrier between bumping a victim's top and reading its bottom:
  // forces one on every CPU running a process of the job (membarrier(2)),
  // since owners do not fence on their pops; a plain fence if owners do.
  void barrier_for_thief();

  // Messages to other processes.
  comm::endpoint &comm() { return ep_; }
  comm::transport &net() { return ep_.net(); }
  bool multi_node() const { return ep_.multi_node(); }
  // Whether the calling thread is this worker's (not one the program
  // started itself).
  bool on_own_thread() const { return pthread_equal(pthread_self(), thread_); }

  // When this worker began running tasks, entered the scheduler loop, and
  // its time waiting for other nodes by then (ITO_STATS, ITO_TRACE).
  uint64_t run_since = 0;
  uint64_t idle_since = 0;
  uint64_t waited_before_idle = 0;
  void start_idle() {
    if (!stats_enabled_ && !platform::tracing())
      return;
    idle_since = platform::now_ns();
    waited_before_idle = stats_.wait_ns;
    if (platform::tracing() && run_since)
      platform::trace(platform::trace_kind::run, run_since, idle_since);
    run_since = 0;
  }
  void end_idle() {
    if (!idle_since)
      return;
    const uint64_t now = platform::now_ns();
    stats_.idle_ns += now - idle_since;
    stats_.wait_idle_ns += stats_.wait_ns - waited_before_idle;
    if (platform::tracing())
      platform::trace(platform::trace_kind::idle, idle_since, now);
    idle_since = 0;
    run_since = now;
  }

  // Saved by root_exec: where this process returns to SPMD mode.
  void *main_ctx = nullptr;
  // The process's own stack, for AddressSanitizer (platform/sanitizers.hpp):
  // its fake frames while tasks run, and its bounds.
  void *main_fake_stack = nullptr;
  const void *main_stack_bottom = nullptr;
  std::size_t main_stack_size = 0;
  // The join entry of the stolen slot found by the last failed pop.
  comm::global_ref stolen_join = 0;
  // Makes parked threads whose wait is over runnable (here or by thieves).
  void make_ready(const comm::global_ref *threads, std::size_t n);
  // A runnable parked thread of this worker, or 0.
  comm::global_ref take_ready();
  // Forks between two polls, and when the last poll was (scheduler.cpp).
  int64_t poll_interval = 0;
  uint64_t last_poll_ns = 0;
  // The same for the loops and recursive calls of leaves (scheduler.cpp).
  int64_t leaf_interval = 0;
  uint64_t last_leaf_poll_ns = 0;
  // Root region bookkeeping.
  int64_t epoch = 0;
  comm::global_ref root_join = 0;
  bool in_root = false;

private:
  comm::endpoint &ep_;
  const platform::topology &topo_;
  int rank_;
  bool stats_enabled_;
  std::unique_ptr<uni_address_region> stacks_;
  platform::shm_segment block_; // worker_shared + deque + remote heap
  worker_shared *shared_ = nullptr;
  detail::deque *dq_ = nullptr;
  comm::remote_heap heap_;
  std::vector<peer> peers_;
  std::vector<const peer *> peer_of_rank_;
  std::vector<platform::shm_segment> peer_blocks_, peer_stacks_;
  char *sched_stack_ = nullptr;
  std::size_t sched_stack_size_ = 0;
  char *sched_stack_top_ = nullptr;
  platform::stats &stats_;
  std::minstd_rand rng_;
  // Ready threads when the shared queue is full.
  std::vector<comm::global_ref> ready_overflow_;
  pthread_t thread_ = pthread_self();
};

worker &the_worker();
worker *the_worker_or_null();

} // namespace ito::threads
