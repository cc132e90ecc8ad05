// One-way requests to another process of this node, for work that must run
// in the process that owns what it acts on (a FILE a task of that process
// opened: memory/program_streams.hpp). Each process has a ring in its
// shared memory; any process of the node appends a message (a msg_header
// and its payload, as over the transport) under the ring's lock, and the
// owner serves messages in the order they were appended: at its polls
// (every few thousand forks), in the idle loop, in the barrier at the end of
// the job, and whenever the owner itself is about to use the resource (so
// what happened before its own use, wherever it happened, is applied
// first). Within a node the order of appends is the order of the program:
// a request appended before a fork is in the ring before anything the
// stolen continuation appends.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ito::comm {

class endpoint;

struct node_mailbox {
  static constexpr std::size_t capacity = 128 * 1024;
  // The largest message; longer ones are the sender's to split.
  static constexpr std::size_t max_message = capacity / 4;
  static constexpr std::size_t reply_capacity = 16 * 1024;

  alignas(64) std::atomic<uint32_t> lock; // senders
  alignas(64) std::atomic<uint64_t> head; // bytes appended
  alignas(64) std::atomic<uint64_t> tail; // bytes served
  alignas(64) char data[capacity];
  // The reply to this process's request that waits for one (one at a
  // time: call_node_peer waits), written by the process that served it.
  alignas(64) uint64_t reply_size;
  char reply[reply_capacity];

  void init();
};

// Appends a message to the mailbox of `rank` (a process of this node, not
// this one); returns its ticket: the message has been served once
// node_mailbox_served(rank) reaches it. Waits, serving this process's own
// mailbox, while the ring is full.
uint64_t post_to_node_peer(endpoint &e, int rank, const void *msg,
                           std::size_t len);
// Waits until the message of this ticket has been served by `rank`,
// serving this process's own mailbox (and other nodes' requests) meanwhile.
void wait_node_peer(endpoint &e, int rank, uint64_t ticket);
// A request with a reply (at most reply_capacity bytes), like
// transport::call.
void call_node_peer(endpoint &e, int rank, const void *msg, std::size_t len,
                    std::vector<char> &reply);

// Serves the messages in this process's mailbox (through serve_request,
// dispatch.hpp; a reply goes to the sender's mailbox). Cheap when empty.
void serve_node_mailbox(endpoint &e);
bool node_mailbox_pending(const endpoint &e);

} // namespace ito::comm
