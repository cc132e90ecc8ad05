#include "threads/worker.hpp"
#include "threads/fp_control.hpp"

#include "platform/crash_report.hpp"
#include "platform/error.hpp"
#include "platform/job.hpp"
#include "platform/libc_next.hpp"
#include "platform/options.hpp"
#include "platform/process_exit.hpp"
#include "threads/remote_ops.hpp"
#include "threads/views.hpp"

#include <ito/detail/loop_affinity.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <linux/membarrier.h>
#include <string>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

extern "C" {
int ito_sched_owner_fences = 1;
}

namespace ito::threads {

namespace {

worker *current = nullptr;

int membarrier(int cmd) {
  return static_cast<int>(syscall(__NR_membarrier, cmd, 0, 0));
}

// Whether thieves make their victims fence (see pop_fast), unless
// ITO_ASYMMETRIC_FENCE=0 or membarrier(2) is missing; collective, so that
// every process of the job decides the same.
bool setup_asymmetric_barrier(MPI_Comm world) {
  if (!platform::env_bool("ITO_ASYMMETRIC_FENCE", true))
    return false;
  int ok =
      membarrier(MEMBARRIER_CMD_QUERY) > 0 &&
      (membarrier(MEMBARRIER_CMD_QUERY) & MEMBARRIER_CMD_GLOBAL_EXPEDITED) &&
      membarrier(MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED) == 0;
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, world);
  return all != 0;
}

constexpr std::size_t shared_part = 256 * 1024;
static_assert(sizeof(worker_shared) <= shared_part);

std::size_t round_up(std::size_t n, std::size_t to) {
  return (n + to - 1) / to * to;
}

struct block_layout {
  std::size_t deque_offset, deque_bytes, guard_offset, heap_offset, total;
};

block_layout layout_for(int64_t slots, std::size_t heap_size) {
  const std::size_t page = platform::page_size();
  block_layout l;
  l.deque_offset = shared_part;
  l.deque_bytes = round_up(
      ITO_DEQUE_SLOTS_OFFSET + std::size_t(slots) * ITO_DEQUE_SLOT_SIZE, page);
  l.guard_offset = l.deque_offset + l.deque_bytes;
  l.heap_offset = l.guard_offset + page;
  l.total = l.heap_offset + heap_size;
  return l;
}

// Faults in the threads' own memory, in words (platform/crash_report.hpp).
bool explain_fault(const platform::fault &f, char *buf, std::size_t size) {
  worker *w = current;
  if (!w || f.bus_error)
    return false;
  if (w->stacks().in_guard(f.addr)) {
    std::snprintf(buf, size,
                  "a task overflowed its stack: the task stack region holds "
                  "%zu MiB and the deepest chain of nested calls used it all; "
                  "raise ITO_STACK_SIZE (e.g. ITO_STACK_SIZE=%zum)",
                  w->stacks().size() >> 20, (w->stacks().size() >> 20) * 4);
    return true;
  }
  auto *guard = reinterpret_cast<char *>(w->dq()) +
                (ITO_DEQUE_SLOTS_OFFSET +
                 std::size_t(w->dq()->capacity) * ITO_DEQUE_SLOT_SIZE);
  char *g = reinterpret_cast<char *>(
      round_up(reinterpret_cast<uintptr_t>(guard), platform::page_size()));
  if (f.addr >= g && f.addr < g + platform::page_size()) {
    std::snprintf(buf, size,
                  "too many nested forks: more than %lld tasks are waiting "
                  "for their children on one process; raise ITO_DEQUE_SLOTS "
                  "(now %lld)",
                  static_cast<long long>(w->dq()->capacity - 1),
                  static_cast<long long>(w->dq()->capacity));
    return true;
  }
  if (w->stacks().contains(f.addr)) {
    std::snprintf(buf, size,
                  "%s address %p in the task stack region, outside the frames "
                  "of the running task: a pointer to another task's local "
                  "variables (a parent's, or a finished task's); tasks may run "
                  "in other processes, so they cannot share stack data",
                  f.write ? "a write to" : "a read of", f.addr);
    return true;
  }
  return false;
}

} // namespace

worker &the_worker() { return *current; }
worker *the_worker_or_null() { return current; }

worker::worker(comm::endpoint &ep, platform::stats &counters,
               bool stats_enabled)
    : ep_(ep), topo_(ep.topo()), rank_(ep.rank()),
      stats_enabled_(stats_enabled), stats_(counters),
      // Which victims thieves try: the same every run unless ITO_STEAL_SEED
      // says otherwise (tests run programs under several schedules).
      rng_(static_cast<unsigned>(topo_.rank() * 7919 + 17 +
                                 platform::env_count("ITO_STEAL_SEED", 0) *
                                     1000003)) {
  const std::size_t stack_size = round_up(
      platform::env_size_at_least("ITO_STACK_SIZE", std::size_t(64) << 20,
                                  std::size_t(1) << 20, "1m"),
      1 << 20);
  const std::size_t heap_size = round_up(
      platform::env_size_at_least("ITO_TASK_HEAP_SIZE", std::size_t(256) << 20,
                                  std::size_t(1) << 20, "1m"),
      1 << 20);
  const int64_t slots =
      static_cast<int64_t>(platform::env_count("ITO_DEQUE_SLOTS", 1 << 16));
  if (slots < 16)
    platform::fatal("ITO_DEQUE_SLOTS=%lld is too small; use at least 16",
                    static_cast<long long>(slots));
  // Between nodes, loops split by the processes' parts (loop_affinity.h),
  // unless the program has reducers: a reducer's views combine in the
  // order of the fork, the serial one only if the child is the left half.
  if (ep.multi_node() && platform::env_bool("ITO_LOOP_AFFINITY", true) &&
      !views::in_program()) {
    ito_loop_parts = topo_.n_ranks();
    ito_loop_part = rank_;
  }

  stacks_ = std::make_unique<uni_address_region>(
      platform::job_segment_name(rank_, "stack"), stack_size);
  const block_layout l = layout_for(slots, heap_size);
  block_ =
      platform::shm_segment(platform::job_segment_name(rank_, "block"), l.total,
                            /*create=*/true);
  char *base = static_cast<char *>(block_.base());
  shared_ = new (base) worker_shared;
  shared_->fp_control.store(current_fp_control(), std::memory_order_relaxed);
  shared_->exit_epoch.store(0, std::memory_order_relaxed);
  shared_->homecoming.store(0, std::memory_order_relaxed);
  shared_->ready.lock.store(0, std::memory_order_relaxed);
  shared_->ready.head = shared_->ready.tail = 0;
  dq_ = reinterpret_cast<detail::deque *>(base + l.deque_offset);
  dq_->capacity = slots;
  dq_->lock.store(0);
  dq_->top.store(1);
  dq_->bottom.store(1);
  if (mprotect(base + l.guard_offset, platform::page_size(), PROT_NONE) != 0)
    platform::fatal("cannot protect the deque guard: %s", std::strerror(errno));
  heap_.attach(rank_, base + l.heap_offset, heap_size);

  // Map every other worker of the node.
  MPI_Comm node = topo_.node_comm();
  std::vector<int> node_ranks(static_cast<size_t>(topo_.node_n_ranks()));
  MPI_Allgather(&rank_, 1, MPI_INT, node_ranks.data(), 1, MPI_INT, node);
  MPI_Barrier(node);
  peer_of_rank_.assign(static_cast<size_t>(topo_.n_ranks()), nullptr);
  peers_.reserve(node_ranks.size());
  for (int r : node_ranks) {
    if (r == rank_)
      continue;
    platform::shm_segment blk(platform::job_segment_name(r, "block"), l.total,
                              false);
    platform::shm_segment stk(platform::job_segment_name(r, "stack"),
                              stack_size, false);
    char *b = static_cast<char *>(blk.base());
    peer p;
    p.rank = r;
    p.shared = reinterpret_cast<worker_shared *>(b);
    p.dq = reinterpret_cast<detail::deque *>(b + l.deque_offset);
    p.heap = b + l.heap_offset;
    p.stack = static_cast<const char *>(stk.base());
    peers_.push_back(p);
    peer_blocks_.push_back(std::move(blk));
    peer_stacks_.push_back(std::move(stk));
  }
  for (const peer &p : peers_)
    peer_of_rank_[static_cast<size_t>(p.rank)] = &p;
  MPI_Barrier(node);
  // Everyone has mapped everything: the names are no longer needed, and a
  // crash leaves nothing behind in /dev/shm.
  block_.unlink();
  stacks_->unlink();

  sched_stack_size_ = std::size_t(1) << 20;
  // (The C library's mmap: a program's private mappings go to its heap,
  // api/c_mmap.cpp.)
  static const auto os_mmap =
      platform::next_definition<decltype(&::mmap)>("mmap");
  void *s = os_mmap(nullptr, sched_stack_size_ + platform::page_size(),
                    PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (s == MAP_FAILED)
    platform::fatal("cannot allocate the scheduler stack: %s",
                    std::strerror(errno));
  mprotect(s, platform::page_size(), PROT_NONE);
  sched_stack_ = static_cast<char *>(s);
  sched_stack_top_ = sched_stack_ + sched_stack_size_ + platform::page_size();

  ito_sched_owner_fences = setup_asymmetric_barrier(topo_.world()) ? 0 : 1;

  install_handlers();
  current = this;
  platform::add_fault_explainer(explain_fault);
}

worker::~worker() {
  if (current == this)
    current = nullptr;
  munmap(sched_stack_, sched_stack_size_ + platform::page_size());
}

void worker::release(comm::global_ref ref) {
  if (comm::ref_rank(ref) == rank_)
    heap_.free_local(ref);
  else
    comm::remote_heap::mark_freed(resolve(ref));
}

namespace {
void lock_word(std::atomic<int32_t> &l) {
  int32_t expected = 0;
  while (!l.compare_exchange_weak(expected, 1, std::memory_order_acquire)) {
    expected = 0;
    __builtin_ia32_pause();
  }
}
} // namespace

bool ready_queue::push(comm::global_ref t) {
  lock_word(lock);
  bool ok = tail - head < capacity;
  if (ok)
    items[tail++ % capacity] = t;
  lock.store(0, std::memory_order_release);
  return ok;
}

comm::global_ref ready_queue::take() {
  if (head == tail) // racy peek; the locked check below decides
    return 0;
  lock_word(lock);
  comm::global_ref t = head != tail ? items[head++ % capacity] : 0;
  lock.store(0, std::memory_order_release);
  return t;
}

void worker::make_ready(const comm::global_ref *threads, std::size_t n) {
  for (std::size_t i = 0; i < n; i++)
    if (!shared_->ready.push(threads[i]))
      ready_overflow_.push_back(threads[i]);
}

comm::global_ref worker::take_ready() {
  if (!ready_overflow_.empty()) {
    comm::global_ref t = ready_overflow_.back();
    ready_overflow_.pop_back();
    return t;
  }
  return shared_->ready.take();
}

void worker::barrier_for_thief() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (!ito_sched_owner_fences &&
      membarrier(MEMBARRIER_CMD_GLOBAL_EXPEDITED) != 0)
    platform::fatal("membarrier(2) failed after it was set up: %s; run with "
                    "ITO_ASYMMETRIC_FENCE=0",
                    std::strerror(errno));
}

void worker::lock_deque(detail::deque *d) {
  while (!try_lock_deque(d))
    __builtin_ia32_pause();
}

void worker::start_chain(void *base, comm::global_ref join) {
  end_idle();
  lock_deque(dq_);
  dq_->slots[0].ctx = base;
  dq_->slots[0].join = join;
  dq_->top.store(1, std::memory_order_relaxed);
  dq_->bottom.store(1, std::memory_order_relaxed);
  unlock_deque(dq_);
}

} // namespace ito::threads
