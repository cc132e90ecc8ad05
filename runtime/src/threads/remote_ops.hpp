// Operations on join entries and evacuated threads wherever they live: on
// this node through shared memory (CPU atomics), elsewhere as a request
// served by the object's home rank (transport.hpp).
#pragma once

#include "threads/global_ref.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ito::threads {

class worker;

enum class msg_kind : uint32_t {
  steal,       // -> steal_reply + frames
  join_read,   // -> arrived, value
  join_child,  // + value -> previous arrivals, waiter
  join_parent, // + waiter -> previous arrivals
  evac_fetch,  // -> evacuated_thread + frames; frees it
  future_take, // + park, size -> taken?, value
  future_done, // + value -> waiters
  release,     // one-way: free a runtime object
  exit,        // one-way: the root task of region `arg` is done
  home,        // one-way: the root thread, evacuated, goes to rank 0
  stop,        // one-way: the job ends as `arg` says (platform/process_exit)
  memory,      // global memory (memory/remote_access.hpp), by its own handler
  stream,      // a FILE of this process (memory/program_streams.hpp), same
};

struct msg_header {
  msg_kind kind;
  uint32_t size; // bytes of payload after the header
  global_ref ref;
  uint64_t arg;
};

// True if the child has arrived; then its value (size bytes) is in out.
// The child's views of reducers go to *views.
bool join_read(worker &w, global_ref join, void *out, std::size_t size,
               uint64_t *views);
// The child arrives with its value; returns the arrivals before it and,
// if the parent is parked, the parked thread.
int64_t join_arrive_child(worker &w, global_ref join, const void *value,
                          std::size_t size, uint64_t views, global_ref &waiter);
// The parent parks as `waiter`; returns the arrivals before it.
int64_t join_arrive_parent(worker &w, global_ref join, global_ref waiter);
// Copies an evacuated thread's frames back to their addresses (here) and
// frees it; returns its context, stack base and completion entry.
void fetch_evacuated(worker &w, global_ref thread, void *&ctx, void *&base,
                     global_ref &join, uint64_t &views, uint64_t &fp_control);
// Takes a future's value into out if it is there (and counts one consumer);
// otherwise, if park is a parked thread, adds it to the waiters.
bool future_take(worker &w, global_ref f, void *out, std::size_t size,
                 global_ref park);
// Publishes a future's value; returns the threads that waited for it.
void future_complete(worker &w, global_ref f, const void *value,
                     std::size_t size, std::vector<global_ref> &waiters);
// The same, for a future whose home is on this node (future.cpp).
bool future_take_local(worker &w, global_ref f, void *out, std::size_t size,
                       global_ref park);
void future_complete_local(worker &w, global_ref f, const void *value,
                           std::size_t size, std::vector<global_ref> &waiters);

// Frees a runtime object wherever its home is.
void release(worker &w, global_ref ref);

// Serves the requests of kind memory: fetches, writes, frees, epochs and
// collective allocations; set by the memory system when it starts.
using memory_handler_fn = bool (*)(int src, const msg_header &h,
                                   const char *payload,
                                   std::vector<char> &reply);
void set_memory_handler(memory_handler_fn fn);
// Serves the requests of kind stream, from other nodes (with a reply) and
// from this node's mailbox (node_mailbox.hpp; reply ignored).
void set_stream_handler(memory_handler_fn fn);

// Serves one request from another node (the transport's handler).
bool serve_request(int src, const char *msg, std::size_t len,
                   std::vector<char> &reply);

} // namespace ito::threads
