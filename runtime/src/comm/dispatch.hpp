// Messages between processes, and who serves them. Each layer that talks
// to other processes registers the handler of its own kinds of message at
// start-up (threads/remote_ops.cpp, memory/remote_access.cpp,
// memory/program_streams.cpp); the transport (other nodes) and the node
// mailboxes (this node) pass every arriving message to serve_request,
// which calls its kind's handler. So the layers above receive messages
// while this one knows nothing of what they mean.
#pragma once

#include "comm/global_ref.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ito::comm {

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
  memory,      // global memory (memory/remote_access.hpp)
  stream,      // a FILE of this process (memory/program_streams.hpp)
  count_
};

struct msg_header {
  msg_kind kind;
  uint32_t size; // bytes of payload after the header
  global_ref ref;
  uint64_t arg;
};

// Serves one message of its kind from src; writes the reply, if the kind
// expects one, and returns true.
using handler_fn = bool (*)(int src, const msg_header &h, const char *payload,
                            std::vector<char> &reply);
void set_handler(msg_kind kind, handler_fn fn);

// Serves one message from another process (the transport's and the
// mailboxes' handler). A message of kind stop ends the job here.
bool serve_request(int src, const char *msg, std::size_t len,
                   std::vector<char> &reply);

// A message: the header and its payload (h.size bytes).
std::vector<char> make_message(const msg_header &h,
                               const void *payload = nullptr);

} // namespace ito::comm
