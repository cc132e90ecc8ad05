// Where a child whose parent continuation was stolen meets its parent
// (greedy join, Shiina & Taura, Cluster'22, Fig. 4). Lives in the remote heap
// of the rank that separated the two; both sides reach it by its
// global_ref.
#pragma once

#include "comm/global_ref.hpp"
#include "threads/exception_state.hpp"

#include <atomic>
#include <cstdint>

#include <ito/detail/task_result.hpp>

namespace ito::threads {

struct join_entry {
  // Parties arrived: the child's completion and the parent's suspension
  // each add one; the one that sees 1 arrived last and runs on.
  std::atomic<int64_t> arrived;
  // The suspended parent (an evacuated thread), set before it arrives.
  comm::global_ref waiter;
  // The child's views of reducers (threads/views.hpp), for the parent to
  // reduce into its own.
  uint64_t views;
  alignas(16) unsigned char value[detail::max_delivery_size];
};

// A future (async()): its value, and the threads parked waiting for it.
struct future_entry {
  std::atomic<int32_t> lock;
  int32_t done;
  int32_t consumers_left; // get()s still to come; the last one frees it
  int32_t n_waiters;
  int32_t capacity; // consumers given to async()
  alignas(16) unsigned char value[detail::max_result_size];
  comm::global_ref *waiters() {
    return reinterpret_cast<comm::global_ref *>(this + 1);
  }
};

// A suspended thread, evacuated from the uni-address region: its frames
// [ctx, base) follow this header.
struct evacuated_thread {
  void *ctx;
  void *base;
  comm::global_ref join; // the entry its own completion goes to
  uint64_t size;
  uint64_t views;      // its views of reducers
  uint64_t fp_control; // its floating-point control state (fp_control.hpp)
  exception_state exceptions; // (exception_state.hpp)
  unsigned char *frames() {
    return reinterpret_cast<unsigned char *>(this + 1);
  }
};

} // namespace ito::threads
