// Memory for objects that other processes read and free: join entries and
// evacuated (suspended) threads.
//
// Each rank owns a heap in shared memory that the other ranks of its node
// map. Only the owner allocates. An object freed by its owner goes straight
// back to a free list; an object freed by another rank only gets its
// "freed" mark set (one store, no lock), and the owner collects marked
// objects when a free list runs dry (local collection, Shiina & Taura,
// Cluster'22, Sec. III-B).
#pragma once

#include "comm/global_ref.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ito::comm {

class remote_heap {
public:
  struct header {
    std::atomic<uint32_t> freed; // set by a remote free
    uint32_t size_class;
    uint64_t pad;
  };
  static constexpr std::size_t header_size = sizeof(header);

  // base: this rank's heap (size bytes), already mapped.
  void attach(int my_rank, void *base, std::size_t size);

  // What the heap holds and which variable sizes it, for the message when
  // it is full (by default: runtime objects, ITO_TASK_HEAP_SIZE).
  void describe(const char *what, const char *size_variable) {
    what_ = what;
    size_variable_ = size_variable;
  }

  // Allocates size usable bytes; fatal error when the heap is full.
  global_ref allocate(std::size_t size);
  // Frees an object this rank owns.
  void free_local(global_ref ref);
  // Marks an object of another rank on this node as free (the owner
  // collects it); the caller passes its view of the object.
  static void mark_freed(void *object);

  // The object in this rank's own heap.
  void *local(global_ref ref) const { return base_ + ref_offset(ref); }
  int rank() const { return rank_; }
  std::size_t bytes_in_use() const { return in_use_; }

private:
  static constexpr int n_classes = 40;
  static unsigned class_of(std::size_t size);
  void collect();

  const char *what_ = "runtime memory for suspended tasks and join entries";
  const char *size_variable_ = "ITO_TASK_HEAP_SIZE";
  int rank_ = 0;
  char *base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t bump_ = 0;
  std::size_t in_use_ = 0;
  std::size_t since_collect_ = 0; // allocations since the last collect()
  std::vector<uint64_t> free_[n_classes];
  // Objects lent to other ranks: candidates for collection.
  std::vector<uint64_t> outstanding_;
};

} // namespace ito::comm
