#include "memory/home.hpp"

#include "platform/error.hpp"
#include "platform/job.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace ito::memory {

namespace {

int open_segment(const std::string &name, std::size_t size, bool create,
                 const char *variable) {
  int fd =
      shm_open(name.c_str(), create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR, 0600);
  if (fd < 0)
    platform::fatal("cannot %s shared memory %s for global memory: %s",
                    create ? "create" : "open", name.c_str(),
                    std::strerror(errno));
  if (create && ftruncate(fd, static_cast<off_t>(size)) != 0)
    platform::fatal("cannot size shared memory %s to %zu MiB: %s (is "
                    "/dev/shm large enough? see %s)",
                    name.c_str(), size >> 20, std::strerror(errno), variable);
  return fd;
}

char *map_alias(int fd, std::size_t size) {
  void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_NORESERVE, fd, 0);
  if (p == MAP_FAILED)
    platform::fatal("cannot map home memory a second time for "
                    "ITO_CHECK_ACCESS (%zu MiB): %s",
                    size >> 20, std::strerror(errno));
  return static_cast<char *>(p);
}

} // namespace

int home_segments::view_protection() const {
  return guard_ ? PROT_NONE : PROT_READ | PROT_WRITE;
}

home_segments::home_segments(const platform::topology &topo, global_view &view,
                             std::size_t collective_size, bool guard)
    : view_(view), rank_(topo.rank()), guard_(guard), heap_size_(view.slice()),
      collective_size_(collective_size),
      fds_(static_cast<std::size_t>(topo.n_ranks())),
      aliases_(guard ? static_cast<std::size_t>(topo.n_ranks()) : 0) {
  const std::string heap_name = segment_name(rank_, "gheap");
  const std::string coll_name = segment_name(rank_, "gcoll");
  const std::size_t heap_size = heap_size_;
  const std::size_t guarded_end = view.program_offset();
  fds own{open_segment(heap_name, heap_size, true, "ITO_HEAP_SIZE"),
          open_segment(coll_name, collective_size, true,
                       "ITO_COLLECTIVE_HEAP_SIZE")};
  void *c = mmap(nullptr, collective_size, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_NORESERVE, own.collective, 0);
  if (c == MAP_FAILED)
    platform::fatal("cannot map the collective home segment (%zu MiB): %s; "
                    "lower ITO_COLLECTIVE_HEAP_SIZE",
                    collective_size >> 20, std::strerror(errno));
  collective_ = static_cast<char *>(c);
  heap_ = view.slice_of(rank_);
  fds_[static_cast<std::size_t>(rank_)] = own;

  MPI_Comm node = topo.node_comm();
  std::vector<int> node_ranks(static_cast<std::size_t>(topo.node_n_ranks()));
  MPI_Allgather(&rank_, 1, MPI_INT, node_ranks.data(), 1, MPI_INT, node);
  MPI_Barrier(node);
  if (guard)
    view.reserve_mappings(2 * node_ranks.size(),
                          "ITO_CHECK_ACCESS (a second mapping of home memory)",
                          "run without ITO_CHECK_ACCESS");
  for (int r : node_ranks) {
    fds &f = fds_[static_cast<std::size_t>(r)];
    if (r != rank_) {
      f.heap = open_segment(segment_name(r, "gheap"), heap_size, false,
                            "ITO_HEAP_SIZE");
      f.collective = open_segment(segment_name(r, "gcoll"), collective_size,
                                  false, "ITO_COLLECTIVE_HEAP_SIZE");
    }
    // The header (coherence state) is the runtime's and stays accessible.
    char *slice = view.slice_of(r);
    view.map(slice, heap_header, f.heap, 0,
             "the noncollective heaps of this node");
    view.map(slice + heap_header, guarded_end - heap_header, f.heap,
             heap_header, "the noncollective heaps of this node", true,
             view_protection());
    if (guarded_end < heap_size)
      view.map(slice + guarded_end, heap_size - guarded_end, f.heap,
               guarded_end, "the program heaps of this node");
    if (guard) {
      aliases &a = aliases_[static_cast<std::size_t>(r)];
      a.heap = map_alias(f.heap, heap_size);
      a.collective =
          r == rank_ ? collective_ : map_alias(f.collective, collective_size);
    }
    close(f.heap);
    f.heap = -1;
  }
  if (guard)
    heap_ = aliases_[static_cast<std::size_t>(rank_)].heap;
  MPI_Barrier(node);
  shm_unlink(heap_name.c_str());
  shm_unlink(coll_name.c_str());
  coherence_shared *cs = own_coherence();
  cs->current_epoch.store(0, std::memory_order_relaxed);
  cs->request_epoch.store(0, std::memory_order_relaxed);
  cs->dirty.store(0, std::memory_order_relaxed);
  MPI_Barrier(topo.world());
}

std::string home_segments::segment_name(int rank, const char *what) const {
  return platform::job_segment_name(rank, what);
}

home_segments::~home_segments() {
  for (std::size_t r = 0; r < aliases_.size(); r++) {
    const aliases &a = aliases_[r];
    if (a.heap)
      munmap(a.heap, heap_size_);
    if (a.collective && a.collective != collective_)
      munmap(a.collective, collective_size_);
  }
  munmap(collective_, collective_size_);
  for (fds &f : fds_)
    if (f.collective >= 0)
      close(f.collective);
}

} // namespace ito::memory
