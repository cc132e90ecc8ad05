// The uni-address region: the virtual range, at the same address in every
// process, where running threads keep their stacks (Shiina & Taura, Cluster'22,
// Sec. II-D). Each rank backs it with its own shared memory, which the other
// ranks of the node map elsewhere to copy stolen frames out of it.
#pragma once

#include "platform/shm.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace ito::threads {

class uni_address_region {
public:
  // Reserves and maps the region; size from ITO_STACK_SIZE.
  uni_address_region(const std::string &shm_name, std::size_t size);

  char *base() const { return base_; }        // lowest address (guard)
  char *top() const { return base_ + size_; } // stacks grow down from here
  std::size_t size() const { return size_; }
  bool contains(const void *p) const { return p >= base_ && p < base_ + size_; }
  bool in_guard(const void *p) const {
    return p >= base_ && p < base_ + guard_size_;
  }
  // Drops the shared memory name once every peer has mapped it.
  void unlink() { backing_.unlink(); }
  // fork() from a task, run from another stack. Before the fork,
  // snapshot() copies the live part [live_from, top()) into private memory
  // (the parent goes on using the shared region as soon as fork returns);
  // in the child, make_private() makes the region the child's own memory
  // holding that copy; in the parent, drop() frees the copy.
  struct snapshot_copy {
    const char *from = nullptr;
    char *copy = nullptr;
    std::size_t size = 0;
  };
  snapshot_copy snapshot(const char *live_from) const;
  void make_private(const snapshot_copy &s) const;
  static void drop(const snapshot_copy &s);
  // The start address every rank uses.
  static char *fixed_address();

private:
  char *base_;
  std::size_t size_;
  std::size_t guard_size_;
  platform::shm_segment backing_;
};

} // namespace ito::threads
