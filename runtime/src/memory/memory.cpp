#include "memory/memory.hpp"
#include "memory/coherence.hpp"

#include "memory/program_streams.hpp"
#include "memory/remote_access.hpp"
#include "platform/crash_report.hpp"
#include "platform/environment.hpp"
#include "platform/error.hpp"
#include "platform/options.hpp"
#include "platform/process_exit.hpp"
#include "platform/shm.hpp"
#include "platform/stats.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ito::memory {

namespace {

memory_system *current = nullptr;

bool power_of_two(std::size_t n) { return n && !(n & (n - 1)); }

cache_policy read_policy() {
  const char *v = platform::env_value("ITO_CACHE_POLICY");
  if (!v || !*v)
    return cache_policy::write_back_lazy;
  for (cache_policy p :
       {cache_policy::nocache, cache_policy::write_through,
        cache_policy::write_back, cache_policy::write_back_lazy})
    if (std::strcmp(v, policy_name(p)) == 0)
      return p;
  platform::fatal("ITO_CACHE_POLICY=%s is not a cache policy; use nocache, "
                  "write-through, write-back or write-back-lazy",
                  v);
}

} // namespace

const char *policy_name(cache_policy p) {
  switch (p) {
  case cache_policy::nocache:
    return "nocache";
  case cache_policy::write_through:
    return "write-through";
  case cache_policy::write_back:
    return "write-back";
  case cache_policy::write_back_lazy:
    break;
  }
  return "write-back-lazy";
}

memory_options read_memory_options() {
  memory_options o;
  o.block_size = platform::env_size("ITO_BLOCK_SIZE", std::size_t(64) << 10);
  o.sub_block_size =
      platform::env_size("ITO_SUB_BLOCK_SIZE", std::size_t(4) << 10);
  o.cache_size = platform::env_size("ITO_CACHE_SIZE", std::size_t(128) << 20);
  o.heap_size = platform::env_size_at_least(
      "ITO_GLOBAL_HEAP_SIZE", std::size_t(1) << 30, std::size_t(1) << 20, "1m");
  o.collective_size = platform::env_size_at_least("ITO_COLLECTIVE_HEAP_SIZE",
                                                  std::size_t(1) << 30,
                                                  std::size_t(1) << 20, "1m");
  o.program_heap_size =
      platform::env_size("ITO_HEAP_SIZE", std::size_t(16) << 30);
  o.fault_ahead = platform::env_size("ITO_FAULT_AHEAD", std::size_t(1) << 20);
  o.range_fetches = platform::env_bool("ITO_RANGE_FETCHES", true);
  o.distribute_size =
      platform::env_size("ITO_DISTRIBUTE_SIZE", std::size_t(4) << 20);
  o.policy = read_policy();
#ifdef NDEBUG
  o.check_access = platform::env_bool("ITO_CHECK_ACCESS", false);
#else
  o.check_access = platform::env_bool("ITO_CHECK_ACCESS", true);
#endif
  if (!power_of_two(o.block_size) || o.block_size < platform::page_size())
    platform::fatal("ITO_BLOCK_SIZE=%zu is not a power of two of at least "
                    "the page size (%zu)",
                    o.block_size, platform::page_size());
  if (!power_of_two(o.sub_block_size) || o.sub_block_size > o.block_size)
    platform::fatal("ITO_SUB_BLOCK_SIZE=%zu is not a power of two no larger "
                    "than ITO_BLOCK_SIZE (%zu)",
                    o.sub_block_size, o.block_size);
  auto round = [&](std::size_t n) {
    return (n + o.block_size - 1) / o.block_size * o.block_size;
  };
  o.heap_size = round(o.heap_size);
  o.collective_size = round(o.collective_size);
  o.program_heap_size = round(o.program_heap_size);
  if (o.program_heap_size < (std::size_t(1) << 20))
    platform::fatal("ITO_HEAP_SIZE=%zu is too small for the program's heap; "
                    "give it at least 1m",
                    o.program_heap_size);
  return o;
}

namespace {
bool explain_fault(const platform::fault &f, char *buf, std::size_t size);
} // namespace

memory_system::memory_system(comm::endpoint &ep, platform::stats &counters,
                             const memory_options &o)
    : opts_(o), topo_(ep.topo()), ep_(ep), stats_(counters),
      one_node_(topo_.n_nodes() == 1) {
  const platform::topology &topo = topo_;
  view_ = std::make_unique<global_view>(o.block_size,
                                        o.heap_size + o.program_heap_size,
                                        o.heap_size, topo.n_ranks());
  homes_ = std::make_unique<home_segments>(topo, *view_, o.collective_size,
                                           o.check_access);
  home_in_place_ = one_node_ && !o.check_access;
  coll_ = std::make_unique<collective_table>(topo, *view_, *homes_);
  cache_ = std::make_unique<cache>(*view_, o.cache_size);
  heap_base_ = view_->slice_of(topo.rank()) + home_segments::heap_header;
  // The heap's headers are the runtime's: it keeps them through the alias.
  heap_.attach(topo.rank(),
               homes_->own(segment::heap) + home_segments::heap_header,
               o.heap_size - home_segments::heap_header);
  heap_.describe("global memory (the noncollective heap of this process)",
                 "ITO_GLOBAL_HEAP_SIZE");
  prog_.attach(view_->slice_of(topo.rank()) + o.heap_size, o.program_heap_size,
               homes_->program_heap_of(topo.rank()));
  coh_ = homes_->own_coherence();
  if (ep.multi_node())
    coll_->set_transport(&ep.net());
  install_memory_handler();
  program_streams::install(topo.rank(), topo.n_ranks(), topo.world());
  install_fault_access();
  allocate_distributed_setup();
  platform::set_exit_fences(fence_release, fence_acquire);
  current = this;
  platform::add_fault_explainer(explain_fault);
}

memory_system::~memory_system() {
  if (current == this)
    current = nullptr;
}

memory_system *the_memory_or_null() { return current; }

memory_system &the_memory(const char *api_function) {
  if (!current)
    platform::fatal("%s called outside ito_init()/ito_fini(); start the "
                    "runtime first",
                    api_function);
  return *current;
}

namespace {

// A protection fault in the global view is a use of global memory outside
// a checkout (or of memory that was never allocated or is freed): a message
// naming the address and the allocation, from what this process knows (no
// communication: this runs in a signal handler).
bool explain_fault(const platform::fault &f, char *buf, std::size_t size) {
  memory_system *m = current;
  if (!m)
    return false;
  const void *addr = f.addr;
  const bool bus_error = f.bus_error;
  const global_view &v = m->view();
  if (bus_error && v.in_view(addr)) {
    std::snprintf(buf, size,
                  "bus error at global address %p: the shared memory behind "
                  "global memory could not be backed: is /dev/shm full? It "
                  "holds the program's heap and global memory of every "
                  "process of this machine ('df -h /dev/shm' shows its size): "
                  "give it more room (e.g. mount -o remount,size=16g "
                  "/dev/shm) or run fewer processes per machine",
                  addr);
    return true;
  }
  const void *held = nullptr;
  std::size_t held_size = 0;
  if (m->read_only_checkout_at(addr, &held, &held_size)) {
    std::snprintf(buf, size,
                  "write to global memory at %p, which this task checked out "
                  "for reading only (checkout(%p, %zu, read)); the write "
                  "would never reach its home: check it out in write or "
                  "read_write mode",
                  addr, held, held_size);
    return true;
  }
  if (v.in_collective(addr)) {
    const coll_desc *d = m->collectives().find_known(addr);
    if (d && d->of_program)
      std::snprintf(buf, size,
                    "access to heap data at %p (a large array spread over "
                    "the processes), whose home is process %d on another "
                    "node, from outside the program's tasks (another "
                    "thread, or after the runtime ended), where it is not "
                    "fetched",
                    addr, d->home_of(addr).rank);
    else if (d)
      std::snprintf(buf, size,
                    "access to global memory at %p outside a checkout: it is "
                    "byte %llu of the collective allocation at %p (%llu "
                    "bytes, home process %d); check it out (ito_checkout) "
                    "before touching it, and do not touch it after checkin",
                    addr,
                    static_cast<unsigned long long>(
                        reinterpret_cast<uintptr_t>(addr) - d->base),
                    reinterpret_cast<void *>(d->base),
                    static_cast<unsigned long long>(d->size),
                    d->home_of(addr).rank);
    else
      std::snprintf(buf, size,
                    "access to global memory at %p outside a checkout: it "
                    "is in no collective allocation this process knows "
                    "(freed, or never allocated)",
                    addr);
    return true;
  }
  // Data fetched on a fault (fault_access.cpp), touched where no fault is
  // served.
  const bool globals = m->globals().contains(addr);
  if (globals || v.in_program_heap(addr)) {
    std::snprintf(buf, size,
                  "access to %s at %p, whose home is process %d on another "
                  "node, from outside the program's tasks (another thread, "
                  "or after the runtime ended), where it is not fetched",
                  globals ? "the program's file-scope data" : "heap data", addr,
                  globals ? 0 : v.noncollective_owner(addr));
    return true;
  }
  if (v.in_noncollective(addr)) {
    std::snprintf(buf, size,
                  "access to global memory at %p outside a checkout: it is "
                  "in the noncollective heap of process %d (ito_malloc); "
                  "check it out (ito_checkout) before touching it, and do "
                  "not touch it after checkin",
                  addr, v.noncollective_owner(addr));
    return true;
  }
  if (v.in_view(addr)) {
    std::snprintf(buf, size,
                  "access at %p, inside the global address space but in no "
                  "heap: a stray or uninitialized global pointer",
                  addr);
    return true;
  }
  return false;
}

} // namespace

void *memory_system::allocate(std::size_t size) {
  comm::global_ref ref = heap_.allocate(size ? size : 1);
  return heap_base_ + comm::ref_offset(ref);
}

void memory_system::deallocate(void *p, std::size_t size) {
  if (!p)
    return;
  if (!view_->in_noncollective(p))
    platform::fatal("ito_free(%p): not an address that ito_malloc returned%s",
                    p,
                    view_->in_collective(p)
                        ? " (it is collective memory: use ito_free_collective)"
                        : "");
  const int owner = view_->noncollective_owner(p);
  const auto in_slice =
      static_cast<uint64_t>(static_cast<char *>(p) - view_->slice_of(owner));
  // Our cached copy of the object dies with it: its dirty bytes must not be
  // written over whatever reuses the memory.
  cache_->forget_range(reinterpret_cast<uintptr_t>(p),
                       reinterpret_cast<uintptr_t>(p) + size);
  if (in_slice >= view_->program_offset())
    platform::fatal("ito_free(%p): memory from malloc or new, not from "
                    "ito_malloc; free it with free (or delete)",
                    p);
  if (owner == topo_.rank())
    heap_.free_local(
        comm::make_ref(owner, in_slice - home_segments::heap_header));
  else if (homes_->on_node(owner))
    comm::remote_heap::mark_freed(homes_->direct(
        home_loc{owner, segment::heap, in_slice}, static_cast<char *>(p)));
  else
    post_free(ep_.net(), owner, in_slice);
}

void memory_system::free_here(uint64_t in_slice) {
  char *slice = view_->slice_of(topo_.rank());
  if (in_slice >= view_->program_offset()) {
    if (!prog_.free_own(slice + in_slice))
      platform::fatal("free(%p) from another node: not a block of the "
                      "heap of this process (freed twice, or not from "
                      "malloc)",
                      slice + in_slice);
    return;
  }
  heap_.free_local(
      comm::make_ref(topo_.rank(), in_slice - home_segments::heap_header));
}

void *memory_system::allocate_collective(std::size_t size, distribution d,
                                         std::size_t block) {
  if (in_tasks_)
    return coll_->allocate_from_task(size, d, block);
  return coll_->allocate_spmd(size, d, block);
}

void memory_system::free_collective(void *p) {
  if (!p)
    return;
  if (!view_->in_collective(p))
    platform::fatal("ito_free_collective(%p): not an address that "
                    "ito_malloc_collective returned",
                    p);
  const coll_desc &d = coll_->find(p);
  cache_->forget_range(d.base, d.base + d.size);
  if (in_tasks_)
    coll_->free_from_task(p);
  else
    coll_->free_spmd(p);
}

} // namespace ito::memory
