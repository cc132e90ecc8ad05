// Home memory: the part of global memory each process owns, in two POSIX
// shared memory segments per rank (its noncollective heap and its share of
// collective allocations). Every rank of a node maps its peers' segments
// straight into the global view, so home data on the node is read and
// written in place, never cached.
#pragma once

#include "memory/global_view.hpp"
#include "memory/program_heap.hpp"
#include "platform/topology.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ito::memory {

// globals: the program's file-scope data, whose home is rank 0.
enum class segment : uint32_t { heap = 0, collective = 1, globals = 2 };

// Where a global byte lives: its home rank, segment and offset there.
struct home_loc {
  int rank;
  segment seg;
  uint64_t offset;
};

// Coherence state of one rank that others read and thieves write (paper
// 000 Fig. 6): the first bytes of the rank's heap segment.
struct coherence_shared {
  alignas(64) std::atomic<uint64_t> current_epoch;
  alignas(64) std::atomic<uint64_t> request_epoch;
  alignas(64) std::atomic<uint32_t> dirty;
};

class home_segments {
public:
  // The heap segment starts with this header; the heap itself follows.
  static constexpr std::size_t heap_header = 4096;
  // Where in the header the program heap's shared state is.
  static constexpr std::size_t program_heap_state = 2048;

  // Collective over all ranks: creates this rank's segments, maps the heaps
  // of the node's ranks at their slices of the view, and keeps the
  // collective segments of the node's ranks open for mapping on demand.
  // guard (ITO_CHECK_ACCESS): home data in the view is mapped with no
  // access, opened only by checkouts; the runtime reaches it through an
  // alias, a second mapping of each segment of the node outside the view.
  // The program's heap (the end of each slice) is never guarded: the
  // program reaches it without checkouts.
  home_segments(const platform::topology &topo, global_view &view,
                std::size_t collective_size, bool guard);
  ~home_segments();
  home_segments(const home_segments &) = delete;
  home_segments &operator=(const home_segments &) = delete;

  bool on_node(int rank) const {
    return fds_[static_cast<std::size_t>(rank)].collective >= 0;
  }
  // This rank's segment, as the runtime addresses it (to serve fetches and
  // write-backs from other nodes, and for the heap's own bookkeeping).
  char *own(segment s) const {
    return s == segment::heap         ? heap_
           : s == segment::collective ? collective_
                                      : globals_;
  }
  // Rank 0: its second mapping of the program's globals (to serve them).
  void set_globals(char *alias, std::size_t size) {
    globals_ = alias;
    globals_size_ = size;
  }
  // The name of a segment of rank's for this job.
  std::string segment_name(int rank, const char *what) const;
  bool guarded() const { return guard_; }
  // How home data is mapped into the view.
  int view_protection() const;
  // Where the runtime reads and writes home byte h of a rank on this node,
  // whose global address is at: at itself, or its alias when guarded.
  char *direct(const home_loc &h, char *at) const {
    if (!guard_)
      return at;
    const aliases &a = aliases_[static_cast<std::size_t>(h.rank)];
    return (h.seg == segment::heap ? a.heap : a.collective) + h.offset;
  }
  std::size_t size(segment s) const {
    return s == segment::heap         ? heap_size_
           : s == segment::collective ? collective_size_
                                      : globals_size_;
  }
  int collective_fd(int rank) const {
    return fds_[static_cast<std::size_t>(rank)].collective;
  }
  // The coherence state of a rank on this node.
  coherence_shared *coherence_of(int rank) const {
    return reinterpret_cast<coherence_shared *>(view_.slice_of(rank));
  }
  // The state of the program's heap of a rank on this node that its peers
  // write (frees of its blocks).
  program_heap::shared_state *program_heap_of(int rank) const {
    return reinterpret_cast<program_heap::shared_state *>(view_.slice_of(rank) +
                                                          program_heap_state);
  }
  coherence_shared *own_coherence() const { return coherence_of(rank_); }

private:
  struct fds {
    int heap = -1, collective = -1;
  };
  struct aliases {
    char *heap = nullptr, *collective = nullptr;
  };
  global_view &view_;
  int rank_;
  bool guard_;
  std::size_t heap_size_, collective_size_;
  char *heap_ = nullptr, *collective_ = nullptr, *globals_ = nullptr;
  std::size_t globals_size_ = 0;
  std::vector<fds> fds_;
  std::vector<aliases> aliases_; // when guarded, for the node's ranks
};

} // namespace ito::memory
